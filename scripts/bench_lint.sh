#!/usr/bin/env bash
# bench_lint.sh [N]: how long lint and the lesson menu take on a course of N
# lessons (default 10 000), generated in a temporary directory.  A
# benchmark, not a test: it prints the times (the median of 3 runs) and
# leaves judging them to the reader.  Targets (issue 13, on a 2-core
# machine): lint of 10 000 lessons under 2 s, as a directory or as 10 000
# file arguments; the menu of a 10 000-lesson course drawn under 1 s.
#   CK_BIN=build/cudakitchen scripts/bench_lint.sh 10000
set -eu
n=${1:-10000}
bin=${CK_BIN:-$(cd "$(dirname "$0")/.." && pwd)/build/cudakitchen}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ck-bench.XXXXXX")
trap 'tmux -L "ck-bench-$$" kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
mkdir -p "$tmp/class/lessons/en"
# Each lesson links to the next one (so every `see` is resolved) and has a
# page with text, a code block and a facts table.
awk -v n="$n" -v dir="$tmp/class/lessons/en" 'BEGIN {
	for (i = 1; i <= n; i++) {
		f = sprintf("%s/%05d-l%d.yaml", dir, i, i)
		nxt = i < n ? i + 1 : 1
		printf "id: l%d\ntitle: Lesson %d\nsummary: Summary of lesson %d.\nminutes: 3\n", i, i, i > f
		printf "analogy: Lesson %d is a station of the kitchen.\nsee: [l%d]\npages:\n", i, nxt > f
		printf "  - title: Page\n    body:\n      - text: Some text for lesson %d.\n", i > f
		printf "      - code: |\n          __global__ void k%d(float *x) { x[0] = %d; }\n", i, i > f
		printf "      - facts:\n          - [Key, \"%d\"]\n", i > f
		close(f)
	}
}'
median() { sort -n | sed -n 2p; }
# secs COMMAND...: "WALL CPU" seconds of one run (CPU = user + system: on a
# shared machine the wall time also measures everyone else's load)
secs() {
	local TIMEFORMAT='%R %U %S' t
	t=$( { time "$@" >/dev/null 2>&1; } 2>&1 ) || true
	echo "$t" | awk '{ printf "%.3f s (CPU %.3f s)\n", $1, $2 + $3 }'
}
dir_t=$(for r in 1 2 3; do secs "$bin" lint "$tmp/class"; done | median)
files_t=$(cd "$tmp/class/lessons/en" && for r in 1 2 3; do secs "$bin" lint ./*.yaml; done | median)
out=$("$bin" lint "$tmp/class" 2>&1 >/dev/null || true)
echo "lessons: $n"
echo "lint DIR:          ${dir_t}  ($out)"
echo "lint FILE x $n: ${files_t}"
if command -v tmux >/dev/null; then
	menu() {
		local sock="ck-bench-$$" t0 t1 i=0
		tmux -L "$sock" kill-server 2>/dev/null || true
		t0=$(date +%s.%N)
		env HOME="$tmp/home" XDG_STATE_HOME="$tmp/state" LC_ALL=C.UTF-8 TERM=xterm-256color \
			tmux -L "$sock" -f /dev/null new-session -d -x 80 -y 24 "exec $bin --lessons $tmp/class"
		until tmux -L "$sock" capture-pane -p 2>/dev/null | grep -q 'lessons done'; do
			i=$((i + 1)); [ $i -gt 3000 ] && break; sleep 0.01
		done
		t1=$(date +%s.%N)
		# the program's own CPU time so far (utime + stime, in clock ticks)
		local pid ticks
		pid=$(tmux -L "$sock" display -p '#{pane_pid}' 2>/dev/null)
		ticks=$(awk '{ print $14 + $15 }' "/proc/$pid/stat" 2>/dev/null || echo 0)
		tmux -L "$sock" kill-server 2>/dev/null || true
		echo "$t1 - $t0" | bc -l | awk -v t="$ticks" -v hz="$(getconf CLK_TCK)" \
			'{ printf "%.3f s (CPU %.3f s)\n", $1, t / hz }'
	}
	menu_t=$(for r in 1 2 3; do menu; done | median)
	echo "menu drawn:        ${menu_t} (start to the menu on screen, 80x24, tmux)"
fi
