#!/usr/bin/env bash
# cudakitchen.1: groff finds nothing to warn about, man -l renders every
# required section, the version matches VERSION, and every option and
# command of --help is documented.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
command -v groff >/dev/null || skip_all "groff not installed"

out=$(groff -man -ww -z cudakitchen.1 2>&1)
is "$out" "" "groff -man -ww -z cudakitchen.1 prints nothing"
page=$(MANWIDTH=80 man -l cudakitchen.1 2>/dev/null)
ok $? "man -l cudakitchen.1 renders"
for s in NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS KEYS ENVIRONMENT FILES "EXIT STATUS" EXAMPLES; do
	like "$page" "^$s\$" "section $s"
done
is "$(sed -n 's/^\.TH .*"cudakitchen \([^"]*\)".*/\1/p' cudakitchen.1)" "$(cat VERSION)" "the page's version is VERSION"
help=$("$CK_BIN" --help)
for opt in $(printf '%s\n' "$help" | grep -oE -- '--[a-z-]+' | sort -u); do
	like "$page" "(^|[[:space:],])$opt([[:space:],]|$)" "option $opt is documented"
done
for cmd in open lint demo "cert verify"; do
	like "$page" "cudakitchen \[options\] $cmd" "command '$cmd' is in the synopsis"
done
# Every key of the help screen's table (src/tui/keys.h) is in KEYS.
keys=$(sed -n 's/^[[:space:]]*X(CMD_[A-Z]*, *"\([^"]*\)".*/\1/p' src/tui/keys.h)
for k in $keys; do
	like "$(printf '%s\n' "$page" | sed -n '/^KEYS$/,/^ENVIRONMENT$/p')" "(^|[ ,])$k(,|\$| )" "key $k is in KEYS"
done
done_testing
