#!/usr/bin/env bash
# fusion_gpu.sh: the fusion demo on a GPU machine, checked and recorded
# (made for the H200). From the repository root:
#
#   demos/scripts/fusion_gpu.sh           the sanitizer checks, then the record
#   demos/scripts/fusion_gpu.sh record    the record only (under 3 minutes)
#   OUT=DIR (default build/demos/fusion-gpu): logs, each run's YAML, summary
#   FUSION_OUT, FUSION_MAIN: the files written (below); FUSION_BIN: a
#   fusion binary to run instead of building build/demos/fusion
#
# 1. builds build/demos/fusion (make: CUDA_ARCH native);
# 2. (not with `record`) checks every GPU rung (the hand ones, cuDNN's and
#    cuBLASLt's) under compute-sanitizer memcheck at small, odd shapes (a
#    conv with 70 filters and a reduction of 45, padding 1; a GEMM of
#    65x67x17), and the hand rungs under racecheck: exit 0, no sanitizer
#    error, every rung ok;
# 3. times the four GPU rungs at ResNet-50's four 3x3 stages (N = 32:
#    conv2_x C = K = 64 at 56x56 ... conv5_x 512 at 7x7) and at two GEMMs
#    (8192x3072x768, a BERT-base MLP layer; 4096^3) -- bench.sh's
#    fusion_shapes -- FUSION_RUNS processes each (default 3); every run
#    pairs each fused rung with its unfused twin side by side;
# 4. merges the runs as `make bench` does (bench.sh --merge: per variant and
#    shape the run of the median paired speed-up, with the spread over the
#    processes) into FUSION_OUT (default demos/results/h200-fusion.yaml),
#    and puts conv2_x's records, the fusion screen's first GPU size, in
#    place of any fusion records in demos/results/h200.yaml, where the
#    screen reads them without a GPU; on a GPU other than an H200 both stay
#    under $OUT instead;
# 5. prints a table per shape (ms, MB moved by the traffic model, MB saved,
#    the paired speed-up and its spread) and the targets (bench.sh
#    --fusion-targets), also into $OUT/summary.txt.
# Exit 0 only when the build, the sanitizer runs and every check passed.
set -u
cd "$(dirname "$0")/../.." || exit 1
MODE=${1:-all}
case $MODE in all|record) ;; *) echo "usage: $0 [record]" >&2; exit 2 ;; esac
OUT=${OUT:-build/demos/fusion-gpu}
RUNS=${FUSION_RUNS:-3}
DEST=${FUSION_OUT:-demos/results/h200-fusion.yaml}
MAIN=${FUSION_MAIN:-demos/results/h200.yaml}
mkdir -p "$OUT"
FAIL=0
SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
BIN=${FUSION_BIN:-build/demos/fusion}
GPU_RUNGS=unfused,fused,lib-unfused,lib-fused

# FUSION_BIN names a fusion binary built already (the tests' stand-in)
if [ -z "${FUSION_BIN:-}" ]; then
    make -j"$(nproc)" "$BIN" >"$OUT/build.log" 2>&1 || { echo "build failed: $OUT/build.log"; exit 1; }
fi

# sanitize TOOL RUNGS ARGS...: one small run under compute-sanitizer TOOL
sanitize() {
    tool=$1 rungs=$2; shift 2
    log="$OUT/san-$tool-$(echo "$*" | tr -d ' -').log"
    want=$(echo "$rungs" | tr ',' '\n' | wc -l)
    timeout 150 "$SAN" --tool "$tool" --error-exitcode 9 "$BIN" "$@" \
        --variants "$rungs" --reps 1 --format yaml >"$log" 2>&1
    rc=$?
    bad=$(grep -c 'ok: false' "$log")
    ran=$(grep -c '^- {record: "variant"' "$log")
    if [ "$rc" = 0 ] && [ "$bad" = 0 ] && [ "$ran" = "$want" ]; then st=ok; else st=FAIL; FAIL=1; fi
    printf '%-10s %-44s %s (exit %s, %s of %s rungs ran)\n' "$tool" "$*" "$st" "$rc" "$ran" "$want"
}
if [ "$MODE" = all ]; then
    CONV_ODD="--n 2 --c 5 --h 9 --w 7 --k 70 --r 3 --s 3 --pad 1"
    GEMM_ODD="--op gemm --m 65 --n 67 --k 17"
    sanitize memcheck "$GPU_RUNGS" $CONV_ODD
    sanitize memcheck "$GPU_RUNGS" $GEMM_ODD
    sanitize racecheck unfused,fused $CONV_ODD
    sanitize racecheck unfused,fused $GEMM_ODD
fi

# the runs: FUSION_RUNS processes per shape
rm -f "$OUT"/run-*.yaml
SHAPES=$(sh demos/scripts/bench.sh --fusion-shapes)
while read -r name args; do
    i=1
    while [ "$i" -le "$RUNS" ]; do
        f="$OUT/run-$name.$i.yaml"
        # shellcheck disable=SC2086
        timeout 120 "$BIN" $args --variants "$GPU_RUNGS" --format yaml >"$f" 2>"$f.err" || {
            FAIL=1; echo "$name run $i: exit $? (see $f.err)"; }
        good=$(grep -c '^- {record: "variant".*, ok: true' "$f")
        [ "$good" = 4 ] || { FAIL=1; echo "$name run $i: $good of the 4 GPU rungs ran and passed" \
            "($(grep -o 'reason: "[^"]*"' "$f" | head -1))"; }
        i=$((i + 1))
    done
done <<EOF
$SHAPES
EOF

# the merge, as make bench's: every shape, then conv2_x alone
merged="$OUT/h200-fusion.yaml"
# shellcheck disable=SC2046
sh demos/scripts/bench.sh --merge $(echo "$SHAPES" | while read -r name args; do
    echo "$OUT/run-$name".*.yaml; done) >"$merged"
sh demos/scripts/bench.sh --merge "$OUT"/run-conv2_x.*.yaml >"$OUT/conv2_x.yaml"
main="$OUT/h200.yaml"
{
    grep -v 'demo: "fusion"' "$MAIN" | grep -v '^# fusion '
    echo "# fusion (demos/scripts/fusion_gpu.sh): conv2_x, the median of $RUNS runs, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    cat "$OUT/conv2_x.yaml"
} >"$main"
if [ "$FAIL" = 0 ] && grep -q '^- {record: "device".*name: "NVIDIA H200' "$merged"; then
    cp "$merged" "$DEST" && cp "$main" "$MAIN" && echo "fusion_gpu.sh: wrote $DEST and the fusion records of $MAIN"
else
    echo "fusion_gpu.sh: not an H200 or a run failed: demos/results/ left as it was ($merged, $main)"
fi

field() { sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p"; }
SUM="$OUT/summary.txt"
printf '%-30s %-12s %9s %9s %9s %s\n' shape variant ms "MB moved" "MB saved" \
    "paired speed-up [over processes] / rel_err" >"$SUM"
grep '^- {record: "variant"' "$merged" | while IFS= read -r line; do
    v=$(printf '%s' "$line" | field variant | tr -d '"')
    op=$(printf '%s' "$line" | field op | tr -d '"')
    if [ "$op" = conv ]; then sh=$(printf '%s' "$line" | field shape | tr -d '"')
    else sh="gemm $(printf '%s' "$line" | field m)x$(printf '%s' "$line" | field n)x$(printf '%s' "$line" | field k)"; fi
    sp=$(printf '%s' "$line" | field paired_speedup)
    how=-
    [ -n "$sp" ] && how=$(awk -v s="$sp" -v a="$(printf '%s' "$line" | field processes_speedup_min)" \
        -v b="$(printf '%s' "$line" | field processes_speedup_max)" \
        'BEGIN { printf "x%.2f [%.2f-%.2f]", s, a, b }')
    saved=$(printf '%s' "$line" | field saved_bytes)
    printf '%-30s %-12s %9.4f %9.1f %9s %s %s%s\n' "$sh" "$v" "$(printf '%s' "$line" | field ms)" \
        "$(awk -v b="$(printf '%s' "$line" | field model_bytes)" 'BEGIN { print b / 1e6 }')" \
        "$([ -n "$saved" ] && awk -v b="$saved" 'BEGIN { printf "%.1f", b / 1e6 }' || echo -)" \
        "$how" "$(printf '%s' "$line" | field rel_err)" \
        "$([ "$(printf '%s' "$line" | field ok)" = true ] || echo ' FAIL')"
done >>"$SUM"
sh demos/scripts/bench.sh --fusion-targets "$merged" >>"$SUM"
# what the fused cuDNN rung called: the graph API's plan, or the legacy call and why
printf 'conv2_x lib-fused: %s\n' "$(grep 'variant: "lib-fused"' "$OUT/conv2_x.yaml" | field api)" >>"$SUM"
grep -q ' FAIL$' "$SUM" && FAIL=1
cat "$SUM"
echo "fusion_gpu.sh: $([ $FAIL = 0 ] && echo all passed || echo FAILED); YAML and logs in $OUT"
exit $FAIL
