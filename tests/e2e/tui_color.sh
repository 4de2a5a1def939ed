#!/usr/bin/env bash
# Colours are roles: with NO_COLOR or --no-color not one colour SGR reaches
# the terminal (every byte is recorded with pipe-pane); with colours the
# same screens do use them, so the check can fail.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"

# tour: menu, a lesson with code, the next page, help, quit.
tour() {
	wait_for 'lessons done' || return 1
	keys Enter; wait_for 'Pantry page one' || return 1
	keys n; wait_for 'Pantry page two' || return 1
	keys '?'; wait_for 'this help' || return 1
	keys q
	[ "$(wait_exit)" = 0 ]
}

fresh; launch 80 24 "$CK_BIN" --lessons "$FIX"
tour; ok $? "colour run: the tour completes"
has_colour_sgr; ok $? "colour run: colour SGR sequences are sent"

fresh; launch 80 24 env NO_COLOR=1 "$CK_BIN" --lessons "$FIX"
tour; ok $? "NO_COLOR run: the tour completes"
has_colour_sgr; ok $((! $?)) "NO_COLOR: no colour SGR at all"
sgr_params | grep -qE '^(1|7)$'; ok $? "NO_COLOR: roles fall back to bold/reverse"
grep -qaF $'\e]' "$OUT"; ok $((! $?)) "NO_COLOR: no OSC sequences (palette changes)"

fresh; launch 80 24 "$CK_BIN" --no-color --lessons "$FIX"
tour; ok $? "--no-color run: the tour completes"
has_colour_sgr; ok $((! $?)) "--no-color: no colour SGR at all"

# Text from a lesson cannot smuggle escapes: the fixture's note has none,
# so check a lesson with a YAML \e and \x9b escape in it.
mkdir -p "$T_TMP/esc"
cat > "$T_TMP/esc/01-esc.yaml" <<'YAML'
id: esc
title: "Escape \e[31mtest \u200f\u061c\u200e marks"
summary: "Summary \x9b2J here"
minutes: 1
analogy: None.
pages:
  - title: "Page \e]0;pwned\a one"
    body:
      - text: "Body \e[?2004h\e[41m text \u202e reversed \u200f\u061c marked \x85 next"
YAML
fresh; launch 80 24 env NO_COLOR=1 "$CK_BIN" --lessons "$T_TMP/esc"
wait_for 'lessons done'; ok $? "a lesson with escapes in its strings loads"
keys Enter; wait_for 'Body'; ok $? "and opens"
quit
has_colour_sgr; ok $((! $?)) "escapes in lesson text never reach the terminal (no colour SGR)"
grep -qaF $'\e]0;' "$OUT"; ok $((! $?)) "no OSC title sequence from lesson text"
grep -qaF $'\e[?2004h' "$OUT"; ok $((! $?)) "no mode-setting sequence from lesson text"
grep -qaF $'\xc2\x9b' "$OUT"; ok $((! $?)) "no C1 CSI from lesson text"
grep -qaF $'\xe2\x80\xae' "$OUT"; ok $((! $?)) "no bidi override from lesson text"
grep -qaF -e $'\xe2\x80\x8f' -e $'\xd8\x9c' -e $'\xe2\x80\x8e' "$OUT"; ok $((! $?)) "no bidi mark (RLM, ALM, LRM) from a lesson's title or text"
grep -qaF $'\xc2\x85' "$OUT"; ok $((! $?)) "no C1 control (NEL) from lesson text"
done_testing
