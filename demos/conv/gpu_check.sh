#!/usr/bin/env bash
# demos/conv/gpu_check.sh - the conv demo on a GPU machine, in one go:
# build (unless build/demos/conv exists), check every variant at odd sizes
# (padding, stride, dilation, K and C*R*S off the tile sizes), run the four
# compute-sanitizer tools on the hand-written kernels at a small odd size,
# time the ResNet-50 conv2_x layer three times, and print a short table last.
# Logs and YAML go to OUTDIR (default $OUT, else /tmp/conv-gpu), packed
# into OUTDIR/conv-gpu.tar.gz too. STEPS picks parts: odd san bench tune ncu.
# usage: [STEPS="odd san bench"] demos/conv/gpu_check.sh [OUTDIR]
set -u
out=${1:-${OUT:-/tmp/conv-gpu}}
mkdir -p "$out"
bin=build/demos/conv
if [ ! -x "$bin" ]; then
    make demos >"$out/build.log" 2>&1 || { tail -30 "$out/build.log"; exit 1; }
fi
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu \
    --format=csv >"$out/smi.txt" 2>&1
# cuDNN 9 loads its sub-libraries by name: put the folder holding it on the path
lib=$(find /usr /opt -name 'libcudnn.so.9' 2>/dev/null | head -1)
[ -n "$lib" ] && export LD_LIBRARY_PATH="$(dirname "$lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
echo "cudnn: ${lib:-none}" >>"$out/smi.txt"

steps=${STEPS:-odd san bench tune}
has() { case " $steps " in *" $1 "*) return 0 ;; esac; return 1; }
summary="$out/summary.txt"
: >"$summary"
odd=(
    "--n 3 --c 5 --h 37 --w 53 --k 7 --r 3 --s 5 --pad 2 --stride 2 --dil 2"
    "--n 2 --c 19 --h 31 --w 29 --k 67 --r 3 --s 3 --pad 1"
    "--n 1 --c 3 --h 61 --w 61 --k 64 --r 7 --s 7 --pad 3 --stride 2"
    "--n 4 --c 64 --h 14 --w 14 --k 130 --r 1 --s 1"
    "--n 2 --c 8 --h 9 --w 11 --k 5 --r 5 --s 3 --stride 3"
)
i=0
has odd && for a in "${odd[@]}"; do
    i=$((i + 1))
    timeout 120 "$bin" $a --reps 3 --format yaml >"$out/odd$i.yaml" 2>"$out/odd$i.err"
    rc=$?
    bad=$(grep -c 'ok: false' "$out/odd$i.yaml")
    echo "odd$i rc=$rc failed_records=$bad  $a" >>"$summary"
done

# the rungs by kind, as the demo's own --list names them (conv_ladder.h)
ids_of() { "$bin" --list | awk -v k="$1" 'k ~ $3 {printf "%s%s", s, $1; s=","}'; }
hand=$(ids_of hand)
gpu=$(ids_of hand,library)
# the first odd size takes the general kernels, this one the C % 8 == 0 paths
san=("${odd[0]}" "--n 2 --c 16 --h 13 --w 11 --k 70 --r 3 --s 3 --pad 2 --stride 2 --dil 2"
     "--n 2 --c 19 --h 13 --w 11 --k 70 --r 3 --s 3 --pad 1")
has san && for tool in memcheck racecheck initcheck synccheck; do
    for j in 0 1 2; do
        timeout 300 compute-sanitizer --tool $tool --error-exitcode 9 \
            "$bin" ${san[$j]} --variants $hand --reps 1 --format yaml \
            >"$out/san_${tool}_$j.log" 2>&1
        echo "sanitizer $tool size$j rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san_${tool}_$j.log" | head -2 | tr '\n' ' ')" >>"$summary"
    done
done

has bench && for n in 1 2 3; do
    timeout 300 "$bin" --format yaml $([ $n -gt 1 ] && echo --variants "$gpu") \
        >"$out/conv2x_$n.yaml" 2>"$out/conv2x_$n.err"
    echo "conv2x run $n rc=$?" >>"$summary"
done
# tuning builds of the implicit GEMM (build/conv_cfg*), if carried along
has tune && for b in build/conv_cfg*; do
    [ -x "$b" ] || continue
    "$b" --variants implicit-gemm,winograd,cudnn-implicit-gemm,cudnn-winograd-nonfused,cudnn-fft-tiling \
        --format yaml 2>&1 | grep -o 'variant: "[a-z-]*".*ms: [0-9.e+-]*,' |
        sed -e "s|^|$(basename "$b"): |" -e 's|, rung.*rel_err| rel_err|' >>"$summary"
done
command -v cuobjdump >/dev/null &&
    cuobjdump --dump-sass "$bin" >"$out/sass.txt" 2>&1
if has ncu && command -v ncu >/dev/null; then
    for b in "$bin"; do
        [ -x "$b" ] || continue
        timeout 120 ncu --clock-control none --section SpeedOfLight \
            --section WarpStateStats --section Occupancy --section MemoryWorkloadAnalysis \
            -k regex:igemm -c 1 "$b" --variants implicit-gemm --reps 3 \
            --format yaml >"$out/ncu_$(basename "$b").txt" 2>&1
    done
fi
tar -C "$out" -czf "$out/conv-gpu.tar.gz" --exclude conv-gpu.tar.gz . 2>/dev/null

cat "$summary"
echo
# variant, ms (median of the three runs' medians), GFLOP/s, workspace, % of library
awk -F', ' '/record: "variant"/ {
    delete f
    for (i = 1; i <= NF; i++) { split($i, kv, ": "); gsub(/[{}"]/, "", kv[2]); f[kv[1]] = kv[2] }
    v = f["variant"]; n[v]++; ms[v, n[v]] = f["ms"]; g[v] = f["gflops"]; ws[v] = f["workspace"];
    pl[v] = f["pct_of_library"]; m[v] = f["math"]; ok[v] = f["ok"]; al[v] = f["algo"]; if (!(v in ord)) ord[v] = ++nv; name[ord[v]] = v
} END {
    printf "%-28s %4s %9s %9s %9s %8s %12s %s\n", "variant", "ok", "ms1", "ms2", "ms3", "GFLOP/s", "workspace", "%lib math/algo"
    for (j = 1; j <= nv; j++) { v = name[j]
        printf "%-28s %4s %9s %9s %9s %8s %12s %s %s %s\n", v, ok[v], ms[v,1], ms[v,2], ms[v,3], g[v], ws[v], pl[v], m[v], al[v] }
}' "$out"/conv2x_*.yaml
