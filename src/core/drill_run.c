/* drill_run: where a drill check finds its tools and files, the compiler
 * command lines, and children run at once under the runner (drill_run.h).
 * Compilers are found on PATH (CXX and NVCC override); nothing goes
 * through a shell. */
#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "drill_run.h"
#include "fsutil.h"
#include "runner.h"

#define COPY(dst, src) DRILL_COPY(dst, src)

enum { OUT_CAP = 256 << 10 };

/* the first executable NAME on PATH (or PATH itself when it has a '/') */
static bool find_tool(const char *name, char *out, size_t size)
{
	if (!name || !*name)
		return false;
	if (strchr(name, '/')) {
		drill_copy(out, size, name);
		if (access(out, X_OK) == 0)
			return true;
		out[0] = '\0';   /* not there: no tool, said as such */
		return false;
	}
	const char *path = getenv("PATH");
	char dirs[8192];
	snprintf(dirs, sizeof dirs, "%s", path ? path : "/usr/bin:/bin");
	for (char *save = NULL, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		snprintf(out, size, "%s/%s", d, name);
		if (access(out, X_OK) == 0)
			return true;
	}
	out[0] = '\0';
	return false;
}

static void cache_dir(char *out, size_t size)
{
	const char *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
	if (x && x[0] == '/')
		snprintf(out, size, "%s/cudakitchen/drills", x);
	else if (h && *h)
		snprintf(out, size, "%s/.cache/cudakitchen/drills", h);
	else
		snprintf(out, size, "%s", "");
}

bool drill_ctx_init(struct drill_ctx *x, const struct drill *dr, const char *file,
		    const struct drill_check_opts *o, struct drill_result *r)
{
	memset(x, 0, sizeof *x);
	x->dr = dr, x->o = o;
	char given[4096];
	if (file)
		COPY(given, file);
	else if (!drill_copy_path(dr, given, sizeof given)) {
		COPY(r->cannot, "no-place");
		return false;
	}
	if (!realpath(given, x->learner)) {
		snprintf(r->cannot, sizeof r->cannot, "read|%.180s|%.60s", given, strerror(errno));
		return false;
	}
	COPY(x->data, o->data_dir);
	snprintf(x->harness, sizeof x->harness, "%s/harness.cu", dr->dir);
	snprintf(x->emu, sizeof x->emu, "%s/emu", o->data_dir);
	cache_dir(x->cache, sizeof x->cache);
	const char *cxx = getenv("CXX"), *nvcc = getenv("NVCC");
	if (!find_tool(cxx && *cxx ? cxx : "c++", x->cxx, sizeof x->cxx) && !(cxx && *cxx))
		if (!find_tool("g++", x->cxx, sizeof x->cxx))
			find_tool("clang++", x->cxx, sizeof x->cxx);
	if (!find_tool(nvcc && *nvcc ? nvcc : "nvcc", x->nvcc, sizeof x->nvcc) &&
	    !(nvcc && *nvcc))
		find_tool("/usr/local/cuda/bin/nvcc", x->nvcc, sizeof x->nvcc);
	if (!find_tool("compute-sanitizer", x->sanitizer, sizeof x->sanitizer))
		find_tool("/usr/local/cuda/bin/compute-sanitizer", x->sanitizer, sizeof x->sanitizer);
	const char *t = getenv("TMPDIR");
	snprintf(x->tmp, sizeof x->tmp, "%s/ck-drill-XXXXXX", t && t[0] == '/' ? t : "/tmp");
	if (!mkdtemp(x->tmp)) {
		snprintf(r->cannot, sizeof r->cannot, "tmp|%s", strerror(errno));
		x->tmp[0] = '\0';
		return false;
	}
	if (!x->cache[0])
		drill_copy(x->cache, sizeof x->cache, x->tmp);
	else if (!fs_mkdirs(x->cache, 0755))
		drill_copy(x->cache, sizeof x->cache, x->tmp);
	bool need_cxx = r->backend == DRILL_CPU && !dr->gpu_only;
	if (need_cxx && !x->cxx[0]) {
		snprintf(r->cannot, sizeof r->cannot, "no-cxx|%.200s", cxx ? cxx : "");
		return false;
	}
	if (r->backend == DRILL_GPU && !x->nvcc[0]) {
		snprintf(r->cannot, sizeof r->cannot, "no-nvcc|%.200s", nvcc ? nvcc : "");
		return false;
	}
	return true;
}

void drill_ctx_free(struct drill_ctx *x)
{
	if (!x->tmp[0])
		return;
	DIR *d = opendir(x->tmp);
	struct dirent *e;
	char p[4400];
	while (d && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) {
			snprintf(p, sizeof p, "%s/%s", x->tmp, e->d_name);
			unlink(p);
		}
	if (d)
		closedir(d);
	rmdir(x->tmp);
	x->tmp[0] = '\0';
}

void drill_cmd_init(struct drill_cmd *c) { memset(c, 0, sizeof *c); }

void drill_cmd_add(struct drill_cmd *c, ...)
{
	va_list ap;
	va_start(ap, c);
	for (const char *s; (s = va_arg(ap, const char *));)
		if (c->n < DRILL_CMD_MAX)
			c->argv[c->n++] = strdup(s);
	va_end(ap);
}

static void add_list(struct drill_cmd *c, const char *const *l)
{
	for (; l && *l; l++)
		drill_cmd_add(c, *l, NULL);
}

void drill_cmd_cxx(struct drill_cmd *c, const struct drill_ctx *x, const char *const *san,
		   const char *opt, const char *include)
{
	char inc[4200], simt[4200];
	snprintf(inc, sizeof inc, "-I%s", x->emu);
	snprintf(simt, sizeof simt, "%s/simt_kernel.h", x->emu);
	drill_cmd_init(c);
	drill_cmd_add(c, x->cxx, "-std=c++17", "-g1", opt, "-fdiagnostics-color=never",
		      "-DCK_SIMT_EMU", "-include", include ? include : simt, inc, NULL);
	add_list(c, san);
	drill_cmd_add(c, "-x", "c++", NULL);
}

/* GCC's precompiled simt_kernel.h for one set of flags, in the cache
 * (shared by every drill): a header
 * CACHE/emu-HASH-TAG.h that includes the real one, and its .gch beside
 * it, which GCC uses when its flags match and otherwise ignores (the
 * header is then read as text, so a stale .gch costs time, never
 * correctness).  False (use the header itself) for other compilers. */
bool drill_pch(const struct drill_ctx *x, const char *tag, const char *const *san, char *out,
	       size_t size)
{
	if (strstr(x->cxx, "clang") || !strstr(x->cxx, "++"))
		return false;
	unsigned long long h = drill_hash_files(x, NULL, tag);
	char gch[4300], tmp[4400], inc[4200];
	snprintf(out, size, "%s/emu-%016llx-%s.h", x->cache, h, tag);
	snprintf(gch, sizeof gch, "%s.gch", out);
	if (access(gch, R_OK) == 0)
		return true;
	/* the header under its name at once, whole (another check may be
	 * compiling it right now): written aside, then renamed */
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", out, (long)getpid());
	FILE *f = fopen(tmp, "w");
	if (!f)
		return false;
	fprintf(f, "#include \"%s/simt_kernel.h\"\n", x->emu);
	if (fclose(f) != 0 || rename(tmp, out) != 0) {
		unlink(tmp);
		return false;
	}
	snprintf(tmp, sizeof tmp, "%s.%ld.tmp", gch, (long)getpid());
	snprintf(inc, sizeof inc, "-I%s", x->emu);
	struct drill_cmd c;
	drill_cmd_init(&c);
	drill_cmd_add(&c, x->cxx, "-std=c++17", "-g1", "-O0", "-DCK_SIMT_EMU", inc, NULL);
	add_list(&c, san);
	drill_cmd_add(&c, "-x", "c++-header", out, "-o", tmp, NULL);
	struct drill_out o;
	drill_run_all(&c, 1, 120000, &o);
	bool ok = o.ok && o.code == 0 && rename(tmp, gch) == 0;
	drill_out_free(&o);
	if (!ok)
		unlink(tmp);
	return ok;
}

void drill_cmd_link(struct drill_cmd *c, const struct drill_ctx *x, const char *const *san)
{
	drill_cmd_init(c);
	drill_cmd_add(c, x->cxx, NULL);
	add_list(c, san);
}

void drill_cmd_free(struct drill_cmd *c)
{
	for (int i = 0; i < c->n; i++)
		free(c->argv[i]);
	c->n = 0;
}

static char *take(struct runner_buf *b)
{
	char *s = malloc(b->len + 1);
	if (s) {
		memcpy(s, b->p ? b->p : "", b->len);
		s[b->len] = '\0';
	}
	return s;
}

/* the CPU time a running child has used, in ms (-1: unknown) */
static long long cpu_ms_of(pid_t pid)
{
	char p[64], buf[1024];
	snprintf(p, sizeof p, "/proc/%ld/stat", (long)pid);
	FILE *f = fopen(p, "r");
	size_t n = f ? fread(buf, 1, sizeof buf - 1, f) : 0;
	if (f)
		fclose(f);
	buf[n] = '\0';
	const char *s = strrchr(buf, ')');
	unsigned long long ut, st;
	/* after the name: state and 11 fields, then utime and stime */
	if (!s || sscanf(s + 2, "%*c %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %*s %llu %llu",
			 &ut, &st) != 2)
		return -1;
	long hz = sysconf(_SC_CLK_TCK);
	return hz > 0 ? (long long)((ut + st) * 1000 / (unsigned long long)hz) : -1;
}

void drill_run_all(struct drill_cmd *c, int n, int timeout_ms, struct drill_out *o)
{
	drill_run_cpu(c, n, timeout_ms, 0, o);
}

void drill_run_cpu(struct drill_cmd *c, int n, int timeout_ms, int cpu_ms, struct drill_out *o)
{
	struct runner r[4];
	struct runner_opts ro = { .timeout_ms = cpu_ms ? 5 * cpu_ms : timeout_ms, .grace_ms = 500,
				  .max_output = OUT_CAP };
	bool over[4] = { false };
	for (int i = 0; i < n; i++) {
		memset(&o[i], 0, sizeof o[i]);
		o[i].limit_s = timeout_ms / 1000;
		runner_init(&r[i]);
		c[i].argv[c[i].n] = NULL;
		o[i].ok = runner_start(&r[i], c[i].argv[0], c[i].argv, &ro);
		if (!o[i].ok)
			snprintf(o[i].how, sizeof o[i].how, "%s", r[i].error);
	}
	for (bool busy = true; busy;) {
		busy = false;
		for (int i = 0; i < n; i++)
			if (o[i].ok && runner_poll(&r[i], busy ? 0 : 20)) {
				busy = true;
				if (cpu_ms && !over[i] && cpu_ms_of(r[i].pid) >= cpu_ms) {
					over[i] = true;
					runner_cancel(&r[i]);
				}
			}
	}
	for (int i = 0; i < n; i++) {
		if (o[i].ok) {
			o[i].code = r[i].state == RUNNER_EXITED ? r[i].exit_code : -1;
			o[i].signal = r[i].state == RUNNER_SIGNALED ? r[i].term_signal : 0;
			o[i].timed_out = r[i].timed_out || over[i];
			o[i].overflow = r[i].overflow;
			runner_describe(&r[i], o[i].how, sizeof o[i].how);
			o[i].out = take(&r[i].out);
			o[i].err = take(&r[i].err);
		}
		runner_free(&r[i]);
		drill_cmd_free(&c[i]);
	}
}

void drill_out_free(struct drill_out *o)
{
	free(o->out), free(o->err);
	o->out = o->err = NULL;
}

static unsigned long long fnv(unsigned long long h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h;
}

static unsigned long long fnv_file(unsigned long long h, const char *path)
{
	FILE *f = fopen(path, "rb");
	char buf[8192];
	size_t n;
	h = fnv(h, path, strlen(path));
	while (f && (n = fread(buf, 1, sizeof buf, f)) > 0)
		h = fnv(h, buf, n);
	if (f)
		fclose(f);
	return h;
}

unsigned long long drill_hash_files(const struct drill_ctx *x, const char *file, const char *tag)
{
	static const char *const hdrs[] = { "simt.h", "simt_kernel.h", "simt_fiber.h", "drill.h" };
	unsigned long long h = 1469598103934665603ull;
	if (file)
		h = fnv_file(h, file);
	char p[4200];
	for (size_t i = 0; i < sizeof hdrs / sizeof *hdrs; i++) {
		snprintf(p, sizeof p, "%s/%s", x->emu, hdrs[i]);
		h = fnv_file(h, p);
	}
	struct stat st;
	if (stat(x->cxx, &st) == 0)
		h = fnv(h, &st.st_mtime, sizeof st.st_mtime);
	h = fnv(h, x->cxx, strlen(x->cxx));
	return fnv(h, tag, strlen(tag));
}

static bool protocol_line(const char *l, size_t n)
{
	static const char *const k[] = { "ck-drill ", "begin ", "case ", "time ", "end" };
	for (size_t i = 0; i < sizeof k / sizeof *k; i++)
		if (n >= strlen(k[i]) && !strncmp(l, k[i], strlen(k[i])))
			return true;
	return false;
}

char *drill_program_output(const char *out)
{
	size_t cap = 4096, len = 0;
	char *s = malloc(cap + 1);
	if (!s)
		return NULL;
	for (const char *p = out ? out : ""; *p && len < cap;) {
		const char *e = strchr(p, '\n');
		size_t n = e ? (size_t)(e - p) + 1 : strlen(p);
		if (!protocol_line(p, n)) {
			size_t k = n < cap - len ? n : cap - len;
			memcpy(s + len, p, k);
			len += k;
		}
		p += n;
	}
	s[len] = '\0';
	if (!len) {
		free(s);
		return NULL;
	}
	return s;
}
