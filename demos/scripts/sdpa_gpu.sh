#!/usr/bin/env bash
# sdpa_gpu.sh: the attention demo's cuDNN rung (cudnn-sdpa) on a GPU
# machine, made for the H200 (about 3 minutes there). From the repository
# root:
#
#   OUT=/some/folder demos/scripts/sdpa_gpu.sh     (OUT defaults to
#                                                   build/demos/sdpa-gpu)
#
# 1. builds build/demos/attention (CUDA_ARCH native) and says which cuDNN
#    it found;
# 2. runs cudnn-sdpa under compute-sanitizer memcheck (S = 130, D = 64
#    causal FP16 and D = 128 BF16): exit 0, no sanitizer error, the rung
#    ran and passed its FP64 check; and racecheck (D = 64 causal), which
#    is reported but does not fail the script: the kernel is cuDNN's, with
#    Hopper's asynchronous copies the tool may not follow (read its log);
# 3. proves the check bites: CK_DEMO_CORRUPT=cudnn-sdpa must exit 3 with
#    the rung failed and untimed;
# 4. proves a rung whose S×S matrix does not fit declines with its bytes
#    instead of crashing: S = 32768, B·H = 64 (three-kernel 256 GiB,
#    cublas-softmax 384 GiB) must exit 0 with both `unsupported` and a
#    GiB figure;
# 5. times cudnn-sdpa beside flash-mma and cublas-softmax (three-kernel
#    too up to S = 4096) at B = 4, H = 16, S = 1024, 4096, 16384, D = 64
#    and 128, non-causal FP16, plus S = 4096 causal FP16 and BF16; one
#    YAML file per shape under $OUT and a table in $OUT/summary.txt with
#    flash-mma's share of cuDNN's speed per shape.
# Exit 0 only when every step passed.
set -u
cd "$(dirname "$0")/../.." || exit 1
OUT=${OUT:-build/demos/sdpa-gpu}
mkdir -p "$OUT"
FAIL=0
SAN=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
BIN=build/demos/attention

make -j"$(nproc)" "$BIN" >"$OUT/build.log" 2>&1 || { echo "build failed: $OUT/build.log"; exit 1; }
field() { sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p"; }
probe=$("$BIN" --quick --variants cudnn-sdpa --reps 1 --format yaml 2>&1)
echo "cuDNN: $(printf '%s\n' "$probe" | head -1 | field cudnn | tr -d '"')"
# a decline: cuDNN's own log says why each engine refused the graph
if printf '%s\n' "$probe" | grep -q 'record: "unsupported"'; then
    CUDNN_LOGLEVEL_DBG=2 CUDNN_LOGDEST_DBG="$OUT/cudnn-why.log" "$BIN" --quick \
        --variants cudnn-sdpa --reps 1 --format yaml >/dev/null 2>&1
    echo "cudnn-sdpa declined; the engines' reasons (all in $OUT/cudnn-why.log):"
    grep -o 'Reason: .*' "$OUT/cudnn-why.log" | sort | uniq -c | sort -rn | head -12
fi

verdict() { # verdict NAME OK? DETAIL [info: report only]
    if [ "$2" = 1 ]; then st=ok; elif [ "${4:-}" = info ]; then st=NOTE; else st=FAIL; FAIL=1; fi
    printf '%-44s %-4s %s\n' "$1" "$st" "$3"
}

# 2. sanitizers: sanitize gate|info TOOL SHAPE...
sanitize() {
    gate=$1 tool=$2; shift 2
    log="$OUT/san-$tool-$(echo "$*" | tr -d ' -').log"
    timeout 90 "$SAN" --tool "$tool" --error-exitcode 9 "$BIN" --b 1 --h 2 "$@" \
        --variants cudnn-sdpa --reps 1 --format yaml >"$log" 2>&1
    rc=$?
    line=$(grep '^- {record: "variant"' "$log")
    why=$(grep '^- {record: "unsupported"' "$log" | field reason)
    good=0; [ "$rc" = 0 ] && [ "$(printf '%s' "$line" | field ok)" = true ] && good=1
    verdict "$tool $*" $good "exit $rc${why:+, declined: $why}; $log" "$gate"
}
sanitize gate memcheck --s 130 --d 64 --causal
sanitize gate memcheck --s 130 --d 128 --dtype bf16
sanitize info racecheck --s 130 --d 64 --causal

# 3. a spoiled output must fail the check, exit 3, not be timed
out=$(CK_DEMO_CORRUPT=cudnn-sdpa "$BIN" --b 1 --h 2 --s 256 --variants cudnn-sdpa --reps 1 \
      --format yaml 2>&1); rc=$?
line=$(printf '%s\n' "$out" | grep '^- {record: "variant"')
good=0
[ "$rc" = 3 ] && [ "$(printf '%s' "$line" | field ok)" = false ] && \
    [ "$(printf '%s' "$line" | field ms)" = "~" ] && good=1
verdict "CK_DEMO_CORRUPT=cudnn-sdpa fails the check" $good "exit $rc"

# 4. S×S matrices that cannot fit: declined with their bytes, no crash
out=$("$BIN" --b 4 --h 16 --s 32768 --d 64 --variants three-kernel,cublas-softmax --reps 1 \
      --format yaml 2>&1); rc=$?
n=$(printf '%s\n' "$out" | grep '^- {record: "unsupported"' | grep -c 'GiB')
verdict "S 32768: unfused rungs decline with GiB" "$([ "$rc" = 0 ] && [ "$n" = 2 ] && echo 1)" \
    "exit $rc, $n of 2: $(printf '%s\n' "$out" | grep -m1 unsupported | field reason)"

# 5. the table
SUM="$OUT/summary.txt"
printf '%-6s %-4s %-7s %-5s %-15s %10s %8s %9s %s\n' S D mask type variant ms TFLOP/s rel_err note \
    >"$SUM"
shape() { # shape S D MASK TYPE
    s=$1 d=$2 mask=$3 type=$4
    rungs=cublas-softmax,flash-mma,cudnn-sdpa
    [ "$s" -le 4096 ] && rungs=three-kernel,$rungs
    f="$OUT/sdpa-d$d-$mask-$type-s$s.yaml"
    reps=; [ "$s" -ge 16384 ] && reps="--reps 5"
    timeout 120 "$BIN" --b 4 --h 16 --s "$s" --d "$d" --dtype "$type" \
        $([ "$mask" = causal ] && echo --causal) --variants "$rungs" $reps \
        --format yaml >"$f" 2>"$f.err"
    rc=$?
    [ "$rc" = 0 ] || { FAIL=1; echo "S=$s D=$d $mask $type: exit $rc (see $f.err)" >>"$SUM"; }
    flash='' cudnn=''
    while IFS= read -r line; do
        v=$(printf '%s' "$line" | field variant | tr -d '"')
        if printf '%s' "$line" | grep -q 'record: "unsupported"'; then
            printf '%-6s %-4s %-7s %-5s %-15s %10s %8s %9s %s\n' "$s" "$d" "$mask" "$type" "$v" \
                - - - "unsupported: $(printf '%s' "$line" | field reason)"
            [ "$v" = cudnn-sdpa ] && FAIL=1
            continue
        fi
        ms=$(printf '%s' "$line" | field ms)
        [ "$v" = flash-mma ] && flash=$ms
        [ "$v" = cudnn-sdpa ] && cudnn=$ms
        okv=$(printf '%s' "$line" | field ok)
        printf '%-6s %-4s %-7s %-5s %-15s %10s %8.5s %9s %s\n' "$s" "$d" "$mask" "$type" "$v" \
            "$ms" "$(printf '%s' "$line" | field tflops)" \
            "$(printf '%s' "$line" | field rel_err)" "$([ "$okv" = true ] || echo FAIL)"
    done < <(grep -E '^- \{record: "(variant|unsupported)"' "$f")
    if [ -n "$flash" ] && [ -n "$cudnn" ]; then
        awk -v f="$flash" -v c="$cudnn" -v s="$s" -v d="$d" -v m="$mask" -v t="$type" \
            'BEGIN { printf "%-6s %-4s %-7s %-5s flash-mma at %.0f%% of cudnn-sdpa speed\n", s, d, m, t, 100 * c / f }'
    fi
}
for d in 64 128; do
    for s in 1024 4096 16384; do
        shape "$s" "$d" full fp16 >>"$SUM"
    done
done
shape 4096 64 causal fp16 >>"$SUM"
shape 4096 64 full bf16 >>"$SUM"
grep -q ' FAIL$' "$SUM" && FAIL=1
cat "$SUM"
echo "sdpa_gpu.sh: $([ $FAIL = 0 ] && echo all passed || echo FAILED); YAML and logs in $OUT"
exit $FAIL
