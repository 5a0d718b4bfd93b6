// startPreparingGroup, finishPreparingGroup: a prepared staged leader and its group's anchor,
// spawned on a background thread.
//
// posix_spawn returns only once its child has exec'd, and exec is most of a spawn's cost, so a
// group prepared on the shell's own thread holds the shell for two execs while its job runs. On
// a thread of its own, the preparation runs on another core, and the shell only collects it.
// The thread makes no decision: it performs the two spawns and keeps what came of them, and
// the shell's TypeScript verifies, waits for readiness and unwinds, as for a group made inline.
#include <memory>
#include <optional>
#include <thread>
#include <utility>

#include "addon.h"
#include "errors.h"
#include "spawn.h"
#include "staged.h"
#include "threads.h"

namespace quirl {

namespace {

class GroupPreparation {
 public:
  explicit GroupPreparation(ProcessSpec anchor) : anchor_(std::move(anchor)) {}

  // Dropped unfinished (its JS handle collected), it still waits for the thread that writes it.
  // The helper's channels close with it, so the helper exits; the caller owns the anchor's stdin.
  ~GroupPreparation() { Join(); }

  GroupPreparation(const GroupPreparation&) = delete;
  GroupPreparation& operator=(const GroupPreparation&) = delete;

  // Returns 0 or an errno.
  int Start() {
    return StartThread(&thread_, "quirl-prepare", [this] { Run(); });
  }

  void Join() {
    if (thread_.joinable()) thread_.join();
  }

  bool finished = false;
  std::optional<PreparedHelper> helper;
  std::optional<SystemError> helper_error;
  pid_t anchor_pid = 0;
  std::optional<SystemError> anchor_error;

 private:
  void Run() {
    try {
      helper = StartPreparedHelper();
    } catch (const SystemError& failure) {
      helper_error = failure;
      return;
    }
    anchor_.pgid = helper->pid;
    try {
      anchor_pid = StartProcess(anchor_);
    } catch (const SystemError& failure) {
      anchor_error = failure;
    }
  }

  ProcessSpec anchor_;
  std::thread thread_;
};

Napi::Value StartPreparingGroup(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  auto preparation = std::make_unique<GroupPreparation>(ReadSpawnOptions(info[0].As<Napi::Object>()));
  if (int error = preparation->Start()) throw ErrnoError(env, error, "pthread_create");
  return Napi::External<GroupPreparation>::New(env, preparation.release(), [](Napi::Env, GroupPreparation* dropped) { delete dropped; });
}

Napi::Value FinishPreparingGroup(const Napi::CallbackInfo& info) {
  Napi::Env env = info.Env();
  GroupPreparation* preparation = info[0].As<Napi::External<GroupPreparation>>().Data();
  if (preparation->finished) throw Napi::TypeError::New(env, "finishPreparingGroup: this preparation was finished already");
  preparation->Join();
  preparation->finished = true;
  if (preparation->helper_error) throw ErrnoError(env, *preparation->helper_error);

  Napi::Object anchor = Napi::Object::New(env);
  if (preparation->anchor_error) {
    anchor.Set("kind", "failed");
    anchor.Set("error", ErrnoError(env, *preparation->anchor_error).Value());
  } else {
    anchor.Set("kind", "spawned");
    anchor.Set("pid", preparation->anchor_pid);
  }
  Napi::Object result = Napi::Object::New(env);
  result.Set("staged", PreparedChildObject(env, std::move(*preparation->helper)));
  result.Set("anchor", anchor);
  preparation->helper.reset();
  return result;
}

}  // namespace

void RegisterPreparing(Napi::Env env, Napi::Object exports) {
  exports.Set("startPreparingGroup", Napi::Function::New(env, StartPreparingGroup, "startPreparingGroup"));
  exports.Set("finishPreparingGroup", Napi::Function::New(env, FinishPreparingGroup, "finishPreparingGroup"));
}

}  // namespace quirl
