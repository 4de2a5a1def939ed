#!/usr/bin/env bash
# ck-test: quick
# devinfo from the outside, without a GPU: --help, argument errors, the YAML
# device record with its documented fields, the readable table, and the
# reason it gives when no GPU is visible.
. "$(dirname "$0")/lib.bash"
di="$CK_BUILD/demos/devinfo"
[ -x "$di" ] || skip_all "no $di (make demos)"

out=$("$di" --help); ok $? "--help exits 0"
like "$out" "usage: devinfo" "--help shows usage"
for a in --frobnicate "--format xml" "--reps x"; do
    err=$("$di" $a 2>&1 >/dev/null); rc=$?
    is "$rc" 2 "bad argument '$a' exits 2"
    like "$err" "." "bad argument '$a' says why"
done

out=$(CUDA_VISIBLE_DEVICES="" "$di" --format yaml); rc=$?
is "$rc" 0 "no visible GPU: exit 0"
is "$(printf '%s\n' "$out" | wc -l | tr -d ' ')" 1 "one record"
like "$out" '^- \{record: "device", format: 1, demo: "devinfo", live: (true|false), ' \
    "record, format, demo and live come first"
for f in reason date command cpu_name cpu_threads; do
    like "$out" "[{ ]$f: " "device record has $f"
done
if printf '%s\n' "$out" | grep -q 'live: false'; then
    like "$out" 'reason: "(no CUDA|built without CUDA)' "the reason says why there is no GPU"
fi
out=$("$di" --cpu --format yaml)
like "$out" 'live: false, reason: "(--cpu given|built without CUDA)"' "--cpu: not live, and says so"

out=$(CUDA_VISIBLE_DEVICES="" "$di" --format table); rc=$?
is "$rc" 0 "table exits 0"
like "$out" "^CPU +.*threads" "table names the CPU"
like "$out" "^GPU +none: " "table says there is no GPU"
done_testing
