#!/bin/sh
# bench.sh [BIN_DIR]: the benchmark behind demos/results/h200.yaml (`make
# bench`). Runs matmul at 4096^3, conv at the ResNet-50 conv2_x layer
# (N=32 C=64 H=W=56 K=64 R=S=3 pad 1 stride 1), transfer's sweep and streams
# at 1024, 16 and 4096 FLOP per byte BENCH_RUNS times each (at
# least 3), then keeps, per variant, the record of the median run: the median
# of its % of library (a ratio measured side by side within one run), or of
# its ms for the baseline itself and when there is no library. Writes the
# records (the device record of each demo's first run, then the chosen
# variant records) to BENCH_OUT (default demos/results/h200.yaml) and prints
# the ratio table. Exit non-zero if any run failed.
set -u
BIN=${1:-build/demos}
RUNS=${BENCH_RUNS:-3}
[ "$RUNS" -ge 3 ] || RUNS=3
DEST=${BENCH_OUT:-demos/results/h200.yaml}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ck-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
FAIL=0

bench() { # NAME ARGS...
    name=$1; shift
    i=1
    while [ "$i" -le "$RUNS" ]; do
        "$BIN/$name" "$@" --format yaml >"$tmp/$name.$i" || {
            echo "bench: $name run $i exited $?" >&2; FAIL=1; }
        i=$((i + 1))
    done
}

# merge FILES...: device record of the first file, then per variant the
# median record (see above)
merge() {
    awk '
    function val(line, key,   m) {
        if (!match(line, "(\\{|, )" key ": (\"[^\"]*\"|[^,}]*)")) return ""
        m = substr(line, RSTART, RLENGTH); sub(/^(\{|, )/, "", m)
        sub("^" key ": ", "", m); gsub(/"/, "", m); return m
    }
    FNR == 1 && NR == 1 && /record: "device"/ { print; next }
    /record: "variant"/ {
        # transfer: one record per size; streams: per setting
        v = val($0, "variant") "|" val($0, "bytes") "|" val($0, "flops_per_byte")
        if (!(v in n)) order[++nv] = v
        p = val($0, "pct_of_library")
        key = (p == "~" || val($0, "baseline") == "true") ? val($0, "ms") : p
        if (key == "~") key = 1e300
        n[v]++; rec[v, n[v]] = $0; k[v, n[v]] = key + 0
    }
    END {
        for (i = 1; i <= nv; i++) {
            v = order[i]
            for (a = 1; a <= n[v]; a++) idx[a] = a
            for (a = 1; a <= n[v]; a++)          # sort run indices by key
                for (b = a + 1; b <= n[v]; b++)
                    if (k[v, idx[b]] < k[v, idx[a]]) { t = idx[a]; idx[a] = idx[b]; idx[b] = t }
            print rec[v, idx[int((n[v] + 1) / 2)]]
        }
    }' "$@"
}

table() { # FILE: the ratio table
    awk '
    function val(line, key,   m) {
        if (!match(line, "(\\{|, )" key ": (\"[^\"]*\"|[^,}]*)")) return ""
        m = substr(line, RSTART, RLENGTH); sub(/^(\{|, )/, "", m)
        sub("^" key ": ", "", m); gsub(/"/, "", m); return m
    }
    /demo: "(transfer|streams)"/ { next } # their own table: xfer_targets.sh
    /record: "device"/ {
        printf "\n%s on %s (%s), driver %s, runtime %s, cuBLAS %s, cuDNN %s, %s\n",
            val($0, "demo"), val($0, "name"), val($0, "date"), val($0, "driver"),
            val($0, "runtime"), val($0, "cublas"), val($0, "cudnn"),
            val($0, "live") == "true" ? "live" : "CPU only: " val($0, "reason")
        printf "%-30s %-7s %-4s %10s %10s %8s %9s\n", "variant", "kind", "ok",
            "ms", "GFLOP/s", "% lib", "x naive"
        naive = ""
        next
    }
    /record: "variant"/ {
        v = val($0, "variant"); ms = val($0, "ms"); g = val($0, "gflops")
        if (v == "naive") naive = g
        # by GFLOP/s: CPU variants may run at smaller sizes than the GPU ones
        sp = (naive != "" && g != "~" && naive > 0) ? sprintf("%.1f", g / naive) : "-"
        printf "%-30s %-7s %-4s %10s %10s %8s %9s\n", v, val($0, "kind"),
            val($0, "ok") == "true" ? "ok" : "FAIL", ms, val($0, "gflops"),
            val($0, "pct_of_library"), sp
    }' "$1"
}

# BENCH_TABLE_ONLY=1: print the table of an existing BENCH_OUT, run nothing
if [ "${BENCH_TABLE_ONLY:-}" = 1 ]; then
    table "$DEST"
    demos/scripts/xfer_targets.sh "$DEST"
    exit $?
fi

bench matmul --size 4096
if [ -x "$BIN/conv" ]; then
    bench conv --n 32 --c 64 --h 56 --w 56 --k 64 --r 3 --s 3 --pad 1 --stride 1 --dil 1
fi
bench transfer
# streams: the default (1024 FLOP/B), copy-bound and compute-bound settings
RUNS_SAVED=$RUNS
for fpb in 1024 16 4096; do
    for i in $(seq 1 "$RUNS"); do
        "$BIN/streams" --flops-per-byte "$fpb" --format yaml >"$tmp/streams.$fpb.$i" || {
            echo "bench: streams --flops-per-byte $fpb run $i exited $?" >&2; FAIL=1; }
    done
done
RUNS=$RUNS_SAVED
mkdir -p "$(dirname "$DEST")"
{
    merge "$tmp"/matmul.*
    [ -x "$BIN/conv" ] && merge "$tmp"/conv.*
    merge "$tmp"/transfer.*
    merge "$tmp"/streams.1024.* "$tmp"/streams.16.* "$tmp"/streams.4096.*
} >"$DEST.tmp" && mv "$DEST.tmp" "$DEST"
grep -q 'name: "NVIDIA H200' "$DEST" || echo "bench: note: not recorded on an H200" >&2
echo "bench: wrote $DEST (median of $RUNS runs per variant)"
table "$DEST"
demos/scripts/xfer_targets.sh "$DEST" || FAIL=1
exit "$FAIL"
