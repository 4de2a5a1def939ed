#!/usr/bin/env bash
# A demo never outlives the tutorial: the demo runs in its own process
# group (so Ctrl-\ at the terminal never reaches it), and every signal that
# ends the TUI (the fatal ones through the crash handler, TERM through the
# clean quit) ends the demo's group too, before the signal is raised again.
# A stand-in matmul writes its pid and sleeps far past the test.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
ulimit -c 0
ckd="$T_TMP/ck"
mkdir -p "$ckd/build/demos"; : > "$ckd/Makefile"   # a source tree: demos in build/demos
ln -s "$CK_ROOT/lessons" "$ckd/lessons"
cp "$CK_BIN" "$ckd/build/cudakitchen"
PIDF="$T_TMP/demo.pid"
printf '#!/bin/sh\necho $$ > "%s"\nexec sleep 300\n' "$PIDF" > "$ckd/build/demos/matmul"
chmod +x "$ckd/build/demos/matmul"
gone() { [ -n "${1:-}" ] && { ! [ -e "/proc/$1" ] || [ "$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null)" = Z ]; }; }

for sig in QUIT ILL TRAP ABRT BUS FPE SEGV SYS XCPU XFSZ USR1 USR2 ALRM PIPE VTALRM PROF TERM; do
	rm -f "$PIDF"
	launch 80 24 "$ckd/build/cudakitchen" --lessons "$FIX" open matmul
	wait_until "the demo to start" '[ -s "$PIDF" ]'; ok $? "SIG$sig: the demo is running"
	dpid=$(cat "$PIDF" 2>/dev/null)
	pid=$(ck_pid)
	if [ "$sig" = QUIT ]; then keys 'C-\'; else kill -"$sig" "$pid"; fi
	code=$(wait_exit)
	if [ "$sig" = TERM ]; then want=0; else want=$((128 + $(kill -l "$sig"))); fi
	is "$code" "$want" "SIG$sig: the tutorial ended as the signal says"
	wait_until "the demo (pid $dpid) to end" "gone $dpid"
	ok $? "SIG$sig: the demo's process is gone too"
	gone "$dpid" || kill -KILL "$dpid" 2>/dev/null
	stop
done
done_testing
