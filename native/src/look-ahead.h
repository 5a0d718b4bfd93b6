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
    kEof,       // Nothing there, and no writer.
    kNotAPipe,  // fd is not a readable pipe (or tee(2) is missing): read it some other way.
    kFailed,    // error and syscall say what failed.
  };
  Kind kind;
  int error = 0;
  const char* syscall = nullptr;
};

// Appends to `out` what pipe `fd` holds now, at most `max` bytes (> 0) and no further than the
// first `delimiter` byte (-1: none), and consumes exactly that from the pipe. Never blocks unless
// another process reads the same pipe meanwhile. Call it on one thread only (it uses a private
// pipe of that thread's).
PipeRead ReadPipeAhead(int fd, int delimiter, size_t max, std::vector<char>* out);

}  // namespace quirl
