// spawnStaged, releaseStaged, abandonStaged: a group leader that execs only when released.
//
// The child is the quirl-stage helper (stage.c), found next to this addon's own .node file. It
// leads a new group with the guest's descriptors plus two channels: the status pipe's write end
// as child descriptor n and the release pipe's read end as n + 1 (n = fds.length).
#include <dlfcn.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include "addon.h"
#include "errors.h"
#include "fds.h"
#include "spawn.h"
#include "stage-protocol.h"

namespace quirl {

namespace {

// The helper's path, beside the .node file this function was loaded from.
const std::string& StagePath() {
  static const std::string path = [] {
    Dl_info self;
    if (dladdr(reinterpret_cast<void*>(&StagePath), &self) == 0 || self.dli_fname == nullptr) return std::string();
    std::string module = self.dli_fname;
    return module.substr(0, module.rfind('/') + 1) + "quirl-stage";
  }();
  return path;
}

const char* StepSyscall(uint32_t step) {
  switch (step) {
    case QUIRL_STAGE_STEP_CHDIR: return "chdir";
    case QUIRL_STAGE_STEP_SIGPROCMASK: return "sigprocmask";
    case QUIRL_STAGE_STEP_TCSETPGRP: return "tcsetpgrp";
    case QUIRL_STAGE_STEP_FCNTL: return "fcntl";
    case QUIRL_STAGE_STEP_EXECVE: return "execve";
    default: return nullptr;
  }
}

// The file and cwd ride on the StagedChild object as non-enumerable properties, so that
// releaseStaged can name the path of a failed exec or chdir while the object keeps the shape
// native.d.ts gives it.
const char kFileKey[] = "file";
const char kCwdKey[] = "cwd";

std::string HiddenString(const Napi::Object& child, const char* key) {
  Napi::Value value = child.Get(key);
  return value.IsString() ? value.As<Napi::String>().Utf8Value() : std::string();
}

Napi::Value SpawnStaged(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Object options = info[0].As<Napi::Object>();
  ProcessSpec guest = ReadSpawnOptions(options);
  Napi::Value tty = options.Get("foregroundTtyChildFd");
  int tty_fd = tty.IsNull() ? -1 : tty.As<Napi::Number>().Int32Value();
  if (StagePath().empty()) throw ErrnoError(env, ENOENT, "dladdr");

  UniqueFd status_read, status_write, release_read, release_write;
  if (int error = MakePipe(&status_read, &status_write)) throw ErrnoError(env, error, "pipe");
  if (int error = MakePipe(&release_read, &release_write)) throw ErrnoError(env, error, "pipe");

  const int count = static_cast<int>(guest.fds.size());
  ProcessSpec stage;
  stage.file = StagePath();
  stage.fds = guest.fds;
  stage.fds.push_back(status_write.Get());   // child's n
  stage.fds.push_back(release_read.Get());   // child's n + 1
  stage.argv = {stage.file,     std::to_string(count), std::to_string(count + 1), std::to_string(tty_fd),
                guest.cwd.value_or(""), guest.file,     std::to_string(guest.argv.size())};
  stage.argv.insert(stage.argv.end(), guest.argv.begin(), guest.argv.end());
  stage.argv.push_back(QUIRL_STAGE_ENV_MARK);
  stage.argv.insert(stage.argv.end(), guest.env.begin(), guest.env.end());
  // SETPGROUP makes posix_spawn return only after the helper's setpgid, so the group exists.
  pid_t pid = SpawnProcess(env, stage);
  // status_write and release_read close here: with our copies open, the status channel could
  // never reach EOF and an abandoned helper would wait forever.

  Napi::Object child = Napi::Object::New(env);
  child.Set("pid", pid);
  child.Set("releaseFd", release_write.Release());
  child.Set("statusFd", status_read.Release());
  child.DefineProperties({
      Napi::PropertyDescriptor::Value(kFileKey, Napi::String::New(env, guest.file)),
      Napi::PropertyDescriptor::Value(kCwdKey, Napi::String::New(env, guest.cwd.value_or(""))),
  });
  return child;
}

void ReleaseStaged(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Object child = info[0].As<Napi::Object>();
  int timeout_ms = info[1].As<Napi::Number>().Int32Value();
  // Owned from here, so both channels close on every path below.
  UniqueFd release(child.Get("releaseFd").As<Napi::Number>().Int32Value());
  UniqueFd status(child.Get("statusFd").As<Napi::Number>().Int32Value());

  const char byte = 1;
  ssize_t written;
  // EPIPE (Node ignores SIGPIPE) means the helper is already gone.
  do written = write(release.Get(), &byte, 1);
  while (written < 0 && errno == EINTR);
  if (written < 0) throw ErrnoError(env, errno, "write");

  int ready = WaitReadable(status.Get(), DeadlineAfter(timeout_ms));
  if (ready < 0) throw ErrnoError(env, -ready, "poll");
  // The byte stays in the pipe: a helper that was only slow (stopped, say) can still exec later,
  // so after ETIMEDOUT the caller kills it.
  if (ready == 0) throw ErrnoError(env, ETIMEDOUT, "release");

  quirl_stage_failure record;
  ssize_t got;
  do got = read(status.Get(), &record, sizeof record);
  while (got < 0 && errno == EINTR);
  if (got < 0) throw ErrnoError(env, errno, "read");
  // EOF: close-on-exec closed the helper's end, so the exec happened. (A helper killed before
  // exec also closes it; the caller's waitPid tells that apart.)
  if (got == 0) return;
  const char* syscall = got == static_cast<ssize_t>(sizeof record) ? StepSyscall(record.step) : nullptr;
  if (syscall == nullptr || record.error <= 0) throw ErrnoError(env, EPROTO, "release");
  std::string path = record.step == QUIRL_STAGE_STEP_EXECVE ? HiddenString(child, kFileKey)
                     : record.step == QUIRL_STAGE_STEP_CHDIR ? HiddenString(child, kCwdKey)
                                                             : std::string();
  throw ErrnoError(env, record.error, syscall, path.empty() ? nullptr : path.c_str());
}

void AbandonStaged(const Napi::CallbackInfo& info) {
  Napi::Object child = info[0].As<Napi::Object>();
  // Closing the release channel unread is the abandon signal: the helper reads EOF and exits 127.
  int release_error = CloseFd(child.Get("releaseFd").As<Napi::Number>().Int32Value());
  int status_error = CloseFd(child.Get("statusFd").As<Napi::Number>().Int32Value());
  if (int error = release_error ? release_error : status_error) throw ErrnoError(info.Env(), error, "close");
}

}  // namespace

void RegisterStaged(Napi::Env env, Napi::Object exports) {
  exports.Set("spawnStaged", Napi::Function::New(env, SpawnStaged, "spawnStaged"));
  exports.Set("releaseStaged", Napi::Function::New(env, ReleaseStaged, "releaseStaged"));
  exports.Set("abandonStaged", Napi::Function::New(env, AbandonStaged, "abandonStaged"));
}

}  // namespace quirl
