#!/usr/bin/env bash
# ck-test: quick
# TERM=linux (the Linux console): ncurses reads the mouse through libgpm
# there.  Start, open a lesson, quit: a clean exit 0.  Under the sanitizer
# build (make test SANITIZE=1) a leak at exit fails the run, which is how
# libgpm's console name, orphaned when ncurses unloaded it, was found.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
infocmp linux >/dev/null 2>&1 || skip_all "no terminfo entry for linux"
launch 80 24 env TERM=linux "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done'; ok $? "TERM=linux: the menu is drawn"
keys Enter; wait_for 'Pantry page one'; ok $? "TERM=linux: a lesson opens"
keys q
is "$(wait_exit)" 0 "TERM=linux: q quits with status 0 (no leak reported at exit)"
done_testing
