#!/usr/bin/env bash
# ck-test: quick
# The fuzzers' regression corpus: every input in fuzz/corpus/NAME/ goes
# once through fuzz target NAME, built as an ordinary program
# ($CK_BUILD/fuzz/replay_NAME, so no clang or libFuzzer is needed; under
# ASan/UBSan in the SANITIZE=1 build).  Every target has a corpus.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1

for src in fuzz/fuzz_*.c; do
	t=${src#fuzz/fuzz_}; t=${t%.c}
	bin="$CK_BUILD/fuzz/replay_$t"
	if [ ! -x "$bin" ]; then
		ok 1 "$t: $bin is built"
		continue
	fi
	n=$(ls fuzz/corpus/"$t" 2>/dev/null | wc -l)
	ok "$([ "$n" -gt 0 ] && echo 0 || echo 1)" "$t: fuzz/corpus/$t has inputs ($n)"
	out=$("$bin" "fuzz/corpus/$t" 2>"$T_TMP/err"); rc=$?
	is "$rc" 0 "$t: the corpus replays without a finding"
	[ "$rc" = 0 ] || sed 's/^/#   /' "$T_TMP/err" | tail -20
	is "$out" "$n inputs" "$t: every input was run"
done
done_testing
