#!/usr/bin/env bash
# Moving between lessons as a reader expects: Space on the last page stops
# at an end-of-lesson marker (naming the next lesson) before it moves on;
# p or b on a lesson's first page goes back to the previous lesson's last
# page; a `see` link opens its lesson at the start, not at the saved place;
# and a lesson counts as read only once every page's end was on screen.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
PFILE="$XDG_STATE_HOME/cudakitchen/progress.yaml"
done_of() { grep -oE "id: \"?$1\"?,[^}]*done: [a-z]*" "$PFILE" 2>/dev/null | grep -o 'done: [a-z]*'; }

fresh; launch 80 24 "$CK_BIN" --lessons "$FIX" open pantry
expect 'Pantry page one'; keys n; expect 'Pantry page two'
keys Space; expect 'Pantry page three'
# page 1 is longer than the view and n turned it before its end was on screen
like "$(screen)" '─ page 1 unread; end of the lesson; Space: next, Mini stations ─' \
	"the last page ends with a marker naming the next lesson (and the page not yet read)"
keys Space; wait_for 'Stations page one'; ok $? "Space there goes on to the next lesson"
keys p; wait_for 'Pantry page three'; ok $? "p on the first page goes back to the previous lesson's last page"
keys Space; wait_for 'Stations page one'
keys b; wait_for 'Pantry page three'; ok $? "b at the top of the first page does the same"
keys n; wait_for 'Stations page one'; keys n; expect 'Stations page two'   # a saved place on page 2
keys p; expect 'Stations page one'; keys p; expect 'Pantry page three'
keys Tab Tab; t_settle
keys Enter; wait_for 'Stations page one'; ok $? "a see link opens its lesson at the start, not its saved page"
quit

# read only when seen: at 60x20 page one is longer than the screen
fresh; launch 60 20 "$CK_BIN" --lessons "$FIX" open pantry
expect 'Pantry page one'; keys n; expect 'Pantry page two'; keys n; expect 'Pantry page three'
quit
is "$(done_of pantry)" "done: false" "pages paged past unseen: the lesson is not read"
fresh; launch 60 20 "$CK_BIN" --lessons "$FIX" open pantry
expect 'Pantry page one'
for i in 1 2 3 4 5 6; do
	screen | grep -q 'Pantry page three' && break
	keys Space; t_settle
done
expect 'Pantry page three'
quit
is "$(done_of pantry)" "done: true" "every page's end on screen: the lesson is read"

# the built-in course at 80x24: the quiz, radar and certificate in view at
# once, pinned under the scrolling lessons, and a click opens one
fresh; launch 80 24 "$CK_BIN"
expect 'lessons done'
like "$(screen | sed -n 16,19p | tr '\n' ' ')" 'Quiz: five levels .*Skills radar .*Certificate .*Drills' "80x24: the four pinned rows are on screen"
tmux -L "$T_SOCK" send-keys -t t -l $'\e[<0;20;18M\e[<0;20;18m'
wait_for 'Your certificate: written once'; ok $? "a click on the pinned certificate row selects it"
quit
done_testing
