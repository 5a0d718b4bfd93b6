// Threads of the addon's own (never libuv's pool, whose four threads JS work also needs).
#pragma once

#include <functional>
#include <thread>

namespace quirl {

// Starts `body` on a new thread named `name` (at most 15 characters: what ps and /proc show)
// with every signal blocked in it: signals are the JS thread's to take. Returns 0, or the errno
// of the failed creation (then `thread` is left empty).
int StartThread(std::thread* thread, const char* name, std::function<void()> body);

}  // namespace quirl
