# search_lib.bash: reading what a search marks, for the search_*.sh tests
# (sourced after lib.bash).  Found text is drawn in the match role: with
# colour, black on yellow (SGR 43).

# marked_rows: the screen's rows with every marked run wrapped in [[ ]]
# and every other escape dropped, so a test reads which text is marked
# and, by the row's columns, that the marking sits on the text itself.
marked_rows() {
	tmux -L "$T_SOCK" capture-pane -e -p -t t |
		perl -pe 's/\e\[[0-9;]*43m([^\e]*)/[[$1]]/g; s/\e\[[0-9;]*m//g'
}
# marked TEXT: how many runs marked exactly TEXT (letters without case).
marked() { marked_rows | grep -oi "\[\[$1\]\]" | wc -l; }
# same_text: the screen with the marks taken out is the screen as drawn:
# a mark drawn in the wrong column (a wide character misjudged) would
# change the text under it.
same_text() { [ "$(marked_rows | sed 's/\[\[//g; s/\]\]//g')" = "$(screen)" ]; }
