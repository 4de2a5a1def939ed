/* Unit tests for the certificate's level table with a class's own level
 * titles: a title wider than the name column wraps inside it, so every
 * row fits a 60-column screen (56 columns of text) and the score column
 * stays aligned, in English and in Chinese (double-width names). */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "cert.h"
#include "text.h"

/* Checks the level table of text: rows from the heading to the blank
 * line, each at most 56 columns; the scores' '%' (right-aligned) at the
 * same column on every numbered row. */
static void check_table(const char *text, const char *head, const char *lang)
{
	const char *t = text ? strstr(text, head) : NULL;
	ok(t != NULL, "%s: the level table is there", lang);
	if (!t)
		return;
	t = strchr(t, '\n') + 1;
	int rows = 0, widest = 0, col = -1, same = 1, numbered = 0;
	while (*t && *t != '\n') {
		const char *eol = strchr(t, '\n');
		char line[512];
		snprintf(line, sizeof line, "%.*s", (int)(eol ? eol - t : (long)strlen(t)), t);
		if (text_width(line) > widest)
			widest = text_width(line);
		if (line[2] >= '1' && line[2] <= '5') { /* "  N  name  score  result" */
			numbered++;
			char *pct = strstr(line, "%"); /* scores are right-aligned */
			char pre[512];
			snprintf(pre, sizeof pre, "%.*s", pct ? (int)(pct - line) : 0, line);
			int c = text_width(pre);
			same &= col < 0 || c == col;
			col = c;
		}
		rows++;
		t = eol ? eol + 1 : t + strlen(t);
	}
	ok(widest <= 56, "%s: every row of the level table fits 56 columns (widest %d)", lang, widest);
	is_int(numbered, 3, "%s: three numbered rows", lang);
	ok(rows > numbered, "%s: the long titles wrap onto rows of their own (%d rows)", lang, rows);
	ok(same, "%s: the scores stand in one column", lang);
}

static char *written(const char *lang, const char *const titles[3])
{
	static struct progress p;
	progress_init(&p);
	p.levels[0].best = 100, p.levels[1].best = 64, p.levels[2].best = 85;
	struct cert_info ci = { .name = "Ada", .date = 1795910400, .version = "0.1.0", .gpu = "", .progress = &p, .s = cert_strings_for(lang), .nlevels = 3 };
	for (int i = 0; i < 3; i++)
		ci.level_title[i] = titles[i];
	return cert_text(&ci);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	static const char *const en[3] = {
		"Concepts",
		"Shared-memory tiling and the bank conflicts of a transpose, measured",
		"Optimisation scenarios: book or own kitchen",
	};
	static const char *const zh[3] = {
		"概念",
		"共享内存分块与转置中的存储体冲突：在 H200 上实测",
		"优化场景：照菜谱做还是自己下厨",
	};
	char *t = written("en", en);
	check_table(t, "Quiz levels (best score", "en");
	ok(t && strstr(t, "  2  Shared-memory tiling and the  64%  not passed\n"),
	   "en: the first row keeps the words that fit, then the score and result");
	free(t);
	t = written("zh", zh);
	check_table(t, "测验关卡（", "zh");
	free(t);
	return tap_done();
}
