#!/usr/bin/env bash
# tiling survives resizing to 60x20 and back: the counters keep their
# values (still equal to the formulas), the grid and the convolution view
# are drawn again to the new size.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

make_tree none
fresh; launch 80 24 "$TREE_BIN" open tiling
wait_for 'Tiling: how the brigade'; ok $? "tiling at 80x24"
keys m; for i in 1 2 3 4 5 6; do keys Right; done
wait_for 'smem-tiled, step 6/16'; ok $? "tiled, step 6"
before=$(tl_shown)
is "$before" "$(tl_expect smem-tiled 64 16 32 4 4 6)" "counters = formula"
resize_to 60 20
is "$(screen | wc -l)" 20 "the pane is 60x20"
s=$(screen)
unlike "$s" 'too small' "60x20 is big enough"
like "$s" 'smem-tiled, step 6/16' "same mode and step"
is "$(tl_shown)" "$before" "same counters at 60x20"
like "$s" 'A\\B' "the grid is drawn"
keys Right; expect 'step 7/16'
is "$(tl_shown)" "$(tl_expect smem-tiled 64 16 32 4 4 7)" "stepping at 60x20 still matches the formula"
keys c
wait_for 'o8 \| m n o r s t w x y'; ok $? "the convolution view fits 60x20"
keys c; expect 'step 7/16'

resize_to 80 24
is "$(screen | wc -l)" 24 "back to 80x24"
is "$(tl_shown)" "$(tl_expect smem-tiled 64 16 32 4 4 7)" "counters kept"
like "$(screen)" 'whole run +naive smem-tiled +regblock' "the whole-run table is back at 80x24"
keys q
is "$(wait_exit)" 0 "quit"
# At 200x60 the grid grows with the screen instead of leaving most of it empty
fresh; launch 200 60 "$CK_BIN" open tiling
expect 'Tiling: how the brigade'; settle
rows=$(screen | grep -c '[^ ]')
ok $([ "$rows" -ge 30 ]; echo $?) "at 200x60 most rows are used ($rows of 60)"
cell=$(screen | grep -oE '·{8,} ' | head -1)
ok $([ -n "$cell" ]; echo $?) "the grid's cells are wider than at 80x24 ('$cell')"
quit
done_testing
