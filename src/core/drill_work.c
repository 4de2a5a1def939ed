/* drill_work: the learner's own copy of each drill (drill.h).  It lives
 * in ${XDG_DATA_HOME:-~/.local/share}/cudakitchen/drills/ID.cu; nothing
 * here writes over it: a new copy is written to a temporary file, synced
 * and given the name only if the name is free (fs_move_no_clobber), and a
 * reset first moves the old copy to ID.cu.N.bak.  A kill -9 at any moment
 * leaves the old copy or the new one, whole. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "drill.h"
#include "fsutil.h"

bool drill_work_dir(char *out, size_t size)
{
	const char *x = getenv("XDG_DATA_HOME"), *h = getenv("HOME");
	int n;
	if (x && x[0] == '/')
		n = snprintf(out, size, "%s/cudakitchen/drills", x);
	else if (h && *h)
		n = snprintf(out, size, "%s/.local/share/cudakitchen/drills", h);
	else
		return false;
	return n > 0 && (size_t)n < size;
}

bool drill_copy_path(const struct drill *dr, char *out, size_t size)
{
	char dir[4096];
	if (!drill_work_dir(dir, sizeof dir))
		return false;
	int n = snprintf(out, size, "%s/%s.cu", dir, dr->id);
	return n > 0 && (size_t)n < size;
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *buf = NULL;
	size_t cap = 0, n = 0;
	for (;;) {
		if (n + 4096 + 1 > cap) {
			char *nb = realloc(buf, cap = cap * 2 + 8192);
			if (!nb) {
				free(buf), fclose(f);
				errno = ENOMEM;
				return NULL;
			}
			buf = nb;
		}
		size_t got = fread(buf + n, 1, 4096, f);
		n += got;
		if (got < 4096)
			break;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		errno = EIO;
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

/* data into a new temporary file next to path; its name in tmp */
static int write_temp(const char *path, const char *data, size_t len, char *tmp, size_t size)
{
	int n = snprintf(tmp, size, "%s.tmp.XXXXXX", path);
	if (n < 0 || (size_t)n >= size)
		return ENAMETOOLONG;
	int fd = mkstemp(tmp);
	if (fd < 0)
		return errno;
	size_t off = 0;
	while (off < len) {
		ssize_t w = write(fd, data + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0) {
			int e = errno;
			close(fd), unlink(tmp);
			return e;
		}
		off += (size_t)w;
	}
	if (fsync(fd) != 0 || fchmod(fd, 0644) != 0) {
		int e = errno;
		close(fd), unlink(tmp);
		return e;
	}
	return close(fd) == 0 ? 0 : errno;
}

static void dir_of(const char *path, char *dir, size_t size)
{
	drill_copy(dir, size, path);
	char *s = strrchr(dir, '/');
	if (s)
		*s = '\0';
}

int drill_write_atomic(const char *path, const char *data, size_t len)
{
	char tmp[4200], dir[4096];
	int e = write_temp(path, data, len, tmp, sizeof tmp);
	if (e)
		return e;
	if (rename(tmp, path) != 0) {
		e = errno;
		unlink(tmp);
		return e;
	}
	dir_of(path, dir, sizeof dir);
	fs_fsync_dir(dir);
	return 0;
}

/* the starter as a new file at path, never over one that exists */
static int place_starter(const struct drill *dr, const char *path)
{
	char *starter = drill_file(dr, "starter.cu"), tmp[4200], dir[4096];
	size_t len = 0;
	char *data = starter ? slurp(starter, &len) : NULL;
	int e = data ? 0 : (errno ? errno : ENOMEM);
	free(starter);
	dir_of(path, dir, sizeof dir);
	if (!e && !fs_mkdirs(dir, 0755))
		e = errno;
	if (!e)
		e = write_temp(path, data, len, tmp, sizeof tmp);
	free(data);
	if (e)
		return e;
	e = fs_move_no_clobber(tmp, path);
	if (e)
		unlink(tmp);
	else
		fs_fsync_dir(dir);
	return e;
}

int drill_start(const struct drill *dr, bool *made)
{
	char path[4200];
	struct stat st;
	*made = false;
	if (!drill_copy_path(dr, path, sizeof path))
		return ENOENT;
	if (stat(path, &st) == 0)
		return 0;
	int e = place_starter(dr, path);
	if (e == EEXIST)
		return 0; /* made meanwhile by another: theirs stays */
	*made = e == 0;
	return e;
}

int drill_reset(const struct drill *dr, char *backup, size_t size)
{
	char path[4200], bak[4300];
	if (!drill_copy_path(dr, path, sizeof path))
		return ENOENT;
	if (backup && size)
		backup[0] = '\0';
	struct stat st;
	if (stat(path, &st) == 0) {
		int e = EEXIST;
		for (int n = 1; n < 1000 && e == EEXIST; n++) {
			snprintf(bak, sizeof bak, "%s.%d.bak", path, n);
			e = fs_move_no_clobber(path, bak);
		}
		if (e)
			return e;
		if (backup)
			drill_copy(backup, size, bak);
	}
	return place_starter(dr, path);
}
