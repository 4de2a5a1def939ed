#!/usr/bin/env bash
# tiling: c opens the convolution view — a 5x5 input, a 3x3 filter and the
# 9x9 im2col matrix whose rows are the filter's windows; Right steps to the
# next output and shows its window; c goes back to the tiling animation,
# which kept its step.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

make_tree none
fresh; launch 80 24 "$TREE_BIN" open tiling
wait_for 'Tiling: how the brigade'; ok $? "tiling opens"
keys Right; keys Right; expect 'step 2/16'
keys c
wait_for 'Convolution as a matrix multiply \(im2col\)'; ok $? "c: the convolution view"
s=$(screen)
like "$s" 'o0 \| a b c f g h k l m \|' "im2col row 0: the top-left window"
like "$s" 'o8 \| m n o r s t w x y \|' "row 8: the bottom-right window"
like "$s" 'o0 = \[a b c f g h k l m\]' "output 0's window times the filter"
keys Right; keys Right; keys Right; keys Right
wait_for 'o4 = \[g h i l m n q r s\]'; ok $? "Right steps to output 4, the centre window"
keys Left
wait_for 'o3 = \[f g h k l m p q r\]'; ok $? "Left steps back"
like "$(flat)" 'implicit-GEMM' "the text says how cuDNN computes it"
keys c
wait_for 'step 2/16'; ok $? "c goes back; the animation kept its step"
keys q
is "$(wait_exit)" 0 "quit"

# At 60x20 the view is whole: its headings and the current product fit
fresh; launch 60 20 "$TREE_BIN" open tiling
expect 'Tiling'; keys c; expect 'im2col'
s=$(screen)
like "$s" 'im2col: 9 outputs x 9 taps \. filter$' "the im2col heading is whole at 60 columns"
like "$s" 'o0 = \[a b c f g h k l m\] \. \[1 2 3 4 5 6 7 8 9\]' "and so is the current product"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
