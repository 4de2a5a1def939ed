# ncu_lib.sh: the start of the scripts that put two kernels side by side
# under Nsight Compute (attn_ncu.sh, mm_ncu.sh), and reading its text
# reports; sourced, not run, from the repository root.

# ncu_start NAME BIN: $OUT made, $NCU found and BIN built (its log in
# $OUT/build.log), FAIL=0. Without ncu a line says so ($OUT/summary.txt)
# and the script ends with 0; a failed build ends it with 1.
ncu_start() {
    mkdir -p "$OUT"
    NCU=$(command -v ncu || echo /usr/local/cuda/bin/ncu)
    [ -x "$NCU" ] || { echo "$1: no ncu (Nsight Compute) here: nothing profiled" | tee "$OUT/summary.txt"; exit 0; }
    make -j"$(nproc)" "$2" >"$OUT/build.log" 2>&1 || { echo "build failed: $OUT/build.log"; exit 1; }
    FAIL=0
}

# pick NAME LOG: the value (and unit) of ncu's line NAME in LOG, the first
pick() {
    awk -v name="$1" '
        index($0, name) { line = $0; sub(/^[ \t]*/, "", line)
            if (substr(line, 1, length(name)) != name) next
            rest = substr(line, length(name) + 1); n = split(rest, f, /[ \t]+/)
            if (n >= 3) { print f[n] " " f[n - 1]; exit }
            if (n >= 2) { print f[n]; exit } }' "$2"
}

# metric PREFIX LOG: the values of the --metrics lines whose names start
# with PREFIX (the first four), as name=value on one line
metric() {
    awk -v p="$1" 'index($1, p) == 1 { print $1 "=" $NF; }' "$2" | head -4 | tr '\n' ' '
}
