// Each source file registers its own exports; addon.cc only calls these.
#pragma once

#include <napi.h>

namespace quirl {

void RegisterBlockingIo(Napi::Env env, Napi::Object exports);  // writeAll, readRecord
void RegisterExec(Napi::Env env, Napi::Object exports);     // execve
void RegisterFds(Napi::Env env, Napi::Object exports);      // pipe, open, close, setBlocking, readTimeout
void RegisterLimits(Napi::Env env, Napi::Object exports);   // getResourceLimit, setChildLimits, childTimes
void RegisterPreparing(Napi::Env env, Napi::Object exports);  // startPreparingGroup, finishPreparingGroup
void RegisterProcess(Napi::Env env, Napi::Object exports);  // kill, killpg, getpgid, getpgrp, setpgid
void RegisterSignals(Napi::Env env, Napi::Object exports);  // setSignalDisposition
void RegisterSpawn(Napi::Env env, Napi::Object exports);    // spawn
void RegisterStaged(Napi::Env env, Napi::Object exports);   // spawnStaged, releaseStaged, abandonStaged, releasePrepared
void RegisterTty(Napi::Env env, Napi::Object exports);      // tcgetpgrp, tcsetpgrp, tcgetattr, tcsetattr, termiosForRead
void RegisterWait(Napi::Env env, Napi::Object exports);     // waitPid, reapKilled

}  // namespace quirl
