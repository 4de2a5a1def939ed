#!/usr/bin/env bash
# Running out of host memory exits 5 in every demo, with a message, whatever
# was being allocated (demos/common/ck.h, demos/README.md): each demo runs
# under a small address-space limit (ulimit -v) at a size that cannot fit.
. "$(dirname "$0")/lib.bash"
mm="$CK_BUILD/demos/matmul" conv="$CK_BUILD/demos/conv"
[ -x "$mm" ] && [ -x "$conv" ] || skip_all "no demos (make demos)"

out=$( (ulimit -v 40000; "$mm" --cpu --size 2048 --variants cpu-blocked --reps 1 --format yaml) 2>&1); rc=$?
is "$rc" 5 "matmul: out of host memory exits 5"
like "$out" 'error: "out of host memory"' "matmul: the record says why"

out=$( (ulimit -v 300000; "$conv" --cpu --n 16 --c 64 --h 512 --w 512 --k 4 --format yaml) 2>&1); rc=$?
is "$rc" 5 "conv: out of host memory exits 5"
like "$out" 'conv: out of host memory' "conv: it says why on stderr"

rd="$CK_BUILD/demos/reduce" ln="$CK_BUILD/demos/launch"
if [ -x "$rd" ] && [ -x "$ln" ]; then
    out=$( (ulimit -v 200000; "$rd" --cpu --n 1000000000 --format yaml) 2>&1); rc=$?
    is "$rc" 5 "reduce: out of host memory exits 5"
    like "$out" 'reduce: out of host memory' "reduce: it says why on stderr"
    out=$( (ulimit -v 200000; "$ln" --cpu --n 1000000000 --format yaml) 2>&1); rc=$?
    is "$rc" 5 "launch: out of host memory exits 5"
    like "$out" 'error: "out of host memory"' "launch: the record says why"
fi
xf="$CK_BUILD/demos/transfer" st="$CK_BUILD/demos/streams"
if [ -x "$xf" ] && [ -x "$st" ]; then
    # 1.5 GB: one 1 GiB buffer fits, the second does not (a half-made pair
    # was kept and the next size wrote through NULL); 100 MB: neither fits
    for lim in 1500000 100000; do
        out=$( (ulimit -v $lim; "$xf" --cpu --max-mib 1024 --format yaml) 2>&1); rc=$?
        is "$rc" 5 "transfer under a $lim KiB limit: out of host memory exits 5"
        like "$out" 'transfer: out of host memory \(2147483648 bytes\)' "transfer ($lim KiB): it says why and how much"
        like "$out" 'error: "out of host memory \(2147483648 bytes\)"' "transfer ($lim KiB): the record says why"
    done
    out=$( (ulimit -v 600000; "$st" --cpu --total-mib 1024 --format yaml) 2>&1); rc=$?
    is "$rc" 5 "streams: no room for the input, exits 5"
    like "$out" 'streams: out of host memory \(1073741824 bytes\)' "streams: it says why (the input)"
    out=$( (ulimit -v 600000; "$st" --cpu --total-mib 256 --format yaml) 2>&1); rc=$?
    is "$rc" 5 "streams: no room for the model's buffers, exits 5"
    like "$out" 'streams: out of host memory \(805306368 bytes\)' "streams: it says why (the model's buffers)"
fi
for d in "$mm" "$conv" $rd $ln $xf $st; do
    like "$("$d" --help)" '5 out of host memory' "$(basename "$d") --help documents exit 5"
done
done_testing
