#!/usr/bin/env bash
# demos/scripts/bench.sh without a GPU: stand-in demos print recorded-shaped
# output (the fixtures), and the script must merge three runs of each into
# one file the loader reads -- transfer per row and size, streams per row
# and setting, the timelines kept whole -- and print the transfer and
# streams tables with their targets.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
cd "$CK_ROOT" || exit 1
bin="$T_TMP/bin" fx="$CK_ROOT/tests/fixtures/results"
mkdir -p "$bin"
stub() { printf '#!/bin/sh\n%s\n' "$2" >"$bin/$1"; chmod +x "$bin/$1"; }
stub matmul "grep -v '^#' '$(ladder_fixture results/h200-matmul-1024.yaml)'"
# conv: the fixture's records, with the shape asked for (--n N --c C --h H --w W --k K)
stub conv "grep -v '^#' '$(ladder_fixture results/h200-conv-quick.yaml)' | sed \"s/n: 4, c: 32, h: 28, w: 28, k: 32,/n: \$2, c: \$4, h: \$6, w: \$8, k: \${10},/\""
stub transfer "sed -n '/demo: \"transfer\"/p' '$fx/xfer-fixture.yaml'"
# streams: the fixture's records, with the setting asked for
# streams records as they were before the run measured the link both ways
# itself (no link_ideal_ms): the bench falls back to transfer's pinned-both
stub streams "sed -n '/demo: \"streams\"/p' '$fx/xfer-fixture.yaml' | sed -e \"s/flops_per_byte: 1024/flops_per_byte: \$2/\" -e 's/, two_way_ms: [^,]*, two_way_gbs: [^,]*, link_ideal_ms: [^,]*, pct_of_link_ideal: [^,]*//'"
out="$T_TMP/h200.yaml"
conv_out="$T_TMP/h200-conv.yaml"
# (PATH without nvidia-smi: the tf32 ceiling is left out, as on a machine
# without a GPU, and says so)
mkdir -p "$T_TMP/nosmi"
printf '#!/bin/sh\nexit 9\n' >"$T_TMP/nosmi/nvidia-smi"
chmod +x "$T_TMP/nosmi/nvidia-smi"
log=$(PATH="$T_TMP/nosmi:$PATH" BENCH_OUT="$out" BENCH_CONV_OUT="$conv_out" SWEEP_OUT="$T_TMP/sweep.yaml" SIZES="512:512:512" \
	sh demos/scripts/bench.sh "$bin" 2>&1)
rc=$?
ok "$([ -s "$out" ] && echo 0 || echo 1)" "bench wrote $out"
is "$(grep -c 'demo: "transfer".*record: "variant"\|record: "variant".*demo: "transfer"' "$out")" 70 \
	"transfer: one record per row and size (7 x 10)"
is "$(grep -c 'record: "variant".*demo: "streams"' "$out")" 36 "streams: 12 rows x 3 settings"
for f in 1024 16 4096; do
	is "$(grep -c "demo: \"streams\".*flops_per_byte: $f," "$out")" 12 "streams at $f FLOP/B kept"
done
is "$(grep -c 'record: "device"' "$out")" 4 "a device record per demo"
is "$(grep -c 'record: "variant".*demo: "conv"' "$out")" 15 "conv in BENCH_OUT: one record per variant, conv2_x only"
is "$(grep -c 'demo: "conv".*c: 64, h: 56, w: 56, k: 64,' "$out")" 15 "... at conv2_x"
for st in "64 56" "128 28" "256 14" "512 7"; do
	set -- $st
	is "$(grep -c "demo: \"conv\".*n: 32, c: $1, h: $2, w: $2, k: $1," "$conv_out")" 15 \
		"BENCH_CONV_OUT: stage C=$1 ${2}x$2 has its own record per variant"
done
like "$log" "N=32 C=512 K=512 7x7 +implicit-gemm .* PASS PASS PASS" "the conv stage table: hand best against cuDNN fastest FP32 and implicit GEMM"
is "$(grep 'variant: "pinned-4".*flops_per_byte: 1024,' "$out" | grep -o '\[[0-9]*, [0-9]*, [0-9], ' | wc -l | tr -d ' ')" 48 \
	"the timeline of a merged streams record is whole (48 spans)"
like "$log" "pinned h2d >= 64 MiB: >= 80% of the link peak +PASS" "the targets are checked"
like "$log" "streams pinned-4, 16 FLOP/B: >= 95% of link-aware +PASS +99\.0% \(two-way 99\.8 GB/s, pinned-both at 256 MiB" \
	"streams at the copy-bound setting, against the link-aware bound"
like "$log" "device to device: >= 85% of HBM.*MISS" "a missed target says MISS"
like "$log" "tf32 ceiling: not measured \\(nvidia-smi lists no GPU\\)" "without a GPU the tf32 ceiling says it was not measured"
log0=$(PATH="$T_TMP/nosmi:$PATH" BENCH_CEILING=0 BENCH_SWEEP=0 BENCH_OUT="$T_TMP/h200-0.yaml" \
	BENCH_CONV_OUT="$T_TMP/h200-conv-0.yaml" sh demos/scripts/bench.sh "$bin" 2>&1)
like "$log0" "tf32 ceiling: not measured \\(BENCH_CEILING=0\\)" "BENCH_CEILING=0 leaves it out, saying so"
ok "$([ -s "$T_TMP/sweep.yaml" ] && echo 0 || echo 1)" "bench ran the matmul sweep into SWEEP_OUT"
like "$log" "matmul sweep: % of cuBLAS FP32 per size" "and printed its table"
is "$rc" 1 "and bench exits non-zero"
done_testing
