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

/*
 * A guest that ignores SIGINT and SIGQUIT (an asynchronous command of a shell without job
 * control), exec'd at once, with no release and no group of its own:
 *   quirl-stage --ignoring-interrupts STATUS_FD CWD FILE COUNT ARGV[0..COUNT-1] -- ENV...
 */
#define QUIRL_STAGE_IGNORING_INTERRUPTS_FLAG "--ignoring-interrupts"

/*
 * A prepared helper, started ahead of need with no guest yet:
 *   quirl-stage --prepared STATUS_FD CHANNEL_FD
 * with descriptors 0-2 on /dev/null and CHANNEL_FD one end of a Unix stream socket pair. Its
 * release is one message on the channel: a struct quirl_stage_release, sent with the guest's
 * open descriptors (slots whose `open` byte is 1, in slot order) as SCM_RIGHTS, then `length`
 * bytes of NUL-terminated strings in the argv layout above from TTY_FD on, the `--` mark
 * included: TTY_FD CWD FILE COUNT ARGV... -- ENV... It then proceeds as a staged helper released.
 */
#define QUIRL_STAGE_PREPARED_FLAG "--prepared"
#define QUIRL_STAGE_PREPARED_STATUS_FD 3
#define QUIRL_STAGE_PREPARED_CHANNEL_FD 4
/* Bounds of a prepared release: a larger guest is started the ordinary way. */
#define QUIRL_STAGE_MAX_FDS 64
#define QUIRL_STAGE_MAX_PAYLOAD (4 * 1024 * 1024)
#define QUIRL_STAGE_MAX_STRINGS (256 * 1024)

struct quirl_stage_release {
  uint32_t slots;
  uint32_t length;
  uint8_t open[QUIRL_STAGE_MAX_FDS];
};

/* The step a failure record names. */
enum {
  QUIRL_STAGE_STEP_CHDIR = 1,
  QUIRL_STAGE_STEP_SIGPROCMASK,
  QUIRL_STAGE_STEP_TCSETPGRP,
  QUIRL_STAGE_STEP_FCNTL,
  QUIRL_STAGE_STEP_EXECVE,
  QUIRL_STAGE_STEP_RECEIVE,
  QUIRL_STAGE_STEP_DUP2,
  QUIRL_STAGE_STEP_SIGACTION
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
