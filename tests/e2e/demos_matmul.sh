#!/usr/bin/env bash
# The matmul demo from the outside, without a GPU: help and --list, argument
# errors (exit 2 with a message), the CPU variants against the FP64 reference
# and exact on integer inputs at odd sizes, the documented YAML fields, a
# failed check and an off-by-one element (exit 3, not timed), and the CPU fallback when no GPU is visible.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
ladder="$CK_ROOT/demos/matmul/mm_ladder.h"
rows=$(ladder_rows "$ladder")
cpu_ids=$(ladder_ids "$ladder" cpu)
mm="$CK_BUILD/demos/matmul"
[ -x "$mm" ] || skip_all "no $mm (make demos)"

out=$("$mm" --help); ok $? "--help exits 0"
for o in --size --m --n --k --variants --reps --cpu --quick --format --list --help; do
    like "$out" "^ +$o " "--help documents $o"
done

out=$("$mm" --list); ok $? "--list exits 0"
like "$rows" . "mm_ladder.h has rungs"
while read -r id rung kind; do
    like "$out" "^$id +$rung +$kind +[^ ]" "--list: $id is rung $rung of kind $kind, with a name"
done <<<"$rows"
is "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" "$(printf '%s\n' "$rows" | wc -l | tr -d ' ')" \
    "--list: one line per rung of mm_ladder.h"
is "$(printf '%s\n' "$out" | awk '{ print $1 }')" "$(printf '%s\n' "$rows" | awk '{ print $1 }')" \
    "--list: in the header's order"

# the Hopper rung: registered right after tf32-mma, a hand rung that says it
# needs sm_90; without a GPU, like tf32-mma, it neither runs nor fails
# (on a GPU other than sm_90 it is declined: tests/unit/test_mm_declines.c)
is "$(printf '%s\n' "$out" | awk '$1 == "tf32-mma" { getline; print $1, $3 }')" "wgmma-tma hand" \
    "--list: wgmma-tma, kind hand, right after tf32-mma"
like "$(printf '%s\n' "$out" | grep '^wgmma-tma ')" 'sm_90 only' "--list: wgmma-tma says it is sm_90 only"
out=$(CUDA_VISIBLE_DEVICES="" "$mm" --variants tf32-mma,wgmma-tma,cpu-naive --size 16 --reps 1 \
      --format yaml); rc=$?
is "$rc" 0 "no visible GPU, the Tensor Core rungs asked for: exit 0"
unlike "$out" 'variant: "(tf32-mma|wgmma-tma)"|ok: false' \
    "no visible GPU: tf32-mma and wgmma-tma are absent alike, nothing failed"
like "$out" 'variant: "cpu-naive".*ok: true' "no visible GPU: the CPU rung asked for still runs"

bad=("--frobnicate" "--size 0" "--size abc" "--size" "--m 3" "--m 3 --n 4"
     "--size 70000" "--variants naive,bogus" "--variants" "--format xml"
     "--reps 0" "--reps" "--k -1")
for a in "${bad[@]}"; do
    err=$("$mm" $a 2>&1 >/dev/null); rc=$?
    is "$rc" 2 "bad arguments '$a' exit 2"
    like "$err" "." "bad arguments '$a' say why on stderr"
done

# field FIELD LINE: the value of FIELD in a flow-mapping line
field() { printf '%s\n' "$2" | sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p"; }

for size in "37 53 61" "1 1 1" "17 1 33" "64 64 64" "1 40 7"; do
    set -- $size
    out=$("$mm" --cpu --m "$1" --n "$2" --k "$3" --reps 1 --format yaml); rc=$?
    is "$rc" 0 "cpu ${1}x${2}x${3}: exit 0"
    for v in $cpu_ids; do
        line=$(printf '%s\n' "$out" | grep "variant: \"$v\"")
        is "$(field ok "$line")" true "cpu ${1}x${2}x${3}: $v passes"
        is "$(field checked "$line")" '"fp64"' "cpu ${1}x${2}x${3}: $v checked against FP64"
        is "$(field m "$line") $(field n "$line") $(field k "$line")" "$1 $2 $3" \
            "cpu ${1}x${2}x${3}: $v reports its sizes"
        err=$(field rel_err "$line")
        ok "$(awk -v e="$err" 'BEGIN { exit !(e >= 0 && e < 1e-5) }'; echo $?)" \
            "cpu ${1}x${2}x${3}: $v rel_err $err far under tol"
        is "$(field exact "$line")" true "cpu ${1}x${2}x${3}: $v exact on integer inputs"
    done
done

out=$(CUDA_VISIBLE_DEVICES="" "$mm" --quick --format yaml); rc=$?
is "$rc" 0 "no visible GPU: exit 0"
unlike "$out" '^[^-]|^-[^ ]|^- [^{]' "every line starts with '- {'"
dev=$(printf '%s\n' "$out" | head -1)
for f in record format demo live reason date command cpu_name cpu_threads; do
    like "$dev" "[{ ]$f: " "device record has $f"
done
is "$(field live "$dev")" false "fallback: live false"
like "$(field reason "$dev")" '^"..+"$' "fallback: a reason is given"
like "$(field date "$dev")" '^"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z"$' "date is UTC ISO 8601"
n=$(printf '%s\n' "$out" | grep -c 'record: "variant"')
is "$n" "$(printf '%s\n' "$cpu_ids" | wc -l | tr -d ' ')" "fallback runs the CPU variants"
line=$(printf '%s\n' "$out" | grep 'variant: "cpu-blocked"')
for f in record format demo variant rung kind label ok checked rel_err tol ms \
         ms_min ms_max reps gflops pct_of_library pct_of_peak intensity gbs \
         baseline m n k model_bytes model_intensity model; do
    like "$line" "[{ ]$f: " "variant record has $f"
done
is "$(field kind "$line")" '"cpu"' "cpu-blocked is kind cpu"
is "$(field rung "$line")" "$(printf '%s\n' "$rows" | awk '$1 == "cpu-blocked" { print $2 }')" \
    "cpu-blocked's record has its rung from mm_ladder.h"
is "$(field pct_of_library "$line")" '~' "no library baseline on a CPU: ~"
unlike "$line" "error: " "a passing record has no error field"
ok "$(awk -v a="$(field ms_min "$line")" -v b="$(field ms "$line")" -v c="$(field ms_max "$line")" \
      'BEGIN { exit !(a > 0 && a <= b && b <= c) }'; echo $?)" "ms_min <= ms <= ms_max"

out=$(CK_DEMO_CORRUPT=cpu-naive "$mm" --cpu --size 33 --reps 1 --format yaml); rc=$?
is "$rc" 3 "a spoilt result exits 3"
line=$(printf '%s\n' "$out" | grep 'variant: "cpu-naive"')
is "$(field ok "$line")" false "the spoilt variant is reported failed"
is "$(field ms "$line")" '~' "a failed variant is not timed"
like "$(field error "$line")" 'NaN' "its error says why"
like "$(printf '%s\n' "$out" | grep 'variant: "cpu-blocked"')" 'ok: true' "the others still run"

# the second judgement (mm_exact.h): one element off by one on the integer
# inputs passes the normwise check and fails the exact one
out=$(CK_DEMO_CORRUPT=cpu-blocked+1 "$mm" --cpu --m 37 --n 53 --k 61 --reps 1 --format yaml); rc=$?
is "$rc" 3 "one element off by one on integer inputs exits 3"
line=$(printf '%s\n' "$out" | grep 'variant: "cpu-blocked"')
is "$(field ok "$line") $(field exact "$line") $(field ms "$line")" "false false ~" \
    "the off-by-one rung: failed, not exact, not timed"
like "$(field error "$line")" '^"integer inputs, not exact: (row|column) [0-9]+ sums to [0-9]+, exactly [0-9]+"$' \
    "its error names the row or column whose sum is off"
line=$(printf '%s\n' "$out" | grep 'variant: "cpu-naive"')
is "$(field ok "$line") $(field exact "$line")" "true true" "the other rung: exact"

out=$("$mm" --cpu --quick --format table); rc=$?
is "$rc" 0 "table output exits 0"
like "$out" "variant +kind +check +rel_err +ms +GFLOP/s" "table has a header"
like "$out" "cpu-blocked +cpu +ok " "table has the CPU rows"
like "$out" "CPU fallback" "table says it is a CPU fallback"

out=$("$mm" --variants cpu-naive --quick --cpu --format yaml)
is "$(printf '%s\n' "$out" | grep -c 'record: "variant"')" 1 "--variants selects one"
done_testing
