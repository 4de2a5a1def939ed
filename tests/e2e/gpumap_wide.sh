#!/usr/bin/env bash
# gpu-map in Chinese: a label carried over the board passes across the
# placed, double-width "主机 CPU" tag; once it has moved on, that row is
# whole again (no half character left, nothing shifted).
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
start 80 24 "env -u LC_ALL LANG=zh_CN.UTF-8 $CK_BIN --no-mouse open gpu-map"
wait_for "GPU 结构图" 5; ok $? "gpu-map opens in Chinese"
wait_gone "devinfo 运行中"; ok $? "devinfo has reported this machine"
keys Tab Tab Enter; keys Enter; expect "✓ 主机 CPU："       # place the host CPU
like "$(screen)" "主机 CPU════│" "the host CPU placed, its tag on the board"
like "$(screen)" "✓ 主机 CPU：" "its role follows a full-width colon"
like "$(screen)" "（本机）" "and its figure's source is in full-width parentheses"
for i in 1 2 3 4 5 6; do keys Tab; done; keys Enter   # take L1 / shared memory
keys z; keys z
keys Right; keys Right; keys Right; settle
s=$(screen)
like "$s" "共享内存\]" "the label is carried across the board"
like "$s" "^主机 CPU════│" "the row it passed over is whole again"
unlike "$s" "主  CPU|^主 " "no half-drawn wide character left behind"
keys Escape; settle
# a wrong drop on the link beside the host CPU: the frame after the drop
# is sent whole too, so nothing of the label is left on that row
for i in 1 2 3 4 5 6 7 8 9 10 11; do   # take the memory controller
	keys Tab; keys Enter; settle
	printf '%s' "$(screen)" | grep -q "内存控制器\]" && break
	keys Escape; settle
done
like "$(screen)" "内存控制器\]" "the memory controller is carried"
keys Tab; keys Enter; settle                            # dropped on the link: wrong
s=$(screen)
like "$s" "^主机 CPU════│" "after the wrong drop the host CPU's row is whole"
unlike "$s" "主  CPU|^主 |▪ \] ▪" "no half character or stray bracket left behind"
like "$(printf '%s\n' "$s" | grep "主机 CPU════")" '│ │[^│]*│$' "and the tray's border is there"
keys q; wait_for '^\[exit 0\]'; ok $? "quit"
stop

# With the mouse, a label dragged to column 1 covers half of 主: the whole
# character is blanked, and the row keeps its place (the tray's border too)
. "$(dirname "$0")/gpumap_lib.bash"
start 80 24 "env -u LC_ALL LANG=zh_CN.UTF-8 $CK_BIN open gpu-map"
expect "GPU 结构图"
keys Tab Tab Enter; keys Enter; expect "✓ 主机 CPU："
s=$(screen)
hostrow=$(printf '%s\n' "$s" | grep -n "主机 CPU════" | head -1 | cut -d: -f1)
l2row=$(printf '%s\n' "$s" | grep -n "│L2 缓存" | head -1 | cut -d: -f1)
line=$(printf '%s\n' "$s" | sed -n "${l2row}p"); pre=${line%%L2 缓存*}
l2col=$(printf '%s' "$pre" | wc -L)
m_press "$l2col" $((l2row - 1)); m_drag 20 $((hostrow - 1)); m_drag 1 $((hostrow - 1)); wait_line "$hostrow" '^ \[L2 '

row=$(screen | sed -n "${hostrow}p")
like "$row" '^ \[L2 缓存\]══│' "a label over half of 主 blanks the whole character"
like "$row" '│ +│[^│]*│$' "and the row keeps its columns, the tray's border included"
keys Escape; keys q; wait_for '^\[exit 0\]'; ok $? "quit"
done_testing
