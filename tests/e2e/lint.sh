#!/usr/bin/env bash
# ck-test: quick
# `cudakitchen lint`: output format, exit codes, the pathological inputs,
# the README's example lesson, and the default (built-in content) mode.
. "$(dirname "$0")/lib.bash"
FX="$CK_ROOT/tests/fixtures"
cd "$CK_ROOT" || exit 1

# The README's example is a class of two lessons: in DIR/lessons/en/ it
# lints clean, as a class and file by file.
mkdir -p "$T_TMP/ex/lessons/en" && cp "$FX"/example/*.yaml "$T_TMP/ex/lessons/en/"
out=$("$CK_BIN" lint "$T_TMP/ex" 2>"$T_TMP/err"); rc=$?
is "$rc" 0 "the README example lints clean as a class"
is "$out" "" "nothing on stdout when clean"
is "$(cat "$T_TMP/err")" "2 files, 0 errors" "summary on stderr"
"$CK_BIN" lint "$T_TMP/ex/lessons/en/14-warps.yaml" >/dev/null 2>&1
ok $? "its first lesson linted alone in its directory"

# The README holds the example verbatim: the two fenced blocks after its heading.
awk '/^## A complete example/{f=1} f&&/^```$/{n++; p=0} f&&p{print > (dir "/block" (n+0) ".yaml")} f&&/^```yaml$/{p=1}' \
	dir="$T_TMP" lessons/README.md
cmp -s "$T_TMP/block0.yaml" "$FX/example/14-warps.yaml"
ok $? "lessons/README.md contains the example's first lesson verbatim"
cmp -s "$T_TMP/block1.yaml" "$FX/example/01-brigade.yaml"
ok $? "and its second"

# "A class in ten minutes" at the top of lessons/README.md: each fenced
# block's first line names its file under class/; the class lints clean,
# and --lessons starts it (its lint of the class passes too).
awk '/^## A class in ten minutes/{f=1; next} f&&/^## /{f=0} f&&/^```yaml$/{p=1; n=""; next}
	f&&p&&/^```$/{p=0; next} f&&p&&n==""{sub(/^# /, ""); n=dir "/" $0; c="mkdir -p \"$(dirname " n ")\""; system(c); next}
	f&&p{print > n}' dir="$T_TMP/ten" lessons/README.md
is "$(cd "$T_TMP/ten" 2>/dev/null && find class -type f | sort | tr '\n' ' ')" \
	"class/lessons/en/01-threads.yaml class/lessons/en/02-warps.yaml class/quizzes/en/level1.yaml " \
	"the ten-minute class's three files are extracted"
out=$("$CK_BIN" lint "$T_TMP/ten/class" 2>"$T_TMP/err"); rc=$?
is "$rc" 0 "the ten-minute class lints clean"
is "$out" "" "with nothing on stdout"
is "$(cat "$T_TMP/err")" "3 files, 0 errors" "and says 0 errors"
"$CK_BIN" --lessons "$T_TMP/ten/class" lint >/dev/null 2>&1
ok $? "--lessons starts it and finds it clean"

# One file on its own: its `see` targets must be lessons of its directory.
mkdir -p "$T_TMP/alone" && cp "$FX/example/14-warps.yaml" "$T_TMP/alone/"
out=$("$CK_BIN" lint "$T_TMP/alone/14-warps.yaml" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "a single file whose see target is not in its directory: exit 1"
like "$out" "^$T_TMP/alone/14-warps.yaml:54:9: error: 'see': no lesson has the id 'brigade'$" \
	"the body item's unknown target"
mkdir -p "$T_TMP/builtin" && sed 's/      - see: brigade/      - see: inside-the-kitchen/' \
	"$FX/example/14-warps.yaml" > "$T_TMP/builtin/14-warps.yaml"
out=$("$CK_BIN" lint "$T_TMP/builtin/14-warps.yaml" 2>"$T_TMP/err")
like "$out" "^$T_TMP/builtin/14-warps.yaml:54:9: error: 'see': no lesson has the id 'inside-the-kitchen' \\(a built-in lesson; .*remove the link.*\\)$" \
	"a link to a built-in lesson says so, and offers removing it"
mkdir -p "$T_TMP/see"
cp "$FX"/course-good/*.yaml "$T_TMP/see/"
sed -i 's/^see: \[beta\]$/see: [nosuch]/' "$T_TMP/see/01-alpha.yaml"
out=$("$CK_BIN" lint "$T_TMP/see/01-alpha.yaml" 2>/dev/null); rc=$?
is "$rc" 1 "see: [nosuch] linted as one file: exit 1"
is "$out" "$T_TMP/see/01-alpha.yaml:6:7: error: 'see': no lesson has the id 'nosuch'" "reported with its position"
mkdir -p "$T_TMP/see-file"
cp "$FX"/course-good/*.yaml "$T_TMP/see-file/"
sed -i 's/^see: \[beta\]$/see: [02-beta]/' "$T_TMP/see-file/01-alpha.yaml"
out=$("$CK_BIN" lint "$T_TMP/see-file" 2>/dev/null); rc=$?
is "$rc" 1 "see: [02-beta], the file's name for beta's id: exit 1"
is "$out" "$T_TMP/see-file/01-alpha.yaml:6:7: error: 'see': no lesson has the id '02-beta'; did you mean 'beta'? (see: takes a lesson's id, not its file name)" \
	"the id in that file name suggested, and why"
sed -i 's/^see: \[02-beta\]$/see: [02-bet]/' "$T_TMP/see-file/01-alpha.yaml"
out=$("$CK_BIN" lint "$T_TMP/see-file" 2>/dev/null)
is "$out" "$T_TMP/see-file/01-alpha.yaml:6:7: error: 'see': no lesson has the id '02-bet'; did you mean 'beta'? (see: takes a lesson's id, not its file name)" \
	"a slip in the id after the number: the near id suggested"
"$CK_BIN" lint "$T_TMP/see/02-beta.yaml" >/dev/null 2>&1
ok $? "a single file whose targets are in its directory lints clean"
printf 'id: [\n' > "$T_TMP/see/03-broken.yaml"
out=$("$CK_BIN" lint "$T_TMP/see" 2>/dev/null)
like "$out" "01-alpha.yaml:6:7: error: 'see': no lesson has the id 'nosuch'" "still reported when another file is broken"
sed -i -e 's/^minutes: 5$/minutes: 99/' -e 's/- see: beta$/- see: gone/' "$T_TMP/see/01-alpha.yaml"
out=$("$CK_BIN" lint "$T_TMP/see" 2>/dev/null)
like "$out" "01-alpha.yaml:4:10: error: 'minutes': 99 is out of range" "the lesson's own other error"
like "$out" "01-alpha.yaml:6:7: error: 'see': no lesson has the id 'nosuch'" "does not hide its unknown see target"
out=$("$CK_BIN" lint "$T_TMP/see/01-alpha.yaml" 2>/dev/null)
like "$out" "01-alpha.yaml:6:7: error: 'see': no lesson has the id 'nosuch'" "nor when that file is linted alone"
like "$out" "01-alpha.yaml:11:9: error: 'see': no lesson has the id 'gone'" "a broken lesson's body see item counts too"

# Several independent type errors of the top-level fields: all in one pass.
printf 'id: multi\ntitle: [a, b]\nsummary: S\nminutes: "seven"\nanalogy: A\npages: 3\n' > "$T_TMP/03-multi.yaml"
out=$("$CK_BIN" lint "$T_TMP/03-multi.yaml" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "several type errors: exit 1"
like "$out" "03-multi.yaml:2:8: error: 'title': expected a scalar, got a sequence" "title reported"
like "$out" "03-multi.yaml:4:10: error: 'minutes': expected a whole number, got 'seven'" "minutes reported, by name"
like "$out" "03-multi.yaml:6:8: error: 'pages': expected a sequence, got a scalar" "pages reported"
is "$(cat "$T_TMP/err")" "1 file, 3 errors" "three errors, one pass"

out=$("$CK_BIN" lint tests/fixtures/lesson-bad/07-unknown-block.yaml 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "an invalid lesson exits 1"
is "$out" "tests/fixtures/lesson-bad/07-unknown-block.yaml:10:16: error: unknown block 'gpumap'; did you mean 'gpu-map'?" \
	"FILE:LINE:COL: error: MSG on stdout"
is "$(cat "$T_TMP/err")" "1 file, 1 error" "summary counts the error"

out=$("$CK_BIN" lint tests/fixtures/lesson-bad 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "the directory of bad lessons exits 1"
n=$(ls tests/fixtures/lesson-bad/*.yaml | wc -l)
bad=$(printf '%s\n' "$out" | cut -d: -f1 | sort -u | wc -l)
is "$bad" "$n" "every bad fixture is reported"
unlike "$out" ":0:0:" "no zero positions"
like "$(cat "$T_TMP/err")" "^$n files, [0-9]+ errors$" "summary for a directory"
unlike "$(printf '%s\n' "$out" | grep -v -E '^[^:]+:[0-9]+:[0-9]+: error: ')" "." \
	"every line is FILE:LINE:COL: error: MSG"

out=$("$CK_BIN" lint tests/fixtures/course-dup 2>/dev/null); rc=$?
is "$rc" 1 "duplicate ids exit 1"
like "$out" "^tests/fixtures/course-dup/02-alpha.yaml:1:5: error: duplicate lesson id 'alpha' \(already used by tests/fixtures/course-dup/01-alpha.yaml\)$" \
	"duplicate id reported at the second file"
out=$("$CK_BIN" lint tests/fixtures/course-see 2>/dev/null)
like "$out" "01-alpha.yaml:6:13: error: 'see': no lesson has the id 'gama'; did you mean 'gamma'\?" "unknown see target"

out=$("$CK_BIN" lint tests/fixtures/course-good "$T_TMP/ex/lessons/en/14-warps.yaml" 2>"$T_TMP/err"); rc=$?
is "$rc" 0 "good course and example: exit 0"
is "$(cat "$T_TMP/err")" "3 files, 0 errors" "several paths add up"

# Translations: notes by default, errors on request.
out=$("$CK_BIN" lint tests/fixtures/i18n 2>/dev/null); rc=$?
is "$rc" 1 "i18n fixture: the broken zh lesson fails"
like "$out" "^tests/fixtures/i18n/zh:1:1: note: missing translation for 'beta'$" "missing translation is a note"
like "$out" "i18n/zh/03-gamma.yaml:10:9: error: unknown block kind 'txt'" "broken translation reported"
out=$("$CK_BIN" lint --require-translations tests/fixtures/i18n 2>/dev/null)
like "$out" "^tests/fixtures/i18n/zh:1:1: error: missing translation for 'beta'$" "--require-translations makes it an error"
# A translated quiz question graded unlike English, or not in English, is
# an error at the question, never a note.
out=$("$CK_BIN" lint tests/fixtures/quiz-tr/quizzes 2>/dev/null); rc=$?
is "$rc" 1 "a translation whose keys disagree with English fails"
like "$out" "^tests/fixtures/quiz-tr/quizzes/zh/level1.yaml:17:5: error: question 't' is graded differently from tests/fixtures/quiz-tr/quizzes/en/level1.yaml: answer false here, true in English$" "a true/false key flipped in translation is named, at the question"
like "$out" "zh/level1.yaml:65:5: error: question 'x' is not in " "a question only the translation has is named"

# Directory entries named *.yaml that are not regular files: each is an
# error (never skipped, never a hang on the FIFO), in a course directory, a
# quizzes directory and through --lessons DIR.
bad="$T_TMP/entries"
mkdir -p "$bad/02-dir.yaml"
mkfifo "$bad/01-fifo.yaml"
ln -s 03-loop.yaml "$bad/03-loop.yaml"
ln -s /dev/zero "$bad/04-zero.yaml"
out=$(timeout 10 "$CK_BIN" lint "$bad" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "a directory of broken entries exits 1 (no hang)"
is "$out" "$bad/01-fifo.yaml:1:1: error: not a regular file
$bad/02-dir.yaml:1:1: error: not a regular file
$bad/03-loop.yaml:1:1: error: cannot open: Too many levels of symbolic links
$bad/04-zero.yaml:1:1: error: the lesson file is a symbolic link to '/dev/zero', outside its directory; refused" \
	"each entry is an error at 1:1"
is "$(cat "$T_TMP/err")" "4 files, 4 errors" "and counted"
out=$(timeout 10 "$CK_BIN" --lessons "$bad" lint 2>/dev/null); rc=$?
is "$rc" 1 "--lessons DIR with broken entries: exit 1"
is "$(printf '%s\n' "$out" | grep -c "^$bad/0[1-4]-")" 4 "--lessons DIR reports all four"
mkdir -p "$T_TMP/qz/quizzes/en"
mkfifo "$T_TMP/qz/quizzes/en/level1.yaml"
mkdir "$T_TMP/qz/quizzes/en/level2.yaml"
out=$(timeout 10 "$CK_BIN" lint "$T_TMP/qz/quizzes" 2>/dev/null); rc=$?
is "$rc" 1 "a quizzes directory with a FIFO and a directory entry: exit 1 (no hang)"
like "$out" "^$T_TMP/qz/quizzes/en/level1.yaml:1:1: error: not a regular file" "the FIFO level is reported"
like "$out" "^$T_TMP/qz/quizzes/en/level2.yaml:1:1: error: not a regular file" "the directory level is reported"
unlike "$(printf '%s\n' "$out" | grep -v -E '^[^:]+:[0-9]+:[0-9]+: error: ')" "." \
	"every line is FILE:LINE:COL: error: MSG"

# Quiz files: checked as YAML (syntax and limits) until the quiz loader lands.
mkdir -p "$T_TMP/quizzes/en"
printf 'questions: [a, b\n' > "$T_TMP/quizzes/en/level1.yaml"
out=$("$CK_BIN" lint "$T_TMP/quizzes" 2>/dev/null); rc=$?
is "$rc" 1 "a quiz syntax error exits 1"
like "$out" "level1.yaml:2:1: error: did not find expected ',' or ']'" "quiz syntax error with position"

# Pathological inputs, each well under a second.
gen() { python3 -c "$1" > "$2"; }
gen 'print("[" * 100000)' "$T_TMP/deep.yaml"
gen 'import sys; sys.stdout.write("a: &a [" + ",".join(["\"lol\""]*9) + "]\n" + "".join("%s: &%s [%s]\n" % (c, c, ",".join(["*"+p]*9)) for p, c in zip("abcdefgh", "bcdefghi")))' "$T_TMP/laughs.yaml"
printf 'a: &a [*a]\n' > "$T_TMP/selfref.yaml"
truncate -s 20M "$T_TMP/big.yaml"
printf 'a: 1\nb: x\0y\n' > "$T_TMP/nul.yaml"
printf 'a: 1\nb: \xff\n' > "$T_TMP/utf8.yaml"
for f in deep:1:33:nesting laughs:1:4:anchors selfref:1:4:anchors big:1:1:large nul:2:5:NUL utf8:2:4:UTF-8; do
	IFS=: read -r name line col word <<<"$f"
	t0=$(date +%s%N)
	out=$("$CK_BIN" lint "$T_TMP/$name.yaml" 2>/dev/null); rc=$?
	ms=$(( ($(date +%s%N) - t0) / 1000000 ))
	is "$rc" 1 "$name: exit 1"
	like "$out" "^$T_TMP/$name.yaml:$line:$col: error: .*$word" "$name: error at $line:$col"
	ok $(( ms < 1000 ? 0 : 1 )) "$name: $ms ms (< 1000)"
done

# The repository's own content (the binary runs from this checkout's build dir).
out=$("$CK_BIN" lint 2>"$T_TMP/err"); rc=$?
is "$rc" 0 "the built-in lessons and quizzes lint clean"
[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/#   /' | head -20
like "$(cat "$T_TMP/err")" "^[0-9]+ files, 0 errors$" "with a summary"

# Usage errors.
"$CK_BIN" lint --frobnicate >/dev/null 2>"$T_TMP/err"; rc=$?
is "$rc" 2 "an unknown lint option exits 2"
like "$(cat "$T_TMP/err")" "unknown option '--frobnicate'" "and says which"
"$CK_BIN" lint "$T_TMP/no-such-file.yaml" >/dev/null 2>"$T_TMP/err"; rc=$?
is "$rc" 2 "a PATH that does not exist exits 2"
like "$(cat "$T_TMP/err")" "cannot access '.*no-such-file.yaml': No such file or directory" "and says why"
# What the user typed is echoed sanitized: no escape sequence reaches the terminal.
"$CK_BIN" lint $'--x\e]0;pwned\a' $'\e[31m' >/dev/null 2>"$T_TMP/err"; rc=$?
is "$rc" 2 "an option with escapes exits 2"
ok "$(! LC_ALL=C grep -q $'[\x1b\x07]' "$T_TMP/err"; echo $?)" "and echoes it without ESC or BEL"
"$CK_BIN" lint $'/no/such\e[2J' >/dev/null 2>"$T_TMP/err"
ok "$(! LC_ALL=C grep -q $'\x1b' "$T_TMP/err"; echo $?)" "a missing PATH with escapes is echoed without ESC"

# Default: the built-in content next to the executable.  A checkout is a
# directory with a Makefile and lessons/en/ whose build*/ holds the binary.
co="$T_TMP/checkout"
mkdir -p "$co/build" "$co/lessons/en" "$co/lessons/zh"
touch "$co/Makefile"
cp "$CK_BIN" "$co/build/cudakitchen"
cp "$FX"/course-good/*.yaml "$co/lessons/en/"
cp "$FX/course-good/01-alpha.yaml" "$co/lessons/zh/"
out=$("$co/build/cudakitchen" lint 2>"$T_TMP/err"); rc=$?
is "$rc" 0 "lint with no PATH checks the checkout's content: exit 0"
is "$(cat "$T_TMP/err")" "3 files, 0 errors" "en (2) and zh (1)"
like "$out" "lessons/zh:1:1: note: missing translation for 'beta'" "and notes the missing translation"
cp "$FX/lesson-bad/06-unknown-kind.yaml" "$co/lessons/en/"
out=$("$co/build/cudakitchen" lint 2>/dev/null); rc=$?
is "$rc" 1 "a broken built-in lesson: exit 1"
like "$out" "^$co/lessons/en/06-unknown-kind.yaml:10:9: error: unknown block kind 'txt'" "reported with the checkout path"
out=$("$co/build/cudakitchen" --lessons "$FX/course-dup" lint 2>/dev/null)
like "$out" "course-dup/02-alpha.yaml:1:5: error: duplicate lesson id" "--lessons DIR is linted too"
"$co/build/cudakitchen" --lessons "$T_TMP/nope" lint >/dev/null 2>&1; rc=$?
is "$rc" 2 "--lessons with a missing directory exits 2"
done_testing
