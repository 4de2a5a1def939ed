#!/usr/bin/env bash
# Predictions in the quiz screen, in tmux at 80x24: the answer starts the
# real matmul demo (build/demos/matmul, CPU fallback on a machine without a
# GPU), the tolerance is stated before answering, and the feedback says
# what was measured and where, or why nothing could be judged.  Without a
# GPU, only the question measured on the CPU says so; the others say they
# predict the H200's recorded run.
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
[ -x "$CK_BUILD/demos/matmul" ] || skip_all "demos not built"
CLASS="$CK_ROOT/tests/fixtures/quiz/class-predict"
start 80 24 "$CK_BIN --lessons '$CLASS' open quiz"
expect "Level 1"
keys Enter; wait_for "question 1/2" 3; ok $? "the prediction level starts"
order=$(screen | grep -o 'CPU blocked versus\|Tiled versus' | head -1)
answer() { # answers whichever question is on screen
	if screen | grep -q "CPU blocked versus"; then
		like "$(screen)" "Right when the matmul demo's measurement falls in the band you choose" \
			"band tolerance stated before answering"
		unlike "$(screen)" "predicting the run recorded" "a CPU measure: not said to be the H200's run"
		[ -e /dev/nvidiactl ] || like "$(flat)" "This one is measured on your CPU" "without a GPU, said to be measured here"
		keys Space Enter   # the focus starts on the first band: Space picks it
	else
		like "$(screen)" "Right when within a factor of 2 of what the matmul demo measures" \
			"factor tolerance stated before answering"
		unlike "$(screen)" "measured on your CPU|CPU run measures" "a GPU measure: no word of a CPU measurement"
		like "$(flat)" "then Enter; the measured value follows" "the instruction promises the measured value, not a run here"
		keys -l "abc"; keys Enter
		wait_for "Type a number \(like 8 or 2.5\)"; ok $? "a word is not submitted: type a number"
		like "$(screen)" "question [12]/2" "and the question stays"
		keys BSpace BSpace BSpace
		keys -l "17"; keys Enter
	fi
	expect "Right!|Not quite|Not judged" 60
}
for i in 1 2; do
	q=$(screen | grep -o 'CPU blocked versus\|Tiled versus' | head -1)
	answer
	s=$(screen)
	if [ "$q" = "CPU blocked versus" ]; then
		like "$s" "Right! \+2 points" "the CPU prediction is judged right"
		like "$s" "Measured: [0-9.]+x, (on your CPU|live on your)" "with the measured value and its source"
	else
		like "$s" "Measured: [0-9.]+x, (live on your|recorded on NVIDIA H200)|No measurement: " \
			"the GPU prediction: measured, recorded, or says why not"
		if printf '%s' "$s" | grep -q "Measured: "; then
			like "$s" "Accepted: [0-9.]+x to [0-9.]+x" "the accepted range around the measurement"
		fi
		if printf '%s' "$s" | grep -q "No measurement"; then
			like "$s" "Not judged: no measurement" "unjudged, and counted neither way"
		fi
	fi
	like "$s" "Explained: " "explanation shown"
	keys Enter
	[ "$i" = 2 ] || expect "question 2/2"
done
expect "Your score"
like "$(screen)" "Your score: (100|50|0)%" "a score over the judged predictions"
s=$(screen)
like "$s" "answer: below a billion" "the review's answer is the right band, as the question labels it"
unlike "$s" "answer: Measured" "not the measurement, cut off"
keys Enter; wait_for "Measured: [0-9.]+x, |No measurement: "; ok $? "the full view (Enter) has the measurement, whole"
keys Escape; expect "Your score"
keys Escape; wait_gone "Your score"; ok $? "Esc leaves the score"; quit
stop

# A wrong band: the feedback names the measured value and the right band
WRONG="$T_TMP/wrong"; cp -r "$CLASS" "$WRONG"
python3 - "$WRONG/quizzes/en/level1.yaml" <<'PY'
import sys
p = sys.argv[1]; t = open(p).read()
t = t.replace('      - {label: "below a billion", max: 1e9}\n      - {label: "a billion or more", min: 1e9}\n',
              '      - {label: "a billion or more", min: 1e9}\n      - {label: "below a billion", max: 1e9}\n')
t = t[:t.index("  - id: gpu-tiled")]
open(p, "w").write(t)
PY
start 80 24 "$CK_BIN --lessons '$WRONG' open quiz"
expect "Level 1"; keys Enter; expect "question 1/1"
keys Space Enter
expect "Right!|Not quite|Not judged" 60
if screen | grep -q "Not quite"; then
	like "$(screen)" "Measured: [0-9.]+x" "a wrong band: the measured value..."
	like "$(screen)" "Answer: below a billion" "... and the band it fell in"
else
	ok 0 "# SKIP the CPU run gave no measurement here"
	ok 0 "# SKIP"
fi
quit
done_testing
