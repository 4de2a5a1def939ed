#!/bin/sh
# tf32_ceiling.sh [N]: builds demos/scripts/tf32_ceiling.cu (the matmul
# tf32-mma rung and mma.sync alone, each beside cuBLAS TF32 in alternating
# pairs of runs; see its opening comment) with nvcc for this GPU and runs it
# at N^3 (default 4096). Needs nvcc, cuBLAS and a GPU of compute capability
# 8.0 or newer (on an older one it says so and exits 0); `make bench` runs
# it after the Tensor Core targets, before the conv stages and the sweep.
set -u
here=$(dirname "$0")
root=$here/../..
N=${1:-4096}
NVCC=$(command -v "${NVCC:-nvcc}" || command -v /usr/local/cuda/bin/nvcc) ||
    { echo "tf32_ceiling: no nvcc" >&2; exit 1; }
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1 | tr -d ' ')
case $cc in
'' ) echo "tf32_ceiling: nvidia-smi names no GPU" >&2; exit 1 ;;
[0-7].*) echo "tf32 ceiling: not measured (compute capability $cc; mma.sync TF32 needs 8.0)"; exit 0 ;;
esac
# the toolkit's cuBLAS, found again at run time (nvcc's own lib folder)
lib=$(cd "$(dirname "$NVCC")/.." && pwd)/lib64
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ck-tf32c.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
# on sm_90 for sm_90a, as the demo builds the rung's TMA feed (demos.mk)
case $cc in
9.0) arch="-gencode arch=compute_90a,code=sm_90a -DMM_SM90A=1" ;;
*) arch=-arch=native ;;
esac
"$NVCC" -std=c++17 -O3 $arch -I"$root/demos/common" -I"$root/demos/matmul" \
    "$here/tf32_ceiling.cu" "$root/demos/common/check.c" -o "$tmp/tf32_ceiling" \
    -L"$lib" -Xlinker -rpath="$lib" -lcublas ||
    { echo "tf32_ceiling: the build failed" >&2; exit 1; }
"$tmp/tf32_ceiling" "$N"
