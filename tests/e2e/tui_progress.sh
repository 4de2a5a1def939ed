#!/usr/bin/env bash
# Progress: the page is saved on every page change, the last page marks the
# lesson done, and a restart resumes at the same lesson and page.  Also
# `open ID` straight into a lesson or block, and an unknown ID.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
PFILE="$XDG_STATE_HOME/cudakitchen/progress.yaml"

launch 80 24 "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done'; ok $? "first start shows the menu"
keys Down; sleep 0.1; keys Enter
wait_for 'Stations page one'; ok $? "open the second lesson"
keys n
wait_for 'Stations page two'; ok $? "go to its last page"
keys Escape
wait_for 'lessons done'; ok $? "back in the menu"
s=$(screen)
like "$s" '✓ +2 +Mini stations' "a lesson read to its last page is marked done"
like "$s" '1/3 lessons done' "the title counts it"
keys Up; sleep 0.1; keys Enter
wait_for 'Pantry page one'; ok $? "open the first lesson"
keys n
wait_for 'Pantry page two'; ok $? "page forward"
ok $([ -s "$PFILE" ]; echo $?) "progress is saved while the tutorial runs"
keys q
is "$(wait_exit)" 0 "quit"
stop

launch 80 24 "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done'; ok $? "second start shows the menu"
s=$(screen)
like "$s" 'Mini pantry +page 2/3' "the menu shows the learner's place in the lesson"
like "$s" 'A small fixture lesson with every kind' "the cursor is on the lesson the learner was in"
like "$s" '✓ +2 +Mini stations' "the done mark survives a restart"
keys Enter
wait_for 'Pantry page two'; ok $? "Enter resumes at the same page"
keys q
is "$(wait_exit)" 0 "quit again"
stop

launch 80 24 "$CK_BIN" --lessons "$FIX" open stations
wait_for 'Stations page two'; ok $? "open ID starts in the lesson, at its saved page"
keys Escape
wait_for 'lessons done'; ok $? "Esc from a lesson opened directly goes to the menu"
keys q
is "$(wait_exit)" 0 "quit"
stop

launch 80 24 "$CK_BIN" --lessons "$FIX" open tiling
wait_for 'Tiling: how the brigade'; ok $? "open BLOCK shows the block"
keys q
is "$(wait_exit)" 0 "quit"
stop

launch 80 24 "$CK_BIN" --lessons "$FIX" open no-such-lesson
is "$(wait_exit)" 2 "open with an unknown ID exits 2"
like "$(screen)" "no lesson or block named 'no-such-lesson'" "and says why, before the screen is taken over"
is "$(pane '#{alternate_on}')" 0 "curses never started"
done_testing
