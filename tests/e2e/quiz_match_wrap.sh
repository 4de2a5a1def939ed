#!/usr/bin/env bash
# A matching question at 60 columns in Chinese: a right-hand text too long
# for its row wraps under the right column, never under the left one (a
# left side wider than half the row wraps in its own column).  At 200
# columns the quiz's level list and its rule stop at the menu's readable
# width.
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
CLASS="$T_TMP/class"
mkdir -p "$CLASS/quizzes/en" "$CLASS/quizzes/zh"
cp "$CK_ROOT/tests/fixtures/quiz/class-predict/01-alpha.yaml" "$CLASS/"
cat >"$CLASS/quizzes/en/level1.yaml" <<'YAML'
level: 1
title: "Matching"
summary: "One matching question."
questions:
  - id: parts
    type: match
    prompt: "Match each part to what it does."
    pairs:
      - ["HBM (VRAM)", "large device memory: every cudaMalloc allocation lives here, far from the cores"]
      - ["SM", "runs whole thread blocks, with its own schedulers"]
    skills: [architecture]
    hint: "Memory first."
    hint_cost: 1
    points: 2
    explanation: "HBM holds the data; SMs run the blocks."
YAML
cat >"$CLASS/quizzes/zh/level1.yaml" <<'YAML'
level: 1
title: "配对"
summary: "一道配对题。"
questions:
  - id: parts
    type: match
    prompt: "把每个部件与它的作用配对。"
    pairs:
      - ["HBM（显存）", "大容量设备内存；cudaMalloc 分配的数据都放在这里，离计算核心很远"]
      - ["SM", "运行整个线程块，有自己的调度器"]
    skills: [architecture]
    hint: "先看存储。"
    hint_cost: 1
    points: 2
    explanation: "HBM 存放数据；SM 运行线程块。"
YAML
start 60 20 "env -u LC_ALL LANG=zh_CN.UTF-8 $CK_BIN --lessons '$CLASS' open quiz"
expect "配对"; keys Enter; expect "第 1/1 题|1/1"
s=$(screen)
row=$(printf "%s\n" "$s" | grep -n "大容量" | head -1 | cut -d: -f1)
first=$(printf '%s\n' "$s" | sed -n "${row}p")
next=$(printf '%s\n' "$s" | sed -n "$((row + 1))p")
# the arrow's column, and where the continuation's text starts
arrow=$(printf '%s' "$first" | awk -F'→' '{print $1}' | wc -m)
cont=$(printf '%s' "$next" | sed 's/[^ ].*//' | wc -m)
ok "$([ "$cont" -gt "$arrow" ] && echo 0 || echo 1)" "the wrapped right side starts right of the arrow (arrow at $arrow, text at $cont)"
unlike "$next" '→' "the continuation line is not a new row"
stop

# A left side wider than half the row: it wraps in its own column too, and
# the right side still wraps under the right column
sed -i 's/\["HBM (VRAM)", /["HBM (VRAM), the large memory on the package beside the die", /' "$CLASS/quizzes/en/level1.yaml"
start 60 20 "$CK_BIN --lessons '$CLASS' open quiz"
expect "Matching"; keys Enter; expect "1/1"
s=$(screen)
row=$(printf "%s\n" "$s" | grep -n "HBM" | head -1 | cut -d: -f1)
like "$(printf '%s\n' "$s" | sed -n "$((row + 1))p")" '^ {9}memory on the package +with its' \
	"a long left side wraps under the left column, beside the right side's rest"
row=$(printf "%s\n" "$s" | grep -n " SM .*→" | head -1 | cut -d: -f1)
arrow=$(printf '%s\n' "$s" | sed -n "${row}p" | awk -F'→' '{print $1}' | wc -m)
cont=$(printf '%s\n' "$s" | sed -n "$((row + 1))p" | sed 's/[^ ].*//' | wc -m)
ok "$([ "$cont" -gt "$arrow" ] && echo 0 || echo 1)" "with a long left, the right side still wraps right of the arrow (arrow at $arrow, text at $cont)"
stop

# Seven pairs at 60x20 in English: more rows than fit; the list follows the
# cursor, so every row can be reached and seen
cat >"$CLASS/quizzes/en/level1.yaml" <<'YAML'
level: 1
title: "Matching"
summary: "One matching question."
questions:
  - id: parts
    type: match
    prompt: "Match each part of the GPU to what it does, the whole list of seven parts of the chip."
    pairs:
      - ["HBM (VRAM)", "large device memory: every cudaMalloc allocation lives here"]
      - ["SM", "runs whole thread blocks, with its own schedulers and its own share of the work"]
      - ["CUDA core", "one fused multiply-add per thread per instruction, in every clock"]
      - ["Tensor Core", "a small matrix multiply-accumulate in one operation, many times a clock"]
      - ["shared memory", "on-SM memory your code manages, shared by a block of threads"]
      - ["L2 cache", "the cache all SMs share, between them and the memory"]
      - ["warp scheduler", "picks a ready warp each cycle and issues its next instruction"]
    skills: [architecture]
    hint: "Memory first."
    hint_cost: 1
    points: 2
    explanation: "HBM holds the data; SMs run the blocks."
YAML
start 60 20 "$CK_BIN --lessons '$CLASS' open quiz"
expect "Matching"; keys Enter; expect "question 1/1"
unlike "$(screen)" '^ +> +7 ' "seven long rows do not all fit at 60x20"
expect "^  > +1 "   # the focus starts on row 1, nothing swapped yet
for i in 1 2 3 4 5 6; do keys Down; done; expect '^ +> +7 '
s=$(screen)
like "$s" '^ +> +7 ' "after six Downs the cursor's row 7 is on the screen"
like "$s" '^ +…' "and a … row says rows above are out of view"
for i in 1 2 3 4 5 6; do keys Up; done
wait_for '^ +> +1 '; ok $? "back up, row 1 is on the screen again"
stop
start 200 60 "$CK_BIN --lessons '$CLASS' open quiz"
expect "Level 1"
widths=$(screen | python3 -c '
import sys
rows = sys.stdin.read().split("\n")
rule = next((r.rstrip() for r in rows if r.startswith("\u2500")), "")
lv = [len(r.rstrip()) for r in rows if r.lstrip(" >").startswith("Level ")]
print(len(rule), max(lv) if lv else 0)')
set -- $widths
ok "$([ "$1" -le 105 ] && [ "$1" -ge 90 ] && echo 0 || echo 1)" "200 columns: the rule under the levels stops at the readable width ($1)"
ok "$([ "$2" -le 104 ] && [ "$2" -ge 60 ] && echo 0 || echo 1)" "and so do the level rows (the longest ends at column $2)"
stop
done_testing
