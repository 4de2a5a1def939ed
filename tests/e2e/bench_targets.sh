#!/usr/bin/env bash
# demos/scripts/bench.sh reads the reduce, launch and conv targets from a
# results file (BENCH_TABLE_ONLY=1 runs nothing): the ladder climbing over
# rungs 1-6, best against CUB and the HBM roof, where each launch series
# stops gaining, the wave tail in waves, and whether the conv hand rungs
# climb at each shape. Here from the synthetic fixtures
# (tests/fixtures/results/synthetic-*.yaml, made-up numbers); gpu_test.sh
# and bench.sh must at least parse as sh.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
cd "$CK_ROOT" || exit 1
for s in demos/scripts/bench.sh demos/scripts/gpu_test.sh demos/scripts/rd_tune.sh \
    demos/scripts/wg_rs_tune.sh; do
    sh -n "$s"; ok $? "$s parses"
done
for s in demos/scripts/attn_ncu.sh demos/scripts/mm_ncu.sh; do
    bash -n "$s"; ok $? "$s parses"
done
# the Nsight Compute readers both scripts share, on the recorded logs
. demos/scripts/ncu_lib.sh
is "$(pick Duration demos/results/logs/mm-ncu-h200/ncu-best.txt)" "3.82 ms" \
    "ncu_lib pick: a section line's value and unit"
is "$(pick 'Issue Slots Busy' demos/results/logs/mm-ncu-h200/ncu-cublas.txt)" "87.96 %" \
    "... by its whole name"
like "$(metric sm__pipe_fma demos/results/logs/mm-ncu-h200/ncu-cublas.txt)" \
    "^sm__pipe_fma_cycles_active\.avg\.pct_of_peak_sustained_active=80\.43 $" \
    "ncu_lib metric: a --metrics line as name=value"
cat "$(ladder_fixture results/synthetic-reduce.yaml)" tests/fixtures/results/synthetic-launch.yaml \
    >"$T_TMP/both.yaml"
# (the transfer and streams targets, xfer_targets.sh, find no records here
# and say MISS: not this test's business)
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/both.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "reduce on Test GPU .* live" "the table of a results file has the reduce run"
like "$out" "reduce n=268435456: ladder climbs 1..6: yes; best = 103.8[0-9]*% of CUB, 85.7[0-9]*% of HBM" \
    "the reduce targets"
like "$out" "launch plain: best 4000 GB/s; within 5% of it from block 64 on" "where the plain series stops gaining"
like "$out" "launch best series >= 85% of HBM: vec4, 4300 GB/s = 89.3%: PASS" \
    "the launch target: the series nearest the HBM roof (float4), over 85%: PASS"
# conv: the hand rungs climb at a shape when each, in rung order, is faster
# than the one before (made-up times: the second shape's rung 2 is not)
{
    for sh in 'c: 64, h: 56, w: 56, k: 64:1' 'c: 512, h: 7, w: 7, k: 512:2'; do
        f=${sh%:*} slow=${sh##*:}
        for r in 1:naive:4.0 2:smem-direct:$([ "$slow" = 2 ] && echo 5.8 || echo 1.3) 3:im2col-gemm:0.9; do
            echo "- {record: \"variant\", format: 1, demo: \"conv\", variant: \"${r#*:}\", rung: ${r%%:*}, kind: \"hand\", ok: true, pct_of_library: 10, n: 32, $f, r: 3, s: 3}" |
                sed -E 's/variant: "([^:"]*):([0-9.]+)"/variant: "\1", ms: \2/'
        done
        echo "- {record: \"variant\", format: 1, demo: \"conv\", variant: \"cudnn-gemm\", rung: 7, kind: \"library\", ok: true, math: \"fma\", ms: 0.5, pct_of_library: 100, n: 32, $f, r: 3, s: 3}"
    done
} >"$T_TMP/conv.yaml"
out3=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/both.yaml" BENCH_CONV_OUT="$T_TMP/conv.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out3" "conv N=32 C=64 K=64 56x56: the 3 hand rungs climb: PASS" "conv: a ladder that climbs"
like "$out3" "conv N=32 C=512 K=512 7x7: the 3 hand rungs climb: MISS \(smem-direct 5.8 ms not faster than naive 4.0 ms\)" \
    "conv: a rung slower than the one before is named"
sed -E '/c: 64,/ s/variant: "smem-direct", ms: 1.3, (.*)ok: true/variant: "smem-direct", ms: 1.3, \1ok: false/' \
    "$T_TMP/conv.yaml" >"$T_TMP/conv-bad.yaml"
out4=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/both.yaml" BENCH_CONV_OUT="$T_TMP/conv-bad.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out4" "conv N=32 C=64 K=64 56x56: the 2 hand rungs climb: MISS \(smem-direct failed its check\)" \
    "conv: a hand rung that failed its check is a MISS, not left out"
grep -v 'series: "vec4"' "$T_TMP/both.yaml" >"$T_TMP/novec.yaml"
out2=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/novec.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out2" "launch best series >= 85% of HBM: plain, 4000 GB/s = 83.1%: MISS" \
    "... without it, the nearest is plain, under 85%: MISS (compared as a number)"
like "$out" "wave tail: 1 waves 0.1300 ms, \+1 block 0.2600 ms: \+1.00 of one wave" "the wave tail in waves"
sed 's/variant: "shuffle", rung: 5, kind: "hand", label: "warp shuffles, one atomic per block", ok: true, checked: "fp64", rel_err: 3e-08, tol: 0.00390625, ms: 0.32/variant: "shuffle", rung: 5, kind: "hand", label: "warp shuffles, one atomic per block", ok: true, checked: "fp64", rel_err: 3e-08, tol: 0.00390625, ms: 0.7/' \
    "$T_TMP/both.yaml" >"$T_TMP/slow.yaml"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/slow.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "ladder climbs 1..6: NO \(shuffle not faster than unrolled\)" "a rung slower than the one below is named"
# the FP32 best and the hand-written Tensor Core rungs, judged by their
# paired ratio (made-up numbers): never by the records' ms, which here say
# the opposite (tf32-mma's ms would read 50%, wgmma's 80%)
tc='- {record: "variant", format: 1, demo: "matmul", variant: "best", rung: 5, kind: "hand", ok: true, ms: 2.9, paired_with: "cublas", paired_pct_of_library: 95.2, paired_lo: 94, paired_hi: 96, pairs: 30}
- {record: "variant", format: 1, demo: "matmul", variant: "tf32-mma", rung: 7, kind: "hand", ok: true, ms: 0.8, paired_with: "cublas-tf32", paired_pct_of_library: 66.0, paired_lo: 65, paired_hi: 67, pairs: 30}
- {record: "variant", format: 1, demo: "matmul", variant: "wgmma-tma", rung: 8, kind: "hand", ok: true, ms: 0.5, paired_with: "cublas-tf32", paired_pct_of_library: 99.9, paired_lo: 98, paired_hi: 101, pairs: 30}
- {record: "variant", format: 1, demo: "matmul", variant: "cublas-tf32", rung: 9, kind: "library", ok: true, ms: 0.4}
- {record: "variant", format: 1, demo: "matmul", variant: "wgmma-fp16", rung: 10, kind: "hand", ok: true, ms: 0.4, paired_with: "cublas-fp16", paired_pct_of_library: 85.0, paired_lo: 84, paired_hi: 86, pairs: 30}
- {record: "variant", format: 1, demo: "matmul", variant: "wgmma-bf16", rung: 12, kind: "hand", ok: true, ms: 0.1, paired_with: "cublas-bf16", paired_pct_of_library: 84.9, paired_lo: 84, paired_hi: 86, pairs: 30}'
printf '%s\n' "$tc" >"$T_TMP/tc.yaml"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/tc.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "matmul best: 95.2% of cublas \(paired; target >= 95%\): PASS" "best by its paired ratio: PASS"
like "$out" "matmul tf32-mma: 66.0% of cublas-tf32 \(paired; target >= 65%\): PASS" "tf32-mma by its paired ratio, not the ms: PASS"
like "$out" "matmul wgmma-tma: 99.9% of cublas-tf32 \(paired; target >= 100%\): MISS" "wgmma-tma just under 100%: MISS"
like "$out" "matmul wgmma-fp16: 85.0% of cublas-fp16 \(paired; target >= 85%\): PASS" "wgmma-fp16 against cuBLAS FP16, at its target: PASS"
like "$out" "matmul wgmma-bf16: 84.9% of cublas-bf16 \(paired; target >= 85%\): MISS" \
    "wgmma-bf16 against cuBLAS BF16, its fast ms notwithstanding, just under: MISS"
printf '%s\n' "$tc" | sed '3s/.*/- {record: "unsupported", format: 1, demo: "matmul", variant: "wgmma-tma", rung: 8, kind: "hand", label: "Hopper wgmma + TMA (TF32)", reason: "needs an sm_90 GPU (Hopper): wgmma and TMA (this GPU: 8.0)"}/' \
    >"$T_TMP/tc80.yaml"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/tc80.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "matmul wgmma-tma: not run: needs an sm_90 GPU \(Hopper\): wgmma and TMA \(this GPU: 8.0\)" \
    "a declined wgmma-tma says why"
printf '%s\n' "$tc" | sed '1d' >"$T_TMP/nobest.yaml"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/nobest.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "matmul best: no paired record: MISS" "a rung without a paired ratio misses"
# at 8192^3 (BENCH_TC_OUT) the wgmma rungs are judged again, from that
# file: each by its own record there, one missing there a MISS
printf '%s\n' "$tc" | sed -n '3p;5p' |
    sed 's/paired_pct_of_library: 99.9/paired_pct_of_library: 100.4/' >"$T_TMP/tc8192.yaml"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/tc.yaml" BENCH_TC_OUT="$T_TMP/tc8192.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "matmul wgmma-tma at 8192\^3: 100.4% of cublas-tf32 \(paired; target >= 100%\): PASS" \
    "8192^3: wgmma-tma judged from its own record there"
like "$out" "matmul wgmma-tma: 99.9% of cublas-tf32 \(paired; target >= 100%\): MISS" "... 4096^3 still from the results file"
like "$out" "matmul wgmma-fp16 at 8192\^3: 85.0% of cublas-fp16 \(paired; target >= 85%\): PASS" "8192^3: wgmma-fp16"
like "$out" "matmul wgmma-bf16 at 8192\^3: no paired record: MISS" "8192^3: a rung with no record there misses"
unlike "$out" "matmul (best|tf32-mma) at 8192" "8192^3: only the wgmma rungs are judged there"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/tc.yaml" BENCH_TC_OUT="$T_TMP/none.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "matmul wgmma-tma at 8192\^3: no paired record: MISS" "8192^3: no file, no PASS"
# the merge keeps, per variant, the run of the median paired ratio and
# writes the spread over the processes into it
for i in 1 2 3; do
    v=$(echo "93.1 95.2 94.0" | cut -d' ' -f$i)
    printf '%s\n' "- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"best\", kind: \"hand\", ok: true, ms: 2.$i, paired_with: \"cublas\", paired_pct_of_library: $v, pairs: 30}" >"$T_TMP/run.$i"
done
out=$(sh demos/scripts/bench.sh --merge "$T_TMP"/run.*)
like "$out" "paired_pct_of_library: 94.0, pairs: 30, processes: 3, processes_paired_min: 93.1, processes_paired_max: 95.2\}" \
    "the median process's record, with the spread over the three processes"
printf '%s\n' "$out" >"$T_TMP/merged.yaml"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/merged.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "matmul best: 94.0% \[93.1-95.2 over 3 processes\] of cublas \(paired; target >= 95%\): MISS" \
    "the target line shows the spread over the processes"
# the launch table: each series' points under its own heading, though
# the records come with every heading first (as merge_points wrote them
# before): the regs heading is followed by regs' first point (grid 131072),
# not by plain's (grid 4194304); the graph points get their own columns
L=tests/fixtures/results/synthetic-launch.yaml
{ grep 'record: "device"' "$L"; grep 'record: "series"' "$L"; grep 'record: "point"' "$L"; } >"$T_TMP/heads-first.yaml"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/heads-first.yaml" sh demos/scripts/bench.sh 2>&1)
first_after() { printf '%s\n' "$out" | awk -v h="$1" 'index($0, h) == 1 { getline; getline; print; exit }'; }
like "$(first_after 'regs (')" "^ +32 +131072 +12 " "the regs heading heads the regs points"
like "$(first_after 'smem (')" "^ +32 +4194304 +4 +6.25 " "the smem heading heads the smem points"
like "$(first_after 'wave (')" "^ +256 +1 +1 " "the wave heading heads the wave points"
like "$(first_after 'launch graph series')" "^ +plain +1 +0.01 +10 +4$" "the graph points under their own heading"
like "$out" "launch plain: best 4000 GB/s; within 5% of it from block 64 on" "the targets read the reordered records alike"
# merge_points writes each series record followed by its own points
out=$(sh demos/scripts/bench.sh --merge-points "$T_TMP/heads-first.yaml" "$L" "$L")
like "$(printf '%s\n' "$out" | sed -n 2,3p | tr '\n' ' ')" 'series: "plain".*record: "point".*series: "plain"' \
    "merged: the plain series record, then its points"
like "$(printf '%s\n' "$out" | grep -A1 'record: "series".*series: "regs"' | tail -1)" 'record: "point".*series: "regs", block: 32,' \
    "merged: the regs series record, then its points"
# the streams targets compare numbers: without a two-way link rate in the
# records, against the ideal bound: 101.3% (a run a little faster than the
# model) passes, 94.9% misses (made-up records)
st='- {record: "variant", format: 1, demo: "streams", variant: "pinned-4", ok: true, ms: 6.0, serial_ms: 9.0, ideal_ms: 6.1, speedup: 1.5, pct_of_ideal: 101.3, flops_per_byte: 4096, memory: "pinned", chunk_bytes: 16777216, total_bytes: 268435456}
- {record: "variant", format: 1, demo: "streams", variant: "pinned-4", ok: true, ms: 5.9, serial_ms: 9.0, ideal_ms: 5.6, speedup: 1.3, pct_of_ideal: 94.9, flops_per_byte: 16, memory: "pinned", chunk_bytes: 16777216, total_bytes: 268435456}'
printf '%s\n' "$st" >"$T_TMP/st.yaml"
out=$(sh demos/scripts/xfer_targets.sh "$T_TMP/st.yaml" 2>&1)
like "$out" "streams pinned-4, 4096 FLOP/B: >= 95% of ideal +PASS  101.3% \(no two-way rate recorded" "above 100% of the ideal bound: PASS (compared as a number)"
like "$out" "streams pinned-4, 16 FLOP/B: >= 95% of ideal +MISS  94.9%" "under 95%: MISS"
# the copy kernel: its largest size against 88% of HBM (87.9 misses,
# 88.5 passes; a smaller size's figure is not read)
d2k() { printf '%s\n' "- {record: \"variant\", format: 1, demo: \"transfer\", variant: \"d2d-kernel\", ok: true, gbs: 1, pct_of_peak: $1, memory: \"device\", direction: \"d2d\", bytes: $2}"; }
{ d2k 95 67108864; d2k 87.9 1073741824; } >"$T_TMP/ck.yaml"
out=$(sh demos/scripts/xfer_targets.sh "$T_TMP/ck.yaml" 2>&1)
like "$out" "the copy kernel \(d2d-kernel\): >= 88% of HBM +MISS  87.9% at 1024 MiB" "the copy kernel under 88% at its largest size: MISS"
{ d2k 80 67108864; d2k 88.5 1073741824; } >"$T_TMP/ck.yaml"
out=$(sh demos/scripts/xfer_targets.sh "$T_TMP/ck.yaml" 2>&1)
like "$out" "the copy kernel \(d2d-kernel\): >= 88% of HBM +PASS  88.5% at 1024 MiB" "... at 88.5%: PASS"
# with transfer's pinned-both rows: the link-aware bound. The copy-bound
# row: 2 x 256 MiB over 100 GB/s (pinned-both at 256 MiB) = 5.369 ms,
# above its ideal of 5.0 ms: 91.0% of a 5.9 ms run (84.7% of ideal), a
# MISS; a run of 5.6 ms reads 95.9%: PASS. The compute-bound row keeps its
# ideal (6.1 ms, above the link's 5.369). A pinned-both row at 1 GiB is
# above the run's bytes and is not used; a pageable row gets no bound.
both() { printf '%s\n' "- {record: \"variant\", format: 1, demo: \"transfer\", variant: \"pinned-both\", ok: true, gbs: $1, memory: \"pinned\", direction: \"both\", bytes: $2}"; }
lk='- {record: "variant", format: 1, demo: "streams", variant: "pinned-4", ok: true, ms: 5.9, serial_ms: 9.0, ideal_ms: 5.0, speedup: 1.5, pct_of_ideal: 84.7, flops_per_byte: 16, memory: "pinned", chunk_bytes: 16777216, total_bytes: 268435456}
- {record: "variant", format: 1, demo: "streams", variant: "pinned-4", ok: true, ms: 6.2, serial_ms: 9.0, ideal_ms: 6.1, speedup: 1.5, pct_of_ideal: 98.4, flops_per_byte: 4096, memory: "pinned", chunk_bytes: 16777216, total_bytes: 268435456}
- {record: "variant", format: 1, demo: "streams", variant: "pageable-4", ok: true, ms: 20.0, serial_ms: 19.0, ideal_ms: 11.0, speedup: 0.95, pct_of_ideal: 55.0, flops_per_byte: 16, memory: "pageable", chunk_bytes: 16777216, total_bytes: 268435456}'
{ both 100 268435456; both 50 1073741824; printf '%s\n' "$lk"; } >"$T_TMP/lk.yaml"
out=$(sh demos/scripts/xfer_targets.sh "$T_TMP/lk.yaml" 2>&1)
like "$out" "streams pinned-4, 16 FLOP/B: >= 95% of link-aware +MISS  91.0% \(two-way 100.0 GB/s, pinned-both at 256 MiB; 84.7% of ideal\)" \
	"the copy-bound row against the link-aware bound: the measured two-way rate"
like "$out" "streams pinned-4, 4096 FLOP/B: >= 95% of link-aware +PASS  98.4%" "the compute-bound row: its ideal is the larger bound"
like "$out" "pinned-4 +16 +5.9 +9.0 +5.0 +1.5 +84.7 +5.369 +91.0" "the table shows link-ms and % link"
like "$out" "pageable-4 +16 .* 55.0 +- +-$" "a pageable row has no link-aware bound"
sed 's/ms: 5.9, serial_ms: 9.0, ideal_ms: 5.0/ms: 5.6, serial_ms: 9.0, ideal_ms: 5.0/' "$T_TMP/lk.yaml" >"$T_TMP/lk2.yaml"
out=$(sh demos/scripts/xfer_targets.sh "$T_TMP/lk2.yaml" 2>&1)
like "$out" "streams pinned-4, 16 FLOP/B: >= 95% of link-aware +PASS  95.9%" "a faster copy-bound run passes"
# no pinned-both row at the run's bytes: the largest under them, from one
# chunk up (64 MiB at 80 GB/s: 6.711 ms; the 4 MiB row is under a chunk)
{ both 80 67108864; both 200 4194304; both 50 1073741824; printf '%s\n' "$lk"; } >"$T_TMP/lk3.yaml"
out=$(sh demos/scripts/xfer_targets.sh "$T_TMP/lk3.yaml" 2>&1)
like "$out" "pinned-4 +16 .* 6.711 +113.7" "no rate at the run's bytes: the largest size under them, from a chunk up"
like "$out" "two-way 80.0 GB/s, pinned-both at 64 MiB" "... and the line names the size it used"
# a streams record that measured the link itself (two_way_ms,
# link_ideal_ms) is judged by that, not by transfer's pinned-both row
# (here 50 GB/s, which would make the bound 10.7 ms)
sed 's/pct_of_ideal: 84.7, flops_per_byte: 16,/pct_of_ideal: 84.7, two_way_ms: 5.4, two_way_gbs: 99.4, link_ideal_ms: 5.4, pct_of_link_ideal: 91.5, flops_per_byte: 16,/' \
	"$T_TMP/lk.yaml" | sed 's/gbs: 100,/gbs: 50,/' >"$T_TMP/lk4.yaml"
out=$(sh demos/scripts/xfer_targets.sh "$T_TMP/lk4.yaml" 2>&1)
like "$out" "streams pinned-4, 16 FLOP/B: >= 95% of link-aware +MISS  91.5% \(two-way 99.4 GB/s, measured in the streams run; 84.7% of ideal\)" \
	"the run's own two-way measurement first"
like "$out" "pinned-4 +16 .* 84.7 +5.4 +91.5" "... in the table too"
# fusion: the merge keeps, per variant and shape, the run of the median
# paired speed-up and the spread over the processes; the targets judge the
# library's fused rung by it (made-up records: two medians would say the
# opposite, the ms are swapped on purpose)
fz() { # SHAPE-FIELDS VARIANT SPEEDUP
    printf '%s\n' "- {record: \"variant\", format: 1, demo: \"fusion\", variant: \"$2\", kind: \"library\", ok: true, ms: 0.2, $1, fused_of: \"lib-unfused\", paired_speedup: $3, paired_speedup_lo: 0.9, paired_speedup_hi: 1.4, speedup_pairs: 30}"
}
C2='m: 100352, n: 64, k: 576, op: "conv", shape: "N32 C64 56x56 K64 3x3 pad 1"'
G1='m: 8192, n: 3072, k: 768, op: "gemm"'
for i in 1 2 3; do
    { fz "$C2" lib-fused "$(echo 1.25 1.31 1.28 | cut -d' ' -f$i)"
      fz "$G1" lib-fused "$(echo 1.04 0.97 1.10 | cut -d' ' -f$i)"; } >"$T_TMP/fu.$i"
done
out=$(sh demos/scripts/bench.sh --merge "$T_TMP"/fu.*)
is "$(printf '%s\n' "$out" | grep -c .)" 2 "fusion merge: one record per variant and shape"
like "$out" "op: \"conv\".*paired_speedup: 1.28,.*processes: 3, processes_speedup_min: 1.25, processes_speedup_max: 1.31\}" \
    "fusion merge: the conv's median process, with the spread of its speed-up"
like "$out" "op: \"gemm\".*paired_speedup: 1.04,.*processes_speedup_min: 0.97, processes_speedup_max: 1.1\}" \
    "fusion merge: the GEMM's, kept apart by its shape"
printf '%s\n' "$out" >"$T_TMP/fu.yaml"
out=$(sh demos/scripts/bench.sh --fusion-targets "$T_TMP/fu.yaml")
like "$out" "fusion N32 C64 56x56 K64 3x3 pad 1: cuDNN fused x1.28 \[1.25-1.31 over 3 processes\]: PASS" \
    "fusion target: cuDNN fused faster in every process: PASS"
like "$out" "fusion gemm 8192x3072x768: cuBLASLt epilogue x1.04 \[0.97-1.10 over 3 processes\]: UNSURE" \
    "fusion target: a process at or below x1 makes it UNSURE, never PASS"
like "$out" "cuDNN fused faster at 1 of 1 conv shapes, cuBLASLt epilogue at 0 of 1 GEMMs" "fusion: the count"
fz "$G1" lib-fused 0.98 >"$T_TMP/fu-slow.yaml"
out=$(sh demos/scripts/bench.sh --fusion-targets "$T_TMP/fu-slow.yaml")
like "$out" "cuBLASLt epilogue x0.98 \(pairs 0.90-1.40\): MISS" "fusion target: slower than unfused: MISS"
# rewriting the results file, bench keeps the records it does not make
# again (the attention run) and nothing else
printf '%s\n' '- {record: "device", format: 1, demo: "attention", live: true}' \
    '- {record: "variant", format: 1, demo: "attention", variant: "flash-mma"}' \
    '- {record: "variant", format: 1, demo: "matmul", variant: "best"}' \
    '# a comment: "attention"' >"$T_TMP/old.yaml"
out=$(sh demos/scripts/bench.sh --kept "$T_TMP/old.yaml" attention)
is "$(printf '%s\n' "$out" | grep -c 'demo: "attention"')/$(printf '%s\n' "$out" | grep -c .)" 2/2 \
    "kept: the attention device and variant records, nothing else"
is "$(sh demos/scripts/bench.sh --kept "$T_TMP/none.yaml"; echo "rc $?")" "rc 0" "kept: no file, no records"
# attention: each rung's share of cuDNN SDPA by its paired ratio; the
# targets at S = 4096 (made-up records; the ms alone would say flash-mma
# is 50% of cuDNN at D = 64)
at() { # S D VARIANT MS PAIRED
    pr=; [ -n "$5" ] && pr=", paired_with: \"cudnn-sdpa\", paired_pct_of_library: $5, pairs: 30"
    printf '%s\n' "- {record: \"variant\", format: 1, demo: \"attention\", variant: \"$3\", kind: \"hand\", ok: true, ms: $4$pr, b: 4, h: 16, s: $1, d: $2, causal: 0, precision: \"fp16\", tflops: 100}"
}
{ at 4096 64 three-kernel 20.0 2.5; at 4096 64 flash-mma 1.0 46.0; at 4096 64 cudnn-sdpa 0.5 ""
  at 4096 128 flash-mma 2.0 44.9; at 4096 128 cudnn-sdpa 0.9 ""; } >"$T_TMP/at.yaml"
out=$(sh demos/scripts/bench.sh --attention-targets "$T_TMP/at.yaml")
like "$out" "attention S=4096 D=64 fp16 +flash-mma +1.0000 ms +100.0 TFLOP/s  46.0%" "attention: a rung's row with its paired share"
like "$out" "attention S=4096 D=64 fp16: flash-mma 46.0% of cudnn-sdpa \(paired; target >= 45%\): PASS" "attention target at D = 64: PASS"
like "$out" "attention S=4096 D=128 fp16: flash-mma 44.9% of cudnn-sdpa \(paired; target >= 45%\): MISS" "attention target at D = 128: just under: MISS"
like "$out" "flash-mma x18.4 over three-kernel .*: PASS" "attention: flash over three kernels, from the paired shares"
at 4096 64 cudnn-sdpa 0.5 "" >"$T_TMP/at-none.yaml"
out=$(sh demos/scripts/bench.sh --attention-targets "$T_TMP/at-none.yaml")
like "$out" "D=64 fp16: flash-mma has no paired record: MISS" "attention: no flash record: MISS"
# BENCH_PARTS: a bench of the attention part alone, over a stand-in
# program (three runs a shape, paired shares 40, 50, 45 at S = 4096, D =
# 64), writes the attention file, puts S = 1024 D = 64 into the results
# file and keeps every other demo's records there
mkdir -p "$T_TMP/bin"
cat >"$T_TMP/bin/attention" <<'SH'
#!/bin/sh
s=0; d=0; while [ $# -gt 0 ]; do case $1 in --s) s=$2 ;; --d) d=$2 ;; esac; shift; done
n=$(cat "$0.n" 2>/dev/null || echo 0); n=$((n + 1)); echo $n >"$0.n"
p=$(echo "40 50 45" | cut -d' ' -f$(( (n - 1) % 3 + 1 )))
echo '- {record: "device", format: 1, demo: "attention", live: true, name: "NVIDIA H200"}'
echo "- {record: \"variant\", format: 1, demo: \"attention\", variant: \"flash-mma\", kind: \"hand\", ok: true, ms: 1.0, paired_with: \"cudnn-sdpa\", paired_pct_of_library: $p, pairs: 30, b: 4, h: 16, s: $s, d: $d, causal: 0, precision: \"fp16\", tflops: 100}"
SH
chmod +x "$T_TMP/bin/attention"
printf '%s\n' '- {record: "device", format: 1, demo: "matmul", live: true, name: "NVIDIA H200"}' \
    '- {record: "variant", format: 1, demo: "matmul", variant: "best", ok: true, ms: 2.0}' \
    '- {record: "variant", format: 1, demo: "attention", variant: "old", ok: true, ms: 9.0}' >"$T_TMP/res.yaml"
out=$(BENCH_PARTS=attention BENCH_OUT="$T_TMP/res.yaml" BENCH_ATTN_OUT="$T_TMP/attn.yaml" \
    BENCH_CONV_OUT="$T_TMP/none-conv.yaml" BENCH_FUSION_OUT="$T_TMP/none-fu.yaml" \
    sh demos/scripts/bench.sh "$T_TMP/bin" 2>&1)
is "$(cat "$T_TMP/bin/attention.n")" 18 "parts: six attention shapes, three runs each, nothing else ran"
is "$(grep -c 'record: "variant"' "$T_TMP/attn.yaml")" 6 "parts: the attention file has one merged record per shape"
like "$(grep 's: 4096, d: 64' "$T_TMP/attn.yaml")" "paired_pct_of_library: 45,.*processes: 3, processes_paired_min: 40, processes_paired_max: 50" \
    "parts: the median process of three, with the spread"
like "$(cat "$T_TMP/res.yaml")" 'demo: "matmul", variant: "best"' "parts: the results file keeps matmul, whose part did not run"
like "$(grep -c 'variant: "old"' "$T_TMP/res.yaml")" "^0$" "parts: the old attention record is replaced ..."
like "$(grep 'demo: "attention", variant' "$T_TMP/res.yaml")" "s: 1024, d: 64" "... by S = 1024, D = 64"
like "$out" "attention S=4096 D=64 fp16: flash-mma 45.0% \[40.0-50.0 over 3 processes\] of cudnn-sdpa" \
    "parts: the attention targets printed with their spread"
# BENCH_PARTS=matmul over a stand-in program: three runs at 4096^3 (every
# rung) and three at 8192^3 (the Tensor Core rungs named), the first into
# the results file, the second merged into BENCH_TC_OUT with its spread
cat >"$T_TMP/bin/matmul" <<'SH'
#!/bin/sh
size=0 vars=all
while [ $# -gt 0 ]; do case $1 in --size) size=$2 ;; --variants) vars=$2 ;; esac; shift; done
echo "$size $vars" >>"$0.args"
n=$(grep -c "^$size " "$0.args")
p=$(echo "99 101 100" | cut -d' ' -f"$n")
echo '- {record: "device", format: 1, demo: "matmul", live: true, name: "NVIDIA H200"}'
echo "- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"wgmma-tma\", rung: 8, kind: \"hand\", ok: true, ms: 1.0, paired_with: \"cublas-tf32\", paired_pct_of_library: $p, pairs: 30, m: $size, n: $size, k: $size}"
SH
chmod +x "$T_TMP/bin/matmul"
out=$(BENCH_PARTS=matmul BENCH_OUT="$T_TMP/mres.yaml" BENCH_TC_OUT="$T_TMP/mtc.yaml" \
    BENCH_CONV_OUT="$T_TMP/none-conv.yaml" BENCH_FUSION_OUT="$T_TMP/none-fu.yaml" \
    BENCH_ATTN_OUT="$T_TMP/none-at.yaml" sh demos/scripts/bench.sh "$T_TMP/bin" 2>&1)
is "$(cat "$T_TMP/bin/matmul.args")" "4096 all
4096 all
4096 all
8192 tf32-mma,wgmma-tma,cublas-tf32,wgmma-fp16,cublas-fp16,wgmma-bf16,cublas-bf16
8192 tf32-mma,wgmma-tma,cublas-tf32,wgmma-fp16,cublas-fp16,wgmma-bf16,cublas-bf16
8192 tf32-mma,wgmma-tma,cublas-tf32,wgmma-fp16,cublas-fp16,wgmma-bf16,cublas-bf16" \
    "matmul part: three runs at 4096^3, then three of the Tensor Core rungs at 8192^3"
like "$(cat "$T_TMP/mres.yaml")" "m: 4096, .*processes: 3" "matmul part: 4096^3 into the results file"
unlike "$(cat "$T_TMP/mres.yaml")" "m: 8192" "... and 8192^3 not there"
like "$(cat "$T_TMP/mtc.yaml")" "paired_pct_of_library: 100, .*m: 8192, .*processes: 3, processes_paired_min: 99, processes_paired_max: 101" \
    "matmul part: 8192^3 into BENCH_TC_OUT, the median process with the spread"
like "$out" "matmul wgmma-tma at 8192\^3: 100.0% \[99.0-101.0 over 3 processes\] of cublas-tf32 \(paired; target >= 100%\): PASS" \
    "matmul part: the 8192^3 target judged after the run"
# wg_rs_tune.sh over a stand-in: processes alternate between rung 8 and
# CK_MM_WG_RS=1, each setting's median process with its spread; a record
# that is not exact is left out and the setting marked FAILED
mkdir -p "$T_TMP/rs"
cat >"$T_TMP/rs/matmul" <<'SH'
#!/bin/sh
n=$(cat "$0.n" 2>/dev/null || echo 0); n=$((n + 1)); echo $n >"$0.n"
p=$(echo "91 99 93 101 92 97" | cut -d' ' -f"$n") exact=true
[ "$n" = 6 ] && exact=false
echo "- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"wgmma-tma\", ok: true, rel_err: 0.0004, ms: 0.4$n, paired_pct_of_library: $p, exact: $exact, rs: ${CK_MM_WG_RS:-0}}"
SH
chmod +x "$T_TMP/rs/matmul"
out=$(PROCS=3 SIZES=4096 sh demos/scripts/wg_rs_tune.sh "$T_TMP/rs" 2>&1)
like "$out" "4096 +transpose \(rung 8\) +91 \(0.41, 0.0004\) 93 \(0.43, 0.0004\) 92 \(0.45, 0.0004\)  median 92 \[91-93\]" \
    "wg_rs_tune: rung 8's processes (1st, 3rd, 5th), their median and spread"
like "$out" "4096 +no transpose \(RS\) +99 .* 101 .* FAIL .*median 99 \[99-101\]  FAILED" \
    "wg_rs_tune: the RS processes, one not exact: left out and the setting marked"
# GPU_TEST_PARTS: gpu_test.sh runs the parts named and nothing else (here
# the drills, with a tutorial that cannot run: recorded skipped, a failure),
# says which it ran, and refuses a part that does not exist
printf '#!/bin/sh\nexit 1\n' >"$T_TMP/ck-broken"
chmod +x "$T_TMP/ck-broken"
out=$(CK_BIN="$T_TMP/ck-broken" GPU_TEST_PARTS=drills OUT= sh demos/scripts/gpu_test.sh "$T_TMP/gt" 2>&1)
is $? 1 "gpu_test parts: a drills part that could not run fails"
is "$(cat "$T_TMP/gt/gpu-test/summary.txt")" \
    "drills                                       skip  no runnable $T_TMP/ck-broken: run make first (or set CK_BIN)" \
    "gpu_test parts: the drills part alone ran"
like "$out" "gpu-test: FAILED \(parts: drills\)$" "gpu_test parts: the last line names the parts run"
out=$(GPU_TEST_PARTS="checks drill" sh demos/scripts/gpu_test.sh "$T_TMP/gt" 2>&1)
is $? 2 "gpu_test parts: an unknown part exits 2 ..."
like "$out" "no part 'drill' \(GPU_TEST_PARTS takes: checks memcheck racecheck initcheck synccheck multigpu drills profile\)" \
    "... and names the parts there are"
done_testing
