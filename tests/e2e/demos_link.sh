#!/usr/bin/env bash
# The demos' host link (demos/common/link.c): builds tests/demos/
# test_demo_link.c against them with the C compiler (no CUDA) and runs it.
# It prints its own TAP.
set -u
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ck-demo-link.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
srcs="args.c check.c device.c report.c threads.c timing.c dl.c link.c"
if ! ${CC:-cc} -std=c11 -Wall -Wextra -Werror -pthread \
     -DCK_HAVE_CUDA=0 -I"$root/demos/common" -I"$root/tests" \
     -o "$tmp/t" "$root/tests/demos/test_demo_link.c" \
     $(for s in $srcs; do printf '%s ' "$root/demos/common/$s"; done) \
     -ldl -lm >"$tmp/cc.log" 2>&1; then
    echo "1..1"
    echo "not ok 1 - test_demo_link builds"
    sed 's/^/# /' "$tmp/cc.log"
    exit 1
fi
"$tmp/t" 2>/dev/null # the refused arguments print their messages
