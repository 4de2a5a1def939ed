#!/bin/sh
# graph_launch.sh [BIN_DIR]: the launch demo's graph series on a GPU, as
# lesson 22 quotes it: N tiny kernels launched one by one into a stream
# against the same N captured once into a CUDA graph and launched as one,
# microseconds per kernel (events, first to last; median of the runs), the
# host's time in the launch calls, and the graph's one-off build time.
# Prints the table; the records go to BIN_DIR/graph-launch.yaml, and with
# GRAPH_RECORD=1 they replace the graph points in demos/results/h200.yaml
# (the screen's recorded reference), under a comment naming the run.
# Exit: the demo's (0 ok, 3 a check failed, 4 a CUDA error).
set -u
BIN=${1:-build/demos}
OUTF=$BIN/graph-launch.yaml
DEST=demos/results/h200.yaml
"$BIN/launch" --variants graph --format yaml >"$OUTF"
rc=$?
awk '
function val(line, key,   m) {
    if (!match(line, "(\\{|, )" key ": (\"[^\"]*\"|[^,}]*)")) return ""
    m = substr(line, RSTART, RLENGTH); sub(/^(\{|, )/, "", m)
    sub("^" key ": ", "", m); gsub(/"/, "", m); return m
}
/record: "device"/ { printf "launch graph series on %s (%s), live: %s\n", val($0, "name"), val($0, "date"), val($0, "live") }
/record: "point"/ && /series: "graph"/ {
    k = val($0, "kernels"); m = val($0, "mode")
    if (!(k in seen)) { seen[k] = 1; order[++n] = k }
    us[k, m] = val($0, "us_per_kernel"); host[k, m] = val($0, "host_us_per_kernel")
    if (m == "graph") setup[k] = val($0, "setup_ms")
    if (val($0, "ok") != "true") bad[k] = val($0, "error")
}
END {
    printf "%8s %12s %12s %8s %12s %12s %10s\n", "kernels", "plain us/k", "graph us/k",
           "speedup", "host plain", "host graph", "build ms"
    for (i = 1; i <= n; i++) {
        k = order[i]
        if (k in bad) { printf "%8s  FAIL: %s\n", k, bad[k]; continue }
        printf "%8s %12.2f %12.2f %7.1fx %12.2f %12.2f %10.3f\n", k, us[k, "plain"],
               us[k, "graph"], us[k, "plain"] / us[k, "graph"], host[k, "plain"],
               host[k, "graph"], setup[k]
    }
}' "$OUTF"
if [ "$rc" -eq 0 ] && [ "${GRAPH_RECORD:-0}" = 1 ]; then
    tmp=$DEST.tmp
    grep -v -e 'series: "graph"' -e '^# launch --variants graph' "$DEST" >"$tmp" &&
        { echo "# launch --variants graph: $(grep -m1 -o 'date: "[^"]*"' "$OUTF")"
          grep 'series: "graph"' "$OUTF"; } >>"$tmp" && mv "$tmp" "$DEST" &&
        echo "graph points recorded in $DEST"
fi
exit $rc
