// spawn(): posix_spawn into a process group.
//
// Nothing of ours runs in the child between its creation and exec: posix_spawn performs every
// step there (glibc runs only async-signal-safe calls in a CLONE_VFORK child; macOS does it all
// in one system call), driven by the attributes and file actions built here in the parent.
#include "spawn.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>

#include "addon.h"
#include "bytes.h"
#include "errors.h"
#include "limits.h"
#include "staged.h"

// Which spawn extensions beyond POSIX this platform has:
// - closing every descriptor not in the plan: glibc 2.34's addclosefrom_np, or macOS's
//   POSIX_SPAWN_CLOEXEC_DEFAULT; elsewhere the parent lists its open descriptors and closes each.
// - keeping a descriptor at its own number although the parent marked it close-on-exec: glibc
//   2.29+ clears FD_CLOEXEC for adddup2(fd, fd) (Austin Group issue 411), macOS has
//   addinherit_np; elsewhere the descriptor makes a round trip through a spare number.
// - changing directory: addchdir_np in glibc 2.29+, macOS 10.15+ and musl 1.1.24+ (which has
//   no version macro, hence "Linux without glibc").
#if defined(__GLIBC__)
#define QUIRL_GLIBC_AT_LEAST(minor) (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= (minor)))
#else
#define QUIRL_GLIBC_AT_LEAST(minor) 0
#endif
#if QUIRL_GLIBC_AT_LEAST(34)
#define QUIRL_SPAWN_CLOSEFROM 1
#elif defined(__APPLE__)
#define QUIRL_SPAWN_CLOEXEC_DEFAULT 1
#endif
#if QUIRL_GLIBC_AT_LEAST(29) || defined(__APPLE__)
#define QUIRL_SPAWN_KEEP_IN_PLACE 1
#endif
#if QUIRL_GLIBC_AT_LEAST(29) || defined(__APPLE__) || (defined(__linux__) && !defined(__GLIBC__))
#define QUIRL_SPAWN_ADDCHDIR 1
#endif

namespace quirl {

namespace {

void Check(int error, const char* call) {
  if (error != 0) throw SystemError{error, call, {}};
}

class SpawnAttributes {
 public:
  SpawnAttributes() { Check(posix_spawnattr_init(&attributes_), "posix_spawnattr_init"); }
  ~SpawnAttributes() { posix_spawnattr_destroy(&attributes_); }
  SpawnAttributes(const SpawnAttributes&) = delete;
  SpawnAttributes& operator=(const SpawnAttributes&) = delete;
  posix_spawnattr_t* Get() { return &attributes_; }

 private:
  posix_spawnattr_t attributes_;
};

// The child's descriptor and directory steps, in the order the child performs them.
class FileActions {
 public:
  FileActions() { Check(posix_spawn_file_actions_init(&actions_), "posix_spawn_file_actions_init"); }
  ~FileActions() { posix_spawn_file_actions_destroy(&actions_); }
  FileActions(const FileActions&) = delete;
  FileActions& operator=(const FileActions&) = delete;
  const posix_spawn_file_actions_t* Get() const { return &actions_; }

  void Dup2(int from, int to) {
    Check(posix_spawn_file_actions_adddup2(&actions_, from, to), "posix_spawn_file_actions_adddup2");
  }

  void Close(int fd) {
    Check(posix_spawn_file_actions_addclose(&actions_, fd), "posix_spawn_file_actions_addclose");
  }

  // The child keeps the parent's fd at the same number, open across exec.
  void KeepInPlace(int fd) {
#if defined(__APPLE__)
    Check(posix_spawn_file_actions_addinherit_np(&actions_, fd), "posix_spawn_file_actions_addinherit_np");
#else
    Dup2(fd, fd);
#endif
  }

  // A descriptor below the plan's size that the plan leaves closed.
  void CloseSlot(int fd) {
#if defined(QUIRL_SPAWN_CLOEXEC_DEFAULT)
    (void)fd;  // no action names it, so exec closes it
#elif defined(QUIRL_SPAWN_CLOSEFROM)
    Close(fd);  // glibc ignores EBADF from a close action
#else
    if (fcntl(fd, F_GETFD) != -1) Close(fd);  // other implementations may fail on EBADF
#endif
  }

  // Every descriptor from `first` up, except the spares in [spare_begin, spare_end), which are
  // closed by then already.
  void CloseFrom(int first, int spare_begin, int spare_end) {
#if defined(QUIRL_SPAWN_CLOSEFROM)
    (void)spare_begin;
    (void)spare_end;
    Check(posix_spawn_file_actions_addclosefrom_np(&actions_, first), "posix_spawn_file_actions_addclosefrom_np");
#elif defined(QUIRL_SPAWN_CLOEXEC_DEFAULT)
    (void)first;  // POSIX_SPAWN_CLOEXEC_DEFAULT closes them
    (void)spare_begin;
    (void)spare_end;
#else
    // Racy only against a descriptor another thread opens without O_CLOEXEC meanwhile; libuv
    // opens none.
    DIR* listing = opendir("/dev/fd");
    if (listing == nullptr) throw SystemError{errno, "opendir", "/dev/fd"};
    std::vector<int> open_fds;
    while (dirent* entry = readdir(listing)) {
      char* end;
      long fd = std::strtol(entry->d_name, &end, 10);
      if (*end == '\0' && end != entry->d_name) open_fds.push_back(static_cast<int>(fd));
    }
    int listing_fd = dirfd(listing);
    closedir(listing);
    for (int fd : open_fds) {
      if (fd >= first && fd != listing_fd && (fd < spare_begin || fd >= spare_end)) Close(fd);
    }
#endif
  }

  void Chdir(const std::string& path) {
#if defined(QUIRL_SPAWN_ADDCHDIR)
    Check(posix_spawn_file_actions_addchdir_np(&actions_, path.c_str()), "posix_spawn_file_actions_addchdir_np");
#else
    // The parent's directory is process-wide, so changing it around the spawn would race every
    // other thread; without the action a cwd cannot be honoured.
    throw SystemError{ENOSYS, "posix_spawn_file_actions_addchdir_np", path};
#endif
  }

 private:
  posix_spawn_file_actions_t actions_;
};

#if defined(QUIRL_SPAWN_KEEP_IN_PLACE)
constexpr bool kCanKeepInPlace = true;
#else
constexpr bool kCanKeepInPlace = false;
#endif

// Whether the child gets the parent's `fd` at its own number with no action at all: it is open
// without close-on-exec, and no action closes every descriptor the plan does not name (macOS's
// CLOEXEC_DEFAULT does). Node opens its standard descriptors close-on-exec; a shell's are
// inheritable, so 0-2 are made so the first time a plan keeps one in place, after which nearly
// every command needs no descriptor action but the closefrom (glibc checks the descriptor limit,
// one getrlimit, per dup2 action, and the child pays two fcntl for each). That changes nothing a
// child sees: every spawn of ours places 0-2 explicitly, as libuv's do.
bool IsInheritable(int fd) {
#if defined(QUIRL_SPAWN_CLOEXEC_DEFAULT)
  (void)fd;
  return false;
#else
  int flags = fcntl(fd, F_GETFD);
  if (flags < 0) return false;  // the dup2 action reports the bad descriptor
  if ((flags & FD_CLOEXEC) == 0) return true;
  return fd <= STDERR_FILENO && fcntl(fd, F_SETFD, flags & ~FD_CLOEXEC) == 0;
#endif
}

// Adds the actions that leave the child with exactly fds[i] as descriptor i, and nothing else.
void AddDescriptorTable(FileActions& actions, const std::vector<int>& fds) {
  const int count = static_cast<int>(fds.size());
  // The actions run in order, so a source that is also some slot's target would be overwritten
  // before a later slot reads it (fds = {1, 0}: dup2(1, 0), then dup2(0, 1) copies the new 0).
  // Such sources are first copied to spare numbers above every source and target.
  int spare_begin = count;
  for (int source : fds) spare_begin = std::max(spare_begin, source + 1);
  int spare_end = spare_begin;
  std::vector<int> spare(count, -1);  // indexed by source, for sources below count
  for (int source : fds) {
    if (source < 0 || source >= count || spare[source] >= 0) continue;
    if (fds[source] != source || !kCanKeepInPlace) {
      spare[source] = spare_end++;
      actions.Dup2(source, spare[source]);
    }
  }
  for (int slot = 0; slot < count; ++slot) {
    int source = fds[slot];
    if (source < 0) {
      actions.CloseSlot(slot);
    } else if (source < count && spare[source] >= 0) {
      actions.Dup2(spare[source], slot);
    } else if (source == slot) {
      if (!IsInheritable(slot)) actions.KeepInPlace(slot);
    } else {
      actions.Dup2(source, slot);
    }
  }
  for (int fd = spare_begin; fd < spare_end; ++fd) actions.Close(fd);
  actions.CloseFrom(count, spare_begin, spare_end);
}

bool IsSearchableDirectory(const std::string& path) {
  struct stat status;
  return stat(path.c_str(), &status) == 0 && S_ISDIR(status.st_mode) && access(path.c_str(), X_OK) == 0;
}

// posix_spawn returns one errno for whichever step of the child failed, without naming the step
// (so a missing cwd looks like a missing program). The steps the parent can re-check are checked
// in the order the child performs them; whatever is left is the exec.
SystemError SpawnFailure(int error, const ProcessSpec& spec) {
  if (spec.pgid.value_or(0) != 0 && kill(-*spec.pgid, 0) != 0) return {error, "setpgid", {}};
  for (int source : spec.fds) {
    if (source >= 0 && fcntl(source, F_GETFD) == -1) return {error, "dup2", {}};
  }
  if (spec.cwd && !IsSearchableDirectory(*spec.cwd)) return {error, "chdir", *spec.cwd};
  return {error, "execve", spec.file};
}

// Every signal, for SETSIGDEF. glibc's sigfillset leaves out the signals it reserves for itself
// (32 and 33, below SIGRTMIN), and its posix_spawn then sets those to SIG_IGN in the child, which
// exec keeps: programs that are not glibc's (Go, musl) would start with them ignored, where a
// fork+exec shell hands them over at their defaults. sigaddset refuses them, so their bits are
// set directly; glibc's child honours them like any other member of the set.
// SIGKILL and SIGSTOP are left out: their disposition cannot change, and asking for it fails.
void FillEverySignal(sigset_t* set) {
  sigfillset(set);
  sigdelset(set, SIGKILL);
  sigdelset(set, SIGSTOP);
#if defined(__GLIBC__) && defined(__SIGRTMIN)
  constexpr size_t kBitsPerWord = 8 * sizeof set->__val[0];
  for (int reserved = __SIGRTMIN; reserved < SIGRTMIN; ++reserved) {
    set->__val[(reserved - 1) / kBitsPerWord] |= 1UL << ((reserved - 1) % kBitsPerWord);
  }
#endif
}

std::vector<char*> CStrings(const std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  pointers.reserve(strings.size() + 1);
  for (const std::string& text : strings) pointers.push_back(const_cast<char*>(text.c_str()));
  pointers.push_back(nullptr);
  return pointers;
}

std::vector<std::string> ReadByteStrings(const Napi::Value& value) {
  Napi::Array array = value.As<Napi::Array>();
  std::vector<std::string> strings;
  strings.reserve(array.Length());
  for (uint32_t i = 0; i < array.Length(); ++i) strings.push_back(BytesOf(array.Get(i)));
  return strings;
}

// The entries of a block in which each one is followed by a NUL (how the environment arrives).
std::vector<std::string> SplitBlock(const std::string& block) {
  std::vector<std::string> entries;
  for (size_t start = 0; start < block.size();) {
    size_t end = std::min(block.find('\0', start), block.size());
    entries.emplace_back(block, start, end - start);
    start = end + 1;
  }
  return entries;
}

Napi::Value Spawn(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  ProcessSpec spec = ReadSpawnOptions(info[0].As<Napi::Object>());
  return Napi::Number::New(env, spec.ignore_interrupts ? SpawnIgnoringInterrupts(env, spec) : SpawnProcess(env, spec));
}

}  // namespace

ProcessSpec ReadSpawnOptions(const Napi::Object& options) {
  ProcessSpec spec;
  spec.file = BytesOf(options.Get("file"));
  spec.argv = ReadByteStrings(options.Get("argv"));
  spec.env = SplitBlock(BytesOf(options.Get("env")));
  Napi::Value cwd = options.Get("cwd");
  if (!cwd.IsNull()) spec.cwd = BytesOf(cwd);
  // Absent where the group is not the caller's choice (an anchor joins the group it prepares).
  Napi::Value group_value = options.Get("group");
  if (group_value.IsObject()) {
    Napi::Object group = group_value.As<Napi::Object>();
    std::string kind = group.Get("kind").As<Napi::String>().Utf8Value();
    if (kind == "join") spec.pgid = group.Get("pgid").As<Napi::Number>().Int32Value();
    if (kind == "shell") spec.pgid.reset();
  }
  spec.ignore_interrupts = options.Get("ignoreInterrupts").ToBoolean().Value();
  Napi::Value mask = options.Get("umask");
  if (mask.IsNumber()) spec.umask = static_cast<mode_t>(mask.As<Napi::Number>().Uint32Value());
  spec.limits = ReadChildLimits(options.Get("limits"));
  Napi::Value ignored = options.Get("ignoredSignals");
  if (ignored.IsArray()) {
    Napi::Array signals = ignored.As<Napi::Array>();
    for (uint32_t i = 0; i < signals.Length(); ++i) spec.ignored_signals.push_back(signals.Get(i).As<Napi::Number>().Int32Value());
  }
  Napi::Array fds = options.Get("fds").As<Napi::Array>();
  spec.fds.reserve(fds.Length());
  for (uint32_t i = 0; i < fds.Length(); ++i) spec.fds.push_back(fds.Get(i).As<Napi::Number>().Int32Value());
  return spec;
}

pid_t SpawnProcess(Napi::Env env, const ProcessSpec& spec) {
  try {
    return StartProcess(spec);
  } catch (const SystemError& failure) {
    throw ErrnoError(env, failure);
  }
}

pid_t StartProcess(const ProcessSpec& spec) {
  // posix_spawn cannot set a child's resource limits or umask, nor ignore a signal Node catches.
  if (NeedsFork(spec)) return StartProcessForked(spec);
  SpawnAttributes attributes;
  // Node ignores SIGPIPE and SIGXFSZ, and ignored signals survive exec: without SETSIGDEF over
  // every signal, `yes | head -1` prints "Broken pipe".
  short flags = POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK;
  // Without SETPGROUP the child stays in the shell's group (a shell without job control).
  if (spec.pgid) flags |= POSIX_SPAWN_SETPGROUP;
#if defined(QUIRL_SPAWN_CLOEXEC_DEFAULT)
  flags |= POSIX_SPAWN_CLOEXEC_DEFAULT;
#endif
  sigset_t every_signal, no_signal;
  FillEverySignal(&every_signal);
  sigemptyset(&no_signal);
  Check(posix_spawnattr_setflags(attributes.Get(), flags), "posix_spawnattr_setflags");
  if (spec.pgid) Check(posix_spawnattr_setpgroup(attributes.Get(), *spec.pgid), "posix_spawnattr_setpgroup");
  Check(posix_spawnattr_setsigdefault(attributes.Get(), &every_signal), "posix_spawnattr_setsigdefault");
  Check(posix_spawnattr_setsigmask(attributes.Get(), &no_signal), "posix_spawnattr_setsigmask");

  FileActions actions;
  AddDescriptorTable(actions, spec.fds);
  if (spec.cwd) actions.Chdir(*spec.cwd);

  std::vector<char*> argv = CStrings(spec.argv);
  std::vector<char*> envp = CStrings(spec.env);
  pid_t pid;
  int error = posix_spawn(&pid, spec.file.c_str(), actions.Get(), attributes.Get(), argv.data(), envp.data());
  if (error != 0) throw SpawnFailure(error, spec);
  return pid;
}

void RegisterSpawn(Napi::Env env, Napi::Object exports) {
  exports.Set("spawn", Napi::Function::New(env, Spawn, "spawn"));
}

}  // namespace quirl
