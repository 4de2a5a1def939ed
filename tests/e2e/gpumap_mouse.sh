#!/usr/bin/env bash
# ck-test: quick
# gpu-map with the mouse: an SGR press on a tray label, drags (button-event
# tracking) and a release over a part move the label there; over the wrong
# part it goes back with a hint; outside the drawing it just goes back.  A
# click on a view tab switches view.  Mouse modes are off after quitting.
# Positions are the 80x24 layout: tray slot i on row 2+i from column 61;
# the host at rows 7-11, columns 0-7; the SMs at rows 3-12, columns 13-44.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

make_tree gpu
fresh; launch 80 24 "$TREE_BIN" open gpu-map
wait_for 'GPU map: label the kitchen'; ok $? "gpu-map opens"
ok $(grep -qaF $'\e[?1002h' "$OUT"; echo $?) "button-event tracking (1002) is on"
ok $(grep -qaF $'\e[?1006h' "$OUT"; echo $?) "SGR encoding (1006) is on"
devinfo_done
m_press 14 1; m_release 14 1
wait_for 'one SM'; ok $? "a click on the SM tab switches view"
m_press 2 1; m_release 2 1
wait_for 'GPU board'; ok $? "a click on the GPU tab switches back"

m_press 65 4; m_drag 40 8
wait_line 9 '^.{40}\[Host CPU\]'; ok $? "pressing 'Host CPU' and dragging carries it under the pointer"
like "$(screen | sed -n 5p)" '\(carried\)' "its slot shows it is carried"
m_drag 20 9; m_drag 3 9; settle
unlike "$(screen | sed -n 9p)" '^.{40}\[Host CPU\]' "the label follows the drag"
m_release 3 9
wait_for '✓ Host CPU: '; ok $? "released over the host: placed"
like "$(screen | sed -n 5p)" '✓ Host CPU' "ticked in the tray"
like "$(screen | sed -n 10p)" '^Host CPU' "and written on the host"
like "$(screen)" 'placed 1/11 +attempts 1' "one attempt, one placed"

m_press 63 2; m_drag 30 6; m_release 30 6
wait_for "Not there: 'L2 cache'"; ok $? "'L2 cache' released over the SMs: sent back"
like "$(screen | sed -n 3p)" '│L2 cache +│' "back in its slot"

m_press 63 2; m_drag 5 3; m_release 5 3
wait_for 'dropped outside the drawing'; ok $? "released outside any part: back to the tray"
like "$(screen)" 'attempts 2' "no attempt counted"

m_press 63 2; m_drag 25 14; m_release 25 14
wait_for '✓ L2 cache: '; ok $? "dragged onto the L2 strip: placed"

m_press 63 3; m_drag 40 9; m_press 3 9; m_release 3 9
wait_for "Not there: 'FP32 CUDA cores'"; ok $? "a label whose release went missing is dropped by the next click (on the host: wrong)"

m_press 14 1; m_release 14 1
wait_for 'one SM of 132'; ok $? "a click on the SM tab shows one SM (of the 132 devinfo reports)"
m_press 63 5; m_drag 30 4; m_release 30 4
wait_for "Not there: 'Register file'"; ok $? "dragging 'Register file' onto the schedulers is wrong"
like "$(flat)" 'strip under the cores' "with a hint"
keys q
is "$(wait_exit)" 0 "quit"
ok $([[ "$(tail -c 400 "$OUT")" == *$'\e[?1002l'* ]]; echo $?) "button-event tracking is off on exit"
is "$(pane '#{mouse_any_flag}')" 0 "no mouse mode is left on"
done_testing
