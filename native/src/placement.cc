// See placement.h.
#include "placement.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace quirl {

int DescriptorFloor(const std::vector<int>& fds) {
  int floor = static_cast<int>(fds.size());
  for (int source : fds) floor = std::max(floor, source + 1);
  return std::max(floor, 3);
}

int PlaceDescriptors(const std::vector<int>& fds, int floor, int* copies) {
  const int count = static_cast<int>(fds.size());
  int error = 0;
  for (int slot = 0; slot < count; ++slot) {
    copies[slot] = -1;
    if (fds[slot] < 0 || error != 0) continue;
    copies[slot] = fcntl(fds[slot], F_DUPFD_CLOEXEC, floor);
    if (copies[slot] < 0) error = errno;
  }
  for (int slot = 0; slot < count && error == 0; ++slot) {
    if (fds[slot] < 0) {
      close(slot);
      continue;
    }
    int result;
    do result = dup2(copies[slot], slot);
    while (result < 0 && errno == EINTR);
    if (result < 0) error = errno;
  }
  for (int slot = 0; slot < count; ++slot) {
    if (copies[slot] >= 0) close(copies[slot]);
  }
  return error;
}

}  // namespace quirl
