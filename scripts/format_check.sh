#!/bin/sh
# format_check.sh [BASE]: the C, C++ and CUDA lines changed since BASE
# (default HEAD: what is not committed yet) against clang-format 14 and the
# tree's .clang-format files (src/: tabs; demos/, tests/emu, tests/demos:
# four spaces).  Only changed lines are looked at (git clang-format): the
# tree was written by hand before the configuration existed, and about one
# line in twelve differs from it (tables aligned by hand, comments lined
# up), so a whole-file check would fail on every file.  Prints what
# clang-format would change and exits 1, 0 when nothing, 2 without
# clang-format or git.  `make format-check` runs it; `git clang-format`
# makes the changes it shows.
set -u
base=${1:-HEAD}
cf=$(command -v git-clang-format-14 || command -v git-clang-format) || {
	echo "format_check: git-clang-format (clang-format 14) not installed" >&2; exit 2; }
bin=$(command -v clang-format-14 || command -v clang-format) || {
	echo "format_check: clang-format not installed" >&2; exit 2; }
git rev-parse --verify -q "$base^{commit}" >/dev/null || {
	echo "format_check: no commit $base here (a shallow clone?)" >&2; exit 2; }
out=$("$cf" --binary "$bin" --diff --extensions c,h,cc,cu,cuh "$base" 2>&1)
case $out in
"" | "no modified files to format" | "clang-format did not modify any files")
	echo "format_check: the lines changed since $base are formatted"; exit 0 ;;
esac
printf '%s\n' "$out"
echo "format_check: clang-format would change the lines above (changed since $base)" >&2
exit 1
