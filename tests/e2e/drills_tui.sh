#!/usr/bin/env bash
# ck-test: long
# The drill screen as a learner uses it, at 80x24 in English and then at
# 60x20 in Chinese in the same tmux server: the list with states, a
# drill's statement, `h` at its cost, `e` through a scripted $VISUAL (it
# copies the file named in $T_TMP/next over the learner's copy, as a
# learner saving a solution), `c` and the report: a pass in each language,
# a compile error at the learner's own line in each, a racy solution's
# clear failure (the first wrong element and what it means) and its race
# with both lines and the missing barrier, the verdict kept on the last
# row while the report scrolls; `s` after a pass, `r` keeping a backup.
# drills_watch.sh tries the same from the command line, with a wrong
# solution in English.  Checks run on the CPU emulator; their
# compiled harnesses are cached in $CK_BUILD/drill-cache (shared with the
# other drill scripts: named by a hash, written aside and renamed), so only
# a first run compiles them.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
CXX=${CXX:-$(command -v c++ || command -v g++)}
[ -n "$CXX" ] || skip_all "no C++ compiler"
cache=${CK_DRILL_CACHE:-$CK_BUILD/drill-cache}
mkdir -p "$cache" 2>/dev/null || cache=$T_TMP/cache
cat >"$T_TMP/ed.sh" <<'ED'
#!/bin/sh
cp "$(cat "$(dirname "$0")/next")" "$1"
ED
chmod +x "$T_TMP/ed.sh"
copy="$XDG_DATA_HOME/cudakitchen/drills"
env_ck="XDG_CACHE_HOME='$cache' CK_DRILL_BACKEND=cpu VISUAL='$T_TMP/ed.sh' '$CK_BIN'"
LONG=90   # seconds for one check, on a loaded machine and a cold cache
# edit_with FILE COPY SAID: e saves FILE as the learner's COPY (a name in
# $copy); the TUI comes back saying SAID
edit_with() {
    local from=$1 to=$copy/$2
    printf '%s\n' "$from" >"$T_TMP/next"
    keys e
    wait_until "the editor to save $from" 'cmp -s "$from" "$to"' &&
        expect "$3" && ok 0 "e runs \$VISUAL on the learner's copy and comes back ($(basename "$from"))"
}
# restart W H ARGS: the program again in the same tmux server, resized
restart() {
    local w=$1 h=$2; shift 2
    resize "$w" "$h"
    tmux -L "$T_SOCK" respawn-pane -k -t t \
        "env HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_DATA_HOME='$XDG_DATA_HOME' LC_ALL=C.UTF-8 TERM=xterm-256color $*; echo \"[exit \$?]\"; read -r _"
    T_PID= T_TTY=
}
# last_row: the row above the status line(s) (the report's pinned verdict)
rows_above() { screen | sed -n "$(($(pane '#{pane_height}') - $1))p"; }

start 80 24 "$env_ck --lang en open drills"
expect 'Drills: cook it yourself' && ok 0 "80x24 en: the drill list opens"
like "$(screen)" '01 Vector add with a grid-stride loop +not started' "the list shows each drill's state"
like "$(screen)" '\[GPU\]' "a drill judged on a GPU only is marked"
keys Enter
expect 'grid-stride loop' && ok 0 "Enter opens the statement"
like "$(screen)" 'e edit +c check +h hint' "the drill's keys are on the status line"
like "$(flat | tr -s ' ')" "Your copy: $(re "$copy")/vector-add\.cu" "the statement says where the learner's copy is"
keys h
expect '^ *hint 1/2: A thread' && ok 0 "h shows the first hint"
like "$(flat)" 'hint 1/2: .*Your copy:' "above the statement it helps with"
like "$(screen)" 'a hint costs 2 points: this drill now gives 8' "at its cost"
edit_with "$CK_ROOT/drills/01-vector-add/reference.cu" vector-add.cu 'your copy changed: press c'
keys c
expect 'verdict: PASSED' $LONG && ok 0 "c checks: the reference passes"
like "$(screen)" 'pass +size 1000003' "each size is listed"
like "$(flat)" 'speed: judged only on a GPU' "without a GPU the report says speed is judged on a GPU"
keys Escape
expect 'Vector add with a grid-stride loop +passed' && ok 0 "the list shows the pass"
keys Enter
expect 'Your copy:'
edit_with "$CK_ROOT/tests/fixtures/drill-compile-error.cu" vector-add.cu 'your copy changed'
keys c
expect 'compile: error at vector-add\.cu:6:27' $LONG && ok 0 "a compile error is reported at the learner's own file and line"
like "$(screen)" "expected ‘;’ before ‘}’" "with the compiler's words"
like "$(screen)" '6 \| +c\[i\] = a\[i\] \+ b\[i\]$' "and the learner's line itself"
like "$(screen)" 'verdict: FAILED \(it does not compile\)' "the verdict says it does not compile"
keys r
expect 'press r again' && keys r
wait_until "the backup" 'ls "$copy"/vector-add.cu.*.bak >/dev/null 2>&1'
ok $? "r twice resets, keeping the old copy as a backup"
like "$(flat | tr -s ' ')" 'started over; your old copy is now vector-add\.cu\.[0-9]+\.bak, beside it' "and says where it is"
expect 'Your copy:' && ok 0 "the statement again, for the fresh start"
cmp -s "$copy/vector-add.cu" drills/01-vector-add/starter.cu
ok $? "the copy is the starter again"
quit "q leaves the drill screen"

# the same server, 60x20, in Chinese: block-reduce
restart 60 20 "$env_ck --lang zh open drills"
expect '练习：亲手下厨' && ok 0 "60x20 zh: the drill list opens"
like "$(screen)" '01 用网格跨步循环做向量加法 +已通过' "the English pass is in the list"
keys Down Down Down Enter   # block-reduce is the fourth drill
expect '线程束洗牌' && ok 0 "the block-reduce statement, in Chinese"
edit_with "$CK_ROOT/tests/drills/04-block-reduce/no-barrier.cu" block-reduce.cu '你的副本已修改：按 c 检查'
keys c
wait_until "the verdict on the last row" 'rows_above 1 | grep -q "结论：未通过（3 个规模出错，共 5 个；竞争）"' $LONG
ok $? "a racy solution fails: the verdict, with why, on the last row while the report is longer"
like "$(screen | head -1)" '1-16/2[0-9] 行 +未通过' "the title says which rows are shown"
like "$(flat | tr -s ' ')" '失败 规模 1000：第 0 个元素，应为 [0-9.]+， 实为 [0-9.]+' "a clear failure, in Chinese"
keys End
wait_flat '共享内存“warp_sums”上的竞争' && ok 0 "the race is named, in Chinese, on shared memory 'warp_sums'"
like "$(screen)" '^ +写入 4 字节，位置 block-reduce\.cu:13$' "the write's line"
like "$(screen)" '^ +由 block \(0, 0, 0\) thread \(32, 0, 0\) 执行$' "and its thread"
like "$(screen)" '^ +读取 4 字节，位置 block-reduce\.cu:15$' "the read's line"
like "$(screen)" '^ +由 block \(0, 0, 0\) thread \(1, 0, 0\) 执行$' "and its thread"
like "$(screen)" '两者之间没有 __syncthreads\(\)' "and the missing __syncthreads()"
sed 's/__syncthreads();/__syncthread();/' drills/04-block-reduce/reference.cu >"$T_TMP/typo.cu"
edit_with "$T_TMP/typo.cu" block-reduce.cu '你的副本已修改'
keys c
expect '编译：出错，位置 block-reduce\.cu:16:5' $LONG && ok 0 "a compile error at the learner's line, in Chinese"
like "$(screen)" '结论：未通过（无法编译）' "the verdict says it does not compile"
edit_with "$CK_ROOT/drills/04-block-reduce/reference.cu" block-reduce.cu '你的副本已修改'
keys c
expect '结论：通过' $LONG && ok 0 "the reference passes, in Chinese"
like "$(screen | head -1)" '已通过' "the title shows the pass"
keys s
expect '// Block reduction: each thread sums' && keys End
expect '__syncthreads\(\);' && ok 0 "s after a pass shows the reference at once"
quit "q leaves"
done_testing
