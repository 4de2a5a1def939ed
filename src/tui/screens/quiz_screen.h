/* quiz_screen.h: the quiz screen's state, shared by its two halves:
 * screen_quiz.c (entering, keys, answering, the level rules' calls) and
 * quiz_view.c (drawing each phase).  Private to those two files. */
#ifndef CK_QUIZ_SCREEN_H
#define CK_QUIZ_SCREEN_H
#include "app.h"
#include "quiz.h"
#include "quiz_run.h"

enum phase { PH_LIST, PH_ASK, PH_MEASURE, PH_FEEDBACK, PH_RESULT };

struct qs {
	enum phase phase;
	int sel;                          /* level list cursor */
	int confirm;                      /* a passed level asked to be retaken: its index, or -1 */
	struct quiz lv[QUIZ_LEVELS];
	char error[QUIZ_LEVELS][300];     /* "" when the level loaded */
	int level;                        /* the level being taken */
	int order[QUIZ_MAX_QUESTIONS];
	int qi;                           /* file index of the current question */
	int rowmap[QUIZ_MAX_ITEMS], nrows, cursor, grabbed;
	struct quiz_response resp;
	bool hint;
	bool correct, judged;             /* feedback */
	int earned, pct;
	char measured[1300];              /* prediction: value and its source */
	double measured_num;              /* prediction: the measured number, 0 when none */
	struct quiz_run run;
};

/* The question being asked: the file's question qi of the level. */
static inline const struct quiz_question *qs_cur(const struct qs *s)
{
	return &s->lv[s->level].q[s->qi];
}

/* Draws the phase s is in (quiz_view.c). */
void quiz_view_draw(struct app *app, struct qs *s);

#endif
