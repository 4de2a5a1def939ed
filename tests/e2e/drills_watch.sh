#!/usr/bin/env bash
# ck-test: long
# `cudakitchen drill check --watch` as a learner at a terminal uses it, in
# tmux (one server): at 60x20 in Chinese on a file of their own, a racy
# solution's race with both lines, then a save and Ctrl-C while that check
# runs (it stops at once: nothing it started is left, and the exit status
# is the last finished check's); at 80x24 in English on the learner's
# copy, a pass, a wrong solution saved over it (the report replaced, the
# first wrong element), a compile error at the learner's line, the file
# deleted (waited for), Ctrl-C.  The learner's file is never written.
# And a plain check stopped by SIGTERM ends as the signal would, leaving
# nothing behind.  The compiled harnesses are cached in
# $CK_BUILD/drill-cache, shared with the other drill scripts.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
CXX=${CXX:-$(command -v c++ || command -v g++)}
[ -n "$CXX" ] || skip_all "no C++ compiler"
cache=${CK_DRILL_CACHE:-$CK_BUILD/drill-cache}
mkdir -p "$cache" 2>/dev/null || cache=$T_TMP/cache
# the checks' temporary folders go here, to see that none is left
mkdir -p "$T_TMP/tmp"
env_ck="XDG_CACHE_HOME='$cache' TMPDIR='$T_TMP/tmp' CK_DRILL_BACKEND=cpu '$CK_BIN'"
LONG=90   # seconds for one check, on a loaded machine and a cold cache
# joined: the screen with the terminal's own line wrapping undone
joined() { tmux -L "$T_SOCK" capture-pane -pJ -t t; }
# save FROM TO: as an editor saves: written aside, renamed over
save() { cp "$1" "$2.new" && mv "$2.new" "$2"; }
# restart W H ARGS: the program again in the same tmux server, resized
restart() {
    local w=$1 h=$2; shift 2
    resize "$w" "$h"
    tmux -L "$T_SOCK" respawn-pane -k -t t \
        "env HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_DATA_HOME='$XDG_DATA_HOME' LC_ALL=C.UTF-8 TERM=xterm-256color $*; echo \"[exit \$?]\"; read -r _"
    T_PID= T_TTY=
}
# leftovers: the processes and folders of checks (none, once done); the
# compiler's own temporary files, which a killed compiler leaves, aside
leftovers() { pgrep -f "$T_TMP/tmp/ck-drill-"; ls -d "$T_TMP"/tmp/ck-drill-* 2>/dev/null; }

mine=$T_TMP/mine.cu
cp tests/drills/04-block-reduce/no-barrier.cu "$mine"
start 60 20 "$env_ck --lang zh drill check --watch block-reduce '$mine'"
expect '结论：未通过（3 个规模出错，共 5 个；竞争）' $LONG && ok 0 "60x20 zh: --watch checks at once: a racy solution fails"
like "$(joined)" '^ +写入 4 字节，位置 mine\.cu:13$' "the write's line, the file by its name"
like "$(joined)" '^ +读取 4 字节，位置 mine\.cu:15$' "the read's line"
like "$(joined)" '^ +由 block \(0, 0, 0\) thread \(32, 0, 0\) 执行$' "each with its thread"
like "$(joined)" "^-- 正在监视 $(re "$mine")：保存即重新检查，Ctrl-C 停止 --$" "it says what it watches and how to stop"
save drills/04-block-reduce/reference.cu "$mine"
expect "^正在检查 $(re "$mine") ……" && ok 0 "a save starts a check (the screen cleared for it)"
keys C-c
is "$(wait_exit 20)" 1 "Ctrl-C mid-check ends --watch with the last finished check's status (1: the race)"
like "$(joined)" '已停止监视；最后一次检查未通过（退出状态 1）' "and says so"
unlike "$(joined)" '结论：通过' "the check cut short is not reported"
wait_until "the check's compilers and folder gone" '[ -z "$(leftovers)" ]'
ok $? "nothing the check started is left"
cmp -s "$mine" drills/04-block-reduce/reference.cu
ok $? "the learner's file is as they saved it"

copy=$("$CK_BIN" drill start vector-add)
save drills/01-vector-add/reference.cu "$copy"
restart 80 24 "$env_ck --lang en drill check --watch vector-add"
expect 'verdict: PASSED' $LONG && ok 0 "80x24 en: --watch on the learner's copy: the pass"
like "$(joined)" "^-- watching $(re "$copy"): save it to check again, Ctrl-C to stop --$" "it watches the learner's copy"
cat tests/drills/01-vector-add/last-missed.cu >"$copy"   # written in place, as some editors do
expect 'verdict: FAILED \(5 of 5 sizes wrong\)' $LONG && ok 0 "a wrong solution saved: checked again, a clear failure"
unlike "$(screen)" 'verdict: PASSED' "the report replaces the last one"
like "$(joined)" 'FAIL +size 7: element 6, expected [0-9.]+, got -?nan' "the first wrong element, expected and got"
like "$(joined)" 'never written: the grid or the loop stops before this element' "and what that usually means"
save tests/fixtures/drill-compile-error.cu "$copy"
expect 'compile: error at vector-add\.cu:6:27' $LONG && ok 0 "a compile error at the learner's own line"
like "$(screen)" '6 \| +c\[i\] = a\[i\] \+ b\[i\]$' "the line itself, as the compiler shows it"
rm "$copy"
wait_until "the file missed" 'joined | grep -q "vector-add\.cu is gone: waiting for it to be saved again"'
ok $? "a deleted file is waited for"
keys C-c
is "$(wait_exit 20)" 1 "Ctrl-C ends --watch: exit status 1, the last check did not pass"
like "$(screen)" 'stopped watching; the last check did not pass \(exit status 1\)' "and says so"
grep -q 'id: "vector-add", attempts: 3, hints: 0, passed: true' "$XDG_STATE_HOME/cudakitchen/progress.yaml"
ok $? "the three checks of the learner's copy are in progress, the pass kept"

# a plain check stopped by SIGTERM mid-compile
XDG_CACHE_HOME=$cache TMPDIR=$T_TMP/tmp CK_DRILL_BACKEND=cpu \
    "$CK_BIN" drill check vector-add drills/01-vector-add/reference.cu >/dev/null 2>&1 &
pid=$!
wait_until "the check's compiler" 'pgrep -f "$T_TMP/tmp/ck-drill-" >/dev/null' 20 &&
    kill -TERM $pid
wait $pid
is $? 143 "a plain check stopped by SIGTERM ends as the signal would (143)"
wait_until "the check's compilers and folder gone" '[ -z "$(leftovers)" ]'
ok $? "and leaves nothing behind"
# no compiler: said plainly, in the learner's language
out=$(CXX=/nowhere/c++ "$CK_BIN" --lang zh drill check vector-add drills/01-vector-add/reference.cu)
is $? 1 "without a compiler the check exits 1"
like "$out" '无法在此检查：CXX 设为 /nowhere/c\+\+，但此处没有这个编译器' "and says why, in Chinese"
like "$out" '结论：此处无法评判' "not judged here"
like "$(CXX=/nowhere/c++ "$CK_BIN" drill check --format yaml vector-add drills/01-vector-add/reference.cu)" \
    'cannot: "no-cxx\|/nowhere/c\+\+"' "--format yaml gives the reason's code"
done_testing
