#!/usr/bin/env bash
# ck-test: quick
# Where the TUI cannot run it says why in one line, points to the plain
# commands, exits 2 at once, and writes nothing to stdout: stdin or stdout
# not a terminal, TERM unset, dumb, unknown, or without cursor addressing.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"

check() { # check DESCRIPTION COMMAND...: runs it with a 5 s limit
	local desc=$1; shift
	local t0 t1 rc
	t0=$(date +%s%N)
	timeout 5 "$@" >"$T_TMP/o" 2>"$T_TMP/e" </dev/null; rc=$?
	t1=$(date +%s%N)
	is "$rc" 2 "$desc: exit 2"
	ok $([ $(( (t1 - t0) / 1000000 )) -lt 1000 ]; echo $?) "$desc: exits at once"
	is "$(wc -l < "$T_TMP/e")" 1 "$desc: one line on stderr"
	like "$(cat "$T_TMP/e")" "cudakitchen lint.*cudakitchen demo.*--help" "$desc: points to the plain commands"
	ok $([ ! -s "$T_TMP/o" ]; echo $?) "$desc: nothing on stdout"
}

check "stdin not a tty" "$CK_BIN" --lessons "$FIX"
like "$(cat "$T_TMP/e")" "terminal" "the reason names the terminal"
check "open ID without a tty" "$CK_BIN" --lessons "$FIX" open pantry

# The remaining cases need a real tty on stdin and stdout: run them in tmux
# and read the pane.
tty_case() { # tty_case DESCRIPTION REGEX ENV-ARGS...
	local desc=$1 re=$2; shift 2
	launch 80 24 env "$@" "$CK_BIN" --lessons "$FIX"
	is "$(wait_exit)" 2 "$desc: exit 2"
	local s; s=$(screen | tr -d '\n')
	like "$s" "$re" "$desc: says why"
	like "$s" "cudakitchen lint" "$desc: points to the plain commands"
	is "$(pane '#{alternate_on}')" 0 "$desc: the screen was never taken over"
}
tty_case "TERM unset" "TERM is not set" -u TERM
tty_case "TERM=dumb" "TERM=dumb" TERM=dumb
tty_case "unknown TERM" "unknown terminal type" TERM=no-such-terminal-xyz
# A TERM holding an escape sequence is quoted in the message, sanitized.
printf 'TERM="$(printf "xterm\\033]0;pwned\\007")" exec "%s" --lessons "%s"\n' "$CK_BIN" "$FIX" > "$T_TMP/badterm.sh"
launch 80 24 sh "$T_TMP/badterm.sh"
is "$(wait_exit)" 2 "a TERM with an escape in it: exit 2"
like "$(screen | tr -d '\n')" "unknown terminal type" "a TERM with an escape in it: says why"
ok $(! grep -qaF $'\e]0;pwned' "$OUT"; echo $?) "the escape in TERM never reaches the terminal"
# A terminal whose terminfo has no cursor addressing (cup).
if command -v tic >/dev/null; then
	mkdir -p "$T_TMP/terminfo"
	printf 'nocup|terminal without cup,\n\tcols#80, lines#24, bel=^G, cr=\\r,\n' > "$T_TMP/nocup.src"
	tic -o "$T_TMP/terminfo" "$T_TMP/nocup.src" 2>/dev/null
	tty_case "no cursor addressing" "lacks cursor addressing" TERMINFO="$T_TMP/terminfo" TERM=nocup
fi

# Stdout redirected to a file while stdin is a tty.
launch 80 24 "$CK_BIN" --lessons "$FIX" '>' "$T_TMP/stdout"
is "$(wait_exit)" 2 "stdout not a tty: exit 2"
like "$(screen | tr -d '\n')" "must be a terminal" "stdout not a tty: says why on stderr"
ok $([ ! -s "$T_TMP/stdout" ]; echo $?) "stdout not a tty: nothing written to it"
done_testing
