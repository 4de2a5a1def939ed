#!/usr/bin/env bash
# The demo sources build both ways: every .cu file compiles with nvcc when
# it is present (CI has nvcc but no GPU): `make` has just compiled them into
# $CK_BUILD, so this checks that each has its object there, up to date, rather
# than compiling them again; and a build without nvcc (a small one of its own)
# gives programs that run their CPU variants and say 'built without CUDA'.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
NVCC=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
# a build made CPU-only on purpose (make NVCC=, its stamp flags-0-*) asked
# for no nvcc: its checks are then a build with nvcc's, as on a machine
# without one
if [ -n "$NVCC" ] && ls "$CK_BUILD"/demos/obj/flags-0-* >/dev/null 2>&1; then
    echo "# $CK_BUILD was built without nvcc (NVCC=): nvcc's checks are skipped"
    NVCC=
fi
# make's view of the toolkit: `make -pn` prints the variables it settled on
mkvar() { # mkvar NAME MAKE-ARGS...: the value make gives NAME
    local n=$1; shift
    make -f demos/demos.mk -pn demos "$@" 2>/dev/null | sed -n "s/^$n := //p" | head -1
}
missing=
[ -n "$NVCC" ] && missing=$(mkvar DEMO_CUDA_MISSING)
if [ -n "$NVCC" ] && [ -z "$missing" ]; then
    for f in demos/common/*.cu demos/matmul/*.cu $(ls demos/conv/*.cu 2>/dev/null); do
        o="$CK_BUILD/demos/obj/$f.o"
        [ -f "$o" ] && make -q -f demos/demos.mk BUILD="$CK_BUILD" "$o" 2>/dev/null
        ok $? "nvcc compiled $f (${o#"$CK_BUILD"/}, up to date)"
    done
    # the bench's tf32 ceiling program (demos/scripts/tf32_ceiling.cu) is
    # built only by its script on a GPU: here its front end and device code
    # (nvcc -cuda), so a change to the rung it includes cannot break it unseen
    "$NVCC" -std=c++17 -cuda -gencode arch=compute_90,code=sm_90 -Idemos/common -Idemos/matmul \
        demos/scripts/tf32_ceiling.cu -o "$T_TMP/tf32_ceiling.ii" >"$T_TMP/tf32c.log" 2>&1
    ok $? "nvcc compiles demos/scripts/tf32_ceiling.cu (front end and device code)"
    sed 's/^/#   /' "$T_TMP/tf32c.log" | head -10
    # the best rung's split and stream-K kernels start under the kernel that
    # zeroes C, and the reduction of a split into parts under the product
    # (programmatic dependent launch): in their PTX for 9.0 the wait comes
    # before the first write, and the zeroing kernel and the product into
    # parts let the next kernel start before their own first store; for 8.0
    # neither instruction exists (so the host launches those early only for
    # 9.0 code)
    printf '%s\n' '#include "05_best.cuh"' \
        'template __global__ void mm_best_kernel<64, 64, 8, 4, 8, false, BEST_ADD>(int, int, int, int, const float *, const float *, float *);' \
        'template __global__ void mm_best_kernel<64, 64, 8, 4, 8, true, BEST_PARTS>(int, int, int, int, const float *, const float *, float *);' \
        'template __global__ void mm_best_kernel<64, 64, 8, 4, 8, true, BEST_STORE>(int, int, int, int, const float *, const float *, float *);' \
        'template __global__ void mm_best_sk_kernel<64, 64, 8, 4, 8, true>(int, int, int, const float *, const float *, float *);' \
        >"$T_TMP/pdl.cu"
    pdl_order() { # PTX: per kernel, "name wait release first-load first-write" (line numbers, 0: none)
        awk '/^\.visible \.entry/ { name = $3; sub(/\(.*/, "", name); order[++n] = name
                                     w[name] = r[name] = l[name] = f[name] = 0 }
             /griddepcontrol\.wait/ && !w[name] { w[name] = NR }
             /griddepcontrol\.launch_dependents/ && !r[name] { r[name] = NR }
             /ld\.global/ && !l[name] { l[name] = NR }
             /(st|red|atom)\.global/ && !f[name] { f[name] = NR }
             END { for (i = 1; i <= n; i++) { k = order[i]; print k, w[k], r[k], l[k], f[k] } }' "$1"
    }
    for arch in 90 80; do
        "$NVCC" -std=c++17 -ptx -arch=compute_$arch -Idemos/common -Idemos/matmul "$T_TMP/pdl.cu" \
            -o "$T_TMP/pdl$arch.ptx" >"$T_TMP/pdl.log" 2>&1
        ok $? "nvcc: the best rung's split kernels to PTX for compute_$arch"
        sed 's/^/#   /' "$T_TMP/pdl.log" | head -5
    done
    # stream-K and mm_best_kernel with BEST_ADD (its last template argument
    # 1, mangled "Li1EEv") wait before their first store into C; the
    # reduction waits before its first load of the parts; the zeroing kernel
    # and the product into parts (BEST_PARTS, "Li2EEv") release before
    # their first store and do not wait; the plain product (BEST_STORE)
    # does neither
    bad=$(pdl_order "$T_TMP/pdl90.ptx" | awk '
        { n++; name = $1; w = $2; r = $3; ld = $4; st = $5 }
        name ~ /mm_best_sk_kernel|Li1EEv/ && !(w > 0 && w < st) { print "no wait before the first store: " name }
        name ~ /best_reduce_kernel/ && !(w > 0 && w < ld && ld > 0) { print "no wait before the first load: " name }
        name ~ /best_zero_kernel|Li2EEv/ && !(r > 0 && r < st && w == 0) { print "no release before the first store (or a wait): " name }
        name !~ /best_zero_kernel|best_reduce_kernel|mm_best_sk_kernel|Li[12]EEv/ && w + r > 0 { print "waits or releases though launched the ordinary way: " name }
        END { if (n < 6) print "only " n + 0 " kernels in the PTX" }')
    is "$bad" "" "9.0: the zeroing kernel and the product into parts release before their first store, split and stream-K kernels wait before theirs, the reduction before its first load"
    is "$(grep -c griddepcontrol "$T_TMP/pdl80.ptx")" 0 "8.0: no griddepcontrol in the code (launched the ordinary way)"
else
    echo "ok 1 # SKIP ${NVCC:-no nvcc}${missing:+ without $missing}: .cu sources not compiled"
    T_N=1
fi

if [ -n "$NVCC" ] && [ -z "$missing" ]; then
    # nvcc as a wrapper script outside the toolkit (a /usr/local/bin/nvcc
    # that execs the real one): the headers are still found, through TOP=
    mkdir -p "$T_TMP/wrap"
    printf '#!/bin/sh\nexec %s "$@"\n' "$NVCC" >"$T_TMP/wrap/nvcc"
    chmod +x "$T_TMP/wrap/nvcc"
    inc=$(mkvar DEMO_CUDA_INC NVCC="$T_TMP/wrap/nvcc")
    ok "$([ -f "${inc}cuda_runtime.h" ]; echo $?)" "a wrapper nvcc still finds the toolkit's headers ($inc)"
    is "$(mkvar DEMO_HAVE_CUDA NVCC="$T_TMP/wrap/nvcc")" 1 "a wrapper nvcc builds the GPU variants"
fi
if [ -n "$NVCC" ]; then
    # headers that cannot be found: CPU variants, and make says which
    warn=$(make -f demos/demos.mk -pn demos DEMO_CUDA_HOME="$T_TMP/no-cuda" 2>&1 >/dev/null)
    like "$warn" 'found but not cuda_runtime.h cublas_v2.h; building the CPU variants only' \
        "missing CUDA headers are named in a warning"
    is "$(mkvar DEMO_HAVE_CUDA DEMO_CUDA_HOME="$T_TMP/no-cuda")" 0 "missing CUDA headers give a CPU-only build, not a failed one"
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
