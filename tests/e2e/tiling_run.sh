#!/usr/bin/env bash
# tiling: r runs the matmul demo at the model's size and shows the measured
# times of naive, smem-tiled and regblock next to the traffic ratio the
# model predicts for the demo's tiles — live on a GPU (a stand-in printing
# a run measured on an H200), or on a CPU fallback next to the recorded
# H200 run, each labelled.  The run's speedups go to progress.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
MM_H="$CK_ROOT/demos/matmul/mm_ladder.h"   # the mode and the CPU times show rung ids
RB=$(ladder_id "$MM_H" REGBLOCK) CN=$(ladder_id "$MM_H" CPU_NAIVE) CB=$(ladder_id "$MM_H" CPU_BLOCKED)
command -v tmux >/dev/null || skip_all "tmux not installed"
PFILE="$XDG_STATE_HOME/cudakitchen/progress.yaml"

make_tree gpu; add_matmul gpu
fresh; launch 80 24 "$TREE_BIN" open tiling
wait_for 'Tiling: how the brigade'; ok $? "tiling opens"
like "$(screen)" 'r: run the matmul demo at n=64' "r is offered at the model's size"
keys r
wait_for 'live on NVIDIA H200, n=64:'; ok $? "r: live results, labelled with the GPU"
s=$(flat)
like "$s" 'ms: naive 0\.0395 +tiled 0\.00659 +regblock[ ·]+0\.00874' "the three rungs' median times"
like "$s" 'time naive/tiled 6\.0x, tiled/regblock 0\.8x' "measured ratios"
like "$(flat)" 'global-load model: 32x, 1\.3x \(T 32; 32x64, 4x4\)' "next to the predicted global-load ratios for the demo's tiles"
keys q
is "$(wait_exit)" 0 "quit"
like "$(cat "$PFILE")" 'speedups: .*matmul' "the run's speedups are saved with progress"

make_tree cpu; add_matmul cpu
fresh; launch 80 24 "$TREE_BIN" open tiling
wait_for 'Tiling: how the brigade'; ok $? "tiling on a machine without a GPU"
keys r
wait_for 'CPU fallback, n=64 \(no CUDA driver\)'; ok $? "r: the CPU fallback, labelled with why"
s=$(flat)
like "$s" "ms: $CN 0\\.0687 +$CB 0\\.0442" "with the CPU variants' times"
like "$s" 'recorded on NVIDIA H200, 2026-11-29, n=1024:' "next to the recorded H200 run, labelled"
like "$s" 'ms: naive 4\.42 +tiled 0\.258 +regblock 0\.126' "its times"
like "$s" 'time naive/tiled 17\.2x, tiled/regblock 2\.0x' "measured ratios"
if printf '%s' "$s" | grep -q 'whole run'; then
	like "$s" 'FMAs +[0-9]+ +[0-9]+ +[0-9]+' "the whole-run table is drawn whole at 80x24, or not at all"
else
	ok 0 "the whole-run table is left out at 80x24 rather than cut"
fi
like "$s" 'global-load model: 32x, 1\.3x' "and the predicted ones"
keys q
is "$(wait_exit)" 0 "quit"

# n not a multiple of the tile, in regblock mode: the padding note takes
# rows, and the run's whole result still fits at 80x24
fresh; launch 80 24 "$TREE_BIN" open tiling
expect 'Tiling: how the brigade'
keys '}' '}' '}' '['; expect 'n=111'; keys m m; expect "$RB, step"
wait_flat 'includes padded FMAs'; ok $? "n=111 regblock: the padding note is shown"
keys r
wait_for 'CPU fallback, n=111 \(no CUDA driver\)'; ok $? "r at n=111: the CPU fallback, its reason cut to its first clause"
s=$(flat)
like "$s" "ms: $CN [0-9.]+" "the CPU times are shown at 80x24"
like "$s" 'global-load model: ' "and the recorded comparison to its last line"
like "$s" "global loads, naive / $RB: [0-9.]+x" "the traffic ratio stays, on one line"
keys q
is "$(wait_exit)" 0 "quit"

# At 60x20 the result takes the rows of the step counters
fresh; launch 60 20 "$TREE_BIN" open tiling
expect 'Tiling: how the brigade'
keys m m; expect "$RB, step"; keys r
wait_for 'CPU fallback, n=64'; ok $? "r at 60x20"
s=$(flat)
like "$s" 'recorded on NVIDIA H200' "the recorded run is on the screen at 60x20"
like "$s" 'global-load model: 32x, 1\.3x' "down to the model's ratios"
keys q
is "$(wait_exit)" 0 "quit"

make_tree none
fresh; launch 80 24 "$TREE_BIN" open tiling
expect 'Tiling'; keys r
wait_for 'matmul did not start'; ok $? "without a matmul program: a message, no crash"
keys Right
wait_for 'step 1/16'; ok $? "the animation still works"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
