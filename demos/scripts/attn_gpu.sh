#!/usr/bin/env bash
# attn_gpu.sh: the attention demo on a GPU machine (made for the H200; under
# 5 minutes there). From the repository root:
#
#   OUT=/some/folder demos/scripts/attn_gpu.sh      (OUT defaults to
#                                                    build/demos/attn-gpu)
#
# 1. builds build/demos/attention (make demos: CUDA_ARCH native);
# 2. checks every GPU rung under compute-sanitizer memcheck and racecheck
#    at small, odd shapes (S = 130, D = 64 causal FP16 and D = 128 BF16),
#    and the hand-written rungs under initcheck and synccheck (D = 64
#    causal): exit 0, no sanitizer error, every rung ok;
# 3. times the ladder (three-kernel, cublas-softmax, flash-mma) at B = 4,
#    H = 16, S = 512 .. 16384, D = 64 and 128, causal and not: one YAML file
#    per shape under $OUT (attn-d<D>-<full|causal>-s<S>.yaml; a rung whose
#    S×S matrix does not fit says `record: "unsupported"` with the bytes);
# 4. prints a short table (ms, TFLOP/s, error per rung and shape) and
#    writes it to $OUT/summary.txt.
# Exit 0 only when the build, the sanitizer runs and every check passed.
set -u
cd "$(dirname "$0")/../.." || exit 1
OUT=${OUT:-build/demos/attn-gpu}
mkdir -p "$OUT"
FAIL=0
SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
BIN=build/demos/attention
GPU_RUNGS=three-kernel,cublas-softmax,flash-mma

make -j"$(nproc)" "$BIN" >"$OUT/build.log" 2>&1 || { echo "build failed: $OUT/build.log"; exit 1; }

# sanitize TOOL RUNGS SHAPE...: one small run under compute-sanitizer TOOL
sanitize() {
    tool=$1 rungs=$2; shift 2
    log="$OUT/san-$tool-$(echo "$*" | tr -d ' -').log"
    want=$(echo "$rungs" | tr ',' '\n' | wc -l)
    timeout 120 "$SAN" --tool "$tool" --error-exitcode 9 "$BIN" --b 1 --h 2 "$@" \
        --variants "$rungs" --reps 1 --format yaml >"$log" 2>&1
    rc=$?
    bad=$(grep -c 'ok: false' "$log")
    ran=$(grep -c '^- {record: "variant"' "$log")
    if [ "$rc" = 0 ] && [ "$bad" = 0 ] && [ "$ran" = "$want" ]; then st=ok; else st=FAIL; FAIL=1; fi
    printf '%-10s %-34s %s (exit %s, %s of %s rungs ran)\n' "$tool" "$*" "$st" "$rc" "$ran" "$want"
}
for tool in memcheck racecheck; do
    sanitize $tool "$GPU_RUNGS" --s 130 --d 64 --causal
    sanitize $tool "$GPU_RUNGS" --s 130 --d 128 --dtype bf16
done
# initcheck and synccheck on the hand-written kernels (cuBLAS's own are not ours)
for tool in initcheck synccheck; do
    sanitize $tool three-kernel,flash-mma --s 130 --d 64 --causal
done

field() { sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p"; }
SUM="$OUT/summary.txt"
printf '%-6s %-4s %-7s %-15s %10s %8s %9s %s\n' S D mask variant ms TFLOP/s rel_err note >"$SUM"
for d in 64 128; do
    for mask in full causal; do
        for s in 512 1024 2048 4096 8192 16384; do
            f="$OUT/attn-d$d-$mask-s$s.yaml"
            reps=; [ "$s" -ge 8192 ] && reps="--reps 3"; [ "$s" -ge 16384 ] && reps="--reps 1"
            timeout 120 "$BIN" --b 4 --h 16 --s "$s" --d "$d" \
                $([ $mask = causal ] && echo --causal) --variants "$GPU_RUNGS" $reps \
                --format yaml >"$f" 2>"$f.err"
            rc=$?
            [ "$rc" = 0 ] || { FAIL=1; echo "S=$s D=$d $mask: exit $rc (see $f.err)" >>"$SUM"; }
            grep -E '^- \{record: "(variant|unsupported)"' "$f" | while IFS= read -r line; do
                v=$(printf '%s' "$line" | field variant | tr -d '"')
                if printf '%s' "$line" | grep -q 'record: "unsupported"'; then
                    printf '%-6s %-4s %-7s %-15s %10s %8s %9s %s\n' "$s" "$d" "$mask" "$v" - - - \
                        "unsupported: $(printf '%s' "$line" | field reason)"
                else
                    okv=$(printf '%s' "$line" | field ok)
                    printf '%-6s %-4s %-7s %-15s %10s %8.5s %9s %s\n' "$s" "$d" "$mask" "$v" \
                        "$(printf '%s' "$line" | field ms)" "$(printf '%s' "$line" | field tflops)" \
                        "$(printf '%s' "$line" | field rel_err)" "$([ "$okv" = true ] || echo FAIL)"
                fi
            done >>"$SUM"
        done
    done
done
grep -q ' FAIL$' "$SUM" && FAIL=1
cat "$SUM"
echo "attn_gpu.sh: $([ $FAIL = 0 ] && echo all passed || echo FAILED); YAML and logs in $OUT"
exit $FAIL
