#!/usr/bin/env bash
# `o`/Enter in the reader opens the page's block or demo even when it is
# scrolled out of view (lesson 2's last page: the devinfo demo is far below
# the top), the one nearest the top of the view when there are several.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

launch 80 24 "$CK_BIN" open inside-the-kitchen
wait_for 'page 1/6'; ok $? "lesson 2 opens"
keys n n n n n
wait_for 'Your own kitchen'; ok $? "its last page, at the top"
unlike "$(screen)" "Demo 'devinfo'" "the devinfo demo is not on screen"
keys o
wait_for 'Your GPU, as it reports itself' 5; ok $? "o opens the devinfo demo anyway"
back_to 'Your own kitchen'; ok $? "Esc comes back to the page"
keys Enter
wait_for 'Your GPU, as it reports itself' 5; ok $? "Enter does the same"
back_to 'Your own kitchen'
keys q; wait_exit >/dev/null

done_testing
