#!/usr/bin/env bash
# tiling: stepping the k-loop (Right, Left, g/G, the Home/End keys) and playing (Space)
# move the counters, and at every step checked they equal the closed forms
# of tiling.h, summed block by block here in bash — in all three modes, at
# a tile multiple (n=64) and not (n=70), on 4 SMs and on the 132 SMs
# devinfo reports.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
RB=$(ladder_id "$CK_ROOT/demos/matmul/mm_ladder.h" REGBLOCK) # the mode shows the rung's id
command -v tmux >/dev/null || skip_all "tmux not installed"

# check MODE N T B R SMS WHAT: the screen's counters at its step = formula.
check() {
	local st; st=$(tl_step)
	is "$(tl_shown)" "$(tl_expect "$1" "$2" "$3" "$4" "$5" "$6" "$st")" "$7 (step $st)"
}

# right N: N steps on from the step shown, and waits until they are drawn.
right() {
	local st; st=$(tl_step)
	for ((i = 0; i < $1; i++)); do keys Right; done
	expect "step $((st + $1))/"
}
END='step ([0-9]+)/\1[^0-9]'

make_tree gpu
fresh; launch 80 24 "$TREE_BIN" open tiling
wait_for 'Tiling: how the brigade'; ok $? "tiling opens at 80x24"
like "$(screen)" 'naive, step 0/16 \(wave 0/4\)' "naive mode, n=64 T=16 on 4 SMs: 4 waves of 4 k-tiles"
check naive 64 16 32 4 4 "nothing counted before the first step"
keys Right; keys Right; keys Right
wait_for 'step 3/16'; ok $? "Right steps the k-loop"
check naive 64 16 32 4 4 "naive counters at step 3"
like "$(screen)" 'global loads +98304' "naive: 4 blocks x 256 threads x 48 k x 2 loads"
# x1 is readable: two steps a second, not 16 steps in under 2 s.  Three
# steps of play take at least two intervals of 0.5 s, however loaded the
# machine (a load only makes them slower).
keys Space; t0=$EPOCHREALTIME
expect 'step 6/16'; t1=$EPOCHREALTIME
keys Space; settle
ms=$(( (${t1/./} - ${t0/./}) / 1000 ))
ok $([ "$ms" -ge 900 ]; echo $?) "at speed x1 three steps of play take about 1 s or more (${ms} ms)"
st=$(tl_step)
ok $([ "$st" -gt 3 ]; echo $?) "Space plays and pauses: now at step $st"
check naive 64 16 32 4 4 "naive after playing"
keys Left
wait_for "step $((st - 1))/"; ok $? "Left steps back"
check naive 64 16 32 4 4 "naive after a step back"
keys G; expect 'step 16/16'
check naive 64 16 32 4 4 "naive at the end"
like "$(screen)" 'global loads +524288' "naive at the end: 2*64^3 global loads"

keys m; wait_for 'smem-tiled, step 0/16'; ok $? "m: shared-memory tiled, from step 0"
right 5
check smem-tiled 64 16 32 4 4 "tiled counters at step 5"
like "$(screen)" 'global loads +10240' "tiled at step 5: one wave done, the next one k-tile in"
like "$(screen)" '= the closed-form counts' "the screen agrees with its own formulas"
for i in 1 2 3 4 5 6; do keys ']'; done
wait_for 'n=70'; ok $? "] raises n to 70, not a multiple of 16"
keys G; expect "$END"
check smem-tiled 70 16 32 4 4 "tiled n=70 at the end"
like "$(screen)" 'global loads +49000' "2*70^2*ceil(70/16) global loads"
like "$(screen)" 'multiply-adds +512000' "80^3 FMAs executed over the padded tiles"
keys g; expect 'step 0/'; right 2
check smem-tiled 70 16 32 4 4 "tiled n=70 after Home and two steps"

keys m; wait_for "$RB, step 0"; ok $? "m: register-blocked"
like "$(screen)" 'block 32x32, 4x4 per thread \(64 threads\), k-step 8' "its block and micro-tile"
right 7
check regblock 70 16 32 4 4 "regblock n=70 at step 7"
keys G; expect "$END"
like "$(screen)" 'global loads +29400' "2*70^2*3 global loads"
like "$(screen)" 'shared loads +331776' "2*96^2*72/4 shared loads"
keys u; wait_for '8x8 per thread'; ok $? "u: 8x8 micro-tiles"
keys G; expect "$END"
check regblock 70 16 32 8 4 "regblock 8x8 at the end"
keys T; wait_for 'block 64x64'; ok $? "T doubles the block tile"
right 2
check regblock 70 16 64 8 4 "regblock 64x64 after two steps"

devinfo_done
keys s; wait_for '132 SMs \(H200, here\)'; ok $? "s: the GPU's own 132 SMs, measured here by devinfo"
keys m; expect 'naive, step 0/'; right 3
check naive 70 16 64 8 132 "naive on 132 SMs: one wave"
like "$(screen)" '1 wave x 5 k-steps, colour = SM mod 8' "colours say mod 8"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
