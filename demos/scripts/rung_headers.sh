#!/bin/sh
# rung_headers.sh gpu|emu LADDER_H: the #include lines of a ladder's rung
# headers, made from its rows (demos/common/ladder_row.h) by the C
# preprocessor, so that the GPU build (demos/demos.mk: rung_headers.h, which
# mm_gpu.cu, conv_gpu.cu and reduce_gpu.cu include) and the CPU emulation
# (tests/e2e/demos_emu.sh) include the same headers and a new row with its
# header needs no other edit.
#
# A row numbered NN (from the order of the rows) with id ID has the header
# NN_ID.cuh ('-' in ID as '_'), included after NN_ID_tuning.cuh, its tuning
# switches, where that exists; a header of another number (a row inserted
# above it and the file not renamed yet) is found by its id all the same. gpu: every hand row, and every library row
# that has a header (reduce's CUB); emu: the hand rows. A row that needs
# sm90a is left out of both: it is compiled apart (matmul/mm_sm90a.cu). A
# hand row without its header is an #error naming the file.
# CPP overrides the preprocessor (default: cc -E).
set -eu
mode=$1 h=$2
dir=$(dirname "$h")
p=$(sed -n 's/^#define \([A-Z0-9]*\)_LADDER(X).*/\1/p' "$h")
[ -n "$p" ] || { echo "rung_headers.sh: no <P>_LADDER(X) in $h" >&2; exit 2; }
echo "/* made by demos/scripts/rung_headers.sh $mode from $h: do not edit */"
printf '#include "%s"\n#define R_(e, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh) ROW id step kind needs\n%s_LADDER(R_)\n' \
    "$(basename "$h")" "$p" | (cd "$dir" && ${CPP:-cc -E} -P -x c -) |
    sed -n 's/ROW "\([^"]*\)" \([a-z]*\) \([a-z]*\) \([a-z0-9]*\)/\1 \2 \3 \4\n/gp' |
    awk -v mode="$mode" 'NF == 4 {
        n += $2 == "next"
        if ($4 != "sm90a" && $3 != "cpu" && ($3 == "hand" || mode == "gpu")) print n, $3, $1
    }' | while read -r n kind id; do
        base=$(echo "$id" | tr - _)
        f=$(printf '%02d_%s.cuh' "$n" "$base")
        # a header numbered otherwise (a row inserted above it, not yet
        # renamed): found by its id all the same
        [ -f "$dir/$f" ] || f=$(cd "$dir" && ls [0-9][0-9]_"$base".cuh 2>/dev/null | head -1)
        if [ -n "$f" ] && [ -f "$dir/$f" ]; then
            [ -f "$dir/${f%.cuh}_tuning.cuh" ] && echo "#include \"${f%.cuh}_tuning.cuh\""
            echo "#include \"$f\""
        elif [ "$kind" = hand ]; then
            echo "#error \"rung $id: no ${n}_$base.cuh in $dir\""
        fi
    done
