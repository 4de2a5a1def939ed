#!/usr/bin/env bash
# A matching question at 60 columns in Chinese: a right-hand text too long
# for its row wraps under the right column, never under the left one.
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
wait_for "配对" 5; keys Enter; wait_for "第 1/1 题|1/1" 5
s=$(screen)
row=$(printf "%s\n" "$s" | grep -n "大容量" | head -1 | cut -d: -f1)
first=$(printf '%s\n' "$s" | sed -n "${row}p")
next=$(printf '%s\n' "$s" | sed -n "$((row + 1))p")
# the arrow's column, and where the continuation's text starts
arrow=$(printf '%s' "$first" | awk -F'→' '{print $1}' | wc -m)
cont=$(printf '%s' "$next" | sed 's/[^ ].*//' | wc -m)
ok "$([ "$cont" -gt "$arrow" ] && echo 0 || echo 1)" "the wrapped right side starts right of the arrow (arrow at $arrow, text at $cont)"
unlike "$next" '→' "the continuation line is not a new row"
keys q; sleep 0.3
done_testing
