#!/usr/bin/env bash
# Text cut for room says so: at 60 columns a menu summary longer than its
# three lines ends in an ellipsis, and so does gpu-map's legend at 60x20.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
launch 60 20 "$CK_BIN"
expect 'lessons'
keys Home; for i in 1 2 3 4 5 6 7 8; do keys Down; done   # lesson 9, cuBLAS
wait_for 'Calling NVIDIA.s matrix library'; ok $? "the cuBLAS lesson's summary is shown"
settle; s=$(screen)
like "$(printf '%s\n' "$s" | tail -2 | head -1)" '…$' "its third line ends in an ellipsis: there is more"
quit
launch 60 20 "env -u LC_ALL LANG=zh_CN.UTF-8 $CK_BIN" --no-mouse open gpu-map
expect 'GPU 结构图'; wait_gone 'devinfo 运行中'; ok $? "devinfo has reported"; settle
like "$(screen | tail -3)" '…' "the Chinese gpu-map legend, cut at 60x20, ends in an ellipsis"
quit
done_testing
