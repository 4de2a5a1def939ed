#!/usr/bin/env bash
# The command line around the TUI: --help names every ID `open` takes,
# --help and --version refuse extra arguments (usage, exit 2), and
# `open UNKNOWN` lists the valid IDs on stderr before curses starts.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"

h=$("$CK_BIN" --help)
flat_h=$(printf '%s\n' "$h" | tr -s ' \n' '  ')
like "$flat_h" 'gpu-map, tiling, matmul, conv, devinfo, transfer, streams, reduce, launch,' "--help lists the demo screens among the open IDs"
like "$flat_h" ', quiz, radar,' "--help lists radar among the open IDs"
like "$flat_h" ', quiz, radar, cert, drills, or a lesson id' "and cert and drills"
for a in --help -h --version; do
	out=$("$CK_BIN" $a extra 2>&1 >/dev/null); rc=$?
	is "$rc" 2 "$a extra is a usage error"
	like "$out" "'$a' takes no arguments" "$a extra says why"
done
like "$("$CK_BIN" --version)" '^cudakitchen [0-9]+\.' "--version alone still works"

command -v tmux >/dev/null || { done_testing; }
launch 100 30 "$CK_BIN" open 01-kitchen
is "$(wait_exit)" 2 "open with an unknown ID exits 2"
s=$(screen)
like "$s" "no lesson or block named '01-kitchen'" "it says which ID is unknown"
demos=$(sed -n 's/^X(\([a-z0-9_-]*\),.*/\1/p' "$CK_ROOT/demos/demos.h" | tr '\n' ' ')   # the registry's rows
# rows joined with a space (where a row ends on a word, the space is the wrap)
like "$(printf '%s\n' "$s" | tr '\n' ' ' | tr -s ' ')" "Blocks: gpu-map tiling ${demos}quiz radar cert drills ?Lessons:" "it lists the blocks"
last_id=$(sed -n 's/^id: //p' "$(ls "$CK_ROOT"/lessons/en/[0-9]*.yaml | tail -1)")
like "$(printf '%s\n' "$s" | tr -d '\n')" "Lessons: kitchen inside-the-kitchen orders-and-brigades .*cublas .*reading-benchmarks tasting-the-pot .*kernel-or-library .*${last_id}Try" "and the lesson ids"
is "$(pane '#{alternate_on}')" 0 "curses never started"

# a near spelling gets the right id; a number opens that lesson of the menu
launch 100 30 "$CK_BIN" open GPUmap
is "$(wait_exit)" 2 "open GPUmap: not an id"
like "$(screen | tr -d '\n')" "no lesson or block named 'GPUmap'; did you mean 'gpu-map'\\?" "it suggests gpu-map"
launch 100 30 "$CK_BIN" open drill
is "$(wait_exit)" 2 "open drill: not an id"
like "$(screen | tr -d '\n')" "no lesson or block named 'drill'; did you mean 'drills'\\?" "it suggests drills"
launch 100 30 "$CK_BIN" open 99
is "$(wait_exit)" 2 "open 99: no such lesson number"
like "$(screen | tr -d '\n')" 'its number, 1 to [0-9]+' "it says which numbers exist"
fresh; launch 100 30 "$CK_BIN" open 14
wait_for 'Tasting the pot'; ok $? "open 14 opens the 14th lesson"
quit "q quits from lesson 14"
done_testing
