#!/usr/bin/env bash
# ck-test: quick
# Chinese punctuation kept consistent: a facts table of a Chinese lesson
# puts its asides in full-width parentheses, never ASCII ones beside them
# ("16,896（132 × 128）" as "128（H100 和 H200）"); and no Chinese message
# puts a space after a full-width colon ("其他：cub::…").
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
for f in lessons/zh/*.yaml; do
	rows=$(grep -E '^ *- \[".*", ".*"\]' "$f")
	[ -n "$rows" ] || continue
	if grep -q '（' <<<"$rows"; then
		unlike "$(grep -nE '"[^"]*[0-9] \([0-9]' <<<"$rows")" . "$f: a facts table with （） has no ASCII ( ) asides"
	fi
done
zh=$(sed -n 's/^\tX(MSG_[A-Z0-9_]*, "\(\\.\|[^"]\)*", "\(.*\)") \\$/\2/p' src/core/i18n_msgs.h)
like "$zh" '：' "the Chinese messages are read"
unlike "$(grep -n '： ' <<<"$zh")" . "no Chinese message has a space after a full-width colon"
done_testing
