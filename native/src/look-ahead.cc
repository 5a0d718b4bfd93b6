// ReadPipeAhead: tee(2) copies what the pipe holds into a private pipe without consuming it; the
// copy, read back, shows where the delimiter is, and then read(2) takes exactly the record's
// bytes from the real pipe. Three system calls per record where one read(2) per byte took one per
// byte (bash and dash read a pipe so, since a shell must leave the rest to whoever reads next).
//
// The private pipe is the calling thread's, made as the addon loads, close-on-exec and non-blocking:
// it is always drained before ReadPipeAhead returns, so it holds nothing between calls.
#include "look-ahead.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

#include "fds.h"

namespace quirl {

#if defined(__linux__)

namespace {

// What one tee(2) copies at most: a few lines of a typical stream; a longer record takes more.
constexpr size_t kLookAhead = 1024;

struct PrivatePipe {
  UniqueFd read_end;
  UniqueFd write_end;
  int error = -1;  // -1: not made yet.
};

// 0 once the thread's private pipe is there, or why it could not be made.
int EnsurePrivatePipe(PrivatePipe* pipe) {
  if (pipe->error >= 0) return pipe->error;
  pipe->error = MakePipe(&pipe->read_end, &pipe->write_end);
  if (pipe->error == 0 && (fcntl(pipe->read_end.Get(), F_SETFL, O_NONBLOCK) != 0 || fcntl(pipe->write_end.Get(), F_SETFL, O_NONBLOCK) != 0)) {
    pipe->error = errno;
  }
  return pipe->error;
}

PipeRead Failed(int error, const char* syscall) { return PipeRead{PipeRead::kFailed, error, syscall}; }

PrivatePipe& ThreadPipe() {
  thread_local PrivatePipe pipe;
  return pipe;
}

}  // namespace

void PrepareLookAhead() { EnsurePrivatePipe(&ThreadPipe()); }

PipeRead ReadPipeAhead(int fd, int delimiter, size_t max, std::vector<char>* out) {
  PrivatePipe& copy = ThreadPipe();
  // Not made: the caller reads a byte at a time.
  if (EnsurePrivatePipe(&copy) != 0) return PipeRead{PipeRead::kNotAPipe};
  const size_t wanted = std::min(max, kLookAhead);
  ssize_t copied;
  do copied = tee(fd, copy.write_end.Get(), wanted, SPLICE_F_NONBLOCK);
  while (copied < 0 && errno == EINTR);
  if (copied < 0) return PipeRead{errno == EAGAIN ? PipeRead::kEmpty : PipeRead::kNotAPipe};
  if (copied == 0) return PipeRead{PipeRead::kNoWriter};

  char seen[kLookAhead];
  ssize_t drained;
  do drained = read(copy.read_end.Get(), seen, static_cast<size_t>(copied));
  while (drained < 0 && errno == EINTR);
  // The whole copy is there to read: anything else leaves the private pipe unusable.
  if (drained != copied) return Failed(drained < 0 ? errno : EIO, "read");
  const char* end = seen + copied;
  const char* found = delimiter < 0 ? end : std::find<const char*>(seen, end, static_cast<char>(delimiter));
  const size_t take = static_cast<size_t>(found - seen) + (found == end ? 0 : 1);

  const size_t start = out->size();
  out->resize(start + take);
  ssize_t count;
  do count = read(fd, out->data() + start, take);
  while (count < 0 && errno == EINTR);
  if (count < 0) {
    out->resize(start);
    return errno == EAGAIN ? PipeRead{PipeRead::kEmpty} : Failed(errno, "read");
  }
  // What read(2) returned is what was consumed: another reader may have taken bytes meanwhile.
  char* taken = out->data() + start;
  char* taken_end = taken + count;
  char* delimiter_at = delimiter < 0 ? taken_end : std::find(taken, taken_end, static_cast<char>(delimiter));
  out->resize(static_cast<size_t>(delimiter_at - out->data()));
  if (count == 0) return PipeRead{PipeRead::kNoWriter};
  return PipeRead{delimiter_at == taken_end ? PipeRead::kRead : PipeRead::kDelimited};
}

#else

void PrepareLookAhead() {}

// No tee(2) here: the caller reads a byte at a time.
PipeRead ReadPipeAhead(int, int, size_t, std::vector<char>*) { return PipeRead{PipeRead::kNotAPipe}; }

#endif

}  // namespace quirl
