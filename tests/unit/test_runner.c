/* test_runner: the demo runner against small stub programs (the shell scripts in tests/stubs):
 * normal output, each exit code, a timeout, a child that ignores SIGTERM, a
 * grandchild holding the pipe, oversized output, a missing program, and the
 * fixed demo table.  Run from the repository root (make test does). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include "tap.h"
#include "runner.h"

#define STUBS "tests/stubs/"

/* tap.h's is_str wants pointers, not arrays (-Waddress). */
static const char *str(const char *s) { return s; }

static long long mono_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Runs a stub to the end with opts; returns the wall time in ms. */
static long long run(struct runner *r, const char *stub, const char *arg,
		     const struct runner_opts *o)
{
	char path[256];
	snprintf(path, sizeof path, STUBS "%s", stub);
	char *argv[] = { path, (char *)arg, NULL };
	long long t0 = mono_ms();
	if (runner_start(r, path, argv, o))
		runner_wait(r);
	return mono_ms() - t0;
}

static bool proc_gone(pid_t pid)
{
	char p[64], st[512] = "";
	snprintf(p, sizeof p, "/proc/%d/stat", (int)pid);
	FILE *f = fopen(p, "r");
	if (!f)
		return true;
	size_t n = fread(st, 1, sizeof st - 1, f);
	fclose(f);
	st[n] = '\0';
	const char *rp = strrchr(st, ')');
	return rp && (rp[2] == 'Z' || rp[2] == 'X'); /* a zombie is dead */
}

static void test_normal(void)
{
	struct runner r;
	run(&r, "ok.sh", NULL, NULL);
	is_int(r.state, RUNNER_EXITED, "normal child: exited");
	is_int(r.exit_code, 0, "normal child: status 0");
	is_int(r.lines, 2, "normal child: two stdout lines counted");
	ok(r.out.p && strstr(r.out.p, "record: \"variant\""), "normal child: stdout captured");
	ok(r.err.p && strstr(r.err.p, "a note on stderr"), "normal child: stderr kept apart");
	ok(!r.out.p || !strstr(r.out.p, "stderr"), "normal child: stderr not mixed into stdout");
	char buf[256];
	runner_last_err_line(&r, buf, sizeof buf);
	is_str(str(buf), "stub: a note on stderr", "last stderr line");
	runner_describe(&r, buf, sizeof buf);
	is_str(str(buf), "exited with status 0", "describe a clean exit");
	runner_free(&r);
	is_int(r.state, RUNNER_NOT_STARTED, "runner_free leaves it reusable");
	runner_free(NULL);
}

static void test_args_stdin(void)
{
	struct runner r;
	run(&r, "args.sh", "--size 7; rm -rf $HOME", NULL);
	ok(r.out.p && strstr(r.out.p, "--size 7; rm -rf $HOME\n"),
	   "an argument reaches the child verbatim (no shell)");
	ok(r.out.p && strstr(r.out.p, "stdin: empty"), "stdin is /dev/null");
	runner_free(&r);
}

static void test_exit_codes(void)
{
	static const char *const codes[] = { "0", "2", "3", "4" };
	for (size_t i = 0; i < sizeof codes / sizeof *codes; i++) {
		struct runner r;
		run(&r, "exit.sh", codes[i], NULL);
		is_int(r.state, RUNNER_EXITED, "exit %s: exited", codes[i]);
		is_int(r.exit_code, atoi(codes[i]), "exit %s: status reported", codes[i]);
		char want[64];
		snprintf(want, sizeof want, "status %s\n", codes[i]);
		is_str(r.out.p, str(want), "exit %s: output before the exit kept", codes[i]);
		runner_free(&r);
	}
}

static void test_timeout(void)
{
	struct runner r;
	struct runner_opts o = { .timeout_ms = 300, .grace_ms = 2000 };
	long long ms = run(&r, "sleep.sh", NULL, &o);
	ok(r.timed_out, "timeout: flagged");
	is_int(r.state, RUNNER_SIGNALED, "timeout: ended by a signal");
	is_int(r.term_signal, SIGTERM, "timeout: SIGTERM was enough");
	ok(ms >= 300 && ms < 1900, "timeout: ended after ~300 ms (took %lld)", ms);
	ok(r.out.p && strstr(r.out.p, "started"), "timeout: output before it kept");
	char buf[256];
	runner_describe(&r, buf, sizeof buf);
	ok(strstr(buf, "timed out") != NULL, "timeout: described (%s)", buf);
	runner_free(&r);
}

static void test_ignore_term(void)
{
	struct runner r;
	struct runner_opts o = { .timeout_ms = 200, .grace_ms = 300 };
	long long ms = run(&r, "ignore_term.sh", NULL, &o);
	ok(r.timed_out && r.killed, "ignores TERM: SIGKILL sent after the grace period");
	is_int(r.term_signal, SIGKILL, "ignores TERM: ended by SIGKILL");
	ok(ms >= 500 && ms < 3000, "ignores TERM: ended after timeout + grace (took %lld)", ms);
	ok(!r.out.p || !strstr(r.out.p, "still here"), "ignores TERM: its sleep was killed too");
	runner_free(&r);
}

static void test_grandchild(void)
{
	char pidfile[] = "/tmp/ck-runner-gc.XXXXXX";
	int fd = mkstemp(pidfile);
	close(fd);
	struct runner r;
	long long ms = run(&r, "grandchild.sh", pidfile, NULL);
	is_int(r.state, RUNNER_EXITED, "grandchild: the child's exit is seen");
	is_int(r.exit_code, 0, "grandchild: status 0");
	ok(ms < 2500, "grandchild: the runner does not wait for it (took %lld ms)", ms);
	ok(r.out.p && strstr(r.out.p, "parent done"), "grandchild: output kept");
	FILE *f = fopen(pidfile, "r");
	int gc = 0;
	if (f) {
		if (fscanf(f, "%d", &gc) != 1)
			gc = 0;
		fclose(f);
	}
	unlink(pidfile);
	ok(gc > 0, "grandchild: its pid was recorded");
	bool gone = false;
	for (int i = 0; gc > 0 && i < 40 && !(gone = proc_gone(gc)); i++)
		usleep(25000);
	ok(gone, "grandchild: the group kill ended it");
	if (!gone && gc > 0)
		kill(gc, SIGKILL);
	runner_free(&r);
}

static void test_overflow(void)
{
	struct runner r;
	struct runner_opts o = { .max_output = 64 * 1024, .timeout_ms = 10000 };
	long long ms = run(&r, "flood.sh", NULL, &o);
	ok(r.overflow, "oversized output: flagged");
	ok(!r.timed_out && ms < 3000, "oversized output: stopped at once (took %lld ms)", ms);
	ok(r.out.len + r.err.len <= 64 * 1024, "oversized output: capped at the limit (%zu)",
	   r.out.len + r.err.len);
	is_int(r.out.len, 64 * 1024, "oversized output: kept up to the cap");
	is_int(r.state, RUNNER_SIGNALED, "oversized output: child stopped by a signal");
	char buf[256];
	runner_describe(&r, buf, sizeof buf);
	ok(strstr(buf, "more than 65536 bytes") != NULL, "oversized output: described (%s)", buf);
	runner_free(&r);
}

static void test_missing(void)
{
	struct runner r;
	char *argv[] = { STUBS "no-such-demo", NULL };
	ok(!runner_start(&r, argv[0], argv, NULL), "missing program: start fails");
	is_int(r.state, RUNNER_FAILED, "missing program: state FAILED");
	ok(strstr(r.error, "no demo program at " STUBS "no-such-demo") != NULL,
	   "missing program: the error names the path (%s)", r.error);
	ok(!runner_poll(&r, 0), "missing program: poll says finished");
	runner_free(&r);
	char *argv2[] = { STUBS, NULL };
	ok(!runner_start(&r, argv2[0], argv2, NULL), "a directory: start fails");
	ok(strstr(r.error, "not an executable program") != NULL, "a directory: says why");
	runner_free(&r);
}

static void test_cancel(void)
{
	struct runner r;
	char *argv[] = { STUBS "sleep.sh", NULL };
	ok(runner_start(&r, argv[0], argv, NULL), "cancel: started");
	for (int i = 0; i < 5; i++)
		ok(runner_poll(&r, 10), "cancel: a 0..10 ms poll returns while it runs (%d)", i);
	runner_cancel(&r);
	runner_wait(&r);
	ok(r.cancelled && r.term_signal == SIGTERM, "cancel: the group got SIGTERM");
	{
		char how[200];
		runner_describe(&r, how, sizeof how);
		const char *got = how;
		is_str(got, "cancelled.", "cancel: described as cancelled, without signal jargon");
	}
	runner_free(&r);
	ok(runner_start(&r, argv[0], argv, NULL), "free while running: started");
	runner_free(&r);
	ok(r.state == RUNNER_NOT_STARTED, "free while running: killed and reaped");
}

/* The child leads its own process group (so a timeout reaches all it
 * started, and a Ctrl-C at the TUI's terminal does not): its pgid is its
 * pid, not ours. */
static void test_group(void)
{
	char *argv[] = { "/bin/sh", "-c", "echo $$ $(cut -d' ' -f5 /proc/$$/stat)", NULL };
	struct runner r;
	long pid = 0, pgid = 0;
	ok(runner_start(&r, argv[0], argv, NULL), "group: started");
	runner_wait(&r);
	ok(r.out.p && sscanf(r.out.p, "%ld %ld", &pid, &pgid) == 2, "group: child reported its ids");
	ok(pid == (long)r.pid && pgid == pid, "group: the child leads its own group (pid %ld, pgid %ld)",
	   pid, pgid);
	ok(pgid != (long)getpgrp(), "group: not ours");
	runner_free(&r);
}

static void test_table(void)
{
	char p[128];
	ok(runner_demo_path("/x/demos", "matmul", p, sizeof p), "matmul is a demo");
	is_str(str(p), "/x/demos/matmul", "matmul maps into the demo dir");
	ok(runner_demo_path("d", "conv", p, sizeof p) && runner_demo_known("devinfo"),
	   "conv and devinfo are demos");
	ok(!runner_demo_path("d", "../bin/sh", p, sizeof p), "a path is not a demo");
	ok(!runner_demo_known("rm"), "an unknown name is not a demo");
	ok(!runner_demo_path("d", "matmul", p, 4), "a path that does not fit is refused");
	ok(runner_default_demodir(p, sizeof p) && strstr(p, "/demos"), "a default demo dir");
}

int main(void)
{
	alarm(60); /* a hang is a failure, not a stuck test run */
	test_normal();
	test_args_stdin();
	test_exit_codes();
	test_timeout();
	test_ignore_term();
	test_grandchild();
	test_overflow();
	test_missing();
	test_cancel();
	test_group();
	test_table();
	return tap_done();
}
