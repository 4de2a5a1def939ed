/* paths: the directory rules of paths.h.  paths_resolve is pure (it only
 * looks at the file system) so the unit test can drive it with temporary
 * trees; paths_init adds this process's executable and environment. */
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "paths.h"

char *paths_join(const char *a, const char *b)
{
	size_t la = strlen(a);
	char *s = malloc(la + strlen(b) + 2);
	if (s)
		sprintf(s, "%s%s%s", a, la && a[la - 1] == '/' ? "" : "/", b);
	return s;
}

static bool is_kind(const char *dir, const char *name, mode_t kind)
{
	char *p = paths_join(dir, name);
	struct stat st;
	bool r = p && stat(p, &st) == 0 && (st.st_mode & S_IFMT) == kind;
	free(p);
	return r;
}

/* dir's parent, as a new string ("/a/b" -> "/a", "/a" -> "/"). */
static char *parent_of(const char *dir)
{
	const char *slash = strrchr(dir, '/');
	if (!slash)
		return strdup(".");
	return slash == dir ? strdup("/") : strndup(dir, (size_t)(slash - dir));
}

/* True when exe_dir is <checkout>/build* and the parent looks like one. */
static bool is_checkout(const char *exe_dir, const char *parent)
{
	const char *base = strrchr(exe_dir, '/');
	base = base ? base + 1 : exe_dir;
	return !strncmp(base, "build", 5) && is_kind(parent, "lessons/en", S_IFDIR) &&
	       is_kind(parent, "Makefile", S_IFREG);
}

static char *cert_default(const char *xdg, const char *home)
{
	if (xdg && xdg[0] == '/')
		return paths_join(xdg, "cudakitchen/certs");
	if (home && home[0])
		return paths_join(home, ".local/share/cudakitchen/certs");
	return NULL;
}

bool paths_resolve(const char *exe, const char *cert_dir, const char *xdg_data_home,
		   const char *home, struct paths *out)
{
	*out = (struct paths){ 0 };
	char *exe_dir = parent_of(exe);
	char *up = exe_dir ? parent_of(exe_dir) : NULL;
	if (!up)
		goto fail;
	out->checkout = is_checkout(exe_dir, up);
	if (out->checkout) {
		out->data = strdup(up);
		out->demos = paths_join(exe_dir, "demos");
		out->certs = cert_dir ? strdup(cert_dir) : paths_join(up, "certs");
	} else {
#ifdef CK_DATADIR
		out->data = strdup(CK_DATADIR);
#else
		out->data = paths_join(up, "share/cudakitchen");
#endif
#ifdef CK_LIBEXECDIR
		out->demos = strdup(CK_LIBEXECDIR);
#else
		out->demos = paths_join(up, "libexec/cudakitchen");
#endif
		out->certs = cert_dir ? strdup(cert_dir) : cert_default(xdg_data_home, home);
	}
	if (!out->data || !out->demos || !out->certs)
		goto fail;
	free(exe_dir);
	free(up);
	return true;
fail:
	free(exe_dir);
	free(up);
	paths_free(out);
	return false;
}

bool paths_init(const char *cert_dir, struct paths *out)
{
	*out = (struct paths){ 0 };   /* paths_free is safe on every failure */
	const char *home = getenv("HOME");
	if (!home || !home[0]) {
		struct passwd *pw = getpwuid(getuid());
		home = pw ? pw->pw_dir : NULL;
	}
	char exe[PATH_MAX];
	if (!realpath("/proc/self/exe", exe)) {
		/* No /proc: treat the current directory as a checkout. */
		char cwd[PATH_MAX - 32];
		if (!getcwd(cwd, sizeof cwd))
			return false;
		snprintf(exe, sizeof exe, "%s/build/cudakitchen", cwd);
	}
	return paths_resolve(exe, cert_dir, getenv("XDG_DATA_HOME"), home, out);
}

void paths_free(struct paths *p)
{
	if (!p)
		return;
	free(p->data);
	free(p->demos);
	free(p->certs);
	*p = (struct paths){ 0 };
}
