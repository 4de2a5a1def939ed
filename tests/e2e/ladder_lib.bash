# ladder_lib.bash: a demo's ladder as its one header defines it
# (demos/<demo>/*_ladder.h, X(ENUM, id, rung, kind, ...) rows), so tests
# name rungs from there and never keep a copy of the list.
#
#   ladder_rows HEADER          "id rung kind" per rung, in ladder order
#   ladder_ids HEADER [KIND]    the ids (of one kind), one per line
#   ladder_id HEADER ENUM       the id of the row X(ENUM, ...)
ladder_rows() {
	sed -n 's/^ *X([A-Z0-9_]*, *"\([^"]*\)", *\([0-9]*\), *\([a-z]*\),.*/\1 \2 \3/p' "$1"
}
ladder_id() {
	sed -n "s/^ *X($2, *\"\([^\"]*\)\".*/\1/p" "$1"
}
ladder_ids() {
	ladder_rows "$1" | awk -v k="${2:-}" 'k == "" || $3 == k { print $1 }'
}
