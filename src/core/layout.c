/* layout: one lesson page -> display lines (see layout.h).  Each item kind
 * has one small function; all measuring goes through text.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "highlight.h"
#include "layout.h"
#include "text.h"
#include "i18n.h"

#define TABSTOP 4

static struct lline *add(struct layout *L, enum lkind k, enum role r, int indent,
			 const char *text, int item)
{
	if (L->n == L->cap) {
		size_t cap = L->cap ? L->cap * 2 : 64;
		struct lline *v = realloc(L->line, cap * sizeof *v);
		if (!v)
			return NULL;
		L->line = v;
		L->cap = cap;
	}
	struct lline *ln = &L->line[L->n];
	*ln = (struct lline){ .kind = k, .role = r, .indent = indent, .item = item, .link = -1 };
	if (text && !(ln->text = strdup(text)))
		return NULL;
	L->n++;
	return ln;
}

static void blank(struct layout *L, int item)
{
	if (L->n > 0 && L->line[L->n - 1].kind != L_BLANK)
		add(L, L_BLANK, C_NORMAL, 0, NULL, item);
}

/* s as it will be drawn: transliterated in ASCII mode.  The caller frees. */
static char *as_drawn(const struct layout *L, const char *s)
{
	return L->ascii ? text_asciify(s) : strdup(s ? s : "");
}

/* Wraps text to width at indent; returns the index of the first line. */
static size_t wrapped(struct layout *L, enum lkind k, enum role r, int indent,
		      int width, const char *text, int item)
{
	size_t first = L->n;
	struct text_lines tl = { 0 };
	char *flow = text_reflow(text), *drawn = as_drawn(L, flow);
	text_wrap(drawn ? drawn : "", width > 1 ? width : 1, &tl);
	free(flow);
	free(drawn);
	for (size_t i = 0; i < tl.n; i++) {
		if (k == L_TEXT && !tl.line[i][0])
			add(L, L_BLANK, C_NORMAL, 0, NULL, item); /* between paragraphs */
		else
			add(L, k, r, indent, tl.line[i], item);
	}
	text_lines_free(&tl);
	return first;
}

static void begin_link(struct layout *L, const char *target, bool block)
{
	if (L->nlinks == L->linkcap) {
		size_t cap = L->linkcap ? L->linkcap * 2 : 8;
		struct llink *v = realloc(L->link, cap * sizeof *v);
		if (!v)
			return;
		L->link = v;
		L->linkcap = cap;
	}
	struct llink *k = &L->link[L->nlinks++];
	snprintf(k->target, sizeof k->target, "%s", target ? target : "");
	k->block = block;
	k->first = (int)L->n;
	k->last = (int)L->n - 1;
}

static void end_link(struct layout *L)
{
	struct llink *k = &L->link[L->nlinks - 1];
	k->last = (int)L->n - 1;
	for (int i = k->first; i <= k->last; i++)
		L->line[i].link = (int)L->nlinks - 1;
}

/* A box around text (and an optional second paragraph, text2). */
static void box(struct layout *L, enum role r, const char *label, const char *text,
		const char *text2, int item)
{
	struct lline *t = add(L, L_BOX_TOP, r, 0, label, item);
	if (t)
		t->boxw = L->width;
	size_t first = wrapped(L, L_BOX_MID, r, 2, L->width - 4, text, item);
	if (text2)
		wrapped(L, L_BOX_MID, r, 2, L->width - 4, text2, item);
	for (size_t i = first; i < L->n; i++)
		L->line[i].boxw = L->width;
	struct lline *b = add(L, L_BOX_BOT, r, 0, NULL, item);
	if (b)
		b->boxw = L->width;
}

/* Expands tabs so columns are predictable; the caller frees. */
static char *expand_tabs(const char *s, size_t len)
{
	size_t tabs = 0;
	for (size_t i = 0; i < len; i++)
		tabs += s[i] == '\t';
	char *o = malloc(len + tabs * TABSTOP + 1);
	if (!o)
		return NULL;
	size_t j = 0;
	int col = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\t') {
			do o[j++] = ' '; while (++col % TABSTOP);
		} else {
			o[j++] = s[i];
			col += ((unsigned char)s[i] & 0xC0) != 0x80;
		}
	}
	o[j] = '\0';
	return o;
}

static void code(struct layout *L, const struct item *it, int item)
{
	if (it->caption)
		wrapped(L, L_TEXT, C_DIM, 2, L->width - 2, it->caption, item);
	bool in_comment = false;
	const char *p = it->text ? it->text : "";
	while (*p) {
		size_t len = strcspn(p, "\n");
		char *raw = expand_tabs(p, len), *src = raw ? as_drawn(L, raw) : NULL;
		free(raw);
		if (!src)
			return;
		struct lline *ln = add(L, L_CODE, C_CODE, 2, src, item);
		if (ln)
			ln->in_comment = in_comment;
		in_comment = hl_line_end_in_comment(src, in_comment);
		free(src);
		p += len;
		if (*p == '\n')
			p++;
	}
}

/* One word of a table cell that is wider than width, cut into pieces that
 * each end after a '.', '_' or '/' and fit (torch.backends.cuda. /
 * matmul.allow_tf32), appended to o with '\n' between them; the last piece
 * continues the line.  A piece with no such place is left to text_wrap,
 * which breaks between characters. */
static size_t name_pieces(char *o, const char *w, size_t len, int width)
{
	size_t j = 0;
	while (len > 0) {
		char *word = strndup(w, len);
		int used;
		size_t fit = word ? text_fit(word, width, &used) : len, cut = 0;
		free(word);
		if (fit < len)
			for (size_t i = fit; i > 0 && !cut; i--)
				if (strchr("._/", w[i - 1]))
					cut = i;
		if (!cut)
			cut = len;
		memcpy(o + j, w, cut);
		j += cut;
		w += cut;
		len -= cut;
		if (len)
			o[j++] = '\n';
	}
	return j;
}

/* A cell's text with name breaks (name_pieces) for words wider than
 * width, as drawn; the caller frees. */
static char *cell_text(const struct layout *L, const char *cell, int width)
{
	char *s = as_drawn(L, cell);
	char *o = s ? malloc(strlen(s) * 2 + 1) : NULL;
	if (!o)
		return s; /* no memory for breaks: the cell as it is */
	size_t j = 0;
	for (const char *p = s; *p;) {
		size_t sp = strspn(p, " "), len;
		memcpy(o + j, p, sp);
		j += sp;
		p += sp;
		len = strcspn(p, " ");
		j += name_pieces(o + j, p, len, width);
		p += len;
	}
	o[j] = '\0';
	free(s);
	return o;
}

/* Wraps one table cell to width (at least 1). */
static void wrap_cell(const struct layout *L, const char *cell, int width, struct text_lines *out)
{
	width = width > 1 ? width : 1;
	char *t = cell_text(L, cell, width);
	text_wrap(t ? t : "", width, out);
	free(t);
}

static void facts(struct layout *L, const struct item *it, int item)
{
	int keyw = 0, maxkey = (L->width - 4) / 2;
	for (size_t i = 0; i < it->n; i++) {
		char *key = as_drawn(L, it->cells[2 * i]);
		int w = key ? text_width(key) : 0;
		free(key);
		keyw = w > keyw ? w : keyw;
	}
	keyw = keyw > maxkey ? maxkey : keyw;
	int valw = L->width - 2 - keyw - 3;
	for (size_t i = 0; i < it->n; i++) {
		struct text_lines k = { 0 }, v = { 0 };
		wrap_cell(L, it->cells[2 * i], keyw, &k);
		wrap_cell(L, it->cells[2 * i + 1], valw, &v);
		size_t rows = k.n > v.n ? k.n : v.n;
		for (size_t r = 0; r < rows; r++) {
			struct lline *ln = add(L, L_FACT, C_NORMAL, 2, r < k.n ? k.line[r] : "", item);
			if (ln) {
				ln->text2 = strdup(r < v.n ? v.line[r] : "");
				ln->keyw = keyw;
			}
		}
		text_lines_free(&k);
		text_lines_free(&v);
	}
}

static void list(struct layout *L, const struct item *it, int item)
{
	for (size_t i = 0; i < it->n; i++) {
		size_t first = wrapped(L, L_TEXT, C_NORMAL, 4, L->width - 4, it->cells[i], item);
		if (first < L->n)
			L->line[first].bullet = true;
	}
}

static void see(struct layout *L, const struct course *c, const char *id, bool ascii, int item)
{
	const struct lesson *t = c ? course_find(c, id) : NULL;
	char buf[512];
	snprintf(buf, sizeof buf, tr(MSG_LAYOUT_SEE_ALSO), ascii ? "->" : "→",
		 t && t->title ? t->title : id);
	begin_link(L, id, false);
	wrapped(L, L_TEXT, C_ACCENT, 0, L->width, buf, item);
	end_link(L);
}

static void slot(struct layout *L, const struct item *it, int item)
{
	char text[160];
	snprintf(text, sizeof text, tr(it->kind == ITEM_BLOCK ? MSG_LAYOUT_BLOCK : MSG_LAYOUT_DEMO),
		 it->text ? it->text : "?");
	begin_link(L, it->text, true);
	box(L, C_ACCENT, tr(it->kind == ITEM_BLOCK ? MSG_LAYOUT_BLOCK_LABEL : MSG_LAYOUT_DEMO_LABEL), text,
	    tr(MSG_LAYOUT_ENTER_OPEN), item);
	end_link(L);
}

static void one_item(struct layout *L, const struct item *it, int i, const struct course *c, bool ascii)
{
	char *note;
	switch (it->kind) {
	case ITEM_HEADING: blank(L, i); wrapped(L, L_TEXT, C_HEADING, 0, L->width, it->text, i); return;
	case ITEM_TEXT: wrapped(L, L_TEXT, C_NORMAL, 0, L->width, it->text, i); break;
	case ITEM_ANALOGY: box(L, C_ANALOGY, tr(MSG_LAYOUT_KITCHEN), it->text, NULL, i); break;
	case ITEM_NOTE:
		if ((note = malloc(strlen(it->text ? it->text : "") + strlen(tr(MSG_LAYOUT_NOTE)) + 1))) {
			sprintf(note, tr(MSG_LAYOUT_NOTE), it->text ? it->text : "");
			wrapped(L, L_BAR, C_NOTE, 2, L->width - 2, note, i);
			free(note);
		}
		break;
	case ITEM_CODE: code(L, it, i); break;
	case ITEM_FACTS: facts(L, it, i); break;
	case ITEM_LIST: list(L, it, i); break;
	case ITEM_BLOCK: case ITEM_DEMO: slot(L, it, i); break;
	case ITEM_SEE: see(L, c, it->text, ascii, i); break;
	}
	blank(L, i);
}

/* True when page pg has a `see` item naming id. */
static bool linked_on(const struct page *pg, const char *id)
{
	for (size_t i = 0; i < pg->n; i++)
		if (pg->items[i].kind == ITEM_SEE && pg->items[i].text && !strcmp(pg->items[i].text, id))
			return true;
	return false;
}

bool layout_page(struct layout *out, const struct lesson *l, size_t page,
		 const struct course *c, int width, bool ascii)
{
	memset(out, 0, sizeof *out);
	out->width = width < 20 ? 20 : width;
	out->ascii = ascii;
	if (!l || page >= l->npages)
		return true;
	const struct page *pg = &l->pages[page];
	wrapped(out, L_TEXT, C_TITLE, 0, out->width, pg->title, -1);
	add(out, L_BLANK, C_NORMAL, 0, NULL, -1);
	for (size_t i = 0; i < pg->n; i++)
		one_item(out, &pg->items[i], (int)i, c, ascii);
	if (page + 1 == l->npages) {
		/* the lesson's `see` list, less what this page links to already */
		for (size_t i = 0; i < l->nsee; i++)
			if (!linked_on(pg, l->see[i]))
				see(out, c, l->see[i], ascii, (int)pg->n);
		blank(out, (int)pg->n);
		wrapped(out, L_TEXT, C_DIM, 0, out->width,
			tr(course_next(c, l) ? MSG_LAYOUT_END_NEXT : MSG_LAYOUT_END), (int)pg->n);
	}
	return true;
}

void layout_free(struct layout *lay)
{
	if (!lay)
		return;
	for (size_t i = 0; i < lay->n; i++) {
		free(lay->line[i].text);
		free(lay->line[i].text2);
	}
	free(lay->line);
	free(lay->link);
	memset(lay, 0, sizeof *lay);
}

size_t layout_item_line(const struct layout *lay, int item)
{
	for (size_t i = 0; i < lay->n; i++)
		if (lay->line[i].item >= item)
			return i;
	return lay->n ? lay->n - 1 : 0;
}

/* Lines between link k and the top of the view (0 when it reaches it). */
static int view_distance(const struct llink *k, int top)
{
	if (k->first > top)
		return k->first - top;
	return k->last < top ? top - k->last : 0;
}

int layout_pick_link(const struct layout *lay, int focus, int top, int h)
{
	int see = -1, seen_block = -1, near = -1;
	for (size_t i = 0; i < lay->nlinks; i++) {
		const struct llink *k = &lay->link[i];
		bool visible = k->last >= top && k->first < top + h;
		if (visible && (int)i == focus)
			return (int)i;
		if (visible && !k->block && see < 0)
			see = (int)i;
		if (visible && k->block && seen_block < 0)
			seen_block = (int)i;
		if (k->block && (near < 0 || view_distance(k, top) < view_distance(&lay->link[near], top)))
			near = (int)i;
	}
	if (seen_block >= 0)
		return seen_block;
	return near >= 0 ? near : see;
}
