#!/usr/bin/env bash
# ck-test: quick
# The demo registry (demos/demos.h) is the one list of demos: no source
# under src/ names a demo in a string (they name the row's enum,
# CK_DEMO_matmul) nor tests which demo it is; the build makes, and
# `make install` copies, a program for every row; every row is a demo
# 'cudakitchen demo' knows, a block 'open' starts and a 'demo:' lint takes.
# tests/unit/test_demos.c checks each row's screen, presets and sizes.
. "$(dirname "$0")/lib.bash"
cd "$CK_ROOT" || exit 1
unset MAKEFLAGS MFLAGS MAKELEVEL

names=$(sed -n 's/^X(\([a-z0-9_-]*\),.*/\1/p' demos/demos.h)
n=$(printf '%s\n' "$names" | grep -c .)
ok $([ "$n" -ge 7 ]; echo $?) "the registry has its rows ($n)"
alt=$(printf '%s\n' "$names" | paste -sd'|')
# Message texts (i18n_msgs.h) are words the learner reads, not names; a
# word that is also a demo's names it once, in a macro of its own
# (drill_check.h's DRILL_KIND_LAUNCH: a kernel that could not launch).
hits=$(grep -rnE "\"($alt)\"" src/ --include='*.c' --include='*.h' |
	grep -v -e '^src/core/i18n_msgs.h:' -e '^src/core/drill_check.h:.*#define DRILL_KIND_LAUNCH "launch"')
is "$hits" "" "no demo's name is a string in src/ (name its row: demo_name(CK_DEMO_x))"
hits=$(grep -rnE "strcmp\([^)]*\"($alt)\"" src/)
is "$hits" "" "no strcmp on a demo's name in src/"

# The build's names: every row, from the header, before any compiler runs.
made=$(make -Bn -f demos/demos.mk NVCC= BUILD="$T_TMP/b" demos 2>/dev/null |
	sed -n "s|.* -o $T_TMP/b/demos/\([a-z0-9_-]*\) .*|\1|p" | sort)
is "$made" "$(printf '%s\n' "$names" | sort)" "the build links a program for every row"
# a row in a checkout without its folder is left out, not an error
mkdir -p "$T_TMP/tree/demos" && cp -r demos/demos.mk demos/common "$T_TMP/tree/demos/" &&
	sed 's/^X(launch,.*/&\nX(nosuch, bars, MSG_COUNT, "n", "", NULL) \\/' demos/demos.h \
		>"$T_TMP/tree/demos/demos.h"
made=$(cd "$T_TMP/tree" && make -Bn -f demos/demos.mk NVCC= BUILD=b demos 2>/dev/null |
	grep -c -- '-o b/demos/')
is "$made" 0 "a row whose folder is missing builds nothing (here: no demo folders at all)"
inst=$(make -n --no-print-directory NVCC= BUILD="${CK_BUILD#"$CK_ROOT"/}" install DESTDIR="$T_TMP/s" \
	2>/dev/null | sed -n 's/.*for d in \([^;]*\);.*/\1/p')
is "$(printf '%s\n' $inst | sort)" "$(printf '%s\n' "$names" | sort)" "make install copies every row"

err=$("$CK_BIN" demo frobnicate 2>&1 >/dev/null)
help=$("$CK_BIN" --help | tr -s ' \n' ' ')
for d in $names; do
	like "$err" "[ (]$d[,)]" "'cudakitchen demo' knows $d"
	like "$help" "\(gpu-map, tiling,.* $d,.* cert, drills, or a lesson id" "--help lists $d under open ID"
done
mkdir -p "$T_TMP/l/lessons/en"
{
	printf 'id: every-demo\ntitle: Every demo\nsummary: Each registry row.\nminutes: 1\n'
	printf 'analogy: Every station of the kitchen.\npages:\n  - title: Demos\n    body:\n'
	for d in $names; do printf '      - demo: %s\n      - block: %s\n' "$d" "$d"; done
} >"$T_TMP/l/lessons/en/01-every-demo.yaml"
out=$("$CK_BIN" lint "$T_TMP/l/lessons/en" 2>&1); rc=$?
is "$rc" 0 "every row is a demo: and a block: a lesson may name"
[ "$rc" = 0 ] || diag "$out"
done_testing
