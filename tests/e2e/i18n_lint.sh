#!/usr/bin/env bash
# lint and translations: the built-in Chinese content lacks no id; the
# fixture class's translation lacks one lesson (beta) and one quiz question
# (f-match), and lint names both (notes; errors with --require-translations).
. "$(dirname "$0")/lib.bash"
CLASS="$CK_ROOT/tests/fixtures/i18n-class"
out=$("$CK_BIN" lint --require-translations "$CK_ROOT" 2>&1); rc=$?
is "$rc" 0 "the built-in content lints clean with every translation required"
unlike "$out" "missing translation" "no lesson or quiz id missing from lessons/zh and quizzes/zh"
out=$("$CK_BIN" lint "$CLASS" 2>&1); rc=$?
is "$rc" 0 "missing translations are notes, not errors"
like "$out" "lessons/zh: note: missing translation for 'beta'$" "the missing lesson id is listed"
like "$out" "quizzes/zh/level1.yaml: note: missing translation for question 'f-match'$" "the missing question id is listed"
is "$(printf '%s\n' "$out" | grep -c 'missing translation')" 2 "nothing else is reported missing"
out=$("$CK_BIN" lint --require-translations "$CLASS" 2>&1); rc=$?
is "$rc" 1 "--require-translations makes them errors"
like "$out" "error: missing translation for question 'f-match'" "the question id as an error"
like "$out" "2 errors" "two errors"
done_testing
