#!/usr/bin/env bash
# Crash safety of progress saving: a process saving progress in a loop is
# killed with SIGKILL at random moments, 200 times; after each kill the
# file must load cleanly with one whole state, the old or a newer one,
# never a mix and never a corrupt file.  The saver is the unit test binary
# in its helper mode (tests/unit/test_progress.c: --save-loop, --check).
# ck-test: long (prove starts it first until it has recorded times)
. "$(dirname "$0")/lib.bash"

helper="$CK_BUILD/tests/test_progress"
[ -x "$helper" ] || skip_all "no $helper (run make first)"

dir="$XDG_STATE_HOME/cudakitchen"
file="$dir/progress.yaml"
"$helper" --save-once "$file"
ok $? "an initial state is saved"

tries=200 bad=0 torn=0 last=-1 advanced=0
for i in $(seq 1 $tries); do
	ino=$(stat -c %i "$file" 2>/dev/null)
	"$helper" --save-loop "$file" 2>/dev/null &
	pid=$!
	# its first save in place (a rename gives the file a new inode): on a
	# loaded machine, or under the sanitizers, a start can take longer
	# than the whole window below; up to 5 s (lib.bash scales it by CK_TEST_SLOW)
	wait_until "the saver's first save" \
		'[ "$(stat -c %i "$file" 2>/dev/null)" != "$ino" ] || ! kill -0 "$pid" 2>/dev/null' 5
	# then 0..39 ms more: long enough for a few saves, short enough to
	# hit mid-write
	sleep "0.0$((RANDOM % 4))$((RANDOM % 10))"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	tmp=("$dir"/.progress.yaml.*)
	if [ -e "${tmp[0]}" ]; then
		torn=$((torn + 1))
		rm -f "$dir"/.progress.yaml.*
	fi
	if ! k=$("$helper" --check "$file" 2>&1); then
		bad=$((bad + 1))
		if [ $bad -le 3 ]; then
			echo "# try $i: $k"
			ls -A "$dir" | sed 's/^/#   /'
		fi
		[ -f "$file" ] || "$helper" --save-once "$file"
		continue
	fi
	[ "$k" != "$last" ] && advanced=$((advanced + 1))
	last=$k
done
is "$bad" 0 "after $tries kill -9 during saves the file always loads whole"
ok "$([ "$advanced" -gt 10 ] && echo 0 || echo 1)" "saves made progress between kills ($advanced of $tries changed the state)"
echo "# $torn kills left a temporary file behind (killed mid-save)"
ls -A "$dir" | grep -q '^progress\.corrupt-'
ok "$([ $? != 0 ] && echo 0 || echo 1)" "no file was ever set aside as corrupt"
done_testing
