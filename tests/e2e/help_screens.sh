#!/usr/bin/env bash
# ? on the demo, devinfo, tiling, gpu-map and quiz screens: the help page
# starts with that screen's own keys (screen.h's help hook), above the
# shared key table.
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
check matmul '^ *r +run the demo again' '^ *\+ - +next / previous size \(stops at' '^ *v +switch between the bars and the roofline' '^ *t +show yours and the recorded'
check devinfo '^ *r +run devinfo again' '^ *t +this machine, or the recorded H200'
check tiling '^ *Space +play / pause' '^ *Left/Right +one step' '^ *m +next mode' '^ *\[ \] \{ \} +n by 1 or by 16' \
	'^ *t T +halve / double the tile' '^ *u +the micro-tile' '^ *s +4 SMs' '^ *r +run the matmul demo' '^ *c +the convolution view'
check gpu-map '^ *Tab Up Down +pick a label' '^ *Enter +take the picked label' '^ *arrows +while carrying' '^ *z v +the whole GPU or one SM'
check quiz '^ *Enter +start or resume a level' '^ *g G +first / last level' '^ *h Tab +show the hint' '^ *Space +tick an option'
check radar '^ *Enter +the certificate: write it once level 5 is passed'
# the shared table leaves out what the screen gives its own meaning: the
# quiz's h, Space and Enter are listed once, with the quiz's meaning
fresh; launch 80 30 "$TREE_BIN" open quiz
ready; keys '?'; expect "help for"; settle
s=$(screen)
is "$(printf '%s\n' "$s" | grep -cE '^ +([^ ]+ )*h( [^ ]+)* {2,}')" 1 "quiz help: one line for h (the hint)"
is "$(printf '%s\n' "$s" | grep -cE '^ +([^ ]+ )*Space( [^ ]+)* {2,}')" 1 "quiz help: one line for Space (tick)"
like "$s" '^ *Left +left / step back' "the shared Left stays, without h"
quit
# the same in Chinese, where the screen calls Space 空格
fresh; launch 80 30 "env -u LC_ALL LANG=zh_CN.UTF-8 $TREE_BIN" open quiz
ready; keys '?'; expect "的帮助"; settle
s=$(screen)
is "$(printf '%s\n' "$s" | grep -cE '^ +([^ ]+ )*(Space|空格)( [^ ]+)* {2,}')" 1 "Chinese quiz help: one line for Space / 空格"
quit
fresh; launch 80 30 "$TREE_BIN" open gpu-map
ready; keys '?'; expect "help for"; settle
s=$(screen)
unlike "$s" '^ *Left( [^ ]+)* {2,}left / step back' "gpu-map help: its arrows claim Left, so the shared Left is gone"
quit
done_testing
