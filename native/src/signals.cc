// setSignalDisposition: SIG_IGN or SIG_DFL for one signal of this process. Children get every
// signal back at its default anyway (spawn.cc), so this only shapes the shell itself, e.g.
// ignoring SIGTTOU/SIGTTIN/SIGTSTP, for which Node's own handlers are unusable.
#include <signal.h>

#include <cerrno>
#include <string>

#include "addon.h"
#include "errors.h"

namespace quirl {

namespace {

void SetSignalDisposition(const Napi::CallbackInfo& info) {
  int signal_number = info[0].As<Napi::Number>().Int32Value();
  std::string disposition = info[1].As<Napi::String>().Utf8Value();
  struct sigaction action = {};
  action.sa_handler = disposition == "ignore" ? SIG_IGN : SIG_DFL;
  sigemptyset(&action.sa_mask);
  if (sigaction(signal_number, &action, nullptr) != 0) throw ErrnoError(info.Env(), errno, "sigaction");
}

}  // namespace

void RegisterSignals(Napi::Env env, Napi::Object exports) {
  exports.Set("setSignalDisposition", Napi::Function::New(env, SetSignalDisposition, "setSignalDisposition"));
}

}  // namespace quirl
