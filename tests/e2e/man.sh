#!/usr/bin/env bash
# cudakitchen.1, as the build makes it (CK_BUILD/cudakitchen.1, its lists
# of demos written from demos/demos.h): groff finds nothing to warn about,
# man -l renders every required section, every demo of the registry is in
# each list, the version matches VERSION, and every option and command of
# --help is documented.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
command -v groff >/dev/null || skip_all "groff not installed"
man=$CK_BUILD/cudakitchen.1
[ -f "$man" ] || skip_all "no $man (run make first)"

out=$(groff -man -ww -z "$man" 2>&1)
is "$out" "" "groff -man -ww -z $man prints nothing"
page=$(MANWIDTH=80 man -l "$man" 2>/dev/null)
ok $? "man -l $man renders"
for d in $(sed -n 's/^X(\([a-z0-9_]*\),.*/\1/p' demos/demos.h); do
	is "$(grep -cxE "\.(RB \\( |BR )$d [,.)]" "$man")" 3 "demo $d is in the page's three lists"
done
! grep -q '^@DEMOS' "$man"; ok $? "no @DEMOS@ line left in the page"
for s in NAME SYNOPSIS DESCRIPTION OPTIONS COMMANDS KEYS ENVIRONMENT FILES "EXIT STATUS" EXAMPLES; do
	like "$page" "^$s\$" "section $s"
done
is "$(sed -n 's/^\.TH .*"cudakitchen \([^"]*\)".*/\1/p' cudakitchen.1)" "$(cat VERSION)" "the page's version is VERSION"
help=$("$CK_BIN" --help)
for opt in $(printf '%s\n' "$help" | grep -oE -- '--[a-z-]+' | sort -u); do
	like "$page" "(^|[[:space:],])$opt([[:space:],]|$)" "option $opt is documented"
done
for cmd in open lint demo "cert verify" drill; do
	like "$page" "cudakitchen \[options\] $cmd" "command '$cmd' is in the synopsis"
done
# Every name `open` takes for a block (--help's list, made from the one
# table of names that open a screen) is in the page's `open` entry.
opens=$(printf '%s\n' "$help" | tr '\n' ' ' | sed -n 's/.*block *(\([^)]*\), or a lesson id.*/\1/p' | tr -d ' ' | tr ',' ' ')
entry=$(sed -n '/^\.B open /,/^\.B lint /p' "$man")
[ -n "$opens" ] && [ -n "$entry" ]; ok $? "--help's open list and the page's open entry were found"
for n in $opens; do
	like "$entry" "^\.R?BR? $(printf '%s' "$n" | sed 's/-/\\\\-/g') [,.]\$" "open's block '$n' is in the page's open entry"
done
# Every key of the shared commands (src/tui/keys.h) and of every screen's
# key table (.keys = "..." in src/tui) is in KEYS.
shared=$(sed -n 's/^[[:space:]]*X(CMD_[A-Z]*, *"\([^"]*\)".*/\1/p' src/tui/keys.h)
own=$(grep -rhoE '\.keys = "[^"]+"' src/tui | sed 's/^\.keys = "//; s/"$//')
[ -n "$shared" ] && [ -n "$own" ]; ok $? "the key tables were found"
section=$(printf '%s\n' "$page" | sed -n '/^KEYS$/,/^ENVIRONMENT$/p')
for k in $(printf '%s\n' $shared $own | sort -u); do
	re=$(printf '%s' "$k" | sed 's/[][\.*^$+?(){}|]/\\&/g')
	like "$section" "(^|[ ,])$re(,|\$| )" "key $k is in KEYS"
done
done_testing
