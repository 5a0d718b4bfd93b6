// execve(): the shell becomes another program, keeping its PID (the `exec` builtin).
//
// Before the exec, in this order: every signal is blocked (no handler of Node's runs half-way),
// the signals the caller names are put back to their default (what the shell ignored for its own
// sake; caught ones go back to default by execve itself, ignored ones stay ignored, as POSIX
// says) or ignored (what the user ignored, which the shell may only catch and drop), the descriptor
// plan is put in place, the context's limits and umask are set, and the mask is emptied. When execve fails, all of it is undone and the error thrown: the shell goes on.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <optional>
#include <string>
#include <vector>

#include "addon.h"
#include "errors.h"
#include "limits.h"
#include "placement.h"
#include "spawn.h"

namespace quirl {

namespace {

// What the exec changes in this process, kept to be put back when it fails.
class Undo {
 public:
  ~Undo() {
    for (size_t slot = 0; slot < saved_fds_.size(); ++slot) {
      if (saved_fds_[slot] < 0) {
        if (placed_) close(static_cast<int>(slot));
        continue;
      }
      if (placed_) {
        dup2(saved_fds_[slot], static_cast<int>(slot));
        fcntl(static_cast<int>(slot), F_SETFD, saved_flags_[slot]);
      }
      close(saved_fds_[slot]);
    }
    for (const ChildLimit& limit : saved_limits_) setrlimit(limit.resource, &limit.value);
    if (saved_umask_) umask(*saved_umask_);
    // Newest first, so a signal changed twice gets its first disposition back.
    for (auto it = saved_actions_.rbegin(); it != saved_actions_.rend(); ++it) sigaction(it->first, &it->second, nullptr);
    pthread_sigmask(SIG_SETMASK, &saved_mask_, nullptr);
  }

  void BlockSignals() {
    sigset_t every_signal;
    sigfillset(&every_signal);
    pthread_sigmask(SIG_SETMASK, &every_signal, &saved_mask_);
  }

  // SIG_DFL or SIG_IGN for one signal, the disposition before kept for the undo.
  void SetDisposition(int signal_number, void (*handler)(int)) {
    struct sigaction previous, action = {};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    if (sigaction(signal_number, &action, &previous) == 0) saved_actions_.emplace_back(signal_number, previous);
  }

  // Copies of descriptors 0..count-1 as they are now (-1 for a closed one), above `floor`.
  int SaveDescriptors(int count, int floor) {
    for (int slot = 0; slot < count; ++slot) {
      int flags = fcntl(slot, F_GETFD);
      saved_flags_.push_back(flags < 0 ? 0 : flags);
      saved_fds_.push_back(flags < 0 ? -1 : fcntl(slot, F_DUPFD_CLOEXEC, floor));
      if (flags >= 0 && saved_fds_.back() < 0) return errno;
    }
    return 0;
  }

  void Placed() { placed_ = true; }

  void SetUmask(mode_t mask) { saved_umask_ = umask(mask); }

  int SetLimit(const ChildLimit& limit) {
    ChildLimit previous{limit.resource, {}};
    if (getrlimit(limit.resource, &previous.value) != 0) return errno;
    if (setrlimit(limit.resource, &limit.value) != 0) return errno;
    saved_limits_.push_back(previous);
    return 0;
  }

 private:
  sigset_t saved_mask_;
  std::vector<std::pair<int, struct sigaction>> saved_actions_;
  std::vector<int> saved_fds_;
  std::vector<int> saved_flags_;
  bool placed_ = false;
  std::vector<ChildLimit> saved_limits_;
  std::optional<mode_t> saved_umask_;
};

void Exec(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Object options = info[0].As<Napi::Object>();
  ProcessSpec spec = ReadSpawnOptions(options);
  Napi::Array defaults = options.Get("defaultSignals").As<Napi::Array>();
  std::vector<char*> argv = CStringPointers(spec.argv);
  std::vector<char*> envp = CStringPointers(spec.env);
  std::vector<int> copies(spec.fds.size());
  const int floor = DescriptorFloor(spec.fds);

  int error = 0;
  const char* step = "execve";
  {
    Undo undo;
    undo.BlockSignals();
    for (uint32_t i = 0; i < defaults.Length(); ++i) undo.SetDisposition(defaults.Get(i).As<Napi::Number>().Int32Value(), SIG_DFL);
    for (int signal_number : spec.ignored_signals) undo.SetDisposition(signal_number, SIG_IGN);
    error = undo.SaveDescriptors(static_cast<int>(spec.fds.size()), floor);
    if (error != 0) step = "fcntl";
    if (error == 0) {
      undo.Placed();
      error = PlaceDescriptors(spec.fds, floor, copies.data());
      if (error != 0) step = "dup2";
    }
    for (const ChildLimit& limit : spec.limits) {
      if (error != 0) break;
      error = undo.SetLimit(limit);
      if (error != 0) step = "setrlimit";
    }
    if (error == 0 && spec.umask) undo.SetUmask(*spec.umask);
    if (error == 0) {
      sigset_t none;
      sigemptyset(&none);
      pthread_sigmask(SIG_SETMASK, &none, nullptr);
      execve(spec.file.c_str(), argv.data(), envp.data());
      error = errno;
      // Blocked again before the undo puts handlers back.
      sigset_t every_signal;
      sigfillset(&every_signal);
      pthread_sigmask(SIG_SETMASK, &every_signal, nullptr);
    }
  }
  throw ErrnoError(env, error, step, std::string(step) == "execve" ? spec.file.c_str() : nullptr);
}

}  // namespace

void RegisterExec(Napi::Env env, Napi::Object exports) {
  exports.Set("execve", Napi::Function::New(env, Exec, "execve"));
}

}  // namespace quirl
