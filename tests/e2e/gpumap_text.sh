#!/usr/bin/env bash
# gpu-map, what a learner reads (QA walkthrough): a placed label in the
# tray is whole ("✓ Memory controllers"); a label carried over a part near
# the board's edge keeps the board's frame; at 60x20 a long role and its
# figure are shown whole (the panel grows over the drawing), the figure's
# source on the panel's rule.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
squeeze() { screen | tr '\n' ' ' | tr -s ' '; }

make_tree gpu
fresh; launch 80 24 "$TREE_BIN" --no-mouse open gpu-map
expect 'GPU map: label the kitchen'; devinfo_done
keys Enter; keys Tab; keys Tab; expect '\[L2 cache\]'; settle   # L2 cache carried over HBM, at the board's right edge
like "$(screen | grep -F '[L2 cache]')" '\[L2 cache\]│ +│' "the carried label stops at the board's frame"
keys Escape; wait_gone 'Carrying'; ok $? "Esc puts the label back"
for i in $(seq 10); do keys Down; done
keys Enter; keys Tab; keys Tab; keys Tab; keys Enter   # Memory controllers
wait_for '✓ Memory controllers: '; ok $? "Memory controllers placed"
like "$(screen)" '│✓ Memory controllers *│' "the tray shows the placed label whole"
quit

fresh; launch 60 20 "$TREE_BIN" --no-mouse open gpu-map
expect 'GPU map: label the kitchen'; devinfo_done
keys Down; keys Enter; keys z; keys Tab; keys Enter   # FP32 CUDA cores
wait_for '✓ FP32 CUDA cores: '; ok $? "FP32 CUDA cores placed at 60x20"
s=$(squeeze)
like "$s" 'per thread per instruction\.' "the whole role, its last line included"
like "$s" 'at up to 1980 MHz' "the figure whole, its unit included"
like "$(screen)" '── measured on this machine: NVIDIA H200 ─' "the figure's source on the panel's rule"
like "$(screen | tail -1)" 'Esc back +\? help +q quit *$' "the key hints stay"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
