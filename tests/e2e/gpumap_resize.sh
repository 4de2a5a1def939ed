#!/usr/bin/env bash
# ck-test: quick
# gpu-map survives resizing to 60x20 and back with a label in hand: the
# layout is computed again, every tray label stays on screen, and the game
# goes on where it was.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

make_tree gpu
fresh; launch 80 24 "$TREE_BIN" open gpu-map
wait_for 'GPU map: label the kitchen'; ok $? "gpu-map at 80x24"
devinfo_done
like "$(screen)" '┌─ GPU board ─' "at 80x24 one mark per SM: the board's plain title"
keys Enter; for t in 1 2 3 4; do keys Tab; done; keys Enter
wait_for '✓ L2 cache: '; ok $? "one label placed"
keys Enter
wait_for "Carrying 'FP32 CUDA cores'"; ok $? "the next label taken"
resize_to 60 20
s=$(screen)
is "$(screen | wc -l)" 20 "the pane is 60x20"
like "$s" 'placed 1/11' "the game is where it was"
like "$s" '┌─ 49 of 132 SMs drawn ─' "a board too small for every SM says how many it drew (49 marks fit at 60x20)"
# (46 marks show: the carried label covers three)
is "$(printf '%s\n' "$s" | grep -o '▪' | wc -l)" 46 "and it drew that many, three under the carried label"
unlike "$s" 'too small' "60x20 is big enough"
missing=0
for l in "${TRAY[@]}"; do
	[ "$l" = "FP32 CUDA cores" ] && continue
	printf '%s\n' "$s" | grep -q -- "$l" || { missing=$((missing + 1)); echo "# missing: $l"; }
done
is "$missing" 0 "every other label is still in the tray"
like "$s" '\[FP32 CUDA cores\]' "the carried label still hovers over the drawing"
keys z
wait_for 'one SM of 132'; ok $? "the SM view at 60x20"
keys Tab; keys Enter
wait_for '✓ FP32 CUDA cores: '; ok $? "dropping it at 60x20 works"
resize_to 80 24
s=$(screen)
is "$(screen | wc -l)" 24 "back to 80x24"
like "$s" 'placed 2/11 +attempts 2' "both placements kept"
like "$s" 'FP32 CUDA cores' "the cores keep their label"
keys z; expect 'GPU board'
wait_line 16 'L2 cache'; ok $? "the L2 label sits on the L2 strip in the new layout"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
