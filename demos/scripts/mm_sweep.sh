#!/bin/sh
# mm_sweep.sh [BIN_DIR]: the matmul ladder across sizes (called by bench.sh;
# `make bench`). Runs the hand-written FP32 rungs (naive, coalesced,
# smem-tiled, regblock, best: the hand rows of demos/matmul/mm_ladder.h
# before its first library row) beside cuBLAS FP32 at each size of SIZES
# (M:N:K), BENCH_RUNS times (at least 3), keeps per size and variant the
# record of the median run (median % of cuBLAS, measured side by side in one
# process), writes them to SWEEP_OUT (default demos/results/h200-sweep.yaml:
# the device record of the first run, then the variant records; the 'best'
# records carry the configuration its rule chose, `config`, `split`, `why`),
# and prints the table of % of cuBLAS per size and rung with its checks:
#   climb   naive < coalesced < smem-tiled < regblock < best at every size,
#           by the rungs' own times (each the median run's): the slow and
#           the fast rungs run in two processes, and cuBLAS, the % column's
#           baseline, is not always equally fast in both at small sizes
#   best    >= 95% of cuBLAS where the size (the cube root of M*N*K) is at
#           least 2048, >= 75% below
#   held-out  >= 85% of cuBLAS at every held-out shape of size >= 1024
# as PASS / MISS lines. Each row is labelled `fitted` or `held-out`:
# fitted shapes are those the best rung's rule was fitted or tuned on
# (demos/matmul/NOTES.md, mm_best_rule.h: its efficiencies at 8192^3, its
# warp factors at 512^3 and 1024^3, its edge and reduction costs at 1000^3
# and 333x777x555; the other shapes before HELDOUT were in the tile table
# and the sweeps its choices were tuned against); held-out shapes
# (SWEEP_HELDOUT, M:N:K, default HELDOUT below) appear in no measurement
# the rule was built from. SWEEP_TABLE_ONLY=1: the table of an existing
# SWEEP_OUT, nothing run. Exit non-zero if a run failed (a MISS is reported,
# not an exit status).
set -u
BIN=${1:-build/demos}
RUNS=${BENCH_RUNS:-3}
[ "$RUNS" -ge 3 ] || RUNS=3
DEST=${SWEEP_OUT:-demos/results/h200-sweep.yaml}
# the held-out shapes: not square, three whole 128x128 tiles, two cut
HELDOUT=${SWEEP_HELDOUT:-"2048:6144:1024 3072:1024:4096 6144:2048:2048
1500:2500:1200 1280:2560:1920"}
SIZES=${SIZES:-"512:512:512 768:768:768 1000:1000:1000 1024:1024:1024
1536:1536:1536 2000:2000:2000 2048:2048:2048 3000:3000:3000 4096:4096:4096
8192:8192:8192 1000:3000:2000 4096:1024:512 8192:512:1024 333:777:555
$HELDOUT"}
# The rungs, from the ladder's one table (demos/matmul/mm_ladder.h): the
# hand rungs before its first library row (the FP32 ladder), that row's id
# (cuBLAS FP32, the baseline) and the id of the row X(BEST, ...)
LADDER_H=$(dirname "$0")/../matmul/mm_ladder.h
rows=$(sed -n 's/^ *X([A-Z0-9_]*, *"\([^"]*\)", *[0-9a-z]*, *\([a-z]*\),.*/\1 \2/p' "$LADDER_H")
HAND=$(echo "$rows" | awk '$2 == "library" { exit } $2 == "hand" { printf "%s%s", s, $1; s = " " }')
BASE=$(echo "$rows" | awk '$2 == "library" { print $1; exit }')
BEST=$(sed -n 's/^ *X(BEST, *"\([^"]*\)".*/\1/p' "$LADDER_H")
[ -n "$HAND" ] && [ -n "$BASE" ] && [ -n "$BEST" ] || { echo "sweep: no ladder in $LADDER_H" >&2; exit 2; }
csv() { echo "$*" | tr ' ' ','; }
# the first two (one thread per output: seconds a run at 4096 and up, so
# --reps 3 there), and the rest
SLOW=$(csv $(echo "$HAND" | cut -d' ' -f1-2) "$BASE")
FAST=$(csv $(echo "$HAND" | cut -d' ' -f3-) "$BASE")
FAIL=0

table() { # FILE
    awk -v rungs="$HAND" -v best="$BEST" -v base="$BASE" -v heldout="$HELDOUT" '
    function val(line, key,   m) {
        if (!match(line, "(\\{|, )" key ": (\"[^\"]*\"|[^,}]*)")) return ""
        m = substr(line, RSTART, RLENGTH); sub(/^(\{|, )/, "", m)
        sub("^" key ": ", "", m); gsub(/"/, "", m); return m
    }
    /record: "variant"/ {
        sz = val($0, "m") "x" val($0, "n") "x" val($0, "k")
        if (!(sz in seen)) { seen[sz] = 1; order[++ns] = sz
            cube[sz] = exp(log(val($0, "m") * val($0, "n") * val($0, "k")) / 3) }
        v = val($0, "variant")
        pct[sz, v] = val($0, "ok") == "true" ? val($0, "pct_of_library") : "FAIL"
        rms[sz, v] = val($0, "ms")
        if (v == best) { cfg[sz] = val($0, "config"); spl[sz] = val($0, "split")
            sk[sz] = val($0, "streamk"); pt[sz] = val($0, "parts") }
        if (v == base) ms[sz] = val($0, "ms")
    }
    function label(sz) { return (sz in held) ? "held-out" : "fitted" }
    END {
        nh = split(heldout, h, " ")
        for (i = 1; i <= nh; i++) { x = h[i]; gsub(":", "x", x); held[x] = 1 }
        nr = split(rungs, r, " ")
        printf "\nmatmul sweep: %% of cuBLAS FP32 per size (median of runs; each %% against the\n"
        printf "cuBLAS of its own process: %s and %s run apart from the rest)\n", r[1], r[2]
        printf "%-16s %-8s", "M x N x K", "shapes"
        for (i = 1; i <= nr; i++) printf " %10s", r[i]
        printf " %10s  %s\n", "cuBLAS ms", best " config"
        for (s = 1; s <= ns; s++) {
            sz = order[s]; printf "%-16s %-8s", sz, label(sz)
            for (i = 1; i <= nr; i++) printf " %10s", (sz, r[i]) in pct ? pct[sz, r[i]] : "-"
            printf " %10s  %s%s%s%s\n", ms[sz], cfg[sz], (spl[sz] > 1 ? " split " spl[sz] : ""),
                (pt[sz] == "true" ? " in parts" : ""), (sk[sz] == "true" ? " stream-K" : "")
        }
        printf "\n"
        for (s = 1; s <= ns; s++) {
            sz = order[s]; climb = 1; why = ""
            for (i = 2; i <= nr; i++) {
                a = rms[sz, r[i - 1]]; b = rms[sz, r[i]]
                if (a == "" || b == "") continue
                if (pct[sz, r[i - 1]] == "FAIL" || pct[sz, r[i]] == "FAIL" || b + 0 >= a + 0) {
                    climb = 0; why = why sprintf(" %s %s ms <= %s %s ms;", r[i - 1], a, r[i], b) }
            }
            printf "%s climb %s%s\n", climb ? "PASS" : "MISS", sz, why
            want = cube[sz] >= 2048 ? 95 : 75; b = pct[sz, best]
            ok = b != "" && b != "FAIL" && b != "~" && b + 0 >= want
            printf "%s %s >= %d%% of cuBLAS at %s: %s\n", ok ? "PASS" : "MISS", best, want, sz, b
        }
        # the held-out target: shapes the rule never saw, from 1024 up
        nj = 0; npass = 0
        for (s = 1; s <= ns; s++) {
            sz = order[s]
            if (!(sz in held) || cube[sz] < 1024) continue
            b = pct[sz, best]; nj++
            ok = b != "" && b != "FAIL" && b != "~" && b + 0 >= 85; npass += ok
            printf "%s held-out %s >= 85%% of cuBLAS at %s (size %.0f): %s\n",
                ok ? "PASS" : "MISS", best, sz, cube[sz], b == "" ? "no record" : b
        }
        for (i = 1; i <= nh; i++) {       # a held-out shape that has no row
            x = h[i]; gsub(":", "x", x); split(h[i], d, ":")
            if (!(x in seen) && exp(log(d[1] * d[2] * d[3]) / 3) >= 1024) {
                printf "MISS held-out %s >= 85%% of cuBLAS at %s: not in this sweep\n", best, x; nj++ }
        }
        printf "held-out shapes (size >= 1024): %d of %d PASS\n", npass, nj
    }' "$1"
}

if [ "${SWEEP_TABLE_ONLY:-}" = 1 ]; then
    table "$DEST"
    exit 0
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ck-sweep.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
one() { # TAG M N K VARIANTS [ARGS...]: RUNS runs into $tmp/TAG.i
    tag=$1 m=$2 n=$3 k=$4 vars=$5; shift 5
    i=1
    while [ "$i" -le "$RUNS" ]; do
        "$BIN/matmul" --m "$m" --n "$n" --k "$k" --variants "$vars" "$@" \
            --format yaml >"$tmp/$tag.$i" || {
            echo "sweep: matmul $m x $n x $k ($vars) run $i exited $?" >&2; FAIL=1; }
        i=$((i + 1))
    done
}
first=1
: >"$tmp/all"
for s in $SIZES; do
    m=${s%%:*}; rest=${s#*:}; n=${rest%%:*}; k=${rest#*:}
    one "f$m-$n-$k" "$m" "$n" "$k" "$FAST"
    big=$(awk -v m="$m" -v n="$n" -v k="$k" 'BEGIN { print (m * n * k >= 4096 ^ 3) }')
    if [ "$big" = 1 ]; then
        one "s$m-$n-$k" "$m" "$n" "$k" "$SLOW" --reps 3
    else
        one "s$m-$n-$k" "$m" "$n" "$k" "$SLOW"
    fi
    # bench.sh's merge: the device record of the first file, the median
    # record per variant; only the sweep's first device record is kept
    sh "$(dirname "$0")/bench.sh" --merge "$tmp/f$m-$n-$k".* >"$tmp/f.m"
    sh "$(dirname "$0")/bench.sh" --merge "$tmp/s$m-$n-$k".* | grep -v "variant: \"$BASE\"" |
        grep -v 'record: "device"' >"$tmp/s.m"
    if [ "$first" = 1 ]; then cat "$tmp/f.m"; first=0
    else grep -v 'record: "device"' "$tmp/f.m"; fi >>"$tmp/all"
    cat "$tmp/s.m" >>"$tmp/all"
done
mkdir -p "$(dirname "$DEST")"
mv "$tmp/all" "$DEST"
echo "sweep: wrote $DEST (median of $RUNS runs per size and variant)"
table "$DEST"
exit "$FAIL"
