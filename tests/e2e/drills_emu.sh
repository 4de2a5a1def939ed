#!/usr/bin/env bash
# ck-test: long
# The drill catalogue on the CPU emulator, through the learner's own
# command (`cudakitchen drill check ID FILE --format yaml`): for every
# built-in drill the emulator can judge, the reference passes (exit 0,
# verdict pass), the starter fails (exit 1), and every wrong solution in
# tests/drills/NN-ID/ fails with exit 1 and the words its first line
# promises (`// expect: TEXT`, found in the YAML).  A drill judged only on
# a GPU says so (exit 1, verdict cannot) unless its starter does not
# compile.  The cache of built objects (the emulator's runtime, each
# drill's harness: named by a hash of what they are built from, so never
# stale) is $CK_BUILD/drill-cache, kept between runs; the first check of
# each drill builds its harness, so those run first, one per drill, then
# the rest, two at a time.  Needs a C++ compiler with ASan and TSan.
# CK_DRILLS="01-vector-add 04-block-reduce": those folders only (make
# test's sample, tests/e2e/drills_sample.sh); the whole catalogue otherwise.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
export XDG_CACHE_HOME="${CK_BUILD:-$T_TMP}/drill-cache" CK_DRILL_BACKEND=cpu
CXX=${CXX:-$(command -v c++ || command -v g++ || command -v clang++)}
[ -n "$CXX" ] || skip_all "no C++ compiler"
echo 'int main(void){return 0;}' >"$T_TMP/t.cc"
"$CXX" -fsanitize=thread "$T_TMP/t.cc" -o "$T_TMP/t" 2>/dev/null && "$T_TMP/t" ||
    skip_all "$CXX has no ThreadSanitizer runtime"

jobs_list="$T_TMP/jobs"
: >"$jobs_list"
n=0
dirs=
for d in ${CK_DRILLS:-}; do
    case $d in [0-9][0-9]-*) ;; *) echo "Bail out! CK_DRILLS names $d, not a drill folder (NN-id)"; exit 1 ;; esac
    [ -d "drills/$d" ] || { echo "Bail out! CK_DRILLS names drills/$d, which is not there"; exit 1; }
    dirs="$dirs drills/$d/"
done
for dir in ${dirs:-drills/[0-9][0-9]-*/}; do
    dir=${dir%/}
    folder=${dir#drills/}
    id=${folder#??-}
    echo "$id reference $dir/reference.cu" >>"$jobs_list"
    echo "$id starter $dir/starter.cu" >>"$jobs_list"
    kind=wrong
    grep -q '^judge: gpu' "$dir/drill.yaml" && kind=gpu-wrong
    for w in tests/drills/"$folder"/*.cu; do
        [ -e "$w" ] && echo "$id $kind $w" >>"$jobs_list"
    done
done
# one check: its YAML in $T_TMP/N.yaml, its exit status in $T_TMP/N.rc
check_one() {
    local k=$1 id=$2 file=$3
    "$CK_BIN" drill check "$id" "$file" --format yaml >"$T_TMP/$k.yaml" 2>"$T_TMP/$k.err"
    echo $? >"$T_TMP/$k.rc"
}
# the references first (each builds its drill's harness), then the rest;
# before them, alone, the first reference with shared memory: it builds
# what every check shares (the emulator's runtime and precompiled header,
# for both passes), which two checks at once would each build
first=$(awk '$2 == "reference" { print NR, $3 }' "$jobs_list" | while read -r n f; do
    grep -q __shared__ "$f" && { echo "$n"; break; }; done)
if [ -n "$first" ]; then
    read -r id kind file < <(sed -n "${first}p" "$jobs_list")
    check_one "$first" "$id" "$file"
fi
for pass in reference other; do
    k=0
    while read -r id kind file; do
        k=$((k + 1))
        [ "$k" = "${first:-0}" ] && continue
        [ "$kind" = gpu-wrong ] && continue
        [ "$kind" = reference ] && [ "$pass" = other ] && continue
        [ "$kind" != reference ] && [ "$pass" = reference ] && continue
        check_one "$k" "$id" "$file" &
        while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
    done <"$jobs_list"
    wait
done
k=0
while read -r id kind file; do
    k=$((k + 1))
    rc=$(cat "$T_TMP/$k.rc" 2>/dev/null)
    verdict=$(sed -n 's/^verdict: //p' "$T_TMP/$k.yaml" 2>/dev/null)
    gpu_only=$(grep -q '^judge: gpu' "drills/"??"-$id/drill.yaml" && echo 1)
    case $kind in
    reference)
        if [ -n "$gpu_only" ]; then
            is "$verdict" cannot "$id: judged only on a GPU, the reference says so"
        else
            is "$rc/$verdict" 0/pass "$id: the reference passes"
        fi ;;
    starter)
        is "$rc" 1 "$id: the starter fails ($verdict)" ;;
    gpu-wrong)
        T_N=$((T_N + 1))
        echo "ok $T_N # skip $id: $(basename "$file") is judged on a GPU (drills/scripts/gpu_check.sh)"
        continue ;;
    wrong)
        want=$(sed -n '1s|^// expect: ||p' "$file")
        ok "$([ -n "$want" ] && [ "$rc" = 1 ] && grep -qF -- "$want" "$T_TMP/$k.yaml"; echo $?)" \
            "$id: $(basename "$file") is caught: $want"
        ;;
    esac
    if [ "$T_FAIL" != 0 ] && [ -z "${shown:-}" ]; then
        shown=1
        sed 's/^/#   /' "$T_TMP/$k.yaml" | head -40
        sed 's/^/#   err: /' "$T_TMP/$k.err" | head -10
    fi
done <"$jobs_list"
done_testing
