#!/usr/bin/env bash
# gpu-map with the keyboard alone (--no-mouse): every label taken with
# Enter, moved with Tab (and z for the SM view) and dropped with Enter lands
# right; each reveals its kitchen role, and the figures come from devinfo
# (a stand-in reporting the H200, labelled as measured here).  Attempts and
# the architecture skill are saved with progress.  Also --ascii.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
PFILE="$XDG_STATE_HOME/cudakitchen/progress.yaml"

make_tree gpu
fresh; launch 80 24 "$TREE_BIN" --no-mouse open gpu-map
wait_for 'GPU map: label the kitchen'; ok $? "gpu-map opens at 80x24"
is "$(pane '#{mouse_any_flag}')" 0 "--no-mouse: no mouse reporting"
like "$(screen)" 'placed 0/11 +attempts 0' "nothing placed yet"
like "$(flat)" 'Tab to pick, Enter to take, Tab or arrows to move +it' "--no-mouse: the start line speaks of keys only"
unlike "$(flat)" 'drag it' "and not of dragging"
devinfo_done
view=0
for i in "${!TRAY[@]}"; do
	if [ "${VIEW[$i]}" != "$view" ]; then keys z; view=${VIEW[$i]}; fi
	keys Enter
	for ((t = 0; t < TABS[i]; t++)); do keys Tab; done
	keys Enter
	wait_for "✓ $(re "${TRAY[$i]}"): "; ok $? "'${TRAY[$i]}' dropped by keys lands right and shows its role"
	case ${TRAY[$i]} in
	"PCIe / NVLink")   # the host was placed before: the two names stay apart
		like "$(screen)" 'link' "the placed link shows its name"
		unlike "$(screen)" 'CPUlink|CPU link' "and it does not run into the host's ('Host CPUlink')" ;;
	SMs)
		s=$(screen)
		like "$s" 'The chef stations' "the SMs are the chef stations"
		like "$s" '132 SMs at up to 1980 MHz' "with the SM count and clock from devinfo"
		like "$(flat)" 'measured on this machine: +NVIDIA H200' "labelled as measured here" ;;
	"HBM (VRAM)")
		like "$(screen)" '139\.8 GiB of device memory, 4814 GB/s' "HBM: memory size and bandwidth" ;;
	"Register file")
		like "$(screen)" '65536 32-bit registers per SM' "registers per SM" ;;
	"L1 / shared memory")
		like "$(screen)" '228 KiB shared memory per SM' "shared memory per SM" ;;
	"Warp schedulers")
		like "$(screen)" 'head chefs calling orders' "warp schedulers are the head chefs" ;;
	esac
done
like "$(screen)" 'placed 11/11 +attempts 11' "the map is complete in 11 attempts"
like "$(screen | tail -2)" 'Map complete: 11 labels in 11 attempts' "and the status bar says so"
like "$(screen | tail -2)" 'z view  Esc back  \? help  q quit *$' "the key hints stay whole"
# the last drop's figure stays whole on the row above the two-row status bar
like "$(screen | tail -3 | head -1)" 'GB/s peak memory bandwidth \(from bus width and memory clock\)' \
	"the last label's figure is not covered by the completion message"
keys q
is "$(wait_exit)" 0 "quit"
like "$(cat "$PFILE")" 'gpumap: \{attempts: 11, correct: 11\}' "attempts and correct drops saved"
like "$(cat "$PFILE")" 'architecture: \{got: 0, max: 0\}' "the skill points stay the quiz's (the radar adds the map's drops)"
launch 80 24 "$TREE_BIN" open radar
expect 'architecture +[0-9]+%'; like "$(screen)" 'architecture +100%' "the radar counts the map: architecture 11 of 11 is 100%"
quit

# Reopened after completing it: practice, and nothing more is recorded.
launch 80 24 "$TREE_BIN" --no-mouse open gpu-map
expect 'GPU map'; devinfo_done
like "$(flat)" 'Completed before: practice mode' "reopening says the map was completed before"
like "$(screen | head -1)" 'attempts 0 +practice' "and the title says practice"
keys Enter; keys Tab; keys Enter
wait_for 'attempts 1'; ok $? "a drop in practice still counts on screen"
quit
like "$(cat "$PFILE")" 'gpumap: \{attempts: 11, correct: 11\}' "but practice drops are not saved"

fresh; launch 80 24 "$TREE_BIN" --ascii open gpu-map
wait_for 'GPU map'; ok $? "gpu-map with --ascii"
keys z; expect '\+- one SM'
s=$(screen)
like "$s" '\+- one SM' "ASCII frame"
unlike "$s" '[─│┌┐└┘▀▪▤▥▦▓░▒·═▯]' "no box-drawing or block glyphs"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
