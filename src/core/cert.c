/* cert: the certificate's words and its text, built from progress.
 *
 * Pure apart from the clock the caller passes in: the same info gives the
 * same bytes, which is what tests/golden/certificate.txt relies on.  The
 * radar is drawn in ASCII here, so the certificate reads the same in any
 * viewer and font.  Its words, whether one is earned, and the name and
 * GPUs it carries are cert_words.c; files and the digest check are in
 * cert_io.c. */
#include "cert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "radar.h"
#include "text.h"
#include "i18n.h"

#define WRAP 76          /* body paragraphs wrap here, indented by 2 */
#define RADAR_ROWS 11

static int levels_of(const struct cert_info *ci)
{
	return ci->nlevels > 0 && ci->nlevels <= PROGRESS_LEVELS ? ci->nlevels : PROGRESS_LEVELS;
}

static const char *level_name(const struct cert_info *ci, const struct cert_strings *s, int i)
{
	return ci->level_title[i] && ci->level_title[i][0] ? ci->level_title[i] : s->level_name[i];
}

/* "label<pad>value" with labels padded to width columns. */
static void field(FILE *f, const char *label, int width, const char *value)
{
	fprintf(f, "%s%*s%s\n", label, width - text_width(label) + 1, "", value);
}

/* A paragraph wrapped at WRAP, each line after the first indented. */
static void para(FILE *f, const char *indent, const char *more, const char *text)
{
	struct text_lines tl = { 0 };
	text_wrap(text, WRAP - text_width(indent), &tl);
	for (size_t i = 0; i < tl.n; i++)
		fprintf(f, "%s%s\n", i ? more : indent, tl.line[i]);
	text_lines_free(&tl);
}

static void put_header(FILE *f, const struct cert_info *ci, const struct cert_strings *s)
{
	const char *labels[] = { s->name, s->date, s->version, s->gpu };
	int w = 0;
	for (size_t i = 0; i < sizeof labels / sizeof *labels; i++)
		if (text_width(labels[i]) > w)
			w = text_width(labels[i]);
	char date[32] = "?", version[96];
	struct tm tm;
	if (gmtime_r(&ci->date, &tm))
		strftime(date, sizeof date, "%Y-%m-%d", &tm);
	char when[64];
	snprintf(when, sizeof when, "%s%s", date, s->utc);   /* utc carries its own space */
	snprintf(version, sizeof version, "cudakitchen %s", ci->version ? ci->version : "?");
	fprintf(f, "%s\n\n%s\n\n", CERT_MAGIC, ci->title && ci->title[0] ? ci->title : s->title);
	field(f, s->name, w, ci->name);
	field(f, s->date, w, when);
	field(f, s->version, w, version);
	field(f, s->gpu, w, ci->gpu && ci->gpu[0] ? ci->gpu : s->no_gpu);
}

/* What was completed, one line each: lessons read, levels passed.  A
 * kind of work added to the course (drills passed) is one more line here. */
static void put_completed(FILE *f, const struct cert_info *ci, const struct cert_strings *s)
{
	int passed = 0, n = levels_of(ci);
	for (int i = 0; i < n; i++)
		passed += ci->progress->levels[i].best >= CERT_PASS_PERCENT;
	fprintf(f, "\n%s\n", s->done_head);
	if (ci->lessons_total > 0) {
		fputs("  ", f);
		fprintf(f, s->lessons_read, ci->lessons_read, ci->lessons_total);
		fputc('\n', f);
	}
	fputs("  ", f);
	fprintf(f, s->levels_passed, passed, n);
	fputc('\n', f);
}

/* The level table: number, name, best score, result, the columns aligned
 * (widths by text_width, so Chinese names too).  A name wider than
 * LEVEL_NAME_MAX (a class's own title) wraps within its column, so every
 * row stays within 60 columns and the score never runs into the name. */
#define LEVEL_NAME_MAX 28
static void put_levels(FILE *f, const struct cert_info *ci, const struct cert_strings *s)
{
	const struct progress *p = ci->progress;
	int w = 0, n = levels_of(ci);
	for (int i = 0; i < n; i++)
		if (text_width(level_name(ci, s, i)) > w)
			w = text_width(level_name(ci, s, i));
	w = w > LEVEL_NAME_MAX ? LEVEL_NAME_MAX : w;
	fprintf(f, "\n%s\n", s->levels_head);
	for (int i = 0; i < n; i++) {
		int best = p->levels[i].best;
		char score[8] = "--";
		if (best >= 0)
			snprintf(score, sizeof score, "%d%%", best > 100 ? 100 : best);
		struct text_lines tl = { 0 };
		text_wrap(level_name(ci, s, i), w, &tl);
		const char *first = tl.n ? tl.line[0] : "";
		fprintf(f, "  %d  %s%*s %4s  %s\n", i + 1, first, w - text_width(first), "", score,
			best < 0 ? s->not_taken : best >= CERT_PASS_PERCENT ? s->passed
									    : s->not_passed);
		for (size_t k = 1; k < tl.n; k++)
			fprintf(f, "     %s\n", tl.line[k]);
		text_lines_free(&tl);
	}
}

static void put_radar(FILE *f, const struct radar_scores *rs, const struct cert_strings *s)
{
	struct radar_chart c;
	struct text_lines tl = { 0 };
	fprintf(f, "\n%s\n\n", s->radar_head);
	if (radar_chart_make(rs, s->skill_name, RADAR_ROWS, radar_cols_for_rows(RADAR_ROWS, RADAR_ASCII),
			     RADAR_ASCII, &c) && radar_chart_lines(&c, &tl))
		for (size_t i = 0; i < tl.n; i++)
			fprintf(f, "%s%s\n", tl.line[i][0] ? "  " : "", tl.line[i]);
	text_lines_free(&tl);
	radar_chart_free(&c);
}

static void put_skills(FILE *f, const struct radar_scores *rs, const struct cert_strings *s)
{
	const char *bands[] = { s->band_strong, s->band_solid, s->band_weak, s->band_unknown };
	int nw = 0, bw = 0;
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		if (text_width(s->skill_name[i]) > nw)
			nw = text_width(s->skill_name[i]);
	for (int i = 0; i < 4; i++)
		if (text_width(bands[i]) > bw)
			bw = text_width(bands[i]);
	fprintf(f, "\n%s\n", s->skills_head);
	for (int i = 0; i < PROGRESS_SKILLS; i++) {
		char pct[8] = "--";
		const char *band = bands[3];
		if (rs->known[i]) {
			snprintf(pct, sizeof pct, "%d%%", rs->pct[i]);
			band = bands[rs->pct[i] >= CERT_PASS_PERCENT ? 0 : rs->pct[i] >= 50 ? 1 : 2];
		}
		fprintf(f, "  %s%*s %4s  %s%*s  %s\n", s->skill_name[i], nw - text_width(s->skill_name[i]), "",
			pct, band, bw - text_width(band), "", s->skill_about[i]);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The functions of progress.apis, sorted and without repeats, grouped by
 * library (cudnn*, cublas*, the rest). */
static void put_apis(FILE *f, const char *apis, const struct cert_strings *s)
{
	char *copy = strdup(apis), *words[256], *save = NULL;
	size_t n = 0;
	fprintf(f, "\n%s\n", s->apis_head);
	for (char *w = copy ? strtok_r(copy, " \t", &save) : NULL; w && n < 256; w = strtok_r(NULL, " \t", &save))
		words[n++] = w;
	qsort(words, n, sizeof *words, cmp_str);
	static const char *const prefix[] = { "cudnn", "cublas", "" };
	static const char *const group[] = { "cuDNN:", "cuBLAS:", NULL };
	bool any = false;
	for (int g = 0; g < 3; g++) {
		char line[2048] = "";
		size_t len = 0;
		for (size_t i = 0; i < n; i++) {
			bool mine = g < 2 ? !strncmp(words[i], prefix[g], strlen(prefix[g]))
				: strncmp(words[i], "cudnn", 5) && strncmp(words[i], "cublas", 6);
			if (!mine || (i > 0 && !strcmp(words[i], words[i - 1])))
				continue;
			int w = snprintf(line + len, sizeof line - len, "%s%s", len ? ", " : "", words[i]);
			if (w > 0 && (size_t)w < sizeof line - len)
				len += (size_t)w;
		}
		if (!len)
			continue;
		char head[64];
		const char *h = g < 2 ? group[g] : s->apis_other;
		size_t hl = strlen(h); /* no space after a full-width colon */
		bool wide = hl >= 3 && !strcmp(h + hl - 3, "：");
		snprintf(head, sizeof head, "  %s%s", h, wide ? "" : " ");
		para(f, head, "    ", line);
		any = true;
	}
	if (!any)
		fprintf(f, "  %s\n", s->apis_none);
	free(copy);
}

/* A stored speedup line (results_speedups_line: English words from a fixed
 * vocabulary) in Chinese: its words replaced, "(12.5x)" as "（12.5 倍）". */
static void speedup_zh(const char *in, char *out, size_t size)
{
	static const char *const words[][2] = {
		{ "CPU fallback", "CPU 后备" }, { "best hand-written", "最佳手写" },
		{ "best CPU", "最佳 CPU" }, { "naive CPU", "朴素 CPU" }, { "naive", "朴素" },
		{ "library", "库" }, { " -> ", " → " }, { ", ", "，" }, { ": ", "：" },
	};
	size_t o = 0;
	out[0] = '\0';
	for (const char *p = in; *p && o + 1 < size;) {
		size_t k = 0, n = 0;
		const char *rep = NULL;
		for (k = 0; k < sizeof words / sizeof *words; k++)
			if (!strncmp(p, words[k][0], n = strlen(words[k][0]))) {
				rep = words[k][1];
				break;
			}
		char num[32];
		int used = 0;
		if (!rep && *p == '(' && sscanf(p, "(%30[0-9.e+-]x)%n", num, &used) == 1 && used > 0) {
			if (o && out[o - 1] == ' ')   /* full-width brackets need no space */
				o--;
			o += (size_t)snprintf(out + o, size - o, "（%s倍）", num);
			p += used;
		} else if (rep) {
			o += (size_t)snprintf(out + o, size - o, "%s", rep);
			p += n;
		} else {
			out[o++] = *p++;
			out[o] = '\0';
		}
		if (o >= size)
			o = size - 1;
	}
}

static void put_speedups(FILE *f, const char *speedups, const struct cert_strings *s)
{
	fprintf(f, "\n%s\n", s->speed_head);
	if (!speedups[0])
		fprintf(f, "  %s\n", s->speed_none);
	for (const char *seg = speedups; *seg;) {
		const char *end = strstr(seg, " | ");
		size_t n = end ? (size_t)(end - seg) : strlen(seg);
		char *one = strndup(seg, n);
		if (one && s == cert_strings_for("zh")) {
			char zh[1024];
			speedup_zh(one, zh, sizeof zh);
			para(f, "  - ", "    ", zh);
		} else if (one) {
			para(f, "  - ", "    ", one);
		}
		free(one);
		seg += n + (end ? 3 : 0);
	}
}

/* "drills passed: N of M, on the CPU emulator" (or on the GPU that
 * judged them; both when some passed on each) */
static void put_drills(FILE *f, const struct cert_info *ci, const struct cert_strings *s)
{
	if (ci->drills_total <= 0)
		return;
	enum lang l = s == cert_strings_for("zh") ? LANG_ZH : LANG_EN;
	const struct progress *p = ci->progress;
	int passed = 0, on_gpu = 0;
	const char *device = "";
	for (size_t i = 0; i < p->ndrills; i++) {
		bool ours = !ci->drill_ids;
		for (int k = 0; !ours && k < ci->drills_total; k++)
			ours = !strcmp(ci->drill_ids[k], p->drills[i].id);
		if (p->drills[i].passed && ours) {
			passed++;
			if (p->drills[i].on_gpu)
				on_gpu++, device = p->drills[i].device[0] ? p->drills[i].device : "GPU";
		}
	}
	char where[160];
	if (!on_gpu)
		snprintf(where, sizeof where, "%s", i18n_text(l, MSG_CW_DRILLS_CPU));
	else if (on_gpu == passed)
		snprintf(where, sizeof where, i18n_text(l, MSG_CW_DRILLS_GPU), device);
	else
		snprintf(where, sizeof where, i18n_text(l, MSG_CW_DRILLS_BOTH), on_gpu, device);
	fputc('\n', f);
	fprintf(f, i18n_text(l, MSG_CW_DRILLS), passed, ci->drills_total, where);
	fputc('\n', f);
}

/* The body: everything above the verification line. */
static char *cert_body(const struct cert_info *ci, size_t *len)
{
	const struct cert_strings *s = ci->s ? ci->s : cert_strings_for("en");
	struct radar_scores rs;
	radar_scores(ci->progress, &rs);
	char *name = NULL, *buf = NULL;
	const char *why;
	if (!cert_name_clean(ci->name, &name, &why))   /* a name can never add a line */
		return NULL;
	struct cert_info named = *ci;
	named.name = name;
	FILE *f = open_memstream(&buf, len);
	if (!f) {
		free(name);
		return NULL;
	}
	put_header(f, &named, s);
	free(name);
	put_completed(f, ci, s);
	put_levels(f, ci, s);
	put_radar(f, &rs, s);
	put_skills(f, &rs, s);
	put_apis(f, ci->progress->apis, s);
	put_speedups(f, ci->progress->speedups, s);
	put_drills(f, ci, s);
	fputc('\n', f);
	para(f, "", "", s->integrity);
	bool bad = ferror(f);
	if (fclose(f) != 0 || bad) {
		free(buf);
		return NULL;
	}
	return buf;
}

char *cert_text(const struct cert_info *ci)
{
	size_t len = 0;
	char *body = cert_body(ci, &len), hex[65];
	if (!body || !cert_sha256_hex(body, len, hex)) {
		free(body);
		return NULL;
	}
	size_t total = len + strlen(CERT_VERIFY_PREFIX) + 64 + 2;
	char *out = realloc(body, total);
	if (!out) {
		free(body);
		return NULL;
	}
	snprintf(out + len, total - len, "%s%s\n", CERT_VERIFY_PREFIX, hex);
	return out;
}
