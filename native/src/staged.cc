// spawnStaged, releaseStaged, abandonStaged: a group leader that execs only when released.
// releasePrepared: the same helper started before its guest is known (preparing.cc starts it).
//
// The child is the quirl-stage helper (stage.c), found next to this addon's own .node file. It
// leads a new group with the guest's descriptors plus two channels: the status pipe's write end
// as child descriptor n and the release pipe's read end as n + 1 (n = fds.length). A prepared
// helper has /dev/null on 0-2, the status pipe on 3 and a socket on 4, over which its release
// sends the guest's descriptors, argv, environment, directory and terminal.
#include <dlfcn.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <vector>

#include "addon.h"
#include "bytes.h"
#include "errors.h"
#include "fds.h"
#include "spawn.h"
#include "stage-protocol.h"
#include "staged.h"

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

// The helper that execs `guest`, with its descriptors, and what exec keeps for it (umask, limits,
// ignored signals); the caller adds the channels and the argv.
ProcessSpec HelperFor(const ProcessSpec& guest) {
  ProcessSpec stage;
  stage.file = StagePath();
  stage.fds = guest.fds;
  stage.umask = guest.umask;
  stage.limits = guest.limits;
  stage.ignored_signals = guest.ignored_signals;
  return stage;
}

const char* StepSyscall(uint32_t step) {
  switch (step) {
    case QUIRL_STAGE_STEP_CHDIR: return "chdir";
    case QUIRL_STAGE_STEP_SIGPROCMASK: return "sigprocmask";
    case QUIRL_STAGE_STEP_TCSETPGRP: return "tcsetpgrp";
    case QUIRL_STAGE_STEP_FCNTL: return "fcntl";
    case QUIRL_STAGE_STEP_EXECVE: return "execve";
    case QUIRL_STAGE_STEP_RECEIVE: return "recvmsg";
    case QUIRL_STAGE_STEP_DUP2: return "dup2";
    case QUIRL_STAGE_STEP_SIGACTION: return "sigaction";
    default: return nullptr;
  }
}

// The file and cwd ride on the StagedChild object as non-enumerable properties, so that
// releaseStaged can name the path of a failed exec or chdir while the object keeps the shape
// native.d.ts gives it.
const char kFileKey[] = "file";
const char kCwdKey[] = "cwd";

std::string HiddenBytes(const Napi::Object& child, const char* key) {
  Napi::Value value = child.Get(key);
  return value.IsBuffer() ? BytesOf(value) : std::string();
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
  ProcessSpec stage = HelperFor(guest);
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
      Napi::PropertyDescriptor::Value(kFileKey, BufferOf(env, guest.file)),
      Napi::PropertyDescriptor::Value(kCwdKey, BufferOf(env, guest.cwd.value_or(""))),
  });
  return child;
}

// Waits at most timeout_ms for the released helper to exec (EOF on the status channel) or to
// report the step that failed; throws that step's errno, naming `file` or `cwd` where it applies.
void AwaitExec(Napi::Env env, int status_fd, int timeout_ms, const std::string& file, const std::string& cwd) {
  int ready = WaitReadable(status_fd, DeadlineAfter(timeout_ms));
  if (ready < 0) throw ErrnoError(env, -ready, "poll");
  // The release stays in the channel: a helper that was only slow (stopped, say) can still exec
  // later, so after ETIMEDOUT the caller kills it.
  if (ready == 0) throw ErrnoError(env, ETIMEDOUT, "release");

  quirl_stage_failure record;
  ssize_t got;
  do got = read(status_fd, &record, sizeof record);
  while (got < 0 && errno == EINTR);
  if (got < 0) throw ErrnoError(env, errno, "read");
  // EOF: close-on-exec closed the helper's end, so the exec happened. (A helper killed before
  // exec also closes it; the caller's waitPid tells that apart.)
  if (got == 0) return;
  const char* syscall = got == static_cast<ssize_t>(sizeof record) ? StepSyscall(record.step) : nullptr;
  if (syscall == nullptr || record.error <= 0) throw ErrnoError(env, EPROTO, "release");
  const std::string& path = record.step == QUIRL_STAGE_STEP_EXECVE ? file : record.step == QUIRL_STAGE_STEP_CHDIR ? cwd : std::string();
  throw ErrnoError(env, record.error, syscall, path.empty() ? nullptr : path.c_str());
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
  AwaitExec(env, status.Get(), timeout_ms, HiddenBytes(child, kFileKey), HiddenBytes(child, kCwdKey));
}

// The release message's strings: TTY_FD CWD FILE COUNT ARGV... -- ENV..., each NUL-terminated.
std::string ReleasePayload(const ProcessSpec& guest, int tty_fd) {
  std::string payload;
  auto add = [&payload](const std::string& text) {
    payload += text;
    payload += '\0';
  };
  add(std::to_string(tty_fd));
  add(guest.cwd.value_or(""));
  add(guest.file);
  add(std::to_string(guest.argv.size()));
  for (const std::string& arg : guest.argv) add(arg);
  add(QUIRL_STAGE_ENV_MARK);
  for (const std::string& entry : guest.env) add(entry);
  return payload;
}

// Sends all of `data` (a release larger than the socket's buffer is read as it goes).
int SendAll(int fd, const char* data, size_t length) {
  while (length > 0) {
    ssize_t sent = send(fd, data, length, MSG_NOSIGNAL);
    if (sent < 0 && errno == EINTR) continue;
    if (sent < 0) return errno;
    data += sent;
    length -= static_cast<size_t>(sent);
  }
  return 0;
}

void ReleasePrepared(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  Napi::Object child = info[0].As<Napi::Object>();
  Napi::Object options = info[1].As<Napi::Object>();
  int timeout_ms = info[2].As<Napi::Number>().Int32Value();
  ProcessSpec guest = ReadSpawnOptions(options);
  Napi::Value tty = options.Get("foregroundTtyChildFd");
  int tty_fd = tty.IsNull() ? -1 : tty.As<Napi::Number>().Int32Value();
  std::string payload = ReleasePayload(guest, tty_fd);
  size_t strings = 0;
  for (char c : payload) strings += c == '\0';
  // Too large for the helper's fixed buffers: refused before anything is sent or closed, so the
  // caller can start this guest the ordinary way and keep the prepared child for another.
  if (guest.fds.size() > QUIRL_STAGE_MAX_FDS || payload.size() > QUIRL_STAGE_MAX_PAYLOAD || strings > QUIRL_STAGE_MAX_STRINGS) {
    throw ErrnoError(env, E2BIG, "releasePrepared");
  }
  UniqueFd release(child.Get("releaseFd").As<Napi::Number>().Int32Value());
  UniqueFd status(child.Get("statusFd").As<Napi::Number>().Int32Value());

  quirl_stage_release header{};
  header.slots = static_cast<uint32_t>(guest.fds.size());
  header.length = static_cast<uint32_t>(payload.size());
  std::vector<int> open_fds;
  for (size_t slot = 0; slot < guest.fds.size(); ++slot) {
    header.open[slot] = guest.fds[slot] >= 0;
    if (guest.fds[slot] >= 0) open_fds.push_back(guest.fds[slot]);
  }
  std::vector<char> control(CMSG_SPACE(sizeof(int) * QUIRL_STAGE_MAX_FDS), 0);
  iovec part{&header, sizeof header};
  msghdr message{};
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  if (!open_fds.empty()) {
    message.msg_control = control.data();
    message.msg_controllen = CMSG_SPACE(sizeof(int) * open_fds.size());
    cmsghdr* rights = CMSG_FIRSTHDR(&message);
    rights->cmsg_level = SOL_SOCKET;
    rights->cmsg_type = SCM_RIGHTS;
    rights->cmsg_len = CMSG_LEN(sizeof(int) * open_fds.size());
    std::copy(open_fds.begin(), open_fds.end(), reinterpret_cast<int*>(CMSG_DATA(rights)));
  }
  ssize_t sent;
  do sent = sendmsg(release.Get(), &message, MSG_NOSIGNAL);
  while (sent < 0 && errno == EINTR);
  // EPIPE means the helper is already gone.
  if (sent < 0) throw ErrnoError(env, errno, "sendmsg");
  if (sent != static_cast<ssize_t>(sizeof header)) throw ErrnoError(env, EPROTO, "sendmsg");
  if (int error = SendAll(release.Get(), payload.data(), payload.size())) throw ErrnoError(env, error, "send");
  AwaitExec(env, status.Get(), timeout_ms, guest.file, guest.cwd.value_or(""));
}

void AbandonStaged(const Napi::CallbackInfo& info) {
  Napi::Object child = info[0].As<Napi::Object>();
  // Closing the release channel unread is the abandon signal: the helper reads EOF and exits 127.
  int release_error = CloseFd(child.Get("releaseFd").As<Napi::Number>().Int32Value());
  int status_error = CloseFd(child.Get("statusFd").As<Napi::Number>().Int32Value());
  if (int error = release_error ? release_error : status_error) throw ErrnoError(info.Env(), error, "close");
}

// How long the helper of SpawnIgnoringInterrupts may take to exec: it waits for nothing.
constexpr int kImmediateExecTimeoutMs = 5000;

}  // namespace

pid_t SpawnIgnoringInterrupts(Napi::Env env, const ProcessSpec& guest) {
  if (StagePath().empty()) throw ErrnoError(env, ENOENT, "dladdr");
  UniqueFd status_read, status_write;
  if (int error = MakePipe(&status_read, &status_write)) throw ErrnoError(env, error, "pipe");
  const int count = static_cast<int>(guest.fds.size());
  ProcessSpec stage = HelperFor(guest);
  stage.pgid = guest.pgid;
  stage.fds.push_back(status_write.Get());  // child's n
  stage.argv = {stage.file, QUIRL_STAGE_IGNORING_INTERRUPTS_FLAG, std::to_string(count), guest.cwd.value_or(""), guest.file,
                std::to_string(guest.argv.size())};
  stage.argv.insert(stage.argv.end(), guest.argv.begin(), guest.argv.end());
  stage.argv.push_back(QUIRL_STAGE_ENV_MARK);
  stage.argv.insert(stage.argv.end(), guest.env.begin(), guest.env.end());
  pid_t pid = SpawnProcess(env, stage);
  // Our copy of the write end must go for the channel to reach EOF at the exec.
  status_write.Reset();
  try {
    AwaitExec(env, status_read.Get(), kImmediateExecTimeoutMs, guest.file, guest.cwd.value_or(""));
  } catch (...) {
    // The helper failed (and is exiting) or hangs: either way it is the addon's to end and reap.
    kill(pid, SIGKILL);
    int status;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    throw;
  }
  return pid;
}

PreparedHelper StartPreparedHelper() {
  if (StagePath().empty()) throw SystemError{ENOENT, "dladdr", {}};
  UniqueFd status_read, status_write;
  if (int error = MakePipe(&status_read, &status_write)) throw SystemError{error, "pipe", {}};
  int pair[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) throw SystemError{errno, "socketpair", {}};
  UniqueFd channel(pair[0]), child_channel(pair[1]);
  UniqueFd null_fd(open("/dev/null", O_RDWR | O_CLOEXEC));
  if (null_fd.Get() < 0) throw SystemError{errno, "open", "/dev/null"};

  ProcessSpec stage;
  stage.file = StagePath();
  stage.fds = {null_fd.Get(), null_fd.Get(), null_fd.Get(), status_write.Get(), child_channel.Get()};
  stage.argv = {stage.file, QUIRL_STAGE_PREPARED_FLAG, std::to_string(QUIRL_STAGE_PREPARED_STATUS_FD),
                std::to_string(QUIRL_STAGE_PREPARED_CHANNEL_FD)};
  pid_t pid = StartProcess(stage);
  return PreparedHelper{pid, std::move(channel), std::move(status_read)};
}

Napi::Object PreparedChildObject(Napi::Env env, PreparedHelper helper) {
  Napi::Object child = Napi::Object::New(env);
  child.Set("pid", helper.pid);
  child.Set("releaseFd", helper.release.Release());
  child.Set("statusFd", helper.status.Release());
  return child;
}

void RegisterStaged(Napi::Env env, Napi::Object exports) {
  exports.Set("spawnStaged", Napi::Function::New(env, SpawnStaged, "spawnStaged"));
  exports.Set("releaseStaged", Napi::Function::New(env, ReleaseStaged, "releaseStaged"));
  exports.Set("abandonStaged", Napi::Function::New(env, AbandonStaged, "abandonStaged"));
  exports.Set("releasePrepared", Napi::Function::New(env, ReleasePrepared, "releasePrepared"));
}

}  // namespace quirl
