#!/usr/bin/env bash
# ck-test: quick
# One Chinese word for a burner (a stream, in lesson 7's analogy): 灶眼.
# Every Chinese text whose English says "burner" says 灶眼 and never
# another word for it (灶台 is the stove, lessons 1, 4 and 5; 灶头, 炉眼
# are other words for the burner); the streams screen's title reads 灶眼.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
# files whose English side speaks of burners, by their Chinese twin
for en in $(grep -rlisP '(?<!many-)burner' lessons/en drills/en quizzes/en); do   # not the id many-burners
	zh=${en/\/en\//\/zh\/}
	[ -f "$zh" ] || continue
	ok $(grep -q '灶眼' "$zh"; echo $?) "$zh: a burner is 灶眼"
	unlike "$(grep -n '灶台\|灶头\|炉眼\|火眼' "$zh")" . "$zh: no other word for it"
done
# the messages: English "burner", Chinese 灶眼
msgs=$(grep -i 'burner' src/core/i18n_msgs.h)
like "$msgs" . "a message speaks of burners"
unlike "$(grep -v '灶眼' <<<"$msgs")" . "every message about burners says 灶眼 in Chinese"
command -v tmux >/dev/null || { done_testing; }
[ -x "$CK_BUILD/demos/streams" ] || { done_testing; }
start 80 24 "$CK_BIN --lang zh open streams"
wait_for "多个灶眼" 20; ok $? "the streams screen's title: 多个灶眼"
stop
done_testing
