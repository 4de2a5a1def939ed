/* Unit tests of progress.c and progress_yaml.c: paths, round trip,
 * corruption handling, newer formats, permissions and the lock.
 *
 * With an argument this program is also the helper of
 * tests/e2e/progress_kill.sh: `--save-once PATH` writes one consistent
 * state, `--save-loop PATH` saves consistent states until killed, and
 * `--check PATH` exits 0 only when PATH loads cleanly and consistently. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <locale.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include "slurp.h"
#include "tap.h"
#include "progress.h"
#include "text.h"

static char tmpdir[PATH_MAX];

/* is_str on an array: tap.h checks its arguments for NULL. */
static const char *S(const char *s)
{
	return s;
}

static void path_in(char *buf, size_t size, const char *name)
{
	if ((size_t)snprintf(buf, size, "%s/%s", tmpdir, name) >= size)
		abort();
}

static bool write_bytes(const char *path, const char *buf, size_t len)
{
	FILE *f = fopen(path, "wb");
	bool ok = f && fwrite(buf, 1, len, f) == len;
	return f && fclose(f) == 0 && ok;
}

/* The whole file in a malloc'd buffer (NULL if unreadable). */
static char *read_bytes(const char *path, size_t *len)
{
	return slurp(path, 4 << 20, len);
}

static bool has_bytes(const char *buf, size_t len, const char *needle)
{
	size_t n = strlen(needle);
	for (size_t i = 0; i + n <= len; i++)
		if (!memcmp(buf + i, needle, n))
			return true;
	return false;
}

/* Removes everything in dir (one level, plus one nested level of dirs). */
static void clear_dir(const char *dir)
{
	char cmd[2 * PATH_MAX + 32];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'/* '%s'/.[!.]*", dir, dir);
	if (system(cmd) != 0)
		diag("cannot clear %s", dir);
}

/* How many entries of dir start with prefix; the first goes to first. */
static int count_prefix(const char *dir, const char *prefix, char *first, size_t fsz)
{
	char cmd[PATH_MAX + 64], line[PATH_MAX];
	int n = 0;
	snprintf(cmd, sizeof cmd, "ls -A '%s'", dir);
	FILE *p = popen(cmd, "r");
	while (p && fgets(line, sizeof line, p)) {
		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, prefix, strlen(prefix)) && n++ == 0 && first)
			n += snprintf(first, fsz, "%s", line) < 0;
	}
	if (p)
		pclose(p);
	return n;
}

static void test_init_and_lessons(void)
{
	struct progress p;
	progress_init(&p);
	is_int(p.format_version, PROGRESS_FORMAT, "init: format_version");
	is_int(p.levels[0].best, -1, "init: levels never finished");
	ok(p.nlessons == 0 && !p.readonly && !p.notice[0], "init: empty, writable, no notice");
	is_str(skill_names[SK_PERFORMANCE], "performance", "skill_names in DESIGN.md order");
	struct lesson_progress *a = progress_lesson(&p, "01-kitchen");
	ok(a && p.nlessons == 1 && a->page == 0 && !a->done, "lesson: created");
	a->page = 4;
	ok(progress_lesson(&p, "01-kitchen") == a && p.nlessons == 1, "lesson: found again");
	char long_id[80];
	memset(long_id, 'x', sizeof long_id - 1);
	long_id[sizeof long_id - 1] = '\0';
	ok(!progress_lesson(&p, long_id), "lesson: an id that does not fit is refused");
	for (int i = 0; p.nlessons < PROGRESS_MAX_LESSONS; i++) {
		char id[16];
		snprintf(id, sizeof id, "l%d", i);
		progress_lesson(&p, id);
	}
	ok(!progress_lesson(&p, "one-more"), "lesson: full table refuses a new id");
}

static void test_paths(void)
{
	char dir[PATH_MAX], file[PATH_MAX];
	setenv("HOME", "/home/learner", 1);
	setenv("XDG_STATE_HOME", "/var/state", 1);
	ok(progress_path(dir, sizeof dir, file, sizeof file), "path: absolute XDG_STATE_HOME");
	is_str(S(file), "/var/state/cudakitchen/progress.yaml", "path: under XDG_STATE_HOME");
	is_str(S(dir), "/var/state/cudakitchen", "path: directory");
	setenv("XDG_STATE_HOME", "relative/state", 1);
	ok(progress_path(dir, sizeof dir, file, sizeof file), "path: relative XDG_STATE_HOME");
	is_str(S(file), "/home/learner/.local/state/cudakitchen/progress.yaml", "path: relative XDG ignored");
	unsetenv("XDG_STATE_HOME");
	ok(progress_path(dir, sizeof dir, file, sizeof file) &&
	   !strcmp(file, "/home/learner/.local/state/cudakitchen/progress.yaml"), "path: default under HOME");
	setenv("XDG_STATE_HOME", "", 1);
	ok(progress_path(dir, sizeof dir, file, sizeof file) &&
	   !strcmp(dir, "/home/learner/.local/state/cudakitchen"), "path: empty XDG ignored");
	unsetenv("HOME");
	ok(!progress_path(dir, sizeof dir, file, sizeof file), "path: no HOME, no XDG -> false");
	setenv("HOME", "/home/learner", 1);
	ok(!progress_path(dir, 8, file, sizeof file), "path: small buffer -> false");
}

/* A state with every field set to something distinctive. */
static void fill(struct progress *p)
{
	progress_init(p);
	snprintf(p->last, sizeof p->last, "08-matmul");
	struct lesson_progress *l = progress_lesson(p, "01-kitchen");
	l->page = 7;
	l->done = true;
	progress_lesson(p, "02-inside")->page = 2;
	progress_lesson(p, "quote\"back\\slash");
	progress_lesson(p, "\xe5\x8e\xa8\xe6\x88\xbf");   /* 厨房 */
	for (int i = 0; i < PROGRESS_LEVELS; i++) {
		p->levels[i] = (struct level_progress){ .best = i == 4 ? -1 : 20 * i + 5, .attempt = i,
			.question = 3 * i, .seed = 4000000000u - (unsigned)i, .points = i, .max_points = 2 * i,
			.in_progress = i % 2 };
	}
	for (int i = 0; i < PROGRESS_SKILLS; i++) {
		p->skill_got[i] = 0.1 * i;
		p->skill_max[i] = 2.5 + i / 3.0;
	}
	p->gpumap_attempts = 9;
	p->gpumap_correct = 8;
	snprintf(p->apis, sizeof p->apis, "cudnnCreate cublasSgemm cudnnConvolutionForward");
	snprintf(p->speedups, sizeof p->speedups, "tiled 4.2x, \"cuBLAS\" 11x: a\tb\nc \xef\xbb\xbf!");
}

static bool same_levels(const struct level_progress *a, const struct level_progress *b)
{
	return a->best == b->best && a->attempt == b->attempt && a->question == b->question &&
	       a->seed == b->seed && a->points == b->points && a->max_points == b->max_points &&
	       a->in_progress == b->in_progress;
}

static void test_round_trip(void)
{
	char path[PATH_MAX];
	struct progress a, b;
	struct diags d = { 0 };
	path_in(path, sizeof path, "rt/progress.yaml");
	fill(&a);
	ok(progress_save(path, &a, &d) && d.n == 0, "round trip: saved");
	ok(progress_load(path, &b, &d) && d.n == 0, "round trip: loaded");
	is_str(S(b.notice), "", "round trip: no notice");
	ok(!b.readonly && b.format_version == PROGRESS_FORMAT, "round trip: writable, our format");
	is_str(S(b.last), a.last, "round trip: last");
	is_int(b.nlessons, a.nlessons, "round trip: lesson count");
	for (size_t i = 0; i < a.nlessons && i < b.nlessons; i++)
		ok(!strcmp(a.lessons[i].id, b.lessons[i].id) && a.lessons[i].page == b.lessons[i].page &&
		   a.lessons[i].done == b.lessons[i].done, "round trip: lesson %s", a.lessons[i].id);
	for (int i = 0; i < PROGRESS_LEVELS; i++)
		ok(same_levels(&a.levels[i], &b.levels[i]), "round trip: level %d", i + 1);
	bool skills = true;
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		skills &= a.skill_got[i] == b.skill_got[i] && a.skill_max[i] == b.skill_max[i];
	ok(skills, "round trip: skill points exactly");
	ok(b.gpumap_attempts == 9 && b.gpumap_correct == 8, "round trip: gpu-map counts");
	is_str(S(b.apis), a.apis, "round trip: apis");
	is_str(S(b.speedups), a.speedups, "round trip: speedups with quotes, tab, newline, BOM");

	/* Text is sanitized on the way out: an escape never reaches the file. */
	snprintf(a.last, sizeof a.last, "x\x1b[2Jy\xc2\x9b");
	ok(progress_save(path, &a, &d), "sanitize: saved a string with ESC and C1");
	size_t len;
	char *raw = read_bytes(path, &len);
	ok(raw && !memchr(raw, 0x1b, len) && !has_bytes(raw, len, "\xc2\x9b"), "sanitize: no ESC/C1 in the file");
	free(raw);
	ok(progress_load(path, &b, &d), "sanitize: loads");
	is_str(S(b.last), "x[2Jy", "sanitize: cleaned value read back");

	struct stat st;
	char dir[PATH_MAX];
	path_in(dir, sizeof dir, "rt");
	unsigned mode = stat(dir, &st) == 0 ? st.st_mode & 07777 : 0;
	ok(mode == 0700, "permissions: directory 0700 (got %o)", mode);
	mode = stat(path, &st) == 0 ? st.st_mode & 07777 : 0;
	ok(mode == 0600, "permissions: file 0600 (got %o)", mode);
	is_int(count_prefix(dir, ".progress.yaml.", NULL, 0), 0, "no temporary file left behind");
	diags_free(&d);
}

/* Whatever a caller puts in the struct, the file it saves loads back
 * without being called corrupt: values clamped, text cleaned and cut. */
static void test_writer_clamps(void)
{
	char path[PATH_MAX];
	struct progress a, b;
	struct diags d = { 0 };
	path_in(path, sizeof path, "clamp/progress.yaml");
	progress_init(&a);
	memset(a.last, 0xff, sizeof a.last - 1);          /* each byte becomes a 3-byte U+FFFD */
	progress_lesson(&a, "a")->page = -3;
	progress_lesson(&a, "a\x1b");                     /* cleans to a duplicate of "a" */
	progress_lesson(&a, "\x1b\x7f");                 /* cleans to "" */
	progress_lesson(&a, "b")->page = 2000000000;
	a.levels[0] = (struct level_progress){ .best = 500, .attempt = -1, .question = -2,
		.points = 9, .max_points = 3 };
	a.skill_got[0] = 5;
	a.skill_max[0] = 2;
	a.skill_got[1] = NAN;
	a.skill_max[1] = -1;
	a.gpumap_attempts = 2;
	a.gpumap_correct = 7;
	ok(progress_save(path, &a, &d), "clamps: saved");
	bool loaded = progress_load(path, &b, &d);
	ok(loaded && !b.notice[0], "clamps: loads back without a notice (%s)", b.notice);
	ok(strlen(b.last) <= sizeof b.last - 1 && strlen(b.last) % 3 == 0 &&
	   text_valid_utf8(b.last, strlen(b.last), NULL), "clamps: long text cut at a character boundary");
	ok(b.nlessons == 2 && !strcmp(b.lessons[0].id, "a") && b.lessons[0].page == 0 &&
	   !strcmp(b.lessons[1].id, "b") && b.lessons[1].page == 100000,
	   "clamps: pages clamped, empty and duplicate ids dropped");
	ok(b.levels[0].best == 100 && b.levels[0].attempt == 0 && b.levels[0].question == 0 &&
	   b.levels[0].points == 9 && b.levels[0].max_points == 9, "clamps: level values");
	ok(b.skill_got[0] == 2 && b.skill_max[0] == 2 && b.skill_got[1] == 0 && b.skill_max[1] == 0,
	   "clamps: skill points (got <= max, NaN and negatives to 0)");
	ok(b.gpumap_attempts == 2 && b.gpumap_correct == 2, "clamps: gpu-map correct <= attempts");
	diags_free(&d);
}

static void test_missing_and_errors(void)
{
	char path[PATH_MAX];
	struct progress p;
	struct diags d = { 0 };
	path_in(path, sizeof path, "none/progress.yaml");
	ok(progress_load(path, &p, &d) && d.n == 0 && p.nlessons == 0 && !p.notice[0],
	   "missing file: fresh start, no notice");
	path_in(path, sizeof path, "adir");
	mkdir(path, 0700);
	ok(!progress_load(path, &p, &d) && d.n == 1, "a directory as the file: error, not corrupt");
	ok(d.n && strstr(d.v[0].msg, "not a regular file"), "  ... says why");
	diags_free(&d);
	p.readonly = true;
	path_in(path, sizeof path, "ro/progress.yaml");
	ok(!progress_save(path, &p, &d) && d.n == 1, "readonly progress: save refused with a diag");
	ok(access(path, F_OK) != 0, "  ... and nothing written");
	diags_free(&d);
}

/* A minimal valid file, one key per line; corrupt cases patch one key. */
static const char *const base_lines[] = {
	"format_version: 1\n", "last: \"x\"\n", "lessons: []\n", "levels: []\n", "skills: {}\n",
	"gpumap: {attempts: 0, correct: 0}\n", "apis: \"\"\n", "speedups: \"\"\n",
};

struct corrupt_case {
	const char *name, *text;
	size_t len;       /* 0: strlen(text) */
	bool patch;       /* text replaces the base line with the same key (or is added) */
};

static const struct corrupt_case corrupt_cases[] = {
	{ "empty file", "", 0, false },
	{ "only a comment", "# nothing\n", 0, false },
	{ "garbage", "}{ ][ :: \"unterminated\n", 0, false },
	{ "binary", "\x7f" "ELF\x02\x01\x01\x00\x00\x00\xff\xfe\x80", 13, false },
	{ "a list, not a mapping", "- 1\n- 2\n", 0, false },
	{ "a scalar", "hello\n", 0, false },
	{ "NUL inside", "last: \"a\0b\"\n", 12, true },
	{ "invalid UTF-8", "last: \"\xc0\xaf\"\n", 0, true },
	{ "no format_version", "!format_version", 0, true },
	{ "empty format_version", "format_version:\n", 0, true },
	{ "format_version 0", "format_version: 0\n", 0, true },
	{ "format_version text", "format_version: one\n", 0, true },
	{ "missing key (levels)", "!levels", 0, true },
	{ "missing key (speedups)", "!speedups", 0, true },
	{ "wrong type: lessons a number", "lessons: 3\n", 0, true },
	{ "wrong type: page text", "lessons:\n  - {id: a, page: many}\n", 0, true },
	{ "wrong type: done a number", "lessons:\n  - {id: a, done: 2}\n", 0, true },
	{ "wrong type: skills a list", "skills: [1, 2]\n", 0, true },
	{ "wrong type: lesson a scalar", "lessons: [a]\n", 0, true },
	{ "unknown key, same version", "colour: red\n", 0, true },
	{ "unknown nested key", "gpumap: {attempts: 1, correct: 1, extra: 0}\n", 0, true },
	{ "unknown skill", "skills:\n  cooking: {got: 1, max: 2}\n", 0, true },
	{ "negative page", "lessons:\n  - {id: a, page: -1}\n", 0, true },
	{ "best above 100", "levels:\n  - {best: 101}\n", 0, true },
	{ "best below -1", "levels:\n  - {best: -2}\n", 0, true },
	{ "seed negative", "levels:\n  - {seed: -5}\n", 0, true },
	{ "points above max_points", "levels:\n  - {points: 5, max_points: 3}\n", 0, true },
	{ "six levels", "levels: [{}, {}, {}, {}, {}, {}]\n", 0, true },
	{ "got above max", "skills:\n  memory: {got: 3, max: 2}\n", 0, true },
	{ "negative points", "skills:\n  memory: {got: -1, max: 2}\n", 0, true },
	{ "NaN points", "skills:\n  memory: {got: .nan, max: 2}\n", 0, true },
	{ "correct above attempts", "gpumap: {attempts: 1, correct: 2}\n", 0, true },
	{ "duplicate lesson id", "lessons:\n  - {id: a}\n  - {id: a}\n", 0, true },
	{ "lesson without id", "lessons:\n  - {page: 1}\n", 0, true },
	{ "empty lesson id", "lessons:\n  - {id: \"\"}\n", 0, true },
	{ "null last", "last: ~\n", 0, true },
	{ "last too long", "last: \"0123456789012345678901234567890123456789012345678901234567890123456789\"\n", 0, true },
	{ "duplicate key", "apis: a\napis: b\n", 0, true },
	{ "an alias", "apis: &x a\nspeedups: *x\n", 0, true },
};

/* The base file with the line of text's first key replaced by text, or
 * text added at the end when no base line has that key.  "!key" instead
 * drops the line of that key. */
static size_t patched(const char *text, size_t tlen, char *out, size_t size)
{
	size_t n = 0;
	bool placed = false, drop = text[0] == '!';
	for (size_t i = 0; i < sizeof base_lines / sizeof *base_lines; i++) {
		const char *line = base_lines[i];
		size_t klen = strcspn(line, ":");
		bool mine = drop ? !strncmp(text + 1, line, klen) && text[klen + 1] == '\0'
				 : !strncmp(text, line, klen + 1);
		const char *src = mine ? text : line;
		size_t len = mine ? (drop ? 0 : tlen) : strlen(line);
		if (n + len < size) {
			memcpy(out + n, src, len);
			n += len;
		}
		placed |= mine;
	}
	if (!placed && n + tlen < size) {
		memcpy(out + n, text, tlen);
		n += tlen;
	}
	return n;
}

/* Writes text as the progress file, loads it, and checks the file was
 * kept aside byte for byte and the learner starts fresh with a notice. */
static void check_corrupt(const char *name, const char *text, size_t len)
{
	char dir[PATH_MAX], path[PATH_MAX], kept[PATH_MAX + 256], first[256] = "";
	struct progress p;
	struct diags d = { 0 };
	path_in(dir, sizeof dir, "corrupt");
	clear_dir(dir);
	mkdir(dir, 0700);
	path_in(path, sizeof path, "corrupt/progress.yaml");
	write_bytes(path, text, len);
	bool loaded = progress_load(path, &p, &d);
	int nkept = count_prefix(dir, "progress.corrupt-", first, sizeof first);
	snprintf(kept, sizeof kept, "%s/%s", dir, first);
	size_t klen = 0;
	char *back = nkept == 1 ? read_bytes(kept, &klen) : NULL;
	ok(loaded && d.n == 0 && p.nlessons == 0 && !p.readonly && access(path, F_OK) != 0 &&
	   nkept == 1 && back && klen == len && !memcmp(back, text, len) &&
	   strstr(p.notice, "progress file was unreadable; kept as progress.corrupt-") &&
	   strstr(p.notice, "starting fresh"),
	   "corrupt (%s): kept aside as %s, fresh start, notice", name, first);
	free(back);
	diags_free(&d);
}

/* Two corrupt files in a row (usually within one second, so the same
 * stamp): the second is kept under a new name, the first left intact. */
static void test_corrupt_twice(void)
{
	char dir[PATH_MAX], path[PATH_MAX], first[256];
	struct progress p;
	struct diags d = { 0 };
	path_in(dir, sizeof dir, "twice");
	clear_dir(dir);
	mkdir(dir, 0700);
	path_in(path, sizeof path, "twice/progress.yaml");
	write_bytes(path, "first: [", 8);
	progress_load(path, &p, &d);
	write_bytes(path, "second: {", 9);
	progress_load(path, &p, &d);
	is_int(count_prefix(dir, "progress.corrupt-", first, sizeof first), 2,
	       "two corrupt files: both kept, neither replaced");
	ok(d.n == 0 && strstr(p.notice, "kept as progress.corrupt-"), "second notice names its copy");
	diags_free(&d);
}

static void test_corrupt(void)
{
	char buf[1024];
	size_t blen = patched("", 0, buf, sizeof buf);
	char path0[PATH_MAX];
	struct progress p0;
	struct diags d0 = { 0 };
	path_in(path0, sizeof path0, "base.yaml");
	write_bytes(path0, buf, blen);
	ok(progress_load(path0, &p0, &d0) && !p0.notice[0] && !strcmp(p0.last, "x"),
	   "the base of the corrupt cases is itself valid");
	for (size_t i = 0; i < sizeof corrupt_cases / sizeof *corrupt_cases; i++) {
		const struct corrupt_case *c = &corrupt_cases[i];
		size_t len = c->len ? c->len : strlen(c->text);
		if (c->patch)
			len = patched(c->text, len, buf, sizeof buf);
		check_corrupt(c->name, c->patch ? buf : c->text, len);
	}
	/* A real file cut short at every tenth byte. */
	char path[PATH_MAX];
	struct progress p;
	struct diags d = { 0 };
	path_in(path, sizeof path, "full.yaml");
	fill(&p);
	progress_save(path, &p, &d);
	size_t len;
	char *full = read_bytes(path, &len);
	int good = 0, tried = 0;
	for (size_t cut = 0; full && cut < len - 1; cut += 10, tried++) {
		char cdir[PATH_MAX], cpath[PATH_MAX];
		path_in(cdir, sizeof cdir, "cut");
		clear_dir(cdir);          /* set_aside tries 100 names per second */
		mkdir(cdir, 0700);
		path_in(cpath, sizeof cpath, "cut/progress.yaml");
		write_bytes(cpath, full, cut);
		struct progress q;
		progress_load(cpath, &q, &d);
		good += q.nlessons == 0 && strstr(q.notice, "unreadable") != NULL && access(cpath, F_OK) != 0;
	}
	is_int(good, tried, "truncated mid-file at %d places: every one kept aside as corrupt", tried);
	free(full);
	/* Over the size limit. */
	size_t big = (1u << 20) + 100;
	char *huge = malloc(big);
	memset(huge, '#', big);
	memcpy(huge, "format_version: 1\n", 18);
	check_corrupt("over 1 MiB", huge, big);
	free(huge);
	/* Two corruptions within one second get distinct names. */
	char dir[PATH_MAX];
	path_in(dir, sizeof dir, "twice");
	mkdir(dir, 0700);
	path_in(path, sizeof path, "twice/progress.yaml");
	for (int i = 0; i < 2; i++) {
		write_bytes(path, "garbage: [", 10);
		progress_load(path, &p, &d);
	}
	is_int(count_prefix(dir, "progress.corrupt-", NULL, 0), 2, "two corrupt files kept under two names");
	diags_free(&d);
}

static void test_newer(void)
{
	static const char text[] =
		"format_version: 99\n"
		"last: \"05-versions\"\n"
		"lessons:\n"
		"  - {id: a, page: 3, done: true, colour: red}\n"
		"  - {id: b, page: -4}\n"
		"levels:\n"
		"  - {best: 80, flavour: 1}\n"
		"future_thing: {x: 1}\n"
		"apis: [not, text, any, more]\n";
	char path[PATH_MAX];
	struct progress p;
	struct diags d = { 0 };
	path_in(path, sizeof path, "newer/progress.yaml");
	mkdir(tmpdir, 0700);
	char dir[PATH_MAX];
	path_in(dir, sizeof dir, "newer");
	mkdir(dir, 0700);
	write_bytes(path, text, sizeof text - 1);
	ok(progress_load(path, &p, &d) && d.n == 0, "newer format: loads");
	ok(p.readonly && p.format_version == 99, "newer format: readonly, version kept");
	ok(strstr(p.notice, "newer") != NULL, "newer format: notice (%s)", p.notice);
	is_str(S(p.last), "05-versions", "newer format: known string read");
	ok(p.nlessons == 2 && p.lessons[0].page == 3 && p.lessons[0].done, "newer format: known fields of lessons read");
	ok(p.lessons[1].page == 0, "newer format: out-of-range value skipped");
	is_int(p.levels[0].best, 80, "newer format: level read despite unknown key");
	is_str(S(p.apis), "", "newer format: value of a changed type skipped");
	p.lessons[0].page = 9;
	ok(!progress_save(path, &p, &d) && d.n == 1, "newer format: save refused with a diag");
	size_t len;
	char *back = read_bytes(path, &len);
	ok(back && len == sizeof text - 1 && !memcmp(back, text, len), "newer format: file untouched");
	free(back);
	is_int(count_prefix(dir, "progress.corrupt-", NULL, 0), 0, "newer format: not treated as corrupt");
	diags_free(&d);
}

static void test_lock(void)
{
	char dir[PATH_MAX], stale[PATH_MAX + 32], why[256] = "";
	int fd1 = -1, fd2 = -1;
	path_in(dir, sizeof dir, "lock/state/cudakitchen");
	bool got = progress_lock(dir, &fd1, why, sizeof why);
	ok(got && fd1 >= 0, "lock: first instance gets it (%s)", why);
	struct stat st;
	ok(stat(dir, &st) == 0 && (st.st_mode & 0777) == 0700, "lock: creates the directory 0700");
	ok(!progress_lock(dir, &fd2, why, sizeof why) && fd2 == -1, "lock: second attempt refused");
	ok(strstr(why, "another cudakitchen") != NULL, "lock: and says why (%s)", why);

	/* Another process, as a second instance would be. */
	pid_t pid = fork();
	if (pid == 0) {
		int fd = -1;
		char w[256];
		_exit(progress_lock(dir, &fd, w, sizeof w) ? 0 : 3);
	}
	int status = 0;
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 3, "lock: refused in another process");

	progress_unlock(fd1);
	snprintf(stale, sizeof stale, "%s/.progress.yaml.AbC123", dir);
	write_bytes(stale, "half a fi", 9);
	ok(progress_lock(dir, &fd2, why, sizeof why), "lock: free again after unlock");
	ok(access(stale, F_OK) != 0, "lock: stale temporary file of a killed save removed");
	progress_unlock(fd2);
	progress_unlock(-1);
	ok(1, "unlock(-1) is harmless");
}

/* ---- helper modes for tests/e2e/progress_kill.sh ---------------------- */

/* State number k: every lesson on page k and speedups "round k", so a
 * mix of two saves would be visible. */
static void state_k(struct progress *p, int k)
{
	progress_init(p);
	for (int i = 0; i < 200; i++) {
		char id[32];
		snprintf(id, sizeof id, "lesson-%03d", i);
		progress_lesson(p, id)->page = k;
	}
	snprintf(p->speedups, sizeof p->speedups, "round %d", k);
	p->levels[0].question = k % 1000;
}

static int helper(const char *mode, const char *path)
{
	struct progress p;
	struct diags d = { 0 };
	if (!strcmp(mode, "--save-once") || !strcmp(mode, "--save-loop")) {
		int k = 0;
		do {
			state_k(&p, k++);
			if (!progress_save(path, &p, &d)) {
				diags_print(&d, stderr);
				return 1;
			}
		} while (!strcmp(mode, "--save-loop"));
		return 0;
	}
	if (!strcmp(mode, "--check")) {
		if (!progress_load(path, &p, &d) || p.notice[0] || p.nlessons != 200) {
			fprintf(stderr, "not clean: %s (%zu lessons)\n", p.notice, p.nlessons);
			return 1;
		}
		int k = p.lessons[0].page;
		char want[64];
		snprintf(want, sizeof want, "round %d", k);
		for (size_t i = 0; i < p.nlessons; i++)
			if (p.lessons[i].page != k)
				return fprintf(stderr, "mixed pages\n"), 1;
		if (strcmp(p.speedups, want) || p.levels[0].question != k % 1000)
			return fprintf(stderr, "inconsistent state\n"), 1;
		printf("%d\n", k);
		return 0;
	}
	fprintf(stderr, "usage: test_progress [--save-once|--save-loop|--check PATH]\n");
	return 2;
}

int main(int argc, char **argv)
{
	setlocale(LC_ALL, "C.UTF-8");
	if (argc == 3)
		return helper(argv[1], argv[2]);
	if (argc != 1)
		return helper("", "");
	snprintf(tmpdir, sizeof tmpdir, "%s/ck-progress-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
	if (!mkdtemp(tmpdir)) {
		printf("Bail out! cannot create a temporary directory\n");
		return 1;
	}
	test_init_and_lessons();
	test_paths();
	test_round_trip();
	test_writer_clamps();
	test_missing_and_errors();
	test_corrupt();
	test_corrupt_twice();
	test_newer();
	test_lock();
	char cmd[PATH_MAX + 16];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		diag("cannot remove %s", tmpdir);
	return tap_done();
}
