#!/usr/bin/env bash
# A passed level is retaken only on a second Enter: the first says that the
# best score stays and that new answers count on the radar; any other key
# drops the question.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
PDIR="$XDG_STATE_HOME/cudakitchen"
mkdir -p "$PDIR"
cp "$CK_ROOT/tests/fixtures/progress/passed-level5.yaml" "$PDIR/progress.yaml"
launch 80 24 "$CK_BIN" open quiz
wait_for 'Level 5'; ok $? "the quiz opens at the passed levels"
keys Enter; wait_flat 'Enter again retakes it'
s=$(screen)
like "$(printf '%s\n' "$s" | tail -2 | tr '\n' ' ')" 'Level 5 is passed \(best 88%\)\. Enter again retakes it' "Enter on a passed level asks first"
unlike "$s" 'question 1/' "and does not start it"
keys Down; wait_gone 'Enter again retakes'; ok $? "another key drops the question"
keys Enter; wait_flat 'Enter again retakes it'; ok $? "then Enter asks again"
unlike "$(screen)" 'question 1/' "instead of starting"
keys Enter; wait_for 'question 1/'; ok $? "a second Enter starts the retake"
stop_wait   # q may be typed into the first question's answer: the hang-up saves and ends it
like "$(cat "$PDIR/progress.yaml")" 'best: 88' "the best score is still there"
done_testing
