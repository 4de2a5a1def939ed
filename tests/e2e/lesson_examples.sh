#!/usr/bin/env bash
# Lesson 15's example programs (demos/scripts/lesson15/, the lesson's own
# code: test_lesson_examples checks that) and lesson 19's bank-conflict
# kernels (demos/scripts/lesson19/banks.cu) compile with nvcc when it is
# present, and demos/scripts/profile.sh, which runs them under
# compute-sanitizer and ncu and profiles the matmul demo on a GPU machine, reports
# every missing tool as skipped and exits 0 on a machine with none.
# ck-test: long (prove starts it first until it has recorded times)
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
NVCC=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
if [ -n "$NVCC" ]; then
    for f in demos/scripts/lesson15/*.cu demos/scripts/lesson19/*.cu; do
        "$NVCC" -lineinfo -gencode arch=compute_90,code=sm_90 -o "$T_TMP/x" "$f" \
            >"$T_TMP/nvcc.log" 2>&1
        ok $? "nvcc builds $f"
        [ -s "$T_TMP/nvcc.log" ] && sed 's/^/#   /' "$T_TMP/nvcc.log" | head -20
    done
else
    echo "ok 1 # SKIP no nvcc: lessons 15 and 19's examples not compiled"
    T_N=1
fi

# No tools at all: every step skipped, exit 0, a table of twelve rows.
out=$(PATH=/usr/bin:/bin CUDA_HOME="$T_TMP/none" sh demos/scripts/profile.sh "$T_TMP/bin" 2>&1)
ok $? "profile.sh without tools exits 0"
is "$(printf '%s\n' "$out" | grep -c ' skipped ')" 12 "and reports its twelve steps as skipped"
unlike "$out" 'FAIL' "and fails none"
[ -s "$T_TMP/bin/profile/summary.txt" ]
ok $? "the table is kept in BIN_DIR/profile/summary.txt"
done_testing
