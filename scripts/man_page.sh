#!/bin/sh
# man_page.sh: the man page as installed, made from cudakitchen.1 with each
# list of demos written from the registry (demos/demos.h: the first word of
# each "X(name," row, read as demos/demos.mk reads it), so a demo added or
# removed there is added or removed in the page too.
#
#   scripts/man_page.sh demos/demos.h cudakitchen.1 >build/cudakitchen.1
#
# In the page, a line "@DEMOS OPEN LAST@" stands for the list: one
# ".BR name ," line per demo, the first after OPEN ("(": ".RB ( name ,";
# "-": nothing), the last ending in LAST instead of the comma ("," when the
# sentence goes on, ")" or "."; before a last "." the word "and").  Exits
# non-zero, writing nothing useful, when the registry has no rows.
set -eu
[ $# -eq 2 ] || { echo "usage: $0 DEMOS_H PAGE" >&2; exit 2; }
names=$(sed -n 's/^X(\([a-z0-9_]*\),.*/\1/p' "$1")
[ -n "$names" ] || { echo "$0: no demos in $1" >&2; exit 1; }
printf '%s\n' "$names" | awk -v page="$2" '
	{ name[++n] = $0 }
	END {
		while ((getline line < page) > 0) {
			if (line !~ /^@DEMOS [^ ]+ [^ ]+@$/) { print line; continue }
			split(substr(line, 2, length(line) - 2), w, " ")
			for (i = 1; i <= n; i++) {
				end = i == n ? w[3] : ","
				if (i == n && end == "." && n > 1) print "and"
				if (i == 1 && w[2] != "-") print ".RB " w[2] " " name[i] " " end
				else print ".BR " name[i] " " end
			}
			lists++
		}
		if (lists == 0) { print "man_page.sh: no @DEMOS@ line in " page > "/dev/stderr"; exit 1 }
	}'
