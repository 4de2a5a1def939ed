#!/usr/bin/env bash
# Mouse reports are bounded where they are read (term.c): a report whose
# row or column lies outside the screen (a crafted `ESC[<0;5;2147483647M`
# once overflowed an int in the reader) is dropped, never mapped to a row
# or a link.  The program stays alive and where it was; real clicks still
# work.  (Under `make test SANITIZE=1` UBSan watches the arithmetic too.)
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

# report B X Y: a press and release with button code B at 1-based X,Y, raw.
report() { keys_read $'\e'"[<$1;$2;$3M"; keys_read $'\e'"[<$1;$2;$3m"; }

fresh; launch 80 24 "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done'; ok $? "menu"
# Row 4 (1-based) is the second lesson; a column far beyond the screen.
report 0 2147483647 4; report 0 2147483647 4; settle
unlike "$(screen)" 'Stations page one' "clicks at column 2^31-1 open nothing"
unlike "$(screen)" 'The second fixture lesson' "nor select the row"
report 0 13 4; report 0 13 4
wait_for 'Stations page one'; ok $? "real clicks on the same row still open it"
# In the reader, scrolled down (so the row is added to a non-zero top).
wheel() { keys_read $'\e'"[<65;10;10M"; }
wheel; wheel; wheel; settle
report 0 5 2147483647; report 0 2147483647 2147483647; report 0 5 4294967295
report 64 5 2147483647; report 0 99999999999999999999 5
settle
like "$(screen)" 'Stations page one' "the reader survives reports beyond the screen"
pid=$(ck_pid)
ok $([ -n "$pid" ]; echo $?) "the program is still running"
keys q
is "$(wait_exit)" 0 "and quits cleanly"
done_testing
