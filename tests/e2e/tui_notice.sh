#!/usr/bin/env bash
# Notices that matter are seen whole: a corrupt progress file and a second
# instance (progress will not be saved) are boxed on the menu until a key
# acknowledges them, at 80x24 and 60x20.  A status message too long for
# the room beside the key hints takes the row above; the hints stay.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
PDIR="$XDG_STATE_HOME/cudakitchen"
PFILE="$PDIR/progress.yaml"
# joined: the screen's rows with box edges and padding taken off, one line
joined() { screen | sed 's/^[ │|]*//; s/[ │|]*$//' | tr '\n' ' ' | tr -s ' '; }

for size in "80 24" "60 20"; do
	fresh; mkdir -p "$PDIR"
	printf '\x00\x01garbage: [unclosed\n' > "$PFILE"
	launch $size "$CK_BIN" --lessons "$FIX"
	wait_for 'lessons done'; ok $? "$size: a corrupt progress file does not stop the tutorial"
	like "$(joined)" 'progress file was unreadable; kept as progress\.corrupt-[0-9TZ-]+; starting fresh' \
		"$size: the whole corrupt-file notice is on the screen"
	like "$(screen)" 'any key: continue' "$size: the notice waits for a key"
	sleep 0.3   # deliberately: three of the program's ticks pass without a key
	like "$(joined)" 'starting fresh' "$size: it is still there a moment later"
	keys Down
	wait_gone 'unreadable|any key'; ok $? "$size: a key acknowledges it"
	like "$(screen)" '> *2 +Mini stations|Mini stations' "$size: the menu is back in full"
	quit
done

# A second instance on the same progress: its notice starts with the part
# that matters, "progress is not saved", which must be on screen.
fresh
launch 80 24 "$CK_BIN" --lessons "$FIX"
expect 'lessons done'
tmux -L "$T_SOCK" new-window -t t: -d "env HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' LC_ALL=C.UTF-8 TERM=xterm-256color $CK_BIN --lessons $FIX; echo \"[exit \$?]\"; read -r _"
sec() { tmux -L "$T_SOCK" capture-pane -p -t t:1; }
wait_until "the second instance's notice" 'sec | grep -q "another cudakitchen"'
two=$(sec | sed 's/^[ │|]*//; s/[ │|]*$//' | tr '\n' ' ' | tr -s ' ')
like "$two" "This window's progress is not saved until the other one quits, then the two are merged: another cudakitchen is running" \
	"a second instance shows the whole notice, what happens to its progress included"
like "$(sec | tail -1)" 'Enter open +1-9 lesson +/ search +\? help +q quit' "the key hints stay on the status line"
tmux -L "$T_SOCK" send-keys -t t:1 q
# the second instance has quit (left the screen) before the first one does
wait_until "the second window to leave the alternate screen" '[ "$(tmux -L "$T_SOCK" display -p -t t:1 "#{alternate_on}")" = 0 ]'
is "$(tmux -L "$T_SOCK" display -p -t t:1 '#{alternate_on}')" 0 "q quits the second instance"
# its window goes, so that the session's keys can only reach the first (a q
# sent to the session while both windows were there was once never read)
tmux -L "$T_SOCK" kill-window -t t:1
wait_until "the second window to go" '[ "$(tmux -L "$T_SOCK" list-windows 2>/dev/null | wc -l)" = 1 ]'
quit "then q quits the first"

# The reader: a message longer than the room beside the hints (60 columns)
# takes the row above; the hints, Esc and help included, stay whole.
fresh
launch 60 20 "$CK_BIN" --lessons "$FIX" open stations
wait_for 'Stations page one'; ok $? "a lesson page without links"
keys o
expect 'nothing to open'
s=$(screen)
like "$(printf '%s\n' "$s" | tail -2 | tr '\n' ' ' | tr -s ' ')" 'o: nothing to open on this page: it has no block, demo or link n/p page' \
	"the whole message is on the status line and the row above it"
like "$(printf '%s\n' "$s" | tail -1)" 'n/p page +Space more +Esc back +\? help +q quit *$' "the key hints that work on this page are all there (p: back to the previous lesson)"
keys j
wait_gone 'nothing to open'; ok $? "the message goes at the next key"
like "$(screen | tail -2 | head -1)" 'lines [0-9]+-[0-9]+ of' "and the footer is back"
quit

# A page whose links are below the view: o says where they are, not that
# there are none (the built-in lesson 1 ends with See also links)
fresh
launch 80 24 "$CK_BIN" open kitchen
expect 'page 1/4'; keys n n n; expect 'page 4/4'
keys o
wait_flat "links are out of view: scroll, or Tab to one"; ok $? "o with the links out of view says so"
unlike "$(screen)" 'nothing to open' "and does not claim there are none"
quit

# A message that fits one row but not beside the hints: it takes the row
# above the status line, whole, and the hints keep the bottom row: nothing
# is drawn below them.
fresh
launch 60 20 "$CK_BIN" --lessons "$FIX"
expect 'lessons done'
keys Down Down; wait_flat 'error: unknown key' || ok 1 "the broken lesson is selected"; keys Enter
expect 'cannot be opened'
s=$(screen)
like "$(printf '%s\n' "$s" | tail -2 | head -1)" '^ broken cannot be opened: it is broken \(see below\) *$' "the message is whole on the row above the status line"
like "$(printf '%s\n' "$s" | tail -1)" 'Enter open +1-9 lesson +/ search +\? help +q quit *$' "the hints keep the bottom row, whole"
quit
done_testing
