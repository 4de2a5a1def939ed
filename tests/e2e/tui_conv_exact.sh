#!/usr/bin/env bash
# ck-test: quick
# The conv screen's line on the integer inputs (demos/conv/conv_exact.h):
# how many rungs were exact to the bit, and Winograd's largest element-wise
# error beside its bound, in English and Chinese, at 200x60, 80x24 and
# 60x20. The records are the H200 --quick fixture, given the fields the
# demo now writes (exact: true on the sums-of-products rungs) and one
# stand-in Winograd F(4x4,3x3) record with max_err and max_err_bound, and
# two stand-in cuDNN rows in NHWC (layout: "NHWC", as conv.c writes it),
# which bring the line that says %lib is NCHW FP32; the real CPU demo's
# records then say their two rungs were exact, and have no such line.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
fx=$(ladder_fixture results/h200-conv-quick.yaml)
ckd="$T_TMP/ck"
mkdir -p "$ckd/build/demos"
touch "$ckd/Makefile"
ln -s "$CK_ROOT/lessons" "$ckd/lessons"
cp "$CK_BIN" "$ckd/build/cudakitchen"
ck="$ckd/build/cudakitchen"
exact='"(naive|smem-direct|im2col-gemm|implicit-gemm|cudnn-implicit-gemm|cudnn-implicit-precomp-gemm|cudnn-gemm|cpu-naive|cpu-blocked)"'
{
	grep -v '^#' "$fx" | sed -E "/variant: $exact.*ok: true/ s/\}\$/, exact: true, max_err: 0, max_err_bound: ~}/"
	grep 'variant: "implicit-gemm"' "$fx" | sed -E -e 's/variant: "implicit-gemm"/variant: "winograd4"/' \
		-e 's/label: "[^"]*"/label: "Winograd F(4x4,3x3)"/' \
		-e 's/\}$/, exact: ~, max_err: 2.4e-07, max_err_bound: 0.00201}/'
	for p in tf32 fp16; do
		grep 'variant: "cudnn-implicit-gemm"' "$fx" | sed -E -e "s/variant: \"cudnn-implicit-gemm\"/variant: \"cudnn-nhwc-$p\"/" \
			-e 's/\}$/, layout: "NHWC"}/'
	done
} >"$T_TMP/conv.yaml"
is "$(grep -c 'layout: "NHWC"' "$T_TMP/conv.yaml")" 2 "the stand-in records: two NHWC rows"
is "$(grep -c 'exact: true' "$T_TMP/conv.yaml")" 9 "the stand-in records: nine exact rungs"
printf '#!/bin/sh\ncat "%s"\n' "$T_TMP/conv.yaml" >"$ckd/build/demos/conv"
chmod +x "$ckd/build/demos/conv"

en='On integer inputs 9 of these rungs are exact to the bit; Winograd F\(4x4,3x3\): largest error 2e-7 of the value scale \(bound 2e-3\)'
zh='在整数输入上，其中 9 个梯级逐位精确；Winograd F\(4x4,3x3\)：最大误差为数值尺度的 2e-7（上限 2e-3）'

start 200 60 "$ck open conv"
wait_for "Yours: live" 10; ok $? "200x60: the conv results"
wait_flat "$en"; ok $? "200x60: the line gives the exact rungs and Winograd's error and bound"
lay="%lib compares like with like: the hand rungs and cuDNN's named algorithms are NCHW FP32, against cuDNN's fastest NCHW FP32 one. The 2 NHWC rows are cuDNN's production path"
wait_flat "$lay"; ok $? "200x60: %lib is NCHW FP32, the NHWC rows another layout and precision"
stop

start 80 24 "$ck --lang zh open conv"
wait_for "你的机器：刚刚在 NVIDIA H200 上实测" 10; ok $? "80x24 zh: the conv results"
keys G
wait_flat "$zh"; ok $? "80x24 zh: the same line in Chinese, at the end"
# Chinese wraps anywhere: the rows joined with their spaces taken out
zlay='库%列是同类比较：手写梯级和cuDNN各具名算法都是NCHWFP32，对照cuDNN最快的NCHWFP32算法。2个NHWC行是cuDNN的生产路径'
wait_until "the zh layout line" 'flat | tr -d " " | grep -qF -- "$zlay"'
ok $? "80x24 zh: the layout line in Chinese"
stop

start 60 20 "$ck open conv"
wait_for "Yours: live" 10; ok $? "60x20: the conv results"
keys G
wait_flat "$lay"; ok $? "60x20: the layout line wraps whole, at the end"
keys Up Up Up Up Up Up
wait_flat "$en"; ok $? "60x20: the exact line wraps whole, above it"
stop

# the real CPU demo: its two rungs, exact
if [ -x "$CK_BUILD/demos/conv" ]; then
	start 200 60 "$CK_BIN open conv"
	wait_for "Yours: CPU fallback" 30; ok $? "real conv: CPU fallback results"
	wait_flat 'On integer inputs 2 of these rungs are exact to the bit'
	ok $? "real conv: both CPU rungs exact on the integer inputs"
	is "$(flat | grep -o 'compares like with like' | wc -l)" 1 \
		"real conv: the layout line under the recorded H200 rows only, not under the CPU's"
	stop
fi
done_testing
