#!/usr/bin/env bash
# What a learner reads on the demo screens (QA walkthrough), with stand-in
# demos printing fixed records: a long fallback reason wraps whole in the
# section title and in devinfo's table; "not available here: ..." wraps
# whole; labels too long for their column are cut after a whole word with
# an ellipsis (never a variant id, never cut inside a word); the time axis keeps its upper bound and unit at 60x20; the
# conv roofline legend at 80x24 lists every plotted entry, recorded ones too.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

REASON="no CUDA driver: the NVIDIA driver (libcuda) is not installed or not loaded (CUDA driver version is insufficient for CUDA runtime version)"
ckd="$T_TMP/ck"
mkdir -p "$ckd/build/demos" "$ckd/demos"
: > "$ckd/Makefile"
ln -s "$CK_ROOT/lessons" "$ckd/lessons"
mkdir -p "$ckd/demos/results"   # the recorded run: the fixtures, fixed
cat "$(ladder_fixture results/h200-matmul-1024.yaml)" \
	"$(ladder_fixture results/h200-conv-quick.yaml)" > "$ckd/demos/results/h200.yaml"
cp "$CK_BIN" "$ckd/build/cudakitchen"
ck="$ckd/build/cudakitchen"
dev() { printf -- '- {record: "device", format: 1, demo: "%s", live: false, reason: "%s", date: "2026-11-29T22:00:00Z", command: "x", cpu_name: "Test CPU", cpu_threads: 2}\n' "$1" "$REASON"; }
var() { # demo id label ms
	printf -- '- {record: "variant", format: 1, demo: "%s", variant: "%s", rung: 8, kind: "cpu", label: "%s", ok: true, checked: "fp64", rel_err: 1e-07, tol: 0.0001, ms: %s, ms_min: %s, ms_max: %s, reps: 3, gflops: 2.0, pct_of_library: ~, pct_of_peak: ~, intensity: 10.0, gbs: 0.2, baseline: false, m: 256, n: 256, k: 256}\n' "$1" "$2" "$3" "$4" "$4" "$4"
}
{ dev matmul; var matmul cpu-naive "CPU naive, 1 thread" 22.0; var matmul cpu-blocked "CPU blocked, all cores" 1.08; } > "$T_TMP/matmul.yaml"
{ dev conv; var conv cpu-naive "CPU naive" 29.9 | sed 's/m: 256, n: 256, k: 256/n: 4, c: 32, h: 28, w: 28, k: 32, r: 3, s: 3, pad: 1, stride: 1, dil: 1, p: 28, q: 28, workspace: 0/'
  var conv cpu-blocked "CPU blocked, all cores" 2.33 | sed 's/m: 256, n: 256, k: 256/n: 4, c: 32, h: 28, w: 28, k: 32, r: 3, s: 3, pad: 1, stride: 1, dil: 1, p: 28, q: 28, workspace: 0/'; } > "$T_TMP/conv.yaml"
dev devinfo > "$T_TMP/devinfo.yaml"
for d in matmul conv devinfo; do
	printf '#!/bin/sh\ncat "%s"\n' "$T_TMP/$d.yaml" > "$ckd/build/demos/$d"
	chmod +x "$ckd/build/demos/$d"
done
squeeze() { screen | tr '\n' ' ' | tr -s ' '; }

fresh; launch 80 24 "$ck" open conv
wait_for 'Yours: CPU fallback'; ok $? "conv opens with the stand-in's results"
like "$(squeeze)" "$(printf '%s' "$REASON" | sed 's/[()]/\\&/g')" "the whole fallback reason, wrapped"
# (the row may be below the first screenful: the notes under yours come first)
for i in $(seq 10); do squeeze | grep -q 'cuDNN direct' && break; keys Down; settle; done
keys Down; settle
like "$(squeeze)" 'not available here: not supported by cuDNN for this problem \(CUDNN_STATUS_NOT_SUPPORTED\)' \
	"'not available here' wrapped whole"
s=$(screen)
like "$s" 'CPU blocked, all cores ' "a label that fits is whole"
like "$s" 'cuDNN implicit-precomp-gemm ' "the long cuDNN label fits whole at 80"
unlike "$s" 'CPU blocked, all cor[^e]|cuBLAS TF32 Tensor C[^o]|cuDNN implicit-preco[^m]|cuDNN fastest, TF32-[^a]' \
	"no label cut mid-word"
keys G
wait_for 'cuDNN fastest, TF32-allowed:? ?…|cuDNN fastest, TF32-…|cuDNN fastest…'; ok $? "a label too long for its column: its first words and …"
unlike "$(screen)" 'cudnn-default' "not its variant id"
keys v; expect 'Roofline'; settle
s=$(screen)
# cuDNN's implicit-gemm and implicit-precomp-gemm, both "cuDNN implicit-…"
# once cut after a word (or between characters), by their last words
for e in "1 CPU naive" "2 CPU blocked" "7 …implicit-gemm" "8 …precomp-gemm" "d cuDNN fastest" "e CPU naive" "f CPU blocked"; do
	like "$s" "$e" "roofline legend at 80x24 has '$e'"
done
unlike "$s" 'cpu-blk|dnn-impl|dnn-dflt' "and no abbreviated ids"
stop_wait

fresh; launch 60 20 "$ck" open matmul
expect 'Yours: CPU fallback'
axis=$(screen | grep 'speedup' | head -1)
like "$axis" '(log scale [0-9.]+ \.\.\. 1k ms|[0-9.]+ \.\. 1k ms|<= 1k ms) ' "at 60x20 the axis keeps its top (1k ms: the recorded run shares it) and its unit"
like "$(screen)" 'CPU blocked… ' "a long label is cut after a word at 60 columns"
like "$(squeeze)" "$(printf '%s' "$REASON" | sed 's/[()]/\\&/g')" "the reason wraps whole at 60 columns"
like "$(screen | grep ' r run ')" 'r run .* Esc back +\? help +q quit *$' "at 60 columns the key hints keep the way back, help and quit (own keys give way first)"
stop_wait

for c in 60 80 120 200; do
	fresh; launch $c 24 "$ck" open devinfo
	expect 'none in use'
	like "$(squeeze)" "none in use: $(printf '%s' "$REASON" | sed 's/[()]/\\&/g') \(CPU fallback\)" \
		"devinfo at $c columns: the reason wraps whole"
	stop_wait
done
done_testing
