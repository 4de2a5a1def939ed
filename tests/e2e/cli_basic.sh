#!/usr/bin/env bash
# ck-test: quick
# The command line without a terminal: help, version, bad options.
. "$(dirname "$0")/lib.bash"

out=$("$CK_BIN" --help); ok $? "--help exits 0"
like "$out" "^Usage: cudakitchen" "--help prints usage on stdout"
# --help names every block 'open' accepts and every demo 'demo' runs, as
# the sources list them (the screens' table and the demo registry).
help=$(printf '%s\n' "$out" | tr -s ' \n' ' ')
demos=$(sed -n 's/^X(\([a-z0-9_-]*\),.*/\1/p' "$CK_ROOT/demos/demos.h")
opens="$(sed -n '/^static const char \*const planned/,/};/p' "$CK_ROOT/src/tui/screens.c" |
	grep -o '"[a-z-]*"' | tr -d '"') $demos"
ok $([ -n "$opens" ] && [ -n "$demos" ]; echo $?) "the lists of blocks and demos are found in the sources"
open_help=$(printf '%s' "$help" | sed 's/.* open ID \(.*\) lint .*/\1/')
demo_help=$(printf '%s' "$help" | sed 's/.* demo NAME \(.*\) cert verify .*/\1/')
for n in $opens; do like "$open_help" "[( ]$n[,)]" "--help lists '$n' under open ID"; done
for n in $demos; do like "$demo_help" "[( ]$n[,)]" "--help lists '$n' under demo NAME"; done
out=$("$CK_BIN" --version); ok $? "--version exits 0"
like "$out" "^cudakitchen [0-9]+\.[0-9]+\.[0-9]+$" "--version prints the version"
err=$("$CK_BIN" --frobnicate 2>&1 >/dev/null); rc=$?
is "$rc" 2 "an unknown option exits 2"
like "$err" "Try 'cudakitchen --help'" "an unknown option points to --help"
err=$("$CK_BIN" frobnicate 2>&1 >/dev/null); rc=$?
is "$rc" 2 "an unknown command exits 2"
err=$("$CK_BIN" --lang fr 2>&1 >/dev/null); rc=$?
is "$rc" 2 "an unknown language exits 2"
err=$("$CK_BIN" open gpu-map --no-mouse 2>&1 >/dev/null); rc=$?
is "$rc" 2 "an option after 'open ID' exits 2"
like "$err" "options go before the command \(cudakitchen --no-mouse open ID\)" "and says where options go"
done_testing
