/* Unit tests for Chinese layout (layout.c with text.c and i18n.c): the
 * fixture lesson tests/fixtures/i18n-class/lessons/zh/01-alpha.yaml laid
 * out at 37 columns (the reader's text width in a 41-column terminal,
 * below the TUI's 60x20 minimum, so only the pure functions are tested
 * there) against tests/golden/zh-lesson-41.txt; source lines joined without
 * spaces; nothing wider than the width; no character lost or split; a
 * wide character that would straddle the edge moved whole (text_fit,
 * text_wrap); the layout's own words in Chinese.
 * CK_GOLDEN_WRITE=1 rewrites the golden file (check it by eye). */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include "tap.h"
#include "i18n.h"
#include "layout.h"
#include "lesson.h"
#include "text.h"

#define LESSON "tests/fixtures/i18n-class/lessons/zh/01-alpha.yaml"
#define GOLDEN "tests/golden/zh-lesson-41.txt"

/* One layout line as the reader shows it, without colours. */
static void render(const struct lline *ln, char *buf, size_t size)
{
	const char *t = ln->text ? ln->text : "";
	if (ln->kind == L_FACT)
		snprintf(buf, size, "%*s%s%*s   %s", ln->indent, "", t, ln->keyw - text_width(t), "",
			 ln->text2 ? ln->text2 : "");
	else if (ln->kind == L_BLANK)
		buf[0] = '\0';
	else
		snprintf(buf, size, "%*s%s", ln->indent, "", t);
}

static char *slurp(const char *path)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	static char buf[1 << 16];
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = '\0';
	return buf;
}

static void test_golden(void)
{
	struct lesson l;
	struct diags d = { 0 };
	if (!ok(lesson_load(LESSON, &l, &d), "the Chinese fixture lesson loads"))
		return;
	struct layout lay;
	layout_page(&lay, &l, 0, NULL, 37, false);
	static char text[1 << 16];
	size_t n = 0;
	int widest = 0;
	for (size_t i = 0; i < lay.n; i++) {
		char line[1024];
		render(&lay.line[i], line, sizeof line);
		if (text_width(line) > widest)
			widest = text_width(line);
		n += (size_t)snprintf(text + n, sizeof text - n, "%s\n", line);
	}
	ok(widest <= 37, "no line is wider than 37 columns (widest %d)", widest);
	if (getenv("CK_GOLDEN_WRITE")) {
		FILE *f = fopen(GOLDEN, "w");
		if (f) {
			fputs(text, f);
			fclose(f);
		}
	}
	const char *want = slurp(GOLDEN);
	ok(want && !strcmp(text, want), "the 37-column layout matches " GOLDEN);
	if (want && strcmp(text, want))
		diag("got:\n%s", text);
	/* the paragraph over three source lines: joined with no space, and
	 * nothing lost: the wrapped lines concatenate to the source text */
	char para[1024] = "";
	for (size_t i = 0; i < lay.n; i++)
		if (lay.line[i].item == 0 && lay.line[i].text)
			strncat(para, lay.line[i].text, sizeof para - strlen(para) - 1);
	const char *joined = para;
	is_str(joined, "GPU 是一间厨房，CUDA 是厨房里的厨具设备，cuDNN 是一本预制菜谱。"
	       "这一段在源文件里分成了好几行，显示时中间不能出现空格。",
	       "a paragraph written over several lines reads as one, without spaces");
	layout_free(&lay);
	lesson_free(&l);
	diags_free(&d);
}

static void test_edge(void)
{
	int used = -1;
	is_int(text_fit("ab厨", 3, &used), 2, "text_fit leaves out a wide character that would straddle");
	is_int(used, 2, "...and says 2 columns are used");
	is_int(text_fit("ab厨", 4, &used), 5, "at 4 columns it fits whole");
	is_int(used, 4, "...in 4 columns");
	struct text_lines tl = { 0 };
	text_wrap("a厨房灶台", 4, &tl);
	ok(tl.n == 3 && !strcmp(tl.line[0], "a厨") && !strcmp(tl.line[1], "房灶") && !strcmp(tl.line[2], "台"),
	   "wrapping at 4 columns moves the straddling character down whole");
	text_lines_free(&tl);
	text_wrap("厨房，灶台。", 4, &tl);
	ok(tl.n == 4 && !strcmp(tl.line[0], "厨") && !strcmp(tl.line[1], "房，") && !strcmp(tl.line[3], "台。"),
	   "no line starts with ，or 。 (got %zu lines)", tl.n);
	text_lines_free(&tl);
}

static void test_words(void)
{
	static struct item items[] = {
		{ .kind = ITEM_ANALOGY, .text = "比喻" },
		{ .kind = ITEM_NOTE, .text = "小心" },
		{ .kind = ITEM_BLOCK, .text = "tiling" },
	};
	static struct page pg = { .title = "页", .items = items, .n = 3 };
	struct lesson l = { .id = "x", .title = "课", .pages = &pg, .npages = 1 };
	struct layout lay;
	layout_page(&lay, &l, 0, NULL, 40, false);
	char all[2048] = "";
	for (size_t i = 0; i < lay.n; i++)
		if (lay.line[i].text) {
			strncat(all, lay.line[i].text, sizeof all - strlen(all) - 2);
			strcat(all, "|");
		}
	ok(strstr(all, "厨房|") != NULL, "the analogy box is labelled 厨房");
	ok(strstr(all, "注意：小心") != NULL, "a note starts with 注意：");
	ok(strstr(all, "交互模块“tiling”") && strstr(all, "按 Enter 打开"), "a block slot in Chinese");
	ok(strstr(all, "本课结束。") != NULL, "the end of the lesson in Chinese");
	layout_free(&lay);
}

/* True when s has a space between two wide characters: the Chinese
 * sources have none, so one in a laid-out line came from joining lines. */
static bool spaced_cjk(const char *s)
{
	mbstate_t st = { 0 };
	int prev = 0, prev2 = 0;   /* widths of the last two characters */
	bool space = false;
	while (s && *s) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s, strlen(s), &st);
		if (k == 0 || k == (size_t)-1 || k == (size_t)-2)
			return false;
		int w = wc == L' ' ? -1 : wcwidth(wc);
		if (w == 2 && prev == -1 && prev2 == 2)
			space = true;
		prev2 = prev;
		prev = w;
		s += k;
	}
	return space;
}

/* Every page of the built-in Chinese course laid out at the reader's text
 * widths for 80, 79 and 60 columns: no line wider than its room (text
 * lines at their indent, box lines inside the box, fact keys in their
 * column), so nothing is cropped and every box closes in one column. */
static void test_course(void)
{
	struct course c;
	struct diags d = { 0 };
	course_load_lang("lessons", "zh", &c, &d);
	struct course en;
	struct diags de = { 0 };
	course_load("lessons/en", &en, &de);
	size_t english = 0; /* lessons shown in English for want of a translation */
	for (size_t i = 0; i < c.n; i++)
		english += c.lessons[i].fallback;
	ok(c.n == en.n && c.n >= 13 && english == 0 && d.n == 0,
	   "the built-in Chinese course loads (%zu lessons, %zu in English, %zu problems)", c.n,
	   english, d.n);
	course_free(&en);
	diags_free(&de);
	static const int widths[] = { 76, 75, 56 };
	int bad = 0, pages = 0, spaced = 0;
	for (size_t w = 0; w < 3; w++)
		for (size_t i = 0; i < c.n; i++)
			for (size_t p = 0; p < c.lessons[i].npages; p++, pages++) {
				struct layout lay;
				layout_page(&lay, &c.lessons[i], p, &c, widths[w], false);
				for (size_t k = 0; k < lay.n; k++) {
					const struct lline *ln = &lay.line[k];
					if (ln->kind != L_CODE && spaced_cjk(ln->text) && spaced++ < 3)
						diag("space between CJK: '%s'", ln->text);
					int tw = ln->text ? text_width(ln->text) : 0, room = widths[w] - ln->indent;
					if (ln->kind == L_BOX_MID)
						room = ln->boxw - 4;
					else if (ln->kind == L_FACT)
						room = ln->keyw;
					else if (ln->kind == L_CODE || ln->kind == L_BOX_TOP)
						continue;   /* code is cropped with a marker; labels are short */
					if (tw > room || (ln->kind == L_FACT && ln->keyw + 3 + text_width(ln->text2 ? ln->text2 : "") > widths[w] - ln->indent)) {
						if (bad++ < 5)
							diag("%s page %zu width %d: '%s'", c.lessons[i].id, p + 1, widths[w], ln->text);
					}
				}
				layout_free(&lay);
			}
	is_int(bad, 0, "no line of %d laid-out Chinese pages is wider than its room", pages);
	is_int(spaced, 0, "no laid-out line has a space between two CJK characters");
	course_free(&c);
	diags_free(&d);
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	i18n_set_lang("zh");
	test_golden();
	test_edge();
	test_words();
	test_course();
	return tap_done();
}
