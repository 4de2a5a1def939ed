#!/usr/bin/env bash
# The status line at 60x20, in English and Chinese: the key hints always
# keep the bottom row, and a message too long to share it starts on the
# row above, never below the hints nor over a screen's key legend; a
# message cut for room ends on a word boundary with an ellipsis (in
# Chinese between characters, never half of one).  The message is a second
# window's notice ("progress is not saved"), on the screens a learner
# opens: a lesson, the quiz, gpu-map, tiling and the drills; and the
# certificate's "check it" line.  Keys the state needs are never dropped
# for room: at a lesson's end with a demo box in view, Enter (open); during
# a search, Esc (end the search).
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
EN="This window's progress is not saved until the other one quits, then the two are merged: another cudakitchen is running with the same progress"
ZH="在另一个窗口退出之前，本窗口的进度不会保存，退出后两者会合并：另一个 cudakitchen 正在使用同一份进度"

sec() { tmux -L "$T_SOCK" capture-pane -p -t t:1; }
# second ARGS...: a second cudakitchen on the same progress, in window 1
# (60x20, as the first), until its notice is up.
second() {
	tmux -L "$T_SOCK" new-window -t t: -d "env HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_DATA_HOME='$XDG_DATA_HOME' LC_ALL=C.UTF-8 TERM=xterm-256color $CK_BIN $*; read -r _"   # held: its last screen stays to be read
	wait_until "the second window's notice ($*)" 'sec | grep -Eq "This window|在另一个窗口"'
}
close_second() {
	tmux -L "$T_SOCK" kill-window -t t:1
	wait_until "the second window to go" '[ "$(tmux -L "$T_SOCK" list-windows 2>/dev/null | wc -l)" = 1 ]'
}
# placed WHAT LANG: the hints on the last row; the message from the row
# above, its visible part a prefix of the whole ending on a word boundary.
placed() {
	local s last above rest vis
	s=$(sec); last=$(printf '%s\n' "$s" | tail -1); above=$(printf '%s\n' "$s" | tail -2 | head -1)
	like "$last" '(q quit|q 退出) *$' "$1: the key hints keep the bottom row"
	above=$(sed 's/^ //; s/ *$//' <<<"$above")
	like "$above$last" '…' "$1: the message says there is more with an ellipsis"
	above=${above%…}   # with no room beside the hints the row above ends in it
	rest=$(sed -n 's/^ \(.*\)….*/\1/p' <<<"$last")
	if [ "$2" = zh ]; then
		like "$above" '^在另一个窗口退出之前' "$1: the message starts on the row above the hints"
		vis="$above$rest"
		[[ "$ZH" == "$vis"* ]]; ok $? "$1: the message, cut for room, is its own beginning, no character halved ($vis)"
	else
		like "$above" "^This window's progress" "$1: the message starts on the row above the hints"
		vis="$above${rest:+ $rest}"
		[[ "$EN " == "$vis "* ]]; ok $? "$1: the message is cut after a whole word ($vis…)"
	fi
}

fresh
launch 60 20 "$CK_BIN" --lessons "$FIX"
expect 'lessons done'
second --lessons "$FIX" open tiling
placed "tiling" en
like "$(sec | tail -4)" 'r run matmul +c convolution' "tiling: its key legend stays whole above the status bar"
close_second
second --lang zh --lessons "$FIX" open tiling
placed "tiling (zh)" zh
close_second
second --lessons "$FIX" open pantry
placed "a lesson" en
close_second
second --lang zh --lessons "$FIX" open pantry
placed "a lesson (zh)" zh
close_second
second --lessons "$FIX" open quiz
placed "the quiz" en
close_second
second --lang zh --lessons "$FIX" open gpu-map
placed "gpu-map (zh)" zh
close_second
second --lessons "$FIX" open drills
placed "the drills" en
close_second
quit

# The certificate's own line: above the hints, whole; the certificate's
# text stops above it.
fresh
mkdir -p "$XDG_STATE_HOME/cudakitchen"
cp "$CK_ROOT/tests/fixtures/progress/passed-level5.yaml" "$XDG_STATE_HOME/cudakitchen/progress.yaml"
launch 60 20 "$CK_BIN" --cert-dir "$T_TMP/certs" open cert
expect 'Your name'
keys -l 'Ada'; keys Enter
expect 'Certificate written to'
like "$(screen | tail -2 | head -1)" '^ check it: cudakitchen cert verify FILE *$' "cert: its line is whole on the row above the hints"
like "$(screen | tail -1)" 'n new certificate +Esc back +\? help +q quit *$' "cert: the hints keep the bottom row, n named for what it does"
quit
fresh; launch 60 20 "$CK_BIN" --lang zh --lessons "$FIX" open pantry
expect 'Pantry page one'; keys n; expect 'Pantry page two'; keys n; expect 'Pantry page three'
like "$(screen | tail -1)" 'Enter 打开' "zh 60x20, the lesson's end with a demo box: Enter (open) stays"
keys /; keys -l 'charlie'; keys Enter
expect '第 1 处，共 1 处'
like "$(screen | tail -1)" 'Esc 结束搜索' "zh 60x20, during a search: Esc (end the search) stays"
like "$(screen | tail -1)" '\? 帮助 +q 退出 *$' "and help and quit"
quit
done_testing
