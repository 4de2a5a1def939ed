#!/usr/bin/env bash
# ck-test: quick
# The radar and the certificate in Chinese (LANG=zh_CN with no codeset and
# no LC_ALL: Chinese from the variable's text, UTF-8 from C.UTF-8): axis
# labels and panel in Chinese and aligned, the certificate written through
# the TUI in Chinese with the same first line, verified intact by
# `cudakitchen cert verify`.
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
PDIR="$XDG_STATE_HOME/cudakitchen"
CERTS="$T_TMP/certs"
CLASS="$CK_ROOT/tests/fixtures/i18n-class"
mkdir -p "$PDIR"
cp "$CK_ROOT/tests/fixtures/progress/passed-level5.yaml" "$PDIR/progress.yaml" # passed level 5
start 80 24 "env -u LC_ALL -u LC_MESSAGES LANG=zh_CN $CK_BIN --cert-dir '$CERTS' --lessons '$CLASS' open radar"
wait_for "技能雷达图" 5; ok $? "the radar in Chinese"
s=$(screen)
for a in 概念 架构 线程 内存 库 性能; do like "$s" "$a" "axis $a"; done
# the panel: the percentages of the six skills end in one column
cols=$(printf '%s\n' "$s" | grep '[█░]' | while IFS= read -r l; do printf '%s\n' "${l%\%*}" | wc -L; done | sort -u | wc -l)
is "$cols" 1 "the six skill percentages of the panel end in one column"
like "$s" "第 5 关  +88%" "level lines in Chinese"
keys Enter; wait_for "输入证书上显示的姓名" 3; ok $? "Enter opens the certificate's name entry in Chinese"
keys -l '张三'; keys Enter
wait_for "证书已写入" 3; ok $? "the certificate is written"
f=$(ls "$CERTS"/* 2>/dev/null | head -1)
ok "$([ -f "$f" ] && echo 0 || echo 1)" "a certificate file exists"
ok "$(head -1 "$f" | grep -qx 'cudakitchen certificate, format 1'; echo $?)" "its first line is the same as in English"
like "$(cat "$f")" "^姓名： 张三$" "written in Chinese with the learner's name"
like "$(cat "$f")" "^  5  性能实验 +88%  已通过$" "level lines in Chinese"
is "$("$CK_BIN" cert verify "$f")" intact "cert verify: intact"
keys q
done_testing
