#!/usr/bin/env bash
# bench_cpu.sh: how long a drill check takes on the CPU emulator, from the
# command to the verdict (compile, every case, the sanitizers), per
# built-in drill: one check to fill the cache (the harness's objects and
# the precompiled simt.h, built once per machine), then the median of
# three checks of the reference.  Not a test: it prints the numbers, with
# the machine's load, for the target of 3 s a check on two cores.
#
#     drills/scripts/bench_cpu.sh [ID...]
set -u
cd "$(dirname "$0")/../.." || exit 2
CK=${CK_BIN:-build/cudakitchen}
[ -x "$CK" ] || { echo "bench_cpu: build $CK first (make)" >&2; exit 2; }
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$(mktemp -d)} CK_DRILL_BACKEND=cpu
want=" $* "
echo "# $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"
printf '%-20s %8s %8s %8s %8s\n' drill first median cpu-s load
for dir in drills/[0-9][0-9]-*/; do
    dir=${dir%/}; folder=${dir#drills/}; id=${folder#??-}
    [ $# -gt 0 ] && [ "${want#* $id }" = "$want" ] && continue
    grep -q '^judge: gpu' "$dir/drill.yaml" && continue
    t0=$(date +%s.%N)
    "$CK" drill check "$id" "$dir/starter.cu" >/dev/null 2>&1
    first=$(echo "$(date +%s.%N) - $t0" | bc)
    times=()
    cpu0=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
    for _ in 1 2 3; do
        t0=$(date +%s.%N)
        "$CK" drill check "$id" "$dir/reference.cu" >/dev/null 2>&1
        times+=("$(echo "$(date +%s.%N) - $t0" | bc)")
    done
    cpu1=$(awk '{print $14 + $15 + $16 + $17}' /proc/$$/stat)
    med=$(printf '%s\n' "${times[@]}" | sort -n | sed -n 2p)
    printf '%-20s %8.2f %8.2f %8.2f %8s\n' "$id" "$first" "$med" \
        "$(echo "($cpu1 - $cpu0) / $(getconf CLK_TCK) / 3" | bc -l)" "$(cut -d' ' -f1 /proc/loadavg)"
done
