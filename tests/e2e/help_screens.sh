#!/usr/bin/env bash
# ? on the demo, devinfo, tiling, gpu-map and quiz screens: the help page
# lists that screen's keys from its key table (screen.h), those that work
# in its current state, then the global keys.
# ck-test: long (prove starts it first until it has recorded times)
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
. "$(dirname "$0")/gpumap_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
make_tree gpu
add_matmul cpu
check() { # check SCREEN REGEX... : opens SCREEN, presses ?, looks for each line
	local scr=$1; shift
	fresh; launch 80 24 "$TREE_BIN" open "$scr"
	ready; keys '?'
	wait_for "help for"; ok $? "$scr: ? opens the help page"
	settle; local s; s=$(screen)
	for re in "$@"; do like "$s" "$re" "$scr help: /$re/"; done
	unlike "$s" '^ *o +open the interactive block' "$scr help: not the reader's o"
	quit
}
check matmul '^ *r +run the demo again' '^ *\+ = s +the next larger size \(stops at' '^ *- +the next smaller size' \
	'^ *v +switch between the bars and the roofline' '^ *t +show yours and the recorded' 'On this screen' 'Everywhere'
check devinfo '^ *r +run devinfo again' '^ *t +this machine, or the recorded H200'
check tiling '^ *Space +play / pause' '^ *Left h +one step back' '^ *Right l +one step forward' '^ *m +next mode' \
	'^ *\[ +n smaller by 1 \(down to 4\)' '^ *\] +n larger by 1 \(up to 256\)' '^ *\} +n larger by 16' \
	'^ *t +halve the tile' '^ *T +double the tile' '^ *u +the micro-tile.*\(not now:' \
	'^ *r +run the matmul demo' '^ *c +the convolution view'
check gpu-map '^ *Tab Down +pick a label' '^ *Enter Right +take the picked label' '^ *z v +the whole GPU or one SM'
check quiz '^ *Enter Right +start or resume the level' '^ *g Home +the first level' '^ *G End +the last level'
check radar '^ *Enter +the certificate, once the quiz.s last level is passed'
# keys of another state are not listed: no carrying keys before a label is
# taken, no hint or tick in the level list; and nothing from the old shared
# table that does nothing here (Left on the quiz's level list, n on gpu-map)
fresh; launch 80 30 "$TREE_BIN" open quiz
expect 'Level 1'; settle; keys '?'; expect "help for"; settle
s=$(screen)
unlike "$s" 'show the hint' "quiz level list: no hint key"
unlike "$s" 'tick an option' "quiz level list: no Space"
unlike "$s" '^ *Left' "quiz level list: no Left"
quit
fresh; launch 80 30 "$TREE_BIN" open gpu-map
ready; keys '?'; expect "help for"; settle
s=$(screen)
unlike "$s" 'drop the carried label' "gpu-map help: no carrying keys while nothing is carried"
unlike "$s" 'next page' "gpu-map help: no paging"
keys Escape; expect 'pick'
keys Enter; expect 'Carrying'; settle; keys '?'; expect "help for"; settle
s=$(screen)
like "$s" '^ *Enter +drop the carried label' "gpu-map help while carrying: drop"
like "$s" '^ *Esc Backspace +put the carried label back' "gpu-map help while carrying: Esc puts it back"
unlike "$(printf '%s\n' "$s" | sed -n '/Everywhere/,$p')" '^ *Esc' "gpu-map help while carrying: the global Esc is the screen's"
quit
# without a GPU, devinfo's t has nothing to switch to: shown as not
# working, with why, and pressing it says so
make_tree cpu
check devinfo '^ *t +this machine, or the recorded H200 beside it \(not now:'
fresh; launch 80 24 "$TREE_BIN" open devinfo
expect 'Test CPU'; settle; keys t
wait_for 't: without a GPU here'; ok $? "devinfo without a GPU: t says why it does nothing"
quit
# in Chinese, key names that are words are Chinese too
fresh; launch 80 30 "env -u LC_ALL LANG=zh_CN.UTF-8 $TREE_BIN" open quiz
ready; keys '?'; expect "的帮助"; settle
s=$(screen)
like "$s" '^ +上 k +上移' "Chinese help: Up is 上"
unlike "$s" '^ +Up k' "Chinese help: no English Up"
quit
done_testing
