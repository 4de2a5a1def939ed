#!/usr/bin/env bash
# ck-test: quick
# `cudakitchen lint` on quizzes: the built-in levels pass, the README's
# example is the fixture and passes, and every bad fixture is rejected with
# the position recorded in tests/fixtures/quiz/bad/expected.txt.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
FX=tests/fixtures/quiz

out=$("$CK_BIN" lint quizzes 2>"$T_TMP/err"); rc=$?
is "$rc" 0 "the built-in quizzes lint clean"
[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/#   /' | head -20
like "$(cat "$T_TMP/err")" "^([5-9]|[1-9][0-9]+) files, 0 errors$" "at least five level files checked"

awk '/^## A complete example/{f=1} f&&/^```$/{exit} f&&p{print} f&&/^```yaml$/{p=1}' \
	quizzes/README.md > "$T_TMP/readme-level1.yaml"
cmp -s "$T_TMP/readme-level1.yaml" "$FX/example/level1.yaml"
ok $? "quizzes/README.md contains the example level verbatim"
mkdir -p "$T_TMP/quizzes/en" && cp "$T_TMP/readme-level1.yaml" "$T_TMP/quizzes/en/level1.yaml"
out=$("$CK_BIN" lint "$T_TMP/quizzes" 2>&1); rc=$?
is "$rc" 0 "the example extracted from the README lints clean"
for t in fill single multi match truefalse order predict; do
	grep -q "^    type: $t\$" "$T_TMP/readme-level1.yaml"
	ok $? "the example has a $t question"
done

out=$("$CK_BIN" lint "$FX/bad/quizzes" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "bad quizzes exit 1"
is "$out" "$(cat "$FX/bad/expected.txt")" "every bad fixture reported at its line:col"
n=$(ls "$FX"/bad/quizzes/*.yaml | wc -l)
is "$(printf '%s\n' "$out" | cut -d: -f1 | sort -u | wc -l)" "$n" "each of the $n bad files has an error"
unlike "$out" ":0:0:" "no zero positions"
like "$out" "05-unknown-skill.yaml:20:24: error: unknown skill 'memmory'; did you mean 'memory'\?" \
	"unknown skill with a suggestion"
like "$out" "03-answer-range.yaml:19:13: error: 'answer': 5 is out of range \(1 to 3\)" "answer index out of range, naming the key"
like "$out" "04-duplicate-id.yaml:15:9: error: duplicate question id 'ok'" "duplicate question id"
like "$out" "06-unknown-measure.yaml:19:14: error: unknown matmul variant 'smem-tiles'; did you mean 'smem-tiled'\?" \
	"unknown measure variant"
like "$out" "07-unknown-demo.yaml:18:11: error: unknown demo 'matmull'; did you mean 'matmul'\?" "unknown demo"

# A single file named levelN.yaml anywhere is checked as a quiz.
cp "$FX/bad/quizzes/03-answer-range.yaml" "$T_TMP/level1.yaml"
out=$("$CK_BIN" lint "$T_TMP/level1.yaml" 2>/dev/null); rc=$?
is "$rc" 1 "a levelN.yaml file outside quizzes/ is linted as a quiz"
like "$out" "level1.yaml:19:13: error: 'answer': 5 is out of range" "with the same position"
done_testing
