// Descriptor primitives shared by the exports in fds.cc and the staged-leader channels.
#pragma once

#include <cstdint>

namespace quirl {

// Owns one descriptor and closes it on scope exit unless released.
class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  UniqueFd(UniqueFd&& other) noexcept : fd_(other.Release()) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept;
  ~UniqueFd() { Reset(); }

  int Get() const { return fd_; }
  int Release() {
    int fd = fd_;
    fd_ = -1;
    return fd;
  }
  void Reset();

 private:
  int fd_ = -1;
};

// close(2) treating EINTR as closed: Linux and macOS free the descriptor before reporting EINTR,
// so retrying could close a descriptor another thread just opened. Returns 0 or an errno.
int CloseFd(int fd);

// pipe2(O_CLOEXEC), or pipe + FD_CLOEXEC where pipe2 is missing (macOS). Returns 0 or an errno.
int MakePipe(UniqueFd* read_end, UniqueFd* write_end);

// The CLOCK_MONOTONIC time, in milliseconds.
int64_t MonotonicMs();

// The CLOCK_MONOTONIC time, in milliseconds, timeout_ms from now.
int64_t DeadlineAfter(int timeout_ms);

// Waits until the deadline for fd to be readable (or at EOF or in error), retrying EINTR.
// Returns 1 when readable, 0 on timeout, or -errno.
int WaitReadable(int fd, int64_t deadline_ms);

}  // namespace quirl
