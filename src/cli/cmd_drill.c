/* cmd_drill: `cudakitchen drill ...`, the drills for people who live in
 * their own editor: list, start (prints the learner's copy's path), check
 * [--watch] [--format yaml] ID [FILE], hint, solution, reset.  check exits
 * 0 on a pass, 1 on a fail, 2 on a usage error; --watch checks again on
 * every save (the file's mtime and size, polled) until Ctrl-C, then exits
 * with the last finished check's status.  A check reads the learner's
 * file and never writes it.
 *
 * Ctrl-C (SIGINT), SIGTERM and SIGHUP during a check stop what it started
 * (the compilers and the learner's program run in their own process
 * groups, out of the terminal's reach): the handler kills those groups;
 * a check cut short is neither printed nor recorded.  Outside --watch the
 * signal then ends the program as it would have (exit status 128+N). */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include "cli.h"
#include "drill.h"
#include "drill_check.h"
#include "drill_progress.h"
#include "i18n.h"
#include "paths.h"
#include "runner.h"
#include "text.h"

static const char usage_text[] =
	"Usage: cudakitchen drill list\n"
	"       cudakitchen drill start ID        make your copy (if new) and print its path\n"
	"       cudakitchen drill check [--watch] [--format text|yaml] [--cpu|--gpu] ID [FILE]\n"
	"       cudakitchen drill hint ID [N]     show hint N (default: the next one)\n"
	"       cudakitchen drill solution [--yes] ID\n"
	"       cudakitchen drill reset [--yes] ID  keep your copy as a backup, start over\n"
	"check exits 0 when the drill passes, 1 when it fails, 2 on a usage error;\n"
	"check --watch checks again on every save of the file until Ctrl-C, and then\n"
	"exits with the last finished check's status (0 passed, 1 not).\n";

static int usage(void)
{
	fputs(usage_text, stderr);
	return 2;
}

struct ctx {
	struct paths p;
	struct drill_set set;
	const struct options *opt;
};

static bool load(struct ctx *c, const struct options *opt)
{
	struct diags d = { 0 };
	memset(c, 0, sizeof *c);
	c->opt = opt;
	if (!paths_init(opt->cert_dir, &c->p)) {
		fprintf(stderr, "cudakitchen: cannot tell where the program's files are\n");
		return false;
	}
	drill_set_load(&c->set, c->p.data, opt->lessons_dir, opt->lang, &d);
	for (size_t i = 0; i < d.n; i++) {
		char line[1024];
		diag_format(&d.v[i], line, sizeof line);
		fprintf(stderr, "cudakitchen: %s\n", line);
	}
	diags_free(&d);
	return true;
}

static void unload(struct ctx *c)
{
	drill_set_free(&c->set);
	paths_free(&c->p);
}

static const struct drill *find(struct ctx *c, const char *id)
{
	const struct drill *dr = drill_find(&c->set, id);
	if (!dr) {
		char *clean = text_sanitize(id, (size_t)-1);
		fprintf(stderr, "cudakitchen: no drill named '%s' (see 'cudakitchen drill list')\n",
			clean ? clean : "?");
		free(clean);
	}
	return dr;
}

static int cmd_list(struct ctx *c)
{
	struct drill_progress_file pf;
	drill_progress_open(&pf, false);
	for (size_t i = 0; i < c->set.n; i++) {
		const struct drill *dr = &c->set.v[i];
		printf("%02d  %-22s %-12s %s%s\n", dr->num, dr->id,
		       drill_state_word(drill_state_of(&pf, dr->id)), dr->title,
		       dr->gpu_only ? "  [GPU]" : "");
	}
	drill_progress_close(&pf);
	return 0;
}

static int cmd_start(struct ctx *c, const char *id)
{
	const struct drill *dr = find(c, id);
	char path[4200];
	if (!dr)
		return 2;
	bool made;
	int e = drill_start(dr, &made);
	if (e || !drill_copy_path(dr, path, sizeof path)) {
		fprintf(stderr, "cudakitchen: cannot make your copy of %s: %s\n", dr->id,
			strerror(e ? e : ENOENT));
		return 1;
	}
	printf("%s\n", path);
	return 0;
}

/* the signal that asked to stop, or 0 */
static volatile sig_atomic_t stop_sig;
static void on_stop(int sig)
{
	stop_sig = sig;
	runner_kill_groups();   /* kill(2) only: async-signal-safe */
}

static void catch_stop(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { .sa_handler = on_stop };
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++)
		sigaction(sigs[i], &sa, NULL);
}

static bool record_progress = true;

/* one check, printed (in text, without "DIR/" when dir is given); 0
 * pass, 1 fail, -1 cut short by a signal */
static int check_once(struct ctx *c, const struct drill *dr, const char *file, bool yaml,
		      enum drill_backend be, const char *dir)
{
	struct drill_check_opts o = { .backend = be, .data_dir = c->p.data };
	struct drill_result r;
	if (!drill_check(dr, file, &o, &r)) {
		fprintf(stderr, "cudakitchen: out of memory\n");
		return 1;
	}
	if (stop_sig) {
		drill_result_free(&r);
		return -1;
	}
	if (yaml) {
		drill_result_write(stdout, dr, &r);
	} else {
		char *t = drill_short_paths(drill_result_text(dr, &r), dir);
		fputs(t ? t : "out of memory\n", stdout);
		free(t);
	}
	fflush(stdout);
	if (!file && record_progress)
		drill_progress_record(dr, &r);
	bool pass = r.verdict == DRILL_PASS || r.verdict == DRILL_FAST;
	drill_result_free(&r);
	return pass ? 0 : 1;
}

static long long mtime_of(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return -1;
	return (long long)st.st_mtim.tv_sec * 1000000000LL + st.st_mtim.tv_nsec + st.st_size;
}

static void nap_ms(long ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);   /* a signal ends it early */
}

/* the file's stamp once it has held still for 100 ms (an editor that
 * writes in several steps is checked once, at the end) */
static long long settled(const char *path)
{
	long long m = mtime_of(path), again;
	while (!stop_sig && (nap_ms(100), again = mtime_of(path)) != m)
		m = again;
	return m;
}

/* check, then again on every change of the file, until a signal */
static int watch(struct ctx *c, const struct drill *dr, const char *file, bool yaml,
		 enum drill_backend be)
{
	char path[4200];
	if (file)
		snprintf(path, sizeof path, "%s", file);
	else if (!drill_copy_path(dr, path, sizeof path))
		return 2;
	bool tty = !yaml && isatty(STDOUT_FILENO) && getenv("TERM") &&
		   strcmp(getenv("TERM"), "dumb") != 0;
	char shown[4300], dir[PATH_MAX] = "", *slash;
	drill_path_shown(path, shown, sizeof shown);
	if (!realpath(path, dir))
		dir[0] = '\0';
	else if ((slash = strrchr(dir, '/')))
		*slash = '\0';   /* the report names the file alone: this line says which */
	int rc = 1;
	long long seen = -2;
	bool gone = false;
	while (!stop_sig) {
		long long m = settled(path);
		if (m == -1 && !gone && !stop_sig) {   /* deleted, or an editor between two names */
			printf(tr(MSG_DR_WATCH_GONE), shown);
			printf("\n");
			fflush(stdout);
		}
		gone = m == -1;
		if (m != seen && m != -1 && !stop_sig) {
			seen = m;
			if (tty)   /* the new report alone on the screen; the scrollback kept */
				fputs("\033[H\033[2J", stdout);
			if (!yaml) {
				printf(tr(MSG_DR_WATCH_CHECKING), shown);
				printf("\n");
				fflush(stdout);
			} else {
				fputs("---\n", stdout);   /* one YAML document per check */
			}
			int k = check_once(c, dr, file, yaml, be, yaml ? NULL : dir);
			if (k >= 0)
				rc = k;
			if (!stop_sig && !yaml) {
				printf(tr(MSG_DR_WATCHING), shown);
				printf("\n");
			}
			fflush(stdout);
		}
		nap_ms(200);
	}
	if (!yaml)
		printf("\n%s\n", tr(rc ? MSG_DR_WATCH_END_FAIL : MSG_DR_WATCH_END_PASS));
	return rc;
}

static int cmd_check(struct ctx *c, int argc, char **argv)
{
	bool yaml = false, watching = false, record = true;
	enum drill_backend be = DRILL_AUTO;
	const char *pos[2] = { NULL, NULL };
	int npos = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--watch"))
			watching = true;
		else if (!strcmp(argv[i], "--no-record"))
			record = false;
		else if (!strcmp(argv[i], "--cpu"))
			be = DRILL_CPU;
		else if (!strcmp(argv[i], "--gpu"))
			be = DRILL_GPU;
		else if (!strcmp(argv[i], "--format") && i + 1 < argc &&
			 (!strcmp(argv[i + 1], "yaml") || !strcmp(argv[i + 1], "text")))
			yaml = !strcmp(argv[++i], "yaml");
		else if (argv[i][0] == '-' || npos == 2)
			return usage();
		else
			pos[npos++] = argv[i];
	}
	if (npos < 1)
		return usage();
	record_progress = record;
	const struct drill *dr = find(c, pos[0]);
	if (!dr)
		return 2;
	if (pos[1] && access(pos[1], R_OK) != 0) {
		fprintf(stderr, "cudakitchen: cannot read %s: %s\n", pos[1], strerror(errno));
		return 2;
	}
	if (!pos[1]) {
		bool made;
		int e = drill_start(dr, &made);
		if (e) {
			fprintf(stderr, "cudakitchen: cannot make your copy of %s: %s\n", dr->id,
				strerror(e));
			return 2;
		}
	}
	catch_stop();
	if (watching)
		return watch(c, dr, pos[1], yaml, be);
	int rc = check_once(c, dr, pos[1], yaml, be, NULL);
	if (rc < 0) {   /* ended as the signal would have ended it */
		signal(stop_sig, SIG_DFL);
		raise(stop_sig);
		rc = 128 + stop_sig;
	}
	return rc;
}

static int cmd_hint(struct ctx *c, int argc, char **argv)
{
	if (argc < 1 || argc > 2)
		return usage();
	const struct drill *dr = find(c, argv[0]);
	if (!dr)
		return 2;
	int n = argc == 2 ? atoi(argv[1]) : drill_progress_hints(dr->id) + 1;
	if (n < 1 || n > dr->nhints) {
		fprintf(stderr, "cudakitchen: %s has hints 1 to %d\n", dr->id, dr->nhints);
		return 2;
	}
	printf("%d/%d: %s\n", n, dr->nhints, dr->hints[n - 1]);
	drill_progress_hint(dr, n);
	return 0;
}

static int cat_file(const char *path)
{
	FILE *f = fopen(path, "r");
	char buf[4096];
	size_t n;
	if (!f) {
		fprintf(stderr, "cudakitchen: cannot read %s: %s\n", path, strerror(errno));
		return 1;
	}
	while ((n = fread(buf, 1, sizeof buf, f)) > 0)
		fwrite(buf, 1, n, stdout);
	fclose(f);
	return 0;
}

static int cmd_solution(struct ctx *c, int argc, char **argv)
{
	bool yes = argc == 2 && !strcmp(argv[0], "--yes");
	if (argc != 1 + yes)
		return usage();
	const struct drill *dr = find(c, argv[yes]);
	if (!dr)
		return 2;
	if (!drill_progress_passed(dr->id) && !yes) {
		fprintf(stderr, "cudakitchen: you have not passed %s yet; 'drill solution --yes %s' "
				"shows the reference and gives up its points\n", dr->id, dr->id);
		return 1;
	}
	if (!drill_progress_passed(dr->id))
		drill_progress_give_up(dr);
	char *path = drill_file(dr, "reference.cu");
	int rc = path ? cat_file(path) : 1;
	free(path);
	return rc;
}

static int cmd_reset(struct ctx *c, int argc, char **argv)
{
	bool yes = argc == 2 && !strcmp(argv[0], "--yes");
	if (argc != 1 + yes)
		return usage();
	const struct drill *dr = find(c, argv[yes]);
	if (!dr)
		return 2;
	if (!yes) {
		fprintf(stderr, "cudakitchen: 'drill reset --yes %s' keeps your copy as a backup and "
				"starts again from the starter\n", dr->id);
		return 1;
	}
	char bak[4400];
	int e = drill_reset(dr, bak, sizeof bak);
	if (e) {
		fprintf(stderr, "cudakitchen: cannot reset %s: %s\n", dr->id, strerror(e));
		return 1;
	}
	if (bak[0])
		printf("kept your copy as %s\n", bak);
	return 0;
}

int cmd_drill(const struct options *opt, int argc, char **argv)
{
	if (argc < 1)
		return usage();
	if (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
		fputs(usage_text, stdout);
		return 0;
	}
	struct ctx c;
	if (!load(&c, opt))
		return 2;
	const char *sub = argv[0];
	int rc;
	if (!strcmp(sub, "list") && argc == 1)
		rc = cmd_list(&c);
	else if (!strcmp(sub, "start") && argc == 2)
		rc = cmd_start(&c, argv[1]);
	else if (!strcmp(sub, "check"))
		rc = cmd_check(&c, argc - 1, argv + 1);
	else if (!strcmp(sub, "hint"))
		rc = cmd_hint(&c, argc - 1, argv + 1);
	else if (!strcmp(sub, "solution"))
		rc = cmd_solution(&c, argc - 1, argv + 1);
	else if (!strcmp(sub, "reset"))
		rc = cmd_reset(&c, argc - 1, argv + 1);
	else
		rc = usage();
	unload(&c);
	return rc;
}
