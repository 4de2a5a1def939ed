/* Unit tests for the Chinese certificate (cert.c's strings_zh): written in
 * Chinese, with the same first line and verification line as every
 * language (so `cert verify` reads it), intact when verified, and its
 * columns aligned by display width with double-width labels.  The whole
 * text is compared with tests/golden/certificate-zh.txt
 * (CK_GOLDEN_WRITE=1 rewrites it; check it by eye). */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "cert.h"
#include "quiz.h"
#include "text.h"

#define GOLDEN "tests/golden/certificate-zh.txt"

/* The column where needle starts on the line that contains key. */
static int column_of(const char *text, const char *key, const char *needle)
{
	const char *l = strstr(text, key);
	if (!l)
		return -1;
	while (l > text && l[-1] != '\n')
		l--;
	const char *at = strstr(l, needle);
	const char *eol = strchr(l, '\n');
	if (!at || (eol && at > eol))
		return -1;
	char buf[512];
	snprintf(buf, sizeof buf, "%.*s", (int)(at - l), l);
	return text_width(buf);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	struct progress p;
	progress_init(&p);
	static const int best[PROGRESS_LEVELS] = { 100, 92, 85, 80, 90 };
	for (int i = 0; i < PROGRESS_LEVELS; i++)
		p.levels[i].best = best[i];
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		p.skill_got[i] = 3 + i, p.skill_max[i] = 9;
	snprintf(p.apis, sizeof p.apis, "cudnnCreate cublasSgemm cub::DeviceReduce::Sum");
	struct cert_info ci = { .name = "张三", .date = 1795910400, .version = "0.1.0", .gpu = "",
				.progress = &p, .s = cert_strings_for("zh"), .lessons_read = 3, .lessons_total = 17 };
	ok(cert_strings_for("zh_CN.UTF-8") == ci.s, "zh_CN.UTF-8 picks the Chinese strings");
	ok(cert_strings_for("en") != ci.s && cert_strings_for(NULL) != ci.s, "en and NULL do not");
	/* a stored speedup line reads in Chinese on the Chinese certificate */
	snprintf(p.speedups, sizeof p.speedups,
		 "matmul 256x256x256, CPU fallback: naive CPU 13.3 ms -> best CPU 1.07 ms (12.5x)");
	char *sp = cert_text(&ci);
	for (char *c; sp && (c = strstr(sp, "\n    "));)   /* join the wrapped line */
		memmove(c, c + 5, strlen(c + 5) + 1);
	ok(sp && strstr(sp, "matmul 256x256x256，CPU 后备：朴素 CPU 13.3 ms → 最佳 CPU 1.07 ms（12.5倍）"),
	   "the learner's speedups in Chinese");
	ok(sp && strstr(sp, "  其他：cub::DeviceReduce::Sum") && !strstr(sp, "其他： "), "no space after the full-width colon");
	ok(sp && strstr(sp, "最慢的一级 → 最快的一级") && !strstr(sp, "->"), "the heading's arrow is the rows' →");
	free(sp);
	/* wherever the line wraps, a number keeps its unit: never "10.9" / "倍）" */
	bool whole = true;
	for (int k = 0; k < 70 && whole; k++) {
		snprintf(p.speedups, sizeof p.speedups, "conv %.*s: naive 1 ms -> library 2 ms (10.9x)", k,
			 "NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN");
		char *w = cert_text(&ci);
		whole = w && strstr(w, "10.9倍）") != NULL;
		free(w);
	}
	ok(whole, "a speedup's number is never cut from its 倍");
	/* the level names are the quiz's own (quizzes/zh/levelN.yaml titles) */
	for (int i = 0; i < PROGRESS_LEVELS; i++) {
		char path[64];
		snprintf(path, sizeof path, "quizzes/zh/level%d.yaml", i + 1);
		struct quiz q;
		struct diags d = { 0 };
		const char *name = ci.s->level_name[i];
		if (quiz_load(path, &q, &d)) {
			ok(q.title && !strncmp(q.title, name, strlen(name)), "level %d is %s, as the quiz titles it (%s)",
			   i + 1, name, q.title ? q.title : "?");
			quiz_free(&q);
		} else {
			ok(0, "%s loads", path);
		}
		diags_free(&d);
	}
	p.speedups[0] = '\0';
	char *t = cert_text(&ci);
	if (!ok(t != NULL, "the Chinese certificate is made"))
		return tap_done();
	ok(!strncmp(t, CERT_MAGIC "\n", strlen(CERT_MAGIC) + 1), "the first line is the same in every language");
	ok(strstr(t, "证书：") && strstr(t, "姓名：") && strstr(t, "张三"), "written in Chinese");
	ok(strstr(t, "\n" CERT_VERIFY_PREFIX) != NULL, "the verification line is the same in every language");
	is_int(cert_verify_buf(t, strlen(t), NULL), CERT_INTACT, "it verifies as intact");
	/* the level table: the score column lines up although names differ in width */
	int c1 = column_of(t, "概念", "100%"), c4 = column_of(t, "线程调度策略", "80%");
	ok(c1 > 0 && c1 + 1 == c4, "level scores right-aligned in one column (%d, %d)", c1, c4);
	int s1 = column_of(t, "驱动和运行时", "待提高"), s2 = column_of(t, "线程束", "良好");
	ok(s1 > 0 && s1 == s2, "skill bands in one column (%d, %d)", s1, s2);
	int widest = 0;
	for (char *l = t; *l;) {
		char *e = strchr(l, '\n');
		char line[1024];
		snprintf(line, sizeof line, "%.*s", e ? (int)(e - l) : (int)strlen(l), l);
		if (strncmp(line, CERT_VERIFY_PREFIX, strlen(CERT_VERIFY_PREFIX)) && text_width(line) > widest)
			widest = text_width(line);
		l = e ? e + 1 : l + strlen(l);
	}
	ok(widest <= 78, "body lines fit 78 columns (widest %d)", widest);
	/* the date changes nothing else; the golden file pins the layout */
	if (getenv("CK_GOLDEN_WRITE")) {
		FILE *f = fopen(GOLDEN, "w");
		if (f) {
			fputs(t, f);
			fclose(f);
		}
	}
	FILE *f = fopen(GOLDEN, "rb");
	static char want[1 << 16];
	size_t n = f ? fread(want, 1, sizeof want - 1, f) : 0;
	if (f)
		fclose(f);
	want[n] = '\0';
	ok(!strcmp(t, want), "matches " GOLDEN);
	free(t);
	return tap_done();
}
