#!/bin/sh
# rd_tune.sh [BIN_DIR]: times each shape of the reduce 'best' rung
# (CK_RD_BEST_CFG, see demos/reduce/06_best_tuning.cuh: block size and
# float4 loads in flight) beside CUB at 2^28 and 2^20+7, three runs each,
# so one device call can choose the shipped shape (index 0).
set -u
BIN=${1:-build/demos}
for n in 268435456 1048583; do
    for cfg in ${CFGS:-0 1 2 3 4 5 6}; do
        for run in 1 2 3; do
            CK_RD_BEST_CFG=$cfg "$BIN/reduce" --n "$n" --variants best,cub \
                --format yaml | awk -v cfg="$cfg" -v n="$n" -v run="$run" '
                /record: "variant"/ {
                    v = $0; sub(/.*variant: "/, "", v); sub(/".*/, "", v)
                    ms = $0; sub(/.* ms: /, "", ms); sub(/,.*/, "", ms)
                    g = $0; sub(/.*gbs: /, "", g); sub(/,.*/, "", g)
                    p = $0; sub(/.*pct_of_library: /, "", p); sub(/,.*/, "", p)
                    printf "n %s cfg %s run %s  %-5s %9s ms %8s GB/s %6s %% of CUB\n",
                        n, cfg, run, v, ms, g, p
                }'
        done
    done
done
