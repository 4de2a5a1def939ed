#!/usr/bin/env bash
# ck-test: quick
# The TUI at 80x24: menu, a lesson, paging, a block slot, help, resize below
# the minimum and back to the same place, quit.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

launch 80 24 "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done'; ok $? "the menu is drawn"
s=$(screen)
like "$s" 'Mini pantry' "the menu lists the first lesson"
like "$s" 'Mini stations' "the menu lists the second lesson"
like "$s" 'broken.*unknown key' "a broken lesson is shown as broken with its first error"
like "$s" 'Quiz' "the menu ends with the quiz"
like "$s" 'Skills radar' "and the skills radar"
like "$s" 'A small fixture lesson with every kind' "the detail pane shows the selected lesson's summary"

keys Down Down
wait_flat '03-brok.*:[0-9]+:[0-9]+: error: unknown key'; ok $? "selecting the broken lesson shows its FILE:LINE:COL error"
keys Enter
expect 'cannot be opened'
s=$(screen)
like "$s" 'cannot be opened' "Enter on a broken lesson explains instead of opening"
like "$s" 'lessons done' "and stays in the menu"

keys Up; expect "$STATIONS_SUM"; keys Enter
wait_for 'Stations page one'; ok $? "another lesson opens while one is broken"
keys Escape
wait_for 'lessons done'; ok $? "Esc goes back to the menu"

keys Up; expect "$PANTRY_SUM"; keys Enter
wait_for 'Pantry page one'; ok $? "Enter opens the lesson"
s=$(screen)
like "$s" 'page 1/3' "the title bar shows the page"
like "$s" 'Alpha paragraph for the reader test\. It is long enough to be wrapped at' "prose is reflowed and wrapped to the width"
like "$s" '厨房里的厨师' "wide characters are drawn"
like "$s" '__global__ void scale' "code blocks are shown"
like "$s" 'cropped…' "long code lines are cropped with a marker"
like "$s" '┌─ kitchen' "the analogy is a box"
unlike "$s" 'Bravo' "the second page is not shown yet"

keys n
wait_for 'Pantry page two'; ok $? "n goes to the next page"
s=$(screen)
like "$s" 'page 2/3' "the title bar follows"
c1=$(printf '%s\n' "$s" | awk '/fixture value/ { print index($0, "fixture value") }')
c2=$(printf '%s\n' "$s" | awk '/another value/ { print index($0, "another value") }')
ok $([ -n "$c1" ] && [ "$c1" = "$c2" ]; echo $?) "fact values start in one column ($c1, $c2)"
like "$s" '• first fixture item' "lists have bullets"
like "$s" "Interactive block 'tiling'" "a block slot names its block"
like "$s" 'Enter to open' "and says how to open it"

keys Enter
opened tiling; ok $? "Enter on a slot opens the block"
back_to 'Pantry page two'; ok $? "Esc returns to the same page"
keys o
opened tiling; ok $? "o opens the block too"
back_to 'Pantry page two'; ok $? "and Esc comes back"
keys n
wait_for 'Pantry page three'; ok $? "the last page"
keys Tab Enter
opened matmul; ok $? "Tab focuses the first link (the demo slot), Enter opens it"
back_to 'Pantry page three'; ok $? "Esc returns to the lesson"
keys Tab Enter
wait_for 'Stations page one'; ok $? "Tab moves the focus to the next link (see), Enter follows it"
like "$(screen | tail -1)" 'Esc back' "after a link the hints say Esc goes back, not to the menu"
keys Escape
wait_for 'Pantry page three'; ok $? "back again"
keys p
wait_for 'Pantry page two'; ok $? "p goes back to page two"

keys p
wait_for 'Pantry page one'; ok $? "p goes to the previous page"
unlike "$(screen)" 'Foxtrot' "the end of a long page is below the fold"
keys Space
wait_for 'Foxtrot paragraph'; ok $? "Space scrolls down a screen"
like "$(screen)" 'page 1/3' "within the same page"
keys Space
wait_for 'Pantry page two'; ok $? "Space at the end of a page goes on to the next"
keys b
wait_for 'Foxtrot paragraph'; ok $? "b at the top of a page goes back to the end of the previous one"
keys g
wait_for 'Fixture heading one'; ok $? "g goes to the top of the page"
keys G
wait_for 'Foxtrot paragraph'; ok $? "G goes to the bottom"
resize_to 120 30
s=$(screen)
like "$s" 'Foxtrot paragraph' "a wider terminal relays the page out, keeping the place"
like "$s" 'page 1/3' "on the same page"
resize_to 80 24
like "$(screen)" 'Foxtrot paragraph' "and back at 80x24, still at the same place"
lines() { screen | grep -oE 'lines [0-9]+-[0-9]+ of [0-9]+' | head -1; }
at=$(lines); first=${at#lines }; first=${first%%-*}
keys k; wait_for "lines $((first - 1))-"; ok $? "k scrolls a line up ($at)"
keys j; wait_for "$at"; ok $? "j scrolls a line down"
like "$(screen)" 'page 1/3' "j and k scroll within the page"
keys n
wait_for 'Pantry page two'; ok $? "n again"

keys '?'
wait_for 'this help'; ok $? "? shows the help"
s=$(screen)
like "$s" 'Space PgDn +scroll down a screen; at the bottom, the next page' "help is generated from the reader's key table"
keys End; wait_for 'Ctrl-L'
like "$(screen)" 'Ctrl-L +redraw the screen' "every binding is listed (the last at the help's end)"
keys Escape
wait_for 'Pantry page two'; ok $? "Esc closes the help"

resize 40 10
wait_for 'terminal too small'; ok $? "below 60x20 the guard screen is shown"
like "$(screen | tr -s ' \n' ' ')" 'terminal too small: need 60×20, have 40×10' "it names the needed and actual sizes"
keys n; settle
resize 80 24
wait_for 'Pantry page two'; ok $? "growing back restores the same page"
like "$(screen)" 'page 2/3' "keys pressed while too small were ignored (still page 2)"

: > "$OUT"
keys C-l; settle
ok $(grep -aq 'Pantry page two' "$OUT"; echo $?) "Ctrl-L redraws the whole screen (the page is written again)"
like "$(screen)" 'Pantry page two' "the same screen"

keys q
is "$(wait_exit)" 0 "q quits with status 0"
is "$(pane '#{alternate_on}')" 0 "the main screen is back after q"
stop

# ASCII twins.
launch 80 24 "$CK_BIN" --ascii --lessons "$FIX"
wait_for 'lessons done'; ok $? "the menu is drawn with --ascii"
s=$(screen)
like "$s" '\[!\] +3' "--ascii marks the broken lesson as [!]"
like "$s" '\[x\] +1' "--ascii marks the finished lesson [x]"
like "$s" '\[ \] +2' "--ascii shows an open box for an unfinished lesson"
resize 40 10
wait_for 'too small'; ok $? "guard screen with --ascii"
like "$(screen | tr -s ' \n' ' ')" 'need 60x20, have 40x10' "--ascii uses an ASCII x"
resize 80 24
wait_for 'lessons done'; ok $? "the menu comes back when the terminal grows"
keys Enter
wait_for 'Pantry page two'; ok $? "the lesson opens with --ascii, at the page saved by the first run"
s=$(screen)
like "$s" '\+- block -+' "--ascii boxes use + and -"
like "$s" '\* first fixture item' "--ascii bullets are *"
unlike "$s" '[┌─│…]' "no box-drawing characters with --ascii"
keys q
is "$(wait_exit)" 0 "q quits"

# A locale that is not UTF-8: ASCII glyphs automatically, and no UTF-8
# bytes at all reach the terminal (wide text shows as '?').
fresh; launch 80 24 env LC_ALL=C "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done'; ok $? "the menu is drawn in the C locale"
like "$(screen)" '\[!\] +3' "ASCII marks without --ascii in the C locale"
keys Enter; wait_for 'Pantry page one'; ok $? "the lesson opens in the C locale"
like "$(screen)" 'wide text \?+ for width' "non-ASCII text becomes ?"
keys q
is "$(wait_exit)" 0 "q quits"
ok $(! LC_ALL=C grep -qaP '[\x80-\xff]' "$OUT"; echo $?) "no byte above 0x7f was written in the C locale"
done_testing
