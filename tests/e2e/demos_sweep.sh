#!/usr/bin/env bash
# demos/scripts/mm_sweep.sh without a GPU: a stand-in matmul prints records
# for the size it is asked (% of cuBLAS by size and rung, chosen so that
# one size climbs and meets its target and the others do not); the sweep
# must keep one median record per size and variant, one device record, the
# best rung's config, and print the table with PASS / MISS lines.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
bin="$T_TMP/bin"
mkdir -p "$bin"
cat >"$bin/matmul" <<'STUB'
#!/bin/sh
m=0 n=0 k=0 v=
while [ $# -gt 0 ]; do
    case $1 in --m) m=$2; shift ;; --n) n=$2; shift ;; --k) k=$2; shift ;;
    --variants) v=$2; shift ;; esac
    shift
done
echo '- {record: "device", format: 1, demo: "matmul", name: "NVIDIA H200", live: true}'
for x in $(echo "$v" | tr , ' '); do
    case $m:$x in
    512:naive) p=5 ;; 512:coalesced) p=10 ;; 512:smem-tiled) p=60 ;;
    512:regblock) p=70 ;; 512:best) p=80 ;;
    2048:naive) p=2 ;; 2048:coalesced) p=6 ;; 2048:smem-tiled) p=20 ;;
    2048:regblock) p=45 ;; 2048:best) p=85 ;;
    *:smem-tiled) p=70 ;; *:regblock) p=61 ;; *:best) p=50 ;; *) p=3 ;;
    esac
    extra=
    [ "$x" = best ] && extra=', config: "128x64", split: 4, why: "128x64 tiles, K in 4 slices"'
    [ "$x" = cublas ] && p=100 extra=', baseline: true'
    echo "- {record: \"variant\", demo: \"matmul\", variant: \"$x\", ok: true, ms: 0.5, pct_of_library: $p, m: $m, n: $n, k: $k$extra}"
done
STUB
chmod +x "$bin/matmul"
out="$T_TMP/sweep.yaml"
log=$(SWEEP_OUT="$out" SIZES="512:512:512 2048:2048:2048 333:777:555" \
	sh demos/scripts/mm_sweep.sh "$bin" 2>&1)
is "$?" 0 "the sweep exits 0 (a MISS is reported, not an exit status)"
is "$(grep -c 'record: "device"' "$out")" 1 "one device record"
is "$(grep -c 'record: "variant"' "$out")" 18 "one record per size and variant (3 x 6)"
is "$(grep -c 'variant: "cublas"' "$out")" 3 "cuBLAS once per size"
like "$log" "512x512x512 +5 +10 +60 +70 +80 +0.5 +128x64 split 4" "the table row of a size"
like "$log" "PASS climb 512x512x512" "a climbing size passes"
like "$log" "PASS best >= 75% of cuBLAS at 512x512x512: 80" "the target below 2048"
like "$log" "MISS best >= 90% of cuBLAS at 2048x2048x2048: 85" "the target from 2048"
like "$log" "MISS climb 333x777x555.* smem-tiled 70 >= regblock 61" "a rung below the one under it says MISS"
log2=$(SWEEP_OUT="$out" SWEEP_TABLE_ONLY=1 sh demos/scripts/mm_sweep.sh "$T_TMP/none" 2>&1)
like "$log2" "PASS climb 512x512x512" "SWEEP_TABLE_ONLY prints the table of the file"
done_testing
