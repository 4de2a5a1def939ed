#!/usr/bin/env bash
# ck-test: quick
# gpu-map at 200x60: the board draws one mark per SM of the GPU it shows
# (132 on the H200 devinfo reports), not as many as the screen holds.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

make_tree gpu
fresh; launch 200 60 "$TREE_BIN" --no-mouse open gpu-map
wait_for 'GPU map: label the kitchen'; ok $? "gpu-map at 200x60"
devinfo_done
is "$(screen | grep -o '▪' | wc -l)" 132 "132 SM marks for a 132-SM GPU"
# spread over the part in a grid of its shape, not two strips along its top
sm_rows=$(screen | grep -c '▪')
ok $([ "$sm_rows" -ge 6 ]; echo $?) "the 132 SMs fill a grid of $sm_rows rows, not a strip of 2"
resize_to 80 24
n=$(screen | grep -o '▪' | wc -l)
ok $([ "$n" -gt 0 ] && [ "$n" -le 132 ]; echo $?) "at 80x24 no more than 132 either ($n)"
quit
done_testing
