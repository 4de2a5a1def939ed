#!/usr/bin/env bash
# tiling: its mode tabs take a click, as gpu-map's view tabs do (row 1:
# "[naive] [smem-tiled] [regblock]"); the grid line says what tells the SMs
# apart: "colour = SM", or "mark = SM" (the SM's number in each cell)
# without colour; in Chinese 颜色 / 标记.  At 80x24.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
make_tree none
mode() { screen | grep -oE '(naive|smem-tiled|regblock), step' | head -1; }
fresh; launch 80 24 "$TREE_BIN" open tiling
wait_for '\[naive\] \[smem-tiled\] \[regblock\]'; ok $? "tiling opens on its mode tabs"
like "$(screen)" "colour = SM" "with colour: colour = SM"
like "$(mode)" "^naive" "naive first"
m_press 12 1; m_release 12 1
wait_for ' smem-tiled, step'; ok $? "a click on [smem-tiled] picks it"
m_press 26 1; m_release 26 1
wait_for ' regblock, step'; ok $? "a click on [regblock] picks it"
m_press 40 1; m_release 40 1; settle
like "$(mode)" "^regblock" "a click beside the tabs changes nothing"
m_press 2 1; m_release 2 1
wait_for ' naive, step'; ok $? "a click on [naive] goes back"
quit
fresh; launch 80 24 "$TREE_BIN" --no-color open tiling
wait_for 'mark = SM'; ok $? "without colour: mark = SM"
unlike "$(screen)" "colour = SM" "not a colour that is not there"
quit
fresh; launch 80 24 "$TREE_BIN" --lang zh open tiling
wait_for '颜色 = SM'; ok $? "zh: 颜色 = SM"
quit
fresh; launch 80 24 "$TREE_BIN" --lang zh --no-color open tiling
wait_for '标记 = SM'; ok $? "zh without colour: 标记 = SM"
quit
done_testing
