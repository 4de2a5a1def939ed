#!/usr/bin/env bash
# ck-test: quick
# A translated lesson with fewer pages than its English source: the pages it
# lacks are shown in English, marked （英文） like a whole missing lesson,
# and the lesson is only done after the last of them.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
CLASS="$T_TMP/class"
mkdir -p "$CLASS/lessons/en" "$CLASS/lessons/zh"
cat >"$CLASS/lessons/en/01-alpha.yaml" <<'YAML'
id: alpha
title: Alpha
summary: The first lesson.
minutes: 5
analogy: A kitchen.
pages:
  - title: Page one
    body:
      - text: Alpha one in English.
  - title: Page two
    body:
      - text: Alpha two in English only.
YAML
cat >"$CLASS/lessons/zh/01-alpha.yaml" <<'YAML'
id: alpha
title: 阿尔法
summary: 第一课。
minutes: 5
analogy: 一间厨房。
pages:
  - title: 第一页
    body:
      - text: 第一页的中文。
YAML
launch 80 24 "env -u LC_ALL LANG=zh_CN.UTF-8 $CK_BIN" --lessons "$CLASS" open alpha
wait_for '第一页的中文'; ok $? "the translated page"
like "$(screen | head -1)" '第 1/2 页' "the lesson has English's two pages"
unlike "$(screen | head -1)" '（英文）' "the translated page is not marked"
keys n; wait_for 'Alpha two in English only'; ok $? "the page the translation lacks comes in English"
like "$(screen | head -1)" '（英文） +第 2/2 页' "marked （英文）"
quit
done_testing
