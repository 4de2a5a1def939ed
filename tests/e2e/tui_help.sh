#!/usr/bin/env bash
# Help: no description is cut at 80x24 or 60x20 (they wrap); each screen's
# own keys come first (the reader's `o`, the menu's Enter), and the
# reader-only `o` line is only in the reader's help.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
# all help rows, scrolled through, joined into one line
help_text() {
	local all="" i
	keys g; settle
	for i in 1 2 3; do
		all="$all $(screen | sed '1d;$d')"
		keys PageDown; settle
	done
	printf '%s\n' "$all" | tr '\n' ' ' | tr -s ' '
}

for size in "80 24" "60 20"; do
	fresh
	launch $size "$CK_BIN" --lessons "$FIX" open stations
	expect 'Stations page one'
	keys '?'
	wait_for 'help for reader'; ok $? "$size: help for the reader"
	s=$(screen)
	like "$(printf '%s\n' "$s" | sed -n 3p)" '^ +o +open the interactive block or demo on' "$size: the reader's own o line comes first"
	t=$(help_text)
	like "$t" 'wheel scrolls; click selects, click again opens \(not with --no-mouse\)' "$size: the mouse line is whole"
	like "$t" 'open the interactive block or demo on this page \(the one nearest the top of the view\)' "$size: the o line is whole"
	like "$t" 'pick the next block, demo or see-also link on the page' "$size: the reader's Tab line"
	like "$t" 'redraw the screen' "$size: the shared table is there to its end"
	keys Escape; expect 'Stations page one'
	keys Escape; expect 'lessons done'
	keys '?'
	wait_for 'help for menu'; ok $? "$size: help for the menu"
	t=$(help_text)
	like "$t" 'Enter Right +open the lesson, the quiz or the skills radar under the cursor' "$size: the menu's own line"
	unlike "$t" 'open the interactive block' "$size: the reader-only o line is not in the menu's help"
	quit
done
done_testing
