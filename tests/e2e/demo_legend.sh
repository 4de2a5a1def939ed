#!/usr/bin/env bash
# How a demo screen's numbers are read, in tmux at 80x24 in English and
# Chinese: a line under the bars names every column (%lib, spread, other),
# and so does the screen's help under "Reading this screen"; a run whose
# spread passes 100% is called noisy (a recorded one: compare medians); the
# CPU fallback says its times swing; in Chinese the %lib column is 库%, the
# help's title names the demo in Chinese.  The "Yours:"/"Reference:" lines
# are indented as the lines under them; at 60x20 in Chinese, launch's line
# for a run without points wraps rather than cut a word ("CUDA").
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
[ -x "$CK_BUILD/demos/matmul" ] || skip_all "matmul not built (make demos)"
ckd="$T_TMP/ck"
mkdir -p "$ckd/build/demos" "$ckd/demos/results"
touch "$ckd/Makefile"
ln -s "$CK_ROOT/lessons" "$ckd/lessons"
cp "$CK_BIN" "$ckd/build/cudakitchen"
ln -s "$CK_BUILD/demos/matmul" "$ckd/build/demos/matmul"
[ -x "$CK_BUILD/demos/launch" ] && ln -s "$CK_BUILD/demos/launch" "$ckd/build/demos/launch"
# the recorded run, its naive rung's slowest repeat past twice its median
sed '/@matmul:NAIVE@/s/ms_max: [0-9.]*/ms_max: 99.5/' "$(ladder_fixture results/h200-matmul-1024.yaml)" \
	>"$ckd/demos/results/h200.yaml"
ck="$ckd/build/cudakitchen"
export CUDA_VISIBLE_DEVICES=""

start 80 24 "$ck open matmul"
wait_for "Yours: CPU fallback" 30; ok $? "matmul: the CPU fallback run"
like "$(screen)" "^ Yours: CPU fallback" "its line is indented 1, as the rows under it"
like "$(screen)" "^ Reference: recorded on" "and so is the reference's"
keys G; settle
s=$(screen | tr '\n' ' ' | tr -s ' ')
like "$s" "Columns: time, the median of the repeats; error, relative to an FP64 reference; speedup, against the naive row; %lib, this row's speed as a percent of the library's \(the median of side-by-side pairs where the row has them\); spread, slowest less fastest repeat as a percent of the median; other, measured at another size" \
	"the bars end with what each column is"
like "$s" "A spread over 100% in 1 of the recorded rows: those repeats were noisy; compare the medians" \
	"a recorded spread over 100% is called noisy"
keys g; settle
like "$(screen | tr '\n' ' ' | tr -s ' ')" "CPU fallback, [0-9]+ threads: its times swing from run to run; read them as rough" \
	"the CPU fallback says its times swing"
keys '?'
wait_for "help for"; keys G
wait_for "Reading this screen"; ok $? "the help ends with a part on reading the screen"
s=$(screen | tr '\n' ' ' | tr -s ' ')
like "$s" "%lib: the row's speed as a percent of the library's; where the row was timed side by side with the library row, the median of those pairs\. other: measured at another size" "the help names %lib and other"
like "$s" "spread: slowest less fastest repeat, as a percent of the median; over 100% the run was noisy" "and spread"
stop

start 80 24 "$ck --lang zh open matmul"
wait_for "你的机器：CPU 后备" 30; ok $? "zh matmul: the run"
s=$(screen)
like "$s" "^ 你的机器：CPU 后备" "zh: indented 1 too"
like "$s" "时间 +误差 +加速比 +库% +波动" "zh: the columns' heads in Chinese, %lib as 库%"
unlike "$s" "%lib" "zh: no %lib left in English"
keys G; settle
like "$(screen | tr -d '\n ')" "各列：时间，多次重复的中位数；.*库%，本行速度占库速度的百分比（有交替配对计时时取各对的中位数）；波动" "zh: the columns explained"
keys '?'
wait_for "矩阵乘法的帮助"; ok $? "zh: the help's title names the demo in Chinese"
keys G
wait_for "如何看本屏"; ok $? "zh: and how to read the screen"
stop
if [ -x "$CK_BUILD/demos/launch" ]; then
	start 60 20 "$ck --lang zh open launch"
	wait_for "你的机器" 30; ok $? "zh launch at 60x20: the run"
	unlike "$(screen)" '[A-Za-z]…' "no word cut with an ellipsis (the line wraps instead)"
	keys '?'; wait_for "帮助"; keys G
	wait_for "如何看本屏"
	like "$(screen | tr -d '\n ')" "×表示线程块放不进一个SM" "zh launch help: the mark named as the legend draws it (×)"
	stop
fi
done_testing
