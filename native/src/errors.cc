#include "errors.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <string>

namespace quirl {

namespace {

struct ErrnoEntry {
  int number;
  const char* name;
};

// POSIX's errno names, each guarded because platforms differ in which they define. Where two
// names share a number (EAGAIN/EWOULDBLOCK, ENOTSUP/EOPNOTSUPP on Linux), the first listed wins,
// which matches the name Node reports.
#define QUIRL_ERRNO(name) {name, #name},
const ErrnoEntry kErrnoNames[] = {
    QUIRL_ERRNO(E2BIG) QUIRL_ERRNO(EACCES) QUIRL_ERRNO(EADDRINUSE) QUIRL_ERRNO(EADDRNOTAVAIL)
    QUIRL_ERRNO(EAFNOSUPPORT) QUIRL_ERRNO(EAGAIN) QUIRL_ERRNO(EALREADY) QUIRL_ERRNO(EBADF)
    QUIRL_ERRNO(EBADMSG) QUIRL_ERRNO(EBUSY) QUIRL_ERRNO(ECANCELED) QUIRL_ERRNO(ECHILD)
    QUIRL_ERRNO(ECONNABORTED) QUIRL_ERRNO(ECONNREFUSED) QUIRL_ERRNO(ECONNRESET)
    QUIRL_ERRNO(EDEADLK) QUIRL_ERRNO(EDESTADDRREQ) QUIRL_ERRNO(EDOM) QUIRL_ERRNO(EDQUOT)
    QUIRL_ERRNO(EEXIST) QUIRL_ERRNO(EFAULT) QUIRL_ERRNO(EFBIG) QUIRL_ERRNO(EHOSTUNREACH)
    QUIRL_ERRNO(EIDRM) QUIRL_ERRNO(EILSEQ) QUIRL_ERRNO(EINPROGRESS) QUIRL_ERRNO(EINTR)
    QUIRL_ERRNO(EINVAL) QUIRL_ERRNO(EIO) QUIRL_ERRNO(EISCONN) QUIRL_ERRNO(EISDIR)
    QUIRL_ERRNO(ELOOP) QUIRL_ERRNO(EMFILE) QUIRL_ERRNO(EMLINK) QUIRL_ERRNO(EMSGSIZE)
    QUIRL_ERRNO(ENAMETOOLONG) QUIRL_ERRNO(ENETDOWN) QUIRL_ERRNO(ENETRESET)
    QUIRL_ERRNO(ENETUNREACH) QUIRL_ERRNO(ENFILE) QUIRL_ERRNO(ENOBUFS) QUIRL_ERRNO(ENODEV)
    QUIRL_ERRNO(ENOENT) QUIRL_ERRNO(ENOEXEC) QUIRL_ERRNO(ENOLCK) QUIRL_ERRNO(ENOLINK)
    QUIRL_ERRNO(ENOMEM) QUIRL_ERRNO(ENOMSG) QUIRL_ERRNO(ENOPROTOOPT) QUIRL_ERRNO(ENOSPC)
    QUIRL_ERRNO(ENOSYS) QUIRL_ERRNO(ENOTCONN) QUIRL_ERRNO(ENOTDIR) QUIRL_ERRNO(ENOTEMPTY)
    QUIRL_ERRNO(ENOTRECOVERABLE) QUIRL_ERRNO(ENOTSOCK) QUIRL_ERRNO(ENOTSUP) QUIRL_ERRNO(ENOTTY)
    QUIRL_ERRNO(ENXIO) QUIRL_ERRNO(EOPNOTSUPP) QUIRL_ERRNO(EOVERFLOW) QUIRL_ERRNO(EOWNERDEAD)
    QUIRL_ERRNO(EPERM) QUIRL_ERRNO(EPIPE) QUIRL_ERRNO(EPROTO) QUIRL_ERRNO(EPROTONOSUPPORT)
    QUIRL_ERRNO(EPROTOTYPE) QUIRL_ERRNO(ERANGE) QUIRL_ERRNO(EROFS) QUIRL_ERRNO(ESPIPE)
    QUIRL_ERRNO(ESRCH) QUIRL_ERRNO(ESTALE) QUIRL_ERRNO(ETIMEDOUT) QUIRL_ERRNO(ETXTBSY)
    QUIRL_ERRNO(EWOULDBLOCK) QUIRL_ERRNO(EXDEV)
#ifdef EMULTIHOP
    QUIRL_ERRNO(EMULTIHOP)
#endif
#ifdef ENODATA
    QUIRL_ERRNO(ENODATA)
#endif
#ifdef ENOSR
    QUIRL_ERRNO(ENOSR)
#endif
#ifdef ENOSTR
    QUIRL_ERRNO(ENOSTR)
#endif
#ifdef ETIME
    QUIRL_ERRNO(ETIME)
#endif
};
#undef QUIRL_ERRNO

// strerror's text with a lower-case first letter, as in Node's messages ("no such file...").
std::string Describe(int error) {
  std::string text = std::strerror(error);
  if (!text.empty()) text[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(text[0])));
  return text;
}

}  // namespace

const char* ErrnoName(int error) {
  for (const ErrnoEntry& entry : kErrnoNames) {
    if (entry.number == error) return entry.name;
  }
  return "UNKNOWN";
}

Napi::Error ErrnoError(Napi::Env env, int error, const char* syscall, const char* path) {
  const char* code = ErrnoName(error);
  std::string message = std::string(code) + ": " + Describe(error) + ", " + syscall;
  if (path != nullptr) message += std::string(" '") + path + "'";
  Napi::Error result = Napi::Error::New(env, message);
  Napi::Object fields = result.Value();
  fields.Set("code", code);
  fields.Set("errno", error);
  fields.Set("syscall", syscall);
  if (path != nullptr) fields.Set("path", path);
  return result;
}

Napi::Error ErrnoError(Napi::Env env, const SystemError& failure) {
  return ErrnoError(env, failure.error, failure.syscall, failure.path.empty() ? nullptr : failure.path.c_str());
}

}  // namespace quirl
