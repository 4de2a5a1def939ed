/* quiz: the five quiz levels as data, and the pure rules that grade them.
 *
 * quiz.c maps one quizzes/<lang>/levelN.yaml file onto struct quiz with
 * every schema problem reported at its file:line:col (the format is
 * documented for instructors in quizzes/README.md).  quiz_grade.c holds
 * the grading of each question type, the fixed table of measurements a
 * prediction may name, the seeded shuffles and the level rules (unlock,
 * best score, skill points).  No ncurses and no I/O beyond reading the
 * file: the quiz screen (screen_quiz.c) draws and asks, this decides. */
#ifndef CK_QUIZ_H
#define CK_QUIZ_H
#include <stdbool.h>
#include <stddef.h>
#include "diag.h"
#include "progress.h"
#include "results.h"

#define QUIZ_LEVELS PROGRESS_LEVELS
#define QUIZ_PASS_PCT 80          /* level N+1 opens at this score of level N */
#define QUIZ_MAX_ITEMS 8          /* options, pairs, items, bands, choices */
#define QUIZ_MAX_QUESTIONS 64
#define QUIZ_TEXT_MAX 128         /* bytes of a typed answer */

enum quiz_type { QT_FILL, QT_SINGLE, QT_MULTI, QT_MATCH, QT_TRUEFALSE, QT_ORDER, QT_PREDICT, QT_COUNT };
extern const char *const quiz_type_names[QT_COUNT]; /* "fill", "single", ... */

/* A prediction band: the measured value v falls in it when min <= v < max
 * (min is -HUGE_VAL and max HUGE_VAL when the file leaves them out). */
struct quiz_band {
	char *label;
	double min, max;
};

/* A categorical prediction: the learner is right when the measured name is
 * one of values (e.g. a cuDNN algorithm family). */
struct quiz_choice {
	char *label;
	char **values;
	size_t nvalues;
};

/* One question.  Only the fields of its type are set; arrays are NULL/0
 * otherwise.  Invariants after a successful load: 1 <= points <= 100,
 * 0 <= hint_cost <= points, skills != 0, and each index is in range. */
struct quiz_question {
	char *id;
	enum quiz_type type;
	bool fallback;               /* English, in place of a missing translation (quiz_lang.h) */
	int line, col;               /* where the question starts */
	char *prompt, *scenario;     /* scenario: truefalse only (else NULL) */
	char *hint, *explanation;
	int points, hint_cost;
	unsigned skills;             /* bit (1u << enum skill) per tagged axis */
	char **apis;                 /* cuDNN / cuBLAS function names */
	size_t napis;
	char **accept;               /* fill: accepted answers */
	size_t naccept;
	char **options;              /* single, multi */
	size_t noptions;
	int answer;                  /* single: 0-based index; truefalse: 1 true, 0 false */
	unsigned answers;            /* multi: bit i set when option i is right */
	char **left, **right;        /* match: left[i] goes with right[i] */
	size_t npairs;
	char **items;                /* order: in the correct order */
	size_t nitems;
	/* predict */
	char *demo, *measure, *unit; /* unit: shown after numbers ("x"), may be "" */
	struct quiz_band *bands;
	size_t nbands;
	struct quiz_choice *choices;
	size_t nchoices;
	double factor;               /* > 1: numeric entry judged within this factor */
};

struct quiz {
	char *file;
	int level;                   /* 1..QUIZ_LEVELS */
	char *title, *summary;
	bool last;                   /* `last: true`: a class's quiz ends at this level */
	struct quiz_question *q;
	size_t n;
};

/* Loads and checks one level file.  On any error returns false with every
 * problem found in d and leaves *out empty.  Free with quiz_free. */
bool quiz_load(const char *path, struct quiz *out, struct diags *d);
void quiz_free(struct quiz *q); /* accepts NULL; leaves it empty */
/* What `cudakitchen lint` calls for a quiz file. */
bool quiz_lint_file(const char *path, struct diags *d);

/* ---- quiz_grade.c: measurements a prediction may name ---- */

/* True when measure is in the fixed table for demo; otherwise false with a
 * one-line reason (and a did-you-mean where one is close) in why. */
bool quiz_measure_valid(const char *demo, const char *measure, char *why, size_t size);
/* True when every variant measure names is a CPU rung ("speedup:cpu-
 * blocked/cpu-naive"): a machine without a GPU measures it itself. */
bool quiz_measure_on_cpu(const char *measure);
/* True for measures whose value is a name (fastest-cudnn-algo, fastest-hand). */
bool quiz_measure_categorical(const char *measure);
/* True when value may be the result of the categorical measure on demo. */
bool quiz_measure_value_valid(const char *demo, const char *measure, const char *value);

/* A measured value, taken from demo results. */
struct quiz_value {
	bool numeric;
	double num;                  /* numeric measures */
	char name[48];               /* categorical measures */
};
/* Reads the question's measure from results r.  False when r lacks what it
 * needs (e.g. a GPU variant in a CPU-fallback run). */
bool quiz_measure(const struct quiz_question *q, const struct results *r, struct quiz_value *out);
/* A measured or accepted number as the quiz shows it: three significant
 * digits ("17.4", "0.25"), two below 0.01, whole from 1000 up ("1930",
 * never 1.93e+03). */
void quiz_number_text(double v, char *buf, size_t size);
/* The value as the learner reads it: "17.4x", "0.00026", "fft-tiling". */
void quiz_value_text(const struct quiz_question *q, const struct quiz_value *v, char *buf, size_t size);

/* ---- quiz_grade.c: grading ---- */

/* The learner's answer.  Indices always refer to the question's own order
 * in the file, never to the shuffled order shown on screen. */
struct quiz_response {
	char text[QUIZ_TEXT_MAX];    /* fill; predict with a factor */
	int choice;                  /* single; truefalse (1 true, 0 false); predict band or choice */
	unsigned mask;               /* multi */
	int seq[QUIZ_MAX_ITEMS];     /* match: seq[i] = right chosen for left i;
	                                order: item indices in the learner's order */
};

/* Fill answers: ASCII letters folded to lower case, every space removed. */
void quiz_normalize(const char *in, char *out, size_t size);
/* A typed number: "17", "17.5x", "2.6e-4", " 80 % "; false when none. */
bool quiz_parse_number(const char *s, double *out);
/* Grades every type but predict.  Multiple choice, matching and ordering are
 * right only when wholly right: no partial credit (quizzes/README.md). */
bool quiz_grade(const struct quiz_question *q, const struct quiz_response *r);
/* Grades a prediction against a measured value. */
bool quiz_grade_predict(const struct quiz_question *q, const struct quiz_response *r,
			const struct quiz_value *measured);
/* Points earned: points, less hint_cost when the hint was shown; 0 when wrong. */
int quiz_points(const struct quiz_question *q, bool correct, bool hint_used);
/* One line with the right answer, for the explanation screen. */
void quiz_answer_text(const struct quiz_question *q, char *buf, size_t size);
/* One line with the learner's own answer r, for the feedback and the
 * level's review: the option chosen, the options ticked, the order or the
 * pairs, the text typed; "nothing chosen" when there is none. */
void quiz_response_text(const struct quiz_question *q, const struct quiz_response *r,
			char *buf, size_t size);
/* A factor prediction's accepted range around the measured value m (> 0),
 * from m / factor to m * factor with the question's unit: "accepted: 3.45x
 * to 13.8x".  Empty for any other question or m <= 0. */
void quiz_accepted_range(const struct quiz_question *q, double m, char *buf, size_t size);
/* False for a response that must not be submitted yet: a factor
 * prediction that is not a number ("abc").  Empty answers are the
 * caller's own check. */
bool quiz_entry_submittable(const struct quiz_question *q, const struct quiz_response *r);

/* ---- quiz_grade.c: shuffles and level rules ---- */

/* perm[0..n) becomes a permutation of 0..n-1 that depends only on seed and
 * salt (its own generator: the same on every machine and run).  Salt 0 is
 * the question order; question i's options use salt i + 1. */
void quiz_shuffle(unsigned seed, unsigned salt, int *perm, int n);
/* A fresh seed for a new attempt, never 0. */
unsigned quiz_new_seed(unsigned entropy, int attempt);
/* Level index 0..QUIZ_LEVELS-1: the first is always open; the next opens
 * when the previous level's best is at least QUIZ_PASS_PCT. */
bool quiz_unlocked(const struct progress *p, int level);
/* Percent, rounded down (so 79.9 does not pass); 100 when max is 0. */
int quiz_percent(int points, int max_points);
/* Starts a new attempt of level: counts it, keeps best. */
void quiz_start_attempt(struct level_progress *lp, unsigned seed);
/* Records one answered question: the attempt's points, each tagged skill's
 * got/max, and (when right) its apis in p->apis without duplicates; moves
 * to the next question.  judged false (no measurement for a prediction)
 * counts nothing but still moves on. */
void quiz_record(struct progress *p, int level, const struct quiz_question *q,
		 bool judged, int earned);
/* Ends the attempt: returns its percent and raises best when higher. */
int quiz_finish(struct level_progress *lp);
/* ---- quiz_attempt.c: the state of one question on screen ---- */

/* The k-th question asked in an attempt is z->q[order[k]]. */
void quiz_attempt_order(unsigned seed, size_t n, int *order);
/* Answers typed as text: fill, and predict with a factor. */
bool quiz_text_entry(const struct quiz_question *q);
/* Prepares a blank response for question file index qi and the rows shown
 * for it: row r shows option/band/choice rowmap[r] (single, multi, predict,
 * truefalse: row 0 true, row 1 false); for match, left r with right
 * seq[r]; for order, item seq[r].  Match and order start shuffled and never
 * already solved.  Returns the number of rows (0 for text entry). */
int quiz_rows_init(const struct quiz_question *q, unsigned seed, int qi, int *rowmap,
		   struct quiz_response *r);
/* Space/Enter on a row: picks it (single, truefalse, predict) or toggles it (multi). */
void quiz_row_choose(const struct quiz_question *q, const int *rowmap, int row,
		     struct quiz_response *r);
/* True when row is the chosen (or a ticked) one. */
bool quiz_row_chosen(const struct quiz_question *q, const int *rowmap, int row,
		     const struct quiz_response *r);
/* Match and order: swaps what rows a and b hold. */
void quiz_row_swap(struct quiz_response *r, int a, int b);
/* Text entry: appends one UTF-8 encoded character (false when it does not
 * fit or is a control), or deletes the last whole character. */
bool quiz_text_put(struct quiz_response *r, const char *utf8, size_t len);
void quiz_text_backspace(struct quiz_response *r);
/* The one-line instruction shown above a question's answer area. */
const char *quiz_instruction(const struct quiz_question *q);
/* A level's state for the level list: "locked", "open", "question 3/10",
 * "passed, best 90%", "best 60%: try again"; nquestions 0 means the level
 * file could not be loaded. */
void quiz_level_state(const struct progress *p, int level, size_t nquestions, char *buf, size_t size);
/* One line for the lesson menu: "Level 1 passed (best 90%). Level 2 open.
 * Levels 3 to 5 locked." */
void quiz_summary(const struct progress *p, char *buf, size_t size);
/* The same for a quiz of nlevels levels (a class that ends early). */
void quiz_summary_n(const struct progress *p, int nlevels, char *buf, size_t size);
#endif
