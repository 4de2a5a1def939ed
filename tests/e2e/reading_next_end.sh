#!/usr/bin/env bash
# The next-page key n (and Right) on a lesson's last page stops at the
# end-of-lesson marker before it moves on, as Space does; and the next
# lesson, entered from there, opens at its start (page 1, top), not at the
# place the learner left it.  At the end of the course's last lesson Space
# has nowhere to go, and the status line stops offering it.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
D="$T_TMP/course"; mkdir -p "$D"
{
	printf 'id: longend\ntitle: Long end\nsummary: A last page longer than the screen.\nminutes: 1\n'
	printf 'analogy: A long counter.\npages:\n  - title: Long page one\n    body:\n      - text: Kilo paragraph.\n'
	printf '  - title: Long page two\n    body:\n      - list: ['
	for i in $(seq 1 30); do printf 'row %s, ' "$i"; done
	printf 'last row]\n'
} > "$D/01-longend.yaml"
{
	printf 'id: after\ntitle: After lesson\nsummary: The lesson that follows.\nminutes: 1\n'
	printf 'analogy: The next counter.\npages:\n  - title: After page one\n    body:\n'
	for i in $(seq 1 30); do printf '      - text: Lima paragraph %s.\n' "$i"; done
	printf '  - title: After page two\n    body:\n      - text: Mike paragraph.\n'
} > "$D/02-after.yaml"

for size in "80 24" "60 20"; do
	fresh; launch $size "$CK_BIN" --lessons "$D" open after
	expect 'After page one'; keys End; expect 'Lima paragraph 30'   # a saved place below the top
	quit
	launch $size "$CK_BIN" --lessons "$D" open longend
	expect 'Long page one'; keys n; expect 'Long page two'
	keys n; wait_for 'end of the lesson'; ok $? "$size: n on the last page shows the end marker first"
	unlike "$(screen)" 'After page one' "$size: ... and stays in the lesson"
	keys n; wait_for 'After page one'; ok $? "$size: n at the end marker goes on to the next lesson"
	like "$(screen)" 'Lima paragraph 1\.' "$size: ... opened at its top, not its saved place"
	keys p; expect 'end of the lesson'; keys Right; wait_for 'After page one'; ok $? "$size: Right does the same"
	quit
done
fresh; launch 80 24 "$CK_BIN" --lessons "$D" open after
expect 'After page one'
like "$(screen | tail -1)" 'Space more' "Space is offered while the page goes on below"
keys n; expect 'Mike paragraph'
unlike "$(screen | tail -1)" 'Space' "the last page of the last lesson, all in view: Space is not offered"
like "$(screen | tail -1)" 'Esc back' "...the other keys are"
quit
done_testing
