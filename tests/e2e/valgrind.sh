#!/usr/bin/env bash
# valgrind (memcheck) over the plain commands and a scripted TUI session:
# no error and no definitely, indirectly or possibly lost block.  Memory
# that ncurses and libyaml keep reachable until exit is not a leak and is
# not reported.  Skipped without valgrind and for the sanitizer build
# (valgrind cannot run an ASan binary).
# ck-test: long (prove starts it first until it has recorded times)
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
cd "$CK_ROOT" || exit 1
command -v valgrind >/dev/null || skip_all "valgrind not installed"
ldd "$CK_BIN" 2>/dev/null | grep -q libasan && skip_all "sanitizer build (valgrind cannot run ASan binaries)"

VG=(valgrind --error-exitcode=99 --leak-check=full --show-leak-kinds=definite,indirect,possible
	--errors-for-leak-kinds=definite,indirect,possible --track-fds=no)
summary() { # summary LOG NAME: the checks on one valgrind log
	like "$(cat "$1")" 'ERROR SUMMARY: 0 errors' "$2: ERROR SUMMARY: 0 errors"
	unlike "$(cat "$1")" '(definitely|indirectly|possibly) lost: [1-9]' "$2: nothing lost"
	echo "# $2: $(grep -E 'ERROR SUMMARY|in use at exit' "$1" | sed 's/^==[0-9]*== //' | tr '\n' ' ')"
}
run() { # run NAME WANT_RC ARGS...
	local name=$1 want=$2; shift 2
	"${VG[@]}" --log-file="$T_TMP/$name.log" "$CK_BIN" "$@" >"$T_TMP/$name.out" 2>&1
	is "$?" "$want" "$name: exit $want under valgrind"
	summary "$T_TMP/$name.log" "$name"
}

run lint 0 lint
run lint-bad 1 lint tests/fixtures/lesson-bad
run cert-verify 0 cert verify tests/golden/certificate.txt
printf 'not a certificate\n' > "$T_TMP/nc.txt"
run cert-not 2 cert verify "$T_TMP/nc.txt"
if "$CK_BIN" demo matmul --help 2>&1 | grep -q "not built yet"; then
	echo "ok $((T_N += 1)) # SKIP the demo command is not in this build"
else
	# The cudakitchen process only: the demo program is a child it starts.
	run demo 0 demo matmul --cpu --quick
fi

# The TUI in tmux: menu, a lesson, next page, back, the help, quit.
launch 80 24 "${VG[*]}" --log-file="$T_TMP/tui.log" "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done' 30; ok $? "tui: the menu is drawn under valgrind"
keys Enter; wait_for 'Pantry page one' 10; ok $? "tui: a lesson opens"
keys n; wait_for 'Pantry page two' 10; ok $? "tui: next page"
keys Escape; wait_for 'lessons done' 10; ok $? "tui: back at the menu"
keys '?'; wait_for 'this help' 10; ok $? "tui: the help screen"; keys Escape
keys q
is "$(wait_exit 30)" 0 "tui: quits with 0 under valgrind"
stop
like "$(cat "$T_TMP/tui.log")" "Command: $CK_BIN --lessons" "tui: valgrind ran the program itself"
summary "$T_TMP/tui.log" "tui"
done_testing
