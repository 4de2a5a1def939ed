#!/usr/bin/env bash
# The transfer and streams demos from the outside, without a GPU: help and
# --list from their tables, argument errors (exit 2 with a message), the
# CPU fallbacks (host memcpy sweep; the modelled pipeline) with the
# documented YAML fields, a failed check (exit 3, not timed), tables.
. "$(dirname "$0")/lib.bash"
. "$(dirname "$0")/ladder_lib.bash"
tr="$CK_BUILD/demos/transfer" st="$CK_BUILD/demos/streams"
[ -x "$tr" ] && [ -x "$st" ] || skip_all "no $tr or $st (make demos)"
field() { printf '%s\n' "$2" | sed -n "s/.*[{ ]$1: \\(\"[^\"]*\"\\|[^,}]*\\).*/\\1/p"; }

out=$("$tr" --help); ok $? "transfer --help exits 0"
for o in --max-mib --variants --reps --cpu --quick --format --list --help; do
    like "$out" "^ +$o " "transfer --help documents $o"
done
for d in transfer streams; do
    hdr=$CK_ROOT/demos/$d/$([ $d = transfer ] && echo xfer || echo st)_ladder.h
    rows=$(ladder_rows "$hdr")
    out=$("$CK_BUILD/demos/$d" --list); ok $? "$d --list exits 0"
    like "$rows" . "$d: its ladder header has rows"
    while read -r id rung kind; do
        like "$out" "^$id +$rung +$kind +[^ ]" "$d --list: $id is row $rung of kind $kind"
    done <<<"$rows"
    is "$(printf '%s\n' "$out" | awk '{ print $1 }')" "$(printf '%s\n' "$rows" | awk '{ print $1 }')" \
        "$d --list: every row of the header, in its order"
    is "$(printf '%s\n' "$out" | awk '{ printf "%s ", $2 }')" "$(seq -s ' ' "$(wc -l <<<"$rows")") " \
        "$d --list: the rows numbered 1, 2, 3... by their order in the header"
    unlike "$(grep -E '^ *X\(' "$hdr")" '^ *X\([A-Z0-9_]+, *"[^"]*", *[0-9]' \
        "$d: no row of its header is numbered by hand (step next)"
done
is "$(ladder_rows "$CK_ROOT/demos/streams/st_ladder.h" | wc -l | tr -d ' ')" 16 "streams: 16 rows"

for a in "--frobnicate" "--max-mib 0" "--max-mib 2048" "--max-mib x" "--variants bogus" \
         "--format xml" "--reps 0"; do
    err=$("$tr" $a 2>&1 >/dev/null); rc=$?
    is "$rc" 2 "transfer '$a' exits 2"
    like "$err" "." "transfer '$a' says why"
done
for a in "--chunks 0" "--chunks 33" "--total-mib 0" "--total-mib 5000" "--flops-per-byte -1" \
         "--flops-per-byte" "--reps 22" "--variants pinned-3" "--bogus"; do
    err=$("$st" $a 2>&1 >/dev/null); rc=$?
    is "$rc" 2 "streams '$a' exits 2"
    like "$err" "." "streams '$a' says why"
done

out=$(CUDA_VISIBLE_DEVICES="" "$tr" --format yaml); rc=$?
is "$rc" 0 "transfer without a GPU: exit 0"
unlike "$out" '^[^-]|^-[^ ]|^- [^{]' "transfer: every line starts with '- {'"
dev=$(printf '%s\n' "$out" | head -1)
is "$(field live "$dev")" false "transfer fallback: live false"
like "$(field reason "$dev")" '^"..+"$' "transfer fallback: a reason is given"
is "$(printf '%s\n' "$out" | grep -c 'variant: "cpu-memcpy"')" 7 "fallback: host memcpy at 7 sizes, 4 KiB .. 16 MiB"
line=$(printf '%s\n' "$out" | grep 'bytes: 1048576,')
for f in record format demo variant rung kind label ok checked rel_err ms ms_min ms_max \
         reps gbs pct_of_peak memory direction bytes moved peak peak_gbs; do
    like "$line" "[{ ]$f: " "transfer record has $f"
done
is "$(field checked "$line")" '"checksum"' "transfer: checked by checksum"
is "$(field moved "$line")" 2097152 "host memcpy counts bytes read + written"

out=$(CK_DEMO_CORRUPT=cpu-memcpy "$tr" --cpu --quick --format yaml); rc=$?
is "$rc" 3 "transfer: a spoilt copy exits 3"
line=$(printf '%s\n' "$out" | grep 'bytes: 4096,')
is "$(field ok "$line")" false "the spoilt copy is reported failed"
is "$(field ms "$line")" '~' "a failed copy is not timed"
like "$(field error "$line")" 'checksum' "its error names the checksum"

out=$("$tr" --cpu --quick --format table); rc=$?
is "$rc" 0 "transfer table exits 0"
like "$out" "^variant +4K +16K +64K +256K +1M +4M +16M" "transfer table: sizes as columns"
like "$out" "^cpu-memcpy +[0-9]" "transfer table: the host row"

out=$(CUDA_VISIBLE_DEVICES="" "$st" --format yaml); rc=$?
is "$rc" 0 "streams without a GPU: exit 0"
is "$(printf '%s\n' "$out" | grep -c 'record: "variant"')" 4 "streams fallback: the model at 1, 2, 4, 8 streams"
line=$(printf '%s\n' "$out" | grep 'variant: "model-4"')
for f in ok checked rel_err tol ms memory mode streams chunks chunk_bytes total_bytes \
         flops_per_byte modelled h2d_ms kernel_ms d2h_ms serial_ms ideal_ms speedup \
         pct_of_ideal timeline; do
    like "$line" "[{ ]$f: " "streams record has $f"
done
is "$(field modelled "$line")" true "the CPU rows say they are a model"
like "$line" 'timeline: \[\[0, 0, 0, 0\.000, ' "the timeline starts at chunk 0, stream 0, copy in, 0 ms"
out=$(CK_DEMO_CORRUPT=model "$st" --cpu --format yaml); rc=$?
is "$rc" 3 "streams: a spoilt output exits 3"
like "$out" 'ok: false.*error: "output holds NaN' "streams: the failure says why"
out=$("$st" --cpu --chunks 3 --total-mib 1 --flops-per-byte 0 --format table); rc=$?
is "$rc" 0 "streams table, 3 chunks, a copy kernel: exit 0"
like "$out" "^model-1 +ok " "streams table: the 1-stream model"
like "$out" "3 chunks of 0.33 MiB" "streams table: chunks cut to whole 256-byte pieces"
done_testing
