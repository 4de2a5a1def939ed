#!/bin/sh
# merge.sh FUZZER FOUND CORPUS [SEED_DIR...]: adds to CORPUS the inputs of
# FOUND that reach coverage which CORPUS and the seeds do not, using
# libFuzzer's -merge=1 (which keeps the smallest input for each feature).
# Found inputs over FUZZ_MERGE_MAX bytes (2048) are left out, so the
# committed corpus stays small.  Called by `make fuzz-merge`.
set -eu
fuzzer=$1 found=$2 corpus=$3
shift 3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/ck-merge.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir "$tmp/have"
i=0
for d in "$corpus" "$@"; do
	for f in "$d"/*; do
		[ -f "$f" ] || continue
		i=$((i + 1))
		cp "$f" "$tmp/have/have-$i"
	done
done
mkdir "$tmp/found"
find "$found" -maxdepth 1 -type f -size -"$((${FUZZ_MERGE_MAX:-2048} + 1))"c -exec cp {} "$tmp/found/" \;
"$fuzzer" -merge=1 -timeout=10 "$tmp/have" "$tmp/found" > "$tmp/log" 2>&1 || { tail -20 "$tmp/log"; exit 1; }
mkdir -p "$corpus"
n=0
for f in "$tmp/have"/*; do
	case ${f##*/} in have-*) continue ;; esac
	cp "$f" "$corpus/"
	n=$((n + 1))
done
echo "$corpus: $n new inputs, $(du -sk "$corpus" | cut -f1) KiB"
