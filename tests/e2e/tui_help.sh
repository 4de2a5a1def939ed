#!/usr/bin/env bash
# Help: no description is cut at 80x24 or 60x20 (they wrap); each screen's
# own keys come first (the reader's `o`, the menu's Enter), under "On this
# screen", then the global keys under "Everywhere"; keys that do nothing
# in the screen's state are not listed (no `o` on a page without a link,
# no `n` on the last page, no Esc on the menu), and the reader-only `o`
# line is only in the reader's help.
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
	wait_for 'help for reader'; ok $? "$size: help for a page without links"
	t=$(help_text)
	like "$t" 'open the interactive block or demo on this page \(the one nearest the top of the view\) \(not now: nothing to open' "$size: o where nothing can be opened is shown as not working, with why"
	unlike "$t" 'pick the next block' "$size: no Tab where there is no link"
	keys Escape; expect 'Stations page one'
	keys Escape; expect 'lessons done'
	keys Up Up Enter; expect 'Pantry page one'
	keys n; expect 'Pantry page two'
	keys '?'
	wait_for 'help for reader'; ok $? "$size: help for the reader"
	s=$(screen)
	like "$(printf '%s\n' "$s" | sed -n 3p)" 'On this screen' "$size: the screen's own keys come first"
	like "$s" '^ +Enter o +open the interactive block or demo on' "$size: the reader's o line"
	t=$(help_text)
	like "$t" 'Everywhere Esc Backspace +back' "$size: then the global keys"
	like "$t" 'wheel scrolls; click selects, click again opens \(not with --no-mouse\)' "$size: the mouse line is whole"
	like "$t" 'open the interactive block or demo on this page \(the one nearest the top of the view\)' "$size: the o line is whole"
	like "$t" 'pick the next block, demo or see-also link on the page' "$size: the reader's Tab line"
	like "$t" 'redraw the screen' "$size: the shared table is there to its end"
	keys Escape; expect 'Pantry page two'
	keys Escape; expect 'lessons done'
	keys '?'
	wait_for 'help for menu'; ok $? "$size: help for the menu"
	t=$(help_text)
	unlike "$t" 'Esc Backspace' "$size: no Esc on the menu (there is nothing to go back to)"
	like "$t" 'Enter Right +open the lesson, the quiz or the skills radar under the cursor' "$size: the menu's own line"
	unlike "$t" 'open the interactive block' "$size: the reader-only o line is not in the menu's help"
	quit
done
done_testing
