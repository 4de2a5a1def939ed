#!/usr/bin/env bash
# ck-test: quick
# The matmul screen says which tiles and split the best rung's rule chose
# (its record's config, split, parts, streamk), in English and Chinese: a
# stand-in matmul prints the recorded H200 sweep's 333x777x555 run (128x128
# tiles, K in 6 slices summed apart, then added up) as "yours".
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
sweep="$CK_ROOT/demos/results/h200-sweep.yaml"
grep -q 'm: 333, n: 777, k: 555.*parts: true' "$sweep" 2>/dev/null ||
	skip_all "no 333x777x555 run in parts in $sweep"

ckd="$T_TMP/ck"
mkdir -p "$ckd/build/demos"
touch "$ckd/Makefile"
ln -s "$CK_ROOT/lessons" "$ckd/lessons"
cp "$CK_BIN" "$ckd/build/cudakitchen"
{ grep 'record: "device"' "$sweep" | head -1; grep 'record: "variant".*m: 333, n: 777, k: 555' "$sweep"; } \
	>"$T_TMP/mm.yaml"
printf '#!/bin/sh\ncat "%s"\n' "$T_TMP/mm.yaml" >"$ckd/build/demos/matmul"
chmod +x "$ckd/build/demos/matmul"

for lang in en zh; do
	fresh
	launch 80 24 "env CUDA_VISIBLE_DEVICES= $ckd/build/cudakitchen --lang $lang open matmul"
	if [ $lang = en ]; then
		wait_for "Yours: live" 10; ok $? "en: the stand-in's run shows as yours"
		keys G; wait_for "chosen by its rule" 3; ok $? "en: a line under the bars names the rule's choice"
		s=$(screen | tr '\n' ' ' | tr -s ' ')
		like "$s" "library-style: 128x128 tiles, K in 6 slices summed apart, then added up, chosen by its rule for 333x777x555" \
			"en: its tiles, its split into parts, for which size"
	else
		wait_for "你的机器" 10; ok $? "zh: the stand-in's run shows as yours"
		keys G; wait_for "由它的规则按" 3; ok $? "zh: the line in Chinese"
		s=$(screen | tr -d '\n' | tr -s ' ')
		like "$s" "库式写法：128x128 分块，K 切成 6 段各自求和再相加，由它的规则按 333x777x555 和 GPU 的 SM 数选定" \
			"zh: the same, in Chinese words"
		unlike "$s" "summed apart|chosen by" "zh: no English inside it"
	fi
	quit
done
done_testing
