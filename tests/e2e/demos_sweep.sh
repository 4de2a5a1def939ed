#!/usr/bin/env bash
# demos/scripts/mm_sweep.sh without a GPU: a stand-in matmul prints records
# for the size it is asked (% of cuBLAS by size and rung, chosen so that
# one size climbs and meets its target and the others do not, and one whose
# % columns fall where its times climb); the sweep
# must keep one median record per size and variant, one device record, the
# best rung's config, and print the table with PASS / MISS lines.  The
# stand-in names rungs by their ladder rows (ladder_fill), as the sweep does.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
mm_h="$CK_ROOT/demos/matmul/mm_ladder.h"
cd "$CK_ROOT" || exit 1
bin="$T_TMP/bin"
mkdir -p "$bin"
ladder_fill >"$bin/matmul" <<'STUB'
#!/bin/sh
m=0 n=0 k=0 v=
while [ $# -gt 0 ]; do
    case $1 in --m) m=$2; shift ;; --n) n=$2; shift ;; --k) k=$2; shift ;;
    --variants) v=$2; shift ;; esac
    shift
done
echo '- {record: "device", format: 1, demo: "matmul", name: "NVIDIA H200", live: true}'
for x in $(echo "$v" | tr , ' '); do
    # % of cuBLAS, and the time (cuBLAS 0.5 ms, so ms = 50 / %)
    case $m:$x in
    512:@matmul:NAIVE@) p=5 ;; 512:@matmul:COALESCED@) p=10 ;; 512:@matmul:SMEM_TILED@) p=60 ;;
    512:@matmul:REGBLOCK@) p=70 ;; 512:@matmul:BEST@) p=80 ;;
    2048:@matmul:NAIVE@) p=2 ;; 2048:@matmul:COALESCED@) p=6 ;; 2048:@matmul:SMEM_TILED@) p=20 ;;
    2048:@matmul:REGBLOCK@) p=45 ;; 2048:@matmul:BEST@) p=85 ;; 4096:@matmul:BEST@) p=92 ;;
    *:@matmul:SMEM_TILED@) p=70 ;; *:@matmul:REGBLOCK@) p=61 ;; *:@matmul:BEST@) p=50 ;; *) p=3 ;;
    esac
    ms=$(awk -v p="$p" 'BEGIN { print 50 / p }')
    # 1000: the slow rungs' process has a slower cuBLAS (0.8 ms): coalesced
    # reads 40% there, smem-tiled 25% in the other, yet takes less time
    case $m:$x in
    1000:@matmul:NAIVE@) p=10 ms=8 ;; 1000:@matmul:COALESCED@) p=40 ms=2 ;;
    1000:@matmul:SMEM_TILED@) p=25 ms=1.6 ;; 1000:@matmul:REGBLOCK@) p=50 ms=1 ;;
    1000:@matmul:BEST@) p=80 ms=0.625 ;;
    esac
    extra=
    [ "$x" = @matmul:BEST@ ] && extra=', config: "128x64", split: 4, why: "128x64 tiles, K in 4 slices"'
    [ "$x" = @matmul:CUBLAS@ ] && p=100 ms=0.5 extra=', baseline: true'
    echo "- {record: \"variant\", demo: \"matmul\", variant: \"$x\", ok: true, ms: $ms, pct_of_library: $p, m: $m, n: $n, k: $k$extra}"
done
STUB
ok $? "the stand-in's rungs are rows of mm_ladder.h"
chmod +x "$bin/matmul"
out="$T_TMP/sweep.yaml"
# held out here: 2048^3 (best 85%), 3072x1024x4096 (best 50%), a shape
# the sweep did not run and one under 1024 (not judged)
held="2048:2048:2048 3072:1024:4096 1500:2500:1200 600:600:600"
log=$(SWEEP_OUT="$out" SWEEP_HELDOUT="$held" \
	SIZES="512:512:512 2048:2048:2048 333:777:555 1000:1000:1000 3072:1024:4096 4096:4096:4096" \
	sh demos/scripts/mm_sweep.sh "$bin" 2>&1)
is "$?" 0 "the sweep exits 0 (a MISS is reported, not an exit status)"
is "$(grep -c 'record: "device"' "$out")" 1 "one device record"
is "$(grep -c 'record: "variant"' "$out")" 36 "one record per size and variant (6 x 6)"
is "$(grep -c "variant: \"$(ladder_id "$mm_h" CUBLAS)\"" "$out")" 6 "cuBLAS once per size"
like "$log" "512x512x512 +fitted +5 +10 +60 +70 +80 +0.5 +128x64 split 4" "the table row of a size, labelled fitted"
like "$log" "2048x2048x2048 +held-out +2 +6 " "a held-out shape's row is labelled held-out"
like "$log" "3072x1024x4096 +held-out " "a non-square held-out shape"
like "$log" "PASS held-out $(ladder_id "$mm_h" BEST) >= 85% of cuBLAS at 2048x2048x2048 \(size 2048\): 85" \
	"the held-out target: 85% passes"
like "$log" "MISS held-out $(ladder_id "$mm_h" BEST) >= 85% of cuBLAS at 3072x1024x4096 \(size 2344\): 50" \
	"the held-out target: 50% misses"
like "$log" "MISS held-out $(ladder_id "$mm_h" BEST) >= 85% of cuBLAS at 1500x2500x1200: not in this sweep" \
	"a held-out shape the sweep did not run misses"
unlike "$log" "held-out .* at 600x600x600" "a held-out shape under 1024 is not judged"
like "$log" "held-out shapes \(size >= 1024\): 1 of 3 PASS" "the held-out count"
unlike "$log" "held-out .* at 512x512x512" "a fitted shape is not judged as held out"
like "$log" "PASS climb 512x512x512" "a climbing size passes"
like "$log" "PASS best >= 75% of cuBLAS at 512x512x512: 80" "the target below 2048"
like "$log" "MISS best >= 95% of cuBLAS at 2048x2048x2048: 85" "the target from 2048"
like "$log" "MISS best >= 95% of cuBLAS at 4096x4096x4096: 92" "the target from 2048 is 95% (92 misses)"
like "$log" "MISS climb 333x777x555.* $(ladder_id "$mm_h" SMEM_TILED) 0\.714286 ms <= $(ladder_id "$mm_h" REGBLOCK) 0\.819672 ms" \
	"a rung slower than the one under it says MISS, with both times"
like "$log" "PASS climb 1000x1000x1000" "the climb is judged by the rungs' times, not by % of two processes' cuBLAS"
log2=$(SWEEP_OUT="$out" SWEEP_TABLE_ONLY=1 sh demos/scripts/mm_sweep.sh "$T_TMP/none" 2>&1)
like "$log2" "PASS climb 512x512x512" "SWEEP_TABLE_ONLY prints the table of the file"
done_testing
