#!/usr/bin/env bash
# mm_ncu.sh: what Nsight Compute says limits the matmul rungs that miss
# their targets (the FP32 best rung against cuBLAS SGEMM, the hand Tensor
# Core rungs tf32-mma and wgmma-tma against cuBLAS TF32), each beside the
# library kernel it is judged against, on a GPU machine (made for the
# H200; about 2 minutes there). From the repository root:
#
#   OUT=/some/folder demos/scripts/mm_ncu.sh [SIZE]   (OUT defaults to
#                                     build/demos/mm-ncu; SIZE to 4096)
#
# 1. builds build/demos/matmul (CUDA_ARCH native);
# 2. profiles one launch of each rung's kernel at SIZE^3 (the second: the
#    first is the check run): speed of light, occupancy, launch statistics,
#    warp states, the compute and memory workload, and the FMA and tensor
#    pipes' activity; one log a rung under $OUT (ncu-<rung>.txt);
# 3. prints the rungs side by side, hand beside library, and writes it to
#    $OUT/summary.txt.
# Exit 0 when every profile ran; a missing ncu is reported, not failed.
set -u
cd "$(dirname "$0")/../.." || exit 1
OUT=${OUT:-build/demos/mm-ncu}
SIZE=${1:-4096}
BIN=build/demos/matmul
. demos/scripts/ncu_lib.sh # ncu_start, pick, metric
ncu_start mm_ncu "$BIN"

# the kernel of each rung: ours by name, cuBLAS's by the words its GEMM
# kernels carry (the demo's own fill and check kernels match none)
kernel_of() {
    case $1 in
    best) echo 'regex:mm_best_(sk_)?kernel' ;;
    tf32-mma) echo 'regex:mm_tf32_(mma|tma)_kernel' ;;
    wgmma-tma) echo 'regex:mm_wgmma_kernel' ;;
    *) echo 'regex:gemm|sm90_xmma|cutlass|nvjet' ;;
    esac
}

RUNGS="best cublas tf32-mma wgmma-tma cublas-tf32"
for v in $RUNGS; do
    log="$OUT/ncu-$v.txt"
    timeout 300 "$NCU" -k "$(kernel_of "$v")" --launch-skip 1 --launch-count 1 \
        --section SpeedOfLight --section Occupancy --section LaunchStats \
        --section WarpStateStats --section ComputeWorkloadAnalysis \
        --section MemoryWorkloadAnalysis \
        --metrics 'sm__pipe_fma_cycles_active.avg.pct_of_peak_sustained_active,regex:sm__pipe_tensor.*cycles_active\.avg\.pct_of_peak_sustained_active$,regex:sm__inst_executed_pipe_tensor.*\.sum$' \
        "$BIN" --size "$SIZE" --variants "$v" --reps 3 >"$log" 2>&1
    rc=$?
    if [ "$rc" != 0 ] || ! grep -q 'Duration' "$log"; then
        echo "mm_ncu: $v: ncu exited $rc or profiled nothing ($log)"
        FAIL=1
    fi
done

side() { # HAND LIB: the two rungs' figures side by side
    local a="$OUT/ncu-$1.txt" b="$OUT/ncu-$2.txt"
    echo
    echo "$1 beside $2"
    echo "  kernel: $1 = $(grep -m1 -oE '(mm_[a-z0-9_]+kernel)' "$a" | head -1)"
    echo "  kernel: $2 = $(grep -m1 -oE '^ +[A-Za-z_][A-Za-z0-9_]*' "$b" | tr -d ' ' | head -1)"
    printf '  %-40s %22s %22s\n' "" "$1" "$2"
    for m in 'Duration' 'SM Frequency' 'Compute (SM) Throughput' 'Memory Throughput' \
        'DRAM Throughput' 'L1/TEX Hit Rate' 'L2 Hit Rate' 'Registers Per Thread' 'Block Size' \
        'Grid Size' 'Dynamic Shared Memory Per Block' 'Theoretical Occupancy' \
        'Achieved Occupancy' 'Executed Ipc Active' 'Issue Slots Busy' \
        'Warp Cycles Per Issued Instruction'; do
        printf '  %-40s %22s %22s\n' "$m" "$(pick "$m" "$a")" "$(pick "$m" "$b")"
    done
    echo "  FMA pipe, $1: $(metric sm__pipe_fma "$a")"
    echo "  FMA pipe, $2: $(metric sm__pipe_fma "$b")"
    echo "  tensor pipes, $1: $(metric sm__pipe_tensor "$a")"
    echo "  tensor pipes, $2: $(metric sm__pipe_tensor "$b")"
    echo "  warp stalls, $1 (ncu's own words):"
    grep -iE 'stall|on average, each warp' "$a" | head -4 | cut -c1-200 | sed 's/^ */    /'
}
{
    echo "Nsight Compute, matmul M = N = K = $SIZE: the hand rungs beside the library"
    side best cublas
    side tf32-mma cublas-tf32
    side wgmma-tma cublas-tf32
} | tee "$OUT/summary.txt"
exit "$FAIL"
