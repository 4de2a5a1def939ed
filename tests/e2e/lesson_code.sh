#!/usr/bin/env bash
# Every C/CUDA code block of the built-in lessons (lessons/en, lessons/zh)
# compiles with nvcc -cuda (lesson_code.py says which blocks are code and how
# fragments are compiled; lessons/README.md documents it for authors).  One
# test per lesson file; an error names the lesson file and line.  First a
# small class of its own shows that a wrong block fails at its own line and
# that shell sessions and formulas are left alone.  Skipped without nvcc.
# ck-test: long (prove starts it first until it has recorded times)
. "$(dirname "$0")/lib.bash"
NVCC=${NVCC:-$(command -v nvcc || { test -x /usr/local/cuda/bin/nvcc && echo /usr/local/cuda/bin/nvcc; })}
[ -n "$NVCC" ] || skip_all "nvcc not found (set NVCC=...)"
command -v python3 >/dev/null || skip_all "python3 not installed"
python3 -c 'import yaml' 2>/dev/null || skip_all "python3 has no PyYAML"
PY="$CK_ROOT/tests/e2e/lesson_code.py"
printf '#include <cudnn.h>\n' >"$T_TMP/probe.cu"
if "$NVCC" -E "$T_TMP/probe.cu" -o "$T_TMP/probe.ii" 2>/dev/null; then   # found: all it asks
	export CK_HAVE_CUDNN=1
else
	export CK_HAVE_CUDNN=0
	echo "# no cudnn.h for $NVCC: blocks that name cuDNN are not compiled"
fi
printf '#include <nccl.h>\n' >"$T_TMP/probe-nccl.cu"
if "$NVCC" -E "$T_TMP/probe-nccl.cu" -o "$T_TMP/probe-nccl.ii" 2>/dev/null; then
	export CK_HAVE_NCCL=1
else   # NCCL is not part of the toolkit: often it is not installed
	export CK_HAVE_NCCL=0
	echo "# no nccl.h for $NVCC: blocks that include it are not compiled"
fi

# report OUTPUT: the script's ok/not ok lines as this test's TAP
report() {
	while IFS= read -r line; do
		case "$line" in
		"ok - "*) ok 0 "${line#ok - }" ;;
		"not ok - "*) ok 1 "${line#not ok - }" ;;
		*) echo "$line" ;;
		esac
	done <<<"$1"
}

# A class of one lesson: a shell session, a formula, a fragment that uses
# the shared names, and a kernel launched with a name nobody declared.
mkdir -p "$T_TMP/class/lessons/en"
cat >"$T_TMP/class/lessons/en/01-broken.yaml" <<'EOF'
id: broken
title: A lesson with one wrong block
summary: For the code-block test.
minutes: 1
analogy: A recipe with a typo.
pages:
  - title: Page
    body:
      - code: |
          $ nvcc app.cu -o app; ./app
      - code: |
          GFLOP/s = 2 * M * N * K / (seconds * 1e9)
      - code: |
          cudaMemcpy(dA, hA, bytesA, cudaMemcpyHostToDevice);
      - code: |
          __global__ void twice(float *x) { x[threadIdx.x] *= 2.0f; }
          twice<<<1, 32>>>(dA);
          twice<<<1, 32>>>(not_declared_anywhere);
EOF
# A second lesson that includes a system header of its own: the two are
# compiled as one unit (its #include first, outside the namespaces), and
# when that unit fails each is compiled alone, so the error still names
# the broken lesson and the other passes.
cat >"$T_TMP/class/lessons/en/02-vector.yaml" <<'EOF'
id: vector
title: A lesson with its own include
summary: For the code-block test.
minutes: 1
analogy: A recipe that brings its own pan.
pages:
  - title: Page
    body:
      - code: |
          #include <vector>
          std::vector<float> h(1024);
          cudaMemcpy(dA, h.data(), h.size() * sizeof(float), cudaMemcpyHostToDevice);
EOF
out=$(cd "$T_TMP/class" && python3 "$PY" "$NVCC" "$T_TMP/work-class" lessons/en 2>&1)
is "$?" 1 "a lesson with a wrong block fails"
like "$(cat "$T_TMP/work-class/shared-lessons.cu")" '^#include "[^"]*lesson_code_prelude\.h"
#line 11 "lessons/en/02-vector\.yaml"
#include <vector>' "the lessons share one unit, their own #include lines first"
like "$out" 'ok - 02-vector\.yaml: 1 code block compile' "the other lesson of the unit passes alone"
like "$out" 'lessons/en/01-broken\.yaml\(18\): error: identifier "not_declared_anywhere" is undefined' \
	"the error names the lesson file and the block's line"
unlike "$out" '01-broken\.yaml\((10|12|14|16|17)\)' "the other blocks compile or are left alone"
like "$out" '3 compiled, 2 shell or formula' "shell sessions and formulas are counted, not compiled"

# Python blocks (CuPy, Triton) are checked for syntax, not given to nvcc,
# and a syntax error fails at its line.
mkdir -p "$T_TMP/py/lessons/en"
cat >"$T_TMP/py/lessons/en/01-python.yaml" <<'EOF'
id: python
title: A lesson with Python blocks
summary: For the code-block test.
minutes: 1
analogy: A recipe in another language.
pages:
  - title: Page
    body:
      - code: |
          import cupy as cp
          x = cp.arange(8); y = x * 2
      - code: |
          from triton import language as tl
          def f(x):
              return tl.maximum(x, 0.0;
EOF
out=$(cd "$T_TMP/py" && python3 "$PY" "$NVCC" "$T_TMP/work-py" lessons/en 2>&1)
is "$?" 1 "a Python block with a syntax error fails"
like "$out" 'not ok - 01-python\.yaml: Python block \(lessons/en/01-python\.yaml:15: ' \
	"at the lesson file and line"
like "$out" '0 compiled, .*2 Python checked' "Python blocks are checked, not compiled"

# The course.  The cudnn_frontend graph of lesson 10 is compiled when
# CK_CUDNN_FRONTEND_INCLUDE names the library's include directory.
[ -n "${CK_CUDNN_FRONTEND_INCLUDE:-}" ] ||
	echo "# CK_CUDNN_FRONTEND_INCLUDE not set: blocks using cudnn_frontend are not compiled"
out=$(cd "$CK_ROOT" && python3 "$PY" "$NVCC" "$T_TMP/work" lessons/en lessons/zh 2>&1)
report "$out"
like "$out" '^ok - 08-matmul-from-scratch\.yaml' "the matmul lesson's kernels are among them"
done_testing
