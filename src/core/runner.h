/* runner: starts a demo program as a child process and collects its output
 * while the caller (the TUI's tick, or a plain command) stays in control.
 *
 * Children run like tig runs git: an argv array and posix_spawn, never a
 * shell; their own process group, so a timeout or a cancel reaches every
 * process the demo started; stdin from /dev/null; stdout and stderr through
 * non-blocking pipes, read in runner_poll(), capped so a runaway child cannot
 * eat the tutorial's memory.  When the direct child exits, the group is
 * killed so a grandchild that still holds a pipe cannot make us wait.
 *
 * Only names from the fixed demo table map to programs: a lesson or the
 * command line names `matmul`, never a path.  Pure POSIX, no ncurses. */
#ifndef CK_RUNNER_H
#define CK_RUNNER_H
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Whether name is a demo program the tutorial may run: a row of the
 * registry (demo.h's demo_names lists them). */
bool runner_demo_known(const char *name);
/* Writes DIR/NAME into out.  False when name is not in the table or the
 * path does not fit. */
bool runner_demo_path(const char *dir, const char *name, char *out, size_t size);
/* True when path is a regular file we may execute. */
bool runner_program_exists(const char *path);
/* Whether a demo is likely to find a GPU: the driver's device node exists
 * and CUDA_VISIBLE_DEVICES does not hide every device.  A guess made
 * before running; the demo's device record is the answer. */
bool runner_gpu_likely(void);
/* The demo dir next to the running binary (build/cudakitchen ->
 * build/demos), used until the caller knows better.  False if unknown. */
bool runner_default_demodir(char *out, size_t size);

#define RUNNER_MAX_OUTPUT (1u << 20)   /* default cap on stdout+stderr bytes */
#define RUNNER_GRACE_MS   2000         /* SIGTERM -> SIGKILL */
#define RUNNER_DRAIN_MS   1000         /* after exit, wait this long for EOF */

struct runner_opts {
	int timeout_ms;     /* 0: no timeout */
	int grace_ms;       /* 0: RUNNER_GRACE_MS */
	size_t max_output;  /* 0: RUNNER_MAX_OUTPUT */
	bool inherit;       /* stdout/stderr are the caller's (no capture) and
	                       the child stays in the caller's process group,
	                       so Ctrl-C at a shell reaches it */
};

enum runner_end {
	RUNNER_NOT_STARTED,
	RUNNER_RUNNING,
	RUNNER_EXITED,      /* exit_code valid */
	RUNNER_SIGNALED,    /* term_signal valid */
	RUNNER_FAILED,      /* could not start: error says why */
};

/* Output buffer: bytes [0, len) plus a NUL; owned by the runner. */
struct runner_buf {
	char *p;
	size_t len, cap;
};

/* Invariants: pid > 0 while state is RUNNING; fd_out/fd_err are -1 when
 * closed; out and err never exceed opts.max_output together. */
struct runner {
	enum runner_end state;
	struct runner_opts opts;
	pid_t pid;
	int fd_out, fd_err;
	struct runner_buf out, err;
	size_t lines;           /* complete stdout lines so far */
	long long t_start, t_term, t_exit; /* monotonic ms; 0 = not yet */
	bool reaped, killed;    /* killed: SIGKILL was sent */
	bool timed_out, overflow, cancelled;
	int exit_code, term_signal;
	char error[512];        /* why it failed to start, or "" */
};

void runner_init(struct runner *r);
/* Starts path with argv (argv[0] first, NULL-terminated).  False (state
 * FAILED, r->error set) when the program is missing, not executable, or
 * spawn fails; never exits. */
bool runner_start(struct runner *r, const char *path, char *const argv[],
		  const struct runner_opts *opts);
/* One step: waits up to wait_ms for output, reads what is there, enforces
 * the timeout, the cap and the grace period, reaps the child.  Returns true
 * while the run is not finished.  wait_ms 0 never blocks (the UI's tick). */
bool runner_poll(struct runner *r, int wait_ms);
/* Polls until finished. */
void runner_wait(struct runner *r);
/* Asks the child's group to stop now (SIGTERM, then SIGKILL after grace). */
void runner_cancel(struct runner *r);
/* Milliseconds since start (frozen once finished). */
long long runner_elapsed_ms(const struct runner *r);
/* One line for the learner: "exited with status 3", "timed out after 30 s
 * and was stopped (SIGTERM)", "output over 1048576 bytes: stopped", ... */
void runner_describe(const struct runner *r, char *buf, size_t size);
/* The last complete non-empty line of stderr (sanitize before drawing), or "". */
void runner_last_err_line(const struct runner *r, char *buf, size_t size);
/* SIGKILL to the process group of every child started without inherit and
 * not yet reaped.  Async-signal-safe (kill(2) only): the TUI's crash
 * handler and die() call it so a demo never outlives the tutorial. */
void runner_kill_groups(void);
/* Kills a child still running (SIGKILL to its group), reaps it, frees the
 * buffers.  Accepts NULL; r can be reused after runner_init. */
void runner_free(struct runner *r);
#endif
