#!/usr/bin/env bash
# ck-test: quick
# Quiz files follow the lesson files' rule: a level file that is a symbolic
# link resolving outside its directory is refused with a position, and
# nothing of its target is read or quoted; a link inside the directory
# loads.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
c="$T_TMP/class" o="$T_TMP/outside"
mkdir -p "$c/quizzes/en/keep" "$o"
printf 'secret_token: hunter2\n' > "$o/level1.yaml"
ln -s "$o/level1.yaml" "$c/quizzes/en/level1.yaml"
cp quizzes/en/level2.yaml "$c/quizzes/en/keep/level2.yaml"
ln -s keep/level2.yaml "$c/quizzes/en/level2.yaml"
out=$("$CK_BIN" lint "$c/quizzes" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "a quiz linked outside: lint exits 1"
like "$out" "^$c/quizzes/en/level1.yaml:1:1: error: the quiz file is a symbolic link to '$(cd "$o" && pwd -P)/level1.yaml', outside its directory; refused$" \
	"refused with a position, like a lesson file"
unlike "$out" "secret_token|hunter2" "nothing of the target is read or quoted"
unlike "$out" "level2" "a link inside the directory loads"
out=$("$CK_BIN" lint "$c/quizzes/en/level1.yaml" 2>/dev/null)
like "$out" "level1.yaml:1:1: error: the quiz file is a symbolic link" "linted as a single file: refused too"
unlike "$out" "secret_token" "and not quoted"
done_testing
