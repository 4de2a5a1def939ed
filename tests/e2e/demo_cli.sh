#!/usr/bin/env bash
# `cudakitchen demo NAME [ARGS...]`: the fixed demo table, a missing program,
# arguments and exit codes passed through (with a stand-in demo), then the
# real CPU matmul demo when it is built.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"

err=$("$CK_BIN" demo frobnicate 2>&1 >/dev/null); rc=$?
is "$rc" 2 "an unknown demo exits 2"
demos=$(sed -n 's/^X(\([a-z0-9_-]*\),.*/\1/p' "$CK_ROOT/demos/demos.h" | paste -sd, | sed 's/,/, /g')
like "$err" "unknown demo 'frobnicate' \(one of: matmul, conv, devinfo, transfer, streams, reduce, launch" "an unknown demo lists the demos"
like "$err" "\(one of: $demos\)" "every row of the registry, in its order"
err=$("$CK_BIN" demo $'\e[31mred\e]0;t\a' 2>&1 >/dev/null); rc=$?
is "$rc" 2 "an unknown demo with escapes exits 2"
ok "$(case "$err" in *$'\e'*|*$'\a'*) echo 1;; *) echo 0;; esac)" "and is echoed without ESC or BEL"
err=$("$CK_BIN" demo ../../bin/sh 2>&1 >/dev/null); rc=$?
is "$rc" 2 "a path is not a demo"
err=$("$CK_BIN" demo 2>&1 >/dev/null); rc=$?
is "$rc" 2 "demo without a name exits 2"
like "$err" "Usage: cudakitchen demo NAME" "demo without a name shows the usage"

# A copy of the binary in a checkout-shaped tree finds its demos in build/demos.
ck="$T_TMP/ck"
mkdir -p "$ck/build" "$ck/lessons/en"
touch "$ck/Makefile"
cp "$CK_BIN" "$ck/build/cudakitchen"
err=$("$ck/build/cudakitchen" demo matmul 2>&1 >/dev/null); rc=$?
is "$rc" 2 "a missing demo program exits 2"
like "$err" "no demo program at $ck/build/demos/matmul; build the demos with 'make demos'" \
	"a missing demo program names the path and 'make demos'"

mkdir -p "$ck/build/demos"
cat > "$ck/build/demos/matmul" <<'STUB'
#!/bin/sh
for a in "$@"; do printf 'arg[%s]\n' "$a"; done
if read -r x; then echo "stdin had data"; fi
exit "${STUB_EXIT:-0}"
STUB
chmod +x "$ck/build/demos/matmul"
out=$("$ck/build/cudakitchen" demo matmul --size 7 'two words' </dev/zero); rc=$?
is "$rc" 0 "the demo's exit status 0 is ours"
is "$out" "$(printf 'arg[--format]\narg[table]\narg[--size]\narg[7]\narg[two words]')" \
	"arguments reach the demo verbatim, after --format table"
out=$("$ck/build/cudakitchen" demo matmul --format yaml); rc=$?
is "$out" "$(printf 'arg[--format]\narg[yaml]')" "a --format of the learner's is kept alone"
for code in 2 3 4; do
	STUB_EXIT=$code "$ck/build/cudakitchen" demo matmul >/dev/null; rc=$?
	is "$rc" "$code" "the demo's exit status $code is ours"
done

demo="$CK_BUILD/demos/matmul"
if [ -x "$demo" ]; then
	out=$("$CK_BIN" demo matmul --quick --cpu); rc=$?
	is "$rc" 0 "demo matmul --quick --cpu exits 0"
	like "$out" "variant +kind .*GFLOP/s" "it prints the table header"
	like "$out" "$(ladder_id "$CK_ROOT/demos/matmul/mm_ladder.h" CPU_NAIVE) +cpu +ok" "it prints the CPU naive row"
	unlike "$out" "record:" "no YAML in the table"
	out=$("$CK_BIN" demo matmul --format yaml --quick --cpu); rc=$?
	is "$rc" 0 "demo matmul --format yaml exits 0"
	bad=$(printf '%s\n' "$out" | grep -cv '^- {record: "\(device\|variant\)"')
	is "$bad" 0 "every YAML line is a device or variant record (parsed in test_results)"
	"$CK_BIN" demo matmul --frobnicate >/dev/null 2>&1; rc=$?
	is "$rc" 2 "a bad demo argument exits 2 (the demo's status)"
else
	ok 0 "# SKIP $demo not built"
fi
if [ -x "$CK_BUILD/demos/reduce" ] && [ -x "$CK_BUILD/demos/launch" ]; then
	out=$("$CK_BIN" demo reduce --cpu --n 31 --reps 1); rc=$?
	is "$rc" 0 "demo reduce --cpu exits 0"
	like "$out" "variant +kind .*GB/s +% lib +% HBM" "reduce prints the harness table, by bytes (GB/s, % HBM)"
	like "$out" "$(ladder_id "$CK_ROOT/demos/reduce/reduce_ladder.h" CPU_THREADS) +cpu +ok" "and the CPU rows"
	out=$("$CK_BIN" demo launch --cpu --n 31 --reps 1); rc=$?
	is "$rc" 0 "demo launch --cpu exits 0"
	like "$out" "$(ladder_id "$CK_ROOT/demos/launch/launch_ladder.h" CPU_NAIVE) +cpu +ok" "launch prints its CPU rows"
	"$CK_BIN" demo reduce --n 0 >/dev/null 2>&1; rc=$?
	is "$rc" 2 "demo reduce --n 0 exits 2 (the demo's status)"
else
	ok 0 "# SKIP reduce or launch not built"
fi
done_testing
