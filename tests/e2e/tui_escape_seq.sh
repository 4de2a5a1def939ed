#!/usr/bin/env bash
# ck-test: quick
# Key sequences the terminal description does not list: tmux sends Home and
# End as ESC [ 1 ~ and ESC [ 4 ~ whatever TERM says (xterm-256color's are
# ESC O H and ESC O F). Curses hands them over as a lone ESC and then their
# bytes; the program reads them as the keys they are (Home goes to the top),
# drops sequences it does not know, and never takes them for Esc, which
# would leave the screen. A lone Esc still goes back.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

fresh; start 80 24 "$CK_BIN open matmul-from-scratch"
wait_for 'page 1/'; ok $? "a lesson opens"
keys Space; keys Space; wait_for 'lines (1[0-9]|[2-9][0-9])-'; ok $? "Space scrolls down"
keys Home; wait_for 'lines 1-'; ok $? "Home (ESC [ 1 ~ from tmux) goes to the top"
like "$(screen)" 'page 1/' "and stays in the lesson"
keys End; wait_for 'lines [0-9]+-([0-9]+) of \1'; ok $? "End (ESC [ 4 ~) goes to the bottom"
# a sequence no terminal key means: dropped, whole (its '9', '9', '~' are
# not read as keys either)
tmux -L "$T_SOCK" send-keys -t t -H 1b 5b 39 39 7e
keys Home; wait_for 'lines 1-'; ok $? "after an unknown ESC [ 9 9 ~, Home still works"
like "$(screen)" 'Matrix multiply from scratch +page 1/' "and the lesson is still open"
keys Escape; wait_for 'lessons done'; ok $? "a lone Esc goes back to the menu"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
