#!/usr/bin/env bash
# The demos' checks can fail (CPU only, no CUDA): builds tests/demos/
# test_demo_checks.c with the reduce problem (cpu_reduce.c) and matmul's
# exact check (mm_exact.c) and runs it. It prints its own TAP.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ck-demo-checks.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
if ! ${CC:-cc} -std=c11 -O2 -Wall -Wextra -Werror -pthread \
     -DCK_HAVE_CUDA=0 -I"$root/demos/common" -I"$root/demos/reduce" \
     -I"$root/demos/matmul" -I"$root/tests" \
     -o "$tmp/t" "$root/tests/demos/test_demo_checks.c" \
     "$root/demos/reduce/cpu_reduce.c" "$root/demos/matmul/mm_exact.c" \
     "$root/demos/common/check.c" "$root/demos/common/threads.c" \
     -lm >"$tmp/cc.log" 2>&1; then
    echo "1..1"
    echo "not ok 1 - test_demo_checks builds"
    sed 's/^/# /' "$tmp/cc.log"
    exit 1
fi
"$tmp/t"
