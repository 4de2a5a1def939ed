#!/bin/sh
# mm_tune.sh [BIN_DIR] [SIZE]: times each configuration of the matmul 'best'
# rung (CK_MM_BEST_CFG, see 05_best_tuning.cuh) beside cuBLAS FP32 at SIZE^3, so one
# device call can choose the shipped configuration.
set -u
BIN=${1:-build/demos}
SIZE=${2:-4096}
for cfg in ${CFGS:-0 1 2 3}; do
    CK_MM_BEST_CFG=$cfg "$BIN/matmul" --size "$SIZE" --variants best,cublas \
        --format yaml | awk -v cfg="$cfg" '
        /record: "variant"/ {
            v = $0; sub(/.*variant: "/, "", v); sub(/".*/, "", v)
            ms = $0; sub(/.* ms: /, "", ms); sub(/,.*/, "", ms)
            g = $0; sub(/.*gflops: /, "", g); sub(/,.*/, "", g)
            p = $0; sub(/.*pct_of_library: /, "", p); sub(/,.*/, "", p)
            printf "cfg %s  %-8s %9s ms %9s GFLOP/s %6s %% of cuBLAS\n", cfg, v, ms, g, p
        }'
done
