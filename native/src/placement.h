// Putting a descriptor plan in place in this very process: the `exec` builtin before execve,
// and a child forked to have its limits set (limits.cc). Plain system calls only, nothing
// allocated, so that a forked child of a threaded process may run it.
#pragma once

#include <vector>

namespace quirl {

// The lowest number above every slot and every source of `fds` (fds[i] becomes descriptor i).
int DescriptorFloor(const std::vector<int>& fds);

// Makes descriptor i a copy of fds[i] for each slot (without close-on-exec), or closes it where
// fds[i] < 0. Each source is first copied above `floor`, into copies[i] (room for fds.size()),
// so that placing one slot never overwrites a source another still needs; the copies are closed
// again before returning. Returns 0, or the errno of the step that failed (slots may be half
// placed then).
int PlaceDescriptors(const std::vector<int>& fds, int floor, int* copies);

}  // namespace quirl
