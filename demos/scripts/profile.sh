#!/bin/sh
# profile.sh [BIN_DIR]: records, on a machine with a GPU, the real output of
# the tools lesson 15 (finding-faults) teaches, so that the lesson can show
# them: compute-sanitizer memcheck on the lesson's bug.cu and sticky.cu,
# racecheck on race.cu, nsys on three matmul rungs, and ncu's speed-of-light
# and memory sections on three matmul kernels; then lesson 19's
# (shared-memory-banks) bank-conflict counts, ncu on lesson19/banks.cu's
# reduction trees and transposes. The programs' own output goes with each
# log. Logs go to BIN_DIR/profile (also packed into
# $OUT/profile-logs.tgz when OUT is set); a short table is printed last.
# A tool that is not installed is reported as skipped, not failed.
# Exit 0 when every available step ran (a sanitizer finding the planted bug
# is the expected result, not a failure).
set -u
BIN=${1:-build/demos}
LOG=$BIN/profile
SRC=$(dirname "$0")/lesson15
CUDA=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$LOG"
SUM=$LOG/summary.txt
: >"$SUM"
FAIL=0

record() { # name status detail
    printf '%-28s %-7s %s\n' "$1" "$2" "$3" >>"$SUM"
    [ "$2" = FAIL ] && FAIL=1
    return 0
}

# tool NAME: its path, from PATH, the toolkit or /opt/nvidia; empty if none
tool() {
    command -v "$1" 2>/dev/null && return
    [ -x "$CUDA/bin/$1" ] && { echo "$CUDA/bin/$1"; return; }
    for p in /opt/nvidia/nsight-*/*/bin/"$1" /opt/nvidia/nsight-*/*/"$1"; do
        [ -x "$p" ] && { echo "$p"; return; }
    done
}

NVCC=$(tool nvcc)
SAN=$(tool compute-sanitizer)
NSYS=$(tool nsys)
NCU=$(tool ncu)

# the lesson's examples, with line information for the reports
for ex in bug sticky race; do
    if [ -z "$NVCC" ]; then
        record "build $ex.cu" skipped "no nvcc"
    elif "$NVCC" -lineinfo -arch=native -o "$LOG/$ex" "$SRC/$ex.cu" \
        >"$LOG/$ex.build.txt" 2>&1; then
        record "build $ex.cu" ok ""
    else
        record "build $ex.cu" FAIL "$LOG/$ex.build.txt"
    fi
done

# sanitize NAME TOOL: the example alone, then under compute-sanitizer
sanitize() {
    [ -x "$LOG/$1" ] || { record "$2 $1" skipped "not built"; return; }
    "$LOG/$1" >"$LOG/$1.plain.txt" 2>&1
    echo "exit $?" >>"$LOG/$1.plain.txt"
    [ -n "$SAN" ] || { record "$2 $1" skipped "no compute-sanitizer"; return; }
    (cd "$LOG" && "$SAN" --tool "$2" "./$1") >"$LOG/$1.$2.txt" 2>&1
    echo "exit $?" >>"$LOG/$1.$2.txt"
    # memcheck ends with "ERROR SUMMARY: N errors", racecheck with
    # "RACECHECK SUMMARY: N hazards displayed (E errors, W warnings)"
    n=$(grep -cE '^========= (ERROR|RACECHECK) SUMMARY: [1-9]' "$LOG/$1.$2.txt")
    record "$2 $1" ok "summary lines with findings: $n"
}
sanitize bug memcheck
sanitize sticky memcheck
sanitize race racecheck

# nsys on three rungs of the matmul ladder, with the summary tables
if [ -z "$NSYS" ]; then
    record "nsys matmul" skipped "no nsys"
elif "$NSYS" profile -o "$LOG/mm" --force-overwrite true --stats=true \
    "$BIN/matmul" --size 2048 --variants coalesced,best,cublas \
    >"$LOG/nsys.txt" 2>&1; then
    record "nsys matmul" ok "$LOG/nsys.txt"
else
    record "nsys matmul" FAIL "$LOG/nsys.txt"
fi

# ncu: one launch of each kernel, speed of light and memory workload
for pair in mm_coalesced_kernel:coalesced mm_smem_kernel:smem-tiled \
    mm_best_kernel:best; do
    k=${pair%%:*}
    v=${pair#*:}
    if [ -z "$NCU" ]; then
        record "ncu $k" skipped "no ncu"
    elif "$NCU" -k "$k" -c 1 --section SpeedOfLight \
        --section MemoryWorkloadAnalysis "$BIN/matmul" --size 2048 \
        --variants "$v" --reps 3 >"$LOG/ncu_$v.txt" 2>&1; then
        record "ncu $k" ok "$LOG/ncu_$v.txt"
    else
        record "ncu $k" FAIL "$LOG/ncu_$v.txt"
    fi
done

# lesson 19: the shared-memory bank conflicts of its kernels, counted by
# ncu with the two metrics the lesson names (banks.cu checks each result)
BANKS=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum
BANKS=$BANKS,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
rm -f "$LOG/banks"
if [ -z "$NVCC" ]; then
    record "build banks.cu" skipped "no nvcc"
elif "$NVCC" -lineinfo -arch=native -o "$LOG/banks" \
    "$(dirname "$0")/lesson19/banks.cu" >"$LOG/banks.build.txt" 2>&1; then
    record "build banks.cu" ok ""
else
    record "build banks.cu" FAIL "$LOG/banks.build.txt"
fi
if [ ! -x "$LOG/banks" ]; then
    record "ncu bank conflicts" skipped "not built"
elif [ -z "$NCU" ]; then
    record "ncu bank conflicts" skipped "no ncu"
elif "$NCU" --metrics "$BANKS" "$LOG/banks" >"$LOG/ncu_banks.txt" 2>&1; then
    record "ncu bank conflicts" ok "$LOG/ncu_banks.txt"
else
    record "ncu bank conflicts" FAIL "$LOG/ncu_banks.txt"
fi

if [ -n "${OUT:-}" ]; then
    rm -f "$LOG"/*.nsys-rep "$LOG"/*.sqlite # large; the text is kept
    tar -C "$BIN" -czf "$OUT/profile-logs.tgz" profile
fi
cat "$SUM"
exit $FAIL
