#!/usr/bin/env bash
# The quiz screen in tmux at 80x24 with a fixture class (--lessons DIR with
# quizzes/en/): a learner answers level 1 entirely right with keys, reading
# the screen as a person would, and sees level 2 open; a wrong answer shows
# the explanation; quitting mid-level resumes at the same question.
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
CLASS="$CK_ROOT/tests/fixtures/quiz/class"
run() { start 80 24 "$CK_BIN --lessons '$CLASS' open quiz"; expect "Level 1"; }
. "$(dirname "$0")/quiz_lib.bash"


run
like "$(screen)" "Level 2  Fixture level two +locked" "level 2 starts locked"
like "$(screen)" "Level 3  Optimisation scenarios" "levels the class lacks come from the built-in quiz"
keys G
wait_for "^  > Level 5"; ok $? "G goes to the last level"
keys g
wait_for "^  > Level 1"; ok $? "g goes back to the first level"
# The mouse: a click selects a level, a second click opens it.
click() { keys_read $'\e'"[<0;$(($1 + 1));$(($2 + 1))M"; keys_read $'\e'"[<0;$(($1 + 1));$(($2 + 1))m"; }
click 10 4
wait_for "^  > Level 2"; ok $? "a click selects a level"
click 10 4
wait_for "Level 2 is locked: score 80% on level 1 first"; ok $? "a second click on a locked level says why"
click 10 2
click 10 2
wait_for "question 1/6" 3; ok $? "a second click opens level 1 at question 1 of 6"
unlike "$(screen)" "not translated" "an English quiz in English carries no untranslated marker"
for i in 1 2 3 4 5 6; do
	answer_right
	s=$(screen)
	like "$s" "Right! \+2 points" "question $i answered right"
	like "$s" "Explained: " "question $i shows its explanation"
	keys Enter
	[ "$i" = 6 ] || expect "question $((i + 1))/6"
done
expect "Your score"
like "$(screen)" "Your score: 100%\. Passed\." "level 1 passed with 100%"
like "$(screen)" "Level 2 is open\." "and says level 2 opened"
keys Escape; expect "passed, best 100%"
s=$(screen)
like "$s" "Level 1  Fixture level one +passed, best 100%" "the list shows level 1 passed with its best"
like "$s" "Level 2  Fixture level two +open" "level 2 is open"
like "$s" "^  > Level 2" "and selected"
keys Escape; expect "Quiz: five levels"
keys Down; wait_flat "Level 1 passed"; ok $? "Down selects the quiz"
like "$(screen | tr '\n' ' ' | tr -s ' ')" "Level 1 passed \(best 100%\)\. Level 2 open\. Levels 3 to 5 locked\." \
	"Esc goes to the menu, which shows each level's state"
keys Enter; expect "Fixture level two"

# A wrong answer: the explanation and the right answer are shown.
keys Enter; expect "question 1/3"
first=$(screen | sed -n 's/.*Type the word \([a-z]*\)\..*/\1/p' | head -1)
keys -l "  zzz"; keys Enter; expect "Not quite"   # leading spaces, as a learner may type
s=$(screen)
like "$s" "Not quite\." "a wrong answer says so"
like "$s" "You typed: zzz\b" "echoes what was typed, without the leading spaces"
like "$s" "Answer: $first" "shows the right answer"
like "$s" "Explained: $first\." "and the explanation"
keys Enter; expect "question 2/3"
second=$(screen | sed -n 's/.*Type the word \([a-z]*\)\..*/\1/p' | head -1)
ok $([ -n "$second" ] && [ "$second" != "$first" ]; echo $?) "question 2 is another word ($second)"
# Typing, backspace and UTF-8 in the answer field.
keys -l "xé"; expect "Answer: xé$"
keys BSpace; wait_for "Answer: x$"; ok $? "backspace removes a UTF-8 character whole"
keys BSpace; wait_for "Answer:[[:space:]]*$"; ok $? "and the next one"
keys Escape; expect "Level 1"
like "$(screen)" "Level 2  Fixture level two +question 2/3" "the list shows the attempt in progress"
quit; stop

# Restart: the same question of the same attempt.
run
like "$(screen)" "^  > Level 2" "the level under way is selected after a restart"
keys Enter; wait_for "question 2/3, 2 pt" 3; ok $? "resumes at question 2 after a restart"
like "$(screen)" "Type the word $second\." "the same question as before quitting"
answer_right; keys Enter; expect "question 3/3"
answer_right; keys Enter; expect "Your score"
like "$(screen)" "Your score: 66%\. Not passed yet" "one wrong of three: 66%, not passed"
keys Escape
wait_for "Level 2  Fixture level two +best 66%: try again"; ok $? "best 66% shown"
like "$(screen)" "Level 3 .*locked" "level 3 stays locked"
# Hint: its cost is shown first, then it costs a point.
keys Enter; expect "question 1/3"
like "$(screen)" "Hint available: Ctrl-T \(costs 1 point\)" "the hint's cost is shown before asking"
keys C-t; wait_for "press Ctrl-T again"; ok $? "Ctrl-T first says what the hint costs"
unlike "$(screen)" "Hint: (beta|gamma|delta)" "and does not show it yet"
keys C-t; wait_for "Hint: (beta|gamma|delta)"; ok $? "Ctrl-T again shows the hint"
answer_right
like "$(screen)" "Right! \+1 point \(hint used\)" "a right answer after the hint earns 1 of 2"
resize_to 70 20
like "$(screen)" "Explained: " "after a resize the explanation is redrawn"
quit; stop
done_testing
