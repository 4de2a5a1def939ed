#!/usr/bin/env bash
# The reading flow: the last page of a lesson leads on to the next one (n,
# or Space at the bottom), and back on the menu the cursor has moved past
# the finished lesson; the page number is shown once; a page one blank line
# longer than the screen does not scroll; code lines cut at 60x20 scroll
# sideways with ] and [; on the menu, typed numbers jump to a lesson,
# arrows mark rows out of view, and the certificate is an entry.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
detail() { screen | sed -n '/^────/,$p' | sed '1d;$d' | tr '\n' ' '; }

fresh
launch 80 24 "$CK_BIN" --lessons "$FIX"
expect 'lessons done'; keys Enter; expect 'Pantry page one'
is "$(screen | grep -c 'page 1/3')" 1 "the page number is shown once"
keys G; expect 'lines [0-9]+-29 of 29'   # page one to its end: every page read
keys n; expect 'Pantry page two'; keys n; expect 'Pantry page three'
like "$(screen | tail -1)" 'n next lesson' "the last page offers the next lesson"
like "$(screen)" 'n goes on to the next one' "and its end says so"
keys n; wait_for 'Stations page one'; ok $? "n on the last page opens the next lesson"
keys Escape; expect 'lessons done'
like "$(detail)" 'The second fixture lesson' "Esc goes back to the menu, not to the finished lesson"
keys Up; expect 'every kind of body item'
keys Enter; expect 'Pantry page three'   # resumes on its last page
keys Escape; expect 'lessons done'
like "$(detail)" 'The second fixture lesson' "back from a finished lesson, the cursor is on the next one"
quit

# Space at the bottom of the last page goes on too
fresh
launch 80 24 "$CK_BIN" --lessons "$FIX" open pantry
expect 'Pantry page one'; keys n n; expect 'Pantry page three'
keys Space; wait_for 'Stations page one'; ok $? "Space at the end of the last page opens the next lesson"
quit

# A page whose last laid-out line is blank fits a screen it fills but for that line
D="$T_TMP/course"; mkdir -p "$D"
{
	printf 'id: fits\ntitle: Fits\nsummary: A page that fills the screen.\nminutes: 1\nanalogy: A full tray.\npages:\n'
	printf '  - title: Full page\n    body:\n      - list: ['
	for i in $(seq 1 15); do printf 'item %d%s' "$i" "$([ "$i" -lt 15 ] && echo ', ')"; done
	printf ']\n  - title: Second page\n    body:\n      - text: The second page.\n'
} >"$D/01-fits.yaml"
fresh
launch 60 20 "$CK_BIN" --lessons "$D" open fits
expect 'Full page'
like "$(screen)" 'lines 1-17 of 17' "the trailing blank line is not counted"
keys Space; wait_for 'The second page'; ok $? "Space goes to the next page instead of scrolling one blank line"
quit

# Code cut at 60x20 scrolls sideways
fresh
launch 60 20 "$CK_BIN" --lessons "$FIX" open pantry
expect 'Pantry page one'
for i in 1 2 3 4 5 6 7 8; do keys j; done; expect 'this comment is long'
like "$(screen | tail -1)" '\] code' "a cut code line offers ] to scroll"
unlike "$(screen)" 'enough to be cropped' "the end of the long line is cut"
keys ']' ']'; wait_for 'enough to be cr'; ok $? "] scrolls code lines sideways"
like "$(screen | tail -1)" '\[/\] code' "and [ is offered to scroll back"
keys '[' '['; wait_for '__global__ void scale'; ok $? "[ scrolls back"
quit

# The menu at 60x20: numbers, the lessons in view, the certificate
fresh
launch 60 20 "$CK_BIN"
expect 'lessons done'
# 13 list rows: 9 for the lessons, then the quiz, radar, certificate and drills
# pinned at the foot, so they are seen without scrolling
like "$(screen | sed -n 16p)" '─+lessons 1-9 of [0-9]+──$' "the rule below the list says which lessons are in view"
like "$(screen | sed -n 12,15p | tr '\n' ' ')" 'Quiz: five levels .*Skills radar .*Certificate .*Drills' \
	"the quiz, the radar, the certificate and the drills stay in view at 60x20"
keys 1 2; expect 'The everyday habits of a well-run GPU'; settle   # lesson 12's summary
keys Enter; wait_for 'Kitchen habits'; ok $? "typing 1 then 2 goes to lesson 12"
keys Escape; expect 'lessons done'
keys G; expect 'Drills: cook it yourself'
like "$(detail)" 'Write a kernel yourself' "the menu's last row is the drills"
keys Enter; expect 'Drills: cook it yourself'; expect 'not started'
keys Escape; expect 'lessons done'
keys G Up; expect 'Your certificate'
like "$(detail)" 'Your certificate: written once level 5' "the menu offers the certificate"
# the last lesson of the course, whichever it is: its title's first words
last=$(sed -n 's/^title: *"\{0,1\}\([^"]*\)"\{0,1\}$/\1/p' "$(ls "$CK_ROOT"/lessons/en/[0-9]*.yaml | tail -1)" | cut -c1-20 |
	sed 's/[][\\.*^$()+?{}|]/\\&/g')
keys Up Up Up; expect "$last"
like "$(screen | sed -n 16p)" 'lessons [0-9]+-([0-9]+) of \1──$' "scrolled: the lessons in view, the last among them"
keys G Up; expect 'Your certificate: written once level 5' 
keys Enter; wait_for 'cudakitchen: certificate'; ok $? "and Enter opens it"
quit
done_testing
