# ladder_lib.bash: a demo's ladder as its one header defines it
# (demos/<demo>/*_ladder.h, X(ENUM, id, step, kind, ...) rows, numbered by
# their order: demos/common/ladder_row.h), so tests name rungs from there
# and never keep a copy of the list.  Needs CK_ROOT (lib.bash) for
# ladder_fill and ladder_fixture.
#
#   ladder_rows HEADER          "id rung kind" per rung, in ladder order
#   ladder_ids HEADER [KIND]    the ids (of one kind), one per line
#   ladder_id HEADER ENUM       the id of the row X(ENUM, ...)
ladder_rows() { # the rung counted from each row's step (next, same)
	sed -n 's/^ *X([A-Z0-9_]*, *"\([^"]*\)", *\([a-z]*\), *\([a-z]*\),.*/\1 \2 \3/p' "$1" |
		awk '$2 == "next" { $2 = ++n } $2 == "same" { $2 = n } { print }'
}
ladder_id() {
	sed -n "s/^ *X($2, *\"\([^\"]*\)\".*/\1/p" "$1"
}
ladder_ids() {
	ladder_rows "$1" | awk -v k="${2:-}" 'k == "" || $3 == k { print $1 }'
}

# Test data names a rung by its row, never by a copy of its id: @DEMO:ENUM@
# (@matmul:REGBLOCK@, @conv:WINOGRAD@, @reduce:CUB@) is the id of the row
# X(ENUM, ...) in demos/DEMO/*_ladder.h, so renaming a rung there renames it
# in every fixture and stand-in.  tests/ladder_fill.h is the unit tests' twin.
#
#   ladder_fill [FILE...]   the text (of FILEs, else stdin) with each
#                           placeholder replaced; one that names no row is
#                           left as it is, said on stderr, and the status is 1
#   ladder_fixture PATH     tests/fixtures/PATH filled into $T_TMP (lib.bash),
#                           its path printed: what a test reads or copies
ladder_fill() {
	local h d script=
	for h in "$CK_ROOT"/demos/*/*_ladder.h; do
		d=${h%/*}; d=${d##*/}
		script+=$(sed -n "s/^ *X(\([A-Z0-9_]*\), *\"\([^\"]*\)\".*/s|@$d:\1@|\2|g/p" "$h")$'\n'
	done
	sed "$script" "$@" | awk '{ print }
		match($0, /@[a-z]+:[A-Z0-9_]+@/) { bad = bad " " substr($0, RSTART, RLENGTH) }
		END { if (bad != "") { print "ladder_fill: no ladder row for" bad > "/dev/stderr"; exit 1 } }'
}
ladder_fixture() {
	local out="$T_TMP/filled/$1"
	mkdir -p "${out%/*}" && ladder_fill "$CK_ROOT/tests/fixtures/$1" >"$out"
	local rc=$?
	printf '%s\n' "$out"
	return $rc
}
