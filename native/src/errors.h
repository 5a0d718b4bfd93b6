// Errors of the addon, shaped like Node's own system errors: { code, errno, syscall, path? }.
#pragma once

#include <napi.h>

#include <string>

namespace quirl {

// A failed system call where no Napi::Env may be touched (a background thread, or code shared
// with one): thrown as a C++ exception and turned into an ErrnoError on the JS thread.
struct SystemError {
  int error;            // positive errno value
  const char* syscall;  // a string literal
  std::string path;     // empty for none
};

// The errno name ('ENOENT'), or 'UNKNOWN' (as libuv says) for a number this platform lacks.
const char* ErrnoName(int error);

// An Error with message "CODE: description, syscall 'path'", as Node formats them.
// `path` may be null. `error` is a positive errno value.
Napi::Error ErrnoError(Napi::Env env, int error, const char* syscall, const char* path = nullptr);
Napi::Error ErrnoError(Napi::Env env, const SystemError& failure);

}  // namespace quirl
