#!/bin/sh
# multigpu_gpu.sh [BIN_DIR [one|many|all]]: the multigpu demo's checks on
# a machine with GPUs, under 3 minutes; a table of the steps and the
# numbers last.  `one`: what one GPU runs (the topology, copies inside
# GPU 0, NCCL's collectives with one rank, the split on one GPU, the
# one-process-per-GPU form bootstrapped by the id file through --procs and
# through a launcher's variables, NCCL missing); `many`: what needs two or
# more (peer copies between GPUs, the collectives over every GPU in one
# process and in one process per GPU, the split's scaling); `all` (the
# default): `one`, then `many` where two or more GPUs exist.  Without
# BIN_DIR/multigpu built for the GPU it builds it (make -f demos/demos.mk).
# NCCL is looked for as the demo does; on a machine where it comes with
# PyTorch's pip packages, CK_NCCL_LIB is set to it here.  NVLink multicast
# stays off: NCCL_NVLS_ENABLE=0 (the demo sets it too).
# Exit 0 only if every step that ran passed.
set -u
BIN=${1:-build/demos}
MODE=${2:-all}
MG=$BIN/multigpu
LOG=$BIN/multigpu-test
mkdir -p "$LOG"
SUM=$LOG/summary.txt
: >"$SUM"
FAIL=0
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1

record() { # name status detail
    printf '%-30s %-5s %s\n' "$1" "$2" "$3" >>"$SUM"
    [ "$2" = ok ] || [ "$2" = skip ] || FAIL=1
}

# the demo built for the GPU: its device record says live on a GPU machine
if ! "$MG" --format yaml --variants topology 2>/dev/null | grep -q 'live: true'; then
    make -s -j"$(nproc 2>/dev/null || echo 4)" -f demos/demos.mk BUILD="${BIN%/demos}" "$MG" >"$LOG/build.txt" 2>&1 ||
        { record build FAIL "$LOG/build.txt"; cat "$SUM"; exit 1; }
fi
if [ -z "${CK_NCCL_LIB:-}" ]; then
    lib=$(python3 -c 'import os, nvidia.nccl as m; print(os.path.join(list(m.__path__)[0], "lib", "libnccl.so.2"))' 2>/dev/null)
    [ -n "$lib" ] && [ -f "$lib" ] && export CK_NCCL_LIB="$lib"
fi
GPUS=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU ')

count() { grep -c "$1" "$2"; }

# check NAME WANT-EXIT GREP... -- ARGS: the run's exit status and, in its
# YAML, a line for each pattern; no `ok: false`
check() {
    name=$1 want=$2; shift 2
    : >"$LOG/$name.pats"
    while [ "$1" != "--" ]; do printf '%s\n' "$1" >>"$LOG/$name.pats"; shift; done
    shift
    "$@" >"$LOG/$name.log" 2>"$LOG/$name.err"
    rc=$?
    miss=$(while IFS= read -r p; do
        grep -q -- "$p" "$LOG/$name.log" || printf ' [%s]' "$p"
    done <"$LOG/$name.pats")
    bad=$(count 'ok: false' "$LOG/$name.log")
    if [ "$rc" -eq "$want" ] && [ -z "$miss" ] && [ "$bad" -eq 0 ]; then
        record "$name" ok "$(wc -l <"$LOG/$name.log") records"
    else
        record "$name" FAIL "exit $rc (want $want), $bad failed, missing:$miss ($LOG/$name.log)"
    fi
}

one() {
    check one-gpu 0 'live: true' 'record: "gpu", format: 1, demo: "multigpu", index: 0' \
        'record: "peer".*src: 0, dst: 0.*ok: true' \
        'variant: "all-reduce", ranks: 1, procs: 1, bytes: 16777216, ok: true' \
        'variant: "all-gather", ranks: 1' 'variant: "reduce-scatter", ranks: 1' \
        'variant: "broadcast", ranks: 1' 'variant: "split-matmul", gpus: 1.*ok: true' \
        'variant: "split-reduce", gpus: 1.*ok: true' \
        'why: "one-rank"' -- "$MG" --quick --format yaml
    check one-procs 0 'variant: "all-reduce", ranks: 1, procs: 1, bytes: 4096, ok: true' -- \
        "$MG" --quick --procs 1 --variants all-reduce --format yaml
    id=$LOG/nccl.id
    rm -f "$id"
    check one-mpirun-env 0 'variant: "broadcast", ranks: 1' -- \
        env OMPI_COMM_WORLD_RANK=0 OMPI_COMM_WORLD_SIZE=1 "$MG" --quick --variants broadcast \
        --id-file "$id" --format yaml
    if [ -e "$id" ]; then record one-id-file-spent FAIL "$id left behind"; else
        record one-id-file-spent ok "rank 0 removed the id once every rank had joined"; fi
    check one-no-nccl 0 'why: "no-nccl"' 'variant: "split-matmul".*ok: true' \
        'variant: "split-reduce".*ok: true' -- \
        env CK_NCCL_LIB=/nonexistent/libnccl.so.2 "$MG" --quick --variants all-reduce,split-matmul,split-reduce \
        --format yaml
    check one-bad-rank 2 -- env SLURM_PROCID=4 SLURM_STEP_NUM_TASKS=2 "$MG" --quick
    # the numbers: the full sweep's largest size and the 8192 matmul
    check one-bench 0 'record: "coll".*bytes: 1073741824, ok: true' -- "$MG" --variants all-reduce,split-matmul,split-reduce,peer-copy \
        --format yaml
}

# field F of the records of LOG matching PATTERN, one per line
field() { grep -- "$2" "$1" | sed -n "s/.* $3: \([^,}]*\).*/\1/p"; }

# the numbers, from the runs' records
numbers() {
    b=$LOG/one-bench.log
    [ -s "$b" ] && {
        echo "one GPU:"
        echo "  copy inside GPU 0 at 1 GiB: $(field "$b" 'record: "peer".*bytes: 1073741824' gbs) GB/s"
        echo "  NCCL all-reduce, 1 rank, 1 GiB: $(field "$b" 'variant: "all-reduce".*bytes: 1073741824' algbw) GB/s algbw" \
            "($(field "$b" 'variant: "all-reduce".*bytes: 1073741824' ms) ms; busbw 0 by definition)"
        echo "  matmul 8192^3 on 1 GPU: $(field "$b" 'variant: "split-matmul"' gflops) GFLOP/s"
        echo "  sum of 2^28 integers on 1 GPU: $(field "$b" 'variant: "split-reduce"' gbs) GB/s;" \
            "the 8-byte all-reduce of the partial sums: $(field "$b" 'variant: "split-reduce"' comm_ms) ms"
    }
    b=$LOG/many-gpus.log
    [ -s "$b" ] && {
        echo "$GPUS GPUs:"
        echo "  peer copy 0->1 at 256 MiB, one way, peer access on: $(field "$b" 'src: 0, dst: 1, bytes: 268435456, access: "on", direction: "one"' gbs) GB/s," \
            "$(field "$b" 'src: 0, dst: 1, bytes: 268435456, access: "on", direction: "one"' pct_of_peak)% of the link's peak"
        echo "  all-reduce busbw at 1 GiB: $(field "$b" 'variant: "all-reduce".*bytes: 1073741824' busbw) GB/s"
        grep 'record: "split"' "$b" | sed -n 's/.*variant: "\([a-z-]*\)", gpus: \([0-9]*\).*efficiency: \([^,]*\), efficiency_comm: \([^,}]*\).*/  \1 on \2 GPUs: efficiency \3, with communication \4/p'
    }
}

many() {
    check many-gpus 0 "record: \"gpu\", format: 1, demo: \"multigpu\", index: $((GPUS - 1))" \
        'record: "peer".*src: 0, dst: 1.*access: "on", direction: "both".*ok: true' \
        'record: "peer".*src: 0, dst: 1.*access: "off".*ok: true' \
        "variant: \"all-reduce\", ranks: $GPUS, procs: 1, bytes: 1073741824, ok: true" \
        "variant: \"split-matmul\", gpus: $GPUS.*ok: true" \
        "variant: \"split-reduce\", gpus: $GPUS.*ok: true" -- "$MG" --format yaml
    check many-procs 0 "variant: \"all-reduce\", ranks: $GPUS, procs: $GPUS, bytes: 1073741824, ok: true" \
        -- "$MG" --procs "$GPUS" --variants all-reduce,all-gather --format yaml
}

case $MODE in
one) one ;;
many) [ "$GPUS" -ge 2 ] && many || record many skip "$GPUS GPU(s): needs two or more" ;;
*) one; if [ "$GPUS" -ge 2 ]; then many; else record many skip "$GPUS GPU(s): needs two or more"; fi ;;
esac

echo
numbers
echo
echo "multigpu checks ($GPUS GPU(s), NCCL: ${CK_NCCL_LIB:-as the loader finds it}; logs in $LOG)"
cat "$SUM"
[ "$FAIL" -eq 0 ] && echo "multigpu: all passed" || echo "multigpu: FAILED"
exit "$FAIL"
