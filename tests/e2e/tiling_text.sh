#!/usr/bin/env bash
# tiling, what a learner reads (QA walkthrough): no source file names; at
# n=65 the padded FMAs of the tiled modes are explained; the whole-run table
# uses one number format; a clipped C grid says how much it shows; at 60x20
# the grid line wraps instead of being cut; in the convolution view Space
# plays and the key line lists that view's keys.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

make_tree none
fresh; launch 80 24 "$TREE_BIN" open tiling
wait_for 'Tiling: how the brigade'; ok $? "tiling opens"
unlike "$(screen)" '\.h\)|tiling\.h|\.c\b' "no source file names on screen"
like "$(screen)" '= the closed-form counts' "the check against the formulas, in words"
unlike "$(flat)" 'padded FMAs' "n=64: nothing padded, no note"
keys ']'; keys m
wait_for 'n=65'; ok $? "] makes n 65"
expect 'smem-tiled, step'
wait_flat 'includes padded FMAs on the edge tiles'; ok $? "smem-tiled at n=65 explains its padded FMAs"
for i in $(seq 12); do keys '}'; done
wait_for 'n=256'; ok $? "} up to n=256"
stop_wait

fresh; launch 100 30 "$TREE_BIN" open tiling
expect 'Tiling: how the brigade'
for i in $(seq 12); do keys '}'; done; keys t
wait_for '32x32 blocks'; ok $? "n=256 with T=8: a 32x32 grid"
settle
like "$(flat)" '… [0-9]+ of 32 columns, +[0-9]+ of 32 +rows shown' "the clipped grid says what it shows"
rows=$(screen | grep -oE '(global|shared|FMAs) +[0-9.]+[MG]? +[0-9.]+[MG]? +[0-9.]+[MG]? *$')
like "$rows" 'global +33\.6M +4\.2M +1\.0M' "whole-run counts in M, the small ones too"
unlike "$rows" '[0-9]{5,}' "none written in full next to them"
stop_wait

fresh; launch 60 20 "$TREE_BIN" open tiling
expect 'Tiling: how the brigade'
like "$(flat)" '4 waves x 4 +k-steps, colour = SM' "at 60x20 the grid line wraps, nothing cut"
keys c; expect 'Convolution as a matrix'
like "$(flat)" 'Space play +Left/Right step +\+/- speed +r run matmul +c convolution' "the conv view lists its own keys"
unlike "$(flat)" 'micro-tile' "and not the tiling's"
keys Space
wait_gone 'o0 = \['; ok $? "Space plays: the output moves on by itself"
like "$(screen | tail -4)" 'Space pause' "and the key legend offers pause"
keys q
is "$(wait_exit)" 0 "quit"

# The key help breaks only between groups: at 60 columns in Chinese no key
# is parted from what it does.
fresh; launch 60 20 "env -u LC_ALL LANG=zh_CN.UTF-8 $TREE_BIN open tiling"
expect 'n=64'
s=$(screen)
like "$s" 's SM 数' "the 's' key stays with 'SM 数'"
like "$s" '\{/\} n-/\+16（n 4\.\.256）' "and '{/}' with its range"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
