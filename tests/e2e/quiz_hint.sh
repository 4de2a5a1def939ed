#!/usr/bin/env bash
# A shown hint stays paid for (QA): in tmux at 80x24 with the fixture class,
# the learner shows a question's hint, leaves the level with Esc and comes
# back, then quits and reopens the quiz with `open quiz`: the hint is shown
# as used each time (never offered again), it is saved with the level's
# progress, and a right answer then earns the points less the hint's cost.
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
CLASS="$CK_ROOT/tests/fixtures/quiz/class"
PROG="$XDG_STATE_HOME/cudakitchen/progress.yaml"
run() { start 80 24 "$CK_BIN --lessons '$CLASS' open quiz"; expect "Level 1"; }
. "$(dirname "$0")/quiz_lib.bash"


run
keys Enter; wait_for "question 1/6, 2 pt" 3; ok $? "level 1 opens at question 1"
like "$(screen)" "Hint available: .*\(costs 1 point\)" "the hint is offered with its cost"
prompt=$(screen | sed -n '3p')   # the question's first line
# the level's order is shuffled: under a typed answer the hint key is Ctrl-T
if screen | grep -q "Ctrl-T"; then hk=C-t hn=Ctrl-T; else hk=h hn=h; fi
keys "$hk"; wait_for "The hint costs 1 point: press $hn again" 3; ok $? "$hn first says what the hint costs"
unlike "$(screen)" "Hint: " "and does not show it yet"
keys "$hk"; wait_for "Hint: " 3; ok $? "$hn again shows the hint"
wait_until "the hint in $PROG" 'grep -q "hint: true" "$PROG" 2>/dev/null'
like "$(cat "$PROG" 2>/dev/null)" "in_progress: true, hint: true\}" "the shown hint is saved at once"

# Esc to the level list and Enter back: the same question, hint still used.
keys Escape; wait_for "Level 1  Fixture level one +question 1/6" 3
ok $? "Esc goes back to the level list"
keys Enter; expect "question 1/6, 2 pt"
s=$(screen)
like "$s" "Hint: " "back in the level the hint is still shown"
unlike "$s" "Hint available" "and not offered again as unused"

# Quit and reopen with `open quiz`: still used.
stop_wait   # q would be typed into the answer: the hang-up saves and ends it
run
keys Enter; wait_for "question 1/6, 2 pt" 3; ok $? "after a restart the level resumes at question 1"
s=$(screen)
is "$(printf '%s\n' "$s" | sed -n '3p')" "$prompt" "the same question as before quitting"
like "$s" "Hint: " "after a restart the hint is still shown"
unlike "$s" "Hint available" "and not offered again as unused"
answer_right
like "$(screen)" "Right! \+1 point \(hint used\)" "a right answer earns 2 less the hint's 1 point"

# The next question's hint is its own, unused.
keys Enter; expect "question 2/6, 2 pt"
s=$(screen)
like "$s" "Hint available: .*\(costs 1 point\)" "the next question offers its own hint"
unlike "$(cat "$PROG")" "hint: true" "and no used hint is saved for it"
answer_right
like "$(screen)" "Right! \+2 points" "without the hint it earns full points"
quit; stop
done_testing
