#!/usr/bin/env bash
# gpu-map: a label taken with the mouse is carried as one taken with the
# keys: a click (press and release on the tray) takes it, it hovers over the
# first part with the same message and key hints as Enter gives, a click on
# a part drops it; a key pressed while dragging carries on from the part
# under the pointer; the part under a dragged label is highlighted; and
# Shift-Tab moves a carried label back a part (picks the previous label
# otherwise).  At 80x24 (positions as gpumap_mouse.sh) and in Chinese.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
make_tree gpu
hints() { screen | tail -1; }
fresh; launch 80 24 "$TREE_BIN" open gpu-map
wait_for 'GPU map: label the kitchen'; ok $? "gpu-map opens"
devinfo_done
keys Enter
wait_for "Carrying 'L2 cache'"; ok $? "Enter takes the picked label"
by_keys=$(hints)
like "$by_keys" "Enter drop +Esc put back" "carried by keys: the keys that drop it and put it back"
keys Escape; wait_gone "Carrying"
m_press 65 4; m_release 65 4
wait_for "Carrying 'Host CPU'\. Drop it on the part it names\."; ok $? "a click on a label takes it, with the keys' message"
is "$(hints)" "$by_keys" "and the same key hints as Enter gives"
like "$(screen | sed -n 10p)" '^\[Host CPU\]' "it hovers over the first part (the host), as after Enter"
unlike "$(screen)" "dropped outside" "a click is no drop outside the drawing"
keys BTab
wait_for '│▪ [▪ ]*\[Host CPU\]▪'; ok $? "Shift-Tab: back to the previous part (the SMs, the last in Tab order)"
m_press 3 9; m_release 3 9
wait_for '✓ Host CPU: '; ok $? "a click on the host drops it there: placed"
keys BTab; settle
like "$(screen | sed -n 13p)" '│Memory controllers +│' "Shift-Tab picks the previous label in the tray"
# the part under a dragged label: the SMs light up while the label is over them
m_press 63 2; m_drag 5 3; settle
plain=$(tmux -L "$T_SOCK" capture-pane -e -p -t t | sed -n 5p)
m_drag 20 5; settle
over=$(tmux -L "$T_SOCK" capture-pane -e -p -t t | sed -n 5p)
ok $([ "$plain" != "$over" ] && echo 0 || echo 1) "dragged over the SMs: their row is drawn otherwise (highlighted)"
like "$(screen | tail -1)" "Enter drop +Esc put back" "dragging: the carrying keys on the status line"
keys Enter
wait_for "Not there: 'L2 cache'"; ok $? "Enter while dragging drops on the part under the pointer"
quit
fresh; launch 80 24 "$TREE_BIN" --lang zh open gpu-map
wait_for 'GPU 结构图'; ok $? "zh gpu-map opens"
devinfo_done
m_press 65 4; m_release 65 4
wait_for "拿着“主机 CPU”。把它放到它所指的部件上。"; ok $? "zh: a click takes the label, with the carrying message"
like "$(hints)" "Enter 放下 +Esc 放回" "zh: and the carrying keys"
quit
done_testing
