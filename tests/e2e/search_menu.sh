#!/usr/bin/env bash
# Search from the menu across lessons: / on the menu, a text, Enter lists
# the pages of every lesson that hold it (lesson number, title, page, how
# many places) with the first place below, marked; Enter opens the lesson
# at that page, the place at the top and the text marked, the search on
# (n goes on from there); Esc goes back to the list, then the menu.  The
# built-in course and a class, in English and Chinese.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/search_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v perl >/dev/null || skip_all "perl not installed"

fresh; launch 80 24 "$CK_BIN"
expect 'lessons done'
like "$(screen | tail -1)" '/ search' "the menu offers / search"
keys /; wait_for '^ /_'; ok $? "/ opens the prompt on the status line"
keys -l 'warp'; keys Escape; wait_gone '^ /'
like "$(screen)" 'lessons done' "Esc at the prompt cancels it, on the menu"
keys /; wait_for '^ /_'
keys -l 'zebra crossing'; keys Enter
wait_for '"zebra crossing" is in no lesson'; ok $? "a text in no lesson is said so, on the menu"
keys /; keys -l 'OCCUPANCY'; keys Enter
wait_for '^ Search: "OCCUPANCY"'; ok $? "Enter lists where the text is"
rows=$(screen | grep -E '^ +[0-9]+  .*page [0-9]+/[0-9]+ · [0-9]+ match')
like "$rows" '^ +3  Orders and brigades: .*page [0-9]/6' "lesson 3's pages, by number, title and page"
unlike "$rows" '^ +([0-24-9]|1[0-9])  ' "and no lesson that lacks it"
like "$(screen | sed -n 1p)" 'pages: [0-9]+, lessons: 1' "the title counts the pages and lessons"
like "$(screen | sed -n 20p)" '─pages 1-[0-9]+ of [0-9]+──$' "the position on the rule above the place's text counts pages, as the list does"
[ "$(marked occupancy)" -ge 1 ]; ok $? "the text is marked in the list and below"
page=$(printf '%s\n' "$rows" | head -1 | sed 's/.*page \([0-9]*\)\/6.*/\1/')
keys Enter
wait_for "^ Orders and brigades +page $page/6"; ok $? "Enter opens lesson 3 at that page ($page)"
like "$(screen | tail -2)" '"OCCUPANCY": match [0-9]+ of [0-9]+ · page '"$page"'/6' "it says which match, of how many, and where, as the lesson's search does"
[ "$(marked occupancy)" -ge 1 ]; ok $? "the text is marked on the page"
same_text; ok $? "the marks sit on the text itself"
like "$(screen | sed -n 2,8p)" '[Oo]ccupancy' "the place is near the top of the view"
keys n; wait_for '"OCCUPANCY": match [0-9]+ of [0-9]+ · page [0-9]/6'; ok $? "the search is on: n goes to the next place"
keys Escape; wait_for 'search ended'; ok $? "Esc ends the search"
keys Escape; wait_for '^ Search: "OCCUPANCY"'; ok $? "Esc again: back to the list"
keys /; keys -l 'tensor core'; keys Enter
wait_for '^ Search: "tensor core"'; ok $? "/ in the list searches again"
keys Escape; wait_for 'lessons done'; ok $? "Esc: back to the menu"
quit

# A class (--lessons DIR) in Chinese: its own lessons, English fallbacks too
fresh; launch 60 20 "$CK_BIN" --lang zh --lessons "$CK_ROOT/tests/fixtures/i18n-class"
expect '课程'
keys /; wait_for '^ /_'; keys -l '厨具设备'; keys Enter
wait_for '^ 搜索：“厨具设备”'; ok $? "zh class: the search lists the class's lessons"
like "$(screen)" '1  第一课：厨房：只有一页 +第 1/1 页 · 1 处' "its lesson 1, in Chinese"
like "$(screen)" '─第 1-[0-9]+ 页，共 [0-9]+ 页─' "zh: the position counts pages too"
[ "$(marked 厨具设备)" -ge 1 ]; ok $? "zh: the Chinese text is marked below"
same_text; ok $? "zh: the mark sits on the wide characters themselves"
keys Enter; wait_for '第一课：厨房'; ok $? "Enter opens the class's lesson"
[ "$(marked 厨具设备)" -ge 1 ]; ok $? "the text is marked on its page"
same_text; ok $? "in place, after a line of wide characters"
back_to 'i18n-class 的课程'
keys /; keys -l 'beta text'; keys Enter
wait_for '2  Beta in English：Beta page'; ok $? "zh class: an English lesson of the class is searched too"
quit

# The class in English
fresh; launch 80 24 "$CK_BIN" --lessons "$CK_ROOT/tests/fixtures/i18n-class"
expect 'lessons done'
keys /; keys -l 'alpha text'; keys Enter
wait_for '1  Alpha: One page +page 1/1 · 1 match'; ok $? "en class: its lessons are searched"
quit
done_testing
