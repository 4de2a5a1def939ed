#!/usr/bin/env bash
# ck-test: quick
# scripts/format_check.sh, as .ci/run uses it (BASE HEAD~1): in a scratch
# repository with the tree's .clang-format files, a commit whose changed
# lines clang-format would change exits 1 and shows the change; lines it
# did not change are not looked at; a formatted commit exits 0; a base
# that is not there exits 2.
. "$(dirname "$0")/lib.bash"
command -v git >/dev/null && { command -v git-clang-format-14 || command -v git-clang-format; } >/dev/null ||
	skip_all "no git clang-format (make format-check needs clang-format)"
fc="$CK_ROOT/scripts/format_check.sh"
r="$T_TMP/repo"
mkdir -p "$r/src" "$r/demos" && cd "$r" || exit 1
cp "$CK_ROOT/.clang-format" . && cp "$CK_ROOT/demos/.clang-format" demos/
git init -q . && git config user.email t@t && git config user.name t
# an old line clang-format would change, committed before the base
printf 'int  old( void ){return 0;}\n' >src/a.c
git add -A && git commit -qm base

printf 'int fresh(void)\n{\n\treturn 1;\n}\n' >>src/a.c
printf 'static int four(int x)\n{\n    return x;\n}\n' >demos/d.c
git add -A && git commit -qm formatted
out=$("$fc" HEAD~1 2>&1); ok $? "a formatted commit passes, an older unformatted line unseen"
like "$out" "are formatted" "... and says so"

printf 'int  bad( int x ){return x;}\n' >>src/a.c
git add -A && git commit -qm unformatted
out=$("$fc" HEAD~1 2>&1); rc=$?
is "$rc" 1 "a commit with an unformatted line fails"
like "$out" '^\+int bad\(int x\) \{ return x; \}' "... and shows the line as it should be"
unlike "$out" 'old\(' "... and only the lines that commit changed"

out=$("$fc" HEAD~9 2>&1); rc=$?
is "$rc" 2 "a base that is not there exits 2"
like "$out" "no commit HEAD~9" "... and says so"
done_testing
