# gpumap_lib.bash: helpers for the gpumap_*.sh and tiling_*.sh end-to-end
# scripts (sourced after lib.bash and tui_lib.bash).
#
# make_tree MODE builds $TREE, shaped like a source checkout (paths.h): a
# copy of the binary in build/, the real lessons, a recorded-results file
# and a stand-in build/demos/devinfo (and matmul) that print fixed result
# lines, so the screens' "measured here" and "recorded" paths can be tested
# on a machine with or without a GPU.  MODE: gpu (devinfo reports the H200
# below as live), cpu (a CPU fallback record), none (no devinfo at all).
TREE="$T_TMP/tree"
. "$(dirname "${BASH_SOURCE[0]}")/ladder_lib.bash"

# Measured on an NVIDIA H200 with build/demos/devinfo --format yaml.
H200_DEV='{record: "device", format: 1, demo: "devinfo", live: true, reason: ~, date: "2026-11-29T21:38:39Z", command: "build/demos/devinfo --format yaml", cpu_name: "Intel(R) Xeon(R) Processor", cpu_threads: 16, name: "NVIDIA H200", cc: "9.0", sms: 132, fp32_lanes_per_sm: 128, clock_mhz: 1980, mem_bytes: 150109880320, mem_bus_bits: 6016, mem_clock_mhz: 3201, mem_gbs: 4814.3, l2_bytes: 62914560, smem_per_sm: 233472, smem_per_block: 49152, smem_per_block_optin: 232448, regs_per_sm: 65536, max_threads_per_sm: 2048, max_threads_per_block: 1024, warp_size: 32, peak_gflops: 66908.2, driver: "13.0", runtime: "13.0", compat: "ok", cublas: "13.1.0", cudnn: "9.14.0"}'
CPU_DEV='{record: "device", format: 1, demo: "devinfo", live: false, reason: "built without CUDA", date: "2026-11-29T21:33:49Z", command: "devinfo", cpu_name: "Test CPU", cpu_threads: 2}'

make_tree() {
	rm -rf "$TREE"
	mkdir -p "$TREE/build/demos" "$TREE/lessons" "$TREE/demos/results"
	cp "$CK_BIN" "$TREE/build/cudakitchen"
	ln -s "$CK_ROOT/lessons/en" "$TREE/lessons/en"
	: > "$TREE/Makefile"
	# The recorded run: the H200's device record, as demos/results/h200.yaml holds it.
	printf -- '- %s\n' "${H200_DEV/demo: \"devinfo\"/demo: \"matmul\"}" > "$TREE/demos/results/h200.yaml"
	case $1 in
	gpu) printf -- '- %s\n' "$H200_DEV" > "$TREE/build/demos/devinfo.out" ;;
	cpu) printf -- '- %s\n' "$CPU_DEV" > "$TREE/build/demos/devinfo.out" ;;
	none) return ;;
	esac
	printf '#!/bin/sh\ncat "$(dirname "$0")/devinfo.out"\n' > "$TREE/build/demos/devinfo"
	chmod +x "$TREE/build/demos/devinfo"
}
TREE_BIN="$TREE/build/cudakitchen"

# The tray at 80x24 (gpumap.c's tray_order) and where each label goes:
# its view (0 the GPU, 1 one SM) and its place in that view's Tab order.
TRAY=("L2 cache" "FP32 CUDA cores" "Host CPU" "Register file" "SMs" "Tensor Cores" "HBM (VRAM)" "Warp schedulers" "PCIe / NVLink" "L1 / shared memory" "Memory controllers")
VIEW=(0 1 0 1 0 1 0 1 0 1 0)
TABS=(4 1 0 3 5 2 2 0 1 4 3)

# SGR mouse: press, drag and release of the left button at 0-based X Y,
# each read by the program before the next is sent, as a hand makes them
# (ncurses can drop one of several mouse events that arrive in a single read).
m_press() { keys_read $'\e'"[<0;$(($1 + 1));$(($2 + 1))M"; }
m_drag() { keys_read $'\e'"[<32;$(($1 + 1));$(($2 + 1))M"; }
m_release() { keys_read $'\e'"[<0;$(($1 + 1));$(($2 + 1))m"; }
# devinfo_done: waits until the title no longer says devinfo is running.
devinfo_done() {
	local i=0
	while screen | head -1 | grep -q 'devinfo\.\.\.'; do
		[ $i -ge "$(t_ticks)" ] && { ok 1 "devinfo finishes"; diag_screen; return 1; }
		t_nap 0.05; i=$((i + 1))
	done
}
# matmul output for the tiling tests.  MM_H200_64 and MM_H200_1024 were
# measured on an NVIDIA H200 (build/demos/matmul --size N --variants
# naive,smem-tiled,regblock,cpu-naive,cpu-blocked --format yaml); MM_CPU_64
# on a 2-core machine without a GPU; their variant ids are ladder rows,
# filled in as they are written (ladder_fill).  The stand-in matmul prints
# the one for its --size (the CPU one when it has none).
MM_H200_DEV='- {record: "device", format: 1, demo: "matmul", live: true, reason: ~, date: "2026-11-29T21:46:48Z", command: "build/demos/matmul", cpu_name: "Intel(R) Xeon(R) Processor", cpu_threads: 16, name: "NVIDIA H200", cc: "9.0", sms: 132, fp32_lanes_per_sm: 128, clock_mhz: 1980, mem_bytes: 150109880320, mem_bus_bits: 6016, mem_clock_mhz: 3201, mem_gbs: 4814.3, l2_bytes: 62914560, smem_per_sm: 233472, smem_per_block: 49152, smem_per_block_optin: 232448, regs_per_sm: 65536, max_threads_per_sm: 2048, max_threads_per_block: 1024, warp_size: 32, peak_gflops: 66908.2, driver: "13.0", runtime: "13.0", compat: "ok", cublas: "13.1.0", cudnn: "9.14.0"}'
MM_H200_64="$MM_H200_DEV
- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"@matmul:NAIVE@\", rung: 1, kind: \"hand\", label: \"naive, uncoalesced\", ok: true, checked: \"fp64\", rel_err: 1.43592e-07, tol: 0.0001, ms: 0.039488, ms_min: 0.038592, ms_max: 0.044512, reps: 1000, gflops: 13.2771, pct_of_library: ~, pct_of_peak: 0.0198438, intensity: 10.6667, gbs: 1.24473, baseline: false, m: 64, n: 64, k: 64}
- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"@matmul:SMEM_TILED@\", rung: 3, kind: \"hand\", label: \"shared-memory tiles\", ok: true, checked: \"fp64\", rel_err: 1.43592e-07, tol: 0.0001, ms: 0.006592, ms_min: 0.005248, ms_max: 0.026912, reps: 1000, gflops: 79.534, pct_of_library: ~, pct_of_peak: 0.11887, intensity: 10.6667, gbs: 7.45631, baseline: false, m: 64, n: 64, k: 64}
- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"@matmul:REGBLOCK@\", rung: 4, kind: \"hand\", label: \"register blocking\", ok: true, checked: \"fp64\", rel_err: 1.43592e-07, tol: 0.0001, ms: 0.008736, ms_min: 0.00784, ms_max: 0.01232, reps: 1000, gflops: 60.0146, pct_of_library: ~, pct_of_peak: 0.0896971, intensity: 10.6667, gbs: 5.62637, baseline: false, m: 64, n: 64, k: 64}"
MM_H200_1024="$MM_H200_DEV
- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"@matmul:NAIVE@\", rung: 1, kind: \"hand\", label: \"naive, uncoalesced\", ok: true, checked: \"library\", rel_err: 0, tol: 0.0001, ms: 4.42352, ms_min: 4.42272, ms_max: 4.42643, reps: 22, gflops: 485.469, pct_of_library: ~, pct_of_peak: 0.725576, intensity: 170.667, gbs: 2.84455, baseline: false, m: 1024, n: 1024, k: 1024}
- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"@matmul:SMEM_TILED@\", rung: 3, kind: \"hand\", label: \"shared-memory tiles\", ok: true, checked: \"library\", rel_err: 0, tol: 0.0001, ms: 0.257536, ms_min: 0.247104, ms_max: 0.26, reps: 405, gflops: 8338.58, pct_of_library: ~, pct_of_peak: 12.4627, intensity: 170.667, gbs: 48.8588, baseline: false, m: 1024, n: 1024, k: 1024}
- {record: \"variant\", format: 1, demo: \"matmul\", variant: \"@matmul:REGBLOCK@\", rung: 4, kind: \"hand\", label: \"register blocking\", ok: true, checked: \"library\", rel_err: 0, tol: 0.0001, ms: 0.126144, ms_min: 0.114944, ms_max: 0.129216, reps: 875, gflops: 17024.1, pct_of_library: ~, pct_of_peak: 25.4439, intensity: 170.667, gbs: 99.7504, baseline: false, m: 1024, n: 1024, k: 1024}"
MM_CPU_64='- {record: "device", format: 1, demo: "matmul", live: false, reason: "no CUDA driver: the NVIDIA driver (libcuda.so.1) is not installed or not loaded", date: "2026-11-29T21:47:06Z", command: "build/demos/matmul --size 64", cpu_name: "AMD EPYC", cpu_threads: 2}
- {record: "variant", format: 1, demo: "matmul", variant: "@matmul:CPU_NAIVE@", rung: 8, kind: "cpu", label: "CPU naive, 1 thread", ok: true, checked: "fp64", rel_err: 1.52994e-07, tol: 0.0001, ms: 0.068713, ms_min: 0.067721, ms_max: 9.46667, reps: 1000, gflops: 7.63011, pct_of_library: ~, pct_of_peak: ~, intensity: 10.6667, gbs: 0.715323, baseline: false, m: 64, n: 64, k: 64}
- {record: "variant", format: 1, demo: "matmul", variant: "@matmul:CPU_BLOCKED@", rung: 9, kind: "cpu", label: "CPU blocked, all cores", ok: true, checked: "fp64", rel_err: 1.52994e-07, tol: 0.0001, ms: 0.044226, ms_min: 0.042954, ms_max: 5.17552, reps: 1000, gflops: 11.8547, pct_of_library: ~, pct_of_peak: ~, intensity: 10.6667, gbs: 1.11138, baseline: false, m: 64, n: 64, k: 64}'

# add_matmul gpu|cpu: a stand-in build/demos/matmul printing the runs above
# (and, in the tree's recording, the H200's 1024^3 run).
add_matmul() {
	printf '%s\n' "$MM_H200_1024" | ladder_fill >> "$TREE/demos/results/h200.yaml"
	if [ "$1" = gpu ]; then printf '%s\n' "$MM_H200_64" | ladder_fill > "$TREE/build/demos/matmul.64.out"; fi
	printf '%s\n' "$MM_CPU_64" | ladder_fill > "$TREE/build/demos/matmul.cpu.out"
	printf '#!/bin/sh\nd=$(dirname "$0")\nf="$d/matmul.$2.out"\n[ -f "$f" ] || f="$d/matmul.cpu.out"\ncat "$f"\n' > "$TREE/build/demos/matmul"
	chmod +x "$TREE/build/demos/matmul"
}

# tl_expect MODE N T B R SMS STEP: the counts tiling.h's closed forms give
# after STEP timeline steps, summed block by block ("global shared fma").
tl_expect() {
	local mode=$1 n=$2 t=$3 b=$4 r=$5 S=$6 s=$7 bk=8 tile len
	tile=$t; len=$t
	if [ "$mode" = regblock ]; then tile=$b; len=$bk; fi
	local g=$(((n + tile - 1) / tile)) ks=$(((n + len - 1) / len)) G=0 SH=0 F=0 blk p h w kk
	for ((blk = 0; blk < g * g; blk++)); do
		p=$((s - blk / S * ks)); ((p < 0)) && p=0; ((p > ks)) && p=$ks
		h=$((n - blk / g * tile)); ((h > tile)) && h=$tile
		w=$((n - blk % g * tile)); ((w > tile)) && w=$tile
		kk=$((p * len)); ((kk > n)) && kk=$n
		case $mode in
		naive) G=$((G + 2 * h * w * kk)); F=$((F + h * w * kk)) ;;
		smem-tiled) G=$((G + (h + w) * kk)); SH=$((SH + 2 * t * t * t * p)); F=$((F + t * t * t * p)) ;;
		regblock) G=$((G + (h + w) * kk)); SH=$((SH + 2 * r * bk * (b / r) * (b / r) * p)); F=$((F + b * b * bk * p)) ;;
		esac
	done
	echo "$G $SH $F"
}
# tl_shown: the counters on the tiling screen ("global shared fma").
tl_shown() {
	local s; s=$(screen)
	echo "$(grep -oE 'global loads +[0-9]+' <<<"$s" | awk '{print $3}') $(grep -oE 'shared loads +[0-9]+' <<<"$s" | awk '{print $3}') $(grep -oE 'multiply-adds +[0-9]+' <<<"$s" | awk '{print $2}')"
}
tl_step() { screen | grep -oE 'step [0-9]+/' | head -1 | tr -dc 0-9; }
