#!/usr/bin/env bash
# The reduce demo from the outside, without a GPU: help and --list (the one
# ladder table), argument errors (exit 2 with a message), the CPU variants
# against FP64 at odd N (and exact on an integer input at every N), the tolerance rule
# tol = 4 sqrt(N) 2^-24, the documented YAML fields, a failed check (exit 3,
# not timed), and the CPU fallback when no GPU is visible.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
ladder="$CK_ROOT/demos/reduce/reduce_ladder.h"
rows=$(ladder_rows "$ladder")
CN=$(ladder_id "$ladder" CPU_NAIVE) CT=$(ladder_id "$ladder" CPU_THREADS)
rd="$CK_BUILD/demos/reduce"
[ -x "$rd" ] || skip_all "no $rd (make demos)"

out=$("$rd" --help); ok $? "--help exits 0"
for o in --n --variants --reps --cpu --quick --format --list --help; do
    like "$out" "^ +$o " "--help documents $o"
done

out=$("$rd" --list); ok $? "--list exits 0"
like "$rows" . "reduce_ladder.h has rungs"
while read -r id rung kind; do
    like "$out" "^$id +$rung +$kind +[^ ]" "--list: $id is rung $rung of kind $kind, with a name"
done <<<"$rows"
is "$(printf '%s\n' "$rows" | awk '{ printf "%s%s", s, $2; s = " " }')" "1 2 3 4 5 6 7 8 9" \
    "reduce_ladder.h: nine rungs, numbered in order"
is "$(printf '%s\n' "$out" | awk '{ print $1 }')" "$(printf '%s\n' "$rows" | awk '{ print $1 }')" \
    "--list: one line per rung of reduce_ladder.h, in its order"
for f in 01_atomic 02_interleaved 03_sequential 04_unrolled 05_shuffle 06_best 07_cub; do
    like "$(head -1 "$CK_ROOT/demos/reduce/$f.cuh")" "^// Rung [1-7], " "$f.cuh opens with its idea"
done

bad=("--frobnicate" "--n 0" "--n abc" "--n" "--n -5" "--n 99999999999999"
     "--variants $(ladder_id "$ladder" ATOMIC),bogus" "--variants" "--format xml" "--reps 0" "--reps")
for a in "${bad[@]}"; do
    err=$("$rd" $a 2>&1 >/dev/null); rc=$?
    is "$rc" 2 "bad arguments '$a' exit 2"
    like "$err" "." "bad arguments '$a' say why on stderr"
done

# what the demo echoes of hostile arguments reaches the terminal made safe
err=$("$rd" $'--x\e]0;X\a\u200f' 2>&1 >/dev/null)
like "$err" "unknown argument '--x]0;X'" "an unknown argument is echoed without its escape, BEL and RLM"
err=$("$rd" --format $'\e[2J\u202e' 2>&1 >/dev/null)
unlike "$err" $'\e|\u202e' "--format's bad value is echoed without escape or bidi bytes"
err=$("$rd" --variants $'\e[31mred\u2066' 2>&1 >/dev/null)
like "$err" "unknown variant '\[31mred'" "--variants' bad id is echoed made safe"

# field FIELD LINE: the value of FIELD in a flow-mapping line
field() { printf '%s\n' "$2" | sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p"; }

for n in 1 2 31 1000003; do
    out=$("$rd" --cpu --n "$n" --reps 1 --format yaml); rc=$?
    is "$rc" 0 "cpu n=$n: exit 0"
    for v in "$CN" "$CT"; do
        line=$(printf '%s\n' "$out" | grep "variant: \"$v\"")
        is "$(field ok "$line")" true "cpu n=$n: $v passes"
        is "$(field checked "$line")" '"fp64"' "cpu n=$n: $v checked against FP64"
        is "$(field exact "$line")" true "cpu n=$n: $v sums the integer input exactly"
        is "$(field n "$line")" "$n" "cpu n=$n: $v reports n"
        tol=$(field tol "$line"); err=$(field rel_err "$line")
        ok "$(awk -v t="$tol" -v n="$n" 'BEGIN { w = 4 * sqrt(n) / 16777216; exit !(t > 0.999 * w && t < 1.001 * w) }'; echo $?)" \
            "cpu n=$n: $v tol $tol is 4 sqrt(N) 2^-24"
        ok "$(awk -v e="$err" -v t="$tol" 'BEGIN { exit !(e >= 0 && e <= t) }'; echo $?)" \
            "cpu n=$n: $v rel_err $err within tol"
    done
done
# above 2^21 elements the integer input is sparse (its sum stays below 2^24):
# still summed exactly
line=$("$rd" --cpu --n 2097153 --reps 1 --variants "$CT" --format yaml | grep "variant: \"$CT\"")
is "$(field exact "$line")" true "n = 2^21 + 1: the integer input is summed exactly too"
is "$(field ok "$line")" true "n = 2^21 + 1: $CT passes"

out=$(CUDA_VISIBLE_DEVICES="" "$rd" --quick --format yaml); rc=$?
is "$rc" 0 "no visible GPU: exit 0"
unlike "$out" '^[^-]|^-[^ ]|^- [^{]' "every line starts with '- {'"
dev=$(printf '%s\n' "$out" | head -1)
for f in record format demo live reason date command cpu_name cpu_threads; do
    like "$dev" "[{ ]$f: " "device record has $f"
done
is "$(field demo "$dev")" '"reduce"' "device record: demo reduce"
is "$(field live "$dev")" false "fallback: live false"
like "$(field reason "$dev")" '^"..+"$' "fallback: a reason is given"
var=$(printf '%s\n' "$out" | grep "variant: \"$CN\"")
for f in record format demo variant rung kind label ok checked rel_err tol ms ms_min ms_max \
         reps gflops pct_of_library pct_of_peak intensity gbs baseline n pct_of_hbm workspace exact; do
    like "$var" "[{ ]$f: " "variant record has $f"
done
is "$(field n "$var")" 1048583 "--quick is N = 2^20 + 7"
is "$(printf '%s\n' "$out" | grep -c 'record: "variant"')" 2 "fallback: only the two CPU variants"

out=$(CK_DEMO_CORRUPT="$CN" "$rd" --cpu --n 1000 --reps 1 --format yaml); rc=$?
is "$rc" 3 "a corrupted result exits 3"
line=$(printf '%s\n' "$out" | grep "variant: \"$CN\"")
is "$(field ok "$line")" false "... that variant fails"
is "$(field ms "$line")" "~" "... and is not timed"
like "$(field error "$line")" "NaN" "... and says why"
line=$(printf '%s\n' "$out" | grep "variant: \"$CT\"")
is "$(field ok "$line")" true "... the other variant still passes"

out=$("$rd" --cpu --n 1000 --reps 1 --format table); ok $? "--format table exits 0"
like "$out" "$CT +cpu +ok" "the table lists the CPU variants"
done_testing
