#!/bin/sh
# tf32_tune.sh [BIN_DIR] [SIZE]: times each configuration of the matmul
# tf32-mma rung (CK_MM_TF32_CFG, see demos/matmul/07_tf32_mma_tuning.cuh;
# 0 is the rung's own) beside cuBLAS TF32 in the same process at SIZE^3 (or
# M N K from MNK="m n k"), RUNS times (default 3), and prints per
# configuration the median of the runs' tf32-mma / cublas-tf32 time ratio,
# with both rel. errors (tf32-mma's against cuBLAS FP32, cuBLAS TF32's
# against FP64 samples).
set -u
BIN=${1:-build/demos}
SIZE=${2:-4096}
RUNS=${RUNS:-3}
set -- ${MNK:-$SIZE $SIZE $SIZE}
# every configuration of the table unless CFGS names some
NCFG=$(grep -c '^    {"' "$(dirname "$0")/../matmul/07_tf32_mma_tuning.cuh" 2>/dev/null || echo 0)
for cfg in ${CFGS:-0 $(seq 1 "$NCFG")}; do
  i=0
  while [ "$i" -lt "$RUNS" ]; do
    CK_MM_TF32_CFG=$cfg "$BIN/matmul" --m "$1" --n "$2" --k "$3" \
        --variants tf32-mma,cublas-tf32 --format yaml
    i=$((i + 1))
  done | awk -v cfg="$cfg" '
    function val(line, key,   m) {
        if (!match(line, "(\\{|, )" key ": (\"[^\"]*\"|[^,}]*)")) return ""
        m = substr(line, RSTART, RLENGTH); sub(/^(\{|, )/, "", m)
        sub("^" key ": ", "", m); gsub(/"/, "", m); return m
    }
    /record: "variant"/ && val($0, "variant") == "tf32-mma" {
        n++; ms[n] = val($0, "ms"); err = val($0, "rel_err"); ok = val($0, "ok") }
    /record: "variant"/ && val($0, "variant") == "cublas-tf32" {
        lib[n] = val($0, "ms"); lerr = val($0, "rel_err") }
    END {
        if (n == 0) { printf "cfg %-3s no tf32-mma record\n", cfg; exit }
        for (a = 1; a <= n; a++) r[a] = lib[a] / ms[a] * 100
        for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++)
            if (r[b] < r[a]) { t = r[a]; r[a] = r[b]; r[b] = t
                               t = ms[a]; ms[a] = ms[b]; ms[b] = t
                               t = lib[a]; lib[a] = lib[b]; lib[b] = t }
        m = int((n + 1) / 2)
        printf "cfg %-3s tf32-mma %8.3f ms  cublas-tf32 %8.3f ms  %5.1f %% of cuBLAS TF32" \
               "  err %s (cuBLAS TF32 %s)  ok %s\n", cfg, ms[m], lib[m], r[m], err, lerr, ok
    }'
done
