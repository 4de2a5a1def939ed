#!/usr/bin/env bash
# ck-test: quick
# devinfo in Chinese, on the recorded H200 (t): the demo's English
# compatibility verdict and host-link line are read back by their formats
# and written in Chinese (results_compat_text, results_link_text).
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
start 80 24 "env -u LC_ALL LANG=zh_CN.UTF-8 $CK_BIN open devinfo"
wait_for "主机链路|未使用" 10; ok $? "devinfo opens in Chinese"
wait_for "devinfo 已完成" 30; ok $? "this machine's run has ended (q would stop it, not quit, while it runs)"
keys t; wait_for "H200" 5; ok $? "t shows the recorded H200"
s=$(screen | tr '\n' ' ' | tr -s ' ')
like "$s" "驱动 [0-9.]+，运行时 [0-9.]+；正常：驱动支持 CUDA [0-9.]+，运行时为 ?[0-9.]+" \
	"the compatibility verdict in Chinese"
like "$s" "PCIe Gen5 x16（当前 Gen5 x16），每个方向 63\.0 GB/s；[0-9]+ 条 ?NVLink 链路在用" \
	"the host link in Chinese"
unlike "$s" "driver supports|per direction|links active" "no English left of either"
quit
done_testing
