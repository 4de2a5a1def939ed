/* runner: child processes for the demos (see runner.h for the contract).
 *
 * The child's exit is noticed with waitid(WNOWAIT) before it is reaped, so
 * its process-group id cannot be reused while we signal the group.  This
 * module never blocks longer than the caller's wait_ms and never exits. */
#include "runner.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "demo.h"
#include "i18n.h"

extern char **environ;

/* The process groups of the children now running, one per slot (0: free).
 * A mutable global, the one outside the terminal module, because a crash
 * handler can reach nothing else: runner_kill_groups() ends them all with
 * kill(2) only.  A slot is set once the child leads its group and cleared
 * before the child is reaped, so a group id is never reused while it is
 * here. */
#define RUNNER_SLOTS 16
static volatile sig_atomic_t g_groups[RUNNER_SLOTS];

static void groups_add(pid_t pgid)
{
	for (int i = 0; i < RUNNER_SLOTS; i++)
		if (!g_groups[i]) {
			g_groups[i] = (sig_atomic_t)pgid;
			return;
		}
}

static void groups_remove(pid_t pgid)
{
	for (int i = 0; i < RUNNER_SLOTS; i++)
		if (g_groups[i] == (sig_atomic_t)pgid)
			g_groups[i] = 0;
}

void runner_kill_groups(void)
{
	for (int i = 0; i < RUNNER_SLOTS; i++) {
		pid_t g = (pid_t)g_groups[i];
		if (g > 0)
			kill(-g, SIGKILL);
	}
}

bool runner_demo_known(const char *name)
{
	return demo_index(name) >= 0;
}

bool runner_demo_path(const char *dir, const char *name, char *out, size_t size)
{
	if (!dir || !runner_demo_known(name))
		return false;
	int w = snprintf(out, size, "%s/%s", dir, name);
	return w > 0 && (size_t)w < size;
}

bool runner_default_demodir(char *out, size_t size)
{
	char exe[PATH_MAX];
	ssize_t k = readlink("/proc/self/exe", exe, sizeof exe - 1);
	if (k <= 0)
		return false;
	exe[k] = '\0';
	char *slash = strrchr(exe, '/');
	if (!slash)
		return false;
	*slash = '\0';
	int w = snprintf(out, size, "%s/demos", exe);
	return w > 0 && (size_t)w < size;
}

static long long now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void runner_init(struct runner *r)
{
	memset(r, 0, sizeof *r);
	r->fd_out = r->fd_err = -1;
	r->state = RUNNER_NOT_STARTED;
}

static void close_fd(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

static void fail(struct runner *r, const char *fmt, const char *path, int err)
{
	snprintf(r->error, sizeof r->error, fmt, path, err ? strerror(err) : "");
	r->state = RUNNER_FAILED;
}

/* Pipe ends are close-on-exec (a second child must not inherit them and
 * hold our pipe open); the child gets its write ends via dup2.  The read
 * end is non-blocking, or a poll could stall the UI. */
static bool make_pipe(int fds[2])
{
	if (pipe(fds) != 0)
		return false;
	int fl = fcntl(fds[0], F_GETFL);
	if (fcntl(fds[0], F_SETFD, FD_CLOEXEC) == 0 && fcntl(fds[1], F_SETFD, FD_CLOEXEC) == 0 &&
	    fl != -1 && fcntl(fds[0], F_SETFL, fl | O_NONBLOCK) == 0)
		return true;
	int e = errno;
	close(fds[0]);
	close(fds[1]);
	fds[0] = fds[1] = -1;
	errno = e;
	return false;
}

bool runner_gpu_likely(void)
{
	const char *v = getenv("CUDA_VISIBLE_DEVICES");
	if (v && (!*v || !strcmp(v, "-1")))
		return false;
	return access("/dev/nvidiactl", F_OK) == 0;
}

bool runner_program_exists(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

static bool check_program(struct runner *r, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0) {
		fail(r, "no demo program at %s (%s)", path, errno);
		return false;
	}
	if (!S_ISREG(st.st_mode) || access(path, X_OK) != 0) {
		fail(r, "%s is not an executable program%s", path, 0);
		return false;
	}
	return true;
}

/* The child starts with default dispositions and an empty mask, whatever
 * curses did to ours, and (unless inherit) leads a new process group.
 * Returns 0 or an error number; *at must be destroyed either way. */
static int setup_attr(posix_spawnattr_t *at, bool inherit)
{
	static const int sigs[] = { SIGPIPE, SIGINT, SIGQUIT, SIGTERM, SIGHUP,
				    SIGTSTP, SIGTTIN, SIGTTOU, SIGCHLD, SIGWINCH };
	sigset_t none, def;
	sigemptyset(&none);
	sigemptyset(&def);
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		sigaddset(&def, sigs[i]);
	short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
	int e = 0;
	if (!inherit) {
		flags |= POSIX_SPAWN_SETPGROUP;
		e = posix_spawnattr_setpgroup(at, 0);
	}
	if (!e)
		e = posix_spawnattr_setflags(at, flags);
	if (!e)
		e = posix_spawnattr_setsigmask(at, &none);
	if (!e)
		e = posix_spawnattr_setsigdefault(at, &def);
	return e;
}

/* stdin from /dev/null and, when capturing, stdout/stderr to the pipes.
 * Returns 0 or an error number; *fa must be destroyed either way. */
static int setup_files(posix_spawn_file_actions_t *fa, bool inherit, int out_w, int err_w)
{
	int e = posix_spawn_file_actions_addopen(fa, 0, "/dev/null", O_RDONLY, 0);
	if (!e && !inherit)
		e = posix_spawn_file_actions_adddup2(fa, out_w, 1);
	if (!e && !inherit)
		e = posix_spawn_file_actions_adddup2(fa, err_w, 2);
	return e;
}

bool runner_start(struct runner *r, const char *path, char *const argv[],
		  const struct runner_opts *opts)
{
	runner_init(r);
	if (opts)
		r->opts = *opts;
	if (!r->opts.grace_ms)
		r->opts.grace_ms = RUNNER_GRACE_MS;
	if (!r->opts.max_output)
		r->opts.max_output = RUNNER_MAX_OUTPUT;
	if (!check_program(r, path))
		return false;

	int po[2] = { -1, -1 }, pe[2] = { -1, -1 };
	if (!r->opts.inherit && (!make_pipe(po) || !make_pipe(pe))) {
		int e = errno;
		close_fd(&po[0]); close_fd(&po[1]); close_fd(&pe[0]); close_fd(&pe[1]);
		fail(r, "cannot start %s: pipe: %s", path, e);
		return false;
	}
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t at;
	pid_t pid;
	/* a failed setup step must not start a child with our terminal as its
	 * stdin or in our process group: it is a failure to start */
	int e = posix_spawn_file_actions_init(&fa);
	if (!e) {
		if (!(e = posix_spawnattr_init(&at))) {
			e = setup_files(&fa, r->opts.inherit, po[1], pe[1]);
			if (!e)
				e = setup_attr(&at, r->opts.inherit);
			if (!e)
				e = posix_spawn(&pid, path, &fa, &at, argv, environ);
			posix_spawnattr_destroy(&at);
		}
		posix_spawn_file_actions_destroy(&fa);
	}
	close_fd(&po[1]);
	close_fd(&pe[1]);
	if (e != 0) {
		close_fd(&po[0]);
		close_fd(&pe[0]);
		fail(r, "cannot start %s: %s", path, e);
		return false;
	}
	r->pid = pid;
	if (!r->opts.inherit)
		groups_add(pid);
	r->fd_out = po[0];
	r->fd_err = pe[0];
	r->t_start = now_ms();
	r->state = RUNNER_RUNNING;
	return true;
}

static void signal_child(struct runner *r, int sig)
{
	if (r->reaped || r->pid <= 0)
		return;
	kill(r->opts.inherit ? r->pid : -r->pid, sig);
	if (sig == SIGKILL)
		r->killed = true;
}

static void stop_child(struct runner *r)
{
	if (r->t_term)
		return;
	r->t_term = now_ms();
	signal_child(r, SIGTERM);
}

/* Appends up to the cap; past it, the bytes are dropped and the child is
 * asked to stop. */
static void append(struct runner *r, struct runner_buf *b, const char *s, size_t n)
{
	size_t room = r->opts.max_output - (r->out.len + r->err.len);
	if (n > room) {
		n = room;
		r->overflow = true;
		stop_child(r);
	}
	if (b->len + n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 4096;
		while (cap < b->len + n + 1)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p) {
			r->overflow = true;
			stop_child(r);
			return;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
	if (b == &r->out)
		for (size_t i = 0; i < n; i++)
			r->lines += s[i] == '\n';
}

/* Reads what the pipe holds now (at most 64 KiB per call, so a chatty
 * child cannot starve the UI). */
static void drain(struct runner *r, int *fd, struct runner_buf *b)
{
	char tmp[8192];
	for (int i = 0; *fd >= 0 && i < 8; i++) {
		ssize_t k = read(*fd, tmp, sizeof tmp);
		if (k > 0) {
			append(r, b, tmp, (size_t)k);
		} else if (k == 0) {
			close_fd(fd);
		} else if (errno == EINTR) {
			continue;
		} else {
			if (errno != EAGAIN && errno != EWOULDBLOCK)
				close_fd(fd);
			return;
		}
	}
}

/* Notices an exit without reaping, ends the rest of the group (a grandchild
 * holding our pipe), then reaps. */
static void check_exit(struct runner *r)
{
	siginfo_t si;
	memset(&si, 0, sizeof si);
	if (waitid(P_PID, (id_t)r->pid, &si, WEXITED | WNOHANG | WNOWAIT) != 0 ||
	    si.si_pid != r->pid)
		return;
	if (!r->opts.inherit)
		kill(-r->pid, SIGKILL);
	groups_remove(r->pid);
	int st = 0;
	while (waitpid(r->pid, &st, 0) < 0 && errno == EINTR)
		;
	r->reaped = true;
	r->t_exit = now_ms();
	if (WIFSIGNALED(st))
		r->term_signal = WTERMSIG(st);
	else
		r->exit_code = WEXITSTATUS(st);
}

/* Milliseconds until the next thing this runner must do on its own. */
static long long next_deadline(const struct runner *r, long long now)
{
	long long d = 1000;
	if (r->reaped)
		d = r->t_exit + RUNNER_DRAIN_MS - now;
	else if (r->t_term && !r->killed)
		d = r->t_term + r->opts.grace_ms - now;
	else if (!r->t_term && r->opts.timeout_ms > 0)
		d = r->t_start + r->opts.timeout_ms - now;
	return d < 0 ? 0 : d;
}

static void enforce(struct runner *r, long long now)
{
	if (r->reaped)
		return;
	if (!r->t_term && r->opts.timeout_ms > 0 &&
	    now - r->t_start >= r->opts.timeout_ms) {
		r->timed_out = true;
		stop_child(r);
	}
	if (r->t_term && !r->killed && now - r->t_term >= r->opts.grace_ms)
		signal_child(r, SIGKILL);
}

bool runner_poll(struct runner *r, int wait_ms)
{
	if (r->state != RUNNER_RUNNING)
		return false;
	long long w = next_deadline(r, now_ms());
	if (wait_ms < w)
		w = wait_ms < 0 ? 0 : wait_ms;
	struct pollfd pf[2];
	nfds_t n = 0;
	if (r->fd_out >= 0)
		pf[n++] = (struct pollfd){ .fd = r->fd_out, .events = POLLIN };
	if (r->fd_err >= 0)
		pf[n++] = (struct pollfd){ .fd = r->fd_err, .events = POLLIN };
	if (n || w > 0)
		poll(n ? pf : NULL, n, (int)(n ? w : (w > 50 ? 50 : w)));
	drain(r, &r->fd_out, &r->out);
	drain(r, &r->fd_err, &r->err);
	if (!r->reaped)
		check_exit(r);
	long long now = now_ms();
	enforce(r, now);
	if (r->reaped && ((r->fd_out < 0 && r->fd_err < 0) ||
			  now - r->t_exit >= RUNNER_DRAIN_MS)) {
		close_fd(&r->fd_out);
		close_fd(&r->fd_err);
		r->state = r->term_signal ? RUNNER_SIGNALED : RUNNER_EXITED;
	}
	return r->state == RUNNER_RUNNING;
}

void runner_wait(struct runner *r)
{
	while (runner_poll(r, 100))
		;
}

void runner_cancel(struct runner *r)
{
	if (r->state != RUNNER_RUNNING || r->reaped)
		return;
	r->cancelled = true;
	stop_child(r);
}

long long runner_elapsed_ms(const struct runner *r)
{
	if (!r->t_start)
		return 0;
	return (r->reaped ? r->t_exit : now_ms()) - r->t_start;
}

void runner_describe(const struct runner *r, char *buf, size_t size)
{
	char how[128] = "";
	if (r->state == RUNNER_SIGNALED)
		snprintf(how, sizeof how, tr(MSG_RUN_SIGNAL), r->term_signal,
			 strsignal(r->term_signal));
	else
		snprintf(how, sizeof how, tr(MSG_RUN_EXIT), r->exit_code);
	switch (r->state) {
	case RUNNER_NOT_STARTED: snprintf(buf, size, "%s", tr(MSG_RUN_NOT_STARTED)); return;
	case RUNNER_FAILED: snprintf(buf, size, "%s", r->error); return;
	case RUNNER_RUNNING:
		snprintf(buf, size, tr(MSG_RUN_RUNNING), runner_elapsed_ms(r) / 1000);
		return;
	default: break;
	}
	if (r->timed_out)
		snprintf(buf, size, tr(MSG_RUN_TIMEOUT), r->opts.timeout_ms / 1000.0, how);
	else if (r->overflow)
		snprintf(buf, size, tr(MSG_RUN_OVERFLOW), r->opts.max_output, how);
	else if (r->cancelled)   /* the learner asked: no signal names */
		snprintf(buf, size, "%s", tr(MSG_RUN_CANCELLED));
	else
		snprintf(buf, size, "%s", how);
}

void runner_last_err_line(const struct runner *r, char *buf, size_t size)
{
	buf[0] = '\0';
	if (!r->err.len)
		return;
	size_t end = r->err.len;
	while (end > 0 && (r->err.p[end - 1] == '\n' || r->err.p[end - 1] == '\r'))
		end--;
	size_t start = end;
	while (start > 0 && r->err.p[start - 1] != '\n')
		start--;
	size_t n = end - start;
	if (n >= size)
		n = size - 1;
	memcpy(buf, r->err.p + start, n);
	buf[n] = '\0';
}

void runner_free(struct runner *r)
{
	if (!r)
		return;
	if (r->state == RUNNER_RUNNING && !r->reaped && r->pid > 0) {
		kill(r->opts.inherit ? r->pid : -r->pid, SIGKILL);
		groups_remove(r->pid);
		while (waitpid(r->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	close_fd(&r->fd_out);
	close_fd(&r->fd_err);
	free(r->out.p);
	free(r->err.p);
	runner_init(r);
}
