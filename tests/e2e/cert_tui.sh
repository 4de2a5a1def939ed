#!/usr/bin/env bash
# The radar and certificate screens in tmux at 80x24: the radar with its
# six axis labels (braille, and ASCII with --ascii), relayout on resize,
# the menu reaching the radar, the locked certificate, name entry, and a
# written certificate that `cudakitchen cert verify` finds intact; a
# second certificate never replaces the first.  A classroom shares one
# certificate folder: each learner's item shows the certificate they wrote
# (recorded in their progress), never another learner's, and says so when
# their file has changed or gone.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
CERTS="$T_TMP/certs"
AXES='concepts architecture threads memory libraries performance'

# A learner who passed level 5.
passed() {
	mkdir -p "$XDG_STATE_HOME/cudakitchen"
	cp "$CK_ROOT/tests/fixtures/progress/passed-level5.yaml" "$XDG_STATE_HOME/cudakitchen/progress.yaml"
}
all_axes() { # all_axes SCREEN: 0 when every axis label is on it
	local a
	for a in $AXES; do printf '%s\n' "$1" | grep -q "$a" || return 1; done
}

launch 80 24 "$CK_BIN" open radar
wait_for 'skills radar'; ok $? "open radar shows the radar screen"
s=$(screen)
all_axes "$s"; ok $? "all six axis labels at 80x24"
printf '%s' "$s" | LC_ALL=C grep -q $'\xe2[\xa0-\xa3]'; ok $? "the radar is drawn in braille (U+2800 block)"
like "$s" 'Level 5 +--' "per-level scores (none yet)"
like "$s" "none passed: open drills" "the pointer to the drills is whole at 80 columns"
like "$s" 'Take the quiz' "says how to fill the radar"
resize_to 60 20
like "$(screen)" 'run the demos to *$' "at 60x20 the note wraps at a word..."
like "$(screen)" '^  fill the radar\. *$' "... its rest on the next row"
resize_to 100 30
s=$(screen)
all_axes "$s"; ok $? "all six labels after a resize to 100x30"
like "$s" 'concepts {5,}--$' "the skills panel is there"
resize_to 60 20
s=$(screen)
all_axes "$s"; ok $? "all six labels at 60x20"
unlike "$s" 'too small' "60x20 is not too small"
keys q
is "$(wait_exit)" 0 "quit"

launch 80 24 "$CK_BIN" --ascii --lessons "$FIX" open radar
wait_for 'skills radar'; ok $? "open radar with --ascii"
s=$(screen)
all_axes "$s"; ok $? "ASCII: all six labels"
if printf '%s' "$s" | LC_ALL=C grep -q $'[\x80-\xff]'; then ok 1 "ASCII: no byte >= 0x80 on the screen"; else ok 0 "ASCII: no byte >= 0x80 on the screen"; fi
like "$s" '\+\.\.' "ASCII: the frame is drawn with + and ."
quit

fresh
launch 80 24 "$CK_BIN" --lessons "$FIX"
wait_for 'lessons done'; ok $? "the menu"
unlike "$(screen)" 'Drills' "a class without drills of its own has no drills row"
keys G; settle; keys Up; settle; keys Enter
wait_for 'skills radar'; ok $? "the radar row (above the certificate) opens the radar"
unlike "$(screen)" 'Hands-on|drills' "a class's radar counts no drills when it has none"
keys Enter
wait_for 'What remains'; ok $? "Enter on the radar: the certificate screen, locked without level 5"
keys Escape; expect 'skills radar'; keys Escape; expect 'lessons done'
keys G; settle; keys Enter
wait_for 'What remains'; ok $? "the last row opens the certificate"
like "$(screen)" 'Level 5, Performance experiment: not taken yet' "it lists what remains"
quit

passed
launch 80 24 "$CK_BIN" --lessons "$FIX" open radar
wait_for 'skills radar'; ok $? "the radar of a learner who passed"
s=$(screen)
like "$s" 'concepts 92%' "concepts 11 of 12 is 92%"
like "$s" 'architecture +75% ' "architecture: quiz 6/8 and gpu-map 3/4"
like "$s" 'Level 5 +88% ✓' "level 5 passed"
quit

passed
launch 60 20 "$CK_BIN" --cert-dir "$CERTS" --lessons "$FIX" open cert
wait_for 'Your name'; ok $? "open cert asks for the name at 60x20"
like "$(screen)" '64 columns\), then *$' "its prompt wraps at a word..."
like "$(screen)" '^  Enter: *$' "... not cut inside one"
keys Escape; settle
quit

passed
launch 80 24 "$CK_BIN" --cert-dir "$CERTS" --lessons "$FIX" open cert
wait_for 'Your name'; ok $? "open cert asks for the name"
keys Enter
wait_for 'The name is empty'; ok $? "an empty name is refused"
keys -l 'Ada Lovelacx'; keys BSpace; keys -l 'e'
wait_for 'Ada Lovelace'; ok $? "typing and Backspace"
keys Enter
wait_for 'Certificate written to'; ok $? "Enter writes the certificate"
f=$(ls "$CERTS"/*.txt 2>/dev/null | head -1)
ok $([ -n "$f" ]; echo $?) "a file in the certificate folder"
like "$(screen)" "$(basename "$f")" "the screen shows its path"
like "$(screen)" 'Name: +Ada Lovelace' "and the certificate"
is "$("$CK_BIN" cert verify "$f")" intact "cert verify: intact"
quit
cp "$f" "$T_TMP/first"
grep -q "path: \"$f\"" "$XDG_STATE_HOME/cudakitchen/progress.yaml"; ok $? "the learner's progress records the file they wrote"

# Another learner of the same checkout (own HOME), passed, same folder.
ann_home=$HOME ann_state=$XDG_STATE_HOME
HOME="$T_TMP/bob" XDG_STATE_HOME="$T_TMP/bob-state"
mkdir -p "$HOME"
passed
launch 80 24 "$CK_BIN" --cert-dir "$CERTS" --lessons "$FIX" open cert
wait_for 'Your name'; ok $? "another learner: asked for their own name..."
unlike "$(screen)" 'Ada Lovelace|Your certificate' "... never shown the first learner's certificate as theirs"
keys Escape; settle
quit
HOME=$ann_home XDG_STATE_HOME=$ann_state

launch 80 24 "$CK_BIN" --cert-dir "$CERTS" --lessons "$FIX" open cert
wait_for 'Your certificate, written [0-9-]+ [0-9:]+ UTC'; ok $? "with one written, the item shows it instead of writing"
like "$(screen)" 'Name: +Ada Lovelace' "the certificate itself"
is "$(ls "$CERTS"/*.txt | wc -l)" 1 "and no file is written by looking"
keys n
wait_for 'Your name'; ok $? "n asks for a name for a second certificate"
keys -l 'Ada Lovelace 张三'
wait_for 'Ada Lovelace 张三'; ok $? "wide characters typed"
keys Enter
wait_for 'Certificate written to'; ok $? "written"
is "$(ls "$CERTS"/*.txt | wc -l)" 2 "a new file, not over the first"
cmp -s "$f" "$T_TMP/first"; ok $? "the first certificate is unchanged"
g=$(ls "$CERTS"/*.txt | grep -v -x -F "$f" | head -1)
like "$g" 'cudakitchen-certificate-ada-lovelace-张三-[0-9-]+\.txt$' "named with the letters of both scripts"
is "$("$CK_BIN" cert verify "$g")" intact "the second one verifies intact"
grep -q 'Ada Lovelace 张三' "$g"; ok $? "with the UTF-8 name"
quit

launch 80 24 "$CK_BIN" --cert-dir "$CERTS" --lang zh --lessons "$FIX" open cert
expect '你的证书（写于 [0-9-]+ [0-9:]+ UTC）'
like "$(screen)" 'Ada Lovelace 张三' "the item now shows the newer one this learner wrote"
quit
echo 'edited' >>"$g"
launch 80 24 "$CK_BIN" --cert-dir "$CERTS" --lessons "$FIX" open cert
expect 'has changed since you wrote it'
like "$(screen)" 'Ada Lovelace 张三' "a changed file is still shown, said to be changed"
quit
rm -f "$g"
launch 60 20 "$CK_BIN" --cert-dir "$CERTS" --lang zh --lessons "$FIX" open cert
expect '已不在'
like "$(flat)" '输入姓名即可重新生成一份' "gone: the learner is asked for a name to write a new one"
unlike "$(screen)" 'Ada Lovelace' "and no other file is shown in its place"
keys Escape; settle
quit
done_testing
