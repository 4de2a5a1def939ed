/* cmd_demo: `cudakitchen demo NAME [ARGS...]` runs a demo program from the
 * fixed table with the learner's arguments and lets it print its own table
 * on our stdout; no TUI, no parsing.  The exit status is the demo's (0 ok,
 * 2 bad arguments, 3 a failed check, 4 a CUDA error); our own usage errors
 * and a missing program are 2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "demo.h"
#include "paths.h"
#include "runner.h"
#include "text.h"

static void list_demos(FILE *out)
{
	for (int i = 0; demo_names[i]; i++)
		fprintf(out, "%s%s", i ? ", " : "", demo_names[i]);
}

static bool has_format(int argc, char **argv)
{
	for (int i = 0; i < argc; i++)
		if (!strcmp(argv[i], "--format") || !strncmp(argv[i], "--format=", 9))
			return true;
	return false;
}

/* A demo prints YAML when its stdout is not a terminal; this command
 * promises the table, so it asks for one unless the learner chose. */
static char **demo_argv(const char *path, int argc, char **argv)
{
	bool table = !has_format(argc, argv);
	char **v = calloc((size_t)argc + 4, sizeof *v);
	if (!v)
		return NULL;
	int n = 0;
	v[n++] = (char *)path;
	if (table) {
		v[n++] = "--format";
		v[n++] = "table";
	}
	for (int i = 0; i < argc; i++)
		v[n++] = argv[i];
	v[n] = NULL;
	return v;
}

static int run_demo(const char *name, const char *path, int argc, char **argv)
{
	char **v = demo_argv(path, argc, argv);
	if (!v) {
		fprintf(stderr, "cudakitchen: out of memory\n");
		return 2;
	}
	fflush(stdout);
	struct runner r;
	struct runner_opts o = { .inherit = true };
	int rc = 2;
	if (!runner_start(&r, path, v, &o)) {
		fprintf(stderr, "cudakitchen: %s\n", r.error);
		goto out;
	}
	runner_wait(&r);
	if (r.state == RUNNER_SIGNALED) {
		char how[256];
		runner_describe(&r, how, sizeof how);
		fprintf(stderr, "cudakitchen: demo '%s' %s\n", name, how);
		rc = 128 + r.term_signal;
	} else {
		rc = r.exit_code;
	}
out:
	runner_free(&r);
	free(v);
	return rc;
}

int cmd_demo(const struct options *opt, int argc, char **argv)
{
	if (argc < 1 || !strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")) {
		FILE *out = argc < 1 ? stderr : stdout;
		fprintf(out, "Usage: cudakitchen demo NAME [ARGS...]\nNAME is one of: ");
		list_demos(out);
		fprintf(out, "\nARGS go to the demo; try 'cudakitchen demo matmul --help'\n");
		return argc < 1 ? 2 : 0;
	}
	const char *name = argv[0];
	if (!runner_demo_known(name)) {
		char *clean = text_sanitize(name, (size_t)-1);
		fprintf(stderr, "cudakitchen: unknown demo '%s' (one of: ", clean ? clean : "?");
		free(clean);
		list_demos(stderr);
		fprintf(stderr, ")\n");
		return 2;
	}
	char dir[4096] = "", path[4352];
	struct paths p;
	if (paths_init(opt->cert_dir, &p)) {
		snprintf(dir, sizeof dir, "%s", p.demos);
		paths_free(&p);
	}
	if ((!dir[0] && !runner_default_demodir(dir, sizeof dir)) ||
	    !runner_demo_path(dir, name, path, sizeof path)) {
		fprintf(stderr, "cudakitchen: cannot tell where the demo programs are\n");
		return 2;
	}
	if (!runner_program_exists(path)) {
		fprintf(stderr, "cudakitchen: no demo program at %s; build the demos with 'make demos'\n",
			path);
		return 2;
	}
	return run_demo(name, path, argc - 1, argv + 1);
}
