#!/usr/bin/env bash
# fusion_gpu.sh: the fusion demo on a GPU machine (made for the H200; about
# 3 minutes there). From the repository root:
#
#   OUT=/some/folder demos/scripts/fusion_gpu.sh    (OUT defaults to
#                                                    build/demos/fusion-gpu)
#
# 1. builds build/demos/fusion (make: CUDA_ARCH native);
# 2. checks every GPU rung (the hand ones, cuDNN's and cuBLASLt's) under
#    compute-sanitizer memcheck at small, odd shapes (a conv with 70
#    filters and a reduction of 45, padding 1; a GEMM of 65x67x17), and the
#    hand rungs under racecheck: exit 0, no sanitizer error, every rung ok;
# 3. times the four GPU rungs at ResNet-50's four 3x3 stages (N = 32:
#    conv2_x C = K = 64 at 56x56, conv3_x 128 at 28x28, conv4_x 256 at
#    14x14, conv5_x 512 at 7x7) and at two GEMMs (8192x3072x768, a
#    BERT-base MLP layer; 4096x4096x4096): one YAML file per shape under
#    $OUT (fusion-<shape>.yaml);
# 4. prints a short table per shape (ms, MB moved by the traffic model,
#    MB and time each fused rung saves against its unfused twin, error)
#    and writes it to $OUT/summary.txt.
# Exit 0 only when the build, the sanitizer runs and every check passed.
set -u
cd "$(dirname "$0")/../.." || exit 1
OUT=${OUT:-build/demos/fusion-gpu}
mkdir -p "$OUT"
FAIL=0
SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
BIN=build/demos/fusion
GPU_RUNGS=unfused,fused,lib-unfused,lib-fused

make -j"$(nproc)" "$BIN" >"$OUT/build.log" 2>&1 || { echo "build failed: $OUT/build.log"; exit 1; }

# sanitize TOOL RUNGS ARGS...: one small run under compute-sanitizer TOOL
sanitize() {
    tool=$1 rungs=$2; shift 2
    log="$OUT/san-$tool-$(echo "$*" | tr -d ' -').log"
    want=$(echo "$rungs" | tr ',' '\n' | wc -l)
    timeout 150 "$SAN" --tool "$tool" --error-exitcode 9 "$BIN" "$@" \
        --variants "$rungs" --reps 1 --format yaml >"$log" 2>&1
    rc=$?
    bad=$(grep -c 'ok: false' "$log")
    ran=$(grep -c '^- {record: "variant"' "$log")
    if [ "$rc" = 0 ] && [ "$bad" = 0 ] && [ "$ran" = "$want" ]; then st=ok; else st=FAIL; FAIL=1; fi
    printf '%-10s %-44s %s (exit %s, %s of %s rungs ran)\n' "$tool" "$*" "$st" "$rc" "$ran" "$want"
}
CONV_ODD="--n 2 --c 5 --h 9 --w 7 --k 70 --r 3 --s 3 --pad 1"
GEMM_ODD="--op gemm --m 65 --n 67 --k 17"
sanitize memcheck "$GPU_RUNGS" $CONV_ODD
sanitize memcheck "$GPU_RUNGS" $GEMM_ODD
sanitize racecheck unfused,fused $CONV_ODD
sanitize racecheck unfused,fused $GEMM_ODD

field() { sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p"; }
SUM="$OUT/summary.txt"
printf '%-9s %-12s %9s %9s %10s %9s %s\n' shape variant ms "MB moved" "MB saved" speedup \
    "rel_err / note" >"$SUM"
# one shape: NAME ARGS...
shape() {
    name=$1; shift
    f="$OUT/fusion-$name.yaml"
    timeout 120 "$BIN" "$@" --variants "$GPU_RUNGS" --format yaml >"$f" 2>"$f.err"
    rc=$?
    [ "$rc" = 0 ] || { FAIL=1; echo "$name: exit $rc (see $f.err)" >>"$SUM"; }
    grep -E '^- \{record: "(variant|unsupported)"' "$f" | while IFS= read -r line; do
        v=$(printf '%s' "$line" | field variant | tr -d '"')
        if printf '%s' "$line" | grep -q 'record: "unsupported"'; then
            printf '%-9s %-12s %9s %9s %10s %9s %s\n' "$name" "$v" - - - - \
                "unsupported: $(printf '%s' "$line" | field reason)"
            continue
        fi
        ms=$(printf '%s' "$line" | field ms)
        mb=$(printf '%s' "$line" | field model_bytes)
        saved=$(printf '%s' "$line" | field saved_bytes)
        twin=$(printf '%s' "$line" | field fused_of | tr -d '"')
        sp=-
        if [ -n "$twin" ]; then
            tms=$(grep "variant: \"$twin\"" "$f" | field ms)
            sp=$(awk -v a="$tms" -v b="$ms" 'BEGIN { if (a > 0 && b > 0) printf "x%.2f", a / b; else print "-" }')
        fi
        okv=$(printf '%s' "$line" | field ok)
        printf '%-9s %-12s %9.4f %9.1f %10s %9s %s%s\n' "$name" "$v" "$ms" \
            "$(awk -v b="$mb" 'BEGIN { print b / 1e6 }')" \
            "$([ -n "$saved" ] && awk -v b="$saved" 'BEGIN { printf "%.1f", b / 1e6 }' || echo -)" \
            "$sp" "$(printf '%s' "$line" | field rel_err)" "$([ "$okv" = true ] || echo ' FAIL')"
    done >>"$SUM"
}
c3() { echo "--n 32 --c $1 --h $2 --w $2 --k $1 --r 3 --s 3 --pad 1"; }
shape conv2_x $(c3 64 56)
shape conv3_x $(c3 128 28)
shape conv4_x $(c3 256 14)
shape conv5_x $(c3 512 7)
shape gemm-mlp --op gemm --m 8192 --n 3072 --k 768
shape gemm-4k --op gemm --m 4096 --n 4096 --k 4096
# what the fused cuDNN rung called: the graph API's plan, or the legacy call and why
for f in "$OUT"/fusion-conv*.yaml; do
    printf '%s lib-fused: %s\n' "$(basename "$f" .yaml)" \
        "$(grep 'variant: "lib-fused"' "$f" | field api)" >>"$SUM"
done
grep -q ' FAIL$' "$SUM" && FAIL=1
cat "$SUM"
echo "fusion_gpu.sh: $([ $FAIL = 0 ] && echo all passed || echo FAILED); YAML and logs in $OUT"
exit $FAIL
