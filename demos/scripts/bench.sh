#!/bin/sh
# bench.sh [BIN_DIR]: the benchmark behind demos/results/h200.yaml (`make
# bench`). Runs matmul at 4096^3, conv at the four 3x3 stages of ResNet-50
# (N=32, pad 1, stride 1: C=K=64 at 56x56 -- conv2_x, every variant --, 128
# at 28x28, 256 at 14x14, 512 at 7x7 -- the GPU variants --;
# BENCH_CONV_STAGES="C:HW ..."), fusion's GPU rungs at the same four stages
# and two GEMMs (fusion_shapes), transfer's sweep, streams
# at 1024, 16 and 4096 FLOP per byte, reduce at 2^28 and 2^20+7 and the
# launch sweep BENCH_RUNS times each (at least 3), then keeps, per variant,
# the record of the median run: the median of its % of library (a ratio
# measured side by side within one run), or of its ms for the baseline
# itself and when there is no library; per launch point the median ms.
# Writes the
# records (the device record of each demo's first run, then the chosen
# variant records) to BENCH_OUT (default demos/results/h200.yaml; conv at
# conv2_x only, the one shape the tutorial's readers expect there; the
# attention records already there kept, as bench does not run attention) and
# prints the ratio table. The conv records of every stage, chosen per
# variant and shape, go to BENCH_CONV_OUT (default
# demos/results/h200-conv.yaml), with a PASS / MISS table per stage: the
# fastest hand rung >= 95% of cuDNN's fastest pure-FP32 algorithm, and at
# least as fast as cuDNN implicit-gemm and implicit-precomp-gemm. The
# fusion records of every shape go to BENCH_FUSION_OUT (default
# demos/results/h200-fusion.yaml; conv2_x's also into BENCH_OUT), each
# fused rung chosen by its paired speed-up over its unfused twin, with the
# spread over the runs, and judged (fusion_targets). Then the matmul size sweep (demos/scripts/mm_sweep.sh:
# the FP32 rungs at 512 to 8192 and non-square shapes, into SWEEP_OUT,
# default demos/results/h200-sweep.yaml, with its PASS / MISS table);
# BENCH_SWEEP=0 leaves it out. On a GPU, after the Tensor Core targets,
# also what limits the tf32-mma rung (demos/scripts/tf32_ceiling.sh;
# BENCH_CEILING=0 leaves it out). Exit non-zero if any run failed.
# The matmul part runs the Tensor Core rungs at 8192^3 too, into BENCH_TC_OUT
# (default demos/results/h200-tc.yaml), judged there as at 4096^3.
# BENCH_PARTS (default: all of them) runs some parts only, so that a GPU
# session whose commands stop at 10 minutes runs the bench in several
# commands: matmul reduce launch conv fusion attention transfer streams
# ceiling sweep. A part not run keeps its records where they are (in
# BENCH_OUT, the demo's records there; its own file untouched). The
# attention part times the ladder at B = 4, H = 16, S = 1024, 4096 and
# 16384, D = 64 and 128, non-causal FP16 (three-kernel up to S = 4096),
# each GPU rung paired with cuDNN's SDPA in every run, into
# BENCH_ATTN_OUT (default demos/results/h200-attention.yaml; S = 1024,
# D = 64 also into BENCH_OUT, the run the demo screen shows), and judges
# attention_targets.
# bench.sh --merge FILES...: only the merge below, to stdout (mm_sweep.sh);
# --merge-points FILES...: only the launch runs' merge (merge_points);
# --fusion-targets FILE: only the fusion targets of a merged file;
# --fusion-shapes: the fusion shapes, a name and arguments a line;
# --kept FILE DEMO...: the records of FILE that a bench keeps (kept, below);
# --attention-targets FILE, --attn-shapes: as fusion's.
set -u
MERGE_ONLY=
[ "${1:-}" = --merge ] && { MERGE_ONLY=merge; shift; }
[ "${1:-}" = --merge-points ] && { MERGE_ONLY=merge_points; shift; }
[ "${1:-}" = --fusion-targets ] && { MERGE_ONLY=fusion_targets; shift; }
[ "${1:-}" = --fusion-shapes ] && { MERGE_ONLY=fusion_shapes; shift; }
[ "${1:-}" = --kept ] && { MERGE_ONLY=kept; shift; }
[ "${1:-}" = --attention-targets ] && { MERGE_ONLY=attention_targets; shift; }
[ "${1:-}" = --attn-shapes ] && { MERGE_ONLY=attn_shapes; shift; }
BIN=${1:-build/demos}
RUNS=${BENCH_RUNS:-3}
[ "$RUNS" -ge 3 ] || RUNS=3
DEST=${BENCH_OUT:-demos/results/h200.yaml}
CONV_DEST=${BENCH_CONV_OUT:-demos/results/h200-conv.yaml}
CONV_STAGES=${BENCH_CONV_STAGES:-64:56 128:28 256:14 512:7}
FUSION_DEST=${BENCH_FUSION_OUT:-demos/results/h200-fusion.yaml}
ATTN_DEST=${BENCH_ATTN_OUT:-demos/results/h200-attention.yaml}
TC_DEST=${BENCH_TC_OUT:-demos/results/h200-tc.yaml}
# the matmul part's second size: the Tensor Core rungs (the FP32 rungs
# are in the sweep, the slow ones would take minutes), each beside its library
TC_8192=tf32-mma,wgmma-tma,cublas-tf32,wgmma-fp16,cublas-fp16,wgmma-bf16,cublas-bf16
PARTS=" ${BENCH_PARTS:-matmul reduce launch conv fusion attention transfer streams ceiling sweep} "
part() { case $PARTS in *" $1 "*) return 0 ;; esac; return 1; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ck-bench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
FAIL=0

# fusion_shapes: the fusion benchmark's shapes, a name and the demo's
# arguments a line: ResNet-50's 3x3 stages (N = 32, pad 1) and two GEMMs
# (a BERT-base MLP layer over 8192 tokens, 4096^3)
fusion_shapes() {
    for st in 64:56:conv2_x 128:28:conv3_x 256:14:conv4_x 512:7:conv5_x; do
        c=${st%%:*}; rest=${st#*:}; hw=${rest%%:*}
        echo "${rest#*:} --n 32 --c $c --h $hw --w $hw --k $c --r 3 --s 3 --pad 1"
    done
    echo "gemm-mlp --op gemm --m 8192 --n 3072 --k 768"
    echo "gemm-4k --op gemm --m 4096 --n 4096 --k 4096"
}

# kept FILE DEMO...: the records of a results file that this bench does
# not make again and so keeps when it rewrites the file: those of each
# DEMO named (a part not run), its device record and rungs
kept() {
    f=$1; shift
    [ -f "$f" ] || return 0
    for d in "$@"; do
        grep "^- {record: \"[a-z]*\", format: [0-9]*, demo: \"$d\"" "$f"
    done
    return 0
}

# attn_shapes: the attention benchmark's shapes, a name and the demo's
# arguments a line (three-kernel's S×S matrix is 64 GiB at S = 16384: it
# runs up to S = 4096, where it is already 20 to 40 times slower)
attn_shapes() {
    for s in 1024 4096 16384; do
        for d in 64 128; do
            v=cublas-softmax,flash-mma,cudnn-sdpa
            [ "$s" -le 4096 ] && v=three-kernel,$v
            echo "s$s-d$d --b 4 --h 16 --s $s --d $d --dtype fp16 --variants $v"
        done
    done
}

# VAL_AWK: val(LINE, KEY), a field of a one-line YAML record ("" when
# absent, quotes dropped), the awk function every program below reads
# records with
VAL_AWK='
function val(line, key,   m) {
    if (!match(line, "(\\{|, )" key ": (\"[^\"]*\"|[^,}]*)")) return ""
    m = substr(line, RSTART, RLENGTH); sub(/^(\{|, )/, "", m)
    sub("^" key ": ", "", m); gsub(/"/, "", m); return m
}'

bench() { # PROGRAM TAG ARGS...: runs into $tmp/TAG.1 .. TAG.$RUNS
    prog=$1; name=$2; shift 2
    i=1
    while [ "$i" -le "$RUNS" ]; do
        "$BIN/$prog" "$@" --format yaml >"$tmp/$name.$i" || {
            echo "bench: $name run $i exited $?" >&2; FAIL=1; }
        i=$((i + 1))
    done
}

# merge FILES...: device record of the first file, then per variant the
# median record (see above)
merge() {
    awk '
'"$VAL_AWK"'
    FNR == 1 && NR == 1 && /record: "device"/ { print; next }
    /record: "variant"/ {
        # transfer: one record per size; streams: per setting; conv: per shape
        v = val($0, "variant") "|" val($0, "bytes") "|" val($0, "flops_per_byte")
        if (/demo: "conv"/) v = v "|" val($0, "n") "|" val($0, "c") "|" val($0, "h") "|" val($0, "w") "|" val($0, "k") "|" val($0, "r") "|" val($0, "s")
        if (/demo: "fusion"/) v = v "|" val($0, "op") "|" val($0, "m") "|" val($0, "n") "|" val($0, "k")
        if (/demo: "attention"/) v = v "|" val($0, "b") "|" val($0, "h") "|" val($0, "s") "|" val($0, "d") "|" val($0, "causal") "|" val($0, "precision")
        if (!(v in n)) order[++nv] = v
        # the paired ratio (side by side in one process) where there is one
        p = val($0, "paired_pct_of_library")
        if (p == "" || p == "~") p = val($0, "pct_of_library")
        key = (p == "~" || val($0, "baseline") == "true") ? val($0, "ms") : p
        # a fused rung (fusion): its paired speed-up over its unfused twin
        sp = val($0, "paired_speedup")
        if (sp != "" && sp != "~") key = sp
        if (key == "~") key = 1e300
        n[v]++; rec[v, n[v]] = $0; k[v, n[v]] = key + 0
        pp[v, n[v]] = val($0, "paired_pct_of_library"); ps[v, n[v]] = sp
    }
    END {
        for (i = 1; i <= nv; i++) {
            v = order[i]
            for (a = 1; a <= n[v]; a++) idx[a] = a
            for (a = 1; a <= n[v]; a++)          # sort run indices by key
                for (b = a + 1; b <= n[v]; b++)
                    if (k[v, idx[b]] < k[v, idx[a]]) { t = idx[a]; idx[a] = idx[b]; idx[b] = t }
            r = rec[v, idx[int((n[v] + 1) / 2)]]
            # the spread of the paired ratio over the processes, in the record
            lo = ""; hi = ""; m = 0
            for (a = 1; a <= n[v]; a++) {
                x = pp[v, a]
                if (x == "" || x == "~") continue
                x += 0; m++
                if (lo == "" || x < lo) lo = x
                if (hi == "" || x > hi) hi = x
            }
            if (m > 0) sub(/}[ \t]*$/, sprintf(", processes: %d, processes_paired_min: %.4g, processes_paired_max: %.4g}", m, lo, hi), r)
            lo = ""; hi = ""; m = 0      # and of the paired speed-up of a fused rung
            for (a = 1; a <= n[v]; a++) {
                x = ps[v, a]
                if (x == "" || x == "~") continue
                x += 0; m++
                if (lo == "" || x < lo) lo = x
                if (hi == "" || x > hi) hi = x
            }
            if (m > 0) sub(/}[ \t]*$/, sprintf(", processes: %d, processes_speedup_min: %.4g, processes_speedup_max: %.4g}", m, lo, hi), r)
            print r
        }
    }' "$@"
}

# paired VALUE: "median [min-max]" of a record's paired ratio over processes
# (awk function text, included by the target tables below)
PAIRED_AWK='
function paired(line,   p, lo, hi) {
    p = val(line, "paired_pct_of_library")
    if (p == "" || p == "~") return ""
    lo = val(line, "processes_paired_min"); hi = val(line, "processes_paired_max")
    return (lo == "") ? sprintf("%.1f%%", p) : sprintf("%.1f%% [%.1f-%.1f over %s processes]", p, lo, hi, val(line, "processes"))
}'

# merge_points FILES...: the launch runs: the device record of the first
# file, then each series record of the first file followed by its points,
# per (series, block, grid; the graph series' mode and kernels) the point
# of median ms; points of a series without a record (graph) last
merge_points() {
    awk '
'"$VAL_AWK"'
    NR == FNR && /record: "device"/ { print; next }
    NR == FNR && /record: "series"/ {
        sr = val($0, "series"); if (!(sr in shead)) sorder[++nsr] = sr
        shead[sr] = $0; next
    }
    /record: "point"/ {
        sr = val($0, "series")
        v = sr " " val($0, "block") " " val($0, "grid") " " \
            val($0, "mode") " " val($0, "kernels")
        if (!(v in n)) { order[++nv] = v; ser[nv] = sr }
        key = val($0, "ms"); if (key == "~") key = 1e300
        n[v]++; rec[v, n[v]] = $0; k[v, n[v]] = key + 0
    }
    function points(sr, headed,   i, v, a, b, t) {
        for (i = 1; i <= nv; i++) {
            v = order[i]
            if (headed ? ser[i] != sr : ser[i] in shead) continue
            for (a = 1; a <= n[v]; a++) idx[a] = a
            for (a = 1; a <= n[v]; a++)
                for (b = a + 1; b <= n[v]; b++)
                    if (k[v, idx[b]] < k[v, idx[a]]) { t = idx[a]; idx[a] = idx[b]; idx[b] = t }
            print rec[v, idx[int((n[v] + 1) / 2)]]
        }
    }
    END {
        for (j = 1; j <= nsr; j++) { print shead[sorder[j]]; points(sorder[j], 1) }
        points("", 0)
    }' "$@"
}

# targets FILE: the reduce and launch targets of issue 11, read from FILE
targets() {
    awk '
'"$VAL_AWK"'
    /record: "variant"/ && /demo: "reduce"/ {
        n = val($0, "n"); v = val($0, "variant"); r = val($0, "rung") + 0
        if (!(n in seen)) { seen[n] = 1; sizes[++ns] = n }
        ms[n, r] = val($0, "ms") + 0; id[n, r] = v
        if (v == "best") {
            best_lib[n] = val($0, "paired_pct_of_library")
            if (best_lib[n] == "" || best_lib[n] == "~") best_lib[n] = val($0, "pct_of_library")
            else best_lib[n] = best_lib[n] " (paired, " val($0, "processes_paired_min") "-" val($0, "processes_paired_max") " over " val($0, "processes") " processes)"
            best_hbm[n] = val($0, "pct_of_hbm")
        }
    }
    /record: "point"/ && /series: "wave"/ {
        g = val($0, "grid") + 0; wt[g] = val($0, "ms") + 0; wv[g] = val($0, "waves") + 0
    }
    /record: "series"/ && /series: "wave"/ { W = val($0, "wave") + 0 }
    /record: "point"/ && !/series: "wave"/ && /fits: true/ {
        sr = val($0, "series"); b = val($0, "block") + 0; gb = val($0, "gbs") + 0
        if (!(sr in smax)) sorder[++nsr] = sr
        if (gb > smax[sr]) { smax[sr] = gb; shbm[sr] = val($0, "pct_of_hbm") + 0 }
        np[sr]++; pb[sr, np[sr]] = b; pg[sr, np[sr]] = gb
    }
    END {
        for (i = 1; i <= ns; i++) {
            n = sizes[i]; climb = "yes"
            for (r = 2; r <= 6; r++)
                if (!(ms[n, r] < ms[n, r - 1])) climb = "NO (" id[n, r] " not faster than " id[n, r - 1] ")"
            printf "reduce n=%s: ladder climbs 1..6: %s; best = %s%% of CUB, %s%% of HBM\n",
                n, climb, best_lib[n], best_hbm[n]
        }
        for (i = 1; i <= nsr; i++) {      # the smallest block within 5% of the best
            sr = sorder[i]
            for (j = 1; j <= np[sr]; j++)
                if (pg[sr, j] >= 0.95 * smax[sr]) {
                    printf "launch %s: best %.0f GB/s; within 5%% of it from block %d on\n", sr, smax[sr], pb[sr, j]
                    break
                }
            if (bs == "" || shbm[sr] > shbm[bs]) bs = sr
        }
        if (bs != "")
            printf "launch best series >= 85%% of HBM: %s, %.0f GB/s = %.1f%%: %s\n", bs, smax[bs],
                shbm[bs], (shbm[bs] >= 85 ? "PASS" : "MISS")
        else print "launch best series >= 85% of HBM: no points: MISS"
        # one wave: the slope from 1 to 4 full waves (the launch cost
        # cancels), else the first full wave
        wave = (W in wt && (4 * W) in wt) ? (wt[4 * W] - wt[W]) / 3 : wt[W]
        for (k = 1; k <= 3 && W > 0 && wave > 0; k++)
            if ((k * W) in wt && (k * W + 1) in wt)
                printf "wave tail: %d waves %.4f ms, +1 block %.4f ms: +%.2f of one wave (%.4f ms)\n",
                    k, wt[k * W], wt[k * W + 1], (wt[k * W + 1] - wt[k * W]) / wave, wave
    }' "$1"
}

# tc_targets FILE [FILE_8192]: the FP32 best rung against cuBLAS FP32, the
# hand-written Tensor Core rungs (tf32-mma, wgmma-tma) against cuBLAS TF32
# and wgmma-fp16, wgmma-bf16 against cuBLAS FP16, BF16 at the same size,
# each by its paired ratio (the median of interleaved, order-swapped pairs
# in one process; the spread over the processes beside it), never by two
# records' ms; or why one did not run. FILE holds the 4096^3 records; where
# FILE_8192 is named, the wgmma rungs are judged at 8192^3 too, from it
# (a line "at 8192^3"; no record there is a MISS)
tc_targets() {
    f2=
    [ -n "${2:-}" ] && [ -f "$2" ] && f2=$2
    awk -v big="${2:-}" '
'"$VAL_AWK"''"$PAIRED_AWK"'
    FILENAME != big && /demo: "matmul"/ && /record: "variant"/ { r[val($0, "variant")] = $0 }
    FILENAME != big && /demo: "matmul"/ && /record: "unsupported"/ { why[val($0, "variant")] = val($0, "reason") }
    FILENAME == big && /demo: "matmul"/ && /record: "variant"/ { r8[val($0, "variant")] = $0 }
    FILENAME == big && /demo: "matmul"/ && /record: "unsupported"/ { why8[val($0, "variant")] = val($0, "reason") }
    function judge(v, t, rec, no, at,   p) {
        if (no != "") { printf "matmul %s%s: not run: %s\n", v, at, no; return }
        if (rec == "" || paired(rec) == "") { printf "matmul %s%s: no paired record: MISS\n", v, at; return }
        p = val(rec, "paired_pct_of_library") + 0
        printf "matmul %s%s: %s of %s (paired; target >= %s%%): %s\n", v, at, paired(rec),
            val(rec, "paired_with"), t, (p >= t + 0 ? "PASS" : "MISS")
    }
    END {
        n = split("best 95 tf32-mma 65 wgmma-tma 100 wgmma-fp16 85 wgmma-bf16 85", t, " ")
        for (i = 1; i < n; i += 2)
            judge(t[i], t[i + 1], (t[i] in r) ? r[t[i]] : "", (t[i] in why) ? why[t[i]] : "", "")
        if (big == "") exit
        n = split("wgmma-tma 100 wgmma-fp16 85 wgmma-bf16 85", t, " ")
        for (i = 1; i < n; i += 2)
            judge(t[i], t[i + 1], (t[i] in r8) ? r8[t[i]] : "", (t[i] in why8) ? why8[t[i]] : "",
                " at 8192^3")
    }' "$1" ${f2:+"$f2"}
}

# conv_targets FILE: per conv shape, the fastest hand rung (by its median %
# of library, a ratio taken within each run) against cuDNN's fastest FMA
# algorithm (>= 95%) and against cuDNN implicit-gemm and
# implicit-precomp-gemm (>= 100%: at least as fast); then whether the hand
# rungs climb: each, in rung order, faster (median ms) than the one before,
# and none failed its check
conv_targets() {
    awk '
'"$VAL_AWK"'
    /record: "variant"/ && /demo: "conv"/ && /ok: true/ {
        sh = "N=" val($0, "n") " C=" val($0, "c") " K=" val($0, "k") " " val($0, "h") "x" val($0, "w")
        if (!(sh in seen)) { seen[sh] = 1; shapes[++ns] = sh }
        v = val($0, "variant"); kd = val($0, "kind")
        p = val($0, "paired_pct_of_library"); if (p == "" || p == "~") p = val($0, "pct_of_library"); p += 0
        if (kd == "hand" && p > hp[sh]) { hp[sh] = p; hv[sh] = v; hms[sh] = val($0, "ms") }
        if (kd == "hand") { r = val($0, "rung") + 0; rms[sh, r] = val($0, "ms") + 0; rtxt[sh, r] = val($0, "ms"); rid[sh, r] = v
            if (r > top[sh]) top[sh] = r }
        if (kd == "library" && val($0, "math") == "fma" && (!(sh in lms) || val($0, "ms") + 0 < lms[sh])) {
            lms[sh] = val($0, "ms") + 0; lv[sh] = v }
        if (v == "cudnn-implicit-gemm") ig[sh] = p
        if (v == "cudnn-implicit-precomp-gemm") ipg[sh] = p
    }
    /record: "variant"/ && /demo: "conv"/ && /ok: false/ && /kind: "hand"/ && !/supported: false/ {
        sh = "N=" val($0, "n") " C=" val($0, "c") " K=" val($0, "k") " " val($0, "h") "x" val($0, "w")
        failed[sh] = (nfail[sh]++ ? failed[sh] ", " : "") val($0, "variant")
    }
    function verdict(ok) { return ok ? "PASS" : "MISS" }
    END {
        printf "\nconv stages: fastest hand rung vs cuDNN FP32 (medians of %% of library)\n"
        printf "%-24s %-11s %9s %8s %-25s %9s %9s  %s\n", "shape", "hand best", "ms", "% fastest",
            "cuDNN fastest FP32", "% igemm", "% precomp", "targets (>= 95%, >= 100%, >= 100%)"
        for (i = 1; i <= ns; i++) {
            sh = shapes[i]
            if (!(sh in hv) || !(sh in lv)) { printf "%-24s no hand or no cuDNN FP32 record: MISS\n", sh; continue }
            a = (sh in ig && ig[sh] > 0) ? 100 * hp[sh] / ig[sh] : -1
            b = (sh in ipg && ipg[sh] > 0) ? 100 * hp[sh] / ipg[sh] : -1
            printf "%-24s %-11s %9s %7.1f%% %-25s %8.1f%% %8.1f%%  %s %s %s\n", sh, hv[sh], hms[sh], hp[sh],
                lv[sh] " " lms[sh], a, b, verdict(hp[sh] >= 95), verdict(a >= 100), verdict(b >= 100)
        }
        for (i = 1; i <= ns; i++) {
            sh = shapes[i]; climb = nfail[sh] ? failed[sh] " failed its check" : "yes"; prev = 0; n = 0
            for (r = 1; r <= top[sh]; r++) {
                if (!((sh, r) in rms)) continue
                if (prev && !(rms[sh, r] < rms[sh, prev]))
                    climb = (climb == "yes" ? "" : climb "; ") rid[sh, r] " " rtxt[sh, r] \
                        " ms not faster than " rid[sh, prev] " " rtxt[sh, prev] " ms"
                prev = r; n++
            }
            printf "conv %s: the %d hand rungs climb: %s\n", sh, n, climb == "yes" ? "PASS" : "MISS (" climb ")"
        }
    }' "$1"
}

# fusion_targets FILE: per fusion shape, each fused rung's speed-up over
# its unfused twin by its paired ratio (the median of interleaved pairs in
# one process; over processes the spread of those medians): cuDNN's fused
# conv + bias + ReLU and cuBLASLt's GELU + bias epilogue must be faster
# than their three steps (> x1): PASS when every process says so, UNSURE
# when the median does and a process does not, MISS otherwise; the hand
# rungs' speed-up beside it, with no target
fusion_targets() {
    awk '
'"$VAL_AWK"'
    function shape(line) {
        return val(line, "op") == "conv" ? val(line, "shape") : "gemm " val(line, "m") "x" val(line, "n") "x" val(line, "k")
    }
    /demo: "fusion"/ && /record: "(variant|unsupported)"/ {
        sh = shape($0); v = val($0, "variant")
        if (!(sh in seen)) { seen[sh] = 1; shapes[++ns] = sh; op[sh] = val($0, "op") }
        if (/record: "unsupported"/) { why[sh, v] = val($0, "reason"); next }
        sp[sh, v] = val($0, "paired_speedup"); lo[sh, v] = val($0, "processes_speedup_min")
        hi[sh, v] = val($0, "processes_speedup_max"); np[sh, v] = val($0, "processes")
        plo[sh, v] = val($0, "paired_speedup_lo"); phi[sh, v] = val($0, "paired_speedup_hi")
    }
    function has(sh, v) { return ((sh, v) in sp) && sp[sh, v] != "" && sp[sh, v] != "~" }
    function cell(sh, v) {
        if ((sh, v) in why) return "not run: " why[sh, v]
        if (!has(sh, v)) return "no paired record"
        if (lo[sh, v] != "") return sprintf("x%.2f [%.2f-%.2f over %s processes]", sp[sh, v], lo[sh, v], hi[sh, v], np[sh, v])
        return sprintf("x%.2f (pairs %.2f-%.2f)", sp[sh, v], plo[sh, v], phi[sh, v])
    }
    function verdict(sh, v) {
        if (!has(sh, v) || sp[sh, v] + 0 <= 1) return "MISS"
        if (lo[sh, v] != "" && lo[sh, v] + 0 <= 1) return "UNSURE (a process at or below x1)"
        return "PASS"
    }
    END {
        printf "\nfusion: fused over unfused, paired (target: the library fused > x1)\n"
        for (i = 1; i <= ns; i++) {
            sh = shapes[i]; lib = op[sh] == "conv" ? "cuDNN fused" : "cuBLASLt epilogue"
            vd = verdict(sh, "lib-fused"); pass[op[sh]] += vd == "PASS"; all[op[sh]]++
            printf "fusion %s: %s %s: %s; by hand %s\n", sh, lib, cell(sh, "lib-fused"), vd, cell(sh, "fused")
        }
        printf "fusion: cuDNN fused faster at %d of %d conv shapes, cuBLASLt epilogue at %d of %d GEMMs\n",
            pass["conv"], all["conv"], pass["gemm"], all["gemm"]
    }' "$1"
}

# attention_targets FILE: per attention shape, each rung's time and speed
# and its share of cuDNN SDPA's speed by its paired ratio (the median of
# interleaved, order-swapped pairs in one process; the spread of those
# medians over the processes beside it); then the targets at S = 4096:
# flash-mma >= 45% of cuDNN SDPA at D = 64 and 128, and flash-mma >= 10x
# three-kernel at D = 64 (the quotient of their two paired shares of
# cuDNN, each measured against the same cuDNN in its own process)
attention_targets() {
    awk '
'"$VAL_AWK"''"$PAIRED_AWK"'
    /demo: "attention"/ && /record: "(variant|unsupported)"/ {
        sh = "S=" val($0, "s") " D=" val($0, "d") (val($0, "causal") == "1" ? " causal" : "") " " val($0, "precision")
        v = val($0, "variant")
        if (!(sh in seen)) { seen[sh] = 1; shapes[++ns] = sh }
        if (/record: "unsupported"/) { printf "attention %-22s %-15s not run: %s\n", sh, v, val($0, "reason"); next }
        p = paired($0); if (p == "") p = (v == "cudnn-sdpa" ? "(the reference)" : "no paired record")
        printf "attention %-22s %-15s %9.4f ms %7.1f TFLOP/s  %s\n", sh, v, val($0, "ms"), val($0, "tflops"), p
        pp[sh, v] = val($0, "paired_pct_of_library"); ps[sh, v] = p
    }
    function have(sh, v) { return ((sh, v) in pp) && pp[sh, v] != "" && pp[sh, v] != "~" }
    END {
        for (d = 64; d <= 128; d *= 2) {
            sh = "S=4096 D=" d " fp16"
            if (!have(sh, "flash-mma")) { printf "attention %s: flash-mma has no paired record: MISS\n", sh; continue }
            printf "attention %s: flash-mma %s of cudnn-sdpa (paired; target >= 45%%): %s\n", sh,
                ps[sh, "flash-mma"], (pp[sh, "flash-mma"] + 0 >= 45 ? "PASS" : "MISS")
        }
        sh = "S=4096 D=64 fp16"
        if (have(sh, "flash-mma") && have(sh, "three-kernel") && pp[sh, "three-kernel"] + 0 > 0) {
            x = pp[sh, "flash-mma"] / pp[sh, "three-kernel"]
            printf "attention %s: flash-mma x%.1f over three-kernel (quotient of their paired shares of cudnn-sdpa; target >= x10): %s\n",
                sh, x, (x >= 10 ? "PASS" : "MISS")
        } else printf "attention %s: flash-mma over three-kernel: no paired records: MISS\n", sh
    }' "$1"
}

table() { # FILE: the ratio table
    awk '
'"$VAL_AWK"'
    /demo: "(transfer|streams)"/ { next } # their own table: xfer_targets.sh
    /record: "device"/ {
        flush_series()
        printf "\n%s on %s (%s), driver %s, runtime %s, cuBLAS %s, cuDNN %s, %s\n",
            val($0, "demo"), val($0, "name"), val($0, "date"), val($0, "driver"),
            val($0, "runtime"), val($0, "cublas"), val($0, "cudnn"),
            val($0, "live") == "true" ? "live" : "CPU only: " val($0, "reason")
        printf "%-30s %-7s %-4s %10s %10s %8s %9s\n", "variant", "kind", "ok",
            "ms", "GFLOP/s", "% lib", "x naive"
        naive = ""
        next
    }
    # launch: each series heading, then its own points, whatever the order
    # of the records (bench runs before merge_points wrote every heading
    # first); a series without a heading record (graph) gets its own
    /record: "series"/ {
        sr = val($0, "series"); seen_series(sr)
        head[sr] = sprintf("\n%s (%s): %s registers, %s B shared/block, suggested block %s\n", sr,
            val($0, "label"), val($0, "regs"), val($0, "smem"), val($0, "suggest_block")) \
            sprintf("%6s %9s %6s %7s %10s %9s %6s\n", "block", "grid", "per SM", "occ %", "ms", "GB/s", "waves")
    }
    /record: "point"/ && /series: "graph"/ {
        seen_series("graph")
        body["graph"] = body["graph"] sprintf("%6s %8s %10s %10s %10s\n", val($0, "mode"),
            val($0, "kernels"), val($0, "ms"), val($0, "us_per_kernel"), val($0, "host_us_per_kernel"))
        next
    }
    /record: "point"/ {
        sr = val($0, "series"); seen_series(sr)
        body[sr] = body[sr] sprintf("%6s %9s %6s %7s %10s %9s %6s\n", val($0, "block"), val($0, "grid"),
            val($0, "per_sm"), val($0, "occupancy"), val($0, "ms"), val($0, "gbs"), val($0, "waves"))
    }
    function seen_series(sr) { if (!(sr in known)) { known[sr] = 1; sorder[++nsr] = sr } }
    function flush_series(   i, sr) {
        for (i = 1; i <= nsr; i++) {
            sr = sorder[i]
            if (sr in head) printf "%s", head[sr]
            else if (sr == "graph") printf "\nlaunch graph series (one-block kernels, one by one or in one CUDA graph)\n%6s %8s %10s %10s %10s\n", "mode", "kernels", "ms", "us/kernel", "host us/k"
            else printf "\n%s\n", sr
            printf "%s", body[sr]
            delete known[sr]; delete head[sr]; delete body[sr]
        }
        nsr = 0
    }
    END { flush_series() }
    /record: "variant"/ {
        v = val($0, "variant"); ms = val($0, "ms"); g = val($0, "gflops")
        if (v == "naive" || v == "atomic") naive = g
        # by GFLOP/s: CPU variants may run at smaller sizes than the GPU ones
        sp = (naive != "" && g != "~" && naive > 0) ? sprintf("%.1f", g / naive) : "-"
        printf "%-30s %-7s %-4s %10s %10s %8s %9s\n", v, val($0, "kind"),
            val($0, "ok") == "true" ? "ok" : "FAIL", ms, val($0, "gflops"),
            val($0, "pct_of_library"), sp
    }' "$1"
}

if [ -n "$MERGE_ONLY" ]; then
    "$MERGE_ONLY" "$@"
    exit $?
fi

# BENCH_TABLE_ONLY=1: print the table of an existing BENCH_OUT, run nothing
if [ "${BENCH_TABLE_ONLY:-}" = 1 ]; then
    table "$DEST"
    targets "$DEST"
    tc_targets "$DEST" "$TC_DEST"
    [ -f "$CONV_DEST" ] && conv_targets "$CONV_DEST"
    [ -f "$FUSION_DEST" ] && fusion_targets "$FUSION_DEST"
    [ -f "$ATTN_DEST" ] && attention_targets "$ATTN_DEST"
    [ -f "${SWEEP_OUT:-demos/results/h200-sweep.yaml}" ] &&
        SWEEP_TABLE_ONLY=1 sh demos/scripts/mm_sweep.sh "$BIN"
    demos/scripts/xfer_targets.sh "$DEST"
    exit $?
fi

if part matmul; then
    bench matmul matmul --size 4096
    bench matmul matmul-8192 --size 8192 --variants "$TC_8192"
fi
if part reduce; then
    bench reduce reduce-large --n 268435456
    bench reduce reduce-small --n 1048583
fi
part launch && bench launch launch
if part conv && [ -x "$BIN/conv" ]; then
    # the GPU rungs (hand and cuDNN); the CPU ones run at conv2_x only,
    # where each costs seconds already
    conv_gpu=$("$BIN/conv" --list | awk '$3 == "hand" || $3 == "library" {printf "%s%s", s, $1; s=","}')
    for st in $CONV_STAGES; do
        c=${st%%:*}; hw=${st#*:}
        if [ "$st" = 64:56 ] || [ -z "$conv_gpu" ]; then only=; else only="--variants $conv_gpu"; fi
        # shellcheck disable=SC2086
        bench conv "conv-$c-$hw" --n 32 --c "$c" --h "$hw" --w "$hw" --k "$c" --r 3 --s 3 \
            --pad 1 --stride 1 --dil 1 $only
    done
fi
# fusion: the GPU rungs at ResNet-50's four 3x3 stages and two GEMMs
# (fusion_shapes, shared with fusion_gpu.sh), each fused rung paired with
# its unfused twin in every run
if part fusion && [ -x "$BIN/fusion" ]; then
    # a here-document, not a pipe: bench's FAIL=1 stays in this shell
    while read -r name args; do
        # shellcheck disable=SC2086
        bench fusion "fusion-$name" $args --variants unfused,fused,lib-unfused,lib-fused
    done <<EOF
$(fusion_shapes)
EOF
fi
# attention: the GPU rungs at attn_shapes, each paired with cuDNN's SDPA
if part attention && [ -x "$BIN/attention" ]; then
    while read -r name args; do
        # shellcheck disable=SC2086
        bench attention "attention-$name" $args
    done <<EOF
$(attn_shapes)
EOF
fi
part transfer && bench transfer transfer
# streams: the default (1024 FLOP/B), copy-bound and compute-bound settings
if part streams; then
    for fpb in 1024 16 4096; do
        for i in $(seq 1 "$RUNS"); do
            "$BIN/streams" --flops-per-byte "$fpb" --format yaml >"$tmp/streams.$fpb.$i" || {
                echo "bench: streams --flops-per-byte $fpb run $i exited $?" >&2; FAIL=1; }
        done
    done
fi
# the demos of BENCH_OUT whose part did not run keep their records there
keep=
for d in matmul conv fusion transfer streams reduce launch; do
    part "$d" || keep="$keep $d"
done
[ -f "$tmp/attention-s1024-d64.1" ] || keep="$keep attention"
mkdir -p "$(dirname "$DEST")"
# shellcheck disable=SC2086
{
    part matmul && merge "$tmp"/matmul.*
    [ -f "$tmp/conv-64-56.1" ] && merge "$tmp"/conv-64-56.*
    [ -f "$tmp/fusion-conv2_x.1" ] && merge "$tmp"/fusion-conv2_x.*
    part transfer && merge "$tmp"/transfer.*
    part streams && merge "$tmp"/streams.1024.* "$tmp"/streams.16.* "$tmp"/streams.4096.*
    part reduce && merge "$tmp"/reduce-large.* && merge "$tmp"/reduce-small.*
    part launch && merge_points "$tmp"/launch.*
    [ -f "$tmp/attention-s1024-d64.1" ] && merge "$tmp"/attention-s1024-d64.*
    kept "$DEST" $keep
} >"$DEST.tmp" && mv "$DEST.tmp" "$DEST"
if part matmul; then
    mkdir -p "$(dirname "$TC_DEST")"
    merge "$tmp"/matmul-8192.* >"$TC_DEST.tmp" && mv "$TC_DEST.tmp" "$TC_DEST"
    echo "bench: wrote $TC_DEST (matmul at 8192^3: $TC_8192)"
fi
if [ -f "$tmp/conv-64-56.1" ]; then
    # every stage, per variant and shape (the merge key has the sizes)
    mkdir -p "$(dirname "$CONV_DEST")"
    # shellcheck disable=SC2046
    merge $(for st in $CONV_STAGES; do echo "$tmp/conv-${st%%:*}-${st#*:}".*; done) \
        >"$CONV_DEST.tmp" && mv "$CONV_DEST.tmp" "$CONV_DEST"
    echo "bench: wrote $CONV_DEST (conv at $CONV_STAGES)"
fi
if [ -f "$tmp/fusion-conv2_x.1" ]; then
    # every shape, per variant and shape (the merge key has op, m, n, k)
    # shellcheck disable=SC2046
    merge $(fusion_shapes | while read -r name args; do echo "$tmp/fusion-$name".*; done) \
        >"$FUSION_DEST.tmp" && mv "$FUSION_DEST.tmp" "$FUSION_DEST"
    echo "bench: wrote $FUSION_DEST (fusion at the four stages and two GEMMs)"
fi
if [ -f "$tmp/attention-s1024-d64.1" ]; then
    # every shape, per variant and shape (the merge key has b, h, s, d)
    # shellcheck disable=SC2046
    merge $(attn_shapes | while read -r name args; do echo "$tmp/attention-$name".*; done) \
        >"$ATTN_DEST.tmp" && mv "$ATTN_DEST.tmp" "$ATTN_DEST"
    echo "bench: wrote $ATTN_DEST (attention at S = 1024, 4096, 16384, D = 64 and 128)"
fi
grep -q 'name: "NVIDIA H200' "$DEST" || echo "bench: note: not recorded on an H200" >&2
echo "bench: wrote $DEST (median of $RUNS runs per variant; parts:$PARTS)"
table "$DEST"
echo
targets "$DEST"
tc_targets "$DEST" "$TC_DEST"
# what limits tf32-mma: the rung and mma.sync alone, each in alternating
# pairs with cuBLAS TF32 (tf32_ceiling.sh); BENCH_CEILING=0 leaves it out
if [ "${BENCH_CEILING:-1}" = 0 ]; then
    echo "tf32 ceiling: not measured (BENCH_CEILING=0)"
elif ! part ceiling; then
    echo "tf32 ceiling: not measured (not in BENCH_PARTS)"
elif ! nvidia-smi -L 2>/dev/null | grep -q GPU; then
    echo "tf32 ceiling: not measured (nvidia-smi lists no GPU)"
else
    sh demos/scripts/tf32_ceiling.sh 4096 || FAIL=1
fi
[ -f "$CONV_DEST" ] && conv_targets "$CONV_DEST"
[ -f "$FUSION_DEST" ] && fusion_targets "$FUSION_DEST"
[ -f "$ATTN_DEST" ] && attention_targets "$ATTN_DEST"
demos/scripts/xfer_targets.sh "$DEST" || FAIL=1
if part sweep && [ "${BENCH_SWEEP:-1}" != 0 ]; then
    sh demos/scripts/mm_sweep.sh "$BIN" || FAIL=1
fi
exit "$FAIL"
