#!/bin/bash
set -u
O=${OUT:-/tmp/o}; mkdir -p $O
lib=$(find /usr /opt -name 'libcudnn.so.9' 2>/dev/null | head -1)
[ -n "$lib" ] && export LD_LIBRARY_PATH="$(dirname "$lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
make demos -j16 >$O/build.log 2>&1 || { tail -30 $O/build.log; exit 1; }
B=build/demos/conv
for a in "--n 2 --c 19 --h 13 --w 11 --k 70 --pad 1" "--n 3 --c 33 --h 8 --w 9 --k 5 --pad 0" \
         "--n 1 --c 1 --h 1 --w 1 --k 1 --pad 1" "--n 4 --c 64 --h 28 --w 28 --k 128 --pad 1" \
         "--n 2 --c 7 --h 30 --w 31 --k 9 --pad 2" "--n 1 --c 3 --h 5 --w 5 --k 3 --pad 1 --stride 2"; do
  echo "== $a"; timeout 60 $B $a --r 3 --s 3 --variants naive,implicit-gemm,winograd --reps 1 --format yaml 2>&1 | grep -o 'record: "[a-z]*".*variant: "[a-z-]*"\|ok: [a-z]*\|rel_err: [^,]*\|reason: "[^"]*"\|error: "[^"]*"' | paste -sd' ' | fold -w 250
done
for t in memcheck racecheck initcheck synccheck; do
  compute-sanitizer --tool $t --error-exitcode 9 $B --n 2 --c 19 --h 13 --w 11 --k 70 --r 3 --s 3 --pad 1 --variants winograd --reps 1 --format yaml > $O/san_$t.log 2>&1; echo "san $t rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' $O/san_$t.log | head -1)"
done
V=implicit-gemm,winograd,cudnn-implicit-gemm,cudnn-implicit-precomp-gemm,cudnn-fft-tiling,cudnn-winograd-nonfused
for i in 1 2 3; do $B --variants $V --format yaml > $O/c2x_$i.yaml 2>&1; done
ncu --section SpeedOfLight -k regex:conv_wg -c 4 $B --variants winograd --reps 2 > $O/ncu.txt 2>&1
grep -E "conv_wg|Duration|Compute \(SM\) Thr|Memory Thr" $O/ncu.txt | head -24
for i in 1 2 3; do echo "run $i"; grep -o 'variant: "[a-z-]*".*ok: [a-z]*\|ms: [0-9.e+-]*,\|pct_of_library: [^,]*\|workspace: [0-9]*' $O/c2x_$i.yaml | paste -sd' ' | sed 's/variant:/\nvariant:/g'; done
