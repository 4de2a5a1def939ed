#!/usr/bin/env bash
# A class's quiz: levels it takes from the built-in quiz are marked, and a
# class whose level says `last: true` ends its quiz there: two levels
# listed, passing the second opens the certificate, which counts two and
# no drills (a class has none unless it adds its own); its menu and radar
# list neither built-in drills nor levels after its last.
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
. "$(dirname "$0")/quiz_lib.bash"
CLASS="$CK_ROOT/tests/fixtures/quiz/class"

start 80 24 "$CK_BIN --lessons '$CLASS' open quiz"
expect "Level 1"
like "$(screen)" "Level 3  Optimisation scenarios.*\[built-in\]" "a level from the built-in quiz is marked"
unlike "$(screen)" "Level 2  Fixture level two.*\[built-in\]" "the class's own level is not"
quit; stop

END="$T_TMP/end"; cp -r "$CLASS" "$END"
sed -i 's/^level: 2$/level: 2\nlast: true/' "$END/quizzes/en/level2.yaml"
CERTS="$T_TMP/certs"
start 80 24 "$CK_BIN --cert-dir '$CERTS' --lessons '$END' open quiz"
expect "Level 1"
like "$(screen | head -1)" "2 levels, 80% opens the next" "the title counts the class's levels"
unlike "$(screen)" "Level 3" "no level after the class's last"
for L in 1 2; do
	[ "$L" = 1 ] || { keys Down; expect "^  > Level 2"; }
	keys Enter; expect "question 1/"
	n=$(screen | sed -n 's/.*question 1\/\([0-9]*\).*/\1/p' | head -1)
	for i in $(seq 1 "$n"); do
		answer_right; keys Enter
		[ "$i" = "$n" ] || expect "question $((i + 1))/$n"
	done
	expect "Your score"
	keys Escape
done
wait_for 'Your name' 5; ok $? "passing the class's last level opens the certificate"
keys -l 'Ada'; keys Enter
wait_for 'Certificate written to' 5; ok $? "the certificate is written"
f=$(ls "$CERTS"/*.txt | head -1)
grep -q 'Quiz levels passed: 2 of 2' "$f"; ok $? "it counts the class's two levels"
grep -q 'Fixture level two' "$f"; ok $? "by their titles"
grep -q '^Certificate: end$' "$f"; ok $? "it carries the class's title (its directory's name)"
unlike "$(cat "$f")" 'in the kitchen' "not the built-in course's"
unlike "$(cat "$f")" '[Dd]rills' "no drills counted: the class has none of its own"
is "$("$CK_BIN" cert verify "$f")" intact "the class's certificate verifies intact"
quit; stop

# the menu counts the class's levels and names its last for the certificate
start 80 24 "$CK_BIN --cert-dir '$CERTS' --lessons '$END'"
expect "lessons done"
like "$(screen)" "Quiz: 2 levels" "the menu's quiz row counts the class's two levels"
unlike "$(screen)" "five levels" "and does not promise five"
unlike "$(screen)" 'Drills' "no drills row: the class has no drills of its own"
keys G; expect "written once level 2 of the quiz"
ok 0 "the certificate row (the last) names the class's last level"
quit; stop
start 80 24 "$CK_BIN --lessons '$END' open radar"
expect "Quiz levels"
like "$(screen)" 'Level 2 ' "the radar lists the class's levels..."
unlike "$(screen)" 'Level 3|Level 5' "... and no level after its last"
unlike "$(screen)" 'Hands-on|drills' "nor the built-in drills"
like "$(flat)" 'Level 2 passed: press Enter for your certificate' "passed: the radar names the class's last level..."
like "$(flat)" 'Levels: each level.s best' "... and still says how levels and skills are counted"
keys '?'; expect 'Reading this screen'
like "$(flat)" 'Skills: every answer to' "the radar's help says it too"
keys Escape
quit; stop
start 60 20 "$CK_BIN --lang zh --lessons '$END' open radar"
expect "第 2 关已通过"
like "$(flat)" '证书。关卡：每关最好的一' "zh 60x20: the counting rule stays on screen once passed"
quit; stop

# a class of one level: singular, in English and Chinese
ONE="$T_TMP/one"; cp -r "$CLASS" "$ONE"
sed -i 's/^level: 1$/level: 1\nlast: true/' "$ONE/quizzes/en/level1.yaml"
start 80 24 "$CK_BIN --lessons '$ONE'"
expect "lessons done"
like "$(screen)" "Quiz: one level" "one level: singular"
quit; stop
start 80 24 "$CK_BIN --lessons '$ONE' open quiz"
expect "Level 1"
like "$(screen | head -1)" "one level, 80% passes it" "the quiz's title: one level, no next"
quit; stop
start 60 20 "$CK_BIN --lang zh --lessons '$ONE'"
expect "测验：一个关卡"
ok 0 "zh: the quiz row says one level"
quit; stop
done_testing
