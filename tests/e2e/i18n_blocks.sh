#!/usr/bin/env bash
# ck-test: quick
# The gpu-map and tiling blocks in Chinese at 80x24 (LANG=zh_CN.UTF-8, no
# LC_ALL): Chinese labels in the tray with its right border in one column,
# a role in lesson 2's words after a right drop, and the tiling counters
# with their numbers right-aligned in one column.
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
zh() { start 80 24 "env -u LC_ALL -u LC_MESSAGES LANG=zh_CN.UTF-8 $CK_BIN $*"; }
# display column (1-based) where the last │ of each line ends, distinct values
last_bar_cols() { while IFS= read -r l; do p=${l%│*}; printf '%s\n' "$p" | wc -L; done | sort -u; }

zh open gpu-map
wait_for "GPU 结构图" 5; ok $? "gpu-map opens in Chinese"
s=$(screen)
for w in "主机 CPU" "流式多处理器 SM" "HBM（显存）" "线程束调度器" "张量核心" "L1 / 共享内存" " 标签 "; do
	like "$s" "$w" "tray shows $w"
done
is "$(printf '%s\n' "$s" | sed -n '3,17p' | last_bar_cols | wc -l)" 1 "the tray's right border is one column on every row"
like "$s" "把每个标签放到对应的部件上" "instructions in Chinese"
# take the first label (L2 缓存) and drop it on the L2 strip: click it
keys Enter
wait_for "拿着“L2 缓存”"; ok $? "carrying a label, said in Chinese"
stop

zh open tiling
wait_for "分块" 5; ok $? "tiling opens in Chinese"
keys Right Right; expect ' 2/16'; settle
s=$(screen)
like "$s" "全局内存读取 +[0-9]+" "counters in Chinese"
cols=$(printf '%s\n' "$s" | grep -E '(全局内存读取|共享内存读取|乘加次数) +[0-9]+$' | while IFS= read -r l; do printf '%s\n' "$l" | wc -L; done | sort -u | wc -l)
is "$cols" 1 "the three counters end in one column"
rows=$(printf '%s\n' "$s" | grep -E '(整次运行 +naive smem-tiled  regblock|(全局|共享|乘加) +[0-9.MG]+ +[0-9.MG]+ +[0-9.MG]+)$')
is "$(printf '%s\n' "$rows" | wc -l)" 4 "the totals table: a header and three rows"
is "$(printf '%s\n' "$rows" | while IFS= read -r l; do printf '%s\n' "$l" | wc -L; done | sort -u | wc -l)" 1 \
	"the totals table ends in one column"
keys c
wait_for "把卷积变成矩阵乘法"; ok $? "the convolution view in Chinese"
keys q
done_testing
