#!/usr/bin/env bash
# `o`/Enter in the reader opens the page's block or demo even when it is
# scrolled out of view (lesson 2's sixth page: the devinfo demo is far below
# the top), the one nearest the top of the view when there are several.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

launch 80 24 "$CK_BIN" open inside-the-kitchen
wait_for 'page 1/7'; ok $? "lesson 2 opens"
keys n n n n n  # page 6 of 7
wait_for 'Your own kitchen'; ok $? "its devinfo page, at the top"
unlike "$(screen)" "Demo 'devinfo'" "the devinfo demo is not on screen"
keys o
wait_for 'Your GPU, as it reports itself' 5; ok $? "o opens the devinfo demo anyway"
back_to 'Your own kitchen'; ok $? "Esc comes back to the page"
keys Enter
wait_for 'Your GPU, as it reports itself' 5; ok $? "Enter does the same"
back_to 'Your own kitchen'; ok $? "and Esc again"
quit

# Two blocks far apart on one page, neither on screen: o opens the one
# nearest the top of the view (gpu-map at the top, matmul at the bottom).
L="$T_TMP/two"; mkdir -p "$L"
para="A filler paragraph that is long enough to take a few lines of the page at sixty columns, so that the blocks are far apart."
{
	printf 'id: two\ntitle: Two blocks\nsummary: Two blocks on one page.\nminutes: 1\nanalogy: Two stations.\npages:\n'
	printf '  - title: The page\n    body:\n'
	for i in 1 2 3 4 5 6; do printf '      - text: %s\n' "$para"; done
	printf '      - block: gpu-map\n'
	for i in 1 2 3 4 5 6 7 8 9 10 11 12; do printf '      - text: %s\n' "$para"; done
	printf '      - demo: matmul\n'
	for i in 1 2 3 4 5 6; do printf '      - text: %s\n' "$para"; done
	printf '  - title: Second page\n    body:\n      - text: End.\n'
} > "$L/01-two.yaml"
fresh
launch 60 20 "$CK_BIN" --lessons "$L" open two
wait_for 'The page'; ok $? "a page with two blocks far apart"
unlike "$(screen)" "Interactive block|Demo 'matmul'" "neither is on screen at the top"
keys o
opened "GPU map: label"; ok $? "at the top, o opens the nearer one (gpu-map)"
back_to 'The page'; ok $? "Esc comes back from gpu-map"
keys G; expect 'lines [0-9]+-([0-9]+) of \1'
unlike "$(screen)" "Interactive block|Demo 'matmul'" "neither is on screen at the bottom"
keys o
opened "from naive to the library"; ok $? "at the bottom, o opens the nearer one (the matmul demo)"
done_testing
