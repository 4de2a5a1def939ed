# tui_lib.bash: helpers shared by the tui_*.sh end-to-end scripts (sourced
# after lib.bash).  launch starts the binary in tmux only after pipe-pane
# is attached, so $T_TMP/out.bin holds every byte the program wrote.
FIX="$CK_ROOT/tests/fixtures/lessons-mini"
OUT="$T_TMP/out.bin"

# launch W H COMMAND...: COMMAND runs through sh, e.g. "$CK_BIN --lessons DIR"
launch() {
	local w=$1 h=$2; shift 2
	stop_wait
	: > "$OUT"; rm -f "$T_TMP/go"
	start "$w" "$h" "sh -c 'until [ -e $T_TMP/go ]; do sleep 0.02; done; exec $*'"
	tmux -L "$T_SOCK" pipe-pane -t t -o "cat >> $OUT"
	T_PIPE=1
	touch "$T_TMP/go"
}
# The menu's detail pane: the summary of the selected lesson.
PANTRY_SUM='A small fixture lesson with every kind'
STATIONS_SUM='The second fixture lesson'
# fresh: forget the learner's progress (the next launch starts anew).
fresh() { stop_wait; rm -rf "$XDG_STATE_HOME/cudakitchen"; }
# back_to REGEX: Esc until REGEX shows (a block may first cancel its work);
# each Esc is read and acted on before the screen is looked at.
back_to() {
	local n
	for n in 1 2 3; do
		keys Escape
		t_settle
		t_poll "$1" 4 && return 0
	done
	diag "three Esc did not lead to /$1/"; diag_screen
	return 1
}
# opened NAME: waits until the reader is gone and the screen names NAME
# (the block's own screen, or the placeholder while it is not built).
opened() {
	local i=0 n s; n=$(t_ticks)
	while [ $i -lt "$n" ]; do
		s=$(screen)
		if ! grep -q 'Pantry page' <<<"$s" && grep -qi -- "$1" <<<"$s"; then
			return 0
		fi
		t_nap 0.05; i=$((i + 1))
	done
	diag "timed out waiting for the block $1"; diag_screen
	return 1
}
# Every SGR parameter the program sent, one per line.
sgr_params() { grep -aoE $'\e\\[[0-9;]*m' "$OUT" | sed 's/^.\[//; s/m$//' | tr ';' '\n'; }
# True when the output holds a colour SGR (30-49, 90-107, or 38/48 extended).
has_colour_sgr() { sgr_params | grep -qE '^(3[0-9]|4[0-9]|9[0-7]|10[0-7])$'; }
# The pane's tty modes (stty -a), to check that cooked mode came back.
tty_modes() { stty -F "$(pane '#{pane_tty}')" -a 2>/dev/null; }
