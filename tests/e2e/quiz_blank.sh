#!/usr/bin/env bash
# A typed answer of spaces only (ASCII or the ideographic space) is no
# answer: Enter asks for one, as for an empty answer, instead of grading
# the blank as wrong and taking the question's points.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

c="$T_TMP/class"
mkdir -p "$c/lessons/en" "$c/quizzes/en"
cp "$CK_ROOT/tests/fixtures/course-good/02-beta.yaml" "$c/lessons/en/"
sed -i 's/^see: .*/see: []/; /- see:/d' "$c/lessons/en/02-beta.yaml"
cat > "$c/quizzes/en/level1.yaml" <<'YAML'
level: 1
title: Blank answers
summary: One typed question.
questions:
  - id: warp-size
    type: fill
    prompt: "A warp is a group of __ threads."
    accept: ["32"]
    skills: [threads]
    hint: "lesson 3"
    hint_cost: 1
    points: 2
    explanation: "32 threads."
YAML
"$CK_BIN" lint "$c" >/dev/null 2>&1; ok $? "the class lints clean"

fresh; launch 80 24 "$CK_BIN" --lessons "$c" open quiz
wait_for 'Level 1  Blank answers'; ok $? "the class's level 1"
keys Enter
wait_for 'Type the answer, then Enter'; ok $? "the typed question"
keys Space Space Enter
wait_for 'Type an answer first' 3; ok $? "spaces only: Enter asks for an answer"
unlike "$(screen)" "Not quite" "and does not grade the blank"
keys BSpace BSpace
keys -l '　'
keys Enter
wait_for 'Type an answer first' 3; ok $? "an ideographic space only: the same"
unlike "$(screen)" "Not quite" "and no grade either"
keys BSpace BSpace BSpace
keys -l '32'; keys Enter
wait_for 'Right! \+2 points' 3; ok $? "then the answer itself is graded, with its full points"
stop_wait
done_testing
