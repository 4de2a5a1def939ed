#!/usr/bin/env bash
# The attention demo from the outside, without a GPU: help and --list (the
# one ladder table, demos/attention/attn_ladder.h), argument errors (exit 2
# with a message), the CPU rung against FP64 (every row at these sizes),
# causal, BF16 and an odd S, the documented YAML fields, a wrong result
# caught (CK_DEMO_CORRUPT: exit 3, not timed), and the CPU fallback when no
# GPU is visible (the GPU rungs run on the CPU emulation in demos_emu.sh).
# Then its screen in tmux at 80x24 and 60x20: the registry's attn view
# of the fallback run beside the recorded H200, with the memory line
# (the S×S bytes against the H200's memory, where the unfused rungs run
# out), and its roofline (each recorded rung at its own traffic model), in
# English and Chinese.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
. "$(dirname "$0")/demo_lib.bash"
ladder="$CK_ROOT/demos/attention/attn_ladder.h"
rows=$(ladder_rows "$ladder")
CN=$(ladder_id "$ladder" CPU_NAIVE)
at="$CK_BUILD/demos/attention"
[ -x "$at" ] || skip_all "no $at (make demos)"

out=$("$at" --help); ok $? "--help exits 0"
for o in --b --h --s --d --causal --dtype --variants --reps --cpu --quick --format --list --help; do
    like "$out" "^ +$o " "--help documents $o"
done

out=$("$at" --list); ok $? "--list exits 0"
is "$(printf '%s\n' "$rows" | awk '{ printf "%s%s", s, $2; s = " " }')" "1 2 3 4 5" \
    "attn_ladder.h: five rungs, numbered in order"
is "$(printf '%s\n' "$out" | awk '{ print $1 }')" "$(printf '%s\n' "$rows" | awk '{ print $1 }')" \
    "--list: one line per rung of attn_ladder.h, in its order"
for f in 01_three_kernel 02_cublas_softmax 03_flash_mma 04_cudnn_sdpa; do
    like "$(head -1 "$CK_ROOT/demos/attention/$f.cuh")" "^// Rung [1-4], " "$f.cuh opens with its idea"
done

bad=("--frobnicate" "--s 0" "--s abc" "--s" "--d 257" "--dtype fp8" "--dtype"
     "--b 4096 --h 4096 --s 65536" "--variants $CN,bogus" "--format xml")
for a in "${bad[@]}"; do
    err=$("$at" $a 2>&1 >/dev/null); rc=$?
    is "$rc" 2 "bad arguments '$a' exit 2"
    like "$err" "." "bad arguments '$a' say why on stderr"
done

for args in "--s 37 --d 64" "--s 64 --d 128 --causal" "--s 100 --d 32 --dtype bf16" \
            "--b 2 --h 3 --s 17 --d 8 --causal"; do
    out=$("$at" --cpu $args --reps 1 --format yaml); rc=$?
    is "$rc" 0 "cpu $args: exit 0"
    line=$(printf '%s\n' "$out" | grep "variant: \"$CN\"")
    is "$(field ok "$line")" true "cpu $args: $CN passes"
    is "$(field checked "$line")" '"fp64"' "cpu $args: checked against FP64"
    within "$(field rel_err "$line")" "$(field tol "$line")"
    ok $? "cpu $args: rel_err $(field rel_err "$line") within tol $(field tol "$line")"
done
line=$("$at" --cpu --s 100 --d 32 --dtype bf16 --reps 1 --format yaml | grep "variant: \"$CN\"")
is "$(field precision "$line")" '"bf16"' "--dtype bf16: the record says bf16"
is "$(field tol "$line")" 0.02 "--dtype bf16: the BF16 tolerance"

out=$(CUDA_VISIBLE_DEVICES="" "$at" --quick --format yaml); rc=$?
is "$rc" 0 "no visible GPU: exit 0"
unlike "$out" '^[^-]|^-[^ ]|^- [^{]' "every line starts with '- {'"
dev=$(printf '%s\n' "$out" | head -1)
is "$(field demo "$dev")" '"attention"' "device record: demo attention"
is "$(field live "$dev")" false "fallback: live false"
var=$(printf '%s\n' "$out" | grep "variant: \"$CN\"")
for f in record format demo variant rung kind label ok checked rel_err tol ms reps gflops \
         b h s d causal precision extra_bytes tflops hbm_bytes model_bytes model_intensity model; do
    like "$var" "[{ ]$f: " "variant record has $f"
done
is "$(field s "$var")/$(field d "$var")/$(field b "$var")/$(field h "$var")" 128/64/1/2 \
    "--quick is B=1 H=2 S=128 D=64"
# 4·B·H·S²·D = 4·2·128²·64 = 8388608 FLOP
ok "$(awk -v g="$(field gflops "$var")" -v ms="$(field ms "$var")" \
    'BEGIN { f = g * 1e9 * ms / 1e3; exit !(f > 0.99 * 8388608 && f < 1.01 * 8388608) }'; echo $?)" \
    "the FLOPs are 4·B·H·S²·D"
is "$(printf '%s\n' "$out" | grep -c 'record: "variant"')" 1 "fallback: only the CPU variant"
line=$(CUDA_VISIBLE_DEVICES="" "$at" --quick --causal --reps 1 --format yaml | grep "variant: \"$CN\"")
ok "$(awk -v a="$(field gflops "$line")" -v ms="$(field ms "$line")" \
    'BEGIN { f = a * 1e9 * ms / 1e3; exit !(f > 0.99 * 4194304 && f < 1.01 * 4194304) }'; echo $?)" \
    "causal: half the FLOPs"

out=$(CK_DEMO_CORRUPT="$CN" "$at" --cpu --reps 1 --format yaml); rc=$?
is "$rc" 3 "a corrupted result exits 3"
line=$(printf '%s\n' "$out" | grep "variant: \"$CN\"")
is "$(field ok "$line")" false "... that variant fails"
is "$(field ms "$line")" "~" "... and is not timed"
like "$(field error "$line")" "NaN" "... and says why"

out=$("$at" --cpu --reps 1 --format table); ok $? "--format table exits 0"
like "$out" "$CN +cpu +ok" "the table lists the CPU variant"

# the screen, from the registry's row: the bars view of the fallback run
if demo_screen attention "$CK_ROOT/demos/results/h200.yaml"; then
    start 80 24 "$DEMO_TUI open attention"
    wait_for "Yours: CPU fallback" 30; ok $? "screen 80x24: the CPU fallback run"
    s=$(screen)
    like "$s" "Attention: three kernels, cuBLAS, flash, cuDNN" "screen 80x24: the title"
    like "$s" "CPU naive, 1( thread|…)" "screen 80x24: the CPU rung's bar"
    like "$s" "cuDNN SDPA, graph API +█+ +0\.045 ms" "screen 80x24: cuDNN's recorded rung"
    # speed-ups against the FP16 ladder's first hand rung (no FP32 row
    # here), %lib against cuDNN, paired: flash-mma 31% (0.045 / 0.141
    # would read 32%)
    like "$s" "three kernels, S×S in HBM +█+ +2\.99 ms +1e-6 +naive +1%" "screen 80x24: three-kernel is the naive row"
    like "$s" "fused flash, mma\.sync +█+ +0\.141 ms +5e-5 +×21 +31%" "screen 80x24: flash's speed-up, and its paired share of cuDNN"
    like "$s" "cuDNN SDPA, graph API +█+ +0\.045 ms +2e-4 +×67 +100%" "screen 80x24: cuDNN is the library row"
    keys G   # the line ends the bars' picture: it scrolls with them
    wait_for "they run out past S = 24129 and S = 19713" 10
    ok $? "screen 80x24: where the unfused rungs run out on the H200 (B·H 64, D 64)"
    like "$(screen)" "Memory on NVIDIA H200 \(140 GiB\): at S = 1024" "screen 80x24: the memory line"
    s=$(screen | tr '\n' ' ' | tr -s ' ')
    like "$s" "spread, slowest less fastest repeat as a percent of the median\." "screen 80x24: the columns' legend ends at spread ..."
    unlike "$s" "other, measured at another size" "... with no 'other', which no row here shows"
    # the roofline: each recorded rung at its own traffic model's intensity
    # (attn_traffic.h, given to the records by traffic.c), named in the key
    keys v
    wait_for "4 K, V read per 64" 10; ok $? "screen 80x24: the roofline names flash-mma's model"
    s=$(screen)
    like "$s" "2 S×S scores, P stored" "screen 80x24: three-kernel's model (S×S through memory)"
    like "$s" "3 FP32 scores\+16-bit P" "screen 80x24: cublas-softmax's model"
    like "$s" ": minimum traffic" "screen 80x24: the minimum's dotted column beside the marks"
    like "$s" "FP32 66\.9 TFLOP/s" "screen 80x24: the compute roof says it is FP32's"
    like "$s" "above roof: Tensor Cores" "screen 80x24: the FP16 rungs above it ran on Tensor Cores"
    stop
    start 60 20 "$DEMO_TUI --lang zh open attention"
    wait_for "CPU 后备" 30; ok $? "screen 60x20 zh: the CPU fallback run"
    keys G
    wait_for "19713 后放不下" 10; ok $? "screen 60x20 zh: the memory line, scrolled to"
    keys v
    wait_for "t：只看一组，列出其访存模型" 10; ok $? "screen 60x20 zh: too many models for both sets: t says so"
    keys t; keys t   # yours, then the recorded set alone: room for its models
    wait_for "2 FP32 分数和 16 位 P 经显存" 10; ok $? "screen 60x20 zh: the recorded set's models in Chinese"
    s=$(screen)
    like "$s" "1 S×S 分数和 P 写出再读回" "screen 60x20 zh: three-kernel's model in Chinese"
    like "$s" "高于屋顶：张量核心" "screen 60x20 zh: above the FP32 roof: Tensor Cores"
    like "$s" "另有 2 个（窗口调高可见）" "screen 60x20 zh: the models that do not fit are counted"
    stop
fi
done_testing
