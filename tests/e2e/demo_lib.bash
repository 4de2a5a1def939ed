# demo_lib.bash: what the demo scripts share (sourced after lib.bash):
# fields of a result line, and a stand-in checkout in which a demo's screen
# opens on the demo's CPU fallback run.
#
#   field KEY LINE        the value of KEY in a `- {...}` result line
#   within ERR TOL        status 0 when 0 <= ERR <= TOL
#   demo_screen DEMO[,DEMO...] [RESULTS...]
#                         when tmux is there: $T_TMP/ck made a checkout of
#                         the tutorial (build/cudakitchen, its path in
#                         DEMO_TUI), the lessons, build/demos/DEMO for each
#                         DEMO (the built one) and demos/results/ (the RESULTS files
#                         copied in, else empty), no GPU visible
#                         (CUDA_VISIBLE_DEVICES=""); status 0.  Without
#                         tmux: a skip recorded, status 1.
field() { printf '%s\n' "$2" | sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p"; }
within() { awk -v e="$1" -v t="$2" 'BEGIN { exit !(e >= 0 && e <= t) }'; }

demo_screen() {
	command -v tmux >/dev/null || { ok 0 "# skip tmux not installed"; return 1; }
	local d=$1 ckd="$T_TMP/ck" f
	shift
	mkdir -p "$ckd/build/demos" "$ckd/demos/results"
	for f; do cp "$f" "$ckd/demos/results/"; done
	touch "$ckd/Makefile"
	ln -s "$CK_ROOT/lessons" "$ckd/lessons"
	cp "$CK_BIN" "$ckd/build/cudakitchen"
	for d in ${d//,/ }; do ln -s "$CK_BUILD/demos/$d" "$ckd/build/demos/$d"; done
	export CUDA_VISIBLE_DEVICES=""
	DEMO_TUI="$ckd/build/cudakitchen"
}
