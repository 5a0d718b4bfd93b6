// posix_spawn as both spawn() and spawnStaged() use it.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <napi.h>

#include "errors.h"
#include <optional>
#include <string>
#include <vector>

namespace quirl {

struct ChildLimit {
  int resource;  // RLIMIT_*
  struct rlimit value;
};

// One process to start: what SpawnOptions in native.d.ts describes.
struct ProcessSpec {
  std::string file;  // absolute path, never searched on PATH
  std::vector<std::string> argv;
  std::vector<std::string> env;
  std::optional<std::string> cwd;
  // The group to join; 0 makes the child lead a new one; none leaves it in the parent's group.
  std::optional<pid_t> pgid = 0;
  std::vector<int> fds;  // fds[i] becomes the child's descriptor i; -1 leaves it closed
  // SIGINT and SIGQUIT ignored in the guest (an asynchronous command without job control).
  bool ignore_interrupts = false;
  // What the child gets of the spawning shell context's state, not of this process's: its file
  // creation mask (none: this process's), resource limits, and the signals it starts ignoring.
  std::optional<mode_t> umask;
  std::vector<ChildLimit> limits;
  std::vector<int> ignored_signals;
};

// Reads the SpawnOptions fields (file, argv, env, cwd, group, fds, ignoreInterrupts, umask,
// limits, ignoredSignals) of a JS object, file, argv and cwd as Buffers (bytes.h), env as one
// Buffer of NUL-terminated entries; without a group, the child leads a new one unless the
// caller sets pgid.
ProcessSpec ReadSpawnOptions(const Napi::Object& options);

// Starts spec.file in its group (ignore_interrupts is not looked at) with every signal at its
// default but spec.ignored_signals, spec's umask and limits, an empty signal mask, and exactly
// the descriptors spec.fds names. Throws a SystemError naming the failed step (setpgid,
// dup2, chdir, or execve with path = file) when the child could not exec. Returns the PID.
// Touches nothing of Node's, so a background thread may call it.
pid_t StartProcess(const ProcessSpec& spec);

// StartProcess on the JS thread: the failure is thrown as a NativeError.
pid_t SpawnProcess(Napi::Env env, const ProcessSpec& spec);

}  // namespace quirl
