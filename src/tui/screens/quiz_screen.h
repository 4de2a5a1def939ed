/* quiz_screen.h: the quiz screen's state, shared by its parts:
 * screen_quiz.c (entering, keys, the level rules' calls), quiz_answer.c
 * (taking an answer in), quiz_view.c and quiz_review.c (drawing each
 * phase).  Private to those files. */
#ifndef CK_QUIZ_SCREEN_H
#define CK_QUIZ_SCREEN_H
#include "app.h"
#include "quiz.h"
#include "quiz_run.h"
#include "screen.h"
#include "search.h"

enum phase { PH_LIST, PH_ASK, PH_MEASURE, PH_FEEDBACK, PH_RESULT, PH_DETAIL };

/* One answer of the attempt, for the level's review. */
struct qs_answer {
	int qi;                           /* the question's index in the file */
	int pos;                          /* its place in the attempt, 0-based */
	struct quiz_response resp;        /* the answer as given, for the full question */
	bool judged, correct;
	int earned;
	char mine[300];                   /* the learner's own answer, as text */
	char answer[1300];                /* the right answer (a prediction's right band) */
	char measured[1300];              /* a prediction's measurement, for the full view */
};

struct qs {
	enum phase phase;
	int sel;                          /* level list cursor */
	int nlevels;                      /* the course's levels (app->quiz_levels) */
	bool inherited[QUIZ_LEVELS];      /* a class's level taken from the built-in quiz */
	int confirm;                      /* a passed level asked to be retaken: its index, or -1 */
	struct quiz lv[QUIZ_LEVELS];
	char error[QUIZ_LEVELS][300];     /* "" when the level loaded */
	int level;                        /* the level being taken */
	int order[QUIZ_MAX_QUESTIONS];
	int qi;                           /* file index of the current question */
	int rowmap[QUIZ_MAX_ITEMS], nrows, cursor, grabbed;
	struct quiz_response resp;
	bool hint;
	bool hint_ask;                    /* the hint's cost was said; the same key again shows it */
	bool touched;                     /* the learner moved or chose on this question */
	bool unchanged_ask;               /* match/order sent as shown: said once, Enter again sends */
	bool correct, judged;             /* feedback */
	int earned, pct;
	char measured[1300];              /* prediction: value and its source */
	char right[600];                  /* prediction: the right band or choice, "" when none */
	double measured_num;              /* prediction: the measured number, 0 when none */
	struct quiz_run run;
	/* the review at the end of a level: this attempt's answers given here */
	struct qs_answer review[QUIZ_MAX_QUESTIONS];
	int nreview, earlier;             /* earlier: answered in an earlier session */
	int review_level, review_attempt, review_top;
	int review_sel;                   /* the review's chosen answer (Enter shows it whole) */
	int detail_top;                   /* the full question's scroll */
	struct search search;             /* `/` in the review: n and N go to the next answer
	                                     that holds the text (quiz_review_find) */
	char scratch[2400];               /* an answer's rows as one text, for the search */
};

/* The question being asked: the file's question qi of the level. */
static inline const struct quiz_question *qs_cur(const struct qs *s)
{
	return &s->lv[s->level].q[s->qi];
}

extern const struct screen screen_quiz;   /* screen_quiz.c */

/* The answer given to the current question (quiz_answer.c): one not given
 * yet is asked for (on the status line); a prediction starts its demo
 * (PH_MEASURE) or, when none can run, is judged without it; any other
 * answer is graded, recorded and explained (PH_FEEDBACK). */
void quiz_submit(struct app *app, struct qs *s);
/* A prediction judged against its demo's measurement, once it came back
 * (or could not), then recorded as quiz_submit records. */
void quiz_judge_prediction(struct app *app, struct qs *s);
/* Draws the phase s is in (quiz_view.c). */
void quiz_view_draw(struct app *app, struct qs *s);
/* The level's review and one answer's full question (quiz_review.c). */
void quiz_review_draw(struct qs *s, int y, int y1);
/* The next (dir 1) or previous (-1) answer of the review that holds the
 * search text, from the chosen one (first: from the top); it becomes the
 * chosen one, and the status line says where it is or that none holds it. */
void quiz_review_find(struct app *app, struct qs *s, int dir, bool first);
void quiz_detail_draw(struct app *app, struct qs *s);

#endif
