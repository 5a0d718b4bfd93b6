/*
 * quirl-stage: the staged leader of a new process group.
 *
 * The addon posix_spawns this helper as the leader of a new group with the guest's descriptors,
 * then lets it exec the guest once the rest of the group is in place (the anchor, the terminal):
 * the PID that execs the guest is the group's leader, and no instruction of the guest runs
 * before release. Until then the helper only blocks in read(2).
 *
 * Everything here runs between the spawn and the guest's exec, so it keeps to async-signal-safe
 * calls, allocates nothing, and reports a failure as one fixed record on the status channel
 * (stage-protocol.h) before _exit: 127 for ENOENT, 126 for anything else, as shells do.
 *
 * A prepared helper (`--prepared`) is started before its guest is known, so that a shell can
 * have the group and its anchor ready while idle; its release brings the guest's descriptors
 * (SCM_RIGHTS), argv, environment, directory and terminal in one message.
 */
#define _GNU_SOURCE /* MSG_CMSG_CLOEXEC, F_DUPFD_CLOEXEC */

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "stage-protocol.h"

_Noreturn static void fail(int status_fd, uint32_t step, int error) {
  struct quirl_stage_failure record = {step, error};
  /* Nothing is left to report to if this write fails: the exit status still tells. */
  ssize_t written = write(status_fd, &record, sizeof record);
  (void)written;
  _exit(error == ENOENT ? 127 : 126);
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
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGTTOU);
  if (sigprocmask(SIG_BLOCK, &signals, NULL) != 0) fail(status_fd, QUIRL_STAGE_STEP_SIGPROCMASK, errno);
  int result;
  do result = tcsetpgrp(tty_fd, getpgrp());
  while (result != 0 && errno == EINTR);
  if (result != 0) fail(status_fd, QUIRL_STAGE_STEP_TCSETPGRP, errno);
  /* The guest starts with the empty mask that posix_spawn gave us. */
  sigemptyset(&signals);
  if (sigprocmask(SIG_SETMASK, &signals, NULL) != 0) fail(status_fd, QUIRL_STAGE_STEP_SIGPROCMASK, errno);
}

static int is_env_mark(const char *text) {
  const char *mark = QUIRL_STAGE_ENV_MARK;
  while (*mark != '\0' && *text == *mark) ++text, ++mark;
  return *mark == '\0' && *text == '\0';
}

/* The guest's directory and terminal, then exec; on success the status channel closes by itself. */
_Noreturn static void exec_guest(int status_fd, int tty_fd, const char *cwd, const char *file, char **guest_argv, char **guest_env) {
  if (cwd[0] != '\0' && chdir(cwd) != 0) fail(status_fd, QUIRL_STAGE_STEP_CHDIR, errno);
  if (tty_fd >= 0) take_terminal(status_fd, tty_fd);
  execve(file, guest_argv, guest_env);
  fail(status_fd, QUIRL_STAGE_STEP_EXECVE, errno);
}

/* A prepared release's strings and the pointers into them: static, so nothing is allocated. */
static char payload[QUIRL_STAGE_MAX_PAYLOAD];
static char *strings[QUIRL_STAGE_MAX_STRINGS + 1];

/* Reads exactly `length` bytes; anything short of that is a protocol failure. */
static void read_fully(int status_fd, int fd, char *into, size_t length) {
  while (length > 0) {
    ssize_t got = read(fd, into, length);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, got < 0 ? errno : EPROTO);
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
  struct msghdr message;
  memset(&message, 0, sizeof message);
  message.msg_iov = &part;
  message.msg_iovlen = 1;
  message.msg_control = control.bytes;
  message.msg_controllen = sizeof control.bytes;
  ssize_t got;
  do got = recvmsg(channel, &message, MSG_CMSG_CLOEXEC | MSG_WAITALL);
  while (got < 0 && errno == EINTR);
  /* EOF before any release: the addon abandoned this child. */
  if (got == 0) _exit(127);
  if (got != (ssize_t)sizeof *header || (message.msg_flags & MSG_CTRUNC) != 0) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, got < 0 ? errno : EPROTO);
  int count = 0;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&message); c != NULL; c = CMSG_NXTHDR(&message, c)) {
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
    int n = (int)((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    if (count + n > QUIRL_STAGE_MAX_FDS) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
    memcpy(received + count, CMSG_DATA(c), sizeof(int) * (size_t)n);
    count += n;
  }
  return count;
}

/*
 * Puts the received descriptors at their slots 0..slots-1 and closes the rest; the status channel
 * moves above the slots first. Returns the status channel's new number (close-on-exec).
 */
static int place_descriptors(int status_fd, const struct quirl_stage_release *header, int *received, int count) {
  int slots = (int)header->slots;
  int moved = fcntl(status_fd, F_DUPFD_CLOEXEC, slots);
  if (moved < 0) fail(status_fd, QUIRL_STAGE_STEP_FCNTL, errno);
  close(status_fd);
  status_fd = moved;
  close(QUIRL_STAGE_PREPARED_CHANNEL_FD);
  /* Every source above the slots, so that no dup2 below overwrites a source not yet placed. */
  for (int k = 0; k < count; ++k) {
    if (received[k] >= slots) continue;
    int above = fcntl(received[k], F_DUPFD_CLOEXEC, slots);
    if (above < 0) fail(status_fd, QUIRL_STAGE_STEP_FCNTL, errno);
    close(received[k]);
    received[k] = above;
  }
  int next = 0;
  for (int slot = 0; slot < slots; ++slot) {
    if (!header->open[slot]) {
      close(slot);
      continue;
    }
    if (next >= count) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
    int result;
    do result = dup2(received[next], slot);
    while (result < 0 && errno == EINTR);
    if (result < 0) fail(status_fd, QUIRL_STAGE_STEP_DUP2, errno);
    ++next;
  }
  if (next != count) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
  /* The /dev/null descriptors the helper was started with, where the guest has no slot. */
  for (int fd = slots; fd < 3; ++fd) close(fd);
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
  for (size_t at = 0; at < header.length; at += strlen(payload + at) + 1) {
    if (n == QUIRL_STAGE_MAX_STRINGS) fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, E2BIG);
    strings[n++] = payload + at;
  }
  strings[n] = NULL;
  /* TTY_FD CWD FILE COUNT ARGV... -- ENV..., indexed from TTY_FD. */
  enum { TTY = 0, CWD, FILE_, COUNT, GUEST };
  int tty_fd, argc;
  if (n <= GUEST || !parse_number(strings[TTY], &tty_fd) || !parse_number(strings[COUNT], &argc) || argc < 1 ||
      argc >= n - GUEST || !is_env_mark(strings[GUEST + argc]) || tty_fd >= (int)header.slots) {
    fail(status_fd, QUIRL_STAGE_STEP_RECEIVE, EPROTO);
  }
  status_fd = place_descriptors(status_fd, &header, received, count);
  strings[GUEST + argc] = NULL;
  exec_guest(status_fd, tty_fd, strings[CWD], strings[FILE_], strings + GUEST, strings + GUEST + argc + 1);
}

int main(int argc, char **argv) {
  if (argc == 4 && strcmp(argv[1], QUIRL_STAGE_PREPARED_FLAG) == 0) prepared_main();
  int status_fd, release_fd, tty_fd, count;
  if (argc <= QUIRL_STAGE_ARG_GUEST_ARGV || !parse_number(argv[QUIRL_STAGE_ARG_STATUS_FD], &status_fd) ||
      !parse_number(argv[QUIRL_STAGE_ARG_RELEASE_FD], &release_fd) || !parse_number(argv[QUIRL_STAGE_ARG_TTY_FD], &tty_fd) ||
      !parse_number(argv[QUIRL_STAGE_ARG_COUNT], &count) || count < 1 || status_fd < 0 || release_fd < 0 ||
      count >= argc - QUIRL_STAGE_ARG_GUEST_ARGV || !is_env_mark(argv[QUIRL_STAGE_ARG_GUEST_ARGV + count])) {
    static const char usage[] = "quirl-stage: an internal helper of Quirl's native addon, not for direct use\n";
    ssize_t written = write(2, usage, sizeof usage - 1);
    (void)written;
    _exit(126);
  }

  char byte;
  ssize_t got;
  do got = read(release_fd, &byte, 1);
  while (got < 0 && errno == EINTR);
  /* EOF (or an error) instead of the release byte: the addon abandoned this child. */
  if (got != 1) _exit(127);

  /* posix_spawn closed everything above the two channels, so after these the guest has exactly
   * its descriptors 0..n-1, and the status channel reaches EOF when exec succeeds. */
  close(release_fd);
  if (fcntl(status_fd, F_SETFD, FD_CLOEXEC) != 0) fail(status_fd, QUIRL_STAGE_STEP_FCNTL, errno);

  char **guest_argv = argv + QUIRL_STAGE_ARG_GUEST_ARGV;
  guest_argv[count] = NULL;
  exec_guest(status_fd, tty_fd, argv[QUIRL_STAGE_ARG_CWD], argv[QUIRL_STAGE_ARG_FILE], guest_argv, guest_argv + count + 1);
}
