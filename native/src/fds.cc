// Descriptor exports: pipe, open, close, setBlocking, readTimeout.
#include "fds.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <string>
#include <vector>

#include "addon.h"
#include "bytes.h"
#include "errors.h"
#include "limits.h"

namespace quirl {

UniqueFd& UniqueFd::operator=(UniqueFd&& other) noexcept {
  if (this != &other) {
    Reset();
    fd_ = other.Release();
  }
  return *this;
}

void UniqueFd::Reset() {
  if (fd_ >= 0) CloseFd(fd_);
  fd_ = -1;
}

int CloseFd(int fd) {
  if (close(fd) == 0 || errno == EINTR) return 0;
  return errno;
}

int MakePipe(UniqueFd* read_end, UniqueFd* write_end) {
  int ends[2];
#if defined(__APPLE__)
  // No pipe2 here. The window before FD_CLOEXEC is harmless for our own spawns, which close
  // every descriptor they were not given (POSIX_SPAWN_CLOEXEC_DEFAULT).
  if (pipe(ends) != 0) return errno;
  *read_end = UniqueFd(ends[0]);
  *write_end = UniqueFd(ends[1]);
  if (fcntl(ends[0], F_SETFD, FD_CLOEXEC) != 0 || fcntl(ends[1], F_SETFD, FD_CLOEXEC) != 0) {
    int error = errno;
    read_end->Reset();
    write_end->Reset();
    return error;
  }
#else
  if (pipe2(ends, O_CLOEXEC) != 0) return errno;
  *read_end = UniqueFd(ends[0]);
  *write_end = UniqueFd(ends[1]);
#endif
  return 0;
}

int64_t MonotonicMs() {
  timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return static_cast<int64_t>(now.tv_sec) * 1000 + now.tv_nsec / 1000000;
}

int64_t DeadlineAfter(int timeout_ms) { return MonotonicMs() + timeout_ms; }

int WaitReadable(int fd, int64_t deadline_ms) {
  for (;;) {
    pollfd entry = {fd, POLLIN, 0};
    int64_t remaining = deadline_ms - MonotonicMs();
    int ready = poll(&entry, 1, remaining > 0 ? static_cast<int>(remaining) : 0);
    if (ready > 0) return (entry.revents & POLLNVAL) ? -EBADF : 1;
    if (ready == 0) return 0;
    if (errno != EINTR) return -errno;
  }
}

namespace {

Napi::Value Pipe(const Napi::CallbackInfo& info) {
  UniqueFd read_end, write_end;
  if (int error = MakePipe(&read_end, &write_end)) throw ErrnoError(info.Env(), error, "pipe");
  Napi::Object ends = Napi::Object::New(info.Env());
  ends.Set("read", read_end.Release());
  ends.Set("write", write_end.Release());
  return ends;
}

// open(2), where a file it creates gets exactly `mode`: the caller applied its shell context's
// umask, and this process's (another context's, set for children) may take away more. Only then
// is the file looked for first, and created exclusively, so that fchmod changes no file but the
// one made here. Setting the umask around the open instead would change it for every thread and
// for the pipeline stages running meanwhile.
int OpenExactly(const char* path, int flags, mode_t mode) {
  if ((flags & O_CREAT) == 0 || (mode & ProcessUmask()) == 0) return open(path, flags, mode);
  if ((flags & O_EXCL) == 0) {
    int fd = open(path, flags & ~O_CREAT, mode);
    if (fd >= 0 || errno != ENOENT) return fd;
  }
  int fd = open(path, flags | O_EXCL, mode);
  if (fd >= 0) {
    // A failure leaves the file with fewer permissions than asked, never more.
    fchmod(fd, mode);
    return fd;
  }
  // Made meanwhile, or a dangling symbolic link (which O_EXCL never follows): opened as asked,
  // the process's umask applying too.
  if (errno == EEXIST && (flags & O_EXCL) == 0) return open(path, flags, mode);
  return fd;
}

Napi::Value Open(const Napi::CallbackInfo& info) {
  std::string path = BytesOf(info[0]);
  int flags = info[1].As<Napi::Number>().Int32Value() | O_CLOEXEC;
  mode_t mode = static_cast<mode_t>(info[2].As<Napi::Number>().Uint32Value());
  int fd;
  // Opening a FIFO or a terminal can block, and so be interrupted.
  do fd = OpenExactly(path.c_str(), flags, mode);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) throw ErrnoError(info.Env(), errno, "open", path.c_str());
  return Napi::Number::New(info.Env(), fd);
}

void Close(const Napi::CallbackInfo& info) {
  if (int error = CloseFd(info[0].As<Napi::Number>().Int32Value())) {
    throw ErrnoError(info.Env(), error, "close");
  }
}

void SetBlocking(const Napi::CallbackInfo& info) {
  int fd = info[0].As<Napi::Number>().Int32Value();
  bool blocking = info[1].As<Napi::Boolean>().Value();
  int flags = fcntl(fd, F_GETFL);
  if (flags < 0) throw ErrnoError(info.Env(), errno, "fcntl");
  int wanted = blocking ? (flags & ~O_NONBLOCK) : (flags | O_NONBLOCK);
  if (wanted != flags && fcntl(fd, F_SETFL, wanted) < 0) throw ErrnoError(info.Env(), errno, "fcntl");
}

Napi::Value ReadTimeout(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  int fd = info[0].As<Napi::Number>().Int32Value();
  size_t max_bytes = info[1].As<Napi::Number>().Uint32Value();
  int timeout_ms = info[2].As<Napi::Number>().Int32Value();
  std::vector<char> buffer(max_bytes);
  const int64_t deadline = DeadlineAfter(timeout_ms);
  for (;;) {
    int ready = WaitReadable(fd, deadline);
    if (ready < 0) throw ErrnoError(env, -ready, "poll");
    if (ready == 0) throw ErrnoError(env, ETIMEDOUT, "poll");
    ssize_t count = read(fd, buffer.data(), max_bytes);
    if (count >= 0) return Napi::Buffer<char>::Copy(env, buffer.data(), static_cast<size_t>(count));
    // A non-blocking descriptor can be readable for poll and still have nothing for read when
    // another reader took the data first: wait again within the same deadline.
    if (errno != EINTR && errno != EAGAIN && errno != EWOULDBLOCK) throw ErrnoError(env, errno, "read");
  }
}

}  // namespace

void RegisterFds(Napi::Env env, Napi::Object exports) {
  exports.Set("pipe", Napi::Function::New(env, Pipe, "pipe"));
  exports.Set("open", Napi::Function::New(env, Open, "open"));
  exports.Set("close", Napi::Function::New(env, Close, "close"));
  exports.Set("setBlocking", Napi::Function::New(env, SetBlocking, "setBlocking"));
  exports.Set("readTimeout", Napi::Function::New(env, ReadTimeout, "readTimeout"));
}

}  // namespace quirl
