#!/bin/sh
# xfer_targets.sh FILE: the transfer and streams tables of a results file
# (demos/results/h200.yaml) and the targets, each PASS or MISS:
#   pinned h2d and d2h at >= 64 MiB: >= 80% of the link's peak per direction;
#   pinned >= pageable at every size >= 1 MiB, both directions;
#   device to device (the better of d2d and d2d-kernel, largest size):
#     >= 85% of the HBM bandwidth, bytes read + written;
#   the copy kernel (d2d-kernel, largest size): >= 88% of it;
#   streams pinned-4 at 16 (copy-bound) and 4096 (compute-bound) FLOP/B:
#     >= 95% of the link-aware bound.
# The link-aware bound of a pinned streams row: its link_ideal_ms where
# the streams run measured the link both ways itself (two_way_ms), else
# the larger of its ideal
# (ideal_ms: the slowest stage alone, which takes copy in and copy out at
# their one-way rates at once) and the time the link needs to carry the
# bytes in and out at the two-way rate measured by transfer's pinned-both
# row (bytes of both directions over its time) at the streams run's total
# bytes, else at the largest size under it from one chunk up. Without
# such a record the row is judged against ideal_ms, labelled "ideal", which
# is never above the link-aware bound (so a PASS there holds for it too).
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
    # (a table of its own: reading gbs[v, b] for the table adds empty entries)
    if (v == "pinned-both" && val($0, "gbs") != "~" && val($0, "gbs") + 0 > 0) both[b] = val($0, "gbs") + 0
}
/record: "variant"/ && /demo: "streams"/ {
    ns++
    sv[ns] = val($0, "variant"); sf[ns] = val($0, "flops_per_byte"); sms[ns] = val($0, "ms")
    sser[ns] = val($0, "serial_ms"); sid[ns] = val($0, "ideal_ms"); ssp[ns] = val($0, "speedup")
    spi[ns] = val($0, "pct_of_ideal"); smem[ns] = val($0, "memory")
    stot[ns] = val($0, "total_bytes") + 0; schunk[ns] = val($0, "chunk_bytes") + 0
    stw[ns] = val($0, "two_way_ms"); stwg[ns] = val($0, "two_way_gbs"); sli[ns] = val($0, "link_ideal_ms")
}
# the two-way rate for a run of TOTAL bytes each way in chunks of CHUNK:
# pinned-both at TOTAL, else at the largest size under it from CHUNK up
function two_way(total, chunk,   b, best) {
    if (total in both) { rate_at = total; return both[total] }
    best = 0
    for (b in both)
        if (b + 0 <= total && b + 0 >= chunk && b + 0 > best) best = b + 0
    rate_at = best
    return best ? both[best] : 0
}
function mib(b) { return b >= 1048576 ? sprintf("%g MiB", b / 1048576) : sprintf("%g B", b) }
END {
    printf "%-18s %10s %10s %10s %10s  (GB/s; %% of ceiling at 256M)\n", "variant",
        "4K", "1M", "256M", "% peak"
    for (i = 1; i <= nv; i++) {
        v = order[i]
        printf "%-18s %10s %10s %10s %10s\n", v, gbs[v, 4096], gbs[v, 1048576],
            gbs[v, 268435456], pct[v, 268435456]
    }
    if (ns) printf "\nstreams%-5s %7s %9s %9s %9s %8s %8s %9s %7s\n", "", "FLOP/B", "ms",
        "serial", "ideal", "speedup", "% ideal", "link-ms", "% link"
    for (i = 1; i <= ns; i++) {
        # the link-aware bound: pinned rows, where a two-way rate was measured
        lk = ""; lp = ""
        r = (smem[i] == "pinned" && stot[i] > 0) ? two_way(stot[i], schunk[i]) : 0
        if (sli[i] != "" && sli[i] != "~" && sms[i] + 0 > 0) {  # measured in the run itself
            lk = sprintf("%.4g", stw[i]); lp = sprintf("%.1f", 100 * sli[i] / sms[i])
            rate[i] = sprintf("two-way %.1f GB/s, measured in the streams run", stwg[i])
        } else if (r > 0 && sid[i] != "~" && sms[i] + 0 > 0) {
            lms = 2 * stot[i] / (r * 1e6)          # both ways at r GB/s, in ms
            bound = lms > sid[i] + 0 ? lms : sid[i] + 0
            lk = sprintf("%.4g", lms); lp = sprintf("%.1f", 100 * bound / sms[i])
            rate[i] = sprintf("two-way %.1f GB/s, pinned-both at %s", r, mib(rate_at))
        }
        printf "%-12s %7s %9s %9s %9s %8s %8s %9s %7s\n", sv[i], sf[i], sms[i], sser[i],
            sid[i], ssp[i], spi[i], lk == "" ? "-" : lk, lp == "" ? "-" : lp
        link[sv[i] " " sf[i]] = lp; ideal[sv[i] " " sf[i]] = spi[i]; why[sv[i] " " sf[i]] = rate[i]
    }
    if (ns) printf "(link-ms: bytes in and out over the measured two-way rate; %% link: of the\n" \
        "link-aware bound, the larger of ideal and link-ms)\n"
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
    k = maxb["d2d-kernel"]
    target("the copy kernel (d2d-kernel): >= 88% of HBM", k && pct["d2d-kernel", k] + 0 >= 88,
        k ? sprintf("%.1f%% at %d MiB", pct["d2d-kernel", k], k / 1048576) : "no records")
    for (k = 0; k < 2; k++) {
        f = k ? 4096 : 16; sk = "pinned-4 " f
        if (link[sk] != "") {
            p = link[sk]
            target(sprintf("streams pinned-4, %d FLOP/B: >= 95%% of link-aware", f),
                p + 0 >= 95, sprintf("%s%% (%s; %.1f%% of ideal)", p, why[sk], ideal[sk]))
        } else {
            p = ideal[sk]
            target(sprintf("streams pinned-4, %d FLOP/B: >= 95%% of ideal", f),
                p != "" && p != "~" && p + 0 >= 95,
                p != "" ? p "% (no two-way rate recorded: ideal, not link-aware)" : "no record")
        }
    }
    exit miss
}' "$FILE"
