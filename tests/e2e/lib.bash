# lib.bash: TAP and tmux helpers for the end-to-end scripts (sourced).
#
# Each script: `. "$(dirname "$0")/lib.bash"`, then ok/is/... and finally
# `done_testing`.  tmux runs on a private socket with a fixed size, locale
# and TERM, and a temporary HOME and XDG dirs, so tests never touch the
# user's progress.  Screens are read with `screen` (capture-pane -p).
#
# Waiting (tests/README.md): a step never sleeps for the program.  It waits
# for what it expects to see (wait_for, expect, wait_row, wait_gone) or,
# before checking that a key changed nothing, until the program has read
# every key and sits idle (settle).  A wait that times out prints the screen;
# expect and settle also record a failing test.  Every limit is at least
# T_WAIT (20) seconds, times CK_TEST_SLOW, so a loaded machine is slower but
# never wrong: a progress save (an fsync) behind a disk hog can take seconds.
set -u
CK_BIN=${CK_BIN:-$(cd "$(dirname "$0")/../.." && pwd)/build/cudakitchen}
CK_BUILD=${CK_BUILD:-$(dirname "$CK_BIN")}
CK_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
T_N=0
T_FAIL=0
T_TMP=$(mktemp -d "${TMPDIR:-/tmp}/ck-e2e.XXXXXX")
export HOME="$T_TMP/home" XDG_STATE_HOME="$T_TMP/state" XDG_DATA_HOME="$T_TMP/data" XDG_CONFIG_HOME="$T_TMP/config"
mkdir -p "$HOME"
export LC_ALL=C.UTF-8 TERM=xterm-256color
unset NO_COLOR LANG LC_MESSAGES
# t_nap SECONDS: a poll's pause, without starting a sleep process (a read
# that times out on a FIFO nobody writes; the waits below poll thousands of
# times a run).
T_NAP=
mkfifo "$T_TMP/nap" 2>/dev/null && exec {T_NAP}<>"$T_TMP/nap"
t_nap() {
	if [ -n "$T_NAP" ]; then read -r -t "$1" -u "$T_NAP" _ 2>/dev/null || :; else sleep "$1"; fi
}
T_SOCK="ck-$$"
T_PIPE=0
T_WAIT=20
T_SLOW=${CK_TEST_SLOW:-1}

ok() { # ok STATUS DESCRIPTION
	T_N=$((T_N + 1))
	if [ "$1" = 0 ]; then echo "ok $T_N - $2"; else echo "not ok $T_N - $2"; T_FAIL=$((T_FAIL + 1)); fi
}
is() { # is GOT WANT DESCRIPTION
	if [ "$1" = "$2" ]; then ok 0 "$3"; else ok 1 "$3"; echo "#   got:  $1"; echo "#   want: $2"; fi
}
like() { # like TEXT REGEX DESCRIPTION  (grep -E on the text)
	if grep -Eq -- "$2" <<<"$1"; then ok 0 "$3"; else ok 1 "$3"; echo "#   no match for /$2/ in:"; printf '%s\n' "$1" | sed 's/^/#   | /' | head -40; fi
}
unlike() {
	if grep -Eq -- "$2" <<<"$1"; then ok 1 "$3"; echo "#   unexpected /$2/ in:"; printf '%s\n' "$1" | sed 's/^/#   | /' | head -40; else ok 0 "$3"; fi
}
# diag LINE...: TAP comments on stderr (never caught by a $(...) that runs a wait).
diag() { printf '%s\n' "$@" | sed 's/^/# /' >&2; }
skip_all() { echo "1..0 # SKIP $1"; cleanup; exit 0; }
cleanup() { [ -d "$T_TMP" ] || return 0; stop_wait; rm -rf "$T_TMP"; }
done_testing() { echo "1..$T_N"; cleanup; [ "$T_FAIL" = 0 ]; exit $?; }
# A script stopped from outside (prove killed, Ctrl-C) still ends its tmux
# server and removes its files.
trap 'cleanup' EXIT
trap 'exit 129' HUP; trap 'exit 130' INT; trap 'exit 141' PIPE; trap 'exit 143' TERM

# tmux helpers: start W H CMD...  (the command runs in the tmux pane)
start() {
	local w=$1 h=$2; shift 2
	T_PIPE=0 T_TTY=
	server_gone
	tmux -L "$T_SOCK" -f /dev/null new-session -d -x "$w" -y "$h" -s t \
		"env HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_DATA_HOME='$XDG_DATA_HOME' LC_ALL=C.UTF-8 TERM=xterm-256color $*; echo \"[exit \$?]\"; sleep 30"
	tmux -L "$T_SOCK" set-option -t t remain-on-exit on >/dev/null 2>&1 || true
}
# keys KEY...: tmux send-keys.  It notes how much the program had read
# (its rchar) so that settle can wait for the keys to be read.
keys() {
	t_pid; T_RCHAR= T_RCHAR_PID=$T_PID
	[ -n "$T_PID" ] && t_rchar "$T_PID" && T_RCHAR=$T_R
	tmux -L "$T_SOCK" send-keys -t t "$@"
}
# t_pid: sets T_PID to the program's pid, cached while it runs (these
# helpers read /proc with builtins: they run at every key).
T_PID=
t_pid() {
	local c=
	[ -n "$T_PID" ] && t_running "$T_PID" && { read -r c <"/proc/$T_PID/comm"; } 2>/dev/null
	[ "$c" = cudakitchen ] || T_PID=$(ck_pid 2>/dev/null | head -1)
}
# t_state PID: sets T_S to PID's state letter (R, S, Z...), empty when gone.
t_state() {
	local st=; T_S=
	{ read -r st <"/proc/$1/stat"; } 2>/dev/null || return 1
	st=${st##*) }; T_S=${st%% *}
}
# t_rchar PID: sets T_R to the bytes PID has read so far.
t_rchar() {
	local k v; T_R=0
	{ read -r k v <"/proc/$1/io"; } 2>/dev/null && [ "$k" = rchar: ] && T_R=$v
}
screen() { tmux -L "$T_SOCK" capture-pane -p -t t; }
# t_tty: sets T_TTY to the pane's terminal, asked once a session (start
# forgets it): settle wants it at every poll.
T_TTY=
t_tty() { [ -n "$T_TTY" ] || T_TTY=$(pane '#{pane_tty}'); }
pane() { tmux -L "$T_SOCK" display -p -t t "$1"; }
# Rows of a list screen: the cursor row (the one starting "  >"), the rows
# matching a pattern, and moving the cursor to a row with Up/Down (it
# returns once the cursor is drawn there).
cursor_row() { screen | grep -n '^  >' | head -1 | cut -d: -f1; }
rows_of() { screen | grep -n -- "$1" | cut -d: -f1; }
go_row() { # go_row ROW
	local c; c=$(cursor_row)
	[ -n "$c" ] || { ok 1 "a list cursor to move to row $1"; diag_screen; return 1; }
	while [ "$c" -lt "$1" ]; do keys Down; c=$((c + 1)); done
	while [ "$c" -gt "$1" ]; do keys Up; c=$((c - 1)); done
	wait_row "$1"
}
# wait_row ROW [SECONDS]: until the list cursor is on ROW (else a failure).
wait_row() {
	local i=0 n; n=$(t_ticks "${2:-}")
	while [ "$(cursor_row)" != "$1" ]; do
		[ $i -ge "$n" ] && { ok 1 "the list cursor reaches row $1"; diag_screen; return 1; }
		t_nap 0.05; i=$((i + 1))
	done
}
# re TEXT: TEXT as an extended regex matching itself.
re() { printf '%s' "$1" | sed 's/[][()./*+?^$|{}\\]/\\&/g'; }
# flat: the screen as one line (rows joined by a space), for text that wraps.
flat() { screen | tr '\n' ' '; }
resize() { tmux -L "$T_SOCK" resize-window -t t -x "$1" -y "$2" 2>/dev/null || tmux -L "$T_SOCK" resize-pane -t t -x "$1" -y "$2"; }
# wait_width W [H]: until the terminal is W wide (and H high: the kernel's
# size, which tmux sets a moment after resize-window) and the program has
# redrawn it.
wait_width() {
	local i=0 tty want; t_tty; tty=$T_TTY
	while :; do
		want=$(stty -F "$tty" size 2>/dev/null)
		[ "${want#* }" = "$1" ] && { [ -z "${2:-}" ] || [ "${want% *}" = "$2" ]; } && break
		[ $i -ge "$(t_ticks)" ] && { ok 1 "the terminal becomes $1 wide"; diag_screen; return 1; }
		t_nap 0.02; i=$((i + 1))
	done
	settle
}
# resize_to W H: resize, then wait until the program has drawn the new size.
resize_to() { resize "$1" "$2"; wait_width "$1" "$2"; }
# ready: until the program has started curses (the alternate screen is on)
# and settled after its first screen.
ready() {
	local i=0
	while [ "$(pane '#{alternate_on}')" != 1 ]; do
		[ $i -ge "$(t_ticks)" ] && { ok 1 "the program takes the screen"; diag_screen; return 1; }
		t_nap 0.02; i=$((i + 1))
	done
	settle
}
# t_ticks [SECONDS]: how many 50 ms polls a wait makes (at least T_WAIT s).
t_ticks() {
	local s=${1:-$T_WAIT}
	[ "$s" -lt "$T_WAIT" ] && s=$T_WAIT
	echo $((s * 20 * T_SLOW))
}
diag_screen() { diag "the screen ($(pane '#{pane_width}x#{pane_height}' 2>&1)):"; screen 2>&1 | sed 's/^/#   | /' >&2; }
# wait_for REGEX [SECONDS]: poll the screen until it matches; returns 1 on
# timeout, after printing what the screen showed.
wait_for() {
	t_poll "$1" "$(t_ticks "${2:-}")" && return 0
	diag "timed out waiting for /$1/"; diag_screen
	return 1
}
# t_poll REGEX TICKS: quietly, up to TICKS polls 50 ms apart.  A match
# counts once a second capture is the same screen: tmux may be between two
# reads of a screenful (the title drawn, the rows below not yet).
t_poll() {
	local i=0 a
	while [ $i -lt "$2" ]; do
		a=$(screen)
		if grep -Eq -- "$1" <<<"$a"; then
			# ... and the program is not in the middle of drawing it
			[ "$(screen)" = "$a" ] && ! { [ -n "$T_PID" ] && t_state "$T_PID" && [ "$T_S" = R ]; } && return 0
			i=$((i + 1)); continue
		fi
		t_nap 0.05; i=$((i + 1))
	done
	return 1
}
# wait_until WHAT CONDITION [SECONDS]: until the shell CONDITION (a string,
# evaluated in the caller's variables) holds, polled 50 ms apart for
# SECONDS (at least T_WAIT, times CK_TEST_SLOW); on timeout it says it was
# waiting for WHAT, shows the screen and returns 1.  The one polling loop:
# the waits below and the scripts' own conditions (a file, a second
# window, a process state) go through it (wait_for has its own, t_poll,
# which also waits for the screen to stop changing).
wait_until() {
	local _wu_i=0 _wu_n; _wu_n=$(t_ticks "${3:-}")
	until eval "$2"; do
		[ $_wu_i -ge "$_wu_n" ] && { diag "timed out waiting for $1"; diag_screen; return 1; }
		t_nap 0.05; _wu_i=$((_wu_i + 1))
	done
}
# wait_line N REGEX [SECONDS]: wait_for on the screen's row N (1-based) alone.
wait_line() {
	local row=$1 re=$2
	wait_until "/$re/ on row $row" 'screen | sed -n "${row}p" | grep -Eq -- "$re"' "${3:-}"
}
# wait_flat REGEX [SECONDS]: wait_for on flat with runs of spaces squeezed
# (for text that wraps).
wait_flat() {
	local re=$1
	wait_until "/$re/ (rows joined)" 'flat | tr -s " " | grep -Eq -- "$re"' "${2:-}"
}
# expect REGEX [SECONDS]: wait_for as a step: on timeout a failing test.
expect() { wait_for "$@" || { ok 1 "the screen shows /$1/"; return 1; }; }
# wait_gone REGEX [SECONDS]: until the screen no longer matches.
wait_gone() {
	local re=$1
	wait_until "/$re/ to go" '! screen | grep -Eq -- "$re"' "${2:-}"
}
# wait_exit: waits for the "[exit N]" line lib.bash's start prints; echoes N.
# After tui_lib's launch it also waits until that line has reached $OUT
# through pipe-pane, so every byte the program wrote is in the file.
wait_exit() {
	wait_for '^\[exit [0-9]+\]' "${1:-5}" || { t_why; echo none; return; }
	if [ "${T_PIPE:-0}" = 1 ]; then
		local i=0
		until grep -aq '\[exit [0-9]' "$OUT" 2>/dev/null; do
			[ $i -ge "$(t_ticks)" ] && { diag "the [exit] line never reached $OUT"; break; }
			t_nap 0.02; i=$((i + 1))
		done
	fi
	screen | sed -n 's/^\[exit \([0-9]*\)\].*/\1/p' | tail -1
}
# t_why: says on stderr what the program is doing (its state and the
# kernel function it waits in), after a wait for it timed out.
t_why() {
	local p w=; t_pid; p=$T_PID
	[ -n "$p" ] || { diag "no cudakitchen runs in the pane"; return; }
	t_state "$p"; { read -r w <"/proc/$p/wchan"; } 2>/dev/null
	diag "the program ($p) is in state ${T_S:-?}, waiting in ${w:-?}"
}
# quit [DESC]: q, then the program's exit status must be 0.
quit() { keys q; is "$(wait_exit)" 0 "${1:-q quits}"; }
# The program's pid: a child (or grandchild) of the pane's shell.
ck_pid() {
	ps -e -o pid=,ppid=,comm= | awk -v top="$(pane '#{pane_pid}')" '
		{ parent[$1] = $2; comm[$1] = $3 }
		END { for (p in comm) if (comm[p] == "cudakitchen" &&
			(parent[p] == top || parent[parent[p]] == top)) print p }'
}
# in_queue TTY: bytes written to TTY that no program has read yet.
in_queue() {
	perl -e 'use Fcntl; sysopen(my $f, $ARGV[0], O_RDONLY | O_NOCTTY | O_NONBLOCK) or exit 1;
		my $n = pack("L", 0); ioctl($f, 0x541B, $n) or exit 1; print unpack("L", $n), "\n";' "$1"
}
# keys_read TEXT: sends TEXT literally and waits until the program has read
# that many more bytes (its rchar), so the next keys come in another read,
# as a hand makes them (ncurses can drop one of several mouse events that
# arrive in a single read).  tmux writes to the terminal a moment after
# send-keys returns, so an empty input queue alone would not tell.
keys_read() {
	local pid r0 n i=0 lim; t_pid; pid=$T_PID; lim=$(t_ticks)
	[ -n "$pid" ] || { ok 1 "a program to read the keys"; diag_screen; return 1; }
	t_rchar "$pid"; r0=$T_R; n=$(LC_ALL=C; echo ${#1})
	keys -l "$1"
	while t_rchar "$pid"; [ $((T_R - r0)) -lt "$n" ]; do
		[ $i -ge "$lim" ] && { ok 1 "the program reads the keys sent"; diag_screen; return 1; }
		t_nap 0.01; i=$((i + 1))
	done
}
# drained: until no byte sent to the pane waits unread (tmux may not have
# written the last keys yet: keys_read is the sure way).
drained() {
	local tty i=0 n; t_tty; tty=$T_TTY; n=$(t_ticks)
	while [ "$(in_queue "$tty")" != 0 ]; do
		[ $i -ge "$n" ] && { ok 1 "the program reads its input"; diag_screen; return 1; }
		t_nap 0.01; i=$((i + 1))
	done
}
# settle: until the program has read every key (more than it had read when
# the last keys were sent, and none waits in the queue), is asleep waiting
# for the next and the screen holds still; before checking that a key did
# nothing.
settle() { t_settle || { ok 1 "the program settles"; diag_screen; return 1; }; }
t_settle() {
	local pid tty i=0 n a b; t_tty; tty=$T_TTY; n=$(t_ticks)
	while [ $i -lt "$n" ]; do
		[ -n "${pid:-}" ] || { t_pid; pid=$T_PID; }
		if [ -n "$pid" ] && t_asleep "$pid" &&
			{ [ -z "${T_RCHAR:-}" ] || [ "$T_RCHAR_PID" != "$pid" ] ||
				{ t_rchar "$pid"; [ "$T_R" -gt "$T_RCHAR" ]; }; } &&
			[ "$(in_queue "$tty")" = 0 ]; then
			t_drawn "$tty"
			a=$(screen); t_nap 0.05; b=$(screen)
			[ "$a" = "$b" ] && [ "$(in_queue "$tty")" = 0 ] && t_asleep "$pid" && { T_RCHAR=; return 0; }
		fi
		t_nap 0.02; i=$((i + 2))
	done
	return 1
}
# t_drawn TTY: until tmux has taken in all the program wrote so far: a
# pane-title change written to the terminal after it comes through in order
# (no kernel call tells what tmux has not read yet).  Its bytes reach $OUT
# too: a test that greps $OUT for OSC sequences does not settle.
T_MARK=0
t_drawn() {
	local i=0; T_MARK=$((T_MARK + 1))
	printf '\e]2;ck-mark-%s\a' "$T_MARK" >"$1" 2>/dev/null || return 0
	while [ "$(pane '#{pane_title}')" != "ck-mark-$T_MARK" ]; do
		[ $i -ge "$(t_ticks)" ] && return 1
		t_nap 0.01; i=$((i + 1))
	done
}
# t_asleep PID: PID sleeps in a wait.
t_asleep() { t_state "$1" && [ "$T_S" = S ]; }
# stop: ends this script's tmux server and waits until the program that
# ran in it has exited and the server is gone.  The program saves its
# progress when the terminal hangs up (an fsync, slow under disk load) and
# holds the progress lock until it exits: a next start before that would
# find "another cudakitchen" running and save nothing.  The program has
# exited once it is a zombie: the hang-up orphans it and whatever init the
# machine has may reap orphans only every second or so.  A server still
# shutting down removes its socket file, which by then may be the next
# server's.
stop() {
	local sp pid i=0 n; n=$(($(t_ticks) * 5))   # 10 ms polls
	t_pid 2>/dev/null; pid=$T_PID
	sp=$(tmux -L "$T_SOCK" display -p '#{pid}' 2>/dev/null)
	tmux -L "$T_SOCK" kill-server 2>/dev/null
	while [ -n "$sp" ] && t_running "$sp"; do
		[ $i -ge "$n" ] && { diag "the tmux server ($sp) did not exit"; break; }
		t_nap 0.01; i=$((i + 1))
	done
	for pid in $pid; do
		i=0
		while t_running "$pid"; do
			[ $i -ge "$n" ] && { diag "the program ($pid) did not exit after the hang-up"; break; }
			t_nap 0.01; i=$((i + 1))
		done
	done
	server_gone
}
# t_running PID: PID exists and has not exited (a zombie has).
t_running() { t_state "$1" && [ "$T_S" != Z ]; }
# stop_wait: stop, by its older name.
stop_wait() { stop; }

# server_gone: until no tmux server answers on this script's socket (one
# still shutting down would take the next session with it).
server_gone() {
	local i=0 n; n=$(($(t_ticks) * 5))
	while tmux -L "$T_SOCK" ls >/dev/null 2>&1; do
		[ $i -ge "$n" ] && { diag "a tmux server still answers on $T_SOCK"; break; }
		t_nap 0.01; i=$((i + 1))
	done
}
