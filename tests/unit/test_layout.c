/* Unit tests for layout.c: a hand-built lesson laid out at several widths.
 * Checks what the reader relies on: nothing wider than the width, prose
 * reflowed, code never wrapped, fact values in one column measured by
 * display width, links for blocks, demos and see items, and anchors. */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "layout.h"
#include "text.h"

static char *cells_facts[] = { "厨房 key", "value one", "k", "a long value that must wrap at narrow widths for sure" };
static char *cells_list[] = { "first", "second item that is long enough to wrap at twenty-four columns" };

static struct item items[] = {
	{ .kind = ITEM_HEADING, .text = "Heading" },
	{ .kind = ITEM_TEXT, .text = "one two\nthree four\n\nnew paragraph" },
	{ .kind = ITEM_ANALOGY, .text = "The kitchen analogy text that wraps inside a box." },
	{ .kind = ITEM_NOTE, .text = "a note" },
	{ .kind = ITEM_CODE, .text = "int a; /* open\n\tstill */ int b = 1234567890123456789012345678901234567890;\n", .caption = "cap" },
	{ .kind = ITEM_FACTS, .cells = cells_facts, .n = 2 },
	{ .kind = ITEM_LIST, .cells = cells_list, .n = 2 },
	{ .kind = ITEM_BLOCK, .text = "tiling" },
	{ .kind = ITEM_DEMO, .text = "matmul" },
	{ .kind = ITEM_SEE, .text = "other" },
};

static int line_width(const struct lline *ln)
{
	switch (ln->kind) {
	case L_BLANK: return 0;
	case L_FACT: return ln->indent + ln->keyw + 3 + text_width(ln->text2);
	case L_BOX_TOP: case L_BOX_BOT: return ln->boxw;
	case L_BOX_MID: return ln->indent + text_width(ln->text) + 2;
	default: return ln->indent + text_width(ln->text ? ln->text : "");
	}
}

/* Table cells with identifiers break after '.', '_' or '/', never inside
 * a name, as long as a piece fits (QA: "allow_tf3" / "2"). */
static void test_name_breaks(void)
{
	static char *cells[] = {
		"Setting", "torch.backends.cuda.matmul.allow_tf32 = True lets cuBLAS use TF32",
		"torch.backends.cudnn.benchmark", "autotunes cuDNN algorithms per shape",
		"path", "/usr/local/cuda/lib64/libcudnn_ops.so.9 is where it lives",
	};
	struct item it[] = { { .kind = ITEM_FACTS, .cells = cells, .n = 3 } };
	struct page pg = { .title = "T", .items = it, .n = 1 };
	struct lesson l = { .id = "x", .title = "X", .pages = &pg, .npages = 1 };
	static const int widths[] = { 40, 56, 60, 76 };
	for (size_t w = 0; w < sizeof widths / sizeof *widths; w++) {
		struct layout L;
		layout_page(&L, &l, 0, NULL, widths[w], false);
		int bad = 0, over = 0, seen = 0;
		for (size_t i = 0; i < L.n; i++) {
			const struct lline *ln = &L.line[i];
			if (ln->kind != L_FACT)
				continue;
			for (int c = 0; c < 2; c++) {
				const char *t = c ? ln->text2 : ln->text;
				size_t n = strlen(t);
				int room = c ? widths[w] - 2 - ln->keyw - 3 : ln->keyw;
				over += text_width(t) > room;
				/* a break inside a word: the two halves joined appear in a cell */
				const struct lline *nx = i + 1 < L.n && L.line[i + 1].kind == L_FACT ? &L.line[i + 1] : NULL;
				const char *nt = nx ? (c ? nx->text2 : nx->text) : "";
				const char *last = strrchr(t, ' ') ? strrchr(t, ' ') + 1 : t;
				char joined[128];
				snprintf(joined, sizeof joined, "%s%.*s", last, (int)strcspn(nt, " "), nt);
				bool inside = false;
				for (size_t k = 0; k < 6 && n && *nt && !strchr("._/", t[n - 1]); k++)
					inside |= strstr(cells[k], joined) != NULL;
				if (inside)
					bad++, diag("width %d: cut inside a name: '%s' / '%s'", widths[w], t, nt);
				if (strstr(t, "allow_tf32") || strstr(t, "benchmark"))
					seen++;
			}
		}
		is_int(over, 0, "names: width %d: no cell wider than its column", widths[w]);
		is_int(bad, 0, "names: width %d: identifiers break after . _ or /, not inside a name", widths[w]);
		ok(seen >= 2, "names: width %d: allow_tf32 and benchmark stay whole", widths[w]);
		layout_free(&L);
	}
}

/* --ascii: the layout measures the transliterated text, so a line full of
 * symbols that grow ("→" is "->") still fits; links know blocks from see. */
static void test_ascii_and_links(void)
{
	static char *cells[] = { "A·Bᵀ", "≈ 2× faster → ‖x‖² ≤ 1 … “done”" };
	struct item it[] = {
		{ .kind = ITEM_TEXT, .text = "→→→→→ ≤≤≤≤≤ ≥≥≥≥≥ ……… ‖‖‖ ²²² ³³³ ᵀᵀᵀ → ← ≤ ≥ … x" },
		{ .kind = ITEM_FACTS, .cells = cells, .n = 1 },
		{ .kind = ITEM_CODE, .text = "c = a × b; // ≈" },
		{ .kind = ITEM_BLOCK, .text = "tiling" },
		{ .kind = ITEM_SEE, .text = "x" },
	};
	struct page pg = { .title = "T", .items = it, .n = 5 };
	struct lesson l = { .id = "x", .title = "X", .pages = &pg, .npages = 1 };
	struct layout L;
	layout_page(&L, &l, 0, NULL, 24, true);
	int over = 0, nonascii = 0;
	for (size_t i = 0; i < L.n; i++) {
		const struct lline *ln = &L.line[i];
		for (const char *p = ln->text ? ln->text : ""; *p; p++)
			nonascii += (unsigned char)*p >= 0x80;
		for (const char *p = ln->text2 ? ln->text2 : ""; *p; p++)
			nonascii += (unsigned char)*p >= 0x80;
		if (ln->kind == L_TEXT && ln->indent + (int)strlen(ln->text) > 24)
			over++, diag("ascii line %zu too wide: %s", i, ln->text);
	}
	is_int(nonascii, 0, "ascii: every laid-out text is ASCII");
	is_int(over, 0, "ascii: widths are those of the transliterated text");
	int code = 0;
	for (size_t i = 0; i < L.n; i++)
		code += L.line[i].kind == L_CODE && !strcmp(L.line[i].text, "c = a x b; // ~");
	is_int(code, 1, "ascii: code is transliterated too");
	ok(L.nlinks == 2 && L.link[0].block && !L.link[1].block, "links: a block is marked as one, a see link is not");
	layout_free(&L);
}

/* What Enter/o opens (the reader's pick), on a hand-made page of links. */
static void test_pick_link(void)
{
	struct llink links[] = {
		{ .target = "other", .first = 2, .last = 2, .block = false },
		{ .target = "tiling", .first = 30, .last = 33, .block = true },
		{ .target = "matmul", .first = 50, .last = 53, .block = true },
	};
	struct layout L = { .link = links, .nlinks = 3 };
	is_int(layout_pick_link(&L, 0, 0, 20), 0, "pick: the focused link, in view");
	is_int(layout_pick_link(&L, -1, 0, 20), 1,
	       "pick: the page's block nearest the view, before a see link in view");
	is_int(layout_pick_link(&L, 2, 0, 20), 1, "pick: a focused link out of view is passed over");
	is_int(layout_pick_link(&L, -1, 45, 20), 2, "pick: a block in view before one out of view");
	is_int(layout_pick_link(&L, -1, 40, 5), 1, "pick: off screen, the block nearer the view (above)");
	is_int(layout_pick_link(&L, -1, 44, 5), 2, "pick: off screen, the block nearer the view (below)");
	L.nlinks = 1;
	is_int(layout_pick_link(&L, -1, 0, 20), 0, "pick: no block, the see link in view");
	is_int(layout_pick_link(&L, -1, 10, 20), -1, "pick: nothing in view and no block: none");
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	struct page pages[2] = {
		{ .title = "Page one", .items = items, .n = sizeof items / sizeof *items },
		{ .title = "Page two", .items = items, .n = 1 },
	};
	char *see[] = { "other" };
	struct lesson ls[2] = {
		{ .id = "this", .title = "This", .pages = pages, .npages = 2, .see = see, .nsee = 1 },
		{ .id = "other", .title = "The other lesson", .pages = pages, .npages = 1 },
	};
	struct course c = { .lessons = ls, .n = 2 };

	static const int widths[] = { 24, 40, 76, 100 };
	for (size_t w = 0; w < sizeof widths / sizeof *widths; w++) {
		int W = widths[w];
		struct layout L;
		ok(layout_page(&L, &ls[0], 0, &c, W, false), "width %d: laid out", W);
		int over = 0, code = 0, facts = 0, keyw = -1, aligned = 1;
		for (size_t i = 0; i < L.n; i++) {
			const struct lline *ln = &L.line[i];
			if (ln->kind == L_CODE) {
				code++;
				continue; /* cropped by the reader, never wrapped */
			}
			if (line_width(ln) > W) {
				over++;
				diag("width %d: line %zu is %d wide: %s", W, i, line_width(ln), ln->text ? ln->text : "");
			}
			if (ln->kind == L_FACT) {
				facts++;
				if (keyw < 0) keyw = ln->keyw;
				aligned &= ln->keyw == keyw && text_width(ln->text) <= ln->keyw;
			}
		}
		is_int(over, 0, "width %d: no line is wider than the width", W);
		is_int(code, 2, "width %d: two code lines, never wrapped", W);
		ok(facts >= 2 && aligned, "width %d: fact keys fit one key column", W);
		is_int(L.nlinks, 3, "width %d: block, demo and see are links", W);
		if (L.nlinks == 3) {
			is_str(L.link[0].target, "tiling", "width %d: first link is the block", W);
			is_str(L.link[1].target, "matmul", "width %d: second is the demo", W);
			is_str(L.link[2].target, "other", "width %d: third is the see link", W);
			ok(L.link[0].last - L.link[0].first >= 3, "width %d: the block slot is a box", W);
		}
		layout_free(&L);
	}

	struct layout L;
	layout_page(&L, &ls[0], 0, &c, 76, false);
	int found_reflow = 0, found_para = 0, found_title = 0, found_tab = 0, comment_flag = 0;
	for (size_t i = 0; i < L.n; i++) {
		const struct lline *ln = &L.line[i];
		if (ln->text && !strcmp(ln->text, "one two three four")) found_reflow = 1;
		if (ln->text && !strcmp(ln->text, "new paragraph") && i > 0 && L.line[i - 1].kind == L_BLANK) found_para = 1;
		if (ln->text && strstr(ln->text, "The other lesson")) found_title = 1;
		if (ln->kind == L_CODE && !strncmp(ln->text, "    still */", 12)) { found_tab = 1; comment_flag = ln->in_comment; }
	}
	ok(found_reflow, "a single newline in prose is a space");
	ok(found_para, "a blank line separates paragraphs");
	ok(found_title, "see links show the target lesson's title");
	ok(found_tab, "tabs in code are expanded");
	ok(comment_flag, "a code line inside a block comment is marked");
	size_t a = layout_item_line(&L, 4);
	ok(a < L.n && L.line[a].item == 4, "layout_item_line finds the code item");
	layout_free(&L);
	layout_free(&L);
	ok(L.n == 0 && L.line == NULL, "layout_free leaves it empty and can run twice");

	layout_page(&L, &ls[0], 1, &c, 76, true);
	int end = 0, arrow_ascii = 0;
	for (size_t i = 0; i < L.n; i++) {
		if (L.line[i].text && strstr(L.line[i].text, "End of the lesson")) end = 1;
		if (L.line[i].text && !strncmp(L.line[i].text, "-> See also: The other lesson", 29)) arrow_ascii = 1;
	}
	ok(end, "the last page says the lesson ends");
	ok(arrow_ascii, "the last page lists the lesson's see ids, with an ASCII arrow when asked");
	is_int(L.nlinks, 1, "the lesson-level see is a link");
	layout_free(&L);

	ok(layout_page(&L, &ls[0], 7, &c, 76, false) && L.n == 0, "a page past the end lays out as nothing");
	layout_free(&L);
	/* a link given both in the lesson's see list and on its last page shows once */
	struct item twice[] = { { .kind = ITEM_TEXT, .text = "x" }, { .kind = ITEM_SEE, .text = "other" } };
	struct page one = { .title = "Only", .items = twice, .n = 2 };
	struct lesson both = { .id = "both", .title = "Both", .pages = &one, .npages = 1, .see = see, .nsee = 1 };
	layout_page(&L, &both, 0, &c, 76, false);
	int to_other = 0;
	for (size_t i = 0; i < L.nlinks; i++)
		to_other += !strcmp(L.link[i].target, "other");
	is_int(to_other, 1, "a see given at the top and in the body is shown once");
	layout_free(&L);
	test_name_breaks();
	test_ascii_and_links();
	test_pick_link();
	return tap_done();
}
