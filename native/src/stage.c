/*
 * quirl-stage: the staged leader of a new process group.
 *
 * The addon posix_spawns this helper as the leader of a new group with the guest's descriptors,
 * then lets it exec the guest once the rest of the group is in place (the anchor, the terminal):
 * the PID that execs the guest is the group's leader, and no instruction of the guest runs
 * before release. Until then the helper only blocks in read(2).
 *
 * Everything here runs between the spawn and the guest's exec, so it keeps to system calls
 * (stage-sys.h: on Linux it has no C library at all), allocates nothing, and reports a failure as
 * one fixed record on the status channel (stage-protocol.h) before exiting: 127 for ENOENT, 126
 * for anything else, as shells do.
 *
 * A prepared helper (`--prepared`) is started before its guest is known, so that a shell can
 * have the group and its anchor ready while idle; its release brings the guest's descriptors
 * (SCM_RIGHTS), argv, environment, directory and terminal in one message.
 */
#define _GNU_SOURCE /* MSG_CMSG_CLOEXEC, F_DUPFD_CLOEXEC */

#include <errno.h>
#include <stdint.h>

#include "stage-protocol.h"
#include "stage-sys.h"

_Noreturn static void fail(int status_fd, uint32_t step, long error) {
  struct quirl_stage_failure record = {step, (int32_t)error};
  /* Nothing is left to report to if this write fails: the exit status still tells. */
  stage_write(status_fd, &record, sizeof record);
  stage_exit(error == ENOENT ? 127 : 126);
}

static size_t text_length(const char *text) {
  size_t length = 0;
  while (text[length] != '\0') ++length;
  return length;
}

static int same_text(const char *a, const char *b) {
  while (*a != '\0' && *a == *b) ++a, ++b;
  return *a == *b;
}

/* Parses a decimal number of at least -1 into *out; returns 0 when text is not one. */
static int parse_number(const char *text, int *out) {
  int negative = text[0] == '-';
  const char *digit = text + negative;
  long value = 0;
  if (*digit == '\0') return 0;
  for (; *digit != '\0'; ++digit) {
    if (*digit < '0' || *digit > '9' || value > 100000000) return 0;
    value = value * 10 + (*digit - '0');
  }
  if (negative) value = -value;
  if (value < -1) return 0;
  *out = (int)value;
  return 1;
}

/* Makes this group the terminal's foreground group. SIGTTOU is blocked around tcsetpgrp: from a
 * background group the kernel would otherwise stop us instead of changing the foreground. */
static void take_terminal(int status_fd, int tty_fd) {
  long result = stage_sigmask(SIG_BLOCK, SIGTTOU);
  if (result < 0) fail(status_fd, QUIRL_STAGE_STEP_SIGPROCMASK, -result);
  long group = stage_getpgrp();
  do result = group < 0 ? group : stage_tcsetpgrp(tty_fd, (pid_t)group);
  while (result == -EINTR);
  if (result < 0) fail(status_fd, QUIRL_STAGE_STEP_TCSETPGRP, -result);
  /* The guest starts with the empty mask that posix_spawn gave us. */
  result = stage_sigmask(SIG_SETMASK, 0);
  if (result < 0) fail(status_fd, QUIRL_STAGE_STEP_SIGPROCMASK, -result);
}

/* The guest's directory and terminal, then exec; on success the status channel closes by itself. */
_Noreturn static void exec_guest(int status_fd, int tty_fd, const char *cwd, const char *file, char **guest_argv, char **guest_env) {
  long result;
  if (cwd[0] != '\0' && (result = stage_chdir(cwd)) < 0) fail(status_fd, QUIRL_STAGE_STEP_CHDIR, -result);
  if (tty_fd >= 0) take_terminal(status_fd, tty_fd);
  result = stage_execve(file, guest_argv, guest_env);
  fail(status_fd, QUIRL_STAGE_STEP_EXECVE, -result);
}

/* A prepared release's strings and the pointers into them: static, so nothing is allocated. */
static char payload[QUIRL_STAGE_MAX_PAYLOAD];
static char *strings[QUIRL_STAGE_MAX_STRINGS + 1];

/* Reads exactly `length` bytes; anything short of that is a protocol failure. */
static void read_fully(int status_fd, int fd, char *into, size_t length) {
  while (length > 0) {
    long got = stage_read(fd, into, length);
    if (got == -EINTR) continue;
    if (got <= 0) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, got < 0 ? -got : EPROTO);
    into += got;
    length -= (size_t)got;
  }
}

/* Receives the release header and the descriptors riding on it; returns how many came. */
static int receive_header(int status_fd, int channel, struct quirl_stage_release *header, int *received) {
  union {
    struct cmsghdr align;
    char bytes[CMSG_SPACE(sizeof(int) * QUIRL_STAGE_MAX_FDS)];
  } control;
  struct iovec part = {header, sizeof *header};
  struct msghdr message = {0};
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  message.msg_control = control.bytes;
  message.msg_controllen = sizeof control.bytes;
  long got;
  do got = stage_recvmsg(channel, &message, MSG_CMSG_CLOEXEC | MSG_WAITALL);
  while (got == -EINTR);
  /* EOF before any release: the addon abandoned this child. */
  if (got == 0) stage_exit(127);
  if (got != (long)sizeof *header || (message.msg_flags & MSG_CTRUNC) != 0) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, got < 0 ? -got : EPROTO);
  int count = 0;
  /* The control messages by hand: glibc's CMSG_NXTHDR may call into the C library. */
  const char *end = control.bytes + message.msg_controllen;
  for (const char *at = control.bytes; at + sizeof(struct cmsghdr) <= end;) {
    const struct cmsghdr *c = (const struct cmsghdr *)at;
    if (c->cmsg_len < sizeof(struct cmsghdr) || at + c->cmsg_len > end) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
      int n = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
      if (count + n > QUIRL_STAGE_MAX_FDS) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
      const int *fds = (const int *)CMSG_DATA(c);
      for (int k = 0; k < n; ++k) received[count++] = fds[k];
    }
    at += CMSG_SPACE(c->cmsg_len - CMSG_LEN(0)); /* CMSG_ALIGN(cmsg_len), in macros macOS has too */
  }
  return count;
}

/*
 * Puts the received descriptors at their slots 0..slots-1 and closes the rest; the status channel
 * moves above the slots first. Returns the status channel's new number (close-on-exec).
 */
static int place_descriptors(int status_fd, const struct quirl_stage_release *header, int *received, int count) {
  int slots = (int)header->slots;
  long moved = stage_fcntl(status_fd, F_DUPFD_CLOEXEC, slots);
  if (moved < 0) fail(status_fd, QUIRL_STAGE_STEP_FCNTL, -moved);
  stage_close(status_fd);
  status_fd = (int)moved;
  stage_close(QUIRL_STAGE_PREPARED_CHANNEL_FD);
  /* Every source above the slots, so that no dup2 below overwrites a source not yet placed. */
  for (int k = 0; k < count; ++k) {
    if (received[k] >= slots) continue;
    long above = stage_fcntl(received[k], F_DUPFD_CLOEXEC, slots);
    if (above < 0) fail(status_fd, QUIRL_STAGE_STEP_FCNTL, -above);
    stage_close(received[k]);
    received[k] = (int)above;
  }
  int next = 0;
  for (int slot = 0; slot < slots; ++slot) {
    if (!header->open[slot]) {
      stage_close(slot);
      continue;
    }
    if (next >= count) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
    long result;
    do result = stage_dup2(received[next], slot);
    while (result == -EINTR);
    if (result < 0) fail(status_fd, QUIRL_STAGE_STEP_DUP2, -result);
    ++next;
  }
  if (next != count) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
  /* The /dev/null descriptors the helper was started with, where the guest has no slot. */
  for (int fd = slots; fd < 3; ++fd) stage_close(fd);
  return status_fd;
}

_Noreturn static void prepared_main(void) {
  int status_fd = QUIRL_STAGE_PREPARED_STATUS_FD;
  struct quirl_stage_release header;
  int received[QUIRL_STAGE_MAX_FDS];
  int count = receive_header(status_fd, QUIRL_STAGE_PREPARED_CHANNEL_FD, &header, received);
  if (header.slots > QUIRL_STAGE_MAX_FDS || header.length == 0 || header.length > QUIRL_STAGE_MAX_PAYLOAD) {
    fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
  }
  read_fully(status_fd, QUIRL_STAGE_PREPARED_CHANNEL_FD, payload, header.length);
  if (payload[header.length - 1] != '\0') fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
  int n = 0;
  for (size_t at = 0; at < header.length; at += text_length(payload + at) + 1) {
    if (n == QUIRL_STAGE_MAX_STRINGS) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, E2BIG);
    strings[n++] = payload + at;
  }
  strings[n] = NULL;
  /* TTY_FD CWD FILE COUNT ARGV... -- ENV..., indexed from TTY_FD. */
  enum { TTY = 0, CWD, FILE_, COUNT, GUEST };
  int tty_fd, argc;
  if (n <= GUEST || !parse_number(strings[TTY], &tty_fd) || !parse_number(strings[COUNT], &argc) || argc < 1 ||
      argc >= n - GUEST || !same_text(strings[GUEST + argc], QUIRL_STAGE_ENV_MARK) || tty_fd >= (int)header.slots) {
    fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
  }
  status_fd = place_descriptors(status_fd, &header, received, count);
  strings[GUEST + argc] = NULL;
  exec_guest(status_fd, tty_fd, strings[CWD], strings[FILE_], strings + GUEST, strings + GUEST + argc + 1);
}

/* --ignoring-interrupts STATUS_FD CWD FILE COUNT ARGV... -- ENV...: no release to wait for. */
_Noreturn static void ignoring_interrupts_main(int argc, char **argv) {
  enum { STATUS = 2, CWD, FILE_, COUNT, GUEST };
  int status_fd, count;
  if (argc <= GUEST || !parse_number(argv[STATUS], &status_fd) || status_fd < 0 || !parse_number(argv[COUNT], &count) || count < 1 ||
      count >= argc - GUEST || !same_text(argv[GUEST + count], QUIRL_STAGE_ENV_MARK)) {
    stage_exit(126);
  }
  long result = stage_fcntl(status_fd, F_SETFD, FD_CLOEXEC);
  if (result < 0) fail(status_fd, QUIRL_STAGE_STEP_FCNTL, -result);
  /* What POSIX gives an asynchronous list without job control, kept by exec as every SIG_IGN is. */
  if ((result = stage_ignore(SIGINT)) < 0 || (result = stage_ignore(SIGQUIT)) < 0) fail(status_fd, QUIRL_STAGE_STEP_SIGACTION, -result);
  char **guest_argv = argv + GUEST;
  guest_argv[count] = NULL;
  exec_guest(status_fd, -1, argv[CWD], argv[FILE_], guest_argv, guest_argv + count + 1);
}

_Noreturn static void stage_main(int argc, char **argv) {
  if (argc == 4 && same_text(argv[1], QUIRL_STAGE_PREPARED_FLAG)) prepared_main();
  if (argc > 1 && same_text(argv[1], QUIRL_STAGE_IGNORING_INTERRUPTS_FLAG)) ignoring_interrupts_main(argc, argv);
  int status_fd, release_fd, tty_fd, count;
  if (argc <= QUIRL_STAGE_ARG_GUEST_ARGV || !parse_number(argv[QUIRL_STAGE_ARG_STATUS_FD], &status_fd) ||
      !parse_number(argv[QUIRL_STAGE_ARG_RELEASE_FD], &release_fd) || !parse_number(argv[QUIRL_STAGE_ARG_TTY_FD], &tty_fd) ||
      !parse_number(argv[QUIRL_STAGE_ARG_COUNT], &count) || count < 1 || status_fd < 0 || release_fd < 0 ||
      count >= argc - QUIRL_STAGE_ARG_GUEST_ARGV || !same_text(argv[QUIRL_STAGE_ARG_GUEST_ARGV + count], QUIRL_STAGE_ENV_MARK)) {
    static const char usage[] = "quirl-stage: an internal helper of Quirl's native addon, not for direct use\n";
    stage_write(2, usage, sizeof usage - 1);
    stage_exit(126);
  }

  char byte;
  long got;
  do got = stage_read(release_fd, &byte, 1);
  while (got == -EINTR);
  /* EOF (or an error) instead of the release byte: the addon abandoned this child. */
  if (got != 1) stage_exit(127);

  /* posix_spawn closed everything above the two channels, so after these the guest has exactly
   * its descriptors 0..n-1, and the status channel reaches EOF when exec succeeds. */
  stage_close(release_fd);
  long result = stage_fcntl(status_fd, F_SETFD, FD_CLOEXEC);
  if (result < 0) fail(status_fd, QUIRL_STAGE_STEP_FCNTL, -result);

  char **guest_argv = argv + QUIRL_STAGE_ARG_GUEST_ARGV;
  guest_argv[count] = NULL;
  exec_guest(status_fd, tty_fd, argv[QUIRL_STAGE_ARG_CWD], argv[QUIRL_STAGE_ARG_FILE], guest_argv, guest_argv + count + 1);
}

#if defined(QUIRL_STAGE_NOLIBC)

/* What the compiler may call for struct copies and zeroing, which no C library provides here. */
void *memset(void *into, int value, size_t length) {
  unsigned char *at = into;
  while (length-- > 0) *at++ = (unsigned char)value;
  return into;
}

void *memcpy(void *into, const void *from, size_t length) {
  unsigned char *to = into;
  const unsigned char *source = from;
  while (length-- > 0) *to++ = *source++;
  return into;
}

/* The kernel starts us with argc at the stack pointer and argv right above it. */
_Noreturn void stage_entry(long *stack);
_Noreturn void stage_entry(long *stack) {
  stage_main((int)stack[0], (char **)(stack + 1));
}

#if defined(__x86_64__)
__asm__(".text\n.global _start\n_start:\n  xor %ebp, %ebp\n  mov %rsp, %rdi\n  and $-16, %rsp\n  call stage_entry\n  hlt\n");
#else
__asm__(".text\n.global _start\n_start:\n  mov x29, #0\n  mov x30, #0\n  mov x0, sp\n  bl stage_entry\n");
#endif

#else

int main(int argc, char **argv) { stage_main(argc, argv); }

#endif
