#!/usr/bin/env bash
# The conv demo from the outside: help and --list, argument errors (exit 2),
# the output-shape formula through --shape-only, the CPU variants at odd
# sizes against the FP64 reference, the documented YAML fields, and the CPU
# fallback when no GPU is visible. Needs no GPU.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
ladder="$CK_ROOT/demos/conv/conv_ladder.h"
rows=$(ladder_rows "$ladder")
conv="$CK_BUILD/demos/conv"
[ -x "$conv" ] || skip_all "no $conv (make demos)"

out=$("$conv" --help); ok $? "--help exits 0"
for o in --n --c --h --w --k --r --s --pad --stride --dil --variants --reps \
         --cpu --quick --list --format; do
    like "$out" "^ +$o " "--help documents $o"
done

out=$("$conv" --list); ok $? "--list exits 0"
like "$rows" . "conv_ladder.h has rungs"
while read -r id rung kind; do
    like "$out" "^$id +$rung +$kind +[^ ]" "--list: $id is rung $rung of kind $kind, with a name"
done <<<"$rows"
is "$(printf '%s\n' "$out" | awk '{ print $1 }')" "$(printf '%s\n' "$rows" | awk '{ print $1 }')" \
    "--list: every rung of conv_ladder.h, in its order"

bad=("--frobnicate" "--n 0" "--n abc" "--k" "--pad -1" "--stride 0"
     "--variants naive,bogus" "--variants" "--format xml" "--reps 0"
     "--h 3 --r 5 --pad 0" "--w 4 --s 3 --dil 2 --pad 0" "--quick --n 4")
for a in "${bad[@]}"; do
    err=$("$conv" $a 2>&1 >/dev/null); rc=$?
    is "$rc" 2 "bad arguments '$a' exit 2"
    like "$err" "." "bad arguments '$a' say why on stderr"
done

# P = (H + 2*pad - dil*(R-1) - 1)/stride + 1, Q likewise: H R PAD STRIDE DIL P
shapes=("56 3 1 1 1 56" "224 7 3 2 1 112" "37 3 2 2 2 19" "5 5 0 1 1 1"
        "7 3 0 1 3 1" "10 1 0 3 1 4" "3 5 1 1 1 1" "8 2 0 2 1 4"
        "61 5 0 4 2 14" "9 1 4 1 1 17" "100 11 5 4 3 20")
for t in "${shapes[@]}"; do
    set -- $t
    got=$("$conv" --shape-only --h "$1" --r "$2" --w "$1" --s "$2" --pad "$3" \
          --stride "$4" --dil "$5")
    is "$got" "p=$6 q=$6" "shape H=$1 R=$2 pad=$3 stride=$4 dil=$5 gives $6"
done
got=$("$conv" --shape-only --h 9 --r 1 --w 9 --s 4 --pad 1 --stride 2 --dil 2)
is "$got" "p=6 q=3" "P and Q follow their own axes"

fields="record format demo variant rung kind label ok checked rel_err tol ms \
ms_min ms_max reps gflops pct_of_library pct_of_peak intensity gbs baseline n \
c h w k r s pad stride dil p q workspace model_bytes model_intensity model"
y=$("$conv" --quick --cpu --format yaml); ok $? "--quick --cpu --format yaml exits 0"
first=$(printf '%s\n' "$y" | head -1)
like "$first" '^- \{record: "device", format: 1, demo: "conv", live: false, reason: "(--cpu given|built without CUDA)"' \
    "the first record is the device, saying why there is no GPU"
is "$(printf '%s\n' "$y" | grep -c '^- {record: "variant"')" 2 "one record per CPU variant"
unlike "$y" '^[^-]|^-[^ ]' "every line is a YAML sequence item"
for v in cpu-naive cpu-blocked; do
    rec=$(printf '%s\n' "$y" | grep "variant: \"$v\"")
    for f in $fields; do
        like "$rec" "[{ ]$f: " "$v record has $f"
    done
    like "$rec" 'ok: true, checked: "fp64"' "$v passes the FP64 check"
    like "$rec" 'kind: "cpu"' "$v is of kind cpu"
done

# the whole output is one YAML sequence with typed values (PyYAML, if there)
if python3 -c 'import yaml' 2>/dev/null; then
    r=$("$conv" --quick --cpu --format yaml | python3 -c '
import sys, yaml
recs = yaml.safe_load(sys.stdin)
assert isinstance(recs, list) and recs[0]["record"] == "device", "device first"
v = [r for r in recs[1:] if r["record"] == "variant"]
assert len(v) == 2 and len(recs) == 3, "two variant records"
for r in v:
    assert r["ok"] is True and isinstance(r["ms"], float) and r["ms"] > 0
    assert isinstance(r["n"], int) and r["p"] == 28 and r["q"] == 28
    assert r["pct_of_library"] is None and r["baseline"] is False
print("parsed")' 2>&1)
    is "$r" parsed "the YAML output parses, with typed fields"
else
    ok 0 "# SKIP no PyYAML to parse the output"
fi

# a wrong result: reported failed, not timed, exit 3, the others still run
out=$(CK_DEMO_CORRUPT=cpu-blocked "$conv" --quick --cpu --reps 1 --format yaml); rc=$?
is "$rc" 3 "a spoilt result exits 3"
rec=$(printf '%s\n' "$out" | grep 'variant: "cpu-blocked"')
like "$rec" 'ok: false' "the spoilt variant is reported failed"
like "$rec" 'ms: ~' "a failed variant is not timed"
like "$rec" 'error: "output holds NaN' "its error says why"
like "$(printf '%s\n' "$out" | grep 'variant: "cpu-naive"')" 'ok: true' "the others still pass"

# off by one on the integer inputs (conv_exact.h): the normwise check on
# random inputs cannot see it; the exact check fails it
good=$("$conv" --quick --cpu --reps 1 --format yaml)
is "$(printf '%s\n' "$good" | grep -c 'kind: "cpu".*exact: true, max_err: 0, max_err_bound: ~')" 2 \
    "both CPU variants are exact on the integer inputs"
out=$(CK_DEMO_CORRUPT=cpu-blocked+1 "$conv" --quick --cpu --reps 1 --format yaml); rc=$?
is "$rc" 3 "one element off by one exits 3"
rec=$(printf '%s\n' "$out" | grep 'variant: "cpu-blocked"')
like "$rec" 'ok: false.*error: "integer inputs, not exact: y\[[0-9]+\]\[[0-9]+\]\[[0-9]+\]\[[0-9]+\] = [0-9]+, exactly [0-9]+".*exact: false' \
    "the exact check names the element and its exact value"
like "$rec" 'ms: ~' "and it is not timed"

# odd sizes with padding, stride and dilation: the demo's own FP64 check
odd=("--n 2 --c 3 --h 11 --w 13 --k 5 --r 3 --s 2 --pad 2 --stride 2 --dil 2"
     "--n 1 --c 7 --h 17 --w 9 --k 3 --r 5 --s 5 --pad 1 --stride 3"
     "--n 3 --c 1 --h 5 --w 31 --k 9 --r 1 --s 7 --dil 3"
     "--n 1 --c 2 --h 4 --w 4 --k 1 --r 4 --s 4 --pad 3")
for a in "${odd[@]}"; do
    y=$("$conv" --cpu --format yaml $a); rc=$?
    is "$rc" 0 "CPU variants at $a exit 0"
    is "$(printf '%s\n' "$y" | grep -c 'ok: true, checked: "fp64"')" 2 \
        "both CPU variants match FP64 at $a"
done

y=$(CUDA_VISIBLE_DEVICES="" "$conv" --format yaml 2>&1); rc=$?
is "$rc" 0 "no visible GPU: CPU fallback exits 0"
like "$(printf '%s\n' "$y" | head -1)" 'live: false, reason: "[^"]+"' \
    "the fallback says why"
is "$(printf '%s\n' "$y" | grep -c 'kind: "cpu".*ok: true')" 2 \
    "the fallback runs both CPU variants"
t=$(CUDA_VISIBLE_DEVICES="" "$conv" --format table); ok $? "table format exits 0"
like "$t" "cpu-blocked +cpu +ok" "the table lists the CPU variants"
like "$(printf '%s\n' "$t" | head -1)" "^conv  FP32 forward convolution y = conv\(x, w\), N=[0-9]+ C=[0-9]+ H=[0-9]+ W=[0-9]+ K=[0-9]+, [0-9]+x[0-9]+ filter$" \
	"the table opens with a header line like matmul's"
while read -r id rung kind; do
    [ "$kind" = cpu ] && like "$t" " $rung  $id +cpu " "the table shows $id as rung $rung (conv_ladder.h)"
done <<<"$rows"
like "$t" "CPU only: " "the table says why only the CPU ran"

# a build that found nvcc has every rung's kernel in it
if printf '%s\n' "$first" | grep -q 'built without CUDA'; then
    ok 0 "# SKIP built without nvcc"
else
    syms=$(nm "$conv" 2>/dev/null)
    for k in conv_naive_kernel conv_smem_direct_kernel conv_im2col_kernel \
             conv_col_gemm_kernel conv_igemm_rsc_kernel conv_igemm_async_kernel; do
        like "$syms" "$k" "the GPU build contains $k"
    done
fi
done_testing
