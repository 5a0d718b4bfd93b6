// Resource limits for the shell's children (`ulimit`): recorded here, set in each child between
// its fork and its exec, never on the shell itself, whose own limits are Node's and V8's.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <string>
#include <vector>

#include "spawn.h"

namespace quirl {

struct ChildLimit {
  int resource;  // RLIMIT_*
  struct rlimit value;
};

// The limits recorded for children: empty while they get the shell's own. Any thread may ask.
std::vector<ChildLimit> RecordedChildLimits();

// The argv or environment of an exec: pointers into `strings`, then NULL.
std::vector<char*> CStringPointers(const std::vector<std::string>& strings);

// StartProcess for when limits are recorded: a fork whose child sets them, then does what
// posix_spawn does for StartProcess (group, signals at default, empty mask, the descriptor plan,
// the directory) and execs. Reports a failed step as StartProcess does (setrlimit among them).
pid_t StartProcessWithLimits(const ProcessSpec& spec, const std::vector<ChildLimit>& limits);

}  // namespace quirl
