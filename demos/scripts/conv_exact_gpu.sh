#!/usr/bin/env bash
# conv_exact_gpu.sh: the conv demo's integer-input check and cuDNN's
# poisoned workspace on a GPU machine, made for the H200 (about 2 minutes
# there). From the repository root:
#
#   OUT=/some/folder demos/scripts/conv_exact_gpu.sh   (OUT defaults to
#                                                       build/demos/conv-exact)
#
# 1. builds build/demos/conv and says which cuDNN it found;
# 2. runs every GPU rung at the four ResNet-50 3x3 stages (N = 32; C = K =
#    64, 128, 256, 512 at 56, 28, 14, 7): exit 0, and every sums-of-products
#    rung (hand and cuDNN FMA) exact: true on the integer inputs; Winograd's
#    max_err within max_err_bound (conv/conv_exact.h, conv/conv_wg_bound.h);
# 3. proves the checks bite at conv2_x: CK_DEMO_CORRUPT=implicit-gemm+1 and
#    =cudnn-implicit-gemm+1 (one element off by one, which the normwise
#    check passes) must exit 3 with "not exact"; CK_DEMO_CORRUPT=
#    cudnn-implicit-precomp-gemm+ws (a read of workspace never written)
#    must exit 3 with NaN in the output;
# 4. prints a table last: per stage and rung, ok, exact, max_err, bound,
#    rel_err (random inputs) and ms.
# Exit 0 only when every step passed.
set -u
cd "$(dirname "$0")/../.." || exit 1
OUT=${OUT:-build/demos/conv-exact}
mkdir -p "$OUT"
FAIL=0
BIN=build/demos/conv
lib=$(find /usr /opt -name 'libcudnn.so.9' 2>/dev/null | head -1)
[ -n "$lib" ] && export LD_LIBRARY_PATH="$(dirname "$lib")${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
make -j"$(nproc)" "$BIN" >"$OUT/build.log" 2>&1 || { echo "build failed: $OUT/build.log"; exit 1; }
verdict() { # what, good (0/1), detail
    if [ "$2" = 1 ]; then echo "PASS $1"; else echo "FAIL $1 ($3)"; FAIL=1; fi
}
gpu=$("$BIN" --list | awk '$3 == "hand" || $3 == "library" {printf "%s%s", s, $1; s=","}')
stages=("64 56" "128 28" "256 14" "512 7")
for st in "${stages[@]}"; do
    set -- $st
    f="$OUT/stage-c$1.yaml"
    timeout 120 "$BIN" --n 32 --c "$1" --k "$1" --h "$2" --w "$2" --r 3 --s 3 --pad 1 \
        --variants "$gpu" --format yaml >"$f" 2>"$OUT/stage-c$1.err"
    rc=$?
    echo "cuDNN: $(head -1 "$f" | grep -o 'cudnn: "[^"]*"')" >"$OUT/cudnn.txt"
    verdict "C=K=$1 ${2}x$2: exit 0" "$([ $rc = 0 ] && echo 1)" "exit $rc, $OUT/stage-c$1.err"
    notexact=$(grep -E 'variant: "(naive|smem-direct|im2col-gemm|implicit-gemm|cudnn-implicit-gemm|cudnn-implicit-precomp-gemm|cudnn-gemm|cudnn-direct)"' "$f" |
        grep 'record: "variant"' | grep -vc 'exact: true')
    verdict "C=K=$1: every sums-of-products rung exact" "$([ "$notexact" = 0 ] && echo 1)" "$notexact not"
    over=$(grep -E 'variant: "winograd4?"' "$f" | grep -c 'ok: false')
    verdict "C=K=$1: Winograd within its bound" "$([ "$over" = 0 ] && echo 1)" "$over over"
done
cat "$OUT/cudnn.txt"
mutate() { # hook, variants, what the error must say
    local o
    o=$(CK_DEMO_CORRUPT="$1" timeout 120 "$BIN" --variants "$2" --reps 3 --format yaml 2>&1)
    local rc=$?
    printf '%s\n' "$o" >"$OUT/mutate-$1.yaml"
    verdict "CK_DEMO_CORRUPT=$1 exits 3 ($3)" \
        "$([ $rc = 3 ] && printf '%s\n' "$o" | grep 'ok: false' | grep -q "$3" && echo 1)" "exit $rc"
}
mutate implicit-gemm+1 implicit-gemm "not exact"
mutate cudnn-implicit-gemm+1 cudnn-implicit-gemm "not exact"
mutate cudnn-implicit-precomp-gemm+ws cudnn-implicit-precomp-gemm "NaN"
echo
printf '%-6s %-28s %-5s %-6s %-10s %-10s %-10s %s\n' stage variant ok exact max_err bound rel_err ms
for st in "${stages[@]}"; do
    set -- $st
    awk -v c="$1" -F', ' '/record: "variant"/ {
        delete f
        for (i = 1; i <= NF; i++) { split($i, kv, ": "); gsub(/[{}"]/, "", kv[2]); f[kv[1]] = kv[2] }
        printf "C=%-4s %-28s %-5s %-6s %-10s %-10s %-10s %s\n", c, f["variant"], f["ok"], f["exact"],
            f["max_err"], f["max_err_bound"], f["rel_err"], f["ms"]
    }' "$OUT/stage-c$1.yaml"
done
[ $FAIL = 0 ] && echo "all passed" || echo "SOME FAILED"
exit $FAIL
