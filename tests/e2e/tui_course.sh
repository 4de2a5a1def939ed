#!/usr/bin/env bash
# The built-in course at 80x24: every lesson opens, every page is reached
# (the last page says the lesson ends), every lesson ends up done, and a
# restart resumes at the same lesson and page.  Counts come from the menu,
# so the test follows the content as it grows.
# ck-test: long (prove starts it first until it has recorded times)
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
[ -d "$CK_ROOT/lessons/en" ] || skip_all "no built-in lessons"

fresh; launch 80 24 "$CK_BIN"
wait_for 'lessons done'; ok $? "the built-in course opens at the menu"
n=$(screen | head -1 | sed -n 's/.* 0\/\([0-9]*\) lessons done.*/\1/p')
ok $([ -n "$n" ] && [ "$n" -ge 1 ]; echo $?) "the menu counts ${n:-no} lessons"
unlike "$(screen)" 'broken' "no built-in lesson is broken"
for i in $(seq 1 "${n:-0}"); do
	keys g; for j in $(seq 2 "$i"); do keys j; done
	keys Enter
	wait_for 'page 1/[0-9]+' || { ok 1 "lesson $i opens"; keys Escape; continue; }
	m=$(screen | head -1 | sed -n 's/.*page 1\/\([0-9]*\).*/\1/p')
	# a page counts as read once its end was on screen: G, then the next
	for p in $(seq 2 "$m"); do keys G; keys n; wait_for "page $p/$m" || break; done
	keys G
	wait_for 'End of the lesson' && screen | head -1 | grep -q "page $m/$m"
	ok $? "lesson $i: all $m pages read to the end"
	keys Escape; expect 'lessons done'
done
like "$(screen | head -1)" "$n/$n lessons done" "every lesson is marked done"
# Lesson 2 reopens at its last page; step back one page, quit, restart, resume.
keys g j Enter; expect 'page [0-9]+/'
last=$(screen | head -1 | sed -n 's/.*page \([0-9]*\)\/.*/\1/p')
keys p; wait_for "page $((last - 1))/"; ok $? "a finished lesson reopens at its last page; p steps back"
title=$(screen | head -1)
keys q
is "$(wait_exit)" 0 "quit in the middle of a lesson"
launch 80 24 "$CK_BIN"
wait_for 'lessons done'; ok $? "restart"
keys Enter
wait_for "page $((last - 1))/"; ok $? "Enter resumes at the saved page"
is "$(screen | head -1)" "$title" "in the same lesson"
keys q
is "$(wait_exit)" 0 "quit"
done_testing
