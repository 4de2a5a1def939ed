#!/usr/bin/env bash
# make install / uninstall: the layout under PREFIX (with DESTDIR staging),
# the installed program finding its content and demos under its own prefix
# (also after the tree is moved), no trace of DESTDIR in anything
# installed, and uninstall removing exactly what install put there.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
command -v make >/dev/null || skip_all "make not installed"
[ -x "$CK_BIN" ] || skip_all "no $CK_BIN (run make first)"
unset MAKEFLAGS MFLAGS MAKELEVEL
build=${CK_BUILD#"$CK_ROOT"/}

mk() { make -s --no-print-directory BUILD="$build" "$@" >"$T_TMP/make.log" 2>&1; }
files() { (cd "$1" && find . \( -type f -o -type l \) | sort); }

stage="$T_TMP/stage"
mkdir -p "$stage/usr/local/bin" "$stage/usr/local/share/man/man1"
echo other > "$stage/usr/local/bin/other-tool"
echo other > "$stage/usr/local/share/man/man1/other.1"
files "$stage" > "$T_TMP/before"

mk install DESTDIR="$stage" PREFIX=/usr/local
ok $? "make install DESTDIR=... PREFIX=/usr/local"
[ $? = 0 ] || sed 's/^/#   /' "$T_TMP/make.log" | tail -20
p="$stage/usr/local"
ok "$([ -x "$p/bin/cudakitchen" ] && echo 0 || echo 1)" "bin/cudakitchen"
ok "$([ -f "$p/share/man/man1/cudakitchen.1" ] && echo 0 || echo 1)" "share/man/man1/cudakitchen.1"
want=$(ls lessons/*/*.yaml quizzes/*/*.yaml demos/results/*.yaml drills/*/*.yaml drills/*/*.cu emu/*.h \
	2>/dev/null | sort)
got=$(cd "$p/share/cudakitchen" && find . -type f | sed 's|^\./||' | sort)
is "$got" "$want" "share/cudakitchen holds exactly the lessons, quizzes, drills, emulator and recorded results"
for d in $(sed -n 's/^X(\([a-z0-9_-]*\),.*/\1/p' demos/demos.h); do   # every row of the registry
	if [ -x "$CK_BUILD/demos/$d" ]; then
		ok "$([ -x "$p/libexec/cudakitchen/$d" ] && echo 0 || echo 1)" "libexec/cudakitchen/$d"
	else
		echo "ok $((T_N += 1)) # SKIP demo $d is not built"
	fi
done
hits=$(grep -rlaF "$stage" "$stage" 2>/dev/null)
is "$hits" "" "no installed file contains the DESTDIR path"
out=$(MANWIDTH=80 man -l "$p/share/man/man1/cudakitchen.1" 2>&1 | grep -c 'EXIT STATUS')
is "$out" 1 "man -l reads the installed page"

# The staged program runs from the staging tree: it finds everything
# relative to itself, not in the checkout it was built in.
# as many as lint counts in the checkout (lessons, quizzes, drills)
n=$("$CK_BIN" lint 2>&1 >/dev/null | sed -n 's/ files, .*//p')
"$p/bin/cudakitchen" lint >"$T_TMP/out" 2>"$T_TMP/err"; rc=$?
is "$rc" 0 "installed lint: the installed content is valid"
is "$(cat "$T_TMP/err")" "$n files, 0 errors" "installed lint checks the $n installed files"
cp tests/fixtures/lesson-bad/07-unknown-block.yaml "$p/share/cudakitchen/lessons/en/99-extra.yaml"
out=$("$p/bin/cudakitchen" lint 2>/dev/null)
like "$out" "^$p/share/cudakitchen/lessons/en/99-extra.yaml:10:16: error" "it reads lessons from PREFIX/share/cudakitchen"
rm -f "$p/share/cudakitchen/lessons/en/99-extra.yaml"

demo_check() { # demo_check BIN WHERE
	local out rc
	out=$("$1" demo matmul --quick --cpu 2>&1); rc=$?
	if printf '%s' "$out" | grep -q "not built yet"; then
		echo "ok $((T_N += 1)) # SKIP the demo command is not in this build"
	elif [ ! -x "$CK_BUILD/demos/matmul" ]; then
		echo "ok $((T_N += 1)) # SKIP the matmul demo is not built"
	else
		is "$rc" 0 "$2: demo matmul --quick --cpu runs the installed demo"
		[ "$rc" = 0 ] || printf '%s\n' "$out" | sed 's/^/#   /' | tail -10
	fi
}
demo_check "$p/bin/cudakitchen" "staged"
if [ -x "$p/libexec/cudakitchen/matmul" ] && ! "$p/bin/cudakitchen" demo matmul --help 2>&1 | grep -q "not built yet"; then
	mv "$p/libexec/cudakitchen/matmul" "$T_TMP/matmul.away"
	out=$("$p/bin/cudakitchen" demo matmul --quick --cpu 2>&1)
	like "$out" "$p/libexec/cudakitchen/matmul" "it looks for demos in PREFIX/libexec/cudakitchen, not the checkout"
	mv "$T_TMP/matmul.away" "$p/libexec/cudakitchen/matmul"
fi

# Installed in place with PREFIX and no DESTDIR, then moved whole.
mk install PREFIX="$T_TMP/prefix"
ok $? "make install PREFIX=\$tmp/prefix"
"$T_TMP/prefix/bin/cudakitchen" lint >/dev/null 2>&1
ok $? "in place: lint"
demo_check "$T_TMP/prefix/bin/cudakitchen" "in place"
mv "$T_TMP/prefix" "$T_TMP/moved"
"$T_TMP/moved/bin/cudakitchen" lint >/dev/null 2>"$T_TMP/err"
ok $? "moved prefix: lint still finds its content"
is "$(cat "$T_TMP/err")" "$n files, 0 errors" "moved prefix: all $n files"
demo_check "$T_TMP/moved/bin/cudakitchen" "moved prefix"

# uninstall removes exactly what install added; others' files stay.
mk uninstall DESTDIR="$stage" PREFIX=/usr/local
ok $? "make uninstall"
files "$stage" > "$T_TMP/after"
diff "$T_TMP/before" "$T_TMP/after" > "$T_TMP/diff"
ok $? "after uninstall the same files as before install"
[ -s "$T_TMP/diff" ] && sed 's/^/#   /' "$T_TMP/diff" | head -20
ok "$([ ! -e "$p/share/cudakitchen" ] && [ ! -e "$p/libexec/cudakitchen" ] && echo 0 || echo 1)" \
	"share/cudakitchen and libexec/cudakitchen are gone"
done_testing
