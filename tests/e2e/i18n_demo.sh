#!/usr/bin/env bash
# A Chinese demo screen keeps no English inside its Chinese sentences: the
# rung labels and the CPU fallback's reason are translated (the demos print
# English; results_label_text / results_reason_text translate the known ones).
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/tui_lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
[ -x "$CK_BUILD/demos/matmul" ] || skip_all "demos not built (make demos)"
fresh
launch 80 24 "env CUDA_VISIBLE_DEVICES= $CK_BIN --lang zh open matmul"
wait_for '你的机器：CPU 后备' 60; ok $? "the Chinese matmul screen, CPU fallback"
s=$(screen | tr -d '\n')
like "$s" 'CPU 朴素，单线程' "the naive CPU rung in Chinese"
like "$s" 'CPU 分块，全部核心' "the blocked CPU rung in Chinese"
unlike "$s" 'CPU naive|CPU blocked|all cores' "no English rung label"
like "$s" '规模 256x256x256（快速）' "a size's note in full-width brackets, no half-width space before them"
like "$s" 'CPU 后备，[0-9x]+：(没有 CUDA|编译时未启用 CUDA|指定了 --cpu)' "the fallback reason in Chinese"
unlike "$s" 'no CUDA|built without|CUDA_VISIBLE_DEVICES is empty' "no English reason inside the Chinese sentence"
like "$s" '时间 +误差 +加速比' "the error column's head in Chinese"
# the recorded H200 run alone, at its end: its TF32 rungs' errors marked
keys t; keys t; keys G; expect '! 标出误差超过'
s=$(screen | tr -d '\n')
like "$s" '! 标出误差超过 cuBLAS[^两]*两倍（[0-9]e-[0-9]+，同一规模）的行' "what the mark means, in Chinese"
like "$s" ' [0-9]e-[0-9]+! ' "and a marked error"
quit
done_testing
