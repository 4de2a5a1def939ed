/* replay: runs one fuzz target over files, without libFuzzer.
 *
 *   build/fuzz/replay_<target> PATH...
 *
 * Each PATH is a file, or a directory whose regular files are read (not
 * recursively).  Every input goes through LLVMFuzzerTestOneInput once; an
 * invariant or sanitizer failure ends the process, so the exit status says
 * whether the whole corpus still passes.  Prints "N inputs" on success. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "fuzz.h"

static int run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	size_t cap = 4096, n = 0;
	uint8_t *buf = malloc(cap);
	while (buf) {
		n += fread(buf + n, 1, cap - n, f);
		if (n < cap)
			break;
		uint8_t *more = realloc(buf, cap * 2);
		if (!more) {
			free(buf);
			buf = NULL;
			break;
		}
		buf = more;
		cap *= 2;
	}
	bool err = ferror(f);
	fclose(f);
	if (!buf || err) {
		free(buf);
		fprintf(stderr, "replay: %s: cannot read\n", path);
		return -1;
	}
	/* An exact-size copy, so ASan sees reads one past the input. */
	uint8_t *exact = malloc(n ? n : 1);
	if (!exact) {
		free(buf);
		return -1;
	}
	memcpy(exact, buf, n);
	free(buf);
	LLVMFuzzerTestOneInput(exact, n);
	free(exact);
	return 1;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Runs every regular file of dir in name order; returns the count or -1. */
static int run_dir(const char *dir)
{
	DIR *dp = opendir(dir);
	if (!dp) {
		fprintf(stderr, "replay: %s: %s\n", dir, strerror(errno));
		return -1;
	}
	char **names = NULL;
	size_t n = 0, cap = 0;
	struct dirent *e;
	while ((e = readdir(dp))) {
		if (e->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 64;
			char **v = realloc(names, cap * sizeof *v);
			if (!v)
				break;
			names = v;
		}
		names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
		if (!names[n])
			break;
		sprintf(names[n++], "%s/%s", dir, e->d_name);
	}
	closedir(dp);
	if (n)
		qsort(names, n, sizeof *names, cmp_str);
	int count = 0;
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (count >= 0 && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
			int r = run_file(names[i]);
			count = r < 0 ? -1 : count + r;
		}
		free(names[i]);
	}
	free(names);
	return count;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s FILE|DIR...\n", argv[0]);
		return 2;
	}
	LLVMFuzzerInitialize(&argc, &argv);
	long total = 0;
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "replay: %s: %s\n", argv[i], strerror(errno));
			return 1;
		}
		int r = S_ISDIR(st.st_mode) ? run_dir(argv[i]) : run_file(argv[i]);
		if (r < 0)
			return 1;
		total += r;
	}
	printf("%ld inputs\n", total);
	return 0;
}
