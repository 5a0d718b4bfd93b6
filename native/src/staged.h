// The prepared staged leader: started by preparing.cc (on a background thread), released by
// staged.cc.
#pragma once

#include <sys/types.h>

#include <napi.h>

#include "fds.h"

namespace quirl {

// A quirl-stage helper started with no guest yet, leading its own new group.
struct PreparedHelper {
  pid_t pid;
  UniqueFd release;  // the parent's end of the release channel
  UniqueFd status;   // the parent's end of the exec-status channel
};

// Starts a prepared helper. Throws a SystemError; touches nothing of Node's.
PreparedHelper StartPreparedHelper();

// The StagedChild object (native.d.ts) that owns the helper's channels from now on.
Napi::Object PreparedChildObject(Napi::Env env, PreparedHelper helper);

}  // namespace quirl
