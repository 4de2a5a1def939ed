# quiz_lib.bash: answering the fixture class's quiz (tests/fixtures/quiz/class)
# in tmux, sourced after lib.bash by the quiz tests.  Its questions say how
# to answer them right: "Type the word W", rows marked RIGHT, "True".

# A new question shows its focus on the first row with nothing chosen;
# waits until the focus is drawn.
quiz_cursor() {
	[ -n "$(cursor_row)" ] && return 0
	wait_for '^  >' 3
}

# Answers the question on screen right, by its instruction line.
answer_right() {
	local s; s=$(screen)
	printf '%s' "$s" | grep -q "Type the answer" || quiz_cursor
	if printf '%s' "$s" | grep -q "Type the answer"; then
		local w; w=$(printf '%s' "$s" | sed -n 's/.*Type the word \([a-z]*\)\..*/\1/p' | head -1)
		keys -l "$w"; keys Enter
	elif printf '%s' "$s" | grep -q "Choose one"; then
		go_row "$(rows_of RIGHT | head -1)"; keys Space Enter
	elif printf '%s' "$s" | grep -q "Choose all"; then
		for r in $(rows_of RIGHT); do go_row "$r"; keys Space; done
		keys Enter
	elif printf '%s' "$s" | grep -q "True or false"; then
		go_row "$(rows_of '  True$' | head -1)"; keys Space Enter
	else # order or match with two rows: always exactly one swap
		keys Space Down Space Enter
	fi
	wait_for "Right!|Not quite" 3
}
