/* quiz_answer: an answer to the quiz's current question taken in
 * (see quiz_screen.h): asked again when there is none yet, graded by
 * quiz.h, a prediction measured first (quiz_run.c), then recorded in
 * progress at once and kept for the level's review. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "i18n.h"
#include "quiz_lang.h"
#include "quiz_screen.h"

/* Records the answer (saved at once) and shows the explanation. */
static void conclude(struct app *app, struct qs *s, bool judged, bool correct)
{
	const struct quiz_question *q = qs_cur(s);
	s->judged = judged;
	s->correct = judged && correct;
	s->earned = quiz_points(q, s->correct, s->hint);
	if (s->nreview < QUIZ_MAX_QUESTIONS) { /* for the level's review */
		struct qs_answer *a = &s->review[s->nreview++];
		a->qi = s->qi;
		a->pos = app->progress.levels[s->level].question;
		a->resp = s->resp;
		a->judged = judged;
		a->correct = s->correct;
		a->earned = s->earned;
		quiz_response_text(q, &s->resp, a->mine, sizeof a->mine);
		a->measured[0] = '\0';
		if (q->type == QT_PREDICT) { /* the right band as the question shows it */
			const char *right = judged && s->right[0] ? s->right : tr(MSG_QUIZ_NOT_JUDGED);
			snprintf(a->answer, sizeof a->answer, "%s", right);
			snprintf(a->measured, sizeof a->measured, "%s", s->measured);
		} else {
			quiz_answer_text(q, a->answer, sizeof a->answer);
		}
	}
	quiz_record(&app->progress, s->level, q, judged, s->earned);
	app_progress_changed(app);
	s->phase = PH_FEEDBACK;
}

/* The band or choice the measured value v falls in, as the question
 * labels it; a factor prediction's accepted range; "" when none. */
static void right_label(const struct quiz_question *q, const struct quiz_value *v, char *buf, size_t size)
{
	buf[0] = '\0';
	for (size_t i = 0; !v->numeric && i < q->nchoices; i++)
		for (size_t k = 0; k < q->choices[i].nvalues; k++)
			if (!strcmp(q->choices[i].values[k], v->name)) {
				snprintf(buf, size, "%s", q->choices[i].label);
				return;
			}
	if (!v->numeric || !isfinite(v->num))
		return;
	for (size_t i = 0; i < q->nbands; i++)
		if (v->num >= q->bands[i].min && v->num < q->bands[i].max) {
			snprintf(buf, size, "%s", q->bands[i].label);
			return;
		}
	if (!q->nbands && !q->nchoices)
		quiz_accepted_range(q, v->num, buf, size);
}

void quiz_judge_prediction(struct app *app, struct qs *s)
{
	struct quiz_value v;
	bool judged = quiz_run_measure(&s->run, app, qs_cur(s), &v, s->measured, sizeof s->measured);
	s->measured_num = judged && v.numeric && isfinite(v.num) ? v.num : 0;
	s->right[0] = '\0';
	if (judged)
		right_label(qs_cur(s), &v, s->right, sizeof s->right);
	conclude(app, s, judged, judged && quiz_grade_predict(qs_cur(s), &s->resp, &v));
}

/* True when t holds nothing but spaces (ASCII, tabs, the ideographic
 * space): no answer, which is asked for instead of graded as wrong. */
static bool blank_text(const char *t)
{
	while (*t == ' ' || *t == '\t' || !strncmp(t, "\xe3\x80\x80", 3))
		t += *t == ' ' || *t == '\t' ? 1 : 3;
	return !*t;
}

void quiz_submit(struct app *app, struct qs *s)
{
	const struct quiz_question *q = qs_cur(s);
	bool text = quiz_text_entry(q);
	bool swaps = q->type == QT_MATCH || q->type == QT_ORDER;
	if (!text && !s->touched && swaps && !s->unchanged_ask) { /* sent as first shown */
		s->unchanged_ask = true;
		snprintf(app->status, sizeof app->status, "%s", tr(MSG_QZ_UNCHANGED));
		return;
	}
	if (!text && !s->touched && !swaps) { /* a second Enter from the last feedback */
		snprintf(app->status, sizeof app->status, "%s", tr(MSG_QZ_CHOOSE_FIRST));
		return;
	}
	bool one_choice = q->type != QT_MULTI && q->type != QT_MATCH && q->type != QT_ORDER;
	if ((text && blank_text(s->resp.text)) || (!text && one_choice && s->resp.choice < 0)) {
		snprintf(app->status, sizeof app->status, "%s", tr(text ? MSG_QUIZ_TYPE_FIRST : MSG_QUIZ_CHOOSE_FIRST));
		return;
	}
	if (!quiz_entry_submittable(q, &s->resp)) { /* "abc" as a prediction */
		snprintf(app->status, sizeof app->status, "%s", tr(MSG_QUIZ_TYPE_NUMBER));
		return;
	}
	s->measured[0] = '\0';
	s->measured_num = 0;
	if (q->type != QT_PREDICT) {
		conclude(app, s, true, quiz_grade(q, &s->resp));
	} else if (quiz_run_start(&s->run, app, q->demo)) {
		s->phase = PH_MEASURE;
	} else {
		quiz_judge_prediction(app, s);
	}
}
