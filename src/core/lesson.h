/* lesson: the course model, loaded from lessons/<lang>/NN-slug.yaml.
 *
 * Schema (documented for instructors in lessons/README.md):
 *
 *   id: kitchen                 # required, [a-z0-9-]+, unique in the course
 *   title: The kitchen          # required
 *   summary: One or two lines.  # required
 *   minutes: 7                  # required, reading time 1..60
 *   analogy: GPU = kitchen ...  # required, the lesson's analogy in one line
 *   see: [inside-the-kitchen]   # optional, ids of related lessons
 *   pages:                      # required, at least one
 *     - title: Page title       # required
 *       body:                   # required, a list of blocks, each a mapping with ONE key:
 *         - heading: Text
 *         - text: Paragraph (blank lines separate paragraphs)
 *         - analogy: Callout in the kitchen analogy
 *         - note: A side remark / warning
 *         - code: |             # CUDA C; optional sibling key `caption`
 *             __global__ void k(float *x) { ... }
 *         - facts:              # a key-fact table: list of [key, value] pairs
 *             - [SMs on an H200, "132"]
 *         - list: [item, item]  # a bulleted list
 *         - block: gpu-map      # an interactive block, from the fixed table
 *         - demo: matmul        # a demo, from the fixed table
 *         - see: lesson-id      # a link to another lesson
 *
 * Names of blocks and demos come only from the fixed tables below; a lesson
 * can never name a program or a path. */
#ifndef CK_LESSON_H
#define CK_LESSON_H
#include <stdbool.h>
#include <stddef.h>
#include "diag.h"

enum item_kind {
	ITEM_HEADING, ITEM_TEXT, ITEM_ANALOGY, ITEM_NOTE, ITEM_CODE,
	ITEM_FACTS, ITEM_LIST, ITEM_BLOCK, ITEM_DEMO, ITEM_SEE
};

struct item {
	enum item_kind kind;
	int line, col;          /* position in the file, 1-based */
	int text_line;          /* the file line the text's first line is on (code: after
	                           `code: |`, wherever the item starts) */
	char *text;             /* heading/text/analogy/note/code/block/demo/see (sanitized) */
	char *caption;          /* code only, may be NULL */
	char **cells;           /* facts: 2*n cells (key, value); list: n entries */
	size_t n;
};

struct page {
	char *title;
	struct item *items;
	size_t n;
};

struct lesson_pos {
	int line, col;          /* 1-based */
};

struct lesson {
	char *file;             /* path it was loaded from */
	char *id, *title, *summary, *analogy;
	int minutes;
	char **see;             /* ids */
	size_t nsee;
	struct lesson_pos id_pos;   /* where `id:` was, for duplicate-id messages */
	struct lesson_pos *see_pos; /* nsee entries, for unknown-target messages */
	struct page *pages;
	size_t npages;
	bool broken;            /* failed to load: only file, id (from filename), error and
				 * the `see` targets (see/see_pos: the list's, then the
				 * body items') are set */
	char *error;            /* first error, formatted FILE:LINE:COL: error: MSG */
	bool fallback;          /* loaded from English in place of a missing translation */
	size_t english_from;    /* > 0: a translation shorter than its English source;
				 * pages from this index on are English's */
};

struct course {
	struct lesson *lessons; /* in file-name order */
	size_t n;
	size_t *by_id;          /* NULL, or the n indices of lessons sorted by (id, index)
				 * (lessons without an id first): course_find's index, built by
				 * the loaders; a course made by hand without one is searched
				 * in order */
};

/* The fixed tables of interactive blocks and demos lessons may name. */
extern const char *const lesson_blocks[];  /* NULL-terminated */
extern const char *const *const lesson_demos;   /* NULL-terminated: demo.h's names */
/* Names a lesson id may not take: the blocks and the quiz, radar,
 * certificate and drills screens, which `open` and links resolve first;
 * the only names the TUI opens as screens, in the order `open` lists them. */
extern const char *const lesson_reserved_ids[];   /* NULL-terminated */
bool lesson_block_known(const char *name);
bool lesson_demo_known(const char *name);

/* Loads one lesson file; on error returns false and appends diags.  Either
 * way *out owns memory (a broken lesson keeps file, id and error): the
 * caller frees it with lesson_free. */
bool lesson_load(const char *path, struct lesson *out, struct diags *d);
void lesson_free(struct lesson *l); /* accepts NULL; leaves *l empty */
/* Makes l what a broken lesson keeps: file, id, and every `see` target
 * (the list's, then the body items'), so a course still checks them; the
 * rest is freed.  Out of memory, the targets go too.  lesson_load's. */
void lesson_keep_targets(struct lesson *l);

/* Loads every *.yaml in dir (sorted), checks cross-references (duplicate
 * ids, `see` targets).  Broken lessons are kept, marked broken, so the menu
 * can show them; every problem is appended to d.  Returns false if any
 * problem was found.  A lesson whose id repeats an earlier one is marked
 * broken; a `see` to an unknown id is reported but the lesson stays
 * readable (course_find returns NULL for the target). */
bool course_load(const char *dir, struct course *out, struct diags *d);
/* (course_load and course_load_lang: *out is the caller's to free with
 * course_free whatever they return.) */
/* Translations: loads base/<lang>/ (base is the lessons root, e.g.
 * "lessons"), and for every id of base/en/ that the translation lacks
 * (or that is broken there) uses the English lesson with fallback = true;
 * ordered by file name.  Problems of the English files are not appended
 * (lint English on its own); lang "en" is course_load(base/en). */
bool course_load_lang(const char *base, const char *lang, struct course *out,
		      struct diags *d);
/* Appends "BASE/LANG: missing translation for 'ID'" (no position) for each
 * id in base/en/ that base/<lang>/ lacks, and "missing translation for
 * part of 'ID'" at a translated file with fewer pages than its English
 * source; returns how many. */
size_t course_missing_translations(const char *base, const char *lang, struct diags *d);
/* Appends an error for each lesson of base/<lang>/ whose id base/en/ lacks
 * (a translation of nothing); returns how many.  lang "en" has none. */
size_t course_orphan_translations(const char *base, const char *lang, struct diags *d);
/* The `see` targets of a lesson loaded on its own (lint of one file), checked
 * against the lessons of its directory and, when a sibling en/ exists, of
 * English; appends the unknown ones.  Returns false if any. */
bool course_check_see(const struct lesson *l, struct diags *d);
void course_free(struct course *c); /* accepts NULL; leaves *c empty */
/* A class directory (`--lessons DIR`, lessons/README.md): the one layout
 * is the built-in content's, DIR/lessons/<lang>/ (COURSE_TREE, base
 * DIR/lessons); classes written before it was fixed still load:
 * DIR/<lang>/ (COURSE_LANGS, base DIR) and lessons right in DIR
 * (COURSE_FLAT, English only).  base (size bytes) gets the lessons base. */
enum course_layout { COURSE_TREE, COURSE_LANGS, COURSE_FLAT };
enum course_layout course_class_layout(const char *dir, char *base, size_t size);
/* A class is read from inside its directory only: false, with an error
 * for each, when a directory in it (two levels down: lessons/en,
 * quizzes/zh, en/) resolves outside it through a symbolic link. */
bool course_class_contained(const char *dir, struct diags *d);
/* The class's lessons in lang, whatever its layout (course_load or
 * course_load_lang on the base); *out is the caller's to free.  Nothing is
 * read from a class that is not contained (course_class_contained). */
bool course_load_class(const char *dir, const char *lang, struct course *out, struct diags *d);
/* The lesson with id (a loaded one before a broken one), borrowed from c;
 * NULL when none or id is NULL. */
const struct lesson *course_find(const struct course *c, const char *id);
/* ref without a lesson file name's order prefix ("08-matmul-from-scratch"
 * -> "matmul-from-scratch", lessons/README.md), borrowed from ref; NULL
 * where it has none. */
const char *lesson_id_unnumbered(const char *ref);
/* The lesson after l in the course's order that can be read (not broken),
 * or NULL at the end: where "next" leads from a lesson's last page. */
const struct lesson *course_next(const struct course *c, const struct lesson *l);
/* The readable lesson before l, or NULL at the start: where "previous"
 * leads from a lesson's first page. */
const struct lesson *course_prev(const struct course *c, const struct lesson *l);
#endif
