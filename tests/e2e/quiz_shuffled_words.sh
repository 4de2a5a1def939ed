#!/usr/bin/env bash
# Questions of a level are shuffled per attempt, so no quiz text may point
# at "the previous question" or "the next question": it would name a
# different question for every learner (QA found one in level 5).  The
# rule is lint's (src/core/lint_rules.c), so instructors' levels get it too.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
found=$("$CK_BIN" lint quizzes tests/fixtures/quiz/class/quizzes 2>/dev/null | grep 'refers to')
is "$found" "" "lint: no quiz text refers to a neighbouring question"
like "$(grep -n "TF32 relative error, measured in the question about" quizzes/en/level5.yaml)" "[0-9]" \
	"the TF32 speedup explanation names the TF32 error question (English)"
like "$(grep -n "TF32 张量核心时相对误差的那道题" quizzes/zh/level5.yaml)" "[0-9]" \
	"and in Chinese"
done_testing
