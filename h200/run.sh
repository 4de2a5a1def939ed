#!/bin/bash
# matmul: the wgmma-tma rung (demos/matmul/07_wgmma_tma.cuh) on the H200:
# build, SASS/ptxas, correctness at odd sizes, sanitizers, timing beside
# tf32-mma and cuBLAS TF32 at 4096^3, ncu of the kernel.
set -u
OUT=${OUT:-/tmp/wgmma-out}; mkdir -p "$OUT"
t0=$(date +%s)
el() { echo "$(( $(date +%s) - t0 ))s"; }
nvidia-smi -L; nvidia-smi --query-gpu=compute_cap --format=csv,noheader
make -j16 -f demos/demos.mk build/demos/matmul >"$OUT/build.log" 2>&1 || { tail -40 "$OUT/build.log"; exit 1; }
B=build/demos/matmul
S="$OUT/summary.txt"; : >"$S"
echo "built at $(el)" >>"$S"
# ptxas and SASS of the rung's own file
nvcc -std=c++17 -O3 -DCK_HAVE_CUDA=1 -Idemos/common -Idemos/matmul -gencode arch=compute_90a,code=sm_90a \
  -DMM_WGMMA_SM90A=1 -Xptxas -v -c demos/matmul/mm_wgmma.cu -o "$OUT/mm_wgmma.o" >"$OUT/ptxas.txt" 2>&1
cuobjdump --dump-sass "$OUT/mm_wgmma.o" >"$OUT/sass.txt" 2>&1
echo "sass: $(grep -c HGMMA "$OUT/sass.txt") HGMMA, $(grep -c UTMALDG "$OUT/sass.txt") UTMALDG; ptxas: $(grep -E 'registers|spill' "$OUT/ptxas.txt" | tr -s ' ' | paste -sd' ' | cut -c1-300)" >>"$S"
$B --list | grep wgmma >>"$S"
V=wgmma-tma,tf32-mma,cublas-tf32
# 1. correctness: odd sizes (K % 4 != 0 copies A; cut tiles everywhere), every configuration
# (CK_MM_WGMMA_CFG: 1 128x128, 2 128x256, 3 128x128 persistent, 4 128x256 persistent,
#  5 128x256 in clusters of 2 sharing B, 6 the same persistent)
broken=""
for bn in 1 2 3 4 5 6; do
  for size in "256 384 200" "1 1 1" "37 53 61" "17 1 33" "129 127 130" "333 777 555" "1000 3000 2000" "4097 4097 4097"; do
    set -- $size
    case " $broken " in *" $bn "*) continue ;; esac
    CK_MM_WGMMA_CFG=$bn timeout 30 $B --m $1 --n $2 --k $3 --variants $V --reps 2 --format yaml >"$OUT/odd-$bn-$1x$2x$3.yaml" 2>&1
    rc=$?; [ $rc -eq 124 ] && broken="$broken $bn"
    echo "cfg$bn $1x$2x$3 rc=$rc bad=$(grep -c 'ok: false' "$OUT/odd-$bn-$1x$2x$3.yaml") $(grep -o 'variant: "wgmma-tma".*rel_err: [^,]*' "$OUT/odd-$bn-$1x$2x$3.yaml" | grep -o 'ok: [a-z]*.*rel_err: [^,]*' | tr -d ',') $(grep -o 'record: "unsupported".*' "$OUT/odd-$bn-$1x$2x$3.yaml" | cut -c1-160)" >>"$S"
  done
done
echo "checks done at $(el)" >>"$S"
# 2. timing at 4096^3 (3 runs), every configuration
for bn in 1 2 3 4 5 6; do
  case " $broken " in *" $bn "*) echo "cfg $bn: timed out above, not timed" >>"$S"; continue ;; esac
  for i in 1 2 3; do CK_MM_WGMMA_CFG=$bn timeout 60 $B --m 4096 --n 4096 --k 4096 --variants $V --format table; done >"$OUT/t4096-$bn.txt" 2>&1
  echo "== 4096^3 cfg $bn" >>"$S"; grep -E '^ *[0-9]+ +(wgmma|tf32|cublas)' "$OUT/t4096-$bn.txt" >>"$S"
  med() { awk -v v=$1 '$2 == v { print $6 }' "$OUT/t4096-$bn.txt" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
  w=$(med wgmma-tma); t=$(med tf32-mma); c=$(med cublas-tf32)
  echo "median ms: wgmma-tma $w tf32-mma $t cublas-tf32 $c: wgmma-tma at $(awk -v w=$w -v c=$c 'BEGIN { if (w > 0) printf "%.1f", 100 * c / w }')% of cublas-tf32, tf32-mma at $(awk -v t=$t -v c=$c 'BEGIN { if (t > 0) printf "%.1f", 100 * c / t }')%" >>"$S"
done
echo "timing done at $(el)" >>"$S"
# 3. ncu of the kernel and of the transpose at 4096^3
if [ $(( $(date +%s) - t0 )) -lt 170 ]; then
  for bn in 2 6; do
    CK_MM_WGMMA_CFG=$bn timeout 40 ncu --section SpeedOfLight --section WarpStateStats --section Occupancy --section LaunchStats \
      -k regex:'mm_wgmma|wg_transpose' -c 2 $B --m 4096 --n 4096 --k 4096 --variants wgmma-tma --reps 1 --format yaml >"$OUT/ncu-$bn.txt" 2>&1
    grep -E '^  [a-z_]+.*\(|Duration|Memory Throughput|Compute \(SM\) Throughput|Registers Per|Achieved Occupancy|Stall' "$OUT/ncu-$bn.txt" | sed 's/  */ /g' | head -30 >>"$S"
  done
fi
# 4. sanitizers on a small size, and on K % 4 != 0
for tool in memcheck racecheck synccheck initcheck; do
  for run in "2 256 384 200" "6 256 384 200" "5 37 53 61" "3 256 384 200"; do set -- $run
    [ $(( $(date +%s) - t0 )) -lt 215 ] || break
    case " $broken " in *" $1 "*) continue ;; esac
    CK_MM_WGMMA_CFG=$1 timeout 40 compute-sanitizer --tool $tool --error-exitcode 9 $B --m $2 --n $3 --k $4 --variants wgmma-tma --reps 1 --format yaml >"$OUT/san-$tool-$1-$2.log" 2>&1
    echo "san $tool cfg$1 $2x$3x$4 rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$OUT/san-$tool-$1-$2.log" | tail -1)" >>"$S"
  done
done
echo "sanitizers done at $(el)" >>"$S"
echo "all done at $(el)" >>"$S"
cat "$S"
