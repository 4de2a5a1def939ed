#!/usr/bin/env bash
# ck-test: quick
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
like "$out" "lessons/zh:1:1: note: missing translation for 'beta'$" "the missing lesson id is listed"
like "$out" "quizzes/zh/level1.yaml:1:1: note: missing translation for question 'f-match'$" "the missing question id is listed"
is "$(printf '%s\n' "$out" | grep -c 'missing translation')" 2 "nothing else is reported missing"
out=$("$CK_BIN" lint --require-translations "$CLASS" 2>&1); rc=$?
is "$rc" 1 "--require-translations makes them errors"
like "$out" "error: missing translation for question 'f-match'" "the question id as an error"
like "$out" "2 errors" "two errors"

# A translation shorter than English (the reader would show fewer pages) is
# missing part of a translation; a translation of no English lesson is an
# error whatever the flags.
sc="$T_TMP/short"
cp -r "$CLASS" "$sc"
printf '  - title: Two\n    body:\n      - text: More alpha.\n' >> "$sc/lessons/en/01-alpha.yaml"
out=$("$CK_BIN" lint "$sc" 2>/dev/null); rc=$?
is "$rc" 0 "a short translation is a note by default"
like "$out" "^$sc/lessons/zh/01-alpha.yaml:1:1: note: missing translation for part of 'alpha': 1 page in zh, 2 in English$" \
	"it names the lesson id and both page counts"
out=$("$CK_BIN" lint --require-translations "$sc" 2>/dev/null); rc=$?
is "$rc" 1 "--require-translations makes a short translation an error"
like "$out" "^$sc/lessons/zh/01-alpha.yaml:1:1: error: missing translation for part of 'alpha': 1 page in zh, 2 in English$" \
	"as an error, same words"
sed 's/^id: alpha$/id: extra/' "$CLASS/lessons/zh/01-alpha.yaml" > "$sc/lessons/zh/14-extra.yaml"
out=$("$CK_BIN" lint "$sc" 2>/dev/null); rc=$?
is "$rc" 1 "a zh lesson with no English source fails lint"
like "$out" "^$sc/lessons/zh/14-extra.yaml:1:5: error: translation of no English lesson: $sc/lessons/en has no lesson with the id 'extra'$" \
	"it is reported at its id"
unlike "$(printf '%s\n' "$out" | grep -v -E '^[^:]+:[0-9]+:[0-9]+: (error|note): ')" "." \
	"every line is FILE:LINE:COL: error|note: MSG"
# The same through --lessons DIR next to the built-in content.
out=$("$CK_BIN" --lessons "$sc" lint 2>/dev/null); rc=$?
is "$rc" 1 "--lessons DIR with the orphan: exit 1"
like "$out" "14-extra.yaml:1:5: error: translation of no English lesson" "--lessons DIR reports it too"
like "$out" "01-alpha.yaml:1:1: note: missing translation for part of 'alpha'" "and the short one"
done_testing
