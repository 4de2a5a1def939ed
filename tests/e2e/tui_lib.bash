# tui_lib.bash: helpers shared by the tui_*.sh end-to-end scripts (sourced
# after lib.bash).  launch starts the binary in tmux only after pipe-pane
# is attached, so $T_TMP/out.bin holds every byte the program wrote.
FIX="$CK_ROOT/tests/fixtures/lessons-mini"
OUT="$T_TMP/out.bin"

# launch W H COMMAND...: COMMAND runs through sh, e.g. "$CK_BIN --lessons DIR"
launch() {
	local w=$1 h=$2 i=0; shift 2
	# a server still shutting down from the last stop would take the new session with it
	stop
	while tmux -L "$T_SOCK" ls >/dev/null 2>&1 && [ $i -lt 100 ]; do sleep 0.02; i=$((i + 1)); done
	sleep 0.1
	: > "$OUT"; rm -f "$T_TMP/go"
	start "$w" "$h" "sh -c 'until [ -e $T_TMP/go ]; do sleep 0.02; done; exec $*'"
	tmux -L "$T_SOCK" pipe-pane -t t -o "cat >> $OUT"
	touch "$T_TMP/go"
}
# fresh: forget the learner's progress (the next launch starts anew).
fresh() { rm -rf "$XDG_STATE_HOME/cudakitchen"; }
pane() { tmux -L "$T_SOCK" display -p -t t "$1"; }
# The program's pid: a child of the pane's shell.
ck_pid() { ps --ppid "$(pane '#{pane_pid}')" -o pid=,comm= | awk '$2 == "cudakitchen" { print $1 }'; }
# wait_exit: waits for the "[exit N]" line lib.bash's start prints; echoes N.
wait_exit() {
	wait_for '^\[exit [0-9]+\]' "${1:-5}" || { echo none; return; }
	screen | sed -n 's/^\[exit \([0-9]*\)\].*/\1/p' | tail -1
}
# Every SGR parameter the program sent, one per line.
sgr_params() { grep -aoE $'\e\\[[0-9;]*m' "$OUT" | sed 's/^.\[//; s/m$//' | tr ';' '\n'; }
# True when the output holds a colour SGR (30-49, 90-107, or 38/48 extended).
has_colour_sgr() { sgr_params | grep -qE '^(3[0-9]|4[0-9]|9[0-7]|10[0-7])$'; }
# The pane's tty modes (stty -a), to check that cooked mode came back.
tty_modes() { stty -F "$(pane '#{pane_tty}')" -a 2>/dev/null; }
