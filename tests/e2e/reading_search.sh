#!/usr/bin/env bash
# Search in a lesson, as in less and man: / opens a prompt on the status
# line (every key is typed there, q included), Enter goes to the first
# place the text occurs and says where; while a search is on, n and N go
# to the next and previous place (across pages, wrapping) and Esc ends
# it, after which n turns pages again.  The status line says which match
# the learner is on, of how many, and on which page: "match 3 of 4 ·
# page 2/3"; the key bar calls n/N next/prev match.
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
like "$(screen)" '"charlie": match 1 of 1 · page 3/3' "and says which match of how many, and on which page"
keys /; keys -l 'PARAGRAPH'; keys Enter
wait_for '"PARAGRAPH": match 4 of 4 · page 3/3'; ok $? "case does not matter; the first place from the top of this page (the lesson's fourth)"
like "$(screen | tail -1)" 'n/N next/prev match +Esc end search' "while a search is on, n/N and Esc say what they do"
unlike "$(screen | tail -2)" 'next lesson' "and n does not offer the next lesson"
[ "$(marked paragraph)" -ge 1 ]; ok $? "the text is marked on the page"
same_text; ok $? "the marks sit on the text itself"
keys n; wait_for '"PARAGRAPH": match 1 of 4 · page 1/3 \(again from the top\)'
ok $? "n: the next place, wrapping to page 1, and it says so"
like "$(screen | sed -n 2,6p)" 'Alpha paragraph' "the place is at the top of the view"
keys n; wait_for '"PARAGRAPH": match 2 of 4 · page 1/3'; ok $? "n: the second place on page 1"
like "$(screen)" 'Foxtrot paragraph' "and it is in view"
keys n; wait_for '"PARAGRAPH": match 3 of 4 · page 2/3'; ok $? "n again: on to page 2, match 3"
keys N; wait_for '"PARAGRAPH": match 2 of 4 · page 1/3'; ok $? "N goes back"
keys N; wait_for '"PARAGRAPH": match 1 of 4 · page 1/3'; ok $? "N: the first place"
keys N; wait_for '"PARAGRAPH": match 4 of 4 · page 3/3 \(again from the end\)'
ok $? "N back past the first place wraps to the last, and says so"
keys n; wait_for '"PARAGRAPH": match 1 of 4 · page 1/3 \(again from the top'
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
wait_for '“CUDA”：第 1 处，共 [0-9]+ 处 · 第 1/[0-9]+ 页'; ok $? "zh: which match of how many, on which page, in Chinese"
like "$(screen | tail -1)" 'n/N 下/上一处' "zh: the key bar says what n and N do"
quit
done_testing
