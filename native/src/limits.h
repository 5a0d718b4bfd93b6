// What a child gets of its shell context that posix_spawn cannot give it: resource limits
// (`ulimit`, never set on the shell itself, whose own limits are Node's and V8's), a umask other
// than this process's, signals ignored that this process catches. Such a child is forked and
// sets them itself between its fork and its exec.
#pragma once

#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/types.h>

#include <string>
#include <vector>

#include <napi.h>

#include "spawn.h"

namespace quirl {

// The limits of a SpawnOptions' `limits` array (undefined: none).
std::vector<ChildLimit> ReadChildLimits(const Napi::Value& value);

// This process's umask, as setUmask last set it: what a posix_spawned child inherits. Any
// thread may ask.
mode_t ProcessUmask();

// The argv or environment of an exec: pointers into `strings`, then NULL.
std::vector<char*> CStringPointers(const std::vector<std::string>& strings);

// Whether posix_spawn cannot start spec: it has limits, ignored signals, or another umask.
bool NeedsFork(const ProcessSpec& spec);

// StartProcess for such a spec: a fork whose child does what posix_spawn does for StartProcess
// (group, signals at default, empty mask, the descriptor plan, the directory), ignores
// spec.ignored_signals, sets the umask and limits, and execs. Reports a failed step as
// StartProcess does (setrlimit among them).
pid_t StartProcessForked(const ProcessSpec& spec);

}  // namespace quirl
