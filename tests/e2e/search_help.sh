#!/usr/bin/env bash
# Search in a help screen, as in less and man: / opens the prompt on the
# status line, Enter finds the first line that holds the text and marks it
# wherever it shows; n and N go on, wrapping around with a word that says
# so; text that is nowhere is said so; Esc ends the search before it closes
# the help; Chinese text is found and marked in place.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/search_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v perl >/dev/null || skip_all "perl not installed"

fresh; launch 80 24 "$CK_BIN" --lessons "$FIX" open pantry
expect 'Pantry page one'
keys '?'; expect 'help for reader'
like "$(screen | tail -1)" '/ search' "the help's status line offers / search"
keys /; wait_for '^ /_'; ok $? "/ opens the prompt"
keys -l 'scroll'; keys Enter
wait_for '"scroll": match 1 of [0-9]+'; ok $? "Enter: the first line that holds it, and how many do"
n=$(screen | sed -n 's/.*"scroll": match 1 of \([0-9]*\).*/\1/p')
[ "$(marked scroll)" -ge 2 ]; ok $? "the text is marked where it shows ($(marked scroll) places)"
same_text; ok $? "the marks sit on the text itself"
like "$(screen | tail -2)" 'n/N next/prev match +Esc end search' "while a search is on, n/N and Esc say what they do"
for i in $(seq 2 "$n"); do keys n; wait_for "\"scroll\": match $i of $n" || break; done
ok $? "n goes line by line to the last ($n)"
keys n; wait_for "\"scroll\": match 1 of $n \(again from the top\)"; ok $? "n past the last wraps, and says so"
keys N; wait_for "\"scroll\": match $n of $n \(again from the end\)"; ok $? "N back past the first wraps, and says so"
keys /; keys -l 'zebra'; keys Enter
wait_for '"zebra" not found'; ok $? "text that is nowhere is said so"
keys Escape; wait_for 'search ended'; ok $? "Esc ends the search first"
is "$(marked scroll)" 0 "and the marks go"
expect 'help for reader'
keys /; wait_for '^ /_'; keys Escape; wait_gone '^ /_'
like "$(screen)" 'help for reader' "Esc at the prompt cancels it, still on the help"
keys Escape; wait_for 'Pantry page one'; ok $? "then Esc goes back"
quit

# Chinese, at 60x20: a help line found by its Chinese words, marked in place
fresh; launch 60 20 "$CK_BIN" --lang zh --lessons "$CK_ROOT/lessons" open kitchen
wait_for '1/'; keys '?'; expect '帮助'
keys /; wait_for '^ /_'; keys -l '一页'; keys Enter
wait_for '“一页”：第 1 处，共 [0-9]+ 处'; ok $? "zh: found, said in Chinese"
[ "$(marked 一页)" -ge 1 ]; ok $? "zh: the Chinese text is marked"
same_text; ok $? "zh: the mark sits on the wide characters themselves"
like "$(screen | tail -2)" 'q 退出' "zh: help and quit stay on the status line"
quit
done_testing
