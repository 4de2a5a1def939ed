/* quiz_parse: what quiz.c shares with quiz_predict.c while loading a level
 * file.  Internal to the quiz loader; nothing else includes it. */
#ifndef CK_QUIZ_PARSE_H
#define CK_QUIZ_PARSE_H
#include <stddef.h>
#include "diag.h"
#include "doc.h"
#include "quiz.h"

struct ctx {
	const char *file;
	struct diags *d;
};

/* A sanitized, non-empty copy of a text node, or NULL after an error. */
char *quiz_text_of(struct ctx *c, const struct doc_node *n);
/* A list of lo..hi texts (*count set), or NULL after an error. */
char **quiz_texts_of(struct ctx *c, const struct doc_node *seq, const char *key,
		     size_t lo, size_t hi, size_t *count);
/* The predict keys of question map m into q. */
bool quiz_predict_of(struct ctx *c, const struct doc_node *m, struct quiz_question *q);
#endif
