#!/usr/bin/env bash
# Lint reads a class as the tutorial does, decides lesson or quiz by a
# file's place in the course, checks files given one by one together with
# their directory, and applies the content rules to an instructor's own
# files (code width, facts keys, quiz text naming a neighbouring question).
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
FX=tests/fixtures
count() { cat "$T_TMP/err"; }

# A flat class with a quizzes/ folder: its top-level lessons are checked.
c="$T_TMP/class"
mkdir -p "$c/quizzes/en"
cp "$FX"/course-good/0[12]-*.yaml "$c/"
cp "$FX/quiz/class/quizzes/en/level1.yaml" "$c/quizzes/en/"
printf 'id: x\n' > "$c/03-x.yaml"
out=$("$CK_BIN" lint "$c" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "flat class with quizzes/: a broken top-level lesson fails lint"
like "$out" "^$c/03-x.yaml:" "and is reported"
like "$(count)" "^4 files, " "lessons and the level are counted"
out=$("$CK_BIN" --lessons "$c" lint 2>/dev/null); rc=$?
is "$rc" 1 "--lessons DIR lint: the same"
like "$out" "^$c/03-x.yaml:" "--lessons DIR lint reports it"
rm "$c/03-x.yaml"

# The documented layout: DIR/lessons/<lang>/, DIR/quizzes/<lang>/.
t="$T_TMP/tree"
mkdir -p "$t/lessons/en" "$t/quizzes/en"
cp "$FX"/course-good/0[12]-*.yaml "$t/lessons/en/"
cp "$FX/quiz/class/quizzes/en/level1.yaml" "$t/quizzes/en/"
"$CK_BIN" lint "$t" >/dev/null 2>"$T_TMP/err"
ok $? "the class layout lints clean"
is "$(count)" "3 files, 0 errors" "with its lessons and level"

# Lesson or quiz by place, not by a word elsewhere in the path.
q="$T_TMP/quizzes/class"
mkdir -p "$q"
cp lessons/en/*.yaml "$q/"
out=$("$CK_BIN" lint "$q/01-kitchen.yaml" 2>"$T_TMP/err"); rc=$?
is "$rc" 0 "a lesson in a class dir under a dir named quizzes is linted as a lesson"
is "$(count)" "1 file, 0 errors" "with no bogus quiz errors"
"$CK_BIN" lint "$q" >/dev/null 2>"$T_TMP/err"
ok $? "and so is that class directory"
out=$("$CK_BIN" lint "$c/quizzes/en/level1.yaml" 2>"$T_TMP/err")
ok $? "a level in quizzes/en/ is linted as a quiz"

# Files given one by one: duplicate ids are found.
d="$T_TMP/dup"
mkdir -p "$d"
cp "$FX/course-good/01-alpha.yaml" "$d/01-alpha.yaml"
sed 's/^see: .*/see: []/; /- see:/d' "$FX/course-good/01-alpha.yaml" > "$d/02-alpha.yaml"
cp "$FX/course-good/02-beta.yaml" "$d/"
out=$("$CK_BIN" lint "$d/01-alpha.yaml" "$d/02-alpha.yaml" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "two files with one id, given one by one: exit 1"
like "$out" "^$d/02-alpha.yaml:1:5: error: duplicate lesson id 'alpha'" "the later one is the duplicate"
is "$(count)" "2 files, 1 error" "counted per file"
out=$("$CK_BIN" lint "$d/02-alpha.yaml" 2>/dev/null); rc=$?
is "$rc" 1 "the later file alone: still a duplicate of its directory's first"
out=$("$CK_BIN" lint "$d/01-alpha.yaml" 2>/dev/null); rc=$?
is "$rc" 0 "the first file alone is fine (as the menu shows it)"
unlike "$out" "error" "and reports no error"

# The first file of an id keeps it even when it has other errors, so the
# duplicate is reported now, not only once those errors are fixed.
b="$T_TMP/dupbroken"
mkdir -p "$b"
sed '/^analogy:/d' "$FX/course-good/01-alpha.yaml" > "$b/01-alpha.yaml"
cp "$d/02-alpha.yaml" "$FX/course-good/02-beta.yaml" "$b/"
out=$("$CK_BIN" lint "$b" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "a duplicate of a lesson with errors: exit 1"
like "$out" "^$b/01-alpha.yaml:1:1: error: missing required key 'analogy'" "the first file's own error"
like "$out" "^$b/02-alpha.yaml:1:5: error: duplicate lesson id 'alpha' \(already used by $b/01-alpha.yaml\)" \
	"and the duplicate, at the same time"
is "$(count)" "3 files, 2 errors" "both counted"

# Content rules, on an instructor's own files.
r="$T_TMP/rules"
mkdir -p "$r/quizzes/en"
cp "$FX/course-good/02-beta.yaml" "$r/"
long=$(printf 'x%.0s' $(seq 80))
cat > "$r/01-alpha.yaml" <<YAML
id: alpha
title: T
summary: S
minutes: 5
analogy: A
see: [beta]
pages:
  - title: P
    body:
      - code: |
          int ok;
          int $long;
      - facts:
          - [A key that is far too long to fit the key column at all, "1"]
      - see: beta
YAML
out=$("$CK_BIN" lint "$r" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "a code line over 74 columns fails lint"
like "$out" "^$r/01-alpha.yaml:12:11: error: code line 2 is 85 columns wide" "at its line and column, with its width"
# a caption before the code: the position is still the code line itself
sed -i 's/^      - code: |$/      - caption: A caption\n        code: |/' "$r/01-alpha.yaml"
out2=$("$CK_BIN" lint "$r" 2>"$T_TMP/err")
like "$out2" "^$r/01-alpha.yaml:13:11: error: code line 2 is 85 columns wide" "after a caption: the code line's own line and column, not the item's"
sed -i '/^      - caption: A caption$/d; s/^        code: |$/      - code: |/' "$r/01-alpha.yaml"
like "$out" "^$r/01-alpha.yaml:13:9: error: facts key 'A key that is far too long" "a facts key over 36 columns"
like "$out" "^$r/01-alpha.yaml:15:9: note: see 'beta' is already in the lesson's see list" "a repeated link is a note"
sed 's/prompt: "Type the word alpha."/prompt: "As in the previous question, type alpha."/' \
	"$FX/quiz/class/quizzes/en/level1.yaml" > "$r/quizzes/en/level1.yaml"
out=$("$CK_BIN" lint "$r/quizzes/en/level1.yaml" 2>/dev/null); rc=$?
is "$rc" 1 "quiz text naming a neighbouring question fails lint"
like "$out" "level1.yaml:[0-9]+:[0-9]+: error: question 'f-fill' refers to 'previous question'" "named, with the question id"
# A class links only to its own lessons: a link to a built-in lesson says so.
k="$T_TMP/links/lessons/en"
mkdir -p "$k"
sed 's/^see: .*/see: [kitchen]/; /- see:/d' "$FX/course-good/01-alpha.yaml" > "$k/01-alpha.yaml"
cp "$FX/course-good/02-beta.yaml" "$k/"
out=$("$CK_BIN" lint "$T_TMP/links" 2>/dev/null); rc=$?
is "$rc" 1 "a class linking to a built-in lesson fails lint"
like "$out" "no lesson has the id 'kitchen' \(a built-in lesson; a class links only to its own lessons: remove the link, or copy that lesson's file into the class\)" \
	"and says that it is a built-in lesson, and what to do"
sed -i 's/^see: .*/see: [01-kitchen]/' "$k/01-alpha.yaml"
out=$("$CK_BIN" lint "$T_TMP/links" 2>/dev/null); rc=$?
is "$rc" 1 "a class linking to a built-in lesson's file name fails lint"
like "$out" "no lesson has the id '01-kitchen' \(with its number dropped, the id of the built-in lesson 'kitchen'; a class links only to its own lessons: remove the link, or copy that lesson's file into the class\)" \
	"and names the built-in lesson that file holds"

# libyaml's syntax errors come with a hint of what to do.
printf 'id: y\ntitle: Step 1: copy\n' > "$T_TMP/01-y.yaml"
out=$("$CK_BIN" lint "$T_TMP/01-y.yaml" 2>/dev/null)
like "$out" "01-y.yaml:2:14: error: mapping values are not allowed in this context; hint: a value holding ': ' must be quoted" \
	"a ': ' in a value: the hint says to quote it"
printf 'id: y\ntitle: T\n\tsummary: S\n' > "$T_TMP/01-y.yaml"
like "$("$CK_BIN" lint "$T_TMP/01-y.yaml" 2>/dev/null)" "hint: indent with spaces" "a tab: the hint says to indent with spaces"
# a tab at the start of a line inside a list item, where libyaml says no
# token can start: the tab hint too, not the one about @ and `
printf 'level: 1\ntitle: T\nsummary: S\nquestions:\n  - id: q\n    type: fill\n    accept: [32]\n\tskills: [threads]\n' > "$T_TMP/level1.yaml"
out=$("$CK_BIN" lint "$T_TMP/level1.yaml" 2>/dev/null)
like "$out" "level1.yaml:8:1: error: found character that cannot start any token.*; hint: indent with spaces" \
	"a tab that cannot start a token: the hint says to indent with spaces"
unlike "$out" "@ or \`" "and not that a value starting with @ or \` must be quoted"
printf 'id: y\ntitle: `T`\n' > "$T_TMP/01-y.yaml"
like "$("$CK_BIN" lint "$T_TMP/01-y.yaml" 2>/dev/null)" "hint: a value starting with @ or \` must be quoted" \
	"a backquote still gets the quoting hint"
# "0 files" is never a pass: a misplaced folder names the files it holds.
m="$T_TMP/misplaced"; mkdir -p "$m/lesson/en"; cp "$CK_ROOT/lessons/en/01-"*.yaml "$m/lesson/en/"
out=$("$CK_BIN" lint "$m" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "a class whose lessons are in lesson/en/ fails lint"
like "$out" "lesson/en/01-.*\.yaml:1:1: error: not read: lessons go in DIR/lessons/<lang>/" \
	"and names the file it did not read, and why"
like "$out" "lesson/en/01-.*\.yaml:1:1: error: not read: .*lesson/en/ should be lessons/en/\$" \
	"the hint names the slip, a missing 's', not a case error"
# a quiz in place does not make a class without a lesson pass: the
# tutorial refuses it ("no lessons found")
mkdir -p "$m/quizzes/en"; cp "$FX/quiz/class/quizzes/en/level1.yaml" "$m/quizzes/en/"
out=$("$CK_BIN" lint "$m" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "lessons in lesson/en/ and a quiz in place: lint fails"
like "$out" "lesson/en/01-.*\.yaml:1:1: error: not read: .*lesson/en/ should be lessons/en/" \
	"the misplaced lesson is an error, with where it should be"
like "$out" "^$m:1:1: error: no lesson read: the tutorial refuses" "and the class is said to have no lesson"
like "$(count)" "^1 file, [0-9]+ errors" "the level is still counted and checked"
rm -rf "$m/quizzes"
# a case difference is told as one
mv "$m/lesson" "$m/Lessons"
like "$("$CK_BIN" lint "$m" 2>/dev/null)" "Lessons/en/ should be lessons/en/ \(the folder name is lower case\)" \
	"Lessons/ is a case difference, said so"
# one lesson in place and one in a misplaced folder: the other is named too
p="$T_TMP/partial"; mkdir -p "$p/lessons/en" "$p/lesson/en"
cp "$CK_ROOT/lessons/en/01-"*.yaml "$p/lessons/en/"; cp "$CK_ROOT/lessons/en/02-"*.yaml "$p/lesson/en/"
out=$("$CK_BIN" lint "$p" 2>/dev/null)
like "$out" "lesson/en/02-.*\.yaml:1:1: note: not read: lessons go in DIR/lessons/<lang>/" \
	"a YAML file the layout skips is named beside the ones it read"
mkdir -p "$T_TMP/nothing"
out=$("$CK_BIN" lint "$T_TMP/nothing" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "an empty directory fails lint"
like "$out" "no lesson or quiz file here" "and says it holds none"

# One pass: a schema error and a layout rule of the same file together.
o="$T_TMP/onepass/lessons/en"; mkdir -p "$o"
sed -e 's/^minutes:/minutess:/' "$CK_ROOT/lessons/en/01-kitchen.yaml" > "$o/01-kitchen.yaml"
sed -i '0,/^      - code: |$/{/^      - code: |$/a\          int aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa = 1;
}' "$o/01-kitchen.yaml"
out=$("$CK_BIN" lint "$o/01-kitchen.yaml" 2>/dev/null)
like "$out" "unknown key 'minutess'" "a schema error is reported"
like "$out" "code line 1 is [0-9]+ columns wide" "and, in the same run, the code line too wide"

# A quiz level put among the lessons is read as a lesson, as the tutorial
# reads it, and lint says so first (not only "unknown key 'level'").
m="$T_TMP/levelmix"; mkdir -p "$m/lessons/en"
cp "$CK_ROOT/lessons/en/01-kitchen.yaml" "$m/lessons/en/"
sed -i '/^see:/d; /^      - see:/d' "$m/lessons/en/01-kitchen.yaml"
cp "$CK_ROOT/quizzes/en/level1.yaml" "$m/lessons/en/level1.yaml"
out=$("$CK_BIN" lint "$m" 2>/dev/null); rc=$?
is "$rc" 1 "a quiz level among the lessons fails lint"
like "$(printf '%s\n' "$out" | head -1)" "^$m/lessons/en/level1.yaml:1:1: error: a quiz level in a folder of lessons is read as a lesson: quiz levels go in DIR/quizzes/<lang>/levelN.yaml$" "...and the first line says why and where levels go"

# A lesson id that is a block's name is refused, by name.
r="$T_TMP/reserved/lessons/en"; mkdir -p "$r"
sed -e 's/^id: kitchen$/id: quiz/' "$CK_ROOT/lessons/en/01-kitchen.yaml" > "$r/01-quiz.yaml"
out=$("$CK_BIN" lint "$r/01-quiz.yaml" 2>/dev/null)
like "$out" "id 'quiz' is the name of a block" "a lesson id 'quiz' is refused with the reason"
# ...and so is every other name `open` takes for a block, as --help lists
# them (a lesson named 'drills' could never be opened: Enter on it showed
# the drills).
names=$("$CK_BIN" --help | tr '\n' ' ' | sed -n 's/.*open ID.*block *(\([^)]*\), or a lesson id.*/\1/p' | tr -d ' ' | tr ',' ' ')
like "$names" "(^| )drills( |$)" "--help lists the names open takes, the drills screen among them"
for id in $names; do
	rm -f "$r"/*.yaml
	sed -e "s/^id: kitchen\$/id: $id/" "$CK_ROOT/lessons/en/01-kitchen.yaml" > "$r/01-$id.yaml"
	out=$("$CK_BIN" lint "$r/01-$id.yaml" 2>/dev/null); rc=$?
	is "$rc" 1 "a lesson id '$id' (a name open takes) fails lint"
	like "$out" "id '$id' is the name of a block" "...with the reason"
done
done_testing
