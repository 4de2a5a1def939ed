#!/usr/bin/env bash
# Search in a quiz level's review, as in less: / then Enter chooses the
# first answer that holds the text (the chosen one first), marks the text;
# n and N go to the next and previous answer that holds it, wrapping with a
# word that says so; text in no answer is said so; Esc ends the search
# before it leaves the review; Enter still shows the chosen answer whole.
# The review's position is the rule above the status line.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/search_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v perl >/dev/null || skip_all "perl not installed"
CLASS="$CK_ROOT/tests/fixtures/quiz/class"
. "$(dirname "$0")/quiz_lib.bash"

start 80 24 "$CK_BIN --lessons '$CLASS' open quiz"
expect "Level 1"
keys Enter; expect "question 1/6"
for i in 1 2 3 4 5 6; do
	answer_right >/dev/null
	keys Enter
	[ "$i" -lt 6 ] && expect "question $((i + 1))/6"
done
expect "Your score"
like "$(screen | sed -n 23p)" '─answers 1-[0-9] of 6──$' "the review's position is on the rule above the status line"
like "$(screen | tail -1)" '/ search' "the status line offers / search"
keys /; wait_for '^ /_'; ok $? "/ opens the prompt"
keys -l 'step'; keys Enter
wait_for '"step": match 1 of 1'; ok $? "Enter: the one answer that holds it"
like "$(screen)" '^  > ✓ [1-6]\. 2/2  Put first before second\.' "it is the chosen answer"
[ "$(marked step)" -ge 2 ]; ok $? "the text is marked in its rows ($(marked step) places)"
same_text; ok $? "the marks sit on the text itself"
keys n; wait_for '"step": match 1 of 1 \(again from the top\)'; ok $? "n with one answer: wraps to it, and says so"
keys g; wait_for '^  > ✓ 1\.'
keys /; keys -l 'RIGHT'; keys Enter
wait_for '"RIGHT": match 1 of 3'; ok $? "a text in three answers (letters without case)"
chosen() { screen | grep '^  > ' | sed 's/^  > . [1-6]\. [0-9]\/[0-9]  //'; }
first=$(chosen)
keys n; wait_for '"RIGHT": match 2 of 3'; ok $? "n: the next answer"
second=$(chosen)
keys n; wait_for '"RIGHT": match 3 of 3'; third=$(chosen)
is "$(printf '%s\n' "$first" "$second" "$third" | sort -u | wc -l)" 3 "n goes through three different answers, kept in view"
like "$first$second$third" 'Tick the right ones' "the one whose answer holds it among them"
keys n; wait_for '"RIGHT": match 1 of 3 \(again from the top'; ok $? "n past the last wraps"
is "$(chosen)" "$first" "back on the first"
keys N; wait_for '"RIGHT": match 3 of 3 \(again from the end'; ok $? "N back past the first wraps"
is "$(chosen)" "$third" "to the last"
keys Enter; expect 'Explained: '
[ "$(marked right)" -ge 1 ]; ok $? "Enter shows the chosen answer whole, the text marked there too"
keys Escape; expect 'Your score'
keys /; keys -l 'zebra'; keys Enter
wait_for '"zebra" not found'; ok $? "text in no answer is said so"
keys Escape; wait_for 'search ended'; ok $? "Esc ends the search first"
like "$(screen)" 'Your score' "still on the review"
keys Escape; wait_gone 'Your score'
like "$(screen)" 'Level 1' "then Esc leaves the review"
quit
done_testing
