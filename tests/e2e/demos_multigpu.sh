#!/usr/bin/env bash
# ck-test: quick
# The multigpu demo without a GPU, as `cudakitchen demo` runs it: the
# device record says why not, the model's records carry nccl-tests' bus
# factors, what was not run is said with its code; --help names the
# one-process-per-GPU options and CK_NCCL_LIB; bad arguments and a
# launcher's malformed variables exit 2 with a message, before anything
# runs.  (The GPU paths: demos/scripts/multigpu_gpu.sh in make gpu-test.)
. "$(dirname "$0")/lib.bash"
mg="$CK_BUILD/demos/multigpu"
[ -x "$mg" ] || skip_all "$mg not built (make demos)"

out=$("$CK_BIN" demo multigpu --format yaml --quick 2>&1); rc=$?
is "$rc" 0 "no GPU: exit 0 (the model is not a failure)"
like "$out" '^- \{record: "device", format: 1, demo: "multigpu", live: false' "the device record says not live"
like "$out" 'record: "model".*variant: "all-reduce", ranks: 8, bytes: 1073741824, factor: 1.75,' "all-reduce over 8: factor 2*7/8"
like "$out" 'record: "model".*variant: "all-gather", ranks: 4, .*factor: 0.75,' "all-gather over 4: 3/4"
like "$out" 'record: "model".*variant: "broadcast", ranks: 2, .*factor: 1,' "broadcast: 1"
like "$out" 'record: "needs".*needs: 1, why: "no-gpu", reason: "no GPU here: nothing was measured' "what was not run, with its code"
unlike "$out" 'record: "(coll|peer|split)"' "no measurement is invented"
out=$("$CK_BIN" demo multigpu --format table 2>&1)
like "$out" "The model \(arithmetic, not a measurement\)" "the table labels the model"
like "$out" "no several-GPU run is recorded" "and says no several-GPU run is recorded"
help=$("$mg" --help)
for w in --procs --id-file --size --max-mib CK_NCCL_LIB NCCL_NVLS_ENABLE; do
	like "$help" "$w" "--help names $w"
done
list=$("$mg" --list | awk '{print $1}' | paste -sd' ')
is "$list" "topology peer-copy all-reduce all-gather reduce-scatter broadcast split-matmul split-reduce" "--list: the parts"

bad() { # bad WANT-IN-STDERR DESCRIPTION ARGS...
	local want=$1 what=$2; shift 2
	err=$("$@" 2>&1 >/dev/null); rc=$?
	is "$rc" 2 "$what: exit 2"
	like "$err" "$want" "$what: says why"
}
bad "out of range" "--size 3" "$mg" --size 3
bad "out of range" "--procs 0" "$mg" --procs 0
bad "out of range" "--procs 99" "$mg" --procs 99
bad "needs a path" "--id-file without a path" "$mg" --id-file
bad "unknown" "--variants nosuch" "$mg" --variants nosuch
bad "unknown argument" "an unknown argument" "$mg" --frob
bad "SLURM_PROCID=5 and SLURM_STEP_NUM_TASKS=2" "a rank outside its size" env SLURM_PROCID=5 SLURM_STEP_NUM_TASKS=2 "$mg"
bad "OMPI_COMM_WORLD_RANK=x" "a rank that is not a number" env OMPI_COMM_WORLD_RANK=x OMPI_COMM_WORLD_SIZE=2 "$mg"
bad "--procs inside srun" "--procs under a launcher" env SLURM_PROCID=0 SLURM_STEP_NUM_TASKS=1 "$mg" --procs 2
done_testing
