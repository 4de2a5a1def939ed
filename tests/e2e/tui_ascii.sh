#!/usr/bin/env bash
# --ascii: lesson text is transliterated where it is drawn (· -> ., × -> x,
# ² -> ^2 ...), anything else non-ASCII is '?', and the wrapped lines fit
# because they were measured after transliteration.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
nonascii() { screen | LC_ALL=C grep -c '[^ -~]'; }

launch 80 24 "$CK_BIN" --ascii open matmul-from-scratch
wait_for 'page 1/'; ok $? "lesson 8 opens with --ascii"
s=$(screen)
like "$s" 'That is M\.N outputs' "the middle dot is a full stop"
like "$s" '2\.M\.N\.K FLOP' "in every place"
is "$(nonascii)" 0 "no line on the screen holds a non-ASCII character"
over=$(screen | awk 'length($0) > 80' | wc -l)
is "$over" 0 "no line is wider than the terminal"
keys n; expect 'page 2/'; settle
is "$(nonascii)" 0 "page 2 too"
quit

# Chinese with --ascii cannot be written: the course comes in English, in
# ASCII, and the status line says why (not a screen of '?').
fresh
launch 80 24 "$CK_BIN" --ascii --lang zh
expect 'cudakitchen'; ready
is "$(nonascii)" 0 "Chinese asked for under --ascii: only ASCII is drawn"
like "$(screen)" "The kitchen" "the lessons in English"
like "$(screen | tail -2 | tr '\n' ' ')" "Chinese needs a UTF-8 terminal without --ascii: shown in English" \
	"and the status line says why"
unlike "$(screen)" '\?\?\?' "no run of '?' where Chinese would be"
quit
done_testing
