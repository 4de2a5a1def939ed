#!/usr/bin/env bash
# ck-test: quick
# cert verify: exit 0 'intact', 1 'modified' for any changed byte of a
# certificate (body, header, code, or a line gone), 2 'not a certificate'
# (empty, random, binary, a directory, a FIFO), 2 'cannot read' (missing,
# unreadable: "cannot read FILE: reason") and 2 for usage errors.  What
# 'intact' means is said: accidental edits found, deliberate forgery not.
. "$(dirname "$0")/lib.bash"
GOLD="$CK_ROOT/tests/golden/certificate.txt"
D="$T_TMP/c"; mkdir -p "$D"

verify() { # verify FILE -> "rc stdout"
	local out rc
	out=$("$CK_BIN" cert verify "$1" 2>"$T_TMP/err"); rc=$?
	echo "$rc $out"
}
# flip FILE OFFSET: copy with the byte at OFFSET replaced by a different one
flip() {
	local src=$1 off=$2 dst=$D/flip-$2 b
	cp "$src" "$dst"
	b=$(dd if="$src" bs=1 skip="$off" count=1 2>/dev/null)
	if [ "$b" = 0 ]; then b=1; else b=0; fi
	printf '%s' "$b" | dd of="$dst" bs=1 seek="$off" conv=notrunc 2>/dev/null
	echo "$dst"
}

is "$(verify "$GOLD")" "0 intact" "the golden certificate is intact"
like "$(cat "$T_TMP/err")" 'no accidental or careless change.*has no key.*would read intact too' \
	"and stderr says what intact does and does not mean"
# a deliberate forgery: the score edited and the line computed again reads intact
sed 's/  5  Performance experiment      90%/  5  Performance experiment      99%/' "$GOLD" | head -n -1 >"$D/forged"
printf 'verification: sha256:%s\n' "$(sha256sum <"$D/forged" | cut -d' ' -f1)" >>"$D/forged"
is "$(verify "$D/forged")" "0 intact" "a forgery with the line recomputed reads intact: the check is not a signature"
like "$(cat "$GOLD")" 'no secret key' "and the certificate itself says so"
size=$(wc -c <"$GOLD")
name_at=$(grep -bo 'Ada Lovelace' "$GOLD" | head -1 | cut -d: -f1)
score_at=$(grep -bo '92%' "$GOLD" | head -1 | cut -d: -f1)
code_at=$(grep -bo 'sha256:' "$GOLD" | tail -1 | cut -d: -f1)
for off in "$name_at" "$score_at" 40 $((size / 2)) $((code_at - 30)) $((code_at + 7)) $((size - 2)); do
	is "$(verify "$(flip "$GOLD" "$off")")" "1 modified" "one byte changed at offset $off: modified"
done
head -c $((size - 1)) "$GOLD" >"$D/cut"
is "$(verify "$D/cut")" "1 modified" "final newline removed: modified"
sed 's/Ada Lovelace/Ada Lovelacf/' "$GOLD" >"$D/name"
is "$(verify "$D/name")" "1 modified" "name edited with sed: modified"

: >"$D/empty"
is "$(verify "$D/empty")" "2 not a certificate" "empty file: not a certificate"
like "$(cat "$T_TMP/err")" 'not a certificate: no certificate header' "and stderr says why"
head -c 3000 /dev/urandom >"$D/random"
is "$(verify "$D/random")" "2 not a certificate" "random bytes: not a certificate"
is "$(verify "$CK_BIN")" "2 not a certificate" "a binary: not a certificate"
grep -v '^verification:' "$GOLD" >"$D/nocode"
is "$(verify "$D/nocode")" "1 modified" "verification line removed: modified"
tail -n +2 "$GOLD" >"$D/nohead"
is "$(verify "$D/nohead")" "1 modified" "header line removed: modified"
is "$(verify "$D/missing")" "2 cannot read" "missing file: cannot read, exit 2"
like "$(cat "$T_TMP/err")" "cannot read $D/missing: No such file or directory" "and stderr says why"
unlike "$(cat "$T_TMP/err")" 'not a certificate' "without calling it not a certificate"
is "$(verify "$D")" "2 not a certificate" "a directory: not a certificate"
mkfifo "$D/fifo"
is "$(timeout 5 "$CK_BIN" cert verify "$D/fifo" 2>/dev/null; echo "rc $?")" "not a certificate
rc 2" "a FIFO: not a certificate, without waiting"

"$CK_BIN" cert >/dev/null 2>"$T_TMP/err"; is $? 2 "'cert' alone: usage error, exit 2"
like "$(cat "$T_TMP/err")" 'Usage: cudakitchen cert verify FILE' "with the usage on stderr"
"$CK_BIN" cert verify >/dev/null 2>&1; is $? 2 "'cert verify' without FILE: exit 2"
"$CK_BIN" cert verify "$GOLD" "$GOLD" >/dev/null 2>&1; is $? 2 "two files: exit 2"
"$CK_BIN" cert check "$GOLD" >/dev/null 2>&1; is $? 2 "unknown subcommand: exit 2"
out=$("$CK_BIN" cert --help); is $? 0 "'cert --help' exits 0"
like "$out" 'not deliberate forgery' "and says what the check cannot find"
done_testing
