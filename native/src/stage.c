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
 */
#define _POSIX_C_SOURCE 200809L

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
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

int main(int argc, char **argv) {
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

  const char *cwd = argv[QUIRL_STAGE_ARG_CWD];
  if (cwd[0] != '\0' && chdir(cwd) != 0) fail(status_fd, QUIRL_STAGE_STEP_CHDIR, errno);
  if (tty_fd >= 0) take_terminal(status_fd, tty_fd);

  /* posix_spawn closed everything above the two channels, so after these the guest has exactly
   * its descriptors 0..n-1, and the status channel reaches EOF when exec succeeds. */
  close(release_fd);
  if (fcntl(status_fd, F_SETFD, FD_CLOEXEC) != 0) fail(status_fd, QUIRL_STAGE_STEP_FCNTL, errno);

  char **guest_argv = argv + QUIRL_STAGE_ARG_GUEST_ARGV;
  guest_argv[count] = NULL;
  execve(argv[QUIRL_STAGE_ARG_FILE], guest_argv, guest_argv + count + 1);
  fail(status_fd, QUIRL_STAGE_STEP_EXECVE, errno);
}
