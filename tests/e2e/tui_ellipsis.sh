#!/usr/bin/env bash
# Text cut for room says so: at 60 columns a menu summary longer than its
# three lines ends in an ellipsis, and so does gpu-map's legend at 60x20.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
launch 60 20 "$CK_BIN"
wait_for 'lessons'
keys Home; for i in 1 2 3 4 5 6 7 8; do keys Down; done; sleep 0.3   # lesson 9, cuBLAS
s=$(screen)
like "$s" 'Calling NVIDIA.s matrix library' "the cuBLAS lesson's summary is shown"
like "$(printf '%s\n' "$s" | tail -2 | head -1)" '…$' "its third line ends in an ellipsis: there is more"
quit
launch 60 20 "env -u LC_ALL LANG=zh_CN.UTF-8 $CK_BIN" --no-mouse open gpu-map
wait_for 'GPU 结构图'; sleep 0.3
like "$(screen | tail -3)" '…' "the Chinese gpu-map legend, cut at 60x20, ends in an ellipsis"
quit
done_testing
