#!/usr/bin/env bash
# attn_ncu.sh: what Nsight Compute says limits the hand flash rung
# (flash-mma) beside cuDNN's SDPA kernel, on a GPU machine (made for the
# H200; about 2 minutes there). From the repository root:
#
#   OUT=/some/folder demos/scripts/attn_ncu.sh     (OUT defaults to
#                                                   build/demos/attn-ncu)
#
# 1. builds build/demos/attention (CUDA_ARCH native);
# 2. profiles one launch of each kernel (the second: the first is the
#    check run) at B = 4, H = 16, S = 4096, D = 64 and 128, FP16,
#    non-causal: speed of light, occupancy, launch statistics, warp
#    states, the compute workload and the tensor pipes' activity
#    (sm__pipe_tensor*, sm__inst_executed_pipe_tensor*); one log a kernel
#    and shape under $OUT (ncu-<rung>-d<D>.txt);
# 3. prints the two kernels side by side per shape, the figures a reader
#    of the closing note needs, and writes it to $OUT/summary.txt.
# Exit 0 when every profile ran; a missing ncu is reported, not failed.
set -u
cd "$(dirname "$0")/../.." || exit 1
OUT=${OUT:-build/demos/attn-ncu}
BIN=build/demos/attention
. demos/scripts/ncu_lib.sh # ncu_start, pick, metric
ncu_start attn_ncu "$BIN"

# the kernel of each rung: ours by its name, cuDNN's by the words its
# generated SDPA kernels carry (the demo's own helper kernels match none)
kernel_of() {
    case $1 in
    flash-mma) echo 'regex:at_flash_kernel' ;;
    *) echo 'regex:sdpa|fmha|flash|attn|fort' ;;
    esac
}

for d in 64 128; do
    for v in flash-mma cudnn-sdpa; do
        log="$OUT/ncu-$v-d$d.txt"
        timeout 300 "$NCU" -k "$(kernel_of "$v")" --launch-skip 1 --launch-count 1 \
            --section SpeedOfLight --section Occupancy --section LaunchStats \
            --section WarpStateStats --section ComputeWorkloadAnalysis \
            --metrics 'regex:sm__pipe_tensor.*cycles_active\.avg\.pct_of_peak_sustained_active$,regex:sm__inst_executed_pipe_tensor.*\.sum$' \
            "$BIN" --b 4 --h 16 --s 4096 --d "$d" --dtype fp16 --variants "$v" --reps 3 \
            >"$log" 2>&1
        rc=$?
        if [ "$rc" != 0 ] || ! grep -q 'Duration' "$log"; then
            echo "attn_ncu: $v at D = $d: ncu exited $rc or profiled nothing ($log)"
            FAIL=1
        fi
    done
done

{
    echo "Nsight Compute, B=4 H=16 S=4096 FP16 non-causal: hand flash-mma beside cuDNN SDPA"
    for d in 64 128; do
        a="$OUT/ncu-flash-mma-d$d.txt" b="$OUT/ncu-cudnn-sdpa-d$d.txt"
        echo
        echo "D = $d"
        echo "  kernel: flash-mma = $(grep -m1 -oE 'at_flash_kernel[^ ]*' "$a")"
        echo "  kernel: cudnn-sdpa = $(grep -m1 -oE '^ +[A-Za-z_][A-Za-z0-9_]*(<[^>]*>)? ?\(' "$b" | tr -d ' (' | head -1)"
        printf '  %-40s %22s %22s\n' "" flash-mma cudnn-sdpa
        for m in 'Duration' 'Compute (SM) Throughput' 'Memory Throughput' 'DRAM Throughput' \
            'Registers Per Thread' 'Block Size' 'Grid Size' 'Dynamic Shared Memory Per Block' \
            'Theoretical Occupancy' 'Achieved Occupancy' 'Executed Ipc Active' 'Issue Slots Busy' \
            'Warp Cycles Per Issued Instruction'; do
            printf '  %-40s %22s %22s\n' "$m" "$(pick "$m" "$a")" "$(pick "$m" "$b")"
        done
        echo "  tensor pipes, flash-mma:  $(metric sm__pipe_tensor "$a")"
        echo "  tensor pipes, cudnn-sdpa: $(metric sm__pipe_tensor "$b")"
        echo "  tensor instructions, flash-mma:  $(metric sm__inst_executed_pipe_tensor "$a")"
        echo "  tensor instructions, cudnn-sdpa: $(metric sm__inst_executed_pipe_tensor "$b")"
        echo "  warp stalls, flash-mma (ncu's own words):"
        grep -iE 'stall|on average, each warp' "$a" | head -4 | cut -c1-200 | sed 's/^ */    /'
    done
} | tee "$OUT/summary.txt"
exit "$FAIL"
