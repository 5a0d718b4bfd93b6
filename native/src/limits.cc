// getResourceLimit, setUmask, childTimes: what `ulimit`, `umask` and `times` need of the system.
//
// posix_spawn has no attribute for resource limits or the umask, and can only keep ignored a
// signal this process ignores too; changing any of them on the shell around a spawn would change
// them for Node's own threads (and the shell's concurrent pipeline stages) meanwhile. So a child
// that must have them is forked instead, and sets them itself before exec. Only then: the
// ordinary path stays posix_spawn, whose child runs no code of ours.
#include "limits.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cmath>
#include <limits>
#include <string>

#include "addon.h"
#include "errors.h"
#include "fds.h"
#include "placement.h"

namespace quirl {

namespace {

// Read once at load (umask can only be read by setting it), then kept by setUmask.
std::atomic<mode_t> process_umask{[] {
  mode_t mask = umask(0);
  umask(mask);
  return mask;
}()};

struct NamedResource {
  const char* name;
  int resource;
};

// The resources by the names native.d.ts gives them; those a platform lacks are absent.
const NamedResource kResources[] = {
    {"core", RLIMIT_CORE},     {"cpu", RLIMIT_CPU},     {"data", RLIMIT_DATA},   {"fsize", RLIMIT_FSIZE},
    {"nofile", RLIMIT_NOFILE}, {"stack", RLIMIT_STACK}, {"as", RLIMIT_AS},
#if defined(RLIMIT_NPROC)
    {"nproc", RLIMIT_NPROC},
#endif
#if defined(RLIMIT_MEMLOCK)
    {"memlock", RLIMIT_MEMLOCK},
#endif
#if defined(RLIMIT_RSS)
    {"rss", RLIMIT_RSS},
#endif
#if defined(RLIMIT_LOCKS)
    {"locks", RLIMIT_LOCKS},
#endif
#if defined(RLIMIT_SIGPENDING)
    {"sigpending", RLIMIT_SIGPENDING},
#endif
#if defined(RLIMIT_MSGQUEUE)
    {"msgqueue", RLIMIT_MSGQUEUE},
#endif
#if defined(RLIMIT_NICE)
    {"nice", RLIMIT_NICE},
#endif
#if defined(RLIMIT_RTPRIO)
    {"rtprio", RLIMIT_RTPRIO},
#endif
#if defined(RLIMIT_RTTIME)
    {"rttime", RLIMIT_RTTIME},
#endif
};

int ResourceNamed(Napi::Env env, const Napi::Value& value) {
  std::string name = value.As<Napi::String>().Utf8Value();
  for (const NamedResource& entry : kResources) {
    if (name == entry.name) return entry.resource;
  }
  throw ErrnoError(env, EINVAL, "getrlimit", name.c_str());
}

// RLIM_INFINITY is Infinity in JavaScript, and back.
double ToNumber(rlim_t value) {
  return value == RLIM_INFINITY ? std::numeric_limits<double>::infinity() : static_cast<double>(value);
}

rlim_t FromNumber(double value) {
  return std::isinf(value) ? RLIM_INFINITY : static_cast<rlim_t>(value);
}

Napi::Value GetResourceLimit(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  struct rlimit value;
  if (getrlimit(ResourceNamed(env, info[0]), &value) != 0) throw ErrnoError(env, errno, "getrlimit");
  Napi::Object result = Napi::Object::New(env);
  result.Set("soft", ToNumber(value.rlim_cur));
  result.Set("hard", ToNumber(value.rlim_max));
  return result;
}

void SetUmask(const Napi::CallbackInfo& info) {
  mode_t mask = static_cast<mode_t>(info[0].As<Napi::Number>().Uint32Value());
  umask(mask);
  process_umask = mask;
}

Napi::Value ChildTimes(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  struct rusage usage;
  if (getrusage(RUSAGE_CHILDREN, &usage) != 0) throw ErrnoError(env, errno, "getrusage");
  Napi::Object result = Napi::Object::New(env);
  result.Set("user", usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6);
  result.Set("system", usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6);
  return result;
}

// The step a forked child failed at, as it reports it on its status pipe.
enum Step : int { kSetpgid = 1, kDup2, kChdir, kSetrlimit, kExecve };

struct Failure {
  int step;
  int error;
};

const char* StepName(int step) {
  switch (step) {
    case kSetpgid: return "setpgid";
    case kDup2: return "dup2";
    case kChdir: return "chdir";
    case kSetrlimit: return "setrlimit";
    default: return "execve";
  }
}

// Every descriptor from `first` up: close_range where the kernel has it, else one by one.
void CloseFrom(int first, int open_max) {
#if defined(SYS_close_range)
  if (syscall(SYS_close_range, first, ~0U, 0) == 0) return;
#endif
  for (int fd = first; fd < open_max; ++fd) close(fd);
}

// The forked child: only system calls on what the parent prepared, then exec or report and exit.
[[noreturn]] void RunChild(const ProcessSpec& spec, int status_fd, int floor, int* copies,
                           int open_max, char* const* argv, char* const* envp) {
  auto fail = [&status_fd](int step) {
    Failure record{step, errno};
    ssize_t ignored = write(status_fd, &record, sizeof record);
    (void)ignored;
    _exit(record.error == ENOENT ? 127 : 126);
  };
  struct sigaction default_action = {};
  default_action.sa_handler = SIG_DFL;
  sigemptyset(&default_action.sa_mask);
  for (int signal_number = 1; signal_number < NSIG; ++signal_number) sigaction(signal_number, &default_action, nullptr);
  struct sigaction ignore_action = {};
  ignore_action.sa_handler = SIG_IGN;
  sigemptyset(&ignore_action.sa_mask);
  for (int signal_number : spec.ignored_signals) sigaction(signal_number, &ignore_action, nullptr);
  if (spec.umask) umask(*spec.umask);
  if (spec.pgid && setpgid(0, *spec.pgid) != 0) fail(kSetpgid);
  // The status pipe goes right above the plan, out of every source's and slot's way.
  int moved = fcntl(status_fd, F_DUPFD_CLOEXEC, floor);
  if (moved < 0) fail(kDup2);
  status_fd = moved;
  if (int error = PlaceDescriptors(spec.fds, floor, copies)) {
    errno = error;
    fail(kDup2);
  }
  const int count = static_cast<int>(spec.fds.size());
  if (dup2(status_fd, count) < 0 || fcntl(count, F_SETFD, FD_CLOEXEC) < 0) fail(kDup2);
  status_fd = count;
  CloseFrom(count + 1, open_max);
  if (spec.cwd && chdir(spec.cwd->c_str()) != 0) fail(kChdir);
  for (const ChildLimit& limit : spec.limits) {
    if (setrlimit(limit.resource, &limit.value) != 0) fail(kSetrlimit);
  }
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  execve(spec.file.c_str(), argv, envp);
  fail(kExecve);
  _exit(127);
}

}  // namespace

std::vector<char*> CStringPointers(const std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  pointers.reserve(strings.size() + 1);
  for (const std::string& text : strings) pointers.push_back(const_cast<char*>(text.c_str()));
  pointers.push_back(nullptr);
  return pointers;
}

std::vector<ChildLimit> ReadChildLimits(const Napi::Value& value) {
  std::vector<ChildLimit> limits;
  if (!value.IsArray()) return limits;
  Napi::Array list = value.As<Napi::Array>();
  for (uint32_t i = 0; i < list.Length(); ++i) {
    Napi::Object entry = list.Get(i).As<Napi::Object>();
    ChildLimit limit;
    limit.resource = ResourceNamed(value.Env(), entry.Get("resource"));
    limit.value.rlim_cur = FromNumber(entry.Get("soft").As<Napi::Number>().DoubleValue());
    limit.value.rlim_max = FromNumber(entry.Get("hard").As<Napi::Number>().DoubleValue());
    limits.push_back(limit);
  }
  return limits;
}

mode_t ProcessUmask() { return process_umask; }

bool NeedsFork(const ProcessSpec& spec) {
  return !spec.limits.empty() || !spec.ignored_signals.empty() || (spec.umask && *spec.umask != ProcessUmask());
}

pid_t StartProcessForked(const ProcessSpec& spec) {
  std::vector<char*> argv = CStringPointers(spec.argv);
  std::vector<char*> envp = CStringPointers(spec.env);
  std::vector<int> copies(spec.fds.size() + 1);
  const int floor = DescriptorFloor(spec.fds);
  struct rlimit files;
  const int open_max = getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur != RLIM_INFINITY ? static_cast<int>(files.rlim_cur) : 65536;
  UniqueFd status_read, status_write;
  if (int error = MakePipe(&status_read, &status_write)) throw SystemError{error, "pipe", {}};

  // No handler of Node's may run in the child before it has put every signal back to default.
  sigset_t every_signal, previous;
  sigfillset(&every_signal);
  pthread_sigmask(SIG_SETMASK, &every_signal, &previous);
  pid_t pid = fork();
  if (pid == 0) RunChild(spec, status_write.Get(), floor, copies.data(), open_max, argv.data(), envp.data());
  int fork_error = errno;
  pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  if (pid < 0) throw SystemError{fork_error, "fork", {}};
  status_write.Reset();

  // EOF: close-on-exec closed the child's end, so the exec happened.
  Failure record;
  ssize_t got;
  do got = read(status_read.Get(), &record, sizeof record);
  while (got < 0 && errno == EINTR);
  if (got == 0) return pid;
  int status;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  if (got != static_cast<ssize_t>(sizeof record)) throw SystemError{EPROTO, "fork", {}};
  const char* step = StepName(record.step);
  std::string path = record.step == kExecve ? spec.file : record.step == kChdir ? spec.cwd.value_or("") : std::string();
  throw SystemError{record.error, step, path};
}

void RegisterLimits(Napi::Env env, Napi::Object exports) {
  exports.Set("getResourceLimit", Napi::Function::New(env, GetResourceLimit, "getResourceLimit"));
  exports.Set("setUmask", Napi::Function::New(env, SetUmask, "setUmask"));
  exports.Set("childTimes", Napi::Function::New(env, ChildTimes, "childTimes"));
}

}  // namespace quirl
