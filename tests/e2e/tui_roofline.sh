#!/usr/bin/env bash
# The honest roofline and the GFLOP/s-against-size view on the matmul
# screen, in tmux at 80x24 and 60x20, in English and Chinese, from recorded
# data only: a stand-in matmul prints the recorded 1024^3 H200 run
# (tests/fixtures/results/h200-matmul-1024.yaml, which predates the
# records' model fields, so the tutorial applies the demos' traffic
# models), and the recorded size sweep is a fixture labelled as one
# (tests/fixtures/results/h200-sweep-fixture.yaml) until make bench writes
# demos/results/h200-sweep.yaml.  Then the real CPU demo at two sizes is
# "yours".
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
demo="$CK_BUILD/demos/matmul"
[ -x "$demo" ] || skip_all "$demo not built (make demos)"

ckd="$T_TMP/ck"
mkdir -p "$ckd/build/demos" "$ckd/demos/results"
touch "$ckd/Makefile"
ln -s "$CK_ROOT/lessons" "$ckd/lessons"
cp "$CK_BIN" "$ckd/build/cudakitchen"
cp "$CK_ROOT/demos/results/h200.yaml" "$ckd/demos/results/"
cp "$(ladder_fixture results/h200-sweep-fixture.yaml)" "$ckd/demos/results/h200-sweep.yaml"
printf '#!/bin/sh\ncat "%s"\n' "$(ladder_fixture results/h200-matmul-1024.yaml)" \
	>"$ckd/build/demos/matmul"
chmod +x "$ckd/build/demos/matmul"
ck="env CUDA_VISIBLE_DEVICES= $ckd/build/cudakitchen --ascii"

# col SCREEN MARK: the column of MARK in the plot rows (left of the legend,
# which starts where "marks:" does in its row); -1 when absent.
col() {
	printf '%s\n' "$1" | awk -v m="$2" '
		/marks: own/ && !lx { lx = index($0, "marks: own") }
		/Roofline/ { on = 1; next }
		on && /^ *-?\+-/ { exit }
		on { plot[++n] = $0 }
		END { for (i = 1; i <= n; i++) { p = substr(plot[i], 7, lx - 8); j = index(p, m)
			if (j) { print j; exit } } print -1 }'
}


# --- the bars: the TF32 rungs by hand against cuBLAS TF32, in one line ---
start 80 50 "$ck open matmul"
wait_for "Yours: live" 5
keys G; wait_for "of cuBLAS TF32:" 3; ok $? "the bars say %lib is of cuBLAS FP32, and give the TF32 rungs of cuBLAS TF32"
like "$(screen | tr '\n' ' ' | tr -s ' ')" "of cuBLAS TF32: Tensor Cores by hand \(TF32\) [0-9]+%, Hopper wgmma \+ TMA \(TF32\) [0-9]+%" \
	"both hand rungs, by their labels"
stop_wait

# --- the roofline: each rung at its own traffic model ---
start 80 24 "$ck open matmul"
wait_for "Yours: live" 5; ok $? "the stand-in's recorded 1024^3 run shows"
keys v; wait_for "marks: own traffic" 3; ok $? "v: the roofline says the marks sit at each rung's own traffic"
unlike "$(screen)" "1,2 no reuse" "yours and recorded at 80x24: no room left for the models"
like "$(screen)" "\+[0-9]+ more \(taller window\)" "  and the marks it has no room for are counted on its last row"
keys t; wait_for "1,2 no reuse" 3; ok $? "t: yours only, with room for the models"
s=$(screen)
like "$s" ": minimum traffic" "and what the dotted column is"
like "$s" "above / : caches served" "a mark above the memory roof (naive, coalesced at 0.25 FLOP/B) is explained by the caches"
like "$s" "1 naive.* +2 (naive|coal)" "yours only (t): marks 1.. in the run's order"
like "$s" "6,7,8,9 unknown: at the minimum" "the library and CPU rungs: no model, at the minimum, said so (marks apart by commas)"
like "$s" "1,2 no reuse: 2 loads/FMA" "the model of naive and coalesced is named"
like "$s" "3 32x32 tiles" "smem-tiled's"
like "$s" "4 32x64 tiles" "regblock's"
like "$s" "5 128x128 tiles" "best's"
n=$(col "$s" 1); t=$(col "$s" 3); b=$(col "$s" 5); m=$(col "$s" :)
[ "$n" -gt 0 ] && [ "$n" -lt "$t" ] && [ "$t" -lt "$b" ] && [ "$b" -lt "$m" ]; ok $? "naive ($n) left of smem-tiled ($t) left of best ($b) left of the minimum ($m)"
[ "$(col "$s" 1)" = "$(col "$s" 2)" ]; ok $? "naive and coalesced share a model, so a column"
lab=$(printf '%s\n' "$s" | grep -E '^ +0\.1 +1 ' | head -1)
one=$(printf '%s' "$lab" | awk '{ print index($0, " 1 ") + 1 - 6 }')
[ "$n" -lt "$one" ]; ok $? "naive sits left of the 1 FLOP/B tick ($n < $one): lesson 13's 0.25"

resize 60 20; wait_for "Roofline: achieved GFLOP/s \(up\) against FLOP per byte moved(>|…)? *$" 3; ok $? "60x20: the title, cut with an ellipsis"
wait_for ": minimum traffic" 3
s=$(screen)
like "$s" "Roofline" "60x20: still a roofline"
like "$s" ": minimum traffic" "with the minimum named"
unlike "$s" "too small" "and no too-small note"
stop_wait

# --- the same in Chinese ---
start 80 24 "env CUDA_VISIBLE_DEVICES= $ckd/build/cudakitchen --lang zh open matmul"
wait_for "本机|你的" 5
keys t; keys v; wait_for "标记：各级自己的访存" 3; ok $? "zh: the marks' meaning in Chinese"
s=$(screen)
like "$s" "最少访存" "zh: the minimum named"
like "$s" "32x32 分块" "zh: a model named"
resize 60 20; wait_for "标记" 2; ok $? "zh 60x20: the roofline's legend"
stop_wait

# --- GFLOP/s against size: yours at two sizes, the recorded sweep ---
cp "$demo" "$ckd/build/demos/matmul"
start 80 24 "$ck open matmul"
wait_for "finished at 256x256x256" 60; ok $? "the real CPU demo at 256 (quick)"
keys -; keys r
wait_for "finished at 128x128x128" 60; ok $? "then at 128"
keys c; wait_for "GFLOP/s against matrix size n" 3; ok $? "c: GFLOP/s against size"
s=$(screen)
like "$s" "\+ yours \(session\)" "the legend tells yours (+)"
like "$s" "\. recorded sweep" "from the recorded sweep (.)"
# cpu-naive's mark: its place in the ladder's table, 1-9 then a, b, ...
pos=$(ladder_ids "$CK_ROOT/demos/matmul/mm_ladder.h" | grep -nx cpu-naive | cut -d: -f1)
if [ "${pos:-0}" -le 9 ]; then cm=$pos; else cm=$(printf "\\$(printf %o $((96 + pos - 9)))"); fi
like "$s" "$cm CPU naive, 1 thread" "one line per rung, its mark from the ladder ($cm)"
like "$s" "6 cuBLAS SGEMM \(FP32\)" "the recorded rungs too"
like "$s" " 128 +256 .*1k .*4k" "x: the sizes, 128 to 4k"
plot=$(printf '%s\n' "$s" | sed -En '/GFLOP\/s against/,/^ *-+[+]/p' | cut -c7-50)
like "$plot" "\+$cm|$cm\+" "yours: cpu-naive at 128 and 256, joined by +"
like "$plot" "1\.+1" "recorded: naive at 1k and 4k, joined by ."
like "$(screen | tail -1)" "c sizes" "the key hints name c"
keys t; wait_gone "\. recorded sweep" 2; ok $? "t: yours only"
s=$(screen)
plot=$(printf '%s\n' "$s" | sed -En '/GFLOP\/s against/,/^ *-+[+]/p' | sed 1d | cut -c7-50)
unlike "$plot" "[1-9.]" "only yours' marks in the plot (no recorded rung, no dotted line)"
like "$plot" "$cm" "and they are there"
keys t; wait_for "\. recorded sweep" 2
unlike "$(screen)" "\+ yours" "t again: the recorded only"
keys t; wait_for "\+ yours" 2
keys '?'; wait_for "GFLOP/s against size, a line per rung" 3; ok $? "the help page names c"
keys Escape; wait_for "GFLOP/s against matrix size" 3
resize 60 20; wait_for "^.{40}\+ yours \(session\)" 3; ok $? "60x20: laid out again, the legend in the last 20 columns"
s=$(screen)
like "$s" "\. recorded sweep" "60x20: the legend"
unlike "$s" "too small" "and the plot"
keys c; wait_for "Yours: CPU fallback" 3; ok $? "c again: back to the bars"
keys c; keys v; wait_for "Roofline" 3; ok $? "v from the size view: the roofline"
stop_wait

start 60 20 "env CUDA_VISIBLE_DEVICES= $ckd/build/cudakitchen --lang zh open matmul"
wait_for "已完成，规模 256x256x256" 60
keys c; wait_for "GFLOP/s 对矩阵规模 n" 3; ok $? "zh 60x20: the size view's title"
s=$(screen)
like "$s" "你的：1 个规模无 \+" "zh, one size run: yours, and that no + joins it yet"
like "$s" "\. 记录的扫描" "zh: recorded"
like "$s" "CPU 朴素" "zh: the rungs' names in the legend are Chinese too"
stop_wait

# recorded only (t twice) at 80x24: its models do not all fit, and t would
# not help (one set is shown): the last row counts what a taller window adds
start 80 24 "$ck open matmul"
wait_for "finished at 256x256x256" 60
keys v; wait_for "marks: own traffic" 3
keys t; wait_gone "recorded:" 3; ok $? "t: yours only"
keys t; wait_for "more \(taller window\)" 3; ok $? "t again, recorded only: the models left off are counted"
like "$(screen)" "recorded:" "  (the recorded set it is)"
unlike "$(screen)" "t: one set" "  and t is not offered for what is already one set"
stop_wait

# at 60x20 yours and recorded do not all fit even in two columns: the last
# row says how many marks are left off, in both languages
start 60 20 "$ck open matmul"
wait_for "finished at 256x256x256" 60
keys v; wait_for "more \(taller window\)" 3; ok $? "60x20: the legend says how many marks it leaves off"
like "$(screen)" "\+[0-9]+ more \(taller window\)" "  with their number"
stop_wait
start 60 20 "env CUDA_VISIBLE_DEVICES= $ckd/build/cudakitchen --lang zh open matmul"
wait_for "256x256x256" 60
keys v; wait_for "另有 [0-9]+ 个（窗口调高可见）" 3; ok $? "zh 60x20: the same note"
stop_wait

# the legend at 60 columns: a line too long for it ends in an ellipsis,
# never cut mid-word unseen (yours alone, the CPU fallback: no ceilings)
ck2="$T_TMP/ck2"   # a checkout without recorded results: yours alone
mkdir -p "$ck2/build/demos"
touch "$ck2/Makefile"
ln -s "$CK_ROOT/lessons" "$ck2/lessons"
cp "$CK_BIN" "$ck2/build/cudakitchen"
cp "$demo" "$ck2/build/demos/matmul"
start 60 20 "env CUDA_VISIBLE_DEVICES= $ck2/build/cudakitchen open matmul"
wait_for "256x256x256" 60
keys v; wait_for "no GPU ceilings" 3; ok $? "60x20, yours alone: the legend says there are no ceilings"
like "$(screen)" "no GPU ceilings (to draw|to…|…)" "and a line too long for it ends in an ellipsis"
stop_wait

# The size sweep make bench recorded, where the checkout has it.
if [ -f "$CK_ROOT/demos/results/h200-sweep.yaml" ]; then
	cp "$CK_ROOT/demos/results/h200-sweep.yaml" "$ckd/demos/results/"
	launch 80 24 "$ck open matmul"
	wait_for "256x256x256" 60
	keys c; wait_for "GFLOP/s against matrix size n" 3; ok $? "the recorded sweep (demos/results) loads"
	s=$(screen)
	unlike "$s" "no recorded sweep" "and is used"
	like "$s" "5 library-style" "with the best rung's line"
	stop_wait
fi

# Without a recorded sweep: the recorded run's one size, and why.
rm "$ckd/demos/results/h200-sweep.yaml"
start 80 24 "$ck open matmul"
wait_for "256x256x256" 60
keys c; wait_for "no recorded sweep" 3; ok $? "no sweep file: said so"
like "$(screen)" "\(h200-sweep.yaml" "naming the file"
stop_wait
done_testing
