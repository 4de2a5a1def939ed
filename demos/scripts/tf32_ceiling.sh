#!/bin/sh
# tf32_ceiling.sh [N]: builds demos/scripts/tf32_ceiling.cu (the matmul
# tf32-mma rung and mma.sync alone, each beside cuBLAS TF32 in alternating
# pairs of runs; see its opening comment) with nvcc for this GPU and runs it
# at N^3 (default 4096). Needs nvcc, cuBLAS and a GPU of compute capability
# 8.0 or newer; `make bench` runs it after the matmul sweep.
set -u
here=$(dirname "$0")
root=$here/../..
N=${1:-4096}
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
[ -x "$NVCC" ] || { echo "tf32_ceiling: no nvcc" >&2; exit 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ck-tf32c.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
"$NVCC" -std=c++17 -O3 -arch=native -I"$root/demos/common" -I"$root/demos/matmul" \
    "$here/tf32_ceiling.cu" "$root/demos/common/check.c" -o "$tmp/tf32_ceiling" -lcublas \
    || { echo "tf32_ceiling: the build failed" >&2; exit 1; }
"$tmp/tf32_ceiling" "$N"
