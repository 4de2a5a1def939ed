#!/usr/bin/env bash
# ck-test: quick
# Raw escape sequences in command-line arguments never reach the terminal:
# every error that quotes the user's text sanitizes it (text_sanitize), as
# lint, demo and cert already did.  An OSC title, a colour and a bare ESC,
# as a command, an option and an option's value.
. "$(dirname "$0")/lib.bash"

esc=$'\e'
check() { # check DESCRIPTION ARGS...
	local what=$1; shift
	local err rc
	err=$("$CK_BIN" "$@" 2>&1 >/dev/null); rc=$?
	is "$rc" 2 "$what: a usage error"
	ok $([[ "$err" != *"$esc"* && "$err" != *$'\a'* ]]; echo $?) "$what: no ESC or BEL on stderr"
	like "$err" "Try 'cudakitchen --help'" "$what: still says what to do"
}
check "a command with an OSC title" $'\e]0;pwned\a'
check "an option with a colour" --$'\e[31mred'
check "--lang with an ESC" --lang $'\e[2Jzh'
check "--help followed by an ESC" --help $'\e]0;x\a'
check "lint with an ESC option" lint --$'\e[31m'
err=$("$CK_BIN" $'\e]0;pwned\a' 2>&1 >/dev/null)
like "$err" "unknown command '.*pwned'" "the sanitized text is still quoted"
done_testing
