#!/usr/bin/env bash
# gpu_session.sh: one run on a GPU machine of the harness's timing and checks
# (demos/common/timing*.{c,cu}, ladder.c): builds the demos, runs reduce and
# matmul at small sizes under compute-sanitizer (memcheck: the blocking
# kernel, the L2 scratch write, the paired timing), then a short bench that
# prints the paired "% of library" of each hand rung with its spread over
# three processes. Logs under $OUT (default build/gpu-session). Budget: well
# under 9 minutes on an H200.
#   bash demos/scripts/gpu_session.sh
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-build/gpu-session}
mkdir -p "$OUT"
fail=0
step() { echo "== $*" | tee -a "$OUT/summary.txt"; }
t0=$(date +%s)
step "build"
make -j"$(nproc)" demos >"$OUT/build.log" 2>&1 || { echo "build failed (see $OUT/build.log)"; exit 1; }
D=build/demos
SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
run() { # NAME CMD...: logged, exit status kept
    local name=$1; shift
    timeout 240 "$@" >"$OUT/$name.yaml" 2>"$OUT/$name.err"; local rc=$?
    echo "$name: exit $rc" | tee -a "$OUT/summary.txt"
    [ "$rc" = 0 ] || fail=1
}
step "checks under compute-sanitizer"
if [ -x "$SAN" ]; then
    run san-reduce "$SAN" --error-exitcode 9 "$D/reduce" --n 1000003 --reps 3 --format yaml
    run san-matmul "$SAN" --error-exitcode 9 "$D/matmul" --size 128 --reps 3 --format yaml
else
    echo "compute-sanitizer not found: skipped" | tee -a "$OUT/summary.txt"
fi
step "checks at the bench sizes (exact reduce at 2^28, 2^20+7)"
run reduce-2p28 "$D/reduce" --format yaml
run reduce-small "$D/reduce" --n 1048583 --format yaml
step "records carry the new timing fields"
for f in cache queued latency_bound noise sm_mhz power_w throttle paired_pct_of_library; do
    grep -q "$f: " "$OUT/reduce-2p28.yaml" && echo "  $f: present" || { echo "  $f: MISSING"; fail=1; }
done | tee -a "$OUT/summary.txt"
step "bench: paired % of library, three processes each"
for p in 1 2 3; do
    timeout 200 "$D/matmul" --size 4096 --format yaml >"$OUT/mm4096-$p.yaml" 2>>"$OUT/bench.err"
    timeout 100 "$D/reduce" --format yaml >"$OUT/rd-$p.yaml" 2>>"$OUT/bench.err"
done
field() { sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p"; }
{
printf '%-8s %-14s %-14s %8s %8s %8s %8s  %s\n' demo variant "paired with" p1 p2 p3 spread "cache/queued/throttled"
for d in mm4096 rd; do
    for v in $(grep -h 'paired_pct_of_library' "$OUT/$d-1.yaml" | field variant | tr -d '"'); do
        vals=() w=""; extra=""
        for p in 1 2 3; do
            line=$(grep -h "variant: \"$v\"" "$OUT/$d-$p.yaml")
            vals+=("$(printf '%s\n' "$line" | field paired_pct_of_library)")
            w=$(printf '%s\n' "$line" | field paired_with | tr -d '"')
            extra="$(printf '%s\n' "$line" | field cache | tr -d '"')/$(printf '%s\n' "$line" | field queued)/$(printf '%s\n' "$line" | field throttled)"
        done
        spread=$(printf '%s\n' "${vals[@]}" | awk 'NR==1{lo=hi=$1} {if($1<lo)lo=$1; if($1>hi)hi=$1} END{printf "%.1f", hi-lo}')
        printf '%-8s %-14s %-14s %8.1f %8.1f %8.1f %8s  %s\n' "$d" "$v" "$w" "${vals[0]:-0}" "${vals[1]:-0}" "${vals[2]:-0}" "$spread" "$extra"
    done
done
} | tee "$OUT/paired.txt"
echo "elapsed $(( $(date +%s) - t0 )) s; logs in $OUT" | tee -a "$OUT/summary.txt"
exit $fail
