/* The interface between the addon (staged.cc) and its staging helper (stage.c). */
#ifndef QUIRL_STAGE_PROTOCOL_H
#define QUIRL_STAGE_PROTOCOL_H

#include <stdint.h>

/*
 * The helper's argv:
 *   quirl-stage STATUS_FD RELEASE_FD TTY_FD CWD FILE COUNT ARGV[0..COUNT-1] -- ENV...
 * TTY_FD is -1 for none and CWD is empty for none. The guest's environment travels in argv, and
 * the helper itself runs with an empty one, so that nothing of the guest's (LD_PRELOAD, say)
 * can run code in the helper before release.
 */
enum {
  QUIRL_STAGE_ARG_STATUS_FD = 1,
  QUIRL_STAGE_ARG_RELEASE_FD,
  QUIRL_STAGE_ARG_TTY_FD,
  QUIRL_STAGE_ARG_CWD,
  QUIRL_STAGE_ARG_FILE,
  QUIRL_STAGE_ARG_COUNT,
  QUIRL_STAGE_ARG_GUEST_ARGV
};

/* Separates the guest's argv from its environment; the helper overwrites it with argv's NULL. */
#define QUIRL_STAGE_ENV_MARK "--"

/* The step a failure record names. */
enum {
  QUIRL_STAGE_STEP_CHDIR = 1,
  QUIRL_STAGE_STEP_SIGPROCMASK,
  QUIRL_STAGE_STEP_TCSETPGRP,
  QUIRL_STAGE_STEP_FCNTL,
  QUIRL_STAGE_STEP_EXECVE
};

/*
 * What the helper writes to the status channel when a step fails, in one write (smaller than
 * PIPE_BUF, so it arrives whole). A successful exec writes nothing: close-on-exec closes the
 * channel, and the addon reads EOF.
 */
struct quirl_stage_failure {
  uint32_t step;
  int32_t error;
};

#endif
