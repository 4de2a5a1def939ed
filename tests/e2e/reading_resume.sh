#!/usr/bin/env bash
# Resuming keeps the place inside a page: a lesson left scrolled down opens,
# on the next start, at the same line (by content, so a start at another
# width finds it too), and progress.yaml holds the place.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
LESSON=inside-the-kitchen
first_text() { screen | sed -n '3,$p' | grep -m1 -E '[[:alnum:]]{4}' | sed 's/^ *//'; }

fresh
launch 80 24 "$CK_BIN" open "$LESSON"
wait_for 'page 1/'; ok $? "the lesson opens"
top0=$(first_text)
keys j j j j j j
wait_until "the page to scroll" '[ "$(first_text)" != "$top0" ]'; ok $? "j scrolls the page"
top=$(first_text)
keys q; wait_exit >/dev/null
prog="$XDG_STATE_HOME/cudakitchen/progress.yaml"
like "$(grep "$LESSON" "$prog")" 'item: [0-9]+, line: [0-9]+' "progress keeps the place on the page"

launch 80 24 "$CK_BIN" open "$LESSON"
wait_for 'page 1/'
is "$(first_text)" "$top" "the next start opens at the same line"
keys q; wait_exit >/dev/null

launch 100 30 "$CK_BIN" open "$LESSON"
wait_for 'page 1/'
like "$(screen | sed -n '3,12p')" "$(printf '%s' "$top" | cut -c1-20 | sed 's/[][\.*^$()+?{}|]/./g')" \
	"at another width the same text is near the top"
keys q; wait_exit >/dev/null

fresh
launch 80 24 "$CK_BIN" open "$LESSON"
wait_for 'page 1/'
is "$(first_text)" "$top0" "a fresh start opens at the top"
keys q; wait_exit >/dev/null
done_testing
