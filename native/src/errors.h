// Errors of the addon, shaped like Node's own system errors: { code, errno, syscall, path? }.
#pragma once

#include <napi.h>

namespace quirl {

// The errno name ('ENOENT'), or 'UNKNOWN' (as libuv says) for a number this platform lacks.
const char* ErrnoName(int error);

// An Error with message "CODE: description, syscall 'path'", as Node formats them.
// `path` may be null. `error` is a positive errno value.
Napi::Error ErrnoError(Napi::Env env, int error, const char* syscall, const char* path = nullptr);

}  // namespace quirl
