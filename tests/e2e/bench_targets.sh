#!/usr/bin/env bash
# demos/scripts/bench.sh reads the reduce and launch targets from a results
# file (BENCH_TABLE_ONLY=1 runs nothing): the ladder climbing over rungs
# 1-6, best against CUB and the HBM roof, where each launch series stops
# gaining, and the wave tail in waves. Here from the synthetic fixtures
# (tests/fixtures/results/synthetic-*.yaml, made-up numbers); gpu_test.sh
# and bench.sh must at least parse as sh.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
cd "$CK_ROOT" || exit 1
for s in demos/scripts/bench.sh demos/scripts/gpu_test.sh demos/scripts/rd_tune.sh; do
    sh -n "$s"; ok $? "$s parses"
done
cat "$(ladder_fixture results/synthetic-reduce.yaml)" tests/fixtures/results/synthetic-launch.yaml \
    >"$T_TMP/both.yaml"
# (the transfer and streams targets, xfer_targets.sh, find no records here
# and say MISS: not this test's business)
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/both.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "reduce on Test GPU .* live" "the table of a results file has the reduce run"
like "$out" "reduce n=268435456: ladder climbs 1..6: yes; best = 103.8[0-9]*% of CUB, 85.7[0-9]*% of HBM" \
    "the reduce targets"
like "$out" "launch plain: best 4000 GB/s; within 5% of it from block 64 on" "where the plain series stops gaining"
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
- {record: "variant", format: 1, demo: "matmul", variant: "cublas-tf32", rung: 9, kind: "library", ok: true, ms: 0.4}'
printf '%s\n' "$tc" >"$T_TMP/tc.yaml"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/tc.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "matmul best: 95.2% of cublas \(paired; target >= 95%\): PASS" "best by its paired ratio: PASS"
like "$out" "matmul tf32-mma: 66.0% of cublas-tf32 \(paired; target >= 65%\): PASS" "tf32-mma by its paired ratio, not the ms: PASS"
like "$out" "matmul wgmma-tma: 99.9% of cublas-tf32 \(paired; target >= 100%\): MISS" "wgmma-tma just under 100%: MISS"
printf '%s\n' "$tc" | sed '3s/.*/- {record: "unsupported", format: 1, demo: "matmul", variant: "wgmma-tma", rung: 8, kind: "hand", label: "Hopper wgmma + TMA (TF32)", reason: "needs an sm_90 GPU (Hopper): wgmma and TMA (this GPU: 8.0)"}/' \
    >"$T_TMP/tc80.yaml"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/tc80.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "matmul wgmma-tma: not run: needs an sm_90 GPU \(Hopper\): wgmma and TMA \(this GPU: 8.0\)" \
    "a declined wgmma-tma says why"
printf '%s\n' "$tc" | sed '1d' >"$T_TMP/nobest.yaml"
out=$(BENCH_TABLE_ONLY=1 BENCH_OUT="$T_TMP/nobest.yaml" sh demos/scripts/bench.sh 2>&1)
like "$out" "matmul best: no paired record: MISS" "a rung without a paired ratio misses"
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
# the streams targets compare numbers: 101.3% of the ideal bound (a run a
# little faster than the model) passes, 84.9% misses (made-up records)
st='- {record: "variant", format: 1, demo: "streams", variant: "pinned-4", ok: true, ms: 6.0, serial_ms: 9.0, ideal_ms: 6.1, speedup: 1.5, pct_of_ideal: 101.3, flops_per_byte: 4096}
- {record: "variant", format: 1, demo: "streams", variant: "pinned-4", ok: true, ms: 7.0, serial_ms: 9.0, ideal_ms: 6.0, speedup: 1.3, pct_of_ideal: 84.9, flops_per_byte: 16}'
printf '%s\n' "$st" >"$T_TMP/st.yaml"
out=$(sh demos/scripts/xfer_targets.sh "$T_TMP/st.yaml" 2>&1)
like "$out" "streams pinned-4, 4096 FLOP/B: >= 85% of ideal +PASS  101.3%" "above 100% of the ideal bound: PASS (compared as a number)"
like "$out" "streams pinned-4, 16 FLOP/B: >= 85% of ideal +MISS  84.9%" "under 85%: MISS"
done_testing
