#!/usr/bin/env bash
# The quiz's keys and flow at 80x24 with the fixture class: no option is
# preselected, so a double Enter after an answer does not answer the next
# question; Home/End/Tab move between options and Tab never shows the hint
# (h asks first, with its cost); the feedback shows the learner's own
# answer; a finished level reviews every answer.
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
CLASS="$CK_ROOT/tests/fixtures/quiz/class"
. "$(dirname "$0")/quiz_lib.bash"
qpos() { screen | sed -n 's/.*question \([0-9]*\)\/6.*/\1/p' | head -1; }

start 80 24 "$CK_BIN --lessons '$CLASS' open quiz"
expect "Level 1"
keys Enter; wait_for "question 1/6" 3; ok $? "level 1 opens"
seen_single=0
for i in 1 2 3 4 5 6; do
	s=$(screen)
	if [ "$seen_single" = 0 ] && printf '%s' "$s" | grep -q "Choose one"; then
		seen_single=1
		unlike "$s" '\(•\)' "a new question has no option chosen"
		like "$s" '^  > +\( \) ' "but the focus is shown, on the first row"
		keys Enter; wait_for "Choose an answer first" 3; ok $? "Enter with nothing chosen says to choose"
		is "$(qpos)" "$i" "and answers nothing"
		# the options are shuffled: the first and the last row on the screen
		first=$(rows_of 'wrong\|RIGHT' | head -1); last=$(rows_of 'wrong\|RIGHT' | tail -1)
		at() { wait_row "$1"; is "$(cursor_row)" "$1" "$2"; }
		# End and Home as xterm sends them (the pane's TERM), not tmux's own
		keys -l $'\eOF'; at "$last" "End goes to the last option"
		keys -l $'\eOH'; at "$first" "Home goes to the first option"
		keys G; at "$last" "G goes to the last option"
		keys g; at "$first" "g goes to the first option"
		keys Tab; at "$((first + 1))" "Tab goes to the next option"
		unlike "$(screen)" 'Hint: |hint costs' "Tab does not touch the hint"
		keys h; wait_for "The hint costs 1 point: press h again to see it" 3; ok $? "h says what the hint costs first"
		keys Down; settle
		unlike "$(screen)" 'Hint: ' "another key drops the question: no hint"
		answer_right
		like "$(screen)" "Your answer: RIGHT c" "the feedback shows the learner's own pick"
	else
		answer_right
	fi
	like "$(screen)" "Right! \+2 points" "question $i answered right"
	if printf '%s' "$(screen)" | grep -q "This statement is true"; then
		like "$(screen)" "A fixture scenario\." "the true/false feedback keeps the scenario its statement is about"
		tf_seen=$((${tf_seen:-0} + 1))
	fi
	if [ "$i" -lt 6 ]; then
		keys Enter Enter   # a double Enter: the second must not answer question i+1
		expect "question $((i + 1))/6"; settle
		unlike "$(screen)" "Right!|Not quite" "after question $i a double Enter does not answer the next one"
	else
		keys Enter
	fi
done
is "${tf_seen:-0}" 1 "the true/false question was met once, its feedback checked"
is "$seen_single" 1 "a single-choice question was asked"
wait_for "Your score" 3; ok $? "the level ends"
s=$(screen)
like "$s" "Your answers" "the result reviews the answers"
is "$(printf '%s\n' "$s" | grep -c '✓ [1-6]\. 2/2 ')" 6 "every answer is listed, right, with its number and points"
like "$s" "✓ [1-6]\. 2/2  Pick the right one\." "by its question"
like "$s" "TRUE: This statement is true\." "a statement with its verdict"
is "$(printf '%s\n' "$s" | grep -o '[✓✗] [1-6]\.' | tr -dc '0-9')" "$(printf '%s\n' "$s" | grep -o '[✓✗] [1-6]\.' | tr -dc '0-9' | fold -w1 | sort -n | tr -d '\n')" "rows in question order"
quit; stop

# A wrong answer is reviewed with the learner's own answer under it.
rm -rf "$XDG_STATE_HOME/cudakitchen"
start 80 24 "$CK_BIN --lessons '$CLASS' open quiz"
expect "Level 1"
keys Enter; expect "question 1/6"
for i in 1 2 3 4 5 6; do
	if screen | grep -q "Choose one"; then
		quiz_cursor; go_row "$(rows_of 'wrong a' | head -1)"; keys Space Enter
		expect "Not quite"
		like "$(screen)" "Your answer: wrong a" "a wrong pick is shown as the learner's"
	else
		answer_right
	fi
	keys Enter
	if [ "$i" -lt 6 ]; then expect "question $((i + 1))/6"; fi
done
expect "Your score"
s=$(screen)
for k in 1 2 3 4 5 6; do   # Down moves answer by answer, the view following
	screen | grep -q '^  > ✗' && break
	keys Down; settle
done
s=$(screen)
like "$s" '^  > ✗ [1-6]\. 0/2  Pick the right one\.' "Down reaches the wrong answer, reviewed"
like "$s" "yours: wrong a" "with the learner's answer under it"
like "$s" "answer: RIGHT c" "and the right one"
yc=$(printf '%s\n' "$s" | grep -m1 'yours: wrong a' | awk '{ print index($0, ": ") }')
ac=$(printf '%s\n' "$s" | grep -m1 'answer: RIGHT c' | awk '{ print index($0, ": ") }')
is "$yc" "$ac" "yours: and answer: end in one column, so their texts start together"
keys Enter; expect "Explained: single\."
s=$(screen)
like "$s" "wrong a +\(yours\)" "Enter shows the question whole, the learner's pick marked"
like "$s" "✓ RIGHT c" "and the right option"
keys Escape; expect "Your score"
quit; stop

# An order or match sent unchanged is asked about once, then sent.
rm -rf "$XDG_STATE_HOME/cudakitchen"
start 80 24 "$CK_BIN --lessons '$CLASS' open quiz"
expect "Level 1"
keys Enter; expect "question 1/6"
for i in 1 2 3 4 5 6; do
	if screen | grep -q "Put in order\|Match:"; then
		keys Enter; expect "Nothing swapped yet"
		unlike "$(screen)" "Right!|Not quite" "an unchanged order is not sent at once"
		keys Enter; wait_for "Not quite" 3; ok $? "Enter again sends it as it is"
		break
	fi
	answer_right; keys Enter; expect "question $((i + 1))/6"
done
quit; stop

# At 60x20 a title too long for its row ends in … (the level list, the question's title bar)
rm -rf "$XDG_STATE_HOME/cudakitchen"
start 60 20 "$CK_BIN open quiz"
expect "Level 1"
like "$(screen)" 'Level 3  Optimisation scenarios: book or own… +locked' "a cut level title ends in …"
keys Enter; expect "question 1/"
like "$(screen | head -1)" '^ Level 1: Concepts: the kitchen and i… +question 1/' "a cut title bar ends in …"
stop_wait   # q would be typed into a fill-in answer
done_testing
