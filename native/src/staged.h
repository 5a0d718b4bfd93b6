// The prepared staged leader: started by preparing.cc (on a background thread), released by
// staged.cc.
#pragma once

#include <sys/types.h>

#include <napi.h>

#include "fds.h"
#include "spawn.h"

namespace quirl {

// A quirl-stage helper started with no guest yet, leading its own new group.
struct PreparedHelper {
  pid_t pid;
  UniqueFd release;  // the parent's end of the release channel
  UniqueFd status;   // the parent's end of the exec-status channel
};

// Starts a prepared helper. Throws a SystemError; touches nothing of Node's.
PreparedHelper StartPreparedHelper();

// spawn() with ignoreInterrupts: the guest starts through the helper, which sets SIGINT and
// SIGQUIT to SIG_IGN (posix_spawn can only keep what the parent ignores) and execs at once. Waits
// for that exec like releaseStaged and reaps the helper when it fails. Returns the guest's PID.
pid_t SpawnIgnoringInterrupts(Napi::Env env, const ProcessSpec& guest);

// The StagedChild object (native.d.ts) that owns the helper's channels from now on.
Napi::Object PreparedChildObject(Napi::Env env, PreparedHelper helper);

}  // namespace quirl
