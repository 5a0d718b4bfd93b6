/*
 * The system calls of quirl-stage (stage.c), each returning its result or minus an errno.
 *
 * With QUIRL_STAGE_NOLIBC (Linux on x86-64 and arm64, set by binding.gyp), the helper is built
 * without any C library: its own entry point and raw system calls. A helper that links even a
 * static libc pays that libc's start-up at every exec (TLS, IRELATIVE relocations, CPU-feature
 * probing with cpuid, which traps to the hypervisor in a VM), and the helper execs once per
 * command: on the 2-core VMs here, about 0.9 ms of the 1.6 ms its exec cost. Elsewhere (macOS,
 * other Linux architectures) the same functions call the C library.
 */
#ifndef QUIRL_STAGE_SYS_H
#define QUIRL_STAGE_SYS_H

#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/types.h>

#if defined(QUIRL_STAGE_NOLIBC)

#if !defined(__linux__) || !(defined(__x86_64__) || defined(__aarch64__))
#error "QUIRL_STAGE_NOLIBC is for Linux on x86-64 and arm64 only"
#endif

#include <asm/unistd.h>

static inline long stage_syscall(long number, long a, long b, long c, long d) {
#if defined(__x86_64__)
  long result;
  register long r10 __asm__("r10") = d;
  __asm__ volatile("syscall" : "=a"(result) : "a"(number), "D"(a), "S"(b), "d"(c), "r"(r10) : "rcx", "r11", "memory");
  return result;
#else
  register long x8 __asm__("x8") = number;
  register long x0 __asm__("x0") = a;
  register long x1 __asm__("x1") = b;
  register long x2 __asm__("x2") = c;
  register long x3 __asm__("x3") = d;
  __asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2), "r"(x3) : "memory");
  return x0;
#endif
}

/* The kernel's signal set is one word, not glibc's 1024 bits. */
#define STAGE_KERNEL_SIGSET_BYTES 8

static inline long stage_read(int fd, void *into, size_t length) { return stage_syscall(__NR_read, fd, (long)into, (long)length, 0); }
static inline long stage_write(int fd, const void *from, size_t length) { return stage_syscall(__NR_write, fd, (long)from, (long)length, 0); }
static inline long stage_close(int fd) { return stage_syscall(__NR_close, fd, 0, 0, 0); }
static inline long stage_fcntl(int fd, int command, long argument) { return stage_syscall(__NR_fcntl, fd, command, argument, 0); }
static inline long stage_dup2(int from, int to) {
  /* arm64 has only dup3, which refuses from == to where dup2 succeeds. */
  if (from == to) {
    long flags = stage_fcntl(from, F_GETFD, 0);
    return flags < 0 ? flags : to;
  }
  return stage_syscall(__NR_dup3, from, to, 0, 0);
}
static inline long stage_chdir(const char *path) { return stage_syscall(__NR_chdir, (long)path, 0, 0, 0); }
static inline long stage_recvmsg(int fd, struct msghdr *message, int flags) { return stage_syscall(__NR_recvmsg, fd, (long)message, flags, 0); }
static inline long stage_execve(const char *file, char **argv, char **env) { return stage_syscall(__NR_execve, (long)file, (long)argv, (long)env, 0); }
static inline long stage_getpgrp(void) { return stage_syscall(__NR_getpgid, 0, 0, 0, 0); }
static inline long stage_tcsetpgrp(int fd, pid_t pgid) { return stage_syscall(__NR_ioctl, fd, TIOCSPGRP, (long)&pgid, 0); }
/* Blocks (how = SIG_BLOCK) or sets (SIG_SETMASK) the mask to the one signal `only`, 0 for none. */
static inline long stage_sigmask(int how, int only) {
  unsigned long set = only == 0 ? 0 : 1UL << (only - 1);
  return stage_syscall(__NR_rt_sigprocmask, how, (long)&set, 0, STAGE_KERNEL_SIGSET_BYTES);
}
/* Sets `signal` to SIG_IGN. The kernel's struct sigaction on both architectures: handler, flags,
 * restorer (unused for SIG_IGN), mask. */
static inline long stage_ignore(int signal) {
  struct {
    void *handler;
    unsigned long flags;
    void *restorer;
    unsigned long mask;
  } action = {(void *)SIG_IGN, 0, 0, 0};
  return stage_syscall(__NR_rt_sigaction, signal, (long)&action, 0, STAGE_KERNEL_SIGSET_BYTES);
}
_Noreturn static inline void stage_exit(int status) {
  for (;;) stage_syscall(__NR_exit_group, status, 0, 0, 0);
}

#else /* the C library's calls */

#include <errno.h>
#include <unistd.h>

static inline long stage_result(long result) { return result < 0 ? -errno : result; }
static inline long stage_read(int fd, void *into, size_t length) { return stage_result(read(fd, into, length)); }
static inline long stage_write(int fd, const void *from, size_t length) { return stage_result(write(fd, from, length)); }
static inline long stage_close(int fd) { return stage_result(close(fd)); }
static inline long stage_fcntl(int fd, int command, long argument) { return stage_result(fcntl(fd, command, argument)); }
static inline long stage_dup2(int from, int to) { return stage_result(dup2(from, to)); }
static inline long stage_chdir(const char *path) { return stage_result(chdir(path)); }
static inline long stage_recvmsg(int fd, struct msghdr *message, int flags) { return stage_result(recvmsg(fd, message, flags)); }
static inline long stage_execve(const char *file, char **argv, char **env) { return stage_result(execve(file, argv, env)); }
static inline long stage_getpgrp(void) { return stage_result(getpgrp()); }
static inline long stage_tcsetpgrp(int fd, pid_t pgid) { return stage_result(tcsetpgrp(fd, pgid)); }
static inline long stage_sigmask(int how, int only) {
  sigset_t set;
  sigemptyset(&set);
  if (only != 0) sigaddset(&set, only);
  return sigprocmask(how, &set, NULL) == 0 ? 0 : -errno;
}
static inline long stage_ignore(int signal) {
  struct sigaction action;
  action.sa_handler = SIG_IGN;
  action.sa_flags = 0;
  sigemptyset(&action.sa_mask);
  return sigaction(signal, &action, NULL) == 0 ? 0 : -errno;
}
_Noreturn static inline void stage_exit(int status) { _exit(status); }

#endif

#endif
