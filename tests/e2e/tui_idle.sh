#!/usr/bin/env bash
# Never a busy loop: left alone in the menu and in the reader, the process
# uses (almost) no CPU; the input wait blocks with a timeout.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
TICK=$(getconf CLK_TCK)

cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
idle_check() { # idle_check WHERE
	local pid a b
	pid=$(ck_pid)
	# a measured interval, not a wait: a busy loop would use ~TICK ticks in it
	a=$(cpu_ticks "$pid"); sleep 1; b=$(cpu_ticks "$pid")
	# allow 5% of one core
	ok $([ $((b - a)) -le $((TICK / 20)) ]; echo $?) "$1: $((b - a)) CPU ticks in 1 s idle (limit $((TICK / 20)))"
}

fresh; launch 80 24 "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done'; ok $? "menu"
idle_check "menu"
keys Enter; wait_for 'Pantry page one'; ok $? "reader"
idle_check "reader"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
