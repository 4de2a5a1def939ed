#!/usr/bin/env bash
# The transfer and streams screens in tmux at 80x24 and 60x20, in English
# and Chinese, as a learner without a GPU sees them: the CPU fallback
# beside a recorded run (here the fixture shaped like a GPU run, standing in
# for demos/results/h200.yaml): the bandwidth chart with the link and HBM
# ceilings and its direction filter; the timeline of the chosen stream
# count and memory kind with the speedup and % of the ideal bound.
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
for d in transfer streams; do
	[ -x "$CK_BUILD/demos/$d" ] || skip_all "$CK_BUILD/demos/$d not built (make demos)"
done
# a checkout-shaped tree: its build/demos holds the real demos, its
# demos/results/h200.yaml the fixture
ckd="$T_TMP/ck"
mkdir -p "$ckd/build/demos" "$ckd/demos/results"
touch "$ckd/Makefile"
ln -s "$CK_ROOT/lessons" "$ckd/lessons"
cp "$CK_BIN" "$ckd/build/cudakitchen"
cp "$CK_BUILD/demos/transfer" "$CK_BUILD/demos/streams" "$ckd/build/demos/"
cp "$CK_ROOT/tests/fixtures/results/xfer-fixture.yaml" "$ckd/demos/results/h200.yaml"
ck="$ckd/build/cudakitchen"
# rows of the screen from the first matching REGEX to the end
from() { screen | sed -n "/$1/,\$p"; }
# the table first: where the chart is drawn on its own, c. Whether a small
# chart is crowded enough for the table depends on where this machine's
# own CPU figures fall among the recorded ones (chart.h's readable), which
# a loaded machine moves; the table and the chart are each checked below
table_first() {
	screen | grep -Eq "^ GB/s +4K" && return 0
	keys c
	wait_for "^ GB/s +4K"
}

for size in "80 24" "60 20"; do
	set -- $size
	start "$1" "$2" "$ck open transfer"
	wait_for "transfer finished" 20; ok $? "$1x$2 transfer: the CPU run finishes"; settle
	table_first
	s=$(screen)
	like "$s" "^ Yours: CPU fallback, 4K \.\. 16M" "$1x$2 transfer: yours is labelled CPU fallback with its sizes"
	like "$s" "^ Reference: recorded on Fixture GPU" "$1x$2 transfer: the recorded run beside it"
	# a small screen starts with the main lines, and says a shows more
	like "$s" " l cpu-memcpy  A pageable-h2d  C pinned-h2d  J d2d" "$1x$2 transfer: the main lines first"
	unlike "$s" "pinned-d2h|managed" "$1x$2 transfer: not every line"
	like "$s" "a: more lines" "$1x$2 transfer: a adds the others"
	# twelve lines' points crowd a small chart: the figures as a table
	like "$s" "^ GB/s +4K +(16K +)?64K .*256M" "$1x$2 transfer: a table of GB/s by size"
	like "$s" "^ C pinned-h2d +0\.51 +" "$1x$2 transfer: a row per line, its GB/s at each size"
	keys a
	wait_for "pinned-d2h"; ok $? "$1x$2 transfer: a, every line"
	unlike "$(screen)" "a: more lines" "$1x$2 transfer: nothing left to add"
	keys a
	wait_gone "pinned-d2h"; ok $? "$1x$2 transfer: a again, the main lines"
	keys c
	wait_for "more than one"; ok $? "$1x$2 transfer: c, the chart all the same"
	s=$(screen)
	# (the legend's rows only: a plotted mark may end a chart row)
	legend=$(screen | sed -n '/ l cpu-memcpy/,/more than one/p')
	unlike "$legend" " [A-Za-z] *$" "$1x$2 transfer: no legend letter left at a row's end, apart from its name"
	if [ "$2" -ge 24 ]; then   # at 60x20 the chart has room for one ceiling's row
		like "$s" "link 63 each way *$" "$1x$2 transfer: the link ceiling per direction, labelled at the right"
		like "$s" "HBM 4814 *$" "$1x$2 transfer: the HBM ceiling"
	fi
	like "$s" "^ +4K .*1M .*256M" "$1x$2 transfer: the size axis"
	like "$s" "^(10k|1k|100|10|1|0\.1) " "$1x$2 transfer: GB/s decades at the left"
	keys c
	wait_for "^ GB/s +4K"; ok $? "$1x$2 transfer: c again, the table"
	keys d
	wait_for "host to device *$"; ok $? "$1x$2 transfer: d shows host to device"
	s=$(screen)
	unlike "$s" "HBM 4814" "$1x$2 transfer: without the HBM ceiling"
	unlike "$s" "pageable-d2h" "$1x$2 transfer: and without device-to-host lines"
	stop
done

start 80 24 "$ck --lang zh open transfer"
wait_for "transfer 已完成" 20; ok $? "zh transfer: the run finishes"; settle
table_first
s=$(screen)
like "$s" "^ 你的机器：CPU 后备" "zh transfer: yours labelled in Chinese"
like "$s" "^ C 固定→设备 +0\.51" "zh transfer: the table's rows named whole in Chinese"
keys c
wait_for "多个重叠"; ok $? "zh transfer: c, the chart"
s=$(screen)
like "$s" "链路每向 63 *$" "zh transfer: the link ceiling per direction in Chinese"
like "$s" "显存 HBM 4814 *$" "zh transfer: the HBM ceiling's label whole (the wider of the two labels sets the margin)"
like "$s" "所有方向 *$" "zh transfer: the direction filter in Chinese"
like "$s" " l 主机 memcpy  A 可分页→设备  C 固定→设备  J 设备内拷贝" "zh transfer: the lines named in Chinese"
like "$s" "a：更多线条" "zh transfer: a adds the others, in Chinese"
unlike "$s" "pinned-h2d|pageable-h2d|d2d" "zh transfer: no line named by its English id"
stop
start 200 60 "$ck open transfer"
wait_for "transfer finished" 20; ok $? "200x60 transfer: the run finishes"; settle
s=$(screen)
like "$s" "HBM 4814 *$" "200x60 transfer: a chart"
like "$s" "more than one" "200x60 transfer: its legend says what * is"
stop

for size in "80 24" "60 20"; do
	set -- $size
	start "$1" "$2" "$ck open streams"
	wait_for "streams finished" 20; ok $? "$1x$2 streams: the CPU model finishes"; settle
	s=$(screen)
	like "$s" "pinned memory, 4 streams *$" "$1x$2 streams: 4 streams of pinned memory by default"
	like "$s" "^ Setting .*\+/- change setting" "$1x$2 streams: the header says + and - change the setting, not a size"
	like "$s" "▶ copy in  █ kernel  ◀ copy out" "$1x$2 streams: the glyphs explained"
	like "$s" "^ Yours: CPU fallback" "$1x$2 streams: yours labelled CPU fallback"
	like "$(from '^ Yours')" "^ s3  [.▶█◀▒]+" "$1x$2 streams: a row per stream"
	like "$s" "modelled [0-9.]+ m?s: [0-9.]+x faster than serial" "$1x$2 streams: the model says it is one"
	like "$s" "ideal bound" "$1x$2 streams: % of the ideal bound"
	keys t; settle; keys t
	wait_gone "^ Yours:"; ok $? "$1x$2 streams: t t shows the recorded run alone"
	s=$(screen)
	like "$s" "^ Reference: recorded on Fixture GPU" "$1x$2 streams: the recorded run"
	# the bound make bench judges by (demos/scripts/xfer_targets.sh): a
	# pinned GPU row's link_ideal_ms, never its one-way ideal
	wait_flat "in all: 2\.58x faster than serial \(14\.5 ms\), 99% of the link-aware bound \(5\.59 ms: copies in and out share the link at its two-way rate\)"
	ok $? "$1x$2 streams: its speedup and % of the link-aware bound from the record"
	unlike "$(from '^ Reference')" "ideal bound" "$1x$2 streams: not the one-way ideal"
	ov=$(from '^ Reference' | grep -c '^ s[0-3]  .*[▶█◀]')
	is "$ov" 4 "$1x$2 streams: four stream rows busy"
	keys m; keys m
	wait_for "all on the default stream, 4 streams *$"; ok $? "$1x$2 streams: m m picks the default stream"
	s=$(screen)
	like "$s" "(1\.0[0-9]x (faster|slower) than|about as fast as) serial" "$1x$2 streams: no speedup on the default stream"
	unlike "$s" "0\.[0-9]+x faster" "$1x$2 streams: a run longer than serial is called slower, never '0.9x faster'"
	keys 1
	wait_for "all on the default stream, 1 stream *$"; ok $? "$1x$2 streams: 1 picks one stream"
	keys m; keys m
	wait_for "pageable memory, 1 stream *$"; ok $? "$1x$2 streams: m m picks pageable memory"
	wait_flat "% of the ideal bound"; ok $? "$1x$2 streams: a pageable row has only the ideal bound"
	stop
done

# 200x60, and in Chinese: the recorded pinned row's link-aware bound
start 200 60 "$ck open streams"
wait_for "streams finished" 20; ok $? "200x60 streams: the CPU model finishes"; settle
like "$(screen)" "in all: 2\.58x faster than serial \(14\.5 ms\), 99% of the link-aware bound \(5\.59 ms: copies in and out share the link at its two-way rate\)" \
	"200x60 streams: the recorded pinned row against the link-aware bound, on one line"
like "$(screen)" "modelled [0-9.]+ m?s: .* of the ideal bound" "200x60 streams: the CPU model keeps its ideal bound"
stop

start 80 24 "$ck --lang zh open streams"
wait_for "streams 已完成" 20; ok $? "zh streams: the model finishes"; settle
s=$(screen)
like "$s" "固定内存，4 个流 *$" "zh streams: the pick in Chinese"
like "$s" "模型估计 [0-9.]+ m?s：(速度是串行的 [0-9.]+ 倍|与串行相当)" "zh streams: the summary in Chinese (speed as a multiple of serial, never the ambiguous '快 N 倍')"
like "$s" "▶ 拷入  █ 内核  ◀ 拷出" "zh streams: the glyphs explained in Chinese"
keys t; settle; keys t
wait_gone "^ 你的"; ok $? "zh streams: t t shows the recorded run alone"
# (a Chinese line wraps between two words without a space: joined rows put one there)
wait_flat "速度是串行的 2\.58 倍（串行 14\.5 ms），达到链路感知下限的 99% ?（5\.59 ms：拷入与拷出以双向速率共用链路）"
ok $? "zh streams: the link-aware bound in Chinese"
stop

# the CPU fallback models pinned copies only: m's other memories say so
# under yours instead of drawing the pinned timeline beneath their heading
start 80 30 "$ck open streams"
wait_for "streams finished" 20; ok $? "streams: the CPU model finishes"; settle
keys m; wait_for "pageable memory, 4 streams *$"; ok $? "m: pageable memory"
s=$(screen)
like "$(printf '%s' "$s" | tr '\n' ' ' | tr -s ' ')" "The CPU fallback models pinned copies only" \
    "yours says the model covers pinned copies only"
unlike "$(from '^ Yours' | sed '/^ Reference/,$d')" "^ s[0-3]  " "and draws no timeline under the pageable heading"
stop

# without a recorded run of these demos: the screen says so
cp "$CK_ROOT/tests/fixtures/results/h200-devinfo.yaml" "$ckd/demos/results/h200.yaml"
start 80 24 "$ck open streams"
wait_for "streams finished" 20; ok $? "no recorded streams run: the model finishes"; settle
like "$(screen)" "no recorded H200 run of this demo in demos/results/h200.yaml yet *$" \
	"no recorded streams run: the screen says so"
stop
rm "$ckd/demos/results/h200.yaml"
start 80 24 "$ck open transfer"
wait_for "transfer finished" 20; ok $? "no recorded file: the CPU run finishes"; settle
like "$(screen)" "no recorded results|h200.yaml" "no recorded file: the screen says where it looked"
stop

start 80 24 "$ck --ascii open streams"
wait_for "streams finished" 20; ok $? "ascii streams: the model finishes"; settle
s=$(screen)
like "$s" "> copy in  # kernel  < copy out  \+ several" "ascii: the glyphs' ASCII twins"
unlike "$s" "[▶█◀▒]" "ascii: no block glyphs"
stop
done_testing
