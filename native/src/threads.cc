#include "threads.h"

#include <pthread.h>
#include <signal.h>

#include <system_error>
#include <utility>

namespace quirl {

int StartThread(std::thread* thread, const char* name, std::function<void()> body) {
  // The new thread inherits the mask in force when it is created.
  sigset_t every_signal, previous;
  sigfillset(&every_signal);
  pthread_sigmask(SIG_SETMASK, &every_signal, &previous);
  int error = 0;
  try {
    *thread = std::thread([name, body = std::move(body)] {
#if defined(__APPLE__)
      pthread_setname_np(name);
#else
      pthread_setname_np(pthread_self(), name);
#endif
      body();
    });
  } catch (const std::system_error& failure) {
    error = failure.code().value();
  }
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  return error;
}

}  // namespace quirl
