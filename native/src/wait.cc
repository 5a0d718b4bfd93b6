// waitPid and reapKilled: waitpid on one specific PID, never -1 (which would reap libuv's
// children and so lose their 'exit' events), reported as one number (EncodeStatus).
#include <sys/wait.h>

#include <cerrno>

#include "addon.h"
#include "errors.h"

namespace quirl {

namespace {

// A status as one number, which N-API makes far more cheaply than an object with named
// properties: the kind in the low two bits (0 exited, 1 signaled, 2 stopped, 3 continued), the
// exit code or signal in the next eight, and bit 10 set for a dumped core. native/index.ts
// decodes it into a WaitStatus.
Napi::Number EncodeStatus(Napi::Env env, int status) {
  int encoded;
  if (WIFEXITED(status)) {
    encoded = 0 | WEXITSTATUS(status) << 2;
  } else if (WIFSIGNALED(status)) {
    encoded = 1 | WTERMSIG(status) << 2;
#ifdef WCOREDUMP
    if (WCOREDUMP(status)) encoded |= 1 << 10;
#endif
  } else if (WIFSTOPPED(status)) {
    encoded = 2 | WSTOPSIG(status) << 2;
  } else {
    encoded = 3;
  }
  return Napi::Number::New(env, encoded);
}

// waitpid retrying EINTR. Returns its result: the pid, 0 (WNOHANG, nothing to report), or -1.
pid_t WaitOne(pid_t pid, int* status, int options) {
  pid_t result;
  do result = waitpid(pid, status, options);
  while (result < 0 && errno == EINTR);
  return result;
}

Napi::Value WaitPid(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  pid_t pid = info[0].As<Napi::Number>().Int32Value();
  int status = 0;
  pid_t result = WaitOne(pid, &status, WNOHANG | WUNTRACED | WCONTINUED);
  if (result < 0) throw ErrnoError(env, errno, "waitpid");
  if (result == 0) return env.Null();
  return EncodeStatus(env, status);
}

// Blocks the JS thread, which is why it is only for a PID already sent SIGKILL: the wait is then
// bounded by the kernel tearing the process down.
Napi::Value ReapKilled(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  pid_t pid = info[0].As<Napi::Number>().Int32Value();
  int status = 0;
  pid_t result = WaitOne(pid, &status, 0);
  if (result < 0) throw ErrnoError(env, errno, "waitpid");
  return EncodeStatus(env, status);
}

}  // namespace

void RegisterWait(Napi::Env env, Napi::Object exports) {
  exports.Set("waitPid", Napi::Function::New(env, WaitPid, "waitPid"));
  exports.Set("reapKilled", Napi::Function::New(env, ReapKilled, "reapKilled"));
}

}  // namespace quirl
