#!/usr/bin/env bash
# The TUI in Chinese chosen by LANG=zh_CN.UTF-8 alone (no LC_ALL; only
# C.UTF-8 is installed here, which is the case to test: the language comes
# from the variable's text, character handling from C.UTF-8).  Through the
# fixture class tests/fixtures/i18n-class: the menu and its fallback
# marker, a Chinese lesson compared with golden screens at 80 and 79
# columns, and quiz level 1 answered right (the untranslated question in
# English with its marker).
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
CLASS="$CK_ROOT/tests/fixtures/i18n-class"
GOLD="$CK_ROOT/tests/golden"
start 80 24 "env -u LC_ALL -u LC_MESSAGES LANG=zh_CN.UTF-8 $CK_BIN --lessons '$CLASS'"
wait_for "课程" 5; ok $? "the menu comes up in Chinese"
s=$(screen)
like "$s" "cudakitchen：i18n-class 的课程 +已完成 0/2 课" "menu title (naming the class) and count in Chinese"
like "$s" "第一课：厨房 +5 分钟" "the translated lesson with its time"
like "$s" "Beta in English （英文）" "the untranslated lesson is English, marked"
like "$s" "Enter 打开  1-9 课程  / 搜索  \? 帮助  q 退出" "status hints in Chinese"

keys Enter; wait_for "第 1/1 页" 3; ok $? "the lesson opens"
s=$(screen)
# golden screens: regenerate with CK_GOLDEN_WRITE=1 after checking them by eye
gold() {
	if [ -n "${CK_GOLDEN_WRITE:-}" ]; then printf '%s\n' "$1" >"$GOLD/$2"; fi
	is "$1" "$(cat "$GOLD/$2")" "screen matches $2"
	[ "$1" = "$(cat "$GOLD/$2")" ] || diff <(printf '%s\n' "$1") "$GOLD/$2" | sed 's/^/#   /'
}
gold "$s" zh-lesson-80.txt
like "$s" "厨具设备，cuDNN 是一本预制菜谱。这一段在源文$" "source lines joined without spaces..."
like "$s" "^  件里分成了好几行，显示时中间不能出现空格。$" "...and wrapped between characters"
like "$s" "^  (厨){37}房$" "38 wide characters fill the 76-column text width exactly"
resize_to 79 24
s=$(screen)
gold "$s" zh-lesson-79.txt
like "$s" "^  (厨){37}$" "at 79 columns the 38th wide character does not straddle the edge..."
like "$s" "^  房$" "...it moves down whole"
resize_to 80 24
keys '?'; expect "按键"
like "$(screen)" "退出（进度会保存）" "help texts in Chinese"
like "$(screen | head -1)" "cudakitchen：课程阅读的帮助 +按键" "the help title names the screen in Chinese"
resize 50 15
wait_for "终端太小：需要 60×20，当前 50×15"; ok $? "the too-small message in Chinese"
resize_to 80 24; expect "的帮助"
keys Escape; expect "第 1/1 页"; keys Escape; expect "课程"
# the untranslated lesson opens in English with the marker in its title bar
# (lesson 1 is read: back on the menu the cursor is on the next one)
expect "Beta in English"; settle; keys Enter; expect "Beta page"
like "$(screen | head -1)" "Beta in English +（英文）  第 1/1 页" "the reader marks an English fallback lesson"
like "$(screen)" "本课结束。" "its chrome stays Chinese"
keys Escape; expect "课程"; keys Up; settle

# The quiz: level 1 of the class, answered right by reading the screen.
answer_right() {
	local s; s=$(screen)
	# no option is preselected: Down puts the cursor on the first row
	if ! printf '%s' "$s" | grep -q "输入答案" && [ -z "$(cursor_row)" ]; then
		keys Down; expect '^  >'
	fi
	if printf '%s' "$s" | grep -q "输入答案"; then
		keys -l alpha; keys Enter
	elif printf '%s' "$s" | grep -q "单选"; then
		go_row "$(rows_of RIGHT | head -1)"; keys Space Enter
	elif printf '%s' "$s" | grep -q "多选"; then
		for r in $(rows_of RIGHT); do go_row "$r"; keys Space; done
		keys Enter
	elif printf '%s' "$s" | grep -q "判断对错"; then
		go_row "$(rows_of '  对$' | head -1)"; keys Space Enter
	else
		keys Space Down Space Enter
	fi
	expect "答对了|不太对"
}
keys Down Down; settle
keys Enter; wait_for "测试关卡一" 3; ok $? "the quiz opens in Chinese"
like "$(screen)" "第 1 关  测试关卡一" "the level title from the translation"
keys Enter; wait_for "第 1/6 题" 3; ok $? "level 1 starts at question 1 of 6"
fallback=0
for i in 1 2 3 4 5 6; do
	printf '%s' "$(screen)" | grep -q "这道题还没有翻译" && fallback=$((fallback + 1))
	answer_right
	like "$(screen)" "答对了！\+2 分" "question $i answered right"
	keys Enter
	[ "$i" = 6 ] || expect "第 $((i + 1))/6 题"
done
is "$fallback" 1 "exactly one question (f-match) is English, marked as such"
expect "你的得分"
like "$(screen)" "你的得分：100%。通过。" "level 1 passed, in Chinese"
like "$(screen)" "第 2 关已开启。" "level 2 opens"
quit
stop

# A damaged progress file: the notice that it was kept aside is in Chinese too.
mkdir -p "$XDG_STATE_HOME/cudakitchen"
printf '\001\002 not yaml {{{\n' >"$XDG_STATE_HOME/cudakitchen/progress.yaml"
start 80 24 "env -u LC_ALL -u LC_MESSAGES LANG=zh_CN.UTF-8 $CK_BIN --lessons '$CLASS'"
wait_for "进度文件无法读取" 5; ok $? "the corrupt-progress notice is in Chinese"
like "$(screen)" "progress\.corrupt-" "and names the file it was kept as"
quit
stop

# A level the translation has no file for: its title in English, marked in
# the level list as an English lesson is in the menu; level 1 (translated)
# is not marked.
cp -R "$CLASS" "$T_TMP/class2"
sed -e 's/^level: 1$/level: 2/' -e 's/^title: "Fixture level one"$/title: "Fixture level two"/' \
	"$CLASS/quizzes/en/level1.yaml" >"$T_TMP/class2/quizzes/en/level2.yaml"
start 80 24 "env -u LC_ALL -u LC_MESSAGES LANG=zh_CN.UTF-8 $CK_BIN --lessons '$T_TMP/class2'"
wait_for "课程" 5; ok $? "the menu of the class with an English-only level 2"
keys Down Down; settle
like "$(flat)" "五个关卡：2 关是本课程自己的题目，其余来自内置课程。" \
	"the menu's quiz line counts the class's own levels"
keys Enter; wait_for "第 2 关" 3; ok $? "the quiz's level list"
like "$(screen)" "第 2 关  Fixture level two （英文）" "the English-only level is marked"
unlike "$(screen)" "测试关卡一 （英文）" "the translated level is not"
quit
done_testing
