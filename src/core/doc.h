/* doc: a small, limited YAML document tree built from libyaml events.
 *
 * This is the only module that includes <yaml.h>; no libyaml object leaves
 * it.  Everything that reads YAML (lessons, quizzes, progress, demo result
 * lines) parses into this tree first and then maps it onto typed structs
 * with the doc_* helpers below, which report problems with positions.
 *
 * Limits (DESIGN.md), enforced while reading, before they can hurt:
 * file size 1 MiB, nesting depth 32, 100 000 events, scalars 64 KiB,
 * no anchors or aliases, no NUL, valid UTF-8.  Duplicate keys are errors.
 * Every violation is a diag with file:line:col (1-based). */
#ifndef CK_DOC_H
#define CK_DOC_H
#include <stdbool.h>
#include <stddef.h>
#include "diag.h"

#define DOC_MAX_BYTES   (1u << 20)
#define DOC_MAX_DEPTH   32
#define DOC_MAX_EVENTS  100000
#define DOC_MAX_SCALAR  (64u << 10)

enum doc_type { DOC_SCALAR, DOC_SEQ, DOC_MAP };

/* A node.  For DOC_MAP, items holds 2*n pointers: key0, value0, key1, ...
 * (keys are always scalars).  For DOC_SEQ, items holds n values.  For
 * DOC_SCALAR, str holds the UTF-8 text (NUL-terminated, len bytes) and
 * plain says whether it was unquoted (so `~`, `null`, `true` can be typed),
 * folded whether it was a `>` block (text_unfold reads it as prose). */
struct doc_node {
	enum doc_type type;
	int line, col;            /* 1-based start mark */
	char *str;                /* scalar text */
	size_t len;
	bool plain, folded;
	bool block;               /* a block scalar (| or >): its text starts on the next line */
	size_t n;                 /* entries (pairs for maps) */
	struct doc_node **items;
};

struct doc {
	char *file;               /* as given, for messages */
	struct doc_node *root;    /* NULL for an empty document */
};

/* Reads and parses a file / a buffer.  On failure returns false, appends at
 * least one diag and leaves *out empty.  The caller frees with doc_free. */
bool doc_load_file(const char *path, struct doc *out, struct diags *d);
bool doc_load_buffer(const char *name, const char *buf, size_t len,
		     struct doc *out, struct diags *d);
void doc_free(struct doc *doc); /* accepts NULL */

/* Typed access; each reports a positioned error on mismatch and returns false. */
const struct doc_node *doc_get(const struct doc_node *map, const char *key);
const char *doc_type_name(enum doc_type t);
bool doc_is_null(const struct doc_node *n);
bool doc_str(const char *file, const struct doc_node *n, const char **out, struct diags *d);
bool doc_int(const char *file, const struct doc_node *n, long min, long max, long *out, struct diags *d);
/* Names key in the one error added to d since it held `before` ("'minutes':
 * expected a whole number, got 'eight'"), so that a value's message says
 * which value; nothing when there is not exactly one. */
void doc_name_key(struct diags *d, size_t before, const char *key);
bool doc_double(const char *file, const struct doc_node *n, double *out, struct diags *d);
bool doc_bool(const char *file, const struct doc_node *n, bool *out, struct diags *d);

/* Schema check of a mapping: every key must be in fields (unknown keys get
 * "unknown key 'x'" plus "; did you mean 'y'?" for a near miss), every
 * required key present ("missing required key 'x'" at the map's position),
 * and each value of the stated type.  Returns true when no error was added. */
struct doc_field {
	const char *key;
	enum doc_type type;
	bool required;
};
bool doc_check_map(const char *file, const struct doc_node *map,
		   const struct doc_field *fields, size_t nfields, struct diags *d);
/* The closest of candidates[0..n) to word within edit distance 2, or NULL. */
const char *doc_suggest(const char *word, const char *const *candidates, size_t n);
#endif
