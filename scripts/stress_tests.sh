#!/usr/bin/env bash
# stress_tests.sh [RUNS]: `make test` RUNS times (20 by default), its scripts
# in parallel as always, beside a CPU and disk hog (stress-ng when installed:
# a CPU worker per core and a disk writer; else `yes` per core and a dd
# loop).  Stops at the first failing run and keeps that run's log.  Not part
# of `make test`: it takes a while.  The check that the suite waits for what
# it expects instead of guessing how long things take (tests/README.md).
#
#   scripts/stress_tests.sh            20 runs, make test's TEST_JOBS
#   scripts/stress_tests.sh 5          5 runs
#   TEST_JOBS=8 CK_TEST_SLOW=2 scripts/stress_tests.sh
set -u
cd "$(dirname "$0")/.." || exit 1
runs=${1:-20}
cores=$(nproc 2>/dev/null || echo 1)
dir=$(mktemp -d "${TMPDIR:-/tmp}/ck-stress.XXXXXX")
hogs=()
stop_hogs() {
	local p
	for p in "${hogs[@]}"; do kill "$p" 2>/dev/null; done
	for p in "${hogs[@]}"; do wait "$p" 2>/dev/null; done
	rm -rf "$dir/hog"
}
trap 'stop_hogs' EXIT
trap 'exit 130' INT TERM

make -s -j"$cores" all >/dev/null || { echo "stress_tests: make failed"; exit 1; }
mkdir -p "$dir/hog"
if command -v stress-ng >/dev/null; then
	echo "stress_tests: stress-ng --cpu $cores --hdd 1 beside the suite"
	stress-ng --cpu "$cores" --hdd 1 --hdd-bytes 256M --temp-path "$dir/hog" --quiet &
	hogs+=($!)
else
	echo "stress_tests: $cores x yes and a dd loop beside the suite"
	for ((i = 0; i < cores; i++)); do yes >/dev/null & hogs+=($!); done
	while :; do
		dd if=/dev/zero of="$dir/hog/dd" bs=1M count=256 conv=fsync status=none
		rm -f "$dir/hog/dd"
	done &
	hogs+=($!)
fi

fail=0
for ((r = 1; r <= runs; r++)); do
	log="$dir/run-$r.log"
	start=$(date +%s)
	make -s test PROVE_FLAGS="${PROVE_FLAGS:--v}" >"$log" 2>&1   # -v: a failure's log has its screen
	rc=$?
	summary=$(grep -E '^(Files=|Result:)' "$log" | tr '\n' ' ')
	echo "run $r/$runs: exit $rc, $(($(date +%s) - start)) s  $summary"
	if [ "$rc" != 0 ]; then
		fail=1
		grep -E '^not ok|Failed|Wstat' "$log" | head -30
		echo "stress_tests: run $r failed; its log: $log"
		break
	fi
	rm -f "$log"
done
[ "$fail" = 0 ] && { echo "stress_tests: $runs runs passed under load"; rm -rf "$dir"; }
exit "$fail"
