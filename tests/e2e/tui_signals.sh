#!/usr/bin/env bash
# Every way out leaves the terminal restored: SIGTERM, SIGHUP and Ctrl-C
# exit cleanly and save progress; every other signal whose default action
# ends the program (SIGSEGV, SIGABRT, Ctrl-\ = SIGQUIT, SIGILL, SIGTRAP,
# SIGSYS, SIGXCPU, SIGUSR1, SIGALRM, SIGPIPE...) restores the terminal from
# the crash handler (mouse modes off, keypad transmit off, main screen,
# cursor visible, attributes reset, cooked mode) and still dies of the
# signal: the reset sequence is the last escape the terminal gets.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
PFILE="$XDG_STATE_HOME/cudakitchen/progress.yaml"
ulimit -c 0   # SIGQUIT, SIGILL, SIGTRAP... dump core by default: not here
RESTORE=$'\e[?1006l\e[?1002l\e[?1000l\e[?1l\e>\e[?1049l\e[?25h\e[0m'

# in_reader: start, open the first lesson, go to page 2.
in_reader() {
	launch 80 24 "$CK_BIN" --lessons "$FIX"
	wait_for 'lessons done' || return 1
	keys Enter; wait_for 'Pantry page one' || return 1
	keys n; wait_for 'Pantry page two'
}
restored() { # restored NAME: alternate screen off, cursor visible, cooked tty
	is "$(pane '#{alternate_on}')" 0 "$1: the main screen is back"
	is "$(pane '#{cursor_flag}')" 1 "$1: the cursor is visible"
	local m; m=$(tty_modes)
	like "$m" '(^| )icanon( |$)' "$1: canonical mode is back"
	like "$m" '(^| )echo( |$)' "$1: echo is back"
	is "$(pane '#{mouse_any_flag}')" 0 "$1: mouse reporting is off"
	is "$(pane '#{keypad_cursor_flag}')$(pane '#{keypad_flag}')" 00 "$1: cursor and keypad keys are back in normal mode"
}

for sig in TERM HUP INT; do
	rm -f "$PFILE"
	in_reader; ok $? "SIG$sig: in the reader on page 2"
	pid=$(ck_pid)
	ok $([ -n "$pid" ]; echo $?) "SIG$sig: found the process"
	if [ "$sig" = INT ]; then keys C-c; else kill -"$sig" "$pid"; fi
	is "$(wait_exit)" 0 "SIG$sig: a clean exit"
	restored "SIG$sig"
	like "$(cat "$PFILE" 2>/dev/null)" 'pantry' "SIG$sig: progress was saved"
	stop
done

# Ctrl-Z: the terminal is handed back while the program is stopped and
# taken again (with the mouse modes) on `fg`.  An interactive bash runs it,
# as the learner's shell would: only a shell with job control can stop and
# resume it (in an orphaned process group the kernel ignores SIGTSTP).
fresh
launch 80 24 bash --norc --noprofile -i
expect '[$#] *$'
keys "PS1='$ ' \"$CK_BIN\" --lessons \"$FIX\"" Enter
expect 'lessons done'; keys Enter; expect 'Pantry page one'; keys n
wait_for 'Pantry page two'; ok $? "Ctrl-Z: in the reader, started from an interactive shell"
pid=$(ck_pid)
keys C-z
wait_until "the program to stop" '[ "$(awk "{ print \$3 }" "/proc/$pid/stat" 2>/dev/null)" = T ]'
is "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" T "Ctrl-Z: the process is stopped"
is "$(pane '#{alternate_on}')" 0 "Ctrl-Z: the main screen is back"
is "$(pane '#{cursor_flag}')" 1 "Ctrl-Z: the cursor is visible"
is "$(pane '#{mouse_any_flag}')" 0 "Ctrl-Z: mouse reporting is off"
keys fg Enter
wait_for 'Pantry page two'; ok $? "fg: the screen is drawn again"
is "$(pane '#{alternate_on}')" 1 "fg: back on the alternate screen"
is "$(pane '#{mouse_button_flag}')" 1 "fg: button-event mouse tracking is back"
like "$(tty_modes)" '(^| )-icanon( |$)' "fg: raw input again"
keys p
wait_for 'Pantry page one'; ok $? "fg: keys work again"
keys q
wait_until "the program to end" '! [ -e "/proc/$pid" ] || [ "$(awk "{ print \$3 }" "/proc/$pid/stat" 2>/dev/null)" = Z ]'
ok $([ ! -e "/proc/$pid" ] || [ "$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null)" = Z ]; echo $?) "fg: q quits"
is "$(pane '#{alternate_on}')" 0 "after the suspend: the main screen is back"
is "$(pane '#{mouse_any_flag}')" 0 "after the suspend: mouse reporting is off"

for sig in SEGV ABRT QUIT ILL TRAP SYS XCPU USR1 ALRM PIPE; do
	rm -f "$PFILE"
	in_reader; ok $? "SIG$sig: in the reader"
	pid=$(ck_pid)
	if [ "$sig" = QUIT ]; then keys 'C-\'; else kill -"$sig" "$pid"; fi
	want=$((128 + $(kill -l "$sig")))
	is "$(wait_exit)" "$want" "SIG$sig: the process still dies of the signal"
	restored "SIG$sig"
	bytes=$(cat "$OUT")
	ok $([[ "$bytes" == *"$RESTORE"* ]]; echo $?) "SIG$sig: the crash handler wrote the restore sequence"
	tail=${bytes##*"$RESTORE"}
	ok $([[ "$tail" != *$'\e[?1049h'* ]]; echo $?) "SIG$sig: nothing re-entered the alternate screen after it"
	# What follows is the shell's crash message and the "[exit N]" line.
	ok $([[ "$tail" != *$'\e'* ]]; echo $?) "SIG$sig: the captured bytes end with the reset sequence"
	stop
done
done_testing
