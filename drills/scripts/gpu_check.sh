#!/usr/bin/env bash
# gpu_check.sh: the drill catalogue on this machine's NVIDIA GPU, through
# the learner's own command (cudakitchen drill check --gpu).  For every
# drill: the reference passes with compute-sanitizer memcheck, racecheck
# and synccheck clean (where installed) and its median time at timing_size
# is printed with its GB/s or GFLOP/s; the starter fails; each wrong
# solution in tests/drills/NN-ID/ fails -- with the words of its
# `// expect-gpu:` line where it has one (what the GPU's sanitizers say),
# or passes where that line begins `passes (why)`: a mistake this GPU
# tolerates, which the emulator finds; its `// expect:` line is the
# emulator's.  The references run one at a
# time (their timings must not share the GPU); the rest run GPU_CHECK_JOBS
# at a time (default 8).  The wall time of each check is printed too
# (nvcc and the sanitizers included).  Run from the repository root after
# `make`:
#
#     drills/scripts/gpu_check.sh [ID...]      (make gpu-drills runs it)
#
# Exit status 0 when everything held, 1 otherwise.
set -u
cd "$(dirname "$0")/../.." || exit 2
CK=${CK_BIN:-build/cudakitchen}
[ -x "$CK" ] || { echo "gpu_check: build $CK first (make)" >&2; exit 2; }
export CK XDG_CACHE_HOME=${XDG_CACHE_HOME:-$(mktemp -d)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export tmp

# one FILE: its line of the table into $tmp/N.line (N its place), the
# report under it when it did not hold, and $tmp/N.bad when so
one() {
    local n=$1 id=$2 f=$3 out err t0 t1 rc v ms gbs gf kinds base good want
    out=$tmp/$n.out err=$tmp/$n.err
    t0=$(date +%s.%N)
    "$CK" drill check --gpu "$id" "$f" --format yaml >"$out" 2>"$err"
    rc=$?
    t1=$(date +%s.%N)
    v=$(sed -n 's/^verdict: //p' "$out")
    ms=$(sed -n 's/^ms: //p' "$out")
    gbs=$(sed -n 's/^gbs: //p' "$out")
    gf=$(sed -n 's/^gflops: //p' "$out")
    kinds=$(sed -n 's/^ *-\{0,1\} *kind: //p' "$out" | tr -d '"' | sort -u | tr '\n' ' ')
    base=$(basename "$f")
    good=1
    case $base in
    reference.cu) { [ "$rc" = 0 ] && grep -q '^findings: \[\]' "$out"; } || good=0 ;;
    starter.cu) [ "$rc" = 1 ] || good=0 ;;
    *) want=$(sed -n 's|^// expect-gpu: ||p' "$f" | head -1)
       case $want in
       passes*) [ "$rc" = 0 ] || good=0 ;;   # a mistake this GPU tolerates, said why
       *) { [ "$rc" = 1 ] && { [ -z "$want" ] || grep -qF -- "$want" "$out"; }; } || good=0 ;;
       esac ;;
    esac
    {
        printf '%-18s %-18s %-7s %7.1f %10s %9s %9s  %-14s %s\n' "$id" "${base%.cu}" "$v" \
            "$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" "$ms" "$gbs" "$gf" \
            "${kinds:--}" "$([ $good = 1 ] && echo ok || echo WRONG)"
        if [ $good = 0 ]; then
            sed 's/^/    /' "$out" | grep -v '^    *\(index\|expected\|got\): ' | head -40
            sed 's/^/    stderr: /' "$err" | head -10
        fi
    } >"$tmp/$n.line"
    [ $good = 1 ] || : >"$tmp/$n.bad"
    head -1 "$tmp/$n.line"     # as it finishes: a run cut short still shows what it did
}
export -f one

n=0
: >"$tmp/refs" && : >"$tmp/rest"
for dir in drills/[0-9][0-9]-*/; do
    dir=${dir%/}; folder=${dir#drills/}; id=${folder#??-}
    if [ $# -gt 0 ]; then
        case " $* " in *" $id "*) ;; *) continue ;; esac
    fi
    for f in "$dir/reference.cu" "$dir/starter.cu" tests/drills/"$folder"/*.cu; do
        [ -e "$f" ] || continue
        n=$((n + 1))
        case $f in
        */reference.cu) echo "$n $id $f" >>"$tmp/refs" ;;
        *) echo "$n $id $f" >>"$tmp/rest" ;;
        esac
    done
done
start=$(date +%s)
while read -r k id f; do one "$k" "$id" "$f"; done <"$tmp/refs"
xargs -P "${GPU_CHECK_JOBS:-8}" -L 1 bash -c 'one "$0" "$1" "$2"' <"$tmp/rest"
echo
echo "== the catalogue, in order"
printf '%-18s %-18s %-7s %7s %10s %9s %9s  %-14s %s\n' drill file verdict "check s" "ms" "GB/s" \
    "GFLOP/s" "kinds" "held"
for k in $(seq 1 "$n"); do cat "$tmp/$k.line"; done
bad=$(ls "$tmp"/*.bad 2>/dev/null | wc -l)
echo "gpu_check: $n checks, $bad did not hold, $(( $(date +%s) - start )) s"
[ "$bad" = 0 ]
