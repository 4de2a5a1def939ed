#!/usr/bin/env bash
# ck-test: quick
# Where progress cannot be saved, the notice says why: an XDG_STATE_HOME
# longer than PATH_MAX (with HOME set) is "too long", not "no HOME".
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

long=/$(printf 'd%.0s' $(seq 5000))
launch 80 24 env "XDG_STATE_HOME=$long" "$CK_BIN" --lessons "$FIX"
wait_for 'progress will not be saved'; ok $? "the notice says progress will not be saved"
s=$(screen)
like "$s" 'XDG_STATE_HOME is too long' "and that XDG_STATE_HOME is too long"
unlike "$s" 'no HOME' "not that HOME is missing"
keys q q
stop_wait
launch 80 24 env -u HOME -u XDG_STATE_HOME "$CK_BIN" --lessons "$FIX"
wait_for 'progress will not be saved'; ok $? "without HOME: the notice"
like "$(screen)" 'no HOME or XDG_STATE_HOME' "says no HOME or XDG_STATE_HOME"
done_testing
