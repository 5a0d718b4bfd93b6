// Module init. The contract these exports implement is native/native.d.ts.
#include "addon.h"

namespace {

Napi::Object Init(Napi::Env env, Napi::Object exports) {
  quirl::RegisterBlockingIo(env, exports);
  quirl::RegisterExec(env, exports);
  quirl::RegisterFds(env, exports);
  quirl::RegisterLimits(env, exports);
  quirl::RegisterPreparing(env, exports);
  quirl::RegisterProcess(env, exports);
  quirl::RegisterSignals(env, exports);
  quirl::RegisterSpawn(env, exports);
  quirl::RegisterStaged(env, exports);
  quirl::RegisterTty(env, exports);
  quirl::RegisterWait(env, exports);
  return exports;
}

}  // namespace

NODE_API_MODULE(quirl_native, Init)
