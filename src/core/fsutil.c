/* fsutil: mkdir -p, directory fsync and a move that never replaces (see
 * fsutil.h).  Kept apart so the two writers that must not lose data make
 * these steps the same way. */
#include "fsutil.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

bool fs_mkdirs(const char *dir, mode_t mode)
{
	char p[PATH_MAX];
	size_t n = strlen(dir);
	if (n == 0 || n >= sizeof p) {
		errno = n ? ENAMETOOLONG : ENOENT;
		return false;
	}
	memcpy(p, dir, n + 1);
	for (char *s = p + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		bool made = mkdir(p, mode) == 0 || errno == EEXIST;
		*s = '/';
		if (!made)
			return false;
	}
	if (mkdir(p, mode) != 0 && errno != EEXIST)
		return false;
	struct stat st;
	if (stat(p, &st) != 0)
		return false;
	if (!S_ISDIR(st.st_mode)) {
		errno = ENOTDIR;
		return false;
	}
	return true;
}

void fs_fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

int fs_move_no_clobber(const char *from, const char *to)
{
	struct stat st;
	if (link(from, to) == 0)
		return unlink(from) == 0 ? 0 : errno;
	if (errno == EEXIST || lstat(to, &st) == 0)
		return EEXIST;
	return rename(from, to) == 0 ? 0 : errno;
}

char *fs_link_outside(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
		return NULL;
	const char *slash = strrchr(path, '/');
	char *dir = !slash ? strdup(".") : slash == path ? strdup("/")
		  : strndup(path, (size_t)(slash - path));
	char *rdir = dir ? realpath(dir, NULL) : NULL, *rfile = realpath(path, NULL);
	size_t n = rdir ? strlen(rdir) : 0;
	bool ok = !rfile || (rdir && (!strcmp(rdir, "/") || (!strncmp(rfile, rdir, n) && rfile[n] == '/')));
	free(dir);
	free(rdir);
	if (ok) {
		free(rfile);
		return NULL;
	}
	return rfile;
}

char *fs_dir_outside(const char *root, const char *dir)
{
	struct stat st;
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode))
		return NULL;
	char *rroot = realpath(root, NULL), *rdir = realpath(dir, NULL);
	size_t n = rroot ? strlen(rroot) : 0;
	bool ok = !rdir || (rroot && (!strcmp(rroot, "/") || !strcmp(rdir, rroot) ||
				      (!strncmp(rdir, rroot, n) && rdir[n] == '/')));
	free(rroot);
	if (ok) {
		free(rdir);
		return NULL;
	}
	return rdir;
}

/* dir's subdirectories (not hidden), to depth levels, each checked. */
static size_t walk_outside(const char *root, const char *dir, int depth,
			   void (*report)(void *, const char *, const char *), void *ctx)
{
	DIR *dp = opendir(dir);
	size_t bad = 0;
	struct dirent *e;
	while (dp && (e = readdir(dp))) {
		char sub[PATH_MAX];
		if (e->d_name[0] == '.' ||
		    snprintf(sub, sizeof sub, "%s/%s", dir, e->d_name) >= (int)sizeof sub)
			continue;
		char *target = fs_dir_outside(root, sub);
		if (target) {
			report(ctx, sub, target);
			free(target);
			bad++;
		} else if (depth > 1) {
			bad += walk_outside(root, sub, depth - 1, report, ctx);
		}
	}
	if (dp)
		closedir(dp);
	return bad;
}

size_t fs_tree_outside(const char *root, int depth,
		       void (*report)(void *ctx, const char *dir, const char *target), void *ctx)
{
	return walk_outside(root, root, depth, report, ctx);
}
