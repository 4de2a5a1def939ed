#!/usr/bin/env bash
# ck-test: quick
# The mouse: button-event tracking in SGR encoding is switched on (and off
# again on exit); a click selects a menu row and a second click opens it;
# the wheel scrolls the reader; --no-mouse leaves the mouse alone.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

# click X Y: a left press and release at 0-based cell X,Y (SGR encoding).
click() { keys_read $'\e'"[<0;$(($1 + 1));$(($2 + 1))M"; keys_read $'\e'"[<0;$(($1 + 1));$(($2 + 1))m"; }
wheel_down() { keys -l $'\e'"[<65;$(($1 + 1));$(($2 + 1))M"; }
wheel_up() { keys -l $'\e'"[<64;$(($1 + 1));$(($2 + 1))M"; }

fresh; launch 80 24 "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done'; ok $? "menu"
ok $(grep -qaF $'\e[?1002h' "$OUT"; echo $?) "button-event tracking (1002) is switched on"
ok $(grep -qaF $'\e[?1006h' "$OUT"; echo $?) "SGR mouse encoding (1006) is switched on"
is "$(pane '#{mouse_button_flag}')" 1 "the terminal reports button events"
is "$(pane '#{mouse_sgr_flag}')" 1 "in SGR encoding"

click 12 3
wait_for "$STATIONS_SUM"; ok $? "a click selects the row under it"
unlike "$(screen)" 'Stations page one' "one click does not open"
click 12 3
wait_for 'Stations page one'; ok $? "a second click on the selected row opens it"
keys Escape; expect 'lessons done'
keys Up; expect "$PANTRY_SUM"; keys Enter
wait_for 'Pantry page one'; ok $? "the first lesson is open"
wheel_down 10 10
wait_for 'lines 4-'; ok $? "the wheel scrolls the page down"
wheel_up 10 10
wait_for 'lines 1-'; ok $? "and back up"
keys n; expect 'Pantry page two'
line=$(screen | grep -n "Interactive block 'tiling'" | cut -d: -f1)
click 10 $((line - 1))
opened tiling; ok $? "a click on a block slot opens it"
keys q
is "$(wait_exit)" 0 "quit"
tail=$(tail -c 400 "$OUT")
ok $([[ "$tail" == *$'\e[?1002l'* ]]; echo $?) "button-event tracking is switched off on exit"
is "$(pane '#{mouse_any_flag}')" 0 "no mouse mode is left on"

fresh; launch 80 24 "$CK_BIN" --no-mouse --lessons "$FIX"
wait_for 'lessons done'; ok $? "menu with --no-mouse"
is "$(pane '#{mouse_any_flag}')" 0 "--no-mouse: the terminal does not report the mouse"
ok $(! grep -qaE $'\e\\[\\?100[0-6]h' "$OUT"; echo $?) "--no-mouse: no mouse mode is requested"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
