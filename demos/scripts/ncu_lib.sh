# ncu_lib.sh: reading Nsight Compute's text reports, for the scripts that
# put two kernels side by side (attn_ncu.sh, mm_ncu.sh); sourced, not run.

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
