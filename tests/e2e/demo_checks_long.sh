#!/bin/sh
# ck-test: long
# The demos' checks at the benchmark's size: a reduce returning 0, or the
# sum of half its input, fails at N = 2^28 (tests/demos/test_demo_checks.c,
# which make test runs at 2^22; this is its TAP).
bin=${CK_BUILD:?}/tests/demos/test_demo_checks
[ -x "$bin" ] || { echo "1..0 # SKIP no $bin (make test-long builds it)"; exit 0; }
exec "$bin" 28
