#!/usr/bin/env bash
# The fusion demo from the outside, without a GPU: help and --list (the
# one ladder table, demos/fusion/fu_ladder.h), argument errors (exit 2
# with a message), both CPU rungs against FP64 for the conv (odd shapes,
# padding 0 and 1) and the GEMM, the documented YAML fields and the traffic
# model (unfused: inputs + 5 y; fused: inputs + y, the saving 4 y), a
# wrong result caught (CK_DEMO_CORRUPT: exit 3, not timed), and the CPU
# fallback when no GPU is visible (the GPU hand rungs run on the CPU
# emulation in demos_emu.sh); each fused rung paired with its twin. Then its
# screen in tmux at 80x24 and 60x20, in English and Chinese: the bars and
# the line of bytes and time saved with the paired speed-up, the fallback's
# and a recorded run's (tests/fixtures/results/synthetic-fusion.yaml).
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
. "$(dirname "$0")/demo_lib.bash"
ladder="$CK_ROOT/demos/fusion/fu_ladder.h"
rows=$(ladder_rows "$ladder")
CU=$(ladder_id "$ladder" CPU_UNFUSED)
CF=$(ladder_id "$ladder" CPU_FUSED)
fu="$CK_BUILD/demos/fusion"
[ -x "$fu" ] || skip_all "no $fu (make demos)"

out=$("$fu" --help); ok $? "--help exits 0"
for o in --op --n --c --h --w --k --r --s --pad --m --variants --reps --cpu --quick --format \
         --list --help; do
    like "$out" "(^| )$o( |$)" "--help documents $o"
done

out=$("$fu" --list); ok $? "--list exits 0"
is "$(printf '%s\n' "$rows" | awk '{ printf "%s%s", s, $2; s = " " }')" "1 2 3 4 5 6" \
    "fu_ladder.h: six rungs, numbered in order"
is "$(printf '%s\n' "$out" | awk '{ print $1 }')" "$(printf '%s\n' "$rows" | awk '{ print $1 }')" \
    "--list: one line per rung of fu_ladder.h, in its order"
for f in 01_unfused 02_fused; do
    like "$(head -1 "$CK_ROOT/demos/fusion/$f.cuh")" "^// Rung [1-2], " "$f.cuh opens with its idea"
done

bad=("--frobnicate" "--op" "--op fft" "--n 0" "--c abc" "--pad -1" "--op gemm --m 0"
     "--op gemm --h 3" "--r 9 --h 4 --pad 0" "--op gemm --m 1048576 --n 65536"
     "--variants $CF,bogus" "--format xml")
for a in "${bad[@]}"; do
    err=$("$fu" $a 2>&1 >/dev/null); rc=$?
    is "$rc" 2 "bad arguments '$a' exit 2"
    like "$err" "." "bad arguments '$a' say why on stderr"
done

for args in "--n 2 --c 3 --h 9 --w 7 --k 5 --r 3 --s 3 --pad 1" \
            "--n 1 --c 4 --h 6 --w 8 --k 70 --r 5 --s 3 --pad 0" \
            "--op gemm --m 65 --n 67 --k 17" "--op gemm --m 1 --n 1 --k 1"; do
    out=$("$fu" --cpu $args --reps 1 --format yaml); rc=$?
    is "$rc" 0 "cpu $args: exit 0"
    for id in "$CU" "$CF"; do
        line=$(printf '%s\n' "$out" | grep "variant: \"$id\"")
        is "$(field ok "$line")" true "cpu $args: $id passes"
        is "$(field checked "$line")" '"fp64"' "cpu $args: $id checked against FP64"
        within "$(field rel_err "$line")" "$(field tol "$line")"
        ok $? "cpu $args: $id rel_err $(field rel_err "$line") within tol"
    done
done

out=$(CUDA_VISIBLE_DEVICES="" "$fu" --quick --format yaml); rc=$?
is "$rc" 0 "no visible GPU: exit 0"
unlike "$out" '^[^-]|^-[^ ]|^- [^{]' "every line starts with '- {'"
dev=$(printf '%s\n' "$out" | head -1)
is "$(field demo "$dev")" '"fusion"' "device record: demo fusion"
is "$(field live "$dev")" false "fallback: live false"
is "$(printf '%s\n' "$out" | grep -c 'record: "variant"')" 2 "fallback: the two CPU variants"
un=$(printf '%s\n' "$out" | grep "variant: \"$CU\"")
fz=$(printf '%s\n' "$out" | grep "variant: \"$CF\"")
for f in record format demo variant rung kind label ok checked rel_err tol ms reps gflops \
         m n k op act shape precision model_bytes model_intensity model y_bytes; do
    like "$un" "[{ ]$f: " "variant record has $f"
done
is "$(field m "$un")/$(field n "$un")/$(field k "$un")" 3136/32/288 \
    "--quick conv N4 C32 28x28 K32 3x3 is the GEMM 3136x32x288"
is "$(field shape "$un")" '"N4 C32 28x28 K32 3x3 pad 1"' "... and says its shape"
is "$(field fused_of "$fz")" "\"$CU\"" "the fused record names its unfused twin"
is "$(field speedup_pairs "$un")" "" "the unfused record has no pairs"
awk -v p="$(field speedup_pairs "$fz")" -v s="$(field paired_speedup "$fz")" \
    -v lo="$(field paired_speedup_lo "$fz")" -v hi="$(field paired_speedup_hi "$fz")" \
    'BEGIN { exit !(p >= 3 && s > 0 && lo <= s && s <= hi) }'
ok $? "the fused record: its speed-up over its twin, paired ($(field paired_speedup "$fz") over $(field speedup_pairs "$fz") pairs)"
# y = 3136·32 floats = 401408 bytes; inputs x 4·32·28·28, filters 32·288, bias 32
y=401408; in=$(( 4 * (4 * 32 * 28 * 28 + 32 * 288 + 32) ))
is "$(field y_bytes "$un")" "$y" "y_bytes: 4 bytes per output"
near() { awk -v a="$1" -v b="$2" 'BEGIN { exit !(a > 0.999 * b && a < 1.001 * b) }'; }
near "$(field model_bytes "$un")" $(( in + 5 * y )); ok $? "unfused moves inputs + 5 y"
near "$(field model_bytes "$fz")" $(( in + y )); ok $? "fused moves inputs + y"
near "$(field saved_bytes "$fz")" $(( 4 * y )); ok $? "fused saves 4 y"
out=$(CUDA_VISIBLE_DEVICES="" "$fu" --quick --op gemm --reps 1 --format yaml)
line=$(printf '%s\n' "$out" | grep "variant: \"$CF\"")
is "$(field op "$line")/$(field act "$line")" '"gemm"/"gelu"' "--op gemm: GELU"
is "$(field m "$line")/$(field n "$line")/$(field k "$line")" 256/256/256 "--op gemm --quick: 256³"

for id in "$CU" "$CF"; do
    out=$(CK_DEMO_CORRUPT="$id" "$fu" --cpu --reps 1 --format yaml); rc=$?
    is "$rc" 3 "a corrupted $id exits 3"
    line=$(printf '%s\n' "$out" | grep "variant: \"$id\"")
    is "$(field ok "$line")" false "... that variant fails"
    is "$(field ms "$line")" "~" "... and is not timed"
    like "$(field error "$line")" "NaN" "... and says why"
done

out=$("$fu" --cpu --reps 1 --format table); ok $? "--format table exits 0"
like "$out" "$CF +cpu +ok" "the table lists the CPU variants"
like "$out" "$CF +vs $CU .* MB saved \\(66%\\)" "the table says the bytes fusion saves"
like "$out" "$CF +vs $CU .* ms \\(x[0-9.]+ paired \\[[0-9.]+-[0-9.]+, [0-9]+ pairs\\]\\)" "the table: the paired speed-up"

# the screen, from the registry's row: the bars view of the fallback run
if demo_screen fusion; then
    ckd=${DEMO_TUI%/build/cudakitchen}   # the scratch checkout demo_screen made
    start 80 24 "$DEMO_TUI open fusion"
    wait_for "Yours: CPU fallback" 30; ok $? "screen 80x24: the CPU fallback run"
    s=$(screen)
    like "$s" "Fusion: bias and activation in the epilogue" "screen 80x24: the title"
    like "$s" "CPU, 3 passes" "screen 80x24: the unfused CPU rung's bar"
    like "$s" "CPU, fused: .* moved instead of" "screen 80x24: the bytes fusion saves"
    like "$(printf '%s\n' "$s" | tr -s ' \n' ' ')" "CPU, fused: .* side by side ×[0-9.]+ \(pairs [0-9.]+-[0-9.]+, [0-9]+ of them\)" \
        "screen 80x24: the speed-up measured side by side, with its spread"
    stop
    # a recorded file with other demos' runs only: said, not left blank
    cp "$CK_ROOT/tests/fixtures/results/synthetic-launch.yaml" "$ckd/demos/results/h200.yaml"
    start 80 24 "$ckd/build/cudakitchen open fusion"
    wait_for "no recorded H200 run of this demo in demos/results/h200.yaml yet" 30
    ok $? "screen 80x24: a recorded file without a fusion run says so"
    stop
    # a recorded run (synthetic, made-up numbers) beside the fallback: its
    # paired speed-ups and their spread over the benchmark's processes
    cp "$CK_ROOT/tests/fixtures/results/synthetic-fusion.yaml" "$ckd/demos/results/h200.yaml"
    start 80 24 "$ckd/build/cudakitchen open fusion"
    wait_for "Reference: recorded on Test GPU" 30; ok $? "screen 80x24: the recorded run without a GPU"
    wait_for "fusion finished" 30   # the fallback's run first: G scrolls to the end of both
    keys G
    wait_for "over 3 processes 1.19-1.25" 10
    ok $? "screen 80x24: the recorded library fused rung's spread over the processes"
    like "$(screen | tr -s ' \n' ' ')" "library, one fused call: 51.5 MB moved instead of 154.3 MB \(67% less\), 0.138 ms instead of 0.176 ms; side by side ×1.22 \(pairs 1.15-1.30, 30 of them\)" \
        "screen 80x24: the recorded paired speed-up (x1.22), never the ratio of the medians (x1.28)"
    stop
    start 60 20 "$DEMO_TUI --lang zh open fusion"
    wait_for "CPU，融合：搬运" 30; ok $? "screen 60x20 zh: the bytes saved, in Chinese"
    like "$(screen)" "融合：把偏置和激活放进尾声" "screen 60x20 zh: the title in Chinese"
    keys G
    wait_for "3 个进程之间 1.19–1.25" 10; ok $? "screen 60x20 zh: the recorded spread, in Chinese"
    like "$(screen | tr -d ' \n')" "成对交替计时×1.22（最低1.15，最高1.30，共30对）" \
        "screen 60x20 zh: the paired speed-up, in Chinese"
    stop
fi
done_testing
