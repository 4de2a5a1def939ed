#!/usr/bin/env bash
# Status lines that fit, one position indicator, a readable width:
# - at 60 columns every screen's status line keeps `? help` and `q quit`
#   (in Chinese too), giving way with its own keys first;
# - a screen that scrolls says what is in view in one style ("lines 1-14
#   of 29") at the right end of the rule below it, never on the status line;
# - at 200 columns the menu's rows and every title and status row stop at
#   a readable width (104 columns), as the reader's prose does.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
[ -x "$CK_BUILD/demos/reduce" ] || skip_all "$CK_BUILD/demos/reduce not built (make demos)"

POS='(lines|lessons|answers|places) [0-9]+-[0-9]+ of [0-9]+──$|第 [0-9]+-[0-9]+ (行|课|题|处)，共 [0-9]+ (行|课|题|处)──$'
# fits NAME HELP QUIT: the status row keeps help and quit, and no position
fits() {
	local last; last=$(screen | tail -1)
	like "$last" "$2 .*$3\$" "$1: the status line keeps '$2' and '$3'"
	unlike "$last" "$POS" "$1: no position on the status line"
}
# not_running STOP: until the status line no longer offers to stop a run
not_running() { wait_until "the run to end" "! screen | tail -1 | grep -q '$1'" 10; }
for lang in en zh; do
	if [ "$lang" = en ]; then
		H='\? help'; Q='q quit'; STOP='Esc stop'
		list="menu kitchen quiz radar cert gpu-map tiling devinfo transfer streams reduce launch attention drills"
	else   # the screens whose words are longest in Chinese
		H='\? 帮助'; Q='q 退出'; STOP='Esc 停止'
		list="gpu-map tiling streams launch transfer"
	fi
	for s in $list; do
		arg="open $s"; [ "$s" = menu ] && arg=
		fresh; launch 60 20 "$CK_BIN" --lang "$lang" $arg
		ready; not_running "$STOP"
		fits "$lang $s" "$H" "$Q"
	done
	# the help screen: ? closes it, so "? close" or the way back give way first
	keys '?'; wait_for "$Q\$"
	fits "$lang help" 'Esc' "$Q"
done

# One style, one place: the row above the status line (the menu's rule
# above its detail pane) on each screen that scrolls.
fresh; launch 60 20 "$CK_BIN" open kitchen
expect 'page 1/'
like "$(screen | sed -n 19p)" '─lines 1-17 of [0-9]+──$' "reader: lines in view on the rule above the status line"
keys '?'; expect 'help for reader'
like "$(screen | sed -n 19p)" '─lines 1-16 of [0-9]+──$' "help: the same, in the same place"
keys Escape; keys Escape; expect 'lessons done'
like "$(screen | sed -n 16p)" '─lessons 1-9 of [0-9]+──$' "menu: the lessons in view, on the rule above the detail pane"
keys Down Down Down Down Down Down Down Down Down; wait_for 'lessons 2-10 of [0-9]+'
ok $? "the menu's position follows its scrolling"
fresh; launch 60 20 "$CK_BIN" open reduce
ready; not_running 'Esc stop'
like "$(screen | sed -n 19p)" '─lines 1-[0-9]+ of [0-9]+──$' "a demo's table: the same, in the same place"
keys G; wait_for 'lines [0-9]+-([0-9]+) of \1──'; ok $? "G: its last lines"
quit

# 200 columns: rows stop at a readable width.
width() { screen | sed -n "$1p" | perl -CSD -ne 'chomp; s/ +$//; print length'; }
fresh; launch 200 60 "$CK_BIN"
expect 'lessons done'
w=0; for r in 1 3 4 5 19 60; do x=$(width $r); [ "$x" -gt "$w" ] && w=$x; done
[ "$w" -le 104 ]; ok $? "menu: title, lesson and status rows end by column 104 ($w)"
keys Enter; expect 'page 1/'
is "$(width 1)" 103 "reader: the title row's page number ends at column 103"
is "$(width 60)" 103 "reader: the status row's keys too"
is "$(width 59)" 104 "reader: the rule with its position ends at column 104"
quit
done_testing
