#!/usr/bin/env bash
# Search in a lesson, as in less and man: / opens a prompt on the status
# line (every key is typed there, q included), Enter goes to the first
# place the text occurs and says where; while a search is on, n and N go
# to the next and previous place (across pages, wrapping) and Esc ends
# it, after which n turns pages again.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/search_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v perl >/dev/null || skip_all "perl not installed"

fresh; launch 80 24 "$CK_BIN" --lessons "$FIX" open pantry
expect 'Pantry page one'
keys /; wait_for '^ /_'; ok $? "/ opens the prompt on the status line"
like "$(screen | tail -1)" 'Enter search +Esc cancel' "it says which keys work"
keys -l 'charlie q'; keys BSpace BSpace; wait_for '^ /charlie_'; ok $? "letters (q too) are typed, Backspace deletes"
keys Enter; wait_for 'Pantry page three'; ok $? "Enter goes to the page where the text is"
like "$(screen)" '"charlie": page 3/3, 1 places in this lesson' "and says where, and how many places"
keys /; keys -l 'PARAGRAPH'; keys Enter
wait_for '"PARAGRAPH": page 3/3, 4 places'; ok $? "case does not matter; the first place from the top of this page"
like "$(screen | tail -2)" 'n/N match +Esc end search' "while a search is on, n/N and Esc say what they do"
unlike "$(screen | tail -2)" 'next lesson' "and n does not offer the next lesson"
[ "$(marked paragraph)" -ge 1 ]; ok $? "the text is marked on the page"
same_text; ok $? "the marks sit on the text itself"
keys n; wait_for '"PARAGRAPH": page 1/3, 4 places in this lesson \(again from the top\)'
ok $? "n: the next place, wrapping to page 1, and it says so"
like "$(screen | sed -n 2,6p)" 'Alpha paragraph' "the place is at the top of the view"
keys n; wait_for 'Foxtrot paragraph'; ok $? "n: the second place on page 1"
keys n; wait_for '"PARAGRAPH": page 2/3'; ok $? "n again: on to page 2"
keys N; wait_for '"PARAGRAPH": page 1/3'; ok $? "N goes back"
keys N; settle   # the first place on page 1
keys N; wait_for '"PARAGRAPH": page 3/3, 4 places in this lesson \(again from the end\)'
ok $? "N back past the first place wraps to the last, and says so"
keys n; wait_for '"PARAGRAPH": page 1/3, 4 places in this lesson \(again from the top'
keys /; keys -l 'no such text'; keys Enter
wait_for '"no such text" is not in this lesson'; ok $? "text that is not there is said so"
keys Escape; wait_for 'search ended'; ok $? "Esc ends the search"
is "$(marked paragraph)" 0 "and the marks go"
keys n; wait_for 'Pantry page two'; ok $? "and n turns pages again"
keys /; wait_for '^ /_'; keys Escape; wait_gone '^ /_'
like "$(screen)" 'Pantry page two' "Esc at the prompt cancels it, still on the page"

fresh; launch 60 20 "$CK_BIN" --lang zh --lessons "$CK_ROOT/lessons" open kitchen
wait_for '1/'; keys /; wait_for '^ /_'
like "$(screen | tail -1)" 'Enter 搜索 +Esc 取消' "zh: the prompt's keys in Chinese"
keys -l 'CUDA'; keys Enter
wait_for '“CUDA”：第 [0-9]+/[0-9]+ 页，本课共 [0-9]+ 处'; ok $? "zh: where the text is, in Chinese"
quit
done_testing
