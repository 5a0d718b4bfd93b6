// Terminal ownership and modes: tcgetpgrp, tcsetpgrp, tcgetattr, tcsetattr, termiosForRead,
// termiosWithSignalKeys.
//
// A shell in a background group (or one that has just handed the terminal to a job) gets SIGTTOU
// for tcsetpgrp and tcsetattr unless SIGTTOU is blocked or ignored; blocking it in this thread
// for the duration of the call makes the kernel allow the call instead of stopping the shell.
#include <pthread.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "addon.h"
#include "errors.h"

namespace quirl {

namespace {

// Blocks SIGTTOU in the calling thread for its lifetime, then restores the previous mask (which
// keeps SIGTTOU blocked if it already was).
class SigttouBlocked {
 public:
  SigttouBlocked() {
    sigset_t ttou;
    sigemptyset(&ttou);
    sigaddset(&ttou, SIGTTOU);
    pthread_sigmask(SIG_BLOCK, &ttou, &previous_);
  }
  ~SigttouBlocked() { pthread_sigmask(SIG_SETMASK, &previous_, nullptr); }
  SigttouBlocked(const SigttouBlocked&) = delete;
  SigttouBlocked& operator=(const SigttouBlocked&) = delete;

 private:
  sigset_t previous_;
};

int FdArg(const Napi::CallbackInfo& info) { return info[0].As<Napi::Number>().Int32Value(); }

Napi::Value Tcgetpgrp(const Napi::CallbackInfo& info) {
  pid_t pgid = tcgetpgrp(FdArg(info));
  if (pgid < 0) throw ErrnoError(info.Env(), errno, "tcgetpgrp");
  return Napi::Number::New(info.Env(), pgid);
}

void Tcsetpgrp(const Napi::CallbackInfo& info) {
  int fd = FdArg(info);
  pid_t pgid = info[1].As<Napi::Number>().Int32Value();
  int result;
  {
    SigttouBlocked blocked;
    do result = tcsetpgrp(fd, pgid);
    while (result != 0 && errno == EINTR);
  }
  if (result != 0) throw ErrnoError(info.Env(), errno, "tcsetpgrp");
}

Napi::Value Tcgetattr(const Napi::CallbackInfo& info) {
  // Zeroed so the struct's padding is too: two readings of the same modes compare byte-equal.
  termios modes;
  std::memset(&modes, 0, sizeof modes);
  if (tcgetattr(FdArg(info), &modes) != 0) throw ErrnoError(info.Env(), errno, "tcgetattr");
  return Napi::Buffer<char>::Copy(info.Env(), reinterpret_cast<const char*>(&modes), sizeof modes);
}

void Tcsetattr(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  int fd = FdArg(info);
  Napi::Buffer<char> buffer = info[1].As<Napi::Buffer<char>>();
  // Not argument policy but memory safety: only a whole struct termios may be copied back.
  if (buffer.Length() != sizeof(termios)) {
    throw Napi::TypeError::New(env, "tcsetattr: termios must be a Buffer of " + std::to_string(sizeof(termios)) +
                                        " bytes, as returned by tcgetattr");
  }
  termios modes;
  std::memcpy(&modes, buffer.Data(), sizeof modes);
  int result;
  {
    SigttouBlocked blocked;
    // TCSADRAIN waits for queued output, and that wait can be interrupted.
    do result = tcsetattr(fd, TCSADRAIN, &modes);
    while (result != 0 && errno == EINTR);
  }
  if (result != 0) throw ErrnoError(env, errno, "tcsetattr");
}

// A copy of a tcgetattr buffer with the modes of bash's `read` (its tt_setonechar and
// tt_setnoecho): byte at a time (no line editing; signal keys still work) and/or no echo.
// Here because the struct's layout and flag values differ between platforms.
Napi::Value TermiosForRead(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Buffer<char> buffer = info[0].As<Napi::Buffer<char>>();
  if (buffer.Length() != sizeof(termios)) {
    throw Napi::TypeError::New(env, "termiosForRead: termios must be a Buffer from tcgetattr");
  }
  Napi::Object modes_wanted = info[1].As<Napi::Object>();
  termios modes;
  std::memcpy(&modes, buffer.Data(), sizeof modes);
  if (modes_wanted.Get("byteAtATime").ToBoolean().Value()) {
    modes.c_lflag &= ~ICANON;
    modes.c_lflag |= ISIG | IEXTEN;
    modes.c_iflag |= ICRNL;
    modes.c_iflag &= ~INLCR;
    modes.c_oflag |= ONLCR;
    modes.c_cc[VMIN] = 1;
    modes.c_cc[VTIME] = 0;
  }
  if (!modes_wanted.Get("echo").ToBoolean().Value()) modes.c_lflag &= ~(ECHO | ECHOK | ECHONL);
  return Napi::Buffer<char>::Copy(env, reinterpret_cast<const char*>(&modes), sizeof modes);
}

// termiosWithSignalKeys(buffer): a copy with ISIG on, so that Ctrl-C, Ctrl-Z and Ctrl-\\ send
// their signals again (bin/quirl turns them off while the shell starts).
Napi::Value TermiosWithSignalKeys(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Buffer<char> buffer = info[0].As<Napi::Buffer<char>>();
  if (buffer.Length() != sizeof(termios)) {
    throw Napi::TypeError::New(env, "termiosWithSignalKeys: termios must be a Buffer from tcgetattr");
  }
  termios modes;
  std::memcpy(&modes, buffer.Data(), sizeof modes);
  modes.c_lflag |= ISIG;
  return Napi::Buffer<char>::Copy(env, reinterpret_cast<const char*>(&modes), sizeof modes);
}

}  // namespace

void RegisterTty(Napi::Env env, Napi::Object exports) {
  exports.Set("tcgetpgrp", Napi::Function::New(env, Tcgetpgrp, "tcgetpgrp"));
  exports.Set("tcsetpgrp", Napi::Function::New(env, Tcsetpgrp, "tcsetpgrp"));
  exports.Set("tcgetattr", Napi::Function::New(env, Tcgetattr, "tcgetattr"));
  exports.Set("tcsetattr", Napi::Function::New(env, Tcsetattr, "tcsetattr"));
  exports.Set("termiosForRead", Napi::Function::New(env, TermiosForRead, "termiosForRead"));
  exports.Set("termiosWithSignalKeys", Napi::Function::New(env, TermiosWithSignalKeys, "termiosWithSignalKeys"));
}

}  // namespace quirl
