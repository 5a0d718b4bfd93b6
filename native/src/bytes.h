// Paths, arguments and environment entries arrive as Buffers: their bytes exactly as the shell
// holds them (a string's Utf8Value would turn a byte that is not UTF-8 into EF BF BD).
#pragma once

#include <napi.h>

#include <string>

namespace quirl {

// The bytes of a Buffer the TypeScript wrapper checked (it holds no NUL).
inline std::string BytesOf(const Napi::Value& value) {
  Napi::Buffer<char> buffer = value.As<Napi::Buffer<char>>();
  return std::string(buffer.Data(), buffer.Length());
}

// A Buffer holding `bytes`, for a value that is read back with BytesOf.
inline Napi::Buffer<char> BufferOf(Napi::Env env, const std::string& bytes) {
  return Napi::Buffer<char>::Copy(env, bytes.data(), bytes.size());
}

}  // namespace quirl
