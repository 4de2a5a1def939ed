#!/usr/bin/env bash
# gpu-map: a wrong drop sends the label back to the tray with a hint and
# counts an attempt; Esc puts a carried label back without one.  Without a
# GPU (devinfo reports a CPU fallback) the figures are the recorded H200's,
# labelled as recorded, and the host's figure is this machine's CPU.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
PFILE="$XDG_STATE_HOME/cudakitchen/progress.yaml"

make_tree cpu
fresh; launch 80 24 "$TREE_BIN" open gpu-map
wait_for 'GPU map: label the kitchen'; ok $? "gpu-map opens"
devinfo_done
keys Enter
wait_for "Carrying 'L2 cache'"; ok $? "Enter takes the selected label, L2 cache"
like "$(screen)" '\[L2 cache\]' "it hovers over the drawing"
keys Enter
wait_for "Not there: 'L2 cache' goes back"; ok $? "dropped on the host: wrong, with a message"
s=$(flat)
like "$s" 'L2 is the one cache all SMs +share' "and a hint where it belongs"
like "$(screen | sed -n 3p)" '│L2 cache +│' "the label is back in its tray slot, not placed"
like "$s" 'placed 0/11 +attempts 1' "one attempt, none placed"
keys Enter; expect 'Carrying'; keys Escape
wait_gone 'Carrying'; ok $? "Esc puts a carried label back"
like "$(screen)" 'placed 0/11 +attempts 1' "without an attempt"
keys Enter; for t in 1 2 3 4; do keys Tab; done; keys Enter
wait_for '✓ L2 cache: '; ok $? "then dropped on the L2 strip: right"
s=$(flat)
like "$s" '60\.0 MiB of L2 cache' "the L2 size"
like "$s" 'recorded on NVIDIA +H200, 2026-11-29' "labelled as recorded on the H200"
keys Down; keys Enter; keys Enter
wait_for '✓ Host CPU: '; ok $? "the host CPU"
like "$(flat)" 'Test CPU, 2 hardware threads +\(this machine\)' "its figure is this machine's CPU"
keys q
is "$(wait_exit)" 0 "quit"
like "$(cat "$PFILE")" 'gpumap: \{attempts: 3, correct: 2\}' "3 attempts, 2 correct saved"

make_tree none
fresh; launch 80 24 "$TREE_BIN" open gpu-map
wait_for 'GPU map'; ok $? "without any devinfo program"
keys Enter; for t in 1 2 3 4; do keys Tab; done; keys Enter
wait_for '✓ L2 cache: '; ok $? "the map still works"
like "$(flat)" '60\.0 MiB of L2 cache .*recorded on' "with the recorded figure"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
