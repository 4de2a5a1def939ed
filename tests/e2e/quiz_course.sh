#!/usr/bin/env bash
# ck-test: quick
# Quiz progress belongs to a course: a learner who passed the built-in
# level 1 does not see a class's own level 1 as passed (nor does it count
# for the certificate), and the built-in score is still there afterwards.
# An old (format 1) progress file's levels are the built-in course's.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
CLASS="$CK_ROOT/tests/fixtures/quiz/class"
PDIR="$XDG_STATE_HOME/cudakitchen"
mkdir -p "$PDIR"
cat > "$PDIR/progress.yaml" <<'YAML'
format_version: 1
last: ""
lessons: []
levels:
  - {best: 96, attempt: 1, question: 0, seed: 1, points: 0, max_points: 0, in_progress: false}
skills: {}
gpumap: {attempts: 0, correct: 0}
apis: ""
speedups: ""
YAML
launch 80 24 "$CK_BIN" --lessons "$CLASS" open quiz
wait_for 'Fixture level one'; ok $? "the class's quiz opens"
s=$(screen)
unlike "$(printf '%s\n' "$s" | grep 'Fixture level one')" 'passed|96%' "its level 1 is not passed by the built-in score"
like "$(printf '%s\n' "$s" | grep 'Fixture level one')" 'open' "it is open, never taken"
keys q; is "$(wait_exit)" 0 "quit"
like "$(cat "$PDIR/progress.yaml")" 'format_version: 4' "the file is now the current format (4)"
like "$(grep -A1 '^levels:' "$PDIR/progress.yaml")" 'best: 96' "with the built-in score kept"
like "$(cat "$PDIR/progress.yaml")" "course: \"$(cd "$CLASS" && pwd -P)\"" "and the class under its own key"
launch 80 24 "$CK_BIN" open quiz
wait_for 'Level 1'; ok $? "the built-in quiz"
like "$(screen | grep 'Level 1')" 'passed, best 96%' "still shows the built-in level 1 as passed"
quit
done_testing
