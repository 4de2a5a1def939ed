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
keys Down; expect "$STATIONS_SUM"; keys Enter
wait_for 'Stations page one'; ok $? "open the second lesson"
keys n
wait_for 'Stations page two'; ok $? "go to its last page"
keys Escape
wait_for 'lessons done'; ok $? "back in the menu"
s=$(screen)
like "$s" '✓ +2 +Mini stations' "a lesson read to its last page is marked done"
like "$s" '1/3 lessons done' "the title counts it"
keys Up; expect "$PANTRY_SUM"; keys Enter
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
opened tiling; ok $? "open BLOCK starts in the block"
keys q
is "$(wait_exit)" 0 "quit"
stop

# A corrupt progress file: a one-line notice, kept aside, a fresh start.
printf '\x00\x01garbage: [unclosed\n' > "$PFILE"
launch 80 24 "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done'; ok $? "a corrupt progress file does not stop the tutorial"
like "$(screen | sed -n 3p)" 'progress file was unreadable' "a notice box on the menu says so"
ok $(ls "$XDG_STATE_HOME/cudakitchen/" | grep -q '^progress.corrupt-'; echo $?) "the corrupt file is kept aside"
like "$(screen)" 'Mini pantry +2 min' "the learner starts fresh"
keys Down
wait_gone 'unreadable'; ok $? "the notice goes away at the next key"
like "$(screen)" "$PANTRY_SUM" "the key that took the notice away did not move the cursor"

# A second instance on the same progress shows it but never writes it.
keys Down; expect "$STATIONS_SUM"; keys Enter
wait_for 'Stations page one'; ok $? "the second lesson opens after the notice"
keys n; wait_for 'Stations page two'; ok $? "and pages on"
before=$(cat "$PFILE")
# (the window holds its last screen after the program ends: `read` waits
# for a key that never comes; the test reads the screen, then kills it)
tmux -L "$T_SOCK" new-window -t t: -d -n second "env HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' LC_ALL=C.UTF-8 TERM=xterm-256color $CK_BIN --lessons $FIX; echo \"[exit \$?]\"; read -r _"
two() { tmux -L "$T_SOCK" capture-pane -p -t t:second; }
wait_until "the second instance's notice" 'two | grep -q "another cudakitchen"'
like "$(two)" "another cudakitchen is running" "a second instance says progress is in use"
tmux -L "$T_SOCK" send-keys -t t:second Enter
wait_until "the notice to go" '! two | grep -q "another cudakitchen"'
unlike "$(two)" 'another cudakitchen' "a key takes the second instance's notice away"
like "$(two | head -1)" ' not saved *$' "a mark on the title row stays while nothing is saved"
tmux -L "$T_SOCK" send-keys -t t:second q
wait_until "the second instance to exit" 'two | grep -q "^\[exit 0\]"'
like "$(two)" '^\[exit 0\]' "the second instance quits"
is "$(cat "$PFILE")" "$before" "the second instance did not write the progress file"
like "$(screen)" 'Stations page two' "the first instance is still on its page"
# the second window goes, so that the session's keys reach the first alone
tmux -L "$T_SOCK" kill-window -t t:second
wait_until "the second window to go" '[ "$(tmux -L "$T_SOCK" list-windows 2>/dev/null | wc -l)" = 1 ]'
# A second window again: when the first quits, it takes the progress over.
tmux -L "$T_SOCK" new-window -t t: -d -n second "env HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' LC_ALL=C.UTF-8 TERM=xterm-256color $CK_BIN --lessons $FIX; echo \"[exit \$?]\"; read -r _"
wait_until "the second instance's notice" 'two | grep -q "another cudakitchen"'
tmux -L "$T_SOCK" send-keys -t t:second Enter
wait_until "the notice to go" '! two | grep -q "another cudakitchen"'
keys q
is "$(wait_exit)" 0 "the first instance quits"
wait_until "the second to take over" 'two | grep -q "The other window has quit"'
like "$(two | tr '\n' ' ')" "The other window has quit: its progress and this window's are merged" \
	"the second window says it took the progress over"
unlike "$(two | head -1)" ' not saved *$' "and the mark is gone"
grep -q 'stations' "$PFILE"; ok $? "the first window's lesson is still in the saved progress"
tmux -L "$T_SOCK" send-keys -t t:second q
wait_until "the second instance to exit" 'two | grep -q "^\[exit 0\]"'
tmux -L "$T_SOCK" kill-window -t t:second 2>/dev/null

# A fixed limit says so: with the places of PROGRESS_MAX_LESSONS (256)
# lessons kept, opening another says its place will not be saved.
big="$T_TMP/big"; mkdir -p "$big"
printf 'id: extra\ntitle: Extra\nsummary: S.\nminutes: 1\nanalogy: A.\npages:\n  - title: Extra page\n    body:\n      - text: Extra text.\n' > "$big/01-extra.yaml"
{ printf 'format_version: 2\nlast: ""\nlessons:\n'
  for i in $(seq 1 256); do printf '  - {id: "kept-%d", page: 0, done: true}\n' "$i"; done
  printf 'levels: []\ncourses: []\nskills: {}\ngpumap: {attempts: 0, correct: 0}\napis: ""\nspeedups: ""\n'; } > "$PFILE"
launch 80 24 "$CK_BIN" --lessons "$big" open extra
wait_for 'Extra text'; ok $? "a lesson opens with 256 places kept"
wait_flat 'Not saved: progress keeps the places of 256 lessons at most'; ok $? "and says its place will not be saved"
keys q; is "$(wait_exit)" 0 "quit"

launch 80 24 "$CK_BIN" --lessons "$FIX" open no-such-lesson
is "$(wait_exit)" 2 "open with an unknown ID exits 2"
like "$(screen)" "no lesson or block named 'no-such-lesson'" "and says why, before the screen is taken over"
is "$(pane '#{alternate_on}')" 0 "curses never started"
done_testing
