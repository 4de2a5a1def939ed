#!/usr/bin/env bash
# The launch demo from the outside, without a GPU: help and --list (the one
# table of experiments), argument errors (exit 2), the CPU fallback's
# y = a*x + y variants against FP64 at odd n, the YAML fields, a failed
# check (exit 3).
. "$(dirname "$0")/lib.bash"
ln="$CK_BUILD/demos/launch"
[ -x "$ln" ] || skip_all "no $ln (make demos)"

out=$("$ln" --help); ok $? "--help exits 0"
for o in --n --iters --variants --reps --cpu --quick --format --list --help; do
    like "$out" "^ +$o " "--help documents $o"
done
out=$("$ln" --list); ok $? "--list exits 0"
rung=1
for id in plain vec4 regs smem wave graph cpu-naive cpu-threads; do
    like "$out" "^$id +$rung +(cpu|hand) +[^ ]" "--list: $id is rung $rung"
    rung=$((rung + 1))
done
bad=("--bogus" "--n 0" "--n x" "--iters 0" "--iters" "--variants wave,nope" "--format json")
for a in "${bad[@]}"; do
    err=$("$ln" $a 2>&1 >/dev/null); rc=$?
    is "$rc" 2 "bad arguments '$a' exit 2"
    like "$err" "." "bad arguments '$a' say why on stderr"
done

field() { printf '%s\n' "$2" | sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p"; }
for n in 1 31 1000003; do
    out=$("$ln" --cpu --n "$n" --reps 1 --format yaml); rc=$?
    is "$rc" 0 "cpu n=$n: exit 0"
    for v in cpu-naive cpu-threads; do
        line=$(printf '%s\n' "$out" | grep "variant: \"$v\"")
        is "$(field ok "$line")" true "cpu n=$n: $v passes against FP64"
        is "$(field n "$line")" "$n" "cpu n=$n: $v reports n"
    done
done
out=$(CUDA_VISIBLE_DEVICES="" "$ln" --quick --format yaml); rc=$?
is "$rc" 0 "no visible GPU: exit 0"
dev=$(printf '%s\n' "$out" | head -1)
is "$(field demo "$dev")" '"launch"' "device record: demo launch"
is "$(field live "$dev")" false "fallback: live false"
like "$(field reason "$dev")" '^"..+"$' "fallback: a reason is given"
unlike "$out" 'record: "point"' "no launch points without a GPU"
out=$(CK_DEMO_CORRUPT=cpu-threads "$ln" --cpu --n 100 --reps 1 --format yaml); rc=$?
is "$rc" 3 "a corrupted output exits 3"
like "$(printf '%s\n' "$out" | grep 'cpu-threads')" 'ok: false.*error: "output holds NaN' "... and says why"
done_testing
