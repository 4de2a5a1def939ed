/* test_fsutil: mkdir -p, and the move that never replaces a file, on a
 * temporary tree. */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "fsutil.h"
#include "slurp.h"
#include "tap.h"

static char root[] = "/tmp/ck-test-fsutil-XXXXXX";

static const char *at(char *buf, size_t size, const char *rel)
{
	snprintf(buf, size, "%s/%s", root, rel);
	return buf;
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static bool holds(const char *path, const char *text)
{
	size_t len = 0;
	char *s = slurp(path, 4096, &len);
	bool same = s && len == strlen(text) && !memcmp(s, text, len);
	free(s);
	return same;
}

static void test_mkdirs(void)
{
	char p[512], q[512];
	struct stat st;
	ok(fs_mkdirs(at(p, sizeof p, "a/b/c"), 0700) && stat(p, &st) == 0 && S_ISDIR(st.st_mode),
	   "nested directories are made");
	ok((st.st_mode & 0777) == 0700, "with the mode asked for (%o)", (unsigned)(st.st_mode & 0777));
	ok(fs_mkdirs(p, 0700), "an existing directory is fine");
	ok(fs_mkdirs(at(p, sizeof p, "a/b/c/"), 0700), "a trailing slash is fine");
	errno = 0;
	ok(!fs_mkdirs("", 0700) && errno == ENOENT, "\"\" is ENOENT");
	put(at(q, sizeof q, "file"), "x");
	errno = 0;
	ok(!fs_mkdirs(q, 0700) && errno == ENOTDIR, "a file in the way: ENOTDIR");
	errno = 0;
	bool made = fs_mkdirs(at(p, sizeof p, "file/sub"), 0700);
	int e = errno;
	ok(!made && e != 0, "a file as a parent: fails with errno (%s)", strerror(e));
}

static void test_move(void)
{
	char a[512], b[512], c[512];
	put(at(a, sizeof a, "one"), "first");
	is_int(fs_move_no_clobber(a, at(b, sizeof b, "moved")), 0, "a move to a free name");
	ok(access(a, F_OK) != 0 && holds(b, "first"), "the file is under its new name only");
	put(at(c, sizeof c, "two"), "second");
	is_int(fs_move_no_clobber(c, b), EEXIST, "a taken name: EEXIST");
	ok(holds(b, "first") && holds(c, "second"), "neither file changed");
	ok(fs_move_no_clobber(at(a, sizeof a, "none"), at(c, sizeof c, "new")) == ENOENT,
	   "a missing source: ENOENT");
	fs_fsync_dir(root);
	fs_fsync_dir(at(a, sizeof a, "no-such-dir"));
	ok(1, "fs_fsync_dir of a missing directory is harmless");
}

int main(void)
{
	if (!mkdtemp(root)) {
		printf("Bail out! cannot create a temporary directory\n");
		return 1;
	}
	test_mkdirs();
	test_move();
	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	ok(system(cmd) == 0, "cleaned up");
	return tap_done();
}
