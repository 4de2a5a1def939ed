#!/usr/bin/env bash
# The demo screens in tmux at 80x24, as a learner without a GPU sees them:
# the running state (a stand-in demo that takes two seconds, so it cannot be
# missed), then bars labelled CPU fallback, the roofline, a resize, a
# cancelled run; then the real matmul, conv and devinfo demos, the recorded
# H200 reference when demos/results/h200.yaml exists, and the speedups line
# saved in progress.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
MM_FX=$(ladder_fixture results/h200-matmul-1024.yaml) CONV_FX=$(ladder_fixture results/h200-conv-quick.yaml)
command -v tmux >/dev/null || skip_all "tmux not installed"
demo="$CK_BUILD/demos/matmul"
[ -x "$demo" ] || skip_all "$demo not built (make demos)"

# A copy of the binary in a checkout-shaped tree finds its demos in
# build/demos: there a stand-in matmul runs until the test creates
# $T_TMP/release (each run removes it), so its running state is seen for sure.
ckd="$T_TMP/ck"
mkdir -p "$ckd/build/demos"
touch "$ckd/Makefile"
ln -s "$CK_ROOT/lessons" "$ckd/lessons"
cp "$CK_BIN" "$ckd/build/cudakitchen"
"$demo" --format yaml --quick --cpu >"$T_TMP/mm.yaml"
printf '#!/bin/sh\nuntil [ -e "%s" ]; do sleep 0.02; done\nrm -f "%s"\ncat "%s"\n' \
	"$T_TMP/release" "$T_TMP/release" "$T_TMP/mm.yaml" >"$ckd/build/demos/matmul"
chmod +x "$ckd/build/demos/matmul"
ck="$ckd/build/cudakitchen"
E='([0-9]e-[0-9]+!?|0|-)'   # the error column: "3e-7", "3e-4!" (past twice the FP32 GEMM's), "0"

start 80 24 "$ck open matmul"
wait_for "running matmul" 5; ok $? "the running state shows"
like "$(screen)" "running matmul at .* [0-9]+ s +\(q or Esc cancels\)" "with elapsed seconds and how to cancel"
touch "$T_TMP/release"
wait_for "Yours: CPU fallback" 10; ok $? "then the results, labelled CPU fallback"
s=$(screen)
like "$s" "Yours: CPU fallback, 256x256x256: [-a-zA-Z]" "the size and the fallback reason are given"
like "$s" "CPU naive, 1 thread +█+ +[0-9.]+ m?s +$E +naive" "the naive CPU bar, its time, its error, the naive mark"
like "$s" "CPU blocked.* █+ +[0-9.]+ m?s +$E +×[0-9.]+" "the blocked CPU bar with its speedup over naive"
# the axis label: "log scale LO ... HI ms", or "LO .. HI ms" where a slow
# (loaded) CPU run widens the range past what fits beside the bars
axis='log scale|[0-9.]+k? \.\. [0-9.]+k? ms'
like "$s" "$axis" "the time axis is a log scale"
keys v
wait_for "Roofline"; ok $? "v shows the roofline"
s=$(screen)
like "$s" "1 CPU naive, 1 thread" "the roofline legend names the variants"
keys v; expect "$axis"; resize_to 60 20
s=$(screen)
like "$s" "Yours: CPU fallback" "after a resize to 60x20 the bars are redrawn"
like "$s" "CPU blocked… .* ×[0-9.]+ +(>999|[0-9]+)% *$" "at 60 columns the numbers column is still whole, spread included"
unlike "$s" "cpu-blocked" "and the label is its own words cut, not the variant id"
resize_to 80 24
keys +; keys r
wait_for "running matmul at 384x384x384"; ok $? "+ then r runs again at the next size"
keys q
wait_for "matmul cancelled"; ok $? "q cancels the run (the child's group is stopped)"
unlike "$(screen)" 'signal|Terminated' "and says so without signal jargon"
s=$(screen)
like "$s" "384x384x384 \(not run yet\)" "the cancelled size shows as not run"
keys +; expect "512x512x512 \(not run yet\)"; keys +
wait_for "the CPU's largest size, to keep runs short"; ok $? "+ at the largest size says so"
s=$(screen)
like "$s" "512x512x512 \(not run yet\)" "+ at the largest size stays there"
like "$(printf '%s\n' "$s" | tail -3 | tr '\n' ' ' | tr -s ' ')" "the CPU's largest size, to keep runs short; GPU sizes go up to 4096x4096x4096" "and says why it stops there"
like "$(printf '%s\n' "$s" | tail -3)" "r run .*\? help +q quit *$" "the key hints stay whole beside the message"
for i in 1 2 3; do keys -; done; expect "128x128x128 \(not run yet\)"; keys -
wait_for "already the smallest size here"; ok $? "- at the smallest size says so"
s=$(screen)
like "$s" "128x128x128 \(not run yet\)" "and stays there"
keys Escape
wait_for "lessons"; ok $? "Esc goes back to the menu"
stop

# Live numbers: a stand-in prints a run recorded on an H200 (the fixture).
printf '#!/bin/sh\ncat "%s"\n' "$MM_FX" \
	>"$ckd/build/demos/matmul"
start 80 24 "$ck open matmul"
wait_for "Yours: live" 5; ok $? "a run on a GPU is labelled live"
s=$(screen)
like "$s" "Yours: live, measured on NVIDIA H200 now, 1024x1024x1024" "with the GPU's name and the size"
like "$s" "cuBLAS SGEMM \(FP32\) +█+ +[0-9.]+ ms +6e-7 +×[0-9]+ +100%" "the library baseline row: its error (5.8e-7), 100% of library"
like "$s" "naive, uncoalesced +█+ +[0-9.]+ ms +0 +naive +[0-9]+%" "the naive row is the speedup reference"
like "$s" "time error speedup +%lib spread" "the columns' heads name the error"
like "$s" "CPU naive, 1 thread .* at 512 +(>999|[0-9]+)% *$" "a row measured at another size says so instead of a speedup, and no % of library"
like "$s" "naive, coalesced +█+ +[0-9.]+ ms +$E +×[0-9]+ +[0-9]+% +[0-9]+%" "each row shows the spread of its repeats"
keys G; expect "! marks an error above twice"
s=$(screen)
like "$s" "cuBLAS TF32 Tensor Cores +█+ +[0-9.]+ ms +3e-4! " "a TF32 rung's error is marked: 450x cuBLAS FP32's"
unlike "$s" "CPU blocked, all cores .*e-7!" "an FP32 rung's is not (5.8e-7 against 5.8e-7)"
like "$(printf '%s\n' "$s" | tr '\n' ' ' | tr -s ' ')" "! marks an error above twice that of cuBLAS SGEMM \(FP32\): 6e-7, at the same size" "a line under the bars says what the mark means"
keys g; expect "Yours: live"
unlike "$s" "±" "the spread is not a ± (past 100% it would read as a negative time)"

unlike "$s" "CPU naive, 1 thread +█" "and has no bar beside the others' times"
keys v; expect "Roofline"
s=$(screen)
like "$s" "FP32 66.9 TFLOP/s" "the roofline's compute ceiling is the device's peak"
like "$s" "memory 4814 GB/s" "and its memory ceiling the device's bandwidth"
like "$s" "above roof: Tensor Cores" "TF32 above the FP32 roof is explained"
# every x-axis decade has a tick on the axis line and its label starts at
# that tick's column (or ends there, at the right edge)
axis=$(printf '%s\n' "$s" | grep -n '─┴' | head -1 | cut -d: -f1)
ticks=$(printf '%s\n' "$s" | sed -n "${axis}p" | grep -o '┴' | wc -l)
ok "$([ "${axis:-0}" -gt 0 ] && [ "$ticks" -ge 2 ] && echo 0 || echo 1)" "the roofline's x axis has a tick per decade ($ticks)"
labels=$(printf '%s\n' "$s" | sed -n "$((axis + 1))p")
tickline=$(printf '%s\n' "$s" | sed -n "${axis}p")
bad=0 seen=0
for ((i = 0; i < ${#tickline}; i++)); do   # bash counts characters in UTF-8
	[ "${tickline:i:1}" = "┴" ] || continue
	seen=$((seen + 1))
	[ "${labels:i:1}" != " " ] && [ -n "${labels:i:1}" ] || bad=$((bad + 1))
done
ok "$([ "$seen" -ge 2 ] && [ "$bad" = 0 ] && echo 0 || echo 1)" "a decade label stands under every tick ($seen ticks, $bad bare)"
stop

# Live conv beside the recorded reference needs more rows than 80x24 has.
mkdir -p "$ckd/demos/results"
cat "$MM_FX" "$CONV_FX" >"$ckd/demos/results/h200.yaml"
printf '#!/bin/sh\ncat "%s"\n' "$CONV_FX" \
	>"$ckd/build/demos/conv"
chmod +x "$ckd/build/demos/conv"
start 80 24 "$ck open conv"
wait_for "Yours: live" 5; ok $? "conv: live results"
like "$(screen | sed -n 23p)" "lines 1-18 of [0-9]+──$" "the rule above the status line says there is more below"
keys G
wait_for "cuDNN winograd +not available here"; ok $? "G scrolls to the end: an algorithm cuDNN lacks for this shape is not a failure"
settle
for i in $(seq 16); do screen | grep -q "Reference: recorded" && break; keys Up; settle; done
like "$(screen)" "Reference: recorded on NVIDIA H200, 2026-11-29" "above it, the recorded reference's title"
keys g; expect 'lines 1-18 of [0-9]+'; settle; top=$(screen)
keys G; expect "cuDNN winograd +not available here"; settle
axes=$( (printf '%s\n' "$top"; screen) | grep -oE '[0-9.k]+ \.\.\.? [0-9.k]+ ms' | sort -u)
is "$(printf '%s\n' "$axes" | grep -c .)" 1 "yours and the recorded bars share one log scale ($(echo $axes))"
keys v; expect 'recorded:'
s=$(screen)
like "$s" '[0-9a-z] (cuDNN |…)implicit' "the roofline legend names rungs by their labels"
unlike "$s" 'dnn-impl|dnn-pc|impl-pc' "not by abbreviated ids"
stop
rm -f "$ckd/build/demos/conv" "$ckd/demos/results/h200.yaml"

# A missing demo program is a message on the screen, not a crash.
start 80 24 "$ck open conv"
wait_for "no demo program at" 5; ok $? "a missing program says so"
like "$(screen)" "make demos" "and how to build it"
stop

# The real demos.
start 80 24 "$CK_BIN open matmul"
wait_for "Yours: CPU fallback" 30; ok $? "real matmul: CPU fallback results"
s=$(screen)
if [ -f "$CK_ROOT/demos/results/h200.yaml" ]; then
	like "$s" "Reference: recorded on NVIDIA H200, 20[0-9][0-9]-[0-9][0-9]-[0-9][0-9]" \
		"the recorded H200 reference is labelled with its date"
	keys t; keys t
	wait_gone "Yours:"; ok $? "t shows the recorded results without the learner's"
	like "$(screen)" "Reference: recorded on NVIDIA H200" "... alone"
else
	like "$s" "no recorded H200 results" "without demos/results/h200.yaml, says so"
fi
quit
prog=$(cat "$XDG_STATE_HOME/cudakitchen/progress.yaml" 2>/dev/null)
like "$prog" "matmul 256x256x256, CPU fallback: naive CPU [0-9.]+ ms -> best CPU [0-9.]+ ms" \
	"the measured speedups are saved in progress"
stop

if [ -x "$CK_BUILD/demos/conv" ]; then
	start 80 24 "$CK_BIN open conv"
	wait_for "Yours: CPU fallback" 30; ok $? "real conv: CPU fallback results"
	like "$(screen)" "CPU naive .*naive" "conv: the naive CPU bar"
	stop
fi
start 80 24 "$CK_BIN open devinfo"
wait_for "This machine: CPU fallback" 10; ok $? "devinfo: this machine, CPU fallback"
like "$(screen)" "CPU +.*[0-9]+ threads" "devinfo: the CPU row"
stop
done_testing
