#!/bin/bash
# matmul: the wgmma-tma rung (demos/matmul/07_wgmma_tma*.cuh) on the H200:
# build, SASS/ptxas, correctness at odd sizes in every configuration,
# timing beside tf32-mma and cuBLAS TF32 at 4096^3, ncu, sanitizers.
# $OUT gets summary.txt, ncu-*.txt and logs.tgz (everything else) only.
set -u
OUT=${OUT:-/tmp/wgmma-out}; mkdir -p "$OUT"
L="$OUT/logs"; mkdir -p "$L"
t0=$(date +%s)
el() { echo "$(( $(date +%s) - t0 ))s"; }
S="$OUT/summary.txt"; : >"$S"
finish() {
  echo "all done at $(el)" >>"$S"
  tar czf "$OUT/logs.tgz" -C "$OUT" logs && rm -rf "$L"
  cat "$S"
}
nvidia-smi --query-gpu=name,compute_cap,clocks.max.sm --format=csv,noheader >>"$S"
make -j16 -f demos/demos.mk build/demos/matmul >"$L/build.log" 2>&1 || { tail -30 "$L/build.log" >>"$S"; finish; exit 1; }
B=build/demos/matmul
echo "built at $(el)" >>"$S"
nvcc -std=c++17 -O3 -DCK_HAVE_CUDA=1 -Idemos/common -Idemos/matmul -gencode arch=compute_90a,code=sm_90a \
  -DMM_WGMMA_SM90A=1 -Xptxas -v -c demos/matmul/mm_wgmma.cu -o "$L/mm_wgmma.o" >"$L/ptxas.txt" 2>&1
cuobjdump --dump-sass "$L/mm_wgmma.o" >"$L/sass.txt" 2>&1
echo "sass: $(grep -c HGMMA "$L/sass.txt") HGMMA, $(grep -c UTMALDG "$L/sass.txt") UTMALDG, $(grep -c 'USETMAXREG' "$L/sass.txt") USETMAXREG; ptxas: $(grep -c 'spill stores' "$L/ptxas.txt") kernels, spills: $(grep 'spill stores' "$L/ptxas.txt" | grep -vc ' 0 bytes spill stores, 0 bytes spill loads'), $(grep -ci 'Potential Performance Loss' "$L/ptxas.txt") wgmma serialization warnings" >>"$S"
V=wgmma-tma,cublas-tf32
CFGS="0" # one configuration (the rung has no tuning switch)
broken=""
# 1. correctness at odd sizes (K, N % 4 != 0 copy A or B; cut tiles everywhere)
for cfg in $CFGS; do
  n=0; good=0; worst=0; fails=""
  for size in "256 384 200" "1 1 1" "37 53 61" "17 1 33" "129 127 130" "333 777 555" "1000 3000 2000" "4097 4097 4097"; do
    set -- $size
    f="$L/odd-$cfg-$1x$2x$3.yaml"
    timeout 30 $B --m $1 --n $2 --k $3 --variants $V --reps 2 --format yaml >"$f" 2>&1
    rc=$?; n=$((n + 1))
    [ $rc -eq 124 ] && { broken="$broken $cfg"; fails="$fails $1x$2x$3:hang"; break; }
    if [ $rc -eq 0 ] && grep -q 'variant: "wgmma-tma".*ok: true' "$f"; then
      good=$((good + 1)); e=$(grep -o 'variant: "wgmma-tma".*rel_err: [^,]*' "$f" | sed 's/.*rel_err: //')
      worst=$(awk -v a="$worst" -v b="$e" 'BEGIN { print (b + 0 > a + 0) ? b : a }')
    else
      fails="$fails $1x$2x$3:rc$rc"
    fi
  done
  echo "cfg$cfg odd sizes: $good/$n ok, worst rel_err $worst${fails:+, FAILED:$fails}" >>"$S"
done
echo "checks done at $(el)" >>"$S"
# 2. timing at 4096^3, 3 processes per configuration (each: median of ~100 ms of runs)
med() { awk -v v=$1 '$2 == v { print $6 }' "$2" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
for cfg in $CFGS; do
  case " $broken " in *" $cfg "*) echo "cfg$cfg: hung above, not timed" >>"$S"; continue ;; esac
  f="$L/t4096-$cfg.txt"; v=$V,tf32-mma
  for i in 1 2 3; do timeout 40 $B --m 4096 --n 4096 --k 4096 --variants $v --format table; done >"$f" 2>&1
  w=$(med wgmma-tma "$f"); c=$(med cublas-tf32 "$f"); t=$(med tf32-mma "$f")
  echo "cfg$cfg 4096^3: wgmma-tma $w ms, cublas-tf32 $c ms: $(awk -v w=$w -v c=$c 'BEGIN { if (w > 0) printf "%.1f", 100 * c / w }')% of cuBLAS TF32 (runs: $(awk '$2 == "wgmma-tma" { printf "%s ", $6 }' "$f"))${t:+; tf32-mma $t ms}" >>"$S"
done
echo "timing done at $(el)" >>"$S"
# 3. ncu: the default, the cluster and the no-transpose kernels at 4096^3
for cfg in 0; do
  [ $(( $(date +%s) - t0 )) -lt 170 ] || break
  case " $broken " in *" $cfg "*) continue ;; esac
  timeout 40 ncu --section SpeedOfLight --section WarpStateStats --section Occupancy --section LaunchStats \
    --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis \
    -k regex:'mm_wgmma|wg_transpose' -c 2 $B --m 4096 --n 4096 --k 4096 --variants wgmma-tma --reps 1 --format yaml >"$OUT/ncu-$cfg.txt" 2>&1
  grep -E '^  [a-z_].*\(|SM Frequency|Duration|Compute \(SM\) Throughput|L2 Cache Throughput|DRAM Throughput|Warp Cycles Per Issued' "$OUT/ncu-$cfg.txt" | sed 's/  */ /g' | cut -c1-110 | paste -sd' ' | sed "s/^/ncu cfg$cfg: /" >>"$S"
done
# 4. sanitizers on small sizes (cut tiles; K % 4 != 0)
for tool in memcheck racecheck synccheck initcheck; do
  line="san $tool:"
  for run in "0 256 384 200" "0 37 53 61"; do set -- $run
    [ $(( $(date +%s) - t0 )) -lt 220 ] || { line="$line (out of time)"; break; }
    case " $broken " in *" $1 "*) continue ;; esac
    f="$L/san-$tool-$1-$2.log"
    timeout 40 compute-sanitizer --tool $tool --error-exitcode 9 $B --m $2 --n $3 --k $4 --variants wgmma-tma --reps 1 --format yaml >"$f" 2>&1
    line="$line cfg$1/$2x$3x$4 rc=$? [$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$f" | tail -1 | sed 's/=* *//')]"
  done
  echo "$line" >>"$S"
done
finish
