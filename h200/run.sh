#!/bin/bash
# conv: Winograd F(4x4,3x3) rung (winograd4) at the four ResNet-50 3x3 stages
set -u
OUT=${OUT:-/tmp/conv-out}; mkdir -p "$OUT"
t0=$(date +%s)
nvidia-smi -L
make -j16 -f demos/demos.mk demos >"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
lib=$(find /usr /opt -name 'libcudnn.so.9' 2>/dev/null | head -1)
[ -n "$lib" ] && export LD_LIBRARY_PATH="$(dirname "$lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
B=build/demos/conv
S="$OUT/summary.txt"; : >"$S"
# 1. correctness at odd 3x3 shapes (the rule's plan, then forced tiles and
#    channel splits), against FP64 / cuDNN
odd=("--n 2 --c 19 --h 13 --w 11 --k 70 --r 3 --s 3 --pad 1"
     "--n 3 --c 33 --h 8 --w 9 --k 5 --r 3 --s 3 --pad 0"
     "--n 5 --c 130 --h 15 --w 17 --k 200 --r 3 --s 3 --pad 2"
     "--n 1 --c 1 --h 1 --w 1 --k 1 --r 3 --s 3 --pad 1"
     "--n 32 --c 64 --h 9 --w 9 --k 96 --r 3 --s 3 --pad 1"
     "--n 7 --c 512 --h 7 --w 7 --k 512 --r 3 --s 3 --pad 1")
i=0
for a in "${odd[@]}"; do i=$((i+1))
  for ts in 0/0 1/2 2/3 3/4; do tile=${ts%/*}; split=${ts#*/}
    CK_CONV_WG4_TILE=$tile CK_CONV_WG4_SPLIT=$split timeout 60 $B $a --variants winograd,winograd4,cudnn-implicit-gemm --reps 2 --format yaml >"$OUT/odd$i-t$tile.yaml" 2>&1
    echo "odd$i tile$tile split$split rc=$? bad=$(grep -c 'ok: false' "$OUT/odd$i-t$tile.yaml") $(grep -o 'variant: "winograd4".*rel_err: [^,]*' "$OUT/odd$i-t$tile.yaml" | grep -o 'rel_err: [^,]*')  $a" >>"$S"
  done
done
# 2. compute-sanitizer on the new rung: the rule's plan and two forced ones
for tool in memcheck racecheck initcheck synccheck; do
  for ts in 0/0 2/2 3/4; do tile=${ts%/*}; split=${ts#*/}
    CK_CONV_WG4_TILE=$tile CK_CONV_WG4_SPLIT=$split timeout 60 compute-sanitizer --tool $tool --error-exitcode 9 $B ${odd[2]} --variants winograd4 --reps 1 --format yaml >"$OUT/san-$tool-$tile.log" 2>&1
    echo "san $tool tile$tile split$split rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/san-$tool-$tile.log" | tail -1)" >>"$S"
  done
done
echo "checks done at $(( $(date +%s) - t0 )) s" >>"$S"
# 3. the four stages x3: hand Winograd rungs and every cuDNN FP32 algorithm
V=winograd,winograd4,cudnn-implicit-gemm,cudnn-implicit-precomp-gemm,cudnn-gemm,cudnn-direct,cudnn-fft,cudnn-fft-tiling,cudnn-winograd,cudnn-winograd-nonfused
for st in "64 56" "128 28" "256 14" "512 7"; do set -- $st
  for i in 1 2 3; do timeout 60 $B --n 32 --c $1 --h $2 --w $2 --k $1 --r 3 --s 3 --pad 1 --variants $V --format yaml; done >"$OUT/conv-$1.yaml" 2>"$OUT/conv-$1.err"
done
for st in 64 128 256 512; do echo "plan C=$st: $(grep -o 'variant: "winograd4".*' "$OUT/conv-$st.yaml" | grep -o 'rel_err: [^,]*\|config: [^,]*\|split: [^,]*' | sort | uniq -c | tr '\n' ' ')" >>"$S"; done
echo "stages done at $(( $(date +%s) - t0 )) s" >>"$S"
# 4. every GEMM tile and channel split forced at every stage (winograd4 alone)
for st in "64 56 2" "128 28 2" "256 14 4" "512 7 4"; do set -- $st
  for tile in 1 2 3; do for split in $(seq 1 $3); do
    f="$OUT/tile-$1-$tile-$split.yaml"
    CK_CONV_WG4_TILE=$tile CK_CONV_WG4_SPLIT=$split timeout 30 $B --n 32 --c $1 --h $2 --w $2 --k $1 --r 3 --s 3 --pad 1 --variants winograd4 --format yaml >"$f" 2>&1
    echo "tile C=$1 tile$tile split$split $(grep -o 'variant: "winograd4".* ms: [^,]*' "$f" | grep -o ' ms: [^,]*') $(grep -c 'ok: true' "$f")ok" >>"$S"
  done; done
done
echo "tiles done at $(( $(date +%s) - t0 )) s" >>"$S"
# 5. ncu: the four kernels of winograd4 at conv2_x and at 7x7
if [ $(( $(date +%s) - t0 )) -lt 170 ]; then
  for st in "64 56" "512 7"; do set -- $st
    timeout 40 ncu --section SpeedOfLight --section WarpStateStats --section Occupancy -k regex:wg4\|wg_gemm -c 4 $B --n 32 --c $1 --h $2 --w $2 --k $1 --variants winograd4 --reps 1 --format yaml >"$OUT/ncu-$1.txt" 2>&1
  done
  grep -E '^  conv_|Duration|Memory Throughput|Compute \(SM\) Throughput|Registers Per|Achieved Occupancy' "$OUT"/ncu-*.txt | sed 's/  */ /g' >>"$S"
fi
cuobjdump --dump-resource-usage $B >"$OUT/resource.txt" 2>&1
cat "$S"
echo
echo "per stage: variant, ms of the 3 runs, median %-of-cuDNN-fastest-FP32"
for f in "$OUT"/conv-*.yaml; do echo "== $(basename $f)"
  awk -F', ' '/record: "variant"/ { delete g
    for (i = 1; i <= NF; i++) { split($i, kv, ": "); gsub(/[{}"]/, "", kv[2]); g[kv[1]] = kv[2] }
    v = g["variant"]; if (!(v in n)) o[++nv] = v; n[v]++; ms[v] = ms[v] " " g["ms"]; pc[v, n[v]] = g["pct_of_library"]; ok[v] = ok[v] g["ok"] == "true" ? "" : "FAIL" }
  END { for (j = 1; j <= nv; j++) { v = o[j]; a = pc[v,1]+0; b = pc[v,2]+0; c = pc[v,3]+0
      m = (a > b) ? ((b > c) ? b : ((a > c) ? c : a)) : ((a > c) ? a : ((b > c) ? c : b))
      printf "%-28s %-30s %6.1f%% %s\n", v, ms[v], m, ok[v] } }' "$f"
done
echo "total $(( $(date +%s) - t0 )) s"
