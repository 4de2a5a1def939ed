#!/bin/sh
# wg_rs_tune.sh [BIN_DIR]: the wgmma-tma rung with its transpose (rung 8 as
# shipped) against the same rung without it (CK_MM_WG_RS=1:
# 08_wgmma_tma_rs.cuh), each as a paired % of cuBLAS TF32 (the median of
# interleaved, order-swapped pairs in one process), in PROCS (default 3)
# processes of each, alternating, at each size of SIZES (default 4096
# 8192); then per size and setting the median process and the spread.
# Only a record that passed its checks (ok, exact) counts. The two settings
# are compared as two processes' ratios to the same library, never by ms.
set -u
BIN=${1:-build/demos}
field() { sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p" | tr -d '"'; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ck-wgrs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
for size in ${SIZES:-4096 8192}; do
    p=1
    while [ "$p" -le "${PROCS:-3}" ]; do
        for rs in 0 1; do
            CK_MM_WG_RS=$rs "$BIN/matmul" --size "$size" --variants wgmma-tma,cublas-tf32 \
                --format yaml >"$tmp/r" 2>&1
            line=$(grep 'record: "variant".*variant: "wgmma-tma"' "$tmp/r")
            if [ "$(printf '%s\n' "$line" | field ok)" = true ] &&
                [ "$(printf '%s\n' "$line" | field exact)" = true ]; then
                pct=$(printf '%s\n' "$line" | field paired_pct_of_library)
            else
                pct=FAIL
                printf 'size %s rs %s process %s: %s\n' "$size" "$rs" "$p" \
                    "$(grep -m1 'ok: false\|error' "$tmp/r" | cut -c1-200)"
            fi
            echo "$size $rs $pct $(printf '%s\n' "$line" | field ms) $(printf '%s\n' "$line" | field rel_err)" >>"$tmp/all"
        done
        p=$((p + 1))
    done
done
printf '%-6s %-22s %s\n' size setting "paired % of cuBLAS TF32 per process (ms, rel. err)"
awk '{ k = $1 " " $2; v[k] = v[k] sprintf(" %s (%s, %s)", $3, $4, $5)
       if ($3 != "FAIL") { n[k]++; x[k, n[k]] = $3 } else bad[k] = 1; if (!(k in seen)) { seen[k] = 1; o[++no] = k } }
     END {
         for (i = 1; i <= no; i++) {
             k = o[i]; split(k, f, " ")
             for (a = 1; a <= n[k]; a++) for (b = a + 1; b <= n[k]; b++)
                 if (x[k, b] + 0 < x[k, a] + 0) { t = x[k, a]; x[k, a] = x[k, b]; x[k, b] = t }
             med = n[k] ? x[k, int((n[k] + 1) / 2)] : "none"
             printf "%-6s %-22s%s  median %s [%s-%s]%s\n", f[1], f[2] ? "no transpose (RS)" : "transpose (rung 8)",
                 v[k], med, n[k] ? x[k, 1] : "-", n[k] ? x[k, n[k]] : "-", bad[k] ? "  FAILED" : ""
         }
     }' "$tmp/all"
