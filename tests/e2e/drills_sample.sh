#!/usr/bin/env bash
# ck-test: quick
# make test's sample of the drill catalogue on the CPU emulator
# (drills_emu.sh, which make test-long runs on every drill): a drill whose
# kernel needs no race pass (vector-add: wrong values, an out-of-bounds
# index, elements left unwritten) and one with shared memory and a barrier
# (block-reduce: a repeated and a partial sum, a race).  Each reference
# passes, each starter fails, each wrong solution is caught with its words.
# The two drills drills_watch.sh uses: their harnesses are built once, in
# the cache the drill scripts share.
CK_DRILLS="01-vector-add 04-block-reduce" \
    exec bash "$(dirname "$0")/drills_emu.sh"
