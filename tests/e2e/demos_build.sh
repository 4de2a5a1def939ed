#!/usr/bin/env bash
# The demo sources build both ways: every .cu file compiles with nvcc when
# it is present (CI has nvcc but no GPU), and a build without nvcc gives
# programs that run their CPU variants and say 'built without CUDA'.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
NVCC=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
if [ -n "$NVCC" ]; then
    for f in demos/common/*.cu demos/matmul/*.cu $(ls demos/conv/*.cu 2>/dev/null); do
        "$NVCC" -std=c++17 -O1 -gencode arch=compute_90,code=sm_90 -DCK_HAVE_CUDA=1 \
            -Idemos/common -I"$(dirname "$f")" -c "$f" -o "$T_TMP/x.o" \
            >"$T_TMP/nvcc.log" 2>&1
        ok $? "nvcc compiles $f"
        [ -s "$T_TMP/nvcc.log" ] && sed 's/^/#   /' "$T_TMP/nvcc.log" | head -20
    done
else
    echo "ok 1 # SKIP no nvcc: .cu sources not compiled"
    T_N=1
fi

nb="$T_TMP/nocuda"
make -s -f demos/demos.mk "$T_TMP/nocuda/demos/matmul" "$T_TMP/nocuda/demos/devinfo" \
    BUILD="$nb" NVCC= >"$T_TMP/make.log" 2>&1
ok $? "CPU-only build (NVCC=) of matmul and devinfo"
[ $? -eq 0 ] || sed 's/^/#   /' "$T_TMP/make.log" | tail -20
out=$("$nb/demos/matmul" --quick --format yaml); rc=$?
is "$rc" 0 "CPU-only matmul exits 0"
like "$out" 'live: false, reason: "built without CUDA"' "CPU-only matmul says 'built without CUDA'"
like "$out" 'variant: "cpu-blocked".*ok: true' "CPU-only matmul runs its CPU variants"
out=$("$nb/demos/devinfo" --format yaml)
like "$out" 'reason: "built without CUDA"' "CPU-only devinfo says 'built without CUDA'"
if command -v ldd >/dev/null && [ -x "$CK_BUILD/demos/matmul" ]; then
    unlike "$(ldd "$CK_BUILD/demos/matmul")" 'libcudart|libcublas|libcudnn|ncurses|yaml' \
        "matmul links no cudart/cuBLAS/cuDNN/ncurses/libyaml shared library"
fi
done_testing
