// writeAll, readRecord: blocking reads and writes of in-shell commands, each on a thread of the
// addon's own.
//
// Not libuv's pool: node's fs.write runs there, on four threads, and five in-shell pipeline
// stages blocked writing full pipes took all four, so nothing else ran (not even the fs call
// that would have drained a pipe) and the shell deadlocked.
// Not O_NONBLOCK: a pipe a stage writes, or the terminal it reads, is one open file description
// shared with external children, which would see EAGAIN too. The descriptor stays as it is; the
// thread polls it beside a cancellation pipe and then reads or writes only what cannot block
// (one byte of a pipe, PIPE_BUF bytes once a pipe has room), so cancel() is seen at the next poll.
// On a descriptor someone else left non-blocking (libuv's terminal), EAGAIN just polls again.
//
// One thread per pending operation, not one per descriptor: an operation is a whole write or a
// whole record (one hop back to the event loop, never one per byte), so the threads alive are
// the in-shell commands blocked at that moment, bounded by their pipelines' stages. A thread per
// descriptor would have to follow descriptor numbers being closed and reused, to save a thread
// creation (tens of microseconds) per line or per write.
//
// Most records need no thread at all: a script's `while read` mostly finds its line already in
// the pipe or file. So readRecord first reads, on the JS thread, what is already there (a pipe's
// record looked ahead at, look-ahead.cc: three system calls, not one per byte; a byte of a
// socket at a time while a zero-timeout poll says one is waiting; a block of a regular file),
// and only when the record is not complete by then does a thread wait for the rest, with the
// bytes read so far. Nothing of that waits: a poll has just said the byte is there, and a
// regular file never waits (it is read so on the thread too). The one exception is another
// process reading the same pipe between that poll and the read, which then waits for the next
// byte (on the thread, such a read cannot be cancelled either). A terminal, or any other device,
// is left to the thread as before: a terminal's read is subject to job control (SIGTTIN, which
// the thread's blocked signals turn into EIO), and that must not change with the thread reading.
//
// Each thread is joined on the JS thread: when its outcome is delivered (through a thread-safe
// function, which also keeps the event loop alive while the operation is pending), or, when the
// environment is torn down first (the shell exiting with a read pending), by a cleanup hook that
// cancels it and then joins it.
#include <fcntl.h>
#include <limits.h>
#include <node_api.h>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bitset>
#include <cerrno>
#include <cstdint>
#include <memory>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "addon.h"
#include "errors.h"
#include "fds.h"
#include "look-ahead.h"
#include "threads.h"

namespace quirl {

namespace {

// What a poll beside the cancellation pipe came to.
enum class Waited { kReady, kTimedOut, kCancelled, kFailed };

// One operation: its thread, its cancellation pipe, and its outcome. It owns itself while its
// thread runs and is freed once joined; the JS cancel function holds it weakly, so a settled
// operation's descriptors and data are not kept until that function is collected.
class Operation {
 public:
  Operation(const char* name, int fd) : name_(name), fd_(fd) {}
  virtual ~Operation() = default;
  Operation(const Operation&) = delete;
  Operation& operator=(const Operation&) = delete;

  // Returns the outcome itself when TryNow settled the operation (throwing its error, if it
  // failed); otherwise starts the thread and returns { done, cancel }. On a failure to start,
  // nothing is left behind.
  static Napi::Value Start(Napi::Env env, std::shared_ptr<Operation> operation) {
    Operation& self = *operation;
    if (self.TryNow()) {
      if (self.error_ != 0) throw ErrnoError(env, self.error_, self.syscall_);
      return self.Result(env);
    }
    if (int error = MakePipe(&self.cancel_read_, &self.cancel_write_)) throw ErrnoError(env, error, "pipe");
    Napi::Promise::Deferred deferred = Napi::Promise::Deferred::New(env);
    napi_status status = napi_create_threadsafe_function(env, nullptr, nullptr, Napi::String::New(env, self.name_), 0, 1,
                                                         nullptr, nullptr, &self, Deliver, &self.delivery_);
    if (status != napi_ok) throw Napi::Error::New(env, std::string(self.name_) + ": could not create its thread-safe function");
    if (int error = StartThread(&self.thread_, "quirl-io", [&self] { self.RunAndDeliver(); })) {
      napi_release_threadsafe_function(self.delivery_, napi_tsfn_abort);
      throw ErrnoError(env, error, "pthread_create");
    }
    self.deferred_ = std::make_unique<Napi::Promise::Deferred>(deferred);
    self.running_ = operation;
    napi_add_env_cleanup_hook(env, Teardown, &self);

    Napi::Object handle = Napi::Object::New(env);
    handle.Set("done", deferred.Promise());
    std::weak_ptr<Operation> weak = operation;
    auto cancel = [weak](const Napi::CallbackInfo&) {
      if (std::shared_ptr<Operation> pending = weak.lock()) pending->Cancel();
    };
    handle.Set("cancel", Napi::Function::New(env, cancel, "cancel"));
    return handle;
  }

 protected:
  // What can be done on the JS thread, without blocking, before a thread is started: true when
  // that settled the operation (its outcome set, or Fail called), false to start the thread.
  virtual bool TryNow() { return false; }
  // The thread's work: sets the outcome, or calls Fail.
  virtual void Run() = 0;
  // The value `done` resolves with, made on the JS thread.
  virtual Napi::Value Result(Napi::Env env) = 0;

  void Fail(int error, const char* syscall) {
    error_ = error;
    syscall_ = syscall;
  }

  // Polls fd for `events` beside the cancellation pipe until `deadline_ms` (-1: no deadline;
  // kNow, in TryNow, where there is no cancellation pipe yet and poll skips its -1 entry).
  // kFailed and kCancelled have called Fail.
  Waited Wait(short events, int64_t deadline_ms) {
    for (;;) {
      pollfd entries[2] = {{fd_, events, 0}, {cancel_read_.Get(), POLLIN, 0}};
      int timeout = -1;
      if (deadline_ms >= 0) timeout = static_cast<int>(std::max<int64_t>(0, deadline_ms - MonotonicMs()));
      int ready = poll(entries, 2, timeout);
      if (ready < 0) {
        if (errno == EINTR) continue;
        Fail(errno, "poll");
        return Waited::kFailed;
      }
      if (entries[1].revents != 0) {
        Fail(ECANCELED, name_);
        return Waited::kCancelled;
      }
      if (entries[0].revents & POLLNVAL) {
        Fail(EBADF, "poll");
        return Waited::kFailed;
      }
      // POLLHUP and POLLERR count as ready: the read or write that follows reports them.
      if (ready > 0) return Waited::kReady;
      return Waited::kTimedOut;
    }
  }

  // A deadline already passed: Wait polls once, with a zero timeout.
  static constexpr int64_t kNow = 0;

  // Whether a cancel() can reach the operation: only once its thread is started.
  bool Cancellable() const { return cancel_read_.Get() >= 0; }

  bool IsRegularFile() const {
    struct stat status;
    return fstat(fd_, &status) == 0 && S_ISREG(status.st_mode);
  }

  // EINTR, and EAGAIN on a descriptor someone made non-blocking, mean: poll again.
  static bool ShouldRetry(int error) { return error == EINTR || error == EAGAIN || error == EWOULDBLOCK; }

  const char* const name_;
  const int fd_;

 private:
  void RunAndDeliver() {
    Run();
    // Queued for the JS thread; the thread ends right after, and Deliver joins it.
    napi_call_threadsafe_function(delivery_, nullptr, napi_tsfn_nonblocking);
  }

  // Called on the JS thread only.
  void Cancel() {
    if (cancelled_) return;
    cancelled_ = true;
    const char byte = 0;
    ssize_t written;
    do written = write(cancel_write_.Get(), &byte, 1);
    while (written < 0 && errno == EINTR);
  }

  // Joins the thread and hands its outcome over; releases the operation's own reference.
  static void Deliver(napi_env raw_env, napi_value, void* context, void*) {
    if (raw_env == nullptr) return;  // Torn down: Teardown has joined the thread.
    Operation& self = *static_cast<Operation*>(context);
    std::shared_ptr<Operation> keep = std::move(self.running_);
    Napi::Env env(raw_env);
    Napi::HandleScope scope(env);
    self.thread_.join();
    napi_remove_env_cleanup_hook(raw_env, Teardown, &self);
    napi_release_threadsafe_function(self.delivery_, napi_tsfn_release);
    std::unique_ptr<Napi::Promise::Deferred> deferred = std::move(self.deferred_);
    if (self.error_ != 0) {
      deferred->Reject(ErrnoError(env, self.error_, self.syscall_).Value());
    } else {
      deferred->Resolve(self.Result(env));
    }
  }

  // The environment is going away with the operation pending: stop and join its thread.
  static void Teardown(void* context) {
    Operation& self = *static_cast<Operation*>(context);
    std::shared_ptr<Operation> keep = std::move(self.running_);
    self.Cancel();
    self.thread_.join();
    napi_release_threadsafe_function(self.delivery_, napi_tsfn_abort);
  }

  UniqueFd cancel_read_;
  UniqueFd cancel_write_;
  bool cancelled_ = false;
  std::thread thread_;
  napi_threadsafe_function delivery_ = nullptr;
  std::unique_ptr<Napi::Promise::Deferred> deferred_;
  std::shared_ptr<Operation> running_;
  int error_ = 0;
  const char* syscall_ = nullptr;
};

class WriteAll final : public Operation {
 public:
  WriteAll(int fd, std::vector<char> data) : Operation("writeAll", fd), data_(std::move(data)) {}

 private:
  void Run() override {
    const bool regular = IsRegularFile();
    size_t offset = 0;
    while (offset < data_.size()) {
      if (Wait(POLLOUT, -1) != Waited::kReady) return;
      // Once poll says a pipe has room, PIPE_BUF bytes fit without blocking; a file never blocks.
      size_t chunk = data_.size() - offset;
      if (!regular) chunk = std::min<size_t>(chunk, PIPE_BUF);
      ssize_t written = write(fd_, data_.data() + offset, chunk);
      if (written >= 0) {
        offset += static_cast<size_t>(written);
      } else if (!ShouldRetry(errno)) {
        return Fail(errno, "write");
      }
    }
  }

  Napi::Value Result(Napi::Env env) override { return env.Undefined(); }

  const std::vector<char> data_;
};

// The descriptors tee(2) refused last time (files, sockets, terminals), so that a file's record
// costs no refused tee before its fstat. Only an order of trying: fstat still decides, and a
// descriptor it finds to be a pipe again is forgotten. Kept on the JS thread, the one TryNow runs on.
constexpr int kRememberedFds = 1024;
std::bitset<kRememberedFds>& NotAPipe() {
  thread_local std::bitset<kRememberedFds> fds;
  return fds;
}

bool NotAPipeLastTime(int fd) { return fd >= 0 && fd < kRememberedFds && NotAPipe().test(static_cast<size_t>(fd)); }

void RememberNotAPipe(int fd, bool not_a_pipe) {
  if (fd >= 0 && fd < kRememberedFds) NotAPipe().set(static_cast<size_t>(fd), not_a_pipe);
}

class ReadRecord final : public Operation {
 public:
  ReadRecord(int fd, int delimiter, size_t max_bytes, int timeout_ms)
      : Operation("readRecord", fd),
        delimiter_(delimiter),
        max_bytes_(max_bytes),
        timeout_ms_(timeout_ms),
        deadline_(timeout_ms < 0 ? -1 : DeadlineAfter(timeout_ms)) {}

 private:
  // On a regular file, a block per read(2), and the offset set back to just after the record.
  static constexpr size_t kFileBlock = 4096;

  // Reads what is already there; the thread, if one is needed, goes on from it. A pipe is read
  // ahead (tee), tried first unless the descriptor was no pipe last time; maxBytes 0 consumes
  // nothing, which a poll answers (Collect).
  bool TryNow() override {
    const bool look_ahead = max_bytes_ > 0;
    Ahead ahead = Ahead::kNotAPipe;
    if (look_ahead && !NotAPipeLastTime(fd_)) {
      ahead = ReadAhead();
      if (ahead == Ahead::kSettled || ahead == Ahead::kWait) return ahead == Ahead::kSettled;
      RememberNotAPipe(fd_, ahead == Ahead::kNotAPipe);
    }
    struct stat status;
    if (fstat(fd_, &status) != 0) return Failed(errno, "fstat");
    regular_ = S_ISREG(status.st_mode);
    stream_ = S_ISFIFO(status.st_mode) || S_ISSOCK(status.st_mode);
    if (look_ahead && ahead == Ahead::kNotAPipe && S_ISFIFO(status.st_mode)) {
      RememberNotAPipe(fd_, false);
      ahead = ReadAhead();
      if (ahead == Ahead::kSettled || ahead == Ahead::kWait) return ahead == Ahead::kSettled;
    }
    // kNoWriter: the poll below tells EOF from a FIFO whose writer is yet to open it.
    if (!regular_ && !stream_) return false;
    if (Collect(kNow)) return true;
    return NothingThere();
  }

  // With no time to wait, nothing there now is the timeout itself; else the thread waits.
  bool NothingThere() { return timeout_ms_ == 0 && End("timeout"); }

  enum class Ahead { kSettled, kWait, kNotAPipe, kNoWriter };

  // Reads a pipe's record through ReadPipeAhead while the pipe has bytes: kSettled once End or
  // Fail is called, kWait when the pipe is empty (the bytes so far kept for the thread), kNoWriter
  // when it is empty with no writer.
  Ahead ReadAhead() {
    for (;;) {
      if (data_.size() >= max_bytes_) {
        End("limit");
        return Ahead::kSettled;
      }
      const PipeRead step = ReadPipeAhead(fd_, delimiter_, max_bytes_ - data_.size(), &data_);
      switch (step.kind) {
        case PipeRead::kRead:
          continue;
        case PipeRead::kDelimited:
          End("delimiter");
          return Ahead::kSettled;
        case PipeRead::kNoWriter:
          // The bytes so far are kept for the byte reads that follow.
          return Ahead::kNoWriter;
        case PipeRead::kEmpty:
          return NothingThere() ? Ahead::kSettled : Ahead::kWait;
        case PipeRead::kNotAPipe:
          return Ahead::kNotAPipe;
        case PipeRead::kFailed:
          Fail(step.error, step.syscall);
          return Ahead::kSettled;
      }
    }
  }

  void Run() override {
    if (!Collect(deadline_)) End("timeout");
  }

  // Reads into data_ until the record ends or fails (true: End or Fail called), or until
  // `deadline` passes with nothing to read (false: the bytes so far are kept).
  bool Collect(int64_t deadline) {
    char block[kFileBlock];
    // Elsewhere one byte per read(2), so that nothing past the record leaves the pipe or terminal.
    const size_t block_size = regular_ ? kFileBlock : 1;
    // The bytes a pipe or socket says it holds (FIONREAD) are there to read without a poll before
    // each; that poll is needed only to hear a cancellation, so only once there can be one.
    const bool count_ahead = stream_ && !Cancellable();
    // A regular file is always readable: polled likewise only to hear a cancellation.
    const bool poll = !regular_ || Cancellable();
    int waiting = 0;
    for (;;) {
      if (max_bytes_ > 0 && data_.size() >= max_bytes_) return End("limit");
      if (waiting == 0 && count_ahead && ioctl(fd_, FIONREAD, &waiting) != 0) waiting = 0;
      if (waiting == 0 && poll) {
        switch (Wait(POLLIN, deadline)) {
          case Waited::kReady:
            break;
          case Waited::kTimedOut:
            return false;
          case Waited::kCancelled:
          case Waited::kFailed:
            return true;
        }
      }
      // maxBytes 0: input is there (or EOF); nothing is consumed.
      if (max_bytes_ == 0) return End("limit");
      ssize_t count = read(fd_, block, std::min(block_size, max_bytes_ - data_.size()));
      if (count < 0) {
        if (!ShouldRetry(errno)) return Failed(errno, "read");
        waiting = 0;  // Counted, yet gone (another reader of the pipe): poll again.
        continue;
      }
      if (count == 0) return End("eof");
      waiting = std::max<int>(0, waiting - static_cast<int>(count));
      char* end = block + count;
      char* found = delimiter_ < 0 ? end : std::find(block, end, static_cast<char>(delimiter_));
      data_.insert(data_.end(), block, found);
      if (found == end) continue;
      const off_t unread = end - found - 1;
      if (unread > 0 && lseek(fd_, -unread, SEEK_CUR) < 0) return Failed(errno, "lseek");
      return End("delimiter");
    }
  }

  bool End(const char* end) {
    end_ = end;
    return true;
  }

  bool Failed(int error, const char* syscall) {
    Fail(error, syscall);
    return true;
  }

  // [data, end]: an array's elements, unlike an object's properties, need no name looked up.
  Napi::Value Result(Napi::Env env) override {
    Napi::Array result = Napi::Array::New(env, 2);
    result.Set(0u, Napi::Buffer<char>::Copy(env, data_.data(), data_.size()));
    result.Set(1u, Napi::String::New(env, end_));
    return result;
  }

  const int delimiter_;
  const size_t max_bytes_;
  const int timeout_ms_;
  // From the call on: the time TryNow took counts.
  const int64_t deadline_;
  // Set by TryNow, which always runs first.
  bool regular_ = false;
  bool stream_ = false;
  std::vector<char> data_;
  const char* end_ = nullptr;
};

Napi::Value WriteAllExport(const Napi::CallbackInfo& info) {
  int fd = info[0].As<Napi::Number>().Int32Value();
  Napi::Buffer<char> data = info[1].As<Napi::Buffer<char>>();
  // A copy: the caller's buffer may change or be collected while the thread writes.
  auto operation = std::make_shared<WriteAll>(fd, std::vector<char>(data.Data(), data.Data() + data.Length()));
  return Operation::Start(info.Env(), std::move(operation));
}

// readRecord(fd, delimiter, maxBytes, timeoutMs), checked by native/index.ts; -1 stands for null.
Napi::Value ReadRecordExport(const Napi::CallbackInfo& info) {
  int fd = info[0].As<Napi::Number>().Int32Value();
  int delimiter = info[1].As<Napi::Number>().Int32Value();
  size_t max_bytes = info[2].As<Napi::Number>().Uint32Value();
  int timeout_ms = info[3].As<Napi::Number>().Int32Value();
  auto operation = std::make_shared<ReadRecord>(fd, delimiter, max_bytes, timeout_ms);
  return Operation::Start(info.Env(), std::move(operation));
}

}  // namespace

void RegisterBlockingIo(Napi::Env env, Napi::Object exports) {
  PrepareLookAhead();
  exports.Set("writeAll", Napi::Function::New(env, WriteAllExport, "writeAll"));
  exports.Set("readRecord", Napi::Function::New(env, ReadRecordExport, "readRecord"));
}

}  // namespace quirl
