#!/bin/sh
# mm_tune.sh [BIN_DIR] [SIZE]: times each configuration of the matmul 'best'
# rung (CK_MM_BEST_CFG, see 05_best_tuning.cuh) with K cut into each of
# SPLITS slices (CK_MM_BEST_SPLIT, default 1) beside cuBLAS FP32 at SIZE^3
# (or M N K from MNK="m n k"), the slices added into C, or with PARTS=1
# summed apart and added up after (CK_MM_BEST_PARTS), so one device call
# can check the rule's efficiencies (mm_best_rule.h).
set -u
BIN=${1:-build/demos}
SIZE=${2:-4096}
set -- ${MNK:-$SIZE $SIZE $SIZE}
for cfg in ${CFGS:-1 2 3 4}; do
  for split in ${SPLITS:-1}; do
    CK_MM_BEST_CFG=$cfg CK_MM_BEST_SPLIT=$split CK_MM_BEST_PARTS=${PARTS:-0} "$BIN/matmul" --m "$1" --n "$2" \
        --k "$3" --variants best,cublas --format yaml | awk -v cfg="$cfg/$split" '
        /record: "variant"/ {
            v = $0; sub(/.*variant: "/, "", v); sub(/".*/, "", v)
            ms = $0; sub(/.* ms: /, "", ms); sub(/,.*/, "", ms)
            g = $0; sub(/.*gflops: /, "", g); sub(/,.*/, "", g)
            p = $0; sub(/.*pct_of_library: /, "", p); sub(/,.*/, "", p)
            printf "cfg %s  %-8s %9s ms %9s GFLOP/s %6s %% of cuBLAS\n", cfg, v, ms, g, p
        }'
done
  done
