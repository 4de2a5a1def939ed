#!/usr/bin/env bash
# Which course is running is on screen: a class (--lessons DIR) is named in
# the menu's title, the built-in course is not renamed; and the menu shows
# the selected lesson's required `analogy` after its summary.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
c="$T_TMP/my-class"
mkdir -p "$c/lessons/en"
cp "$FIX"/0[12]-*.yaml "$c/lessons/en/"
for size in "80 24" "60 20" "200 60"; do
	set -- $size
	fresh; launch "$1" "$2" "$CK_BIN" --lessons "$c"
	wait_for 'lessons done'; ok $? "$1x$2: the class's menu"
	like "$(screen | head -1)" '^ cudakitchen: lessons of my-class ' "$1x$2: the title names the class"
	like "$(screen | tr -s ' \n' ' ')" 'Kitchen: The pantry is the shared memory of a station' \
		"$1x$2: the first lesson's analogy is shown after its summary"
	quit
done
cat >"$c/lessons/en/03-copies.yaml" <<'EOF'
id: copies
title: Copies in our lab
summary: How fast data moves.
minutes: 1
analogy: Copies are deliveries.
pages:
  - title: Measure it
    body:
      - text: Run the copy demo.
      - demo: transfer
EOF
fresh; launch 80 24 "$CK_BIN" --lessons "$c" open copies
expect 'Measure it'
keys o
expect 'Copies in our lab: copy bandwidth'
unlike "$(screen | head -1)" 'Moving ingredients' "a class lesson's demo: not titled after a built-in lesson"
back_to 'Measure it'; ok $? "Esc back to the lesson (a running demo is cancelled first)"
quit
fresh; launch 60 20 "$CK_BIN" --lessons "$c" --lang zh open transfer
expect '按内存类型和大小的拷贝带宽'
unlike "$(screen | head -1)" '搬运食材' "zh, opened by name in a class: titled by what it shows"
keys Escape; t_poll '已取消|已完成' 40   # a run still going is cancelled first
quit
fresh; launch 80 24 "$CK_BIN"
wait_for 'lessons done'; ok $? "the built-in course"
like "$(screen | head -1)" '^ cudakitchen: lessons +[0-9]+/[0-9]+ lessons done' "is titled as before"
quit
done_testing
