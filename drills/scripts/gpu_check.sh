#!/usr/bin/env bash
# gpu_check.sh: the drill catalogue on this machine's NVIDIA GPU, through
# the learner's own command (cudakitchen drill check --gpu).  For every
# drill: the reference passes with compute-sanitizer memcheck and racecheck
# clean (where installed) and its median time at timing_size is printed
# with its GB/s or GFLOP/s; the starter fails; each wrong solution in
# tests/drills/NN-ID/ fails with the words its first line promises.  The
# wall time of each check is printed too (target: 10 s each, nvcc and the
# sanitizers included).  Run from the repository root after `make`:
#
#     drills/scripts/gpu_check.sh [ID...]      (make gpu-drills runs it)
#
# Exit status 0 when everything held, 1 otherwise.
set -u
cd "$(dirname "$0")/../.." || exit 2
CK=${CK_BIN:-build/cudakitchen}
[ -x "$CK" ] || { echo "gpu_check: build $CK first (make)" >&2; exit 2; }
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$(mktemp -d)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
want_ids=" $* "
printf '%-18s %-10s %-8s %9s %10s  %s\n' drill file verdict "check s" "ref ms" "speed"
for dir in drills/[0-9][0-9]-*/; do
    dir=${dir%/}; folder=${dir#drills/}; id=${folder#??-}
    [ $# -gt 0 ] && [ "${want_ids#* $id }" = "$want_ids" ] && continue
    for f in "$dir/reference.cu" "$dir/starter.cu" tests/drills/"$folder"/*.cu; do
        [ -e "$f" ] || continue
        t0=$(date +%s.%N)
        "$CK" drill check --gpu "$id" "$f" --format yaml >"$tmp/out" 2>"$tmp/err"
        rc=$?
        t1=$(date +%s.%N)
        v=$(sed -n 's/^verdict: //p' "$tmp/out")
        ms=$(sed -n 's/^ms: //p' "$tmp/out")
        gbs=$(sed -n 's/^gbs: //p' "$tmp/out")
        gf=$(sed -n 's/^gflops: //p' "$tmp/out")
        base=$(basename "$f")
        good=1
        case $base in
        reference.cu) { [ "$rc" = 0 ] && grep -q '^findings: \[\]' "$tmp/out"; } || good=0 ;;
        starter.cu) [ "$rc" = 1 ] || good=0 ;;
        *) want=$(sed -n '1s|^// expect: ||p' "$f")
           { [ "$rc" = 1 ] && grep -qF -- "$want" "$tmp/out"; } || good=0 ;;
        esac
        printf '%-18s %-10s %-8s %9.1f %10s  %s GB/s %s GFLOP/s %s\n' "$id" "${base%.cu}" "$v" \
            "$(echo "$t1 - $t0" | bc)" "$ms" "$gbs" "$gf" "$([ $good = 1 ] && echo ok || echo WRONG)"
        if [ $good = 0 ]; then
            fail=1
            sed 's/^/    /' "$tmp/out" | head -30
        fi
    done
done
exit $fail
