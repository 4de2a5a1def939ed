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

# SGR mouse: press, drag and release of the left button at 0-based X Y.
m_press() { keys -l $'\e'"[<0;$(($1 + 1));$(($2 + 1))M"; }
m_drag() { keys -l $'\e'"[<32;$(($1 + 1));$(($2 + 1))M"; }
m_release() { keys -l $'\e'"[<0;$(($1 + 1));$(($2 + 1))m"; }
# re TEXT: TEXT as an extended regex matching itself.
re() { printf '%s' "$1" | sed 's/[][()./*+?^$|{}\\]/\\&/g'; }
# devinfo_done: waits until the title no longer says devinfo is running.
devinfo_done() {
	local i=0
	while screen | head -1 | grep -q 'devinfo\.\.\.' && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
}
# flat: the screen as one line (rows joined by a space), for text that wraps.
flat() { screen | tr '\n' ' '; }
# wait_gone REGEX [SECONDS]: polls until the screen no longer matches.
wait_gone() {
	local i=0
	while screen | grep -Eq -- "$1"; do
		[ $i -ge $((${2:-5} * 20)) ] && return 1
		sleep 0.05; i=$((i + 1))
	done
}
