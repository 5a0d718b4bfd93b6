// Reading a pipe up to a delimiter without consuming past it, in a few system calls rather than
// one read(2) per byte.
#pragma once

#include <cstddef>
#include <vector>

namespace quirl {

struct PipeRead {
  enum Kind {
    kRead,      // Bytes appended (or the delimiter alone consumed).
    kDelimited, // Bytes appended up to the delimiter, which was consumed and not appended.
    kEmpty,     // Nothing there now; writers remain.
    kNoWriter,  // Nothing there, and no writer now: EOF, or a FIFO's writer yet to come (a poll tells).
    kNotAPipe,  // fd is not a readable pipe (or tee(2) is missing): read it some other way.
    kFailed,    // error and syscall say what failed.
  };
  Kind kind;
  int error = 0;
  const char* syscall = nullptr;
};

// Makes the calling thread's private pipe, as the addon loads: a descriptor pair the shell holds
// from the start, not one that appears with the first read.
void PrepareLookAhead();

// Appends to `out` what pipe `fd` holds now, at most `max` bytes (> 0) and no further than the
// first `delimiter` byte (-1: none), and consumes exactly that from the pipe. Never blocks unless
// another process reads the same pipe meanwhile. Uses the calling thread's private pipe (made
// here if PrepareLookAhead was not called on this thread).
PipeRead ReadPipeAhead(int fd, int delimiter, size_t max, std::vector<char>* out);

}  // namespace quirl
