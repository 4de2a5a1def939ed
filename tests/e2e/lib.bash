# lib.bash: TAP and tmux helpers for the end-to-end scripts (sourced).
#
# Each script: `. "$(dirname "$0")/lib.bash"`, then ok/is/... and finally
# `done_testing`.  tmux runs on a private socket with a fixed size, locale
# and TERM, and a temporary HOME and XDG dirs, so tests never touch the
# user's progress.  Screens are read with `screen` (capture-pane -p).
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
T_SOCK="ck-$$"

ok() { # ok STATUS DESCRIPTION
	T_N=$((T_N + 1))
	if [ "$1" = 0 ]; then echo "ok $T_N - $2"; else echo "not ok $T_N - $2"; T_FAIL=$((T_FAIL + 1)); fi
}
is() { # is GOT WANT DESCRIPTION
	if [ "$1" = "$2" ]; then ok 0 "$3"; else ok 1 "$3"; echo "#   got:  $1"; echo "#   want: $2"; fi
}
like() { # like TEXT REGEX DESCRIPTION  (grep -E on the text)
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then ok 0 "$3"; else ok 1 "$3"; echo "#   no match for /$2/ in:"; printf '%s\n' "$1" | sed 's/^/#   | /' | head -40; fi
}
unlike() {
	if printf '%s\n' "$1" | grep -Eq -- "$2"; then ok 1 "$3"; echo "#   unexpected /$2/ in:"; printf '%s\n' "$1" | sed 's/^/#   | /' | head -40; else ok 0 "$3"; fi
}
skip_all() { echo "1..0 # SKIP $1"; cleanup; exit 0; }
cleanup() { tmux -L "$T_SOCK" kill-server 2>/dev/null; rm -rf "$T_TMP"; }
done_testing() { echo "1..$T_N"; cleanup; [ "$T_FAIL" = 0 ]; exit $?; }

# tmux helpers: start W H CMD...  (the command runs in the tmux pane)
start() {
	local w=$1 h=$2; shift 2
	tmux -L "$T_SOCK" -f /dev/null new-session -d -x "$w" -y "$h" -s t \
		"env HOME='$HOME' XDG_STATE_HOME='$XDG_STATE_HOME' XDG_DATA_HOME='$XDG_DATA_HOME' LC_ALL=C.UTF-8 TERM=xterm-256color $*; echo \"[exit \$?]\"; sleep 30"
	tmux -L "$T_SOCK" set-option -t t remain-on-exit on >/dev/null 2>&1 || true
}
keys() { tmux -L "$T_SOCK" send-keys -t t "$@"; }
screen() { tmux -L "$T_SOCK" capture-pane -p -t t; }
# Rows of a list screen: the cursor row (the one starting "  >"), the rows
# matching a pattern, and moving the cursor to a row with Up/Down.
cursor_row() { screen | grep -n '^  >' | head -1 | cut -d: -f1; }
rows_of() { screen | grep -n -- "$1" | cut -d: -f1; }
go_row() { # go_row ROW
	local c; c=$(cursor_row)
	while [ "$c" -lt "$1" ]; do keys Down; c=$((c + 1)); done
	while [ "$c" -gt "$1" ]; do keys Up; c=$((c - 1)); done
	sleep 0.1
}
resize() { tmux -L "$T_SOCK" resize-window -t t -x "$1" -y "$2" 2>/dev/null || tmux -L "$T_SOCK" resize-pane -t t -x "$1" -y "$2"; }
# wait_for REGEX [SECONDS]: poll the screen until it matches; returns 1 on timeout.
wait_for() {
	local re=$1 limit=${2:-5} i=0
	while [ $i -lt $((limit * 20)) ]; do
		screen | grep -Eq -- "$re" && return 0
		sleep 0.05; i=$((i + 1))
	done
	return 1
}
stop() { tmux -L "$T_SOCK" kill-server 2>/dev/null; }
