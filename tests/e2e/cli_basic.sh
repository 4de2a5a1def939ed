#!/usr/bin/env bash
# The command line without a terminal: help, version, bad options.
. "$(dirname "$0")/lib.bash"

out=$("$CK_BIN" --help); ok $? "--help exits 0"
like "$out" "^Usage: cudakitchen" "--help prints usage on stdout"
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
