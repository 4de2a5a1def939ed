#!/usr/bin/env bash
# The certificate's tables on screen at 60, 80 and 200 columns, in English
# and Chinese: a class whose level title is longer than the name column
# (double-width in Chinese) keeps every level's score and result on its own
# row, the scores in one column and the title's rest under the name; the
# skills table's text wraps under its own column, never at the left edge.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
CLASS="$T_TMP/class"
cp -r "$CK_ROOT/tests/fixtures/quiz/class" "$CLASS"
sed -i 's/^level: 2$/level: 2\nlast: true/' "$CLASS/quizzes/en/level2.yaml"
sed -i 's/^title: .*/title: "Shared-memory tiling and the bank conflicts of a transpose, measured"/' "$CLASS/quizzes/en/level1.yaml"
mkdir -p "$CLASS/quizzes/zh"
sed 's/^title: .*/title: "共享内存分块与转置中的存储体冲突：在 H200 上实测"/' "$CLASS/quizzes/en/level1.yaml" >"$CLASS/quizzes/zh/level1.yaml"
sed 's/^title: .*/title: "第二关"/' "$CLASS/quizzes/en/level2.yaml" >"$CLASS/quizzes/zh/level2.yaml"
real=$(cd "$CLASS" && pwd -P)
lv() { echo "      - {best: $1, attempt: 1, question: 0, seed: 1, points: 0, max_points: 0, in_progress: false}"; }
passed() { # both class levels passed (100% and 85%)
	mkdir -p "$XDG_STATE_HOME/cudakitchen"
	{
		echo "format_version: 3"; echo 'last: ""'; echo "lessons: []"; echo "levels:"
		for i in 1 2 3 4 5; do lv -1 | sed 's/^    //'; done
		echo "courses:"; echo "  - course: \"$real\""; echo "    levels:"
		lv 100; lv 85; lv -1; lv -1; lv -1
		echo "skills:"
		for s in concepts architecture threads memory libraries performance; do echo "  $s: {got: 3, max: 4}"; done
		echo "gpumap: {attempts: 0, correct: 0}"; echo 'apis: ""'; echo "drills: []"; echo 'speedups: ""'
	} >"$XDG_STATE_HOME/cudakitchen/progress.yaml"
}
# columns: for the screen's numbered level rows, "ok" when each has its
# score and result on the row, all the scores' '%' in one display column,
# and a wrapped title's rest starting under the name; else what is wrong.
columns() {
	screen | python3 -c '
import sys, unicodedata
def w(s): return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
rows = sys.stdin.read().split("\n")
res = ("passed", "已通过", "未通过")
num = [i for i, r in enumerate(rows) if r[:7].strip() in ("1", "2") and r.startswith("    ") and r[4] in "12"]
if len(num) != 2: print("numbered rows:", num); sys.exit()
pct = {w(rows[i][:rows[i].find("%")]) for i in num if "%" in rows[i]}
if len(pct) != 1 or any(not any(x in rows[i] for x in res) for i in num):
	print("scores or results:", [rows[i] for i in num]); sys.exit()
name = w(rows[num[0]][:7])
nxt = rows[num[0] + 1]
if num[1] != num[0] + 1 and (w(nxt) - w(nxt.lstrip()) != name or not nxt.strip()):
	print("the title rest:", repr(nxt)); sys.exit()
print("ok")'
}
for lang in en zh; do
	for size in "60 30" "80 30" "200 60"; do
		set -- $size
		passed   # a learner who has written none yet (the last one's is in its progress)
		launch "$1" "$2" "$CK_BIN" --lang "$lang" --cert-dir "$T_TMP/certs-$lang-$1" --lessons "$CLASS" open cert
		expect 'Your name|你的名字|姓名'
		keys -l 'Ada'; keys Enter
		expect 'Certificate written to|证书已写入'
		is "$(columns)" ok "$lang ${1}x$2: the level rows keep score and result on their row, in one column"
		if [ "$1" = 200 ]; then
			rule=$(screen | python3 -c 'import sys; print(next((len(r.rstrip()) for r in sys.stdin.read().split("\n") if r.startswith("\u2500")), 0))')
			ok "$([ "$rule" -ge 90 ] && [ "$rule" -le 105 ] && echo 0 || echo 1)" "$lang 200x60: the rule under the path stops at the readable width ($rule)"
		fi
		if [ "$1" = 60 ] && [ "$lang" = en ]; then
			for i in $(seq 40); do   # the skills table in view, line by line
				screen | grep -Eq '^    concepts +[0-9]+%' && break
				keys Down; settle
			done
			keys Down; settle
			like "$(screen)" '^ {32}[a-z]' "60x30: a skill's text wraps under its own column"
			unlike "$(screen)" '^  [a-z]+ [a-z]+, [a-z]' "and not at the left edge"
		fi
		quit
	done
done
done_testing
