// waitPid and reapKilled: waitpid on one specific PID, never -1 (which would reap libuv's
// children and so lose their 'exit' events), decoded into a WaitStatus object.
#include <sys/wait.h>

#include <cerrno>

#include "addon.h"
#include "errors.h"

namespace quirl {

namespace {

Napi::Object DecodeStatus(Napi::Env env, pid_t pid, int status) {
  Napi::Object result = Napi::Object::New(env);
  if (WIFEXITED(status)) {
    result.Set("kind", "exited");
    result.Set("pid", pid);
    result.Set("code", WEXITSTATUS(status));
  } else if (WIFSIGNALED(status)) {
    result.Set("kind", "signaled");
    result.Set("pid", pid);
    result.Set("signal", WTERMSIG(status));
#ifdef WCOREDUMP
    result.Set("coreDumped", static_cast<bool>(WCOREDUMP(status)));
#else
    result.Set("coreDumped", false);
#endif
  } else if (WIFSTOPPED(status)) {
    result.Set("kind", "stopped");
    result.Set("pid", pid);
    result.Set("signal", WSTOPSIG(status));
  } else {
    result.Set("kind", "continued");
    result.Set("pid", pid);
  }
  return result;
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
  return DecodeStatus(env, result, status);
}

// Blocks the JS thread, which is why it is only for a PID already sent SIGKILL: the wait is then
// bounded by the kernel tearing the process down.
Napi::Value ReapKilled(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  pid_t pid = info[0].As<Napi::Number>().Int32Value();
  int status = 0;
  pid_t result = WaitOne(pid, &status, 0);
  if (result < 0) throw ErrnoError(env, errno, "waitpid");
  return DecodeStatus(env, result, status);
}

}  // namespace

void RegisterWait(Napi::Env env, Napi::Object exports) {
  exports.Set("waitPid", Napi::Function::New(env, WaitPid, "waitPid"));
  exports.Set("reapKilled", Napi::Function::New(env, ReapKilled, "reapKilled"));
}

}  // namespace quirl
