#!/usr/bin/env bash
# The reduce and launch screens in tmux at 80x24 and 60x20, in English and
# Chinese, as a learner without a GPU sees them: the CPU fallback run of
# the real demo beside a recorded reference (a synthetic fixture shaped
# like the demos' output, tests/fixtures/results/synthetic-*.yaml): the
# reduce bars with the HBM roof line, the launch views (GB/s and occupancy
# against block size, the float4 series, the wave tail, the graph series'
# table), v cycling the views.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
. "$(dirname "$0")/demo_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
for d in reduce launch; do
    [ -x "$CK_BUILD/demos/$d" ] || skip_all "$CK_BUILD/demos/$d not built (make demos)"
done
demo_screen reduce,launch || exit 1
ckd="$T_TMP/ck"
cat "$(ladder_fixture results/synthetic-reduce.yaml)" \
    "$CK_ROOT/tests/fixtures/results/synthetic-launch.yaml" >"$ckd/demos/results/h200.yaml"
ck=$DEMO_TUI

for size in "80 24" "60 20"; do
    set -- $size
    start "$1" "$2" "$ck open reduce"
    wait_for "Yours: CPU fallback" 30; ok $? "reduce ${1}x$2: the CPU fallback run"
    s=$(screen)
    like "$s" "Reduction: from one atomic per element to CUB" "reduce ${1}x$2: the title"
    like "$s" "CPU naive, 1( thread|…) +█+ +[0-9.]+ m?s +([0-9]e-[0-9]+|0) +naive" "reduce ${1}x$2: the naive CPU bar"
    keys t; keys t; settle   # the recorded reference alone
    s=$(screen)
    like "$s" "Reference: recorded on Test GPU" "reduce ${1}x$2: t shows the recorded run"
    like "$s" "atom.* +█+ +200 ms +([0-9]e-[0-9]+|0) +naive" "reduce ${1}x$2: the atomic rung is the naive reference"
    like "$s" "×769 +104%" "reduce ${1}x$2: the best rung's speedup and % of CUB"
    unlike "$s" "e-[0-9]+!|! marks" "reduce ${1}x$2: errors unmarked (a sum has no FP32 GEMM to be held against)"
    like "$s" "HBM roof 4814 GB/s: best hand-written 4130 GB/s \(86%\)" \
        "reduce ${1}x$2: the HBM roof line"
    stop

    start "$1" "$2" "$ck open launch"
    wait_for "block size" 30; ok $? "launch ${1}x$2: the block-size chart"
    s=$(screen)
    like "$s" "Launch shapes" "launch ${1}x$2: the title"
    wait_for "^ Yours: CPU fallback" 30
    ok $? "launch ${1}x$2: once run, yours is there, whole or as its title alone where the chart needs the rows"
    s=$(screen)
    unlike "$s" "Reference: recorded on [^,]*, [0-9-]+, *$" "launch ${1}x$2: the reference's title ends at its date (no size: the points carry theirs)"
    like "$s" "\[plain\] y = a\*x \+ y" "launch ${1}x$2: the plain series first, its view named"
    like "$s" "32 +128 +256 +512 +1024" "launch ${1}x$2: block sizes on the x axis"
    like "$s" "●" "launch ${1}x$2: occupancy marks"
    like "$s" "× too big for an SM" "launch ${1}x$2: the legend keeps a mark on its meaning's line"
    like "$s" "best 4000 GB/s \(83% of HBM\)" "launch ${1}x$2: where it peaks"
    like "$(printf '%s' "$s" | tr '\n' ' ' | tr -s ' ')" "within 5% of it from block 64 to 1024" \
        "launch ${1}x$2: the run of blocks within 5% of the best, both ends"
    keys v; settle
    s=$(screen)
    like "$s" "\[vec4\] float4: four elements per thread" "launch ${1}x$2: v, the float4 series"
    like "$s" "best 4300 GB/s \(89% of HBM\)" "launch ${1}x$2: ... and where it peaks, nearer the roof"
    keys v; settle
    s=$(screen)
    like "$s" "\[regs\] register-heavy" "launch ${1}x$2: v, the register-heavy series"
    like "$s" "×" "launch ${1}x$2: block shapes too big for an SM are marked"
    keys v v; settle
    s=$(screen)
    like "$s" "\[wave\] wave tail" "launch ${1}x$2: v v, the wave tail"
    like "$s" "1 +132 +264 +396 +528" "launch ${1}x$2: the grid axis at whole waves"
    like "$(printf '%s' "$s" | tr -d '\n')" "a wave = 132 blocks \(1 per SM\).*\+1\.00 of a wave" \
        "launch ${1}x$2: one block more costs a whole wave"
    keys v; settle
    s=$(screen)
    like "$s" "\[graph\] N one-block kernels" "launch ${1}x$2: v, the graph series"
    like "$s" "1024 +4\.00 µs +1\.00 µs +×4\.0" "launch ${1}x$2: one by one against one graph, per kernel"
    like "$(printf '%s' "$s" | tr '\n' ' ' | tr -s ' ')" "took 3\.07 ms, once; each launch of it saves 3\.07 ms" \
        "launch ${1}x$2: the graph's build time and what a launch of it saves"
    keys v; settle
    like "$(screen)" "\[plain\] y = a\*x \+ y" "launch ${1}x$2: and back to the first view"
    stop
done

start 80 24 "$ck --lang zh open reduce"
# the run's end (not just "CPU", which the running rows show too), then
# the recorded reference alone: its roof line is then on screen whatever
# notes a noisy CPU run adds
expect "你的机器：CPU 后备" 30
keys t; keys t
wait_for "HBM 上限 4814 GB/s" 15; ok $? "zh reduce: the HBM roof line"
like "$(screen)" "归约：从每个元素一次原子操作到 CUB" "zh reduce: the title"
stop
# a recorded run with the ladder at a second, smaller size after the first
# (as make bench records reduce): its rows come under a line that names
# their size, and the roof line still speaks of the first size's rungs
# (the small size's faster best rung, 544 GB/s, is no rival)
{ cat "$(ladder_fixture results/synthetic-reduce.yaml)"
  grep 'record: "variant"' "$(ladder_fixture results/synthetic-reduce.yaml)" |
      sed 's/n: 268435456/n: 1048583/; s/ ms: [0-9.]*,/ ms: 0.008,/; s/gbs: [0-9.]*/gbs: 544/; s/baseline: true/baseline: false/'
  cat "$CK_ROOT/tests/fixtures/results/synthetic-launch.yaml"
} >"$ckd/demos/results/h200.yaml"
start 80 50 "$ck open reduce"
expect "Yours: CPU fallback" 30
keys t; keys t; settle
s=$(screen)
like "$s" "measured at N=1048583, another size: no bars" "two sizes: the second size's rows come under a line naming it"
like "$s" "HBM roof 4814 GB/s: best hand-written 4130 GB/s \(86%\)" \
    "two sizes: the roof line's best rung is the first size's, not the second's faster one"
keys v; settle
like "$(screen)" "at N=1048583:" "two sizes on the roofline: the second run's marks under a heading naming its size"
stop
# a best block with no other within 5% of it: "at block 32", never
# "from block 32 to 32"
sed 's/series: "regs", block: 32, \(.*\)gbs: 2325,/series: "regs", block: 32, \1gbs: 5000,/' \
    "$CK_ROOT/tests/fixtures/results/synthetic-launch.yaml" >"$ckd/demos/results/h200.yaml"
start 80 24 "$ck open launch"
wait_for "best 4000 GB/s" 30; ok $? "best alone: the plain view first"
keys v v
wait_for "best 5000 GB/s"; ok $? "best alone: v v, the register-heavy view's best"
s=$(screen | tr '\n' ' ' | tr -s ' ')
like "$s" "at block 32; no other block size comes within 5% of it" "best alone: said as one block"
unlike "$s" "from block 32 to 32" "best alone: no range of one block"
stop
start 100 30 "$ck open launch"
wait_for "measured, on the host" 30; ok $? "launch: the CPU fallback says what it measured"
like "$(screen | tr '\n' ' ' | tr -s ' ')" "measured, on the host, CPU .*1 thread: [0-9.]+ GB/s; CPU .*all cores: [0-9.]+ GB/s\\." \
    "launch: its numbers read as one sentence (items apart by ';', a full stop last)"
like "$(screen | tr '\n' ' ' | tr -s ' ')" "GB/s\. CPU fallback, [0-9]+ threads: its times swing from run to run; read them as rough\." \
    "launch: and says the CPU figures swing, as the bars views do"
stop
start 60 20 "$ck --lang zh open launch"
wait_for "线程块大小" 30; ok $? "zh launch 60x20: the block-size chart"
like "$(screen)" "\[普通\] y = a\*x" "zh launch: the view's name in Chinese"
keys v; settle
like "$(screen)" "\[float4 向量\] float4：每线程四个元素" "zh launch: v, the float4 view and its label in Chinese"
keys v; settle
like "$(screen)" "\[寄存器多\] " "zh launch: v, the register-heavy view named in Chinese"
unlike "$(screen)" "regs" "zh launch: no series id left in English"
keys v; settle
keys v; settle
like "$(screen | tr -d '\n')" "一波 = 132 个线程块" "zh launch: the wave tail's summary"
keys v; settle
like "$(screen | tr -d '\n ')" "逐个启动.*一个图.*加速比" "zh launch: the graph table's columns"
stop
# a recording made before the graph series: its view says so
grep -v 'series: "graph"' "$CK_ROOT/tests/fixtures/results/synthetic-launch.yaml" \
    >"$ckd/demos/results/h200.yaml"
start 80 24 "$ck open launch"
wait_for "^ Yours: CPU fallback" 30
keys v v v v v; settle
like "$(screen | tr '\n' ' ' | tr -s ' ')" "This recording holds no points of the graph series" \
    "launch: a recording without the graph series says so"
stop
start 100 30 "$ck --lang zh open launch"
wait_for "已完成" 30; ok $? "zh launch 100x30: the CPU fallback finishes"
keys t   # the fallback's section alone
wait_flat "GB/s。 ?CPU 后备，[0-9]+ 个线程：时间每次运行都会波动，只能粗略参考。" 10
ok $? "zh launch: the CPU figures swing, said in Chinese, no space after the full stop"
unlike "$(screen | tr -d '\n')" "GB/s。 CPU" "zh launch: no space after a Chinese full stop"
stop
done_testing
