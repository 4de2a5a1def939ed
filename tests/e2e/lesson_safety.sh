#!/usr/bin/env bash
# ck-test: quick
# Lesson safety: a lesson can name blocks and demos only from the fixed
# tables, so a path or a shell command in their place is an error with its
# position; and a lesson file that is a symbolic link resolving outside its
# directory is refused at load time (lesson.c), while links inside it and
# a linked lessons directory keep working.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
FX=tests/fixtures

out=$("$CK_BIN" lint "$FX/lesson-unsafe" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "unsafe lessons: lint exits 1"
like "$out" "^$FX/lesson-unsafe/01-block-path.yaml:10:16: error: unknown block '\.\./\.\./bin/sh'" "block: ../../bin/sh is refused at 10:16"
like "$out" "^$FX/lesson-unsafe/02-demo-shell.yaml:10:15: error: unknown demo 'x; rm -rf ~'" "demo: \"x; rm -rf ~\" is refused at 10:15"
like "$out" "^$FX/lesson-unsafe/03-absolute.yaml:10:16: error: unknown block '/bin/sh'" "block: /bin/sh is refused at 10:16"
like "$out" "^$FX/lesson-unsafe/04-demo-absolute.yaml:10:15: error: unknown demo '/usr/bin/env'" "demo: /usr/bin/env is refused at 10:15"
like "$out" "^$FX/lesson-unsafe/05-see-path.yaml:10:14: error: bad lesson id '\.\./\.\./etc/passwd'" "see: a path is refused at 10:14"
is "$(cat "$T_TMP/err")" "5 files, 5 errors" "every unsafe fixture is an error"

# Symbolic links, made here so the repository holds none.
c="$T_TMP/course" o="$T_TMP/outside"
mkdir -p "$c/sub" "$o"
cp "$FX"/course-good/0[12]-*.yaml "$c/"
sed 's/^id: alpha/id: gamma/; s/^see: .*/see: []/; /- see:/d' "$FX/course-good/01-alpha.yaml" > "$o/03-gamma.yaml"
sed 's/^id: alpha/id: delta/; s/^see: .*/see: []/; /- see:/d' "$FX/course-good/01-alpha.yaml" > "$c/sub/04-delta.yaml"
"$CK_BIN" lint "$o/03-gamma.yaml" >/dev/null 2>&1
ok $? "the outside lesson itself is valid"
ln -s ../outside/03-gamma.yaml "$c/03-gamma.yaml"
ln -s sub/04-delta.yaml "$c/04-delta.yaml"
ln -s /etc/passwd "$c/05-passwd.yaml"
out=$("$CK_BIN" lint "$c" 2>"$T_TMP/err"); rc=$?
is "$rc" 1 "a course with links outside: exit 1"
like "$out" "^$c/03-gamma.yaml:1:1: error: the lesson file is a symbolic link to '$(cd "$o" && pwd -P)/03-gamma.yaml', outside its directory; refused$" \
	"a relative link outside is refused at load time with a position"
like "$out" "^$c/05-passwd.yaml:1:1: error: the lesson file is a symbolic link to '/etc/passwd', outside its directory; refused$" \
	"an absolute link outside is refused"
unlike "$out" "04-delta" "a link to a file inside the directory loads"
unlike "$out" "root:" "nothing of the link's target is read"
is "$(cat "$T_TMP/err")" "5 files, 2 errors" "two refused, three fine"
out=$("$CK_BIN" --lessons "$c" lint 2>/dev/null)
like "$out" "03-gamma.yaml:1:1: error: .*symbolic link" "--lessons DIR refuses it too"
rm "$c/03-gamma.yaml" "$c/05-passwd.yaml"
ln -s "$c" "$T_TMP/linked"
"$CK_BIN" lint "$T_TMP/linked" >/dev/null 2>"$T_TMP/err"
ok $? "a lessons directory reached through a link is fine"
is "$(cat "$T_TMP/err")" "3 files, 0 errors" "with all its lessons"
done_testing
