/* fuzz target "quiz": one quiz level file through the quiz loader
 * (quiz_load: doc.c's limits and tree, quiz.c's schema).
 *
 * The input is written to a private directory as levelN.yaml, N taken
 * from the input's own `level:` line, so a valid level (the shipped ones
 * are the seeds) loads completely.
 *
 * Invariants checked (quiz.h): every problem has a 1-based position; a
 * loaded level has 1..QUIZ_MAX_QUESTIONS questions, each with 1 <= points
 * <= 100, 0 <= hint_cost <= points, at least one skill, indices in range,
 * and every string sanitized. */
#include <locale.h>
#include <unistd.h>
#include "fuzz.h"
#include "quiz.h"

static const char *dir;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setlocale(LC_ALL, "C.UTF-8");
	dir = fuzz_private_dir("quiz");
	return 0;
}

static bool all_clean(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!fuzz_clean(v[i]))
			return false;
	return true;
}

static void check_question(const struct quiz_question *q)
{
	FUZZ_CHECK(q->line > 0 && q->col > 0 && q->type < QT_COUNT);
	FUZZ_CHECK(q->points >= 1 && q->points <= 100);
	FUZZ_CHECK(q->hint_cost >= 0 && q->hint_cost <= q->points);
	FUZZ_CHECK(q->skills != 0);
	FUZZ_CHECK(fuzz_clean(q->id) && fuzz_clean(q->prompt) && fuzz_clean(q->scenario));
	FUZZ_CHECK(fuzz_clean(q->hint) && fuzz_clean(q->explanation));
	FUZZ_CHECK(all_clean(q->apis, q->napis) && all_clean(q->accept, q->naccept));
	FUZZ_CHECK(all_clean(q->options, q->noptions) && all_clean(q->items, q->nitems));
	FUZZ_CHECK(all_clean(q->left, q->npairs) && all_clean(q->right, q->npairs));
	FUZZ_CHECK(fuzz_clean(q->demo) && fuzz_clean(q->measure) && fuzz_clean(q->unit));
	if (q->type == QT_SINGLE)
		FUZZ_CHECK(q->answer >= 0 && (size_t)q->answer < q->noptions);
	if (q->type == QT_MULTI)
		FUZZ_CHECK(q->noptions <= 32 && q->answers != 0 &&
			   (q->noptions == 32 || q->answers >> q->noptions == 0));
	if (q->type == QT_TRUEFALSE)
		FUZZ_CHECK(q->answer == 0 || q->answer == 1);
	for (size_t i = 0; i < q->nbands; i++)
		FUZZ_CHECK(fuzz_clean(q->bands[i].label));
	for (size_t i = 0; i < q->nchoices; i++)
		FUZZ_CHECK(fuzz_clean(q->choices[i].label) &&
			   all_clean(q->choices[i].values, q->choices[i].nvalues));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_cstr(data, size);
	const char *l = strstr(s, "\nlevel: ");
	int level = !strncmp(s, "level: ", 7) ? s[7] - '0' : l ? l[8] - '0' : 1;
	free(s);
	char path[4096 + 32];
	snprintf(path, sizeof path, "%s/level%d.yaml", dir, level >= 1 && level <= 9 ? level : 1);
	FILE *f = fopen(path, "wb");
	FUZZ_CHECK(f != NULL);
	FUZZ_CHECK(fwrite(data, 1, size, f) == size || size == 0);
	FUZZ_CHECK(fclose(f) == 0);

	struct quiz z;
	struct diags d = { 0 };
	if (quiz_load(path, &z, &d)) {
		FUZZ_CHECK(z.level >= 1 && z.level <= QUIZ_LEVELS);
		FUZZ_CHECK(z.n >= 1 && z.n <= QUIZ_MAX_QUESTIONS);
		FUZZ_CHECK(fuzz_clean(z.title) && fuzz_clean(z.summary));
		for (size_t i = 0; i < z.n; i++)
			check_question(&z.q[i]);
	} else {
		FUZZ_CHECK(d.n > 0);
	}
	for (size_t i = 0; i < d.n; i++)
		FUZZ_CHECK(d.v[i].line > 0 && d.v[i].col > 0 && fuzz_clean(d.v[i].msg));
	quiz_free(&z);
	diags_free(&d);
	unlink(path);
	return 0;
}
