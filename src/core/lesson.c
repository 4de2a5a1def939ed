/* lesson: one lesson file mapped from a doc tree onto struct lesson, with
 * every schema problem reported at its position.  The loader goes on after
 * an error to report as many problems as it can, but a lesson with any
 * error is returned broken (what it keeps, and freeing a lesson, are
 * lesson_free.c).  Directory loading and cross-references between lessons
 * live in course.c. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "demo.h"
#include "doc.h"
#include "lesson.h"
#include "fsutil.h"
#include "text.h"

/* The blocks: the two interactive ones, then every demo of the registry. */
#define BLOCK_(id, ...) #id,
const char *const lesson_blocks[] = { "gpu-map", "tiling", CK_DEMOS(BLOCK_) NULL };
/* Every name `open` and links resolve to a screen rather than a lesson:
 * the blocks and the course's own screens.  The TUI opens a screen by
 * name only when the name is here (src/tui/screens.c), so a lesson whose
 * id lint accepts can always be read. */
const char *const lesson_reserved_ids[] = { "gpu-map", "tiling", CK_DEMOS(BLOCK_) "quiz",
					    "radar", "cert", "drills", NULL };
#undef BLOCK_
const char *const *const lesson_demos = demo_names;

static bool in_table(const char *const *t, const char *name)
{
	for (; *t; t++)
		if (!strcmp(*t, name))
			return true;
	return false;
}

bool lesson_block_known(const char *name) { return in_table(lesson_blocks, name); }
bool lesson_demo_known(const char *name) { return in_table(lesson_demos, name); }

static size_t table_len(const char *const *t)
{
	size_t n = 0;
	while (t[n])
		n++;
	return n;
}

/* The item kinds, in enum item_kind order: the key that names each. */
static const char *const kind_keys[] = {
	"heading", "text", "analogy", "note", "code", "facts", "list", "block", "demo", "see",
};
#define NKINDS (sizeof kind_keys / sizeof *kind_keys)

/* Parsing context: the file name for messages, and the diags with their
 * count on entry, so "did this lesson add an error" is one comparison. */
struct ctx {
	const char *file;
	struct diags *d;
	size_t before;
};

static bool failed(const struct ctx *c) { return c->d->n > c->before; }

/* An allocation failed while reading n: an error like any other, so the
 * lesson is returned broken rather than silently missing a part. */
static bool out_of_memory(struct ctx *c, const struct doc_node *n)
{
	diags_add(c->d, c->file, n->line, n->col, "out of memory");
	return false;
}

/* strdup(s) of node n's text, or NULL after reporting the error. */
static char *copy_of(struct ctx *c, const struct doc_node *n, const char *s)
{
	char *t = strdup(s);
	if (!t)
		out_of_memory(c, n);
	return t;
}

/* A sanitized copy of a text node, or NULL after reporting the error. */
static char *text_of(struct ctx *c, const struct doc_node *n)
{
	const char *s;
	if (!doc_str(c->file, n, &s, c->d))
		return NULL;
	char *t = text_sanitize(s, n->len);
	if (!t)
		out_of_memory(c, n);
	return t;
}

/* Prose (summary, analogy, a text, analogy or note item): text_of, and a
 * folded (`>`) block read the same as a literal (`|`) one (text_unfold). */
static char *prose_of(struct ctx *c, const struct doc_node *n)
{
	char *t = text_of(c, n);
	if (t && n && n->folded) {
		char *u = text_unfold(t);
		free(t);
		if (!u)
			out_of_memory(c, n);
		t = u;
	}
	return t;
}

static bool id_valid(const char *id)
{
	size_t n = strlen(id);
	if (n == 0 || n > 63)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!(islower((unsigned char)id[i]) || isdigit((unsigned char)id[i]) || id[i] == '-'))
			return false;
	return true;
}

/* An id-valued node (`id:`, `see:` entries): [a-z0-9-]{1,63}. */
static char *id_of(struct ctx *c, const struct doc_node *n)
{
	const char *s;
	if (!doc_str(c->file, n, &s, c->d))
		return NULL;
	if (!id_valid(s) || strlen(s) != n->len) {
		diags_add(c->d, c->file, n->line, n->col,
			  "bad lesson id '%.80s': use 1 to 63 of a-z, 0-9 and '-'", s);
		return NULL;
	}
	return copy_of(c, n, s);
}

/* block: and demo: names come only from the fixed tables. */
static char *name_of(struct ctx *c, const struct doc_node *n, const char *what,
		     const char *const *table)
{
	const char *s;
	if (!doc_str(c->file, n, &s, c->d))
		return NULL;
	if (in_table(table, s))
		return copy_of(c, n, s);
	const char *near = doc_suggest(s, table, table_len(table));
	char known[128] = "";
	for (const char *const *t = table; *t; t++)
		snprintf(known + strlen(known), sizeof known - strlen(known), "%s%s",
			 t == table ? "" : ", ", *t);
	if (near)
		diags_add(c->d, c->file, n->line, n->col, "unknown %s '%.80s'; did you mean '%s'?",
			  what, s, near);
	else
		diags_add(c->d, c->file, n->line, n->col, "unknown %s '%.80s' (known: %s)",
			  what, s, known);
	return NULL;
}

/* A sequence of texts (list:), or of [key, value] pairs (facts:).  Cells
 * are stored flat: pairs give 2*n cells.  Returns false after errors. */
static bool cells_of(struct ctx *c, const struct doc_node *seq, bool pairs, struct item *it)
{
	const char *key = pairs ? "facts" : "list";
	if (seq->type != DOC_SEQ || seq->n == 0) {
		diags_add(c->d, c->file, seq->line, seq->col, "'%s': expected a non-empty sequence, got %s",
			  key, seq->type == DOC_SEQ ? "an empty one" : doc_is_null(seq) ? "an empty value" :
			  seq->type == DOC_MAP ? "a mapping" : "a scalar");
		return false;
	}
	size_t per = pairs ? 2 : 1;
	it->cells = calloc(seq->n * per, sizeof *it->cells);
	if (!it->cells)
		return out_of_memory(c, seq);
	it->n = seq->n;
	bool ok = true;
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *e = seq->items[i];
		if (!pairs) {
			ok = (it->cells[i] = text_of(c, e)) != NULL && ok;
			continue;
		}
		if (e->type != DOC_SEQ || e->n != 2) {
			diags_add(c->d, c->file, e->line, e->col,
				  "a fact is a pair [key, value], got %s",
				  e->type == DOC_SEQ ? "a sequence of another length" :
				  e->type == DOC_MAP ? "a mapping" : "a scalar");
			ok = false;
			continue;
		}
		for (size_t k = 0; k < 2; k++)
			ok = (it->cells[2 * i + k] = text_of(c, e->items[k])) != NULL && ok;
	}
	return ok;
}

static int kind_of_key(const char *key)
{
	for (size_t k = 0; k < NKINDS; k++)
		if (!strcmp(kind_keys[k], key))
			return (int)k;
	return -1;
}

/* Finds the one kind key of a block item; reports none, two, unknown keys
 * and a misplaced caption.  Returns the index of the kind's pair, or -1. */
static long find_kind(struct ctx *c, const struct doc_node *m, const struct doc_node **caption)
{
	long at = -1;
	*caption = NULL;
	for (size_t i = 0; i < m->n; i++) {
		const struct doc_node *k = m->items[2 * i];
		if (!strcmp(k->str, "caption")) {
			*caption = m->items[2 * i + 1];
		} else if (kind_of_key(k->str) < 0) {
			static const char *const caption_key[] = { "caption" };
			const char *near = doc_suggest(k->str, kind_keys, NKINDS);
			if (!near && doc_suggest(k->str, caption_key, 1))
				diags_add(c->d, c->file, k->line, k->col,
					  "unknown key '%.80s'; did you mean 'caption'?", k->str);
			else if (near)
				diags_add(c->d, c->file, k->line, k->col,
					  "unknown block kind '%.80s'; did you mean '%s'?", k->str, near);
			else
				diags_add(c->d, c->file, k->line, k->col, "unknown block kind '%.80s' "
					  "(heading, text, analogy, note, code, facts, list, block, demo, see)", k->str);
		} else if (at >= 0) {
			diags_add(c->d, c->file, k->line, k->col,
				  "a block item has one kind, but this one has '%s' and '%s'; "
				  "put each in its own '- ' item", m->items[2 * at]->str, k->str);
			return -1;
		} else {
			at = (long)i;
		}
	}
	if (at < 0 && !failed(c))
		diags_add(c->d, c->file, m->line, m->col, "a block item needs one of: heading, text, "
			  "analogy, note, code, facts, list, block, demo, see");
	return at;
}

/* One body item: a mapping with exactly one kind key (and `caption` only
 * beside `code`). */
static bool item_of(struct ctx *c, const struct doc_node *m, struct item *it)
{
	it->line = m->line;
	it->col = m->col;
	if (m->type != DOC_MAP) {
		diags_add(c->d, c->file, m->line, m->col,
			  "expected a block item such as 'text: ...', got %s",
			  m->type == DOC_SEQ ? "a sequence" : "a plain value");
		return false;
	}
	const struct doc_node *cap;
	size_t before = c->d->n;
	long at = find_kind(c, m, &cap);
	if (at < 0 || c->d->n > before)
		return false;
	const struct doc_node *key = m->items[2 * at], *v = m->items[2 * at + 1];
	it->kind = (enum item_kind)kind_of_key(key->str);
	it->text_line = v->line + (v->block ? 1 : 0);
	if (cap && it->kind != ITEM_CODE) {
		diags_add(c->d, c->file, cap->line, cap->col, "'caption' goes only with 'code'");
		return false;
	}
	if (cap && !(it->caption = text_of(c, cap)))
		return false;
	switch (it->kind) {
	case ITEM_FACTS: return cells_of(c, v, true, it);
	case ITEM_LIST: return cells_of(c, v, false, it);
	case ITEM_BLOCK: return (it->text = name_of(c, v, "block", lesson_blocks)) != NULL;
	case ITEM_DEMO: return (it->text = name_of(c, v, "demo", lesson_demos)) != NULL;
	case ITEM_SEE: return (it->text = id_of(c, v)) != NULL;
	case ITEM_TEXT: case ITEM_ANALOGY: case ITEM_NOTE: return (it->text = prose_of(c, v)) != NULL;
	default: return (it->text = text_of(c, v)) != NULL;
	}
}

static const struct doc_field page_fields[] = {
	{ "title", DOC_SCALAR, true },
	{ "body", DOC_SEQ, true },
};

static bool page_of(struct ctx *c, const struct doc_node *m, struct page *p)
{
	if (!doc_check_map(c->file, m, page_fields, 2, c->d))
		return false;
	bool ok = (p->title = text_of(c, doc_get(m, "title"))) != NULL;
	const struct doc_node *body = doc_get(m, "body");
	if (body->n == 0) {
		diags_add(c->d, c->file, body->line, body->col, "'body' needs at least one block item");
		return false;
	}
	p->items = calloc(body->n, sizeof *p->items);
	if (!p->items)
		return out_of_memory(c, body);
	p->n = body->n;
	for (size_t i = 0; i < body->n; i++)
		ok = item_of(c, body->items[i], &p->items[i]) && ok;
	return ok;
}

static const struct doc_field lesson_fields[] = {
	{ "id", DOC_SCALAR, true },
	{ "title", DOC_SCALAR, true },
	{ "summary", DOC_SCALAR, true },
	{ "minutes", DOC_SCALAR, true },
	{ "analogy", DOC_SCALAR, true },
	{ "see", DOC_SEQ, false },
	{ "pages", DOC_SEQ, true },
};

#define NFIELDS (sizeof lesson_fields / sizeof *lesson_fields)

static void see_list(struct ctx *c, const struct doc_node *seq, struct lesson *l)
{
	l->see = calloc(seq->n ? seq->n : 1, sizeof *l->see);
	l->see_pos = calloc(seq->n ? seq->n : 1, sizeof *l->see_pos);
	if (!l->see || !l->see_pos) {
		out_of_memory(c, seq);
		return;
	}
	for (size_t i = 0; i < seq->n; i++) {
		const struct doc_node *e = seq->items[i];
		if ((l->see[l->nsee] = id_of(c, e)))
			l->see_pos[l->nsee++] = (struct lesson_pos){ e->line, e->col };
	}
}

/* The value of key when it is there with its schema type (a null counts as
 * a scalar, whose reader reports it); else NULL: doc_check_map has
 * reported the wrong type or the missing key already. */
static const struct doc_node *field(const struct doc_node *root, const char *key)
{
	const struct doc_node *v = doc_get(root, key);
	for (size_t i = 0; v && i < NFIELDS; i++)
		if (!strcmp(lesson_fields[i].key, key))
			return v->type == lesson_fields[i].type ? v : NULL;
	return NULL;
}

/* The fields of the top-level mapping, each read when it has its type, so
 * one pass reports every field's own problems. */
static void fields_of(struct ctx *c, const struct doc_node *root, struct lesson *l)
{
	const struct doc_node *id = field(root, "id");
	char *s = id ? id_of(c, id) : NULL;
	if (s) {
		if (strcmp(s, l->id))
			diags_add(c->d, c->file, id->line, id->col, "id '%s' does not match the "
				  "file name, which gives '%s' (name the file NN-%s.yaml)", s, l->id, s);
		free(l->id);
		l->id = s;
		l->id_pos = (struct lesson_pos){ id->line, id->col };
	}
	if (s && in_table(lesson_reserved_ids, s)) {
		char names[200] = "";
		for (size_t i = 0, n = 0; lesson_reserved_ids[i] && n < sizeof names; i++)
			n += (size_t)snprintf(names + n, sizeof names - n, "%s%s", i ? ", " : "",
					      lesson_reserved_ids[i]);
		diags_add(c->d, c->file, id->line, id->col, "id '%s' is the name of a block: 'open %s' "
			  "and links would open the block, never this lesson; choose another id "
			  "(reserved: %s)", s, s, names);
	}
	if (field(root, "title"))
		l->title = text_of(c, field(root, "title"));
	if (field(root, "summary"))
		l->summary = prose_of(c, field(root, "summary"));
	if (field(root, "analogy"))
		l->analogy = prose_of(c, field(root, "analogy"));
	long minutes = 0;
	size_t before = c->d->n;
	if (field(root, "minutes") && doc_int(c->file, field(root, "minutes"), 1, 60, &minutes, c->d))
		l->minutes = (int)minutes;
	else if (field(root, "minutes"))
		doc_name_key(c->d, before, "minutes");
	if (field(root, "see"))
		see_list(c, field(root, "see"), l);
	const struct doc_node *pages = field(root, "pages");
	if (!pages)
		return;
	if (pages->n == 0) {
		diags_add(c->d, c->file, pages->line, pages->col, "'pages' needs at least one page");
		return;
	}
	l->pages = calloc(pages->n, sizeof *l->pages);
	if (!l->pages) {
		out_of_memory(c, pages);
		return;
	}
	l->npages = pages->n;
	for (size_t i = 0; i < pages->n; i++)
		page_of(c, pages->items[i], &l->pages[i]);
}

/* The id a file name implies: "01-kitchen.yaml" -> "kitchen". */
static char *slug_of(const char *path)
{
	const char *base = strrchr(path, '/');
	base = base ? base + 1 : path;
	const char *p = base;
	while (isdigit((unsigned char)*p))
		p++;
	if (p > base && *p == '-')
		base = p + 1;
	size_t n = strlen(base);
	if (n > 5 && !strcmp(base + n - 5, ".yaml"))
		n -= 5;
	return strndup(base, n);
}

/* A lesson file may be a symbolic link only to a file inside its own
 * directory, so a lessons directory can never make the program read
 * anything outside it (quiz files follow the same rule, quiz.c). */
static bool stays_inside(const char *path, struct diags *d)
{
	char *target = fs_link_outside(path);
	if (target)
		diags_add(d, path, 1, 1, "the lesson file is a symbolic link to '%s', "
			  "outside its directory; refused", target);
	free(target);
	return !target;
}

bool lesson_load(const char *path, struct lesson *out, struct diags *d)
{
	*out = (struct lesson){ 0 };
	struct ctx c = { .file = path, .d = d, .before = d->n };
	out->file = strdup(path);
	out->id = slug_of(path);
	struct doc doc;
	if (out->file && out->id && stays_inside(path, d) && doc_load_file(path, &doc, d)) {
		if (!doc.root)
			diags_add(d, path, 1, 1, "the file is empty; a lesson needs id, title, "
				  "summary, minutes, analogy and pages");
		else if (doc_check_map(path, doc.root, lesson_fields, NFIELDS, d) ||
			 doc.root->type == DOC_MAP)
			fields_of(&c, doc.root, out);
		doc_free(&doc);
	}
	if (!out->file || !out->id)
		diags_add(d, path, 0, 0, "out of memory");
	if (!failed(&c))
		return true;
	char buf[1024];
	diag_format(&d->v[c.before], buf, sizeof buf);
	lesson_keep_targets(out);
	out->error = strdup(buf);
	out->broken = true;
	return false;
}
