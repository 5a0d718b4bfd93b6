// Process and group identity: kill, killpg, getpgid, getpgrp, setpgid.
#include <signal.h>
#include <unistd.h>

#include <cerrno>

#include "addon.h"
#include "errors.h"

namespace quirl {

namespace {

int IntArg(const Napi::CallbackInfo& info, size_t index) {
  return info[index].As<Napi::Number>().Int32Value();
}

void Kill(const Napi::CallbackInfo& info) {
  if (kill(IntArg(info, 0), IntArg(info, 1)) != 0) throw ErrnoError(info.Env(), errno, "kill");
}

void Killpg(const Napi::CallbackInfo& info) {
  if (killpg(IntArg(info, 0), IntArg(info, 1)) != 0) throw ErrnoError(info.Env(), errno, "killpg");
}

Napi::Value Getpgid(const Napi::CallbackInfo& info) {
  pid_t pgid = getpgid(IntArg(info, 0));
  if (pgid < 0) throw ErrnoError(info.Env(), errno, "getpgid");
  return Napi::Number::New(info.Env(), pgid);
}

Napi::Value Getpgrp(const Napi::CallbackInfo& info) {
  return Napi::Number::New(info.Env(), getpgrp());
}

void Setpgid(const Napi::CallbackInfo& info) {
  if (setpgid(IntArg(info, 0), IntArg(info, 1)) != 0) throw ErrnoError(info.Env(), errno, "setpgid");
}

}  // namespace

void RegisterProcess(Napi::Env env, Napi::Object exports) {
  exports.Set("kill", Napi::Function::New(env, Kill, "kill"));
  exports.Set("killpg", Napi::Function::New(env, Killpg, "killpg"));
  exports.Set("getpgid", Napi::Function::New(env, Getpgid, "getpgid"));
  exports.Set("getpgrp", Napi::Function::New(env, Getpgrp, "getpgrp"));
  exports.Set("setpgid", Napi::Function::New(env, Setpgid, "setpgid"));
}

}  // namespace quirl
