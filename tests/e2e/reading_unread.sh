#!/usr/bin/env bash
# A lesson counts as read only when every page was on screen; when a
# search jumps over pages, the end-of-lesson marker and the menu's row say
# which pages are unread (in English and Chinese), the list survives a
# restart, and reading those pages makes the lesson done.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
D="$T_TMP/course"; mkdir -p "$D"
{
	printf 'id: five\ntitle: Five pages\nsummary: Five short pages.\nminutes: 1\nanalogy: Five shelves.\npages:\n'
	for i in 1 2 3 4 5; do printf '  - title: Shelf %s\n    body:\n      - text: Paragraph of shelf %s.\n' "$i" "$i"; done
	printf '      - text: Zulu word on the last shelf.\n'
} > "$D/01-five.yaml"
printf 'id: after\ntitle: After it\nsummary: Next.\nminutes: 1\nanalogy: Next.\npages:\n  - title: After page\n    body:\n      - text: Next.\n' >"$D/02-after.yaml"
for lang in en zh; do
	fresh; launch 80 24 "$CK_BIN" --lang $lang --lessons "$D" open five
	expect 'Shelf 1'
	keys /; keys -l 'zulu'; keys Enter
	expect 'Shelf 5'
	if [ $lang = en ]; then
		like "$(screen)" 'pages 2-4 unread; end of the lesson' "en: the end marker says which pages are unread"
	else
		like "$(screen)" '第 2-4 页未读；本课结束' "zh: the end marker says which pages are unread"
	fi
	keys Escape; expect 'Esc back|Esc 返回'; keys Escape; expect 'lessons done|已完成'
	if [ $lang = en ]; then
		like "$(screen)" 'Five pages +pages 2-4 unread' "en: the menu row says why the lesson is not done"
	else
		like "$(screen)" 'Five pages +第 2-4 页未读' "zh: the menu row says why the lesson is not done"
	fi
	quit
done
grep -q 'unread: "2-4"' "$XDG_STATE_HOME/cudakitchen/progress.yaml"; ok $? "the unread pages are kept in the progress"
launch 60 20 "$CK_BIN" --lessons "$D" open five
expect 'Shelf 5'
like "$(screen)" 'pages 2-4 unread' "after a restart, the end marker still names them"
like "$(screen)" '─ end of the lesson; Space: next, After it ─' "60 columns: the rule stays whole..."
like "$(screen)" '^ +pages 2-4 unread *$' "... the unread pages on the row below it"
for i in 4 3 2; do keys p; expect "Shelf $i"; done
keys Escape; expect 'lessons done'
like "$(screen)" 'Five pages +done' "once pages 2-4 were on screen, the lesson is done"
quit
done_testing
