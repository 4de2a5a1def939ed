#!/usr/bin/env bash
# ck-test: long
# `cudakitchen drill` for people who live in their own editor: list, start
# (the path of the learner's copy, never written over), check (exit 0 on a
# pass, 1 on a fail, 2 on a usage error; --format yaml), hint (counted in
# progress), solution (refused before a pass unless --yes), reset (a
# backup kept), check of the learner's copy (recorded in progress), and a
# drill in a class that lints clean.  check --watch: drills_watch.sh.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
CXX=${CXX:-$(command -v c++ || command -v g++)}
[ -n "$CXX" ] || skip_all "no C++ compiler"
export XDG_CACHE_HOME="$T_TMP/cache" CK_DRILL_BACKEND=cpu
ck() { "$CK_BIN" "$@"; }

out=$(ck drill list)
like "$out" '^01 +vector-add +not started' "drill list: id and state"
is "$(ck drill list | wc -l)" "$(ls -d drills/[0-9][0-9]-*/ | wc -l)" "drill list: every drill"
path=$(ck drill start vector-add)
is "$path" "$XDG_DATA_HOME/cudakitchen/drills/vector-add.cu" "drill start prints the copy's path"
cmp -s "$path" drills/01-vector-add/starter.cu
ok $? "the copy is the starter"
echo '// mine' >>"$path"
ck drill start vector-add >/dev/null
grep -q '// mine' "$path"
ok $? "drill start again never writes over the learner's copy"
ck drill check nosuch >/dev/null 2>&1; is $? 2 "an unknown drill is a usage error (2)"
ck drill check >/dev/null 2>&1; is $? 2 "no drill named is a usage error (2)"
ck drill check --format xml vector-add >/dev/null 2>&1; is $? 2 "an unknown format is a usage error (2)"

ck drill check vector-add drills/01-vector-add/reference.cu --format yaml >"$T_TMP/y" 2>"$T_TMP/e"
is $? 0 "a passing file exits 0"
like "$(cat "$T_TMP/y")" 'verdict: pass' "--format yaml: the verdict"
like "$(cat "$T_TMP/y")" 'findings: \[\]' "--format yaml: no findings"
ck drill check vector-add tests/drills/01-vector-add/bounds-le.cu >"$T_TMP/t" 2>&1
is $? 1 "a failing file exits 1"
like "$(cat "$T_TMP/t")" 'out of bounds: read of size 4 at .*bounds-le\.cu:7' "out of bounds: the access and the learner's line"
like "$(cat "$T_TMP/t")" 'by block \([0-9]+, 0, 0\) thread \([0-9]+, 0, 0\)' "and the CUDA thread that did it"

out=$(ck drill hint vector-add)
like "$out" '^1/2: ' "drill hint: the first hint"
out=$(ck drill hint vector-add)
like "$out" '^2/2: ' "drill hint again: the next one (hints are counted)"
grep -q 'id: "vector-add", attempts: 0, hints: 2' "$XDG_STATE_HOME/cudakitchen/progress.yaml"
ok $? "the hints are in progress.yaml"
ck drill solution vector-add >/dev/null 2>"$T_TMP/e"; is $? 1 "drill solution before a pass is refused"
like "$(cat "$T_TMP/e")" '--yes' "and says how to give up the points"
ck drill solution --yes vector-add | grep -q 'i += stride'
ok $? "drill solution --yes shows the reference"
ck drill reset --yes vector-add >"$T_TMP/r"
like "$(cat "$T_TMP/r")" 'kept your copy as .*vector-add\.cu\.1\.bak' "drill reset keeps a backup"
grep -q '// mine' "$path.1.bak"
ok $? "with the learner's work in it"

# a check of the learner's own copy (no FILE) is recorded (--watch:
# drills_watch.sh)
cp drills/01-vector-add/reference.cu "$path.new" && mv "$path.new" "$path"
ck drill check vector-add >"$T_TMP/w" 2>&1
is $? 0 "drill check ID checks the learner's copy: a pass"
like "$(cat "$T_TMP/w")" 'verdict: PASSED' "and says so"
grep -q 'id: "vector-add", attempts: [1-9][0-9]*, hints: 2, passed: true' "$XDG_STATE_HOME/cudakitchen/progress.yaml"
ok $? "the pass is recorded in progress"
like "$(ck drill list)" '01 +vector-add +passed ' "drill list shows it"

# --gpu on a machine without one says so, and records nothing
if [ ! -e /dev/nvidia0 ]; then
    before=$(cat "$XDG_STATE_HOME/cudakitchen/progress.yaml")
    ck drill check --gpu saxpy-float4 drills/02-saxpy-float4/reference.cu >"$T_TMP/g" 2>&1
    is $? 1 "drill check --gpu without a GPU: exit 1"
    like "$(cat "$T_TMP/g")" 'cannot check here: no NVIDIA GPU here \(no /dev/nvidia0\): check without --gpu' \
        "it says there is no GPU, not that the learner's program crashed"
    unlike "$(cat "$T_TMP/g")" 'crashed|exited with status' "no crash reported"
    is "$(cat "$XDG_STATE_HOME/cudakitchen/progress.yaml")" "$before" "and progress is untouched"
fi

# a class with one drill of its own, made from vector-add: lints clean
cls="$T_TMP/class"
mkdir -p "$cls/lessons/en" "$cls/drills/50-double" "$cls/drills/en"
grep -v "^see:" lessons/en/01-kitchen.yaml >"$cls/lessons/en/01-kitchen.yaml"
sed 's/^id: vector-add/id: double/' drills/01-vector-add/drill.yaml >"$cls/drills/50-double/drill.yaml"
cat >"$cls/drills/50-double/starter.cu" <<'CU'
// double every element of x in place
__global__ void double_all(float *x, int n)
{
    (void)x, (void)n; // TODO
}
CU
cat >"$cls/drills/50-double/reference.cu" <<'CU'
__global__ void double_all(float *x, int n)
{
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
        x[i] *= 2.0f;
}
CU
cat >"$cls/drills/50-double/harness.cu" <<'CU'
// harness for double: x = 2 x in place, at most 8 blocks of 256 threads
#include "drill.h"

__global__ void double_all(float *x, int n);

int main(int argc, char **argv)
{
    ck_drill d(argc, argv);
    for (int i = 0; i < d.count(); i++) {
        if (!d.begin(i))
            continue;
        long n = d.size(i).n;
        std::vector<float> x(n), want(n), before(n);
        ck_fill(x, 1);
        for (long k = 0; k < n; k++)
            want[k] = 2 * x[k], before[k] = x[k];
        float *dx = ck_upload(x);
        long blocks = (n + 255) / 256;
        int grid = (int)(blocks < 8 ? blocks : 8);
        cudaError_t err = cudaSuccess;
        CK_LAUNCH(err, double_all, grid, 256, 0, 0, dx, (int)n);
        d.launched(err);
        ck_download(x, dx);
        d.check_updated(d.name(), x.data(), want.data(), before.data(), n, 0.0);
        cudaFree(dx);
    }
    return d.finish();
}
CU
cat >"$cls/drills/en/50-double.yaml" <<'YML'
id: double
title: Double every element
kitchen: >
  Each cook doubles the portions at their places along the counter.
task: >
  Set x[i] = 2 x[i] for every i below n, with a grid-stride loop.
signature: |
  __global__ void double_all(float *x, int n);
hints:
  - Start at the thread's global index and step by the grid's thread count.
YML
out=$(ck lint "$cls" 2>&1); rc=$?
is "$rc" 0 "a class with a drill lints clean ($out)"
like "$(ck --lessons "$cls" drill list)" '50 +double +not started +Double every element' "the class's drill is listed"
ck --lessons "$cls" drill check double "$cls/drills/50-double/reference.cu" >/dev/null 2>&1
is $? 0 "and its reference passes its check"
sed -i 's/^sizes: .*/sizes: [1, 2]/' "$cls/drills/50-double/drill.yaml"
out=$(ck lint "$cls" 2>/dev/null); rc=$?
is "$rc" 1 "lint finds sizes that miss the usual cases"
like "$out" 'drills/50-double/drill.yaml:1:1: error: .sizes. must include' "at the drill's file"
done_testing
