#!/usr/bin/env bash
# The multigpu screen in tmux at 60x20, 80x24 and 200x60, in English and
# Chinese, as a learner without a GPU sees it: the bus-bandwidth model,
# labelled as arithmetic, and what was not run; beside it a recorded run
# (the fixture shaped like a two-GPU run, standing in for
# demos/results/h200.yaml, which holds no several-GPU run): the link grid
# with the measured GB/s, NCCL's bus bandwidth by size, the split's
# scaling bars (with their ASCII twin), scrolling where the page is long.
# Without a recorded run the screen says none is recorded.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/demo_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
[ -x "$CK_BUILD/demos/multigpu" ] || skip_all "$CK_BUILD/demos/multigpu not built (make demos)"
demo_screen multigpu || exit 1
ckd="$T_TMP/ck"
cp "$CK_ROOT/tests/fixtures/results/mg-fixture.yaml" "$ckd/demos/results/h200.yaml"
ck=$DEMO_TUI

start 200 60 "$ck open multigpu"
wait_for "multigpu finished" 20; ok $? "200x60: the CPU run finishes"; settle
s=$(screen)
like "$s" "^ Yours: CPU fallback, the model at 1G" "200x60: yours is the model, labelled with its size"
like "$s" "^ The model, not a measurement" "200x60: the model says it is not a measurement"
like "$s" "^ all-reduce +n=2: 1\.000 +n=4: 1\.500 +n=8: 1\.750" "200x60: all-reduce's factor 2(n-1)/n"
like "$s" "^ No GPU here: nothing was measured" "200x60: and that nothing was measured"
like "$s" "^ Reference: recorded on Fixture GPU" "200x60: the recorded run below"
like "$s" "^ GPU0 self +NV18 398" "200x60: the link grid: the pair's NVLink links and its measured GB/s"
like "$s" "^ GPU1 NV18 384 +self" "200x60: each direction its own cell"
like "$s" "^ +4K +16K .* 1G *$" "200x60: every size of the sweep"
like "$s" "^ all-reduce +0\.1 .* 297\.7 *$" "200x60: all-reduce's bus bandwidth by size"
like "$s" "^ 2 GPUs +█+░+ +95% \(77%\)" "200x60: the scaling bar, with communication beside it"
like "$s" "^ Sum of 268435456 integers split by ranges" "200x60: the reduce's scaling under its own heading"
like "$s" "^ 2 GPUs +█+░+ +94% \(79%\)" "200x60: the reduce's bar"
n=$(printf '%s\n' "$s" | sed -n 's/.*lines 1-\([0-9]*\) of \([0-9]*\).*/\1 \2/p')
ok $(set -- $n; [ -n "$1" ] && [ "$1" = "$2" ]; echo $?) "200x60: the whole page fits ($n)"
stop

for size in "80 24" "60 20"; do
	set -- $size
	start "$1" "$2" "$ck open multigpu"
	wait_for "multigpu finished" 20; ok $? "$1x$2: the CPU run finishes"; settle
	s=$(screen)
	like "$s" "^ The model, not a measurement" "$1x$2: the model first"
	like "$s" "lines 1-[0-9]+ of [0-9]+" "$1x$2: the page is longer than the screen, and says so"
	keys G
	wait_for "^ 2 GPUs"; ok $? "$1x$2: G scrolls to the end: the scaling bars"
	s=$(screen)
	unlike "$s" "^ The model, not" "$1x$2: the top has scrolled away"
	w=$(screen | LC_ALL=C.UTF-8 wc -L)
	ok $([ "$w" -le "$1" ]; echo $?) "$1x$2: no row is wider than the screen ($w)"
	keys g
	wait_for "^ The model, not a measurement"; ok $? "$1x$2: g back to the top"
	stop
done

start 80 24 "$ck --lang zh open multigpu"
wait_for "multigpu 已完成" 20; ok $? "zh: the run finishes"; settle
s=$(screen)
like "$s" "^ 模型，不是测量" "zh: the model's heading in Chinese"
like "$s" "这里没有 GPU：什么都没有测量" "zh: what was not run, in Chinese"
like "$s" "^ GPU 之间的连接" "zh: the link grid's heading"
keys G
wait_for "^ 2 块 GPU"; ok $? "zh: the scaling rows in Chinese"
stop
start 200 60 "$ck --lang zh open multigpu"
wait_for "multigpu 已完成" 20; ok $? "zh 200x60: the run finishes"; settle
like "$(screen)" "NCCL 总线带宽（GB/s），按消息大小，2 个 rank" "zh 200x60: the bus bandwidth heading"
stop

start 80 24 "$ck --ascii open multigpu"
wait_for "multigpu finished" 20; ok $? "ascii: the run finishes"; settle
keys G
wait_for "^ 2 GPUs"; ok $? "ascii: the scaling bars"
s=$(screen)
like "$s" "^ 2 GPUs +#+[.:-]+ +95%" "ascii: the bars' ASCII twins"
unlike "$s" "[█░]" "ascii: no block glyphs"
stop

rm "$ckd/demos/results/h200.yaml"
start 80 24 "$ck open multigpu"
wait_for "multigpu finished" 20; ok $? "no recorded file: the run finishes"; settle
like "$(flat)" "No several-GPU run is recorded yet" "no recorded run: the screen says so"
stop
done_testing
