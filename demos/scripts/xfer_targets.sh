#!/bin/sh
# xfer_targets.sh FILE: the transfer and streams tables of a results file
# (demos/results/h200.yaml) and the targets, each PASS or MISS:
#   pinned h2d and d2h at >= 64 MiB: >= 80% of the link's peak per direction;
#   pinned >= pageable at every size >= 1 MiB, both directions;
#   device to device (the better of d2d and d2d-kernel, largest size):
#     >= 85% of the HBM bandwidth, bytes read + written;
#   streams pinned-4 at 16 (copy-bound) and 4096 (compute-bound) FLOP/B:
#     >= 85% of the ideal bound.
# Exit 1 if a target is missed or has no record.
set -u
FILE=${1:-demos/results/h200.yaml}
awk '
function val(line, key,   m) {
    if (!match(line, "(\\{|, )" key ": (\"[^\"]*\"|[^,}]*)")) return ""
    m = substr(line, RSTART, RLENGTH); sub(/^(\{|, )/, "", m)
    sub("^" key ": ", "", m); gsub(/"/, "", m); return m
}
function target(name, ok, detail) {
    printf "%-58s %s  %s\n", name, ok ? "PASS" : "MISS", detail
    if (!ok) miss = 1
}
/record: "device"/ && /demo: "transfer"/ {
    printf "\ntransfer on %s (%s): %s\n", val($0, "name"), val($0, "date"), val($0, "link")
}
/record: "variant"/ && /demo: "transfer"/ {
    v = val($0, "variant"); b = val($0, "bytes") + 0
    if (!(v in seen)) { seen[v] = 1; order[++nv] = v }
    gbs[v, b] = val($0, "gbs"); pct[v, b] = val($0, "pct_of_peak")
    if (b > maxb[v]) maxb[v] = b
}
/record: "variant"/ && /demo: "streams"/ {
    sk = val($0, "variant") " " val($0, "flops_per_byte")
    srow[++ns] = sprintf("%-12s %7s %9s %9s %9s %8s %8s", val($0, "variant"),
        val($0, "flops_per_byte"), val($0, "ms"), val($0, "serial_ms"),
        val($0, "ideal_ms"), val($0, "speedup"), val($0, "pct_of_ideal"))
    ideal[sk] = val($0, "pct_of_ideal")
}
END {
    printf "%-18s %10s %10s %10s %10s  (GB/s; %% of ceiling at 256M)\n", "variant",
        "4K", "1M", "256M", "% peak"
    for (i = 1; i <= nv; i++) {
        v = order[i]
        printf "%-18s %10s %10s %10s %10s\n", v, gbs[v, 4096], gbs[v, 1048576],
            gbs[v, 268435456], pct[v, 268435456]
    }
    if (ns) printf "\nstreams%-5s %7s %9s %9s %9s %8s %8s\n", "", "FLOP/B", "ms",
        "serial", "ideal", "speedup", "% ideal"
    for (i = 1; i <= ns; i++) print srow[i]
    print ""
    for (d = 0; d < 2; d++) {
        dir = d ? "d2h" : "h2d"; worst = ""; n = 0
        for (b = 67108864; b <= 1073741824; b *= 4)
            if (("pinned-" dir, b) in pct) {
                n++; p = pct["pinned-" dir, b] + 0
                if (worst == "" || p < worst) worst = p
            }
        target("pinned " dir " >= 64 MiB: >= 80% of the link peak", n && worst >= 80,
            n ? sprintf("lowest %.1f%% over %d sizes", worst, n) : "no records")
        bad = ""; n = 0
        for (b = 1048576; b <= 1073741824; b *= 4)
            if ((("pinned-" dir, b) in gbs) && (("pageable-" dir, b) in gbs)) {
                n++
                if (gbs["pinned-" dir, b] + 0 < gbs["pageable-" dir, b] + 0) bad = bad " " b
            }
        target("pinned >= pageable " dir " at every size >= 1 MiB", n && bad == "",
            n ? (bad == "" ? n " sizes" : "not at" bad) : "no records")
    }
    best = ""
    for (k = 0; k < 2; k++) {
        v = k ? "d2d-kernel" : "d2d"
        if (maxb[v] && (best == "" || pct[v, maxb[v]] + 0 > best + 0)) {
            best = pct[v, maxb[v]]; bv = v
        }
    }
    # + 0: a field read from a line is a string, and a string compares
    # with a number as a string ("101.3" < "85")
    target("device to device: >= 85% of HBM (read + written)", best != "" && best + 0 >= 85,
        best != "" ? sprintf("%s %.1f%%", bv, best) : "no records")
    for (k = 0; k < 2; k++) {
        f = k ? 4096 : 16
        p = ideal["pinned-4 " f]
        target(sprintf("streams pinned-4, %d FLOP/B: >= 85%% of ideal", f),
            p != "" && p != "~" && p + 0 >= 85, p != "" ? p "%" : "no record")
    }
    exit miss
}' "$FILE"
