/* progress: the learner's saved state on disk.
 *
 * This half owns the files: where progress lives, the lock that keeps two
 * instances apart, crash-safe saving (temporary file, fsync, rename, fsync
 * of the directory) and setting an unreadable file aside.  The YAML form
 * itself is in progress_yaml.c (reading) and progress_write.c. */
#include "progress.h"
#include "i18n.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "doc.h"
#include "fsutil.h"

const char *const skill_names[PROGRESS_SKILLS] = {
	"concepts", "architecture", "threads", "memory", "libraries", "performance",
};

#define TEMP_PREFIX ".progress.yaml."  /* + mkstemp's XXXXXX */

void progress_init(struct progress *p)
{
	memset(p, 0, sizeof *p);
	p->format_version = PROGRESS_FORMAT;
	for (int i = 0; i < PROGRESS_LEVELS; i++)
		p->levels[i].best = -1;
}

/* ---- courses --------------------------------------------------------- */

static struct course_levels *find_course(struct progress *p, const char *key)
{
	for (size_t k = 0; k < p->ncourses; k++)
		if (!strcmp(p->courses[k].course, key))
			return &p->courses[k];
	return NULL;
}

/* The kept entry of key, made (fresh) when missing; the built-in course is
 * never the one forgotten. */
static struct course_levels *course_entry(struct progress *p, const char *key)
{
	struct course_levels *c = find_course(p, key);
	if (c)
		return c;
	if (p->ncourses == PROGRESS_MAX_COURSES) {
		size_t drop = !strcmp(p->courses[0].course, "") ? 1 : 0;
		memmove(&p->courses[drop], &p->courses[drop + 1],
			(PROGRESS_MAX_COURSES - drop - 1) * sizeof *p->courses);
		p->ncourses--;
	}
	c = &p->courses[p->ncourses++];
	memset(c, 0, sizeof *c);
	snprintf(c->course, sizeof c->course, "%s", key);
	for (int i = 0; i < PROGRESS_LEVELS; i++)
		c->levels[i].best = -1;
	return c;
}

struct course_levels *progress_course_levels(struct progress *p, const char *key)
{
	return course_entry(p, key ? key : "");
}

void progress_use_courses(struct progress *p, const char *const keys[PROGRESS_LEVELS])
{
	for (int i = 0; i < PROGRESS_LEVELS; i++)
		course_entry(p, p->level_course[i])->levels[i] = p->levels[i];
	for (int i = 0; i < PROGRESS_LEVELS; i++) {
		const char *key = keys[i] ? keys[i] : "";
		snprintf(p->level_course[i], sizeof p->level_course[i], "%s", key);
		p->levels[i] = course_entry(p, key)->levels[i];
	}
}

/* ---- paths ----------------------------------------------------------- */

enum progress_where progress_locate(char *dir, size_t dsz, char *file, size_t fsz)
{
	const char *xdg = getenv("XDG_STATE_HOME"), *home = getenv("HOME");
	int n;
	/* The XDG spec: a relative path in XDG_* is invalid and is ignored. */
	if (xdg && xdg[0] == '/')
		n = snprintf(dir, dsz, "%s/cudakitchen", xdg);
	else if (home && home[0] == '/')
		n = snprintf(dir, dsz, "%s/.local/state/cudakitchen", home);
	else
		return PROGRESS_NO_HOME;
	if (n < 0 || (size_t)n >= dsz)
		return PROGRESS_PATH_TOO_LONG;
	n = snprintf(file, fsz, "%s/progress.yaml", dir);
	return n >= 0 && (size_t)n < fsz ? PROGRESS_WHERE_OK : PROGRESS_PATH_TOO_LONG;
}

bool progress_path(char *dir, size_t dsz, char *file, size_t fsz)
{
	return progress_locate(dir, dsz, file, fsz) == PROGRESS_WHERE_OK;
}

/* The directory part of path ("." when it has none). */
static bool dir_of(const char *path, char *dir, size_t size)
{
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 1;
	if (slash && n == 0)
		n = 1;                                  /* "/progress.yaml" */
	if (n >= size)
		return false;
	memcpy(dir, slash ? path : ".", n);
	dir[n] = '\0';
	return true;
}

/* mkdir -p with mode 0700 for the directories it creates, as a diag. */
static bool mkdir_p(const char *dir, struct diags *d)
{
	if (fs_mkdirs(dir, 0700))
		return true;
	diags_add(d, dir, 0, 0, "cannot create directory: %s", strerror(errno));
	return false;
}

/* ---- the lock -------------------------------------------------------- */

/* Removes temporary files a killed save left behind.  Called with the
 * lock held, so no other instance can be in the middle of a save. */
static void remove_stale_temps(const char *dir)
{
	DIR *dp = opendir(dir);
	if (!dp)
		return;
	for (struct dirent *e; (e = readdir(dp));)
		if (!strncmp(e->d_name, TEMP_PREFIX, strlen(TEMP_PREFIX)))
			unlinkat(dirfd(dp), e->d_name, 0);
	closedir(dp);
}

bool progress_lock(const char *dir, int *fd, char *why, size_t n)
{
	struct diags d = { 0 };
	char path[PATH_MAX];
	*fd = -1;
	if (!mkdir_p(dir, &d)) {
		if (d.n)
			diag_format(&d.v[0], why, n);
		else
			snprintf(why, n, "%s: cannot create the directory", dir);
		diags_free(&d);
		return false;
	}
	if ((size_t)snprintf(path, sizeof path, "%s/progress.lock", dir) >= sizeof path) {
		snprintf(why, n, "%s: path too long", dir);
		return false;
	}
	int f = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
	if (f < 0) {
		snprintf(why, n, "cannot open %s: %s", path, strerror(errno));
		return false;
	}
	if (flock(f, LOCK_EX | LOCK_NB) != 0) {
		int e = errno;
		close(f);
		if (e == EWOULDBLOCK)
			snprintf(why, n, tr(MSG_PROGRESS_LOCKED), path);
		else
			snprintf(why, n, "cannot lock %s: %s", path, strerror(e));
		return false;
	}
	remove_stale_temps(dir);
	*fd = f;
	return true;
}

void progress_unlock(int fd)
{
	if (fd >= 0) {
		flock(fd, LOCK_UN);
		close(fd);
	}
}

/* Writes p to a new temporary file in dir (its name goes to tmp), flushed
 * and fsync'ed.  False with a diag on failure, the temporary file removed. */
static bool write_temp(const char *dir, const struct progress *p, char *tmp, size_t tsz,
		       struct diags *d)
{
	if ((size_t)snprintf(tmp, tsz, "%s/" TEMP_PREFIX "XXXXXX", dir) >= tsz) {
		diags_add(d, dir, 0, 0, "path too long");
		return false;
	}
	int fd = mkstemp(tmp);
	if (fd < 0) {
		diags_add(d, tmp, 0, 0, "cannot create: %s", strerror(errno));
		return false;
	}
	FILE *f = fdopen(fd, "w");
	if (!f) {
		diags_add(d, tmp, 0, 0, "cannot write: %s", strerror(errno));
		close(fd);
		unlink(tmp);
		return false;
	}
	fchmod(fd, 0600);
	bool ok = progress_format(f, p) && fflush(f) == 0 && fsync(fd) == 0;
	int e = errno;
	if (fclose(f) != 0 && ok) {
		ok = false;
		e = errno;
	}
	if (!ok) {
		diags_add(d, tmp, 0, 0, "cannot write: %s", strerror(e));
		unlink(tmp);
	}
	return ok;
}

bool progress_save(const char *path, const struct progress *p, struct diags *d)
{
	char dir[PATH_MAX], tmp[PATH_MAX];
	if (p->readonly) {
		diags_add(d, path, 0, 0, "progress was written by a newer cudakitchen; not overwriting it");
		return false;
	}
	if (!dir_of(path, dir, sizeof dir)) {
		diags_add(d, path, 0, 0, "path too long");
		return false;
	}
	if (!mkdir_p(dir, d))
		return false;
	if (!write_temp(dir, p, tmp, sizeof tmp, d))
		return false;
	if (rename(tmp, path) != 0) {
		diags_add(d, path, 0, 0, "cannot replace: %s", strerror(errno));
		unlink(tmp);
		return false;
	}
	fs_fsync_dir(dir);
	return true;
}

/* Reads the whole file (at most DOC_MAX_BYTES + 1 bytes: more is then
 * refused by doc as too large).  Returns 0 or an errno: ENOENT means no
 * file, EINVAL not a regular file (a FIFO must not hang us: O_NONBLOCK). */
static int read_file(const char *path, char **buf, size_t *len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0)
		return errno;
	struct stat st;
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return EINVAL;
	}
	size_t cap = DOC_MAX_BYTES + 1, n = 0;
	char *b = malloc(cap + 1);
	while (b && n < cap) {
		ssize_t k = read(fd, b + n, cap - n);
		if (k < 0 && errno == EINTR)
			continue;
		if (k < 0) {
			int e = errno;
			free(b);
			close(fd);
			return e;
		}
		if (k == 0)
			break;
		n += (size_t)k;
	}
	close(fd);
	if (!b)
		return ENOMEM;
	b[n] = '\0';
	*buf = b;
	*len = n;
	return 0;
}

/* Moves an unreadable file aside as progress.corrupt-<UTC time> (with a
 * -N suffix if that name is taken) and says so in p->notice. */
static void set_aside(const char *path, struct progress *p)
{
	char dir[PATH_MAX], name[64], dest[PATH_MAX + 80];
	time_t now = time(NULL);
	struct tm tm;
	char stamp[32] = "unknown-time";
	if (gmtime_r(&now, &tm))
		strftime(stamp, sizeof stamp, "%Y%m%dT%H%M%SZ", &tm);
	errno = ENAMETOOLONG;
	if (!dir_of(path, dir, sizeof dir))
		goto fail;
	for (int i = 0; i < 100; i++) {
		if (i == 0)
			snprintf(name, sizeof name, "progress.corrupt-%s", stamp);
		else
			snprintf(name, sizeof name, "progress.corrupt-%s-%d", stamp, i);
		snprintf(dest, sizeof dest, "%s/%s", dir, name);
		int e = fs_move_no_clobber(path, dest);
		if (e == EEXIST)
			continue;
		errno = e;
		if (e)
			goto fail;
		fs_fsync_dir(dir);
		snprintf(p->notice, sizeof p->notice, tr(MSG_PROGRESS_KEPT), name);
		return;
	}
	errno = EEXIST;
fail:
	snprintf(p->notice, sizeof p->notice, tr(MSG_PROGRESS_NOT_KEPT), strerror(errno));
}

bool progress_load(const char *path, struct progress *p, struct diags *d)
{
	char *buf = NULL;
	size_t len = 0;
	progress_init(p);
	int err = read_file(path, &buf, &len);
	if (err == ENOENT)
		return true;
	if (err) {
		diags_add(d, path, 0, 0, "cannot read progress: %s",
			  err == EINVAL ? "not a regular file" : strerror(err));
		return false;
	}
	bool good = progress_parse(path, buf, len, p);
	free(buf);
	if (good) {
		if (p->readonly)
			snprintf(p->notice, sizeof p->notice, tr(MSG_PROGRESS_NEWER), p->format_version);
		return true;
	}
	set_aside(path, p);
	return true;
}

struct lesson_progress *progress_lesson(struct progress *p, const char *id)
{
	for (size_t i = 0; i < p->nlessons; i++)
		if (!strcmp(p->lessons[i].id, id))
			return &p->lessons[i];
	if (p->nlessons >= PROGRESS_MAX_LESSONS || strlen(id) >= sizeof p->lessons[0].id)
		return NULL;
	struct lesson_progress *l = &p->lessons[p->nlessons++];
	memset(l, 0, sizeof *l);
	strcpy(l->id, id);
	return l;
}
