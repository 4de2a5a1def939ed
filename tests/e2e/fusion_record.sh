#!/usr/bin/env bash
# demos/scripts/fusion_gpu.sh record, the H200 recording step, without a
# GPU: a stand-in for the fusion binary prints made-up records of an "NVIDIA
# H200" (three runs per shape, each fused rung's paired speed-up differing
# by run), and the script must merge them as make bench does (one record per
# variant and shape, the median run's, with the spread over the processes),
# write the merged file and put conv2_x's records in place of the fusion
# records of the main results file (keeping every other line), print the
# targets; a stand-in whose runs fail or that is not an H200 leaves both
# files as they were.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
fake="$T_TMP/fusion"
cat >"$fake" <<'FAKE'
#!/usr/bin/env bash
# made-up records: the shape from the arguments, the run from a counter
op=conv m= n= k= nb=32 c= hw=
while [ $# -gt 0 ]; do
    case $1 in
        --op) op=$2; shift ;; --m) m=$2; shift ;; --n) n=$2; shift ;; --k) k=$2; shift ;;
        --c) c=$2; shift ;; --h) hw=$2; shift ;;
    esac
    shift
done
if [ "$op" = conv ]; then
    n=$c; k=$((c * 9)); m=$((32 * hw * hw)); shape=", shape: \"N32 C$c ${hw}x$hw K$c 3x3 pad 1\""
else
    shape=
fi
cnt="$FAKE_DIR/count.$op.$m"; i=$(( $(cat "$cnt" 2>/dev/null || echo 0) + 1 )); echo $i >"$cnt"
name=${FAKE_GPU:-NVIDIA H200}
echo "- {record: \"device\", format: 1, demo: \"fusion\", live: true, reason: ~, date: \"2026-12-03T00:00:00Z\", command: \"stand-in\", name: \"$name\", cc: \"9.0\", sms: 132, mem_bytes: 150109880320, peak_gflops: 66908.2, mem_gbs: 4814.3}"
sp=$(echo "1.30 1.10 1.20" | cut -d' ' -f$(( (i - 1) % 3 + 1 )))
for v in "unfused 1 hand" "fused 2 hand" "lib-unfused 3 library" "lib-fused 4 library"; do
    set -- $v
    extra=
    case $1 in fused) extra=", fused_of: \"unfused\", saved_bytes: 1e6, paired_speedup: 1.0$i, paired_speedup_lo: 1, paired_speedup_hi: 1.1, speedup_pairs: 30" ;;
               lib-fused) extra=", fused_of: \"lib-unfused\", saved_bytes: 1e6, paired_speedup: $sp, paired_speedup_lo: 1.05, paired_speedup_hi: 1.4, speedup_pairs: 30" ;; esac
    echo "- {record: \"variant\", format: 1, demo: \"fusion\", variant: \"$1\", rung: $2, kind: \"$3\", label: \"$1\", ok: ${FAKE_OK:-true}, checked: \"sampled\", rel_err: 1e-06, tol: 0.0001, ms: 0.$i, ms_min: 0.$i, ms_max: 0.$i, reps: 10, gflops: 1, pct_of_library: ~, pct_of_peak: ~, intensity: 10, gbs: 1, baseline: false, m: $m, n: $n, k: $k, op: \"$op\", act: \"relu\"$shape, precision: \"fp32\", model_bytes: 5e6, model_intensity: 10, model: \"product written once\", y_bytes: 1e6$extra}"
done
FAKE
chmod +x "$fake"
main="$T_TMP/h200.yaml"
printf '%s\n' '- {record: "device", format: 1, demo: "matmul", live: true, name: "NVIDIA H200"}' \
    '- {record: "device", format: 1, demo: "fusion", live: true, name: "an older run"}' \
    '- {record: "variant", format: 1, demo: "fusion", variant: "fused", ms: 9}' \
    '# launch: kept' >"$main"
cp "$main" "$T_TMP/h200.before"
run() {
    mkdir -p "$T_TMP/fake" && rm -f "$T_TMP/fake"/count.*
    FAKE_DIR="$T_TMP/fake" FUSION_BIN="$fake" OUT="$T_TMP/out" FUSION_OUT="$T_TMP/h200-fusion.yaml" \
        FUSION_MAIN="$main" bash demos/scripts/fusion_gpu.sh record 2>&1
}
out=$(run); rc=$?
is "$rc" 0 "record: exit 0"
m="$T_TMP/h200-fusion.yaml"
is "$(grep -c 'record: "device"' "$m")" 1 "the merged file: one device record"
is "$(grep -c 'record: "variant"' "$m")" 24 "the merged file: four rungs at each of six shapes"
line=$(grep 'variant: "lib-fused".*shape: "N32 C64 56x56' "$m")
like "$line" "paired_speedup: 1.20,.*processes: 3, processes_speedup_min: 1.1, processes_speedup_max: 1.3\\}" \
    "conv2_x lib-fused: the median run of three, with the spread over them"
like "$(grep 'variant: "lib-fused".*m: 8192, n: 3072, k: 768' "$m")" "op: \"gemm\"" "the GEMM shapes kept apart"
unlike "$(cat "$main")" 'an older run|ms: 9\}' "the main file: the old fusion records gone"
like "$(cat "$main")" 'demo: "matmul"' "the main file: the other demos' records kept"
like "$(cat "$main")" '# launch: kept' "the main file: other comments kept"
is "$(grep -c 'demo: "fusion"' "$main")" 5 "the main file: conv2_x's device and four rungs"
like "$out" "fusion N32 C64 56x56 K64 3x3 pad 1: cuDNN fused x1.20 \\[1.10-1.30 over 3 processes\\]: PASS" \
    "the targets, by the paired speed-up and its spread"
like "$out" "cuDNN fused faster at 4 of 4 conv shapes, cuBLASLt epilogue at 2 of 2 GEMMs" "the count"
like "$out" "wrote $m" "it says what it wrote"

cp "$T_TMP/h200.before" "$main"; rm -f "$m"
out=$(FAKE_GPU="NVIDIA A100" FUSION_RUNS=1 run); rc=$?
like "$out" "not an H200 or a run failed: demos/results/ left as it was" "another GPU: said"
ok "$([ ! -e "$m" ] && cmp -s "$main" "$T_TMP/h200.before"; echo $?)" "another GPU: nothing written in place"
out=$(FAKE_OK=false FUSION_RUNS=1 run); rc=$?
ok "$([ "$rc" != 0 ]; echo $?)" "failed runs: exit non-zero"
like "$out" "conv2_x run 1: 0 of the 4 GPU rungs ran and passed" "failed runs: said"
ok "$([ ! -e "$m" ] && cmp -s "$main" "$T_TMP/h200.before"; echo $?)" "failed runs: nothing written in place"
done_testing
