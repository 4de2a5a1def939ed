#!/usr/bin/env bash
# ck-test: quick
# Content a class cannot smuggle past lint and the tutorial: widths that
# do not depend on the caller's locale (the shipped course lints clean with
# LC_ALL=C, LANG=C, POSIX or no locale at all, and a 75-column code line of
# × and CJK is still 75); a class directory linked outside the class is
# refused by lint and by --lessons, as linked files already are; a file
# saved with a UTF-8 byte-order mark is read like one without.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
# lesson FILE ID: a small lesson that lints clean
lesson() {
	printf 'id: %s\ntitle: Lesson %s\nsummary: A short lesson.\nminutes: 1\nanalogy: None.\npages:\n  - title: One\n    body:\n      - text: Plain text.\n' "$2" "$2" > "$1"
}

for loc in "LC_ALL=C" "LANG=C" "LC_ALL=POSIX" "none"; do
	if [ "$loc" = none ]; then
		out=$(env -u LC_ALL -u LANG -u LC_CTYPE -u LC_MESSAGES "$CK_BIN" lint 2>"$T_TMP/err"); rc=$?
	else
		out=$(env -u LC_ALL -u LANG -u LC_CTYPE "$loc" "$CK_BIN" lint 2>"$T_TMP/err"); rc=$?
	fi
	is "$rc" 0 "locale $loc: the shipped course lints clean"
	like "$(cat "$T_TMP/err")" ', 0 errors$' "locale $loc: 0 errors"
done

# a code line of 75 columns, 2-column CJK and 1-column × among them: one
# error in every locale, with the same width
mkdir -p "$T_TMP/wide/en"
line=$(printf '// %s\xc3\x97%s' "$(printf '\xe4\xb8\xad%.0s' $(seq 30))" "$(printf 'x%.0s' $(seq 11))")
cat > "$T_TMP/wide/en/01-wide.yaml" <<YAML
id: wide
title: Wide
summary: One code line of 75 columns.
minutes: 1
analogy: None.
pages:
  - title: One
    body:
      - code: |
          $line
YAML
for loc in "LC_ALL=C.UTF-8" "LC_ALL=C"; do
	out=$(env -u LANG -u LC_CTYPE "$loc" "$CK_BIN" lint "$T_TMP/wide" 2>/dev/null)
	like "$out" 'code line 1 is 75 columns wide' "$loc: the 75-column line is measured as 75"
done

# a class whose lessons/en or quizzes/en links to a directory elsewhere
mkdir -p "$T_TMP/elsewhere/en" "$T_TMP/c1/lessons" "$T_TMP/c2/lessons/en" "$T_TMP/c2/quizzes"
lesson "$T_TMP/elsewhere/en/01-pantry.yaml" pantry
lesson "$T_TMP/c2/lessons/en/01-stations.yaml" stations
ln -s "$T_TMP/elsewhere/en" "$T_TMP/c1/lessons/en"
ln -s "$T_TMP/elsewhere/en" "$T_TMP/c2/quizzes/en"
for c in c1:lessons c2:quizzes; do
	d=${c%%:*} sub=${c#*:}
	out=$("$CK_BIN" lint "$T_TMP/$d" 2>"$T_TMP/err"); rc=$?
	is "$rc" 1 "lint: a class whose $sub/en links outside it fails"
	like "$out" "^$T_TMP/$d/$sub/en:1:1: error: the directory is a symbolic link to '$T_TMP/elsewhere/en', outside the class; refused" \
		"lint: it names the directory and where it leads"
	unlike "$out" 'pantry' "lint: nothing from the other directory is read"
done
# a link that stays inside the class is fine
mkdir -p "$T_TMP/c3/src/en"
lesson "$T_TMP/c3/src/en/01-inside.yaml" inside
mkdir -p "$T_TMP/c3/lessons"; ln -s ../src/en "$T_TMP/c3/lessons/en"
"$CK_BIN" lint "$T_TMP/c3" >/dev/null 2>&1; ok $? "lint: a link inside the class is followed"

if command -v tmux >/dev/null; then
	start 80 24 "$CK_BIN --lessons $T_TMP/c1"
	is "$(wait_exit)" 2 "--lessons: a class linked outside does not start"
	wait_flat 'outside the class; refused'; ok $? "--lessons: and says why"
	stop
fi

# a byte-order mark at the start of a lesson and of a quiz level
mkdir -p "$T_TMP/bom/lessons/en" "$T_TMP/bom/quizzes/en"
lesson "$T_TMP/bom/lessons/en/01-bom.yaml" bom
{ printf '\xef\xbb\xbf'; cat "$T_TMP/bom/lessons/en/01-bom.yaml"; } > "$T_TMP/bom.yaml"
mv "$T_TMP/bom.yaml" "$T_TMP/bom/lessons/en/01-bom.yaml"
"$CK_BIN" lint "$T_TMP/bom" >"$T_TMP/out" 2>"$T_TMP/err"; rc=$?
is "$rc" 0 "a lesson saved with a byte-order mark lints clean"
is "$(cat "$T_TMP/out")" "" "with nothing to say"
done_testing
