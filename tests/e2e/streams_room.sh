#!/usr/bin/env bash
# The streams screen at 60x20 with the recorded H200 run (16 stream rows at
# most, too many to show under the CPU fallback): the recorded run keeps
# its title, and the "no room" line under it is whole, not drawn over the
# title's text.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
[ -x "$CK_BUILD/demos/streams" ] || skip_all "$CK_BUILD/demos/streams not built (make demos)"
[ -f "$CK_ROOT/demos/results/h200.yaml" ] || skip_all "no demos/results/h200.yaml"

fresh; launch 60 20 "$CK_BIN" open streams
wait_for "streams finished" 20; ok $? "60x20 streams: the CPU model finishes"
wait_for '^\(no room for the recorded run here' 5; ok $? "60x20 streams: the recorded run has no room"
s=$(screen)
row=$(printf '%s\n' "$s" | grep -n '^(no room for the recorded run here' | head -1 | cut -d: -f1)
like "$(printf '%s\n' "$s" | sed -n "${row}p")" '^\(no room for the recorded run here: t shows one at a time\) *$' \
	"60x20 streams: the no-room line is whole, nothing left of the row behind it"
like "$(printf '%s\n' "$s" | sed -n "$((row - 1))p")" '^ Reference: recorded on ' \
	"60x20 streams: the recorded run's title stays above it"
like "$(printf '%s\n' "$s" | tail -1)" '(^| )t [^ ]+.*\? help +q quit *$' \
	"60x20 streams: the status line keeps t (the text says to press it), ? help and q quit"
stop_wait
# at 60 columns the matmul screen's own keys give way, never q quit
fresh; launch 60 20 "$CK_BIN" open matmul
wait_for 'matmul finished' 20; ok $? "60x20 matmul: the run finishes"
like "$(screen | tail -2)" 'r run .*\? help +q quit *$' "60x20 matmul: the status line keeps ? help and q quit"
stop_wait
done_testing
