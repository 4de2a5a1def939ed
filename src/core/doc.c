/* doc: reads one YAML document into a small tree, from libyaml events.
 *
 * The only file that includes <yaml.h>.  Every input limit of DESIGN.md is
 * checked before the work it guards: the file size with fstat before a
 * byte is read, NUL and invalid UTF-8 in one pass before libyaml sees the
 * text, depth and event count per event (a 100 000-deep "[[[[" stops at
 * depth 33), and anchors and aliases are refused at the first one, so
 * billion-laughs and self-referencing aliases never expand.
 *
 * Not here: typed access and schema checks (doc_access.c). */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <yaml.h>
#include "doc.h"
#include "text.h"

/* The line and column (1-based, columns in characters, as libyaml counts)
 * of byte offset off in buf. */
static void offset_pos(const char *buf, size_t off, int *line, int *col)
{
	int l = 1, c = 1;
	for (size_t i = 0; i < off; i++) {
		unsigned char ch = (unsigned char)buf[i];
		if (ch == '\n' || (ch == '\r' && (i + 1 >= off || buf[i + 1] != '\n'))) {
			l++;
			c = 1;
		} else if ((ch & 0xC0) != 0x80 && ch != '\r') {
			c++;
		}
	}
	*line = l;
	*col = c;
}

/* Checks the raw text before libyaml sees it: no NUL, valid UTF-8. */
static bool check_bytes(const char *name, const char *buf, size_t len, struct diags *d)
{
	size_t bad;
	if (text_valid_utf8(buf, len, &bad))
		return true;
	int line, col;
	offset_pos(buf, bad, &line, &col);
	if (buf[bad] == '\0')
		diags_add(d, name, line, col, "NUL byte in the file");
	else
		diags_add(d, name, line, col, "invalid UTF-8 (byte 0x%02X)", (unsigned char)buf[bad]);
	return false;
}

/* ---- the tree ---------------------------------------------------------- */

static void node_free(struct doc_node *n)
{
	if (!n)
		return;
	size_t k = n->type == DOC_MAP ? 2 * n->n : n->n;
	for (size_t i = 0; i < k; i++)
		node_free(n->items[i]);
	free(n->items);
	free(n->str);
	free(n);
}

void doc_free(struct doc *doc)
{
	if (!doc)
		return;
	node_free(doc->root);
	free(doc->file);
	doc->root = NULL;
	doc->file = NULL;
}

/* An open collection while building: raw counts item pointers (keys and
 * values alike); items beyond raw are zero so a half-built tree frees. */
struct frame {
	struct doc_node *node;
	size_t raw, cap;
};

struct builder {
	const char *name;
	struct diags *d;
	struct frame stack[DOC_MAX_DEPTH + 1];
	int depth;                 /* open collections */
	struct doc_node *root;
	long events;
	int docs;
	int dups;                  /* duplicate keys reported (parse goes on) */
};

static bool push_item(struct builder *b, struct doc_node *n)
{
	if (b->depth == 0) {
		b->root = n;
		return true;
	}
	struct frame *f = &b->stack[b->depth - 1];
	if (f->raw == f->cap) {
		size_t cap = f->cap ? f->cap * 2 : 8;
		struct doc_node **v = realloc(f->node->items, cap * sizeof *v);
		if (!v)
			return false;
		memset(v + f->cap, 0, (cap - f->cap) * sizeof *v);
		f->node->items = v;
		f->cap = cap;
	}
	f->node->items[f->raw++] = n;
	f->node->n = f->node->type == DOC_MAP ? (f->raw + 1) / 2 : f->raw;
	return true;
}

/* True when the next item of the innermost open collection is a map key. */
static bool expecting_key(const struct builder *b)
{
	if (b->depth == 0)
		return false;
	const struct frame *f = &b->stack[b->depth - 1];
	return f->node->type == DOC_MAP && f->raw % 2 == 0;
}

static int key_cmp(const void *pa, const void *pb)
{
	const struct doc_node *a = *(const struct doc_node *const *)pa;
	const struct doc_node *b = *(const struct doc_node *const *)pb;
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	int c = memcmp(a->str, b->str, a->len);
	if (c)
		return c;
	return a->line != b->line ? (a->line < b->line ? -1 : 1) :
	       a->col != b->col ? (a->col < b->col ? -1 : 1) : 0;
}

struct dup {
	const struct doc_node *key, *first;
};

static int dup_cmp(const void *pa, const void *pb)
{
	const struct doc_node *a = ((const struct dup *)pa)->key, *b = ((const struct dup *)pb)->key;
	return a->line != b->line ? (a->line < b->line ? -1 : 1) : (a->col > b->col) - (a->col < b->col);
}

/* Reports each repeated key of a finished map at its later occurrence, in
 * file order.  Sorting keeps this O(n log n) even for 50 000 keys. */
static bool check_duplicates(struct builder *b, const struct doc_node *map)
{
	if (map->n < 2)
		return true;
	const struct doc_node **keys = malloc(map->n * sizeof *keys);
	struct dup *dups = malloc(map->n * sizeof *dups);
	size_t nd = 0;
	if (!keys || !dups) {
		free(keys);
		free(dups);
		return false;
	}
	for (size_t i = 0; i < map->n; i++)
		keys[i] = map->items[2 * i];
	qsort(keys, map->n, sizeof *keys, key_cmp);
	for (size_t i = 1, first = 0; i < map->n; i++) {
		if (keys[i]->len == keys[first]->len &&
		    memcmp(keys[i]->str, keys[first]->str, keys[i]->len) == 0)
			dups[nd++] = (struct dup){ keys[i], keys[first] };
		else
			first = i;
	}
	qsort(dups, nd, sizeof *dups, dup_cmp);
	for (size_t i = 0; i < nd; i++)
		diags_add(b->d, b->name, dups[i].key->line, dups[i].key->col,
			  "duplicate key '%.80s' (first at line %d, column %d)",
			  dups[i].key->str, dups[i].first->line, dups[i].first->col);
	b->dups += (int)nd;
	free(keys);
	free(dups);
	return true;
}

static struct doc_node *new_node(enum doc_type t, const yaml_event_t *ev)
{
	struct doc_node *n = calloc(1, sizeof *n);
	if (n) {
		n->type = t;
		n->line = (int)ev->start_mark.line + 1;
		n->col = (int)ev->start_mark.column + 1;
	}
	return n;
}

static bool error_at(struct builder *b, const yaml_event_t *ev, const char *msg)
{
	diags_add(b->d, b->name, (int)ev->start_mark.line + 1,
		  (int)ev->start_mark.column + 1, "%s", msg);
	return false;
}

static bool on_scalar(struct builder *b, const yaml_event_t *ev)
{
	size_t len = ev->data.scalar.length;
	if (len > DOC_MAX_SCALAR) {
		diags_add(b->d, b->name, (int)ev->start_mark.line + 1,
			  (int)ev->start_mark.column + 1,
			  "scalar too long (%zu bytes; the limit is %u)", len, DOC_MAX_SCALAR);
		return false;
	}
	if (memchr(ev->data.scalar.value, 0, len))
		return error_at(b, ev, "NUL character in a string");
	struct doc_node *n = new_node(DOC_SCALAR, ev);
	if (!n || !(n->str = malloc(len + 1)) || !push_item(b, n)) {
		if (n)
			free(n->str);
		free(n);
		return error_at(b, ev, "out of memory");
	}
	memcpy(n->str, ev->data.scalar.value, len);
	n->str[len] = '\0';
	n->len = len;
	n->plain = ev->data.scalar.style == YAML_PLAIN_SCALAR_STYLE;
	n->folded = ev->data.scalar.style == YAML_FOLDED_SCALAR_STYLE;
	n->block = n->folded || ev->data.scalar.style == YAML_LITERAL_SCALAR_STYLE;
	return true;
}

static bool on_start(struct builder *b, const yaml_event_t *ev, enum doc_type t)
{
	if (expecting_key(b))
		return error_at(b, ev, "a mapping key must be a plain value, not a collection");
	if (b->depth >= DOC_MAX_DEPTH) {
		diags_add(b->d, b->name, (int)ev->start_mark.line + 1,
			  (int)ev->start_mark.column + 1,
			  "nesting too deep (the limit is %d levels)", DOC_MAX_DEPTH);
		return false;
	}
	struct doc_node *n = new_node(t, ev);
	if (!n || !push_item(b, n)) {
		free(n);
		return error_at(b, ev, "out of memory");
	}
	b->stack[b->depth++] = (struct frame){ .node = n };
	return true;
}

static bool on_end(struct builder *b, const yaml_event_t *ev)
{
	struct frame *f = &b->stack[--b->depth];
	if (f->node->type == DOC_MAP && !check_duplicates(b, f->node))
		return error_at(b, ev, "out of memory");
	return true;
}

static const char *event_anchor(const yaml_event_t *ev)
{
	switch (ev->type) {
	case YAML_SCALAR_EVENT: return (const char *)ev->data.scalar.anchor;
	case YAML_SEQUENCE_START_EVENT: return (const char *)ev->data.sequence_start.anchor;
	case YAML_MAPPING_START_EVENT: return (const char *)ev->data.mapping_start.anchor;
	default: return NULL;
	}
}

/* Applies one event; false stops the parse (the diag is already added). */
static bool on_event(struct builder *b, const yaml_event_t *ev)
{
	if (++b->events > DOC_MAX_EVENTS) {
		diags_add(b->d, b->name, (int)ev->start_mark.line + 1,
			  (int)ev->start_mark.column + 1,
			  "too many YAML nodes (the limit is %d events)", DOC_MAX_EVENTS);
		return false;
	}
	if (event_anchor(ev))
		return error_at(b, ev, "anchors (&name) are not allowed");
	switch (ev->type) {
	case YAML_ALIAS_EVENT:
		return error_at(b, ev, "aliases (*name) are not allowed");
	case YAML_DOCUMENT_START_EVENT:
		if (++b->docs > 1)
			return error_at(b, ev, "only one YAML document per file (found a second '---')");
		return true;
	case YAML_SCALAR_EVENT:
		return on_scalar(b, ev);
	case YAML_SEQUENCE_START_EVENT:
		return on_start(b, ev, DOC_SEQ);
	case YAML_MAPPING_START_EVENT:
		return on_start(b, ev, DOC_MAP);
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
		return on_end(b, ev);
	default:
		return true;
	}
}

/* What an instructor can do about libyaml's commonest complaints: the
 * problem texts are libyaml's own (scanner.c, parser.c). */
static const struct { const char *problem, *hint; } syntax_hints[] = {
	{ "mapping values are not allowed", "a value holding ': ' must be quoted (title: \"Step 1: copy\"), "
	  "or this line is indented deeper than its key" },
	{ "block sequence entries are not allowed", "a value starting with '- ' must be quoted, or "
	  "the list belongs on the lines below its key" },
	{ "did not find expected key", "this line is not indented like the keys above it" },
	{ "did not find expected '-' indicator", "items of one list must start in the same column" },
	{ "could not find expected ':'", "a key needs ': ' after it; a text running over several "
	  "lines needs quotes, '|' or '>'" },
	{ "tab character", "indent with spaces; YAML does not allow tabs there" },
	{ "cannot start any token", "a value starting with @ or ` must be quoted" },
	{ "end of stream", "a quote or a bracket is not closed" },
	{ "did not find expected ',' or ']'", "a [list] is not closed, or an item holding ',' or ': ' "
	  "needs quotes" },
	{ "did not find expected ',' or '}'", "a {mapping} is not closed, or a value holding ',' or ': ' "
	  "needs quotes" },
	{ "unknown escape character", "in double quotes a backslash starts an escape: write \\\\ "
	  "or use single quotes" },
};

static const char *syntax_hint(const char *problem)
{
	for (size_t i = 0; problem && i < sizeof syntax_hints / sizeof *syntax_hints; i++)
		if (strstr(problem, syntax_hints[i].problem))
			return syntax_hints[i].hint;
	return NULL;
}

/* The byte that starts character col (from 0) of line (from 0) of buf, or
 * 0 past its end: what libyaml's problem mark points at. */
static unsigned char byte_at(const char *buf, size_t len, size_t line, size_t col)
{
	size_t i = 0;
	for (size_t l = 0; l < line && i < len; i++)
		if (buf[i] == '\n' || (buf[i] == '\r' && (i + 1 >= len || buf[i + 1] != '\n')))
			l++;
	for (size_t c = 0; i < len && c < col; c++)
		do
			i++;
		while (i < len && ((unsigned char)buf[i] & 0xC0) == 0x80);
	return i < len ? (unsigned char)buf[i] : 0;
}

/* libyaml's own complaint, at its problem mark, with its context, and a
 * hint when it is one of the common ones. */
static void syntax_error(struct builder *b, const yaml_parser_t *p, const char *buf, size_t len)
{
	int line = (int)p->problem_mark.line + 1, col = (int)p->problem_mark.column + 1;
	if (p->error == YAML_READER_ERROR)
		offset_pos(buf, p->problem_offset, &line, &col);
	const char *problem = p->problem ? p->problem : "cannot parse";
	if (p->error == YAML_MEMORY_ERROR)
		problem = "out of memory";
	const char *hint = p->error == YAML_MEMORY_ERROR ? NULL : syntax_hint(problem);
	/* a tab where a token should start is a tab used as indentation */
	if (p->error == YAML_SCANNER_ERROR && strstr(problem, "cannot start any token") &&
	    byte_at(buf, len, p->problem_mark.line, p->problem_mark.column) == '\t')
		hint = syntax_hint("tab character");
	char ctx[160] = "";
	if (p->context)
		snprintf(ctx, sizeof ctx, " (%s that started at line %d, column %d)", p->context,
			 (int)p->context_mark.line + 1, (int)p->context_mark.column + 1);
	diags_add(b->d, b->name, line, col, "%s%s%s%s", problem, ctx, hint ? "; hint: " : "",
		  hint ? hint : "");
}

static bool parse(struct builder *b, const char *buf, size_t len)
{
	yaml_parser_t p;
	if (!yaml_parser_initialize(&p)) {
		diags_add(b->d, b->name, 0, 0, "out of memory");
		return false;
	}
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	yaml_parser_set_input_string(&p, (const unsigned char *)buf, len);
	bool ok = true, done = false;
	while (ok && !done) {
		yaml_event_t ev;
		if (!yaml_parser_parse(&p, &ev)) {
			syntax_error(b, &p, buf, len);
			ok = false;
			break;
		}
		done = ev.type == YAML_STREAM_END_EVENT;
		ok = on_event(b, &ev);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	return ok && b->dups == 0;
}

bool doc_load_buffer(const char *name, const char *buf, size_t len,
		     struct doc *out, struct diags *d)
{
	*out = (struct doc){ 0 };
	if (len > DOC_MAX_BYTES) {
		diags_add(d, name, 1, 1, "file too large (%zu bytes; the limit is %u)",
			  len, DOC_MAX_BYTES);
		return false;
	}
	if (!check_bytes(name, buf, len, d))
		return false;
	/* A byte-order mark, as some editors save UTF-8: not content.  libyaml
	 * skips one only when it guesses the encoding itself (ours is set), so
	 * it is skipped here; it takes no column, so every position stays. */
	if (len >= 3 && !memcmp(buf, "\xEF\xBB\xBF", 3)) {
		buf += 3;
		len -= 3;
	}
	struct builder b = { .name = name, .d = d };
	if (!parse(&b, buf, len)) {
		node_free(b.root);
		return false;
	}
	out->file = strdup(name);
	if (!out->file) {
		node_free(b.root);
		diags_add(d, name, 0, 0, "out of memory");
		return false;
	}
	out->root = b.root;
	return true;
}

/* Reads at most DOC_MAX_BYTES + 1 bytes; the size is checked with fstat
 * first, and the extra byte catches a file that grew meanwhile. */
static char *read_limited(int fd, const char *path, size_t *len, struct diags *d)
{
	struct stat st;
	if (fstat(fd, &st) != 0) {
		diags_add(d, path, 0, 0, "cannot stat: %s", strerror(errno));
		return NULL;
	}
	if (!S_ISREG(st.st_mode)) {
		diags_add(d, path, 0, 0, "not a regular file");
		return NULL;
	}
	if ((uintmax_t)st.st_size > DOC_MAX_BYTES) {
		diags_add(d, path, 1, 1, "file too large (%jd bytes; the limit is %u)",
			  (intmax_t)st.st_size, DOC_MAX_BYTES);
		return NULL;
	}
	char *buf = malloc(DOC_MAX_BYTES + 2);
	size_t n = 0;
	while (buf && n <= DOC_MAX_BYTES) {
		ssize_t r = read(fd, buf + n, DOC_MAX_BYTES + 1 - n);
		if (r == 0)
			break;
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			diags_add(d, path, 0, 0, "cannot read: %s", strerror(errno));
			free(buf);
			return NULL;
		}
		n += (size_t)r;
	}
	if (!buf) {
		diags_add(d, path, 0, 0, "out of memory");
		return NULL;
	}
	if (n > DOC_MAX_BYTES) {
		diags_add(d, path, 1, 1, "file too large (over %u bytes)", DOC_MAX_BYTES);
		free(buf);
		return NULL;
	}
	buf[n] = '\0';
	*len = n;
	return buf;
}

bool doc_load_file(const char *path, struct doc *out, struct diags *d)
{
	*out = (struct doc){ 0 };
	/* O_NONBLOCK: a FIFO must not hang the open; fstat then refuses it. */
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
	if (fd < 0) {
		diags_add(d, path, 0, 0, "cannot open: %s", strerror(errno));
		return false;
	}
	size_t len = 0;
	char *buf = read_limited(fd, path, &len, d);
	close(fd);
	if (!buf)
		return false;
	bool ok = doc_load_buffer(path, buf, len, out, d);
	free(buf);
	return ok;
}
