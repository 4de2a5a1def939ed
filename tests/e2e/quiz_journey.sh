#!/usr/bin/env bash
# The whole learner journey in tmux at 80x24 with the built-in quiz
# (quizzes/en/level1..5.yaml): a scripted learner reads each question on the
# screen, finds it in the YAML by its prompt and answers it right with keys,
# finding rows by their text (order is shuffled per attempt).  Level 5's
# predictions are answered from what the screen will judge against: the
# recorded H200 results (demos/results/h200.yaml) or the CPU run of the demo.
# Quitting in the middle of level 3 resumes at the same question.  After
# level 5 the certificate is written and `cert verify` finds it intact; the
# radar shows all six axes with scores.
# ck-test: long (prove starts it first until it has recorded times)
. "$(dirname "$0")/lib.bash"
command -v tmux >/dev/null || skip_all "tmux not installed"
command -v python3 >/dev/null || skip_all "python3 not installed"
# the interpreter itself, not a version manager's shim (one start per question)
PYTHON=$(python3 -c 'import sys; print(sys.executable)')
"$PYTHON" -c 'import yaml' 2>/dev/null || skip_all "python3 has no PyYAML"
[ -x "$CK_BUILD/demos/matmul" ] && [ -x "$CK_BUILD/demos/conv" ] || skip_all "demos not built (make demos)"
QZ="$CK_ROOT/quizzes/en"
CERTS="$T_TMP/certs"
PY="$T_TMP/answer.py"

# The demos' CPU runs, as the quiz screen runs them, for live-measured values.
"$CK_BUILD/demos/matmul" --format yaml >"$T_TMP/live-matmul.yaml" 2>/dev/null
"$CK_BUILD/demos/conv" --format yaml >"$T_TMP/live-conv.yaml" 2>/dev/null

# answer.py LEVEL < SCREEN: prints "ID <id> <type>", then the keys that answer
# the question on the screen right: "K <tmux key>..." or "L <literal text>".
cat >"$PY" <<'PYEOF'
import re, sys, yaml
yload = lambda f: yaml.load(f, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))  # libyaml's, when built
root, level = sys.argv[1], sys.argv[2]
qs = yload(open(f"{root}/quizzes/en/level{level}.yaml", encoding="utf-8"))["questions"]
screen = sys.stdin.buffer.read().decode("utf-8", "replace").split("\n")
flat = lambda s: re.sub(r"\s+", "", str(s))

whole = flat("".join(screen[1:]))  # below the title
q = max((q for q in qs if flat(q["prompt"]) in whole), key=lambda q: len(flat(q["prompt"])))

# The rows: between the instruction (ends "Enter." / "submit." / "measures.") and the hint.
end = next(i for i, l in enumerate(screen) if l.strip().startswith("Hint"))
start = max(i for i in range(end) if re.search(r"(Enter|submit|submits|measures|follows)\.\s*$", screen[i]))
rows = flat("".join(screen[start + 1:end]))

def order_of(texts):
    """Screen row of each text (indexes into texts), found longest first."""
    r, pos = rows, {}
    for i in sorted(range(len(texts)), key=lambda i: -len(flat(texts[i]))):
        t = flat(texts[i]); p = r.find(t)
        if p < 0: sys.exit(f"row not found on screen: {texts[i]}")
        pos[i] = p; r = r[:p] + "\0" * len(t) + r[p + len(t):]
    return sorted(pos, key=pos.get)            # row -> text index

def measure(q):
    def load(path):
        try: return [r for r in yload(open(path)) or [] if r.get("record") == "variant"]
        except Exception: return []
    def value(recs):
        # as src/core/quiz_measure.c reads them: the first timed record of
        # each variant (a demo may record a variant at two sizes)
        timed = lambda r: r.get("ok") and (r.get("ms") or 0) > 0
        recs = [r for r in recs if r["demo"] == q["demo"] and timed(r)]
        v = {}
        for r in recs: v.setdefault(r["variant"], r)
        def var(i):
            if i == "hand-best":
                h = [r for r in v.values() if r["kind"] == "hand" and r.get("gflops")]
                return max(h, key=lambda r: r["gflops"]) if h else None
            if i == "library":
                return next((r for r in v.values() if r.get("baseline")), None)
            return v.get(i)
        pos = lambda x: x is not None and x > 0
        m = q["measure"]
        if m == "tf32-rel-err": m = "rel-err:cublas-tf32"
        if m == "tf32-speedup": m = "speedup:cublas-tf32/cublas"
        kind, _, arg = m.partition(":")
        if kind == "speedup":
            a, b = (var(x) for x in arg.split("/"))
            if not (a and b): return None
            if pos(a.get("gflops")) and pos(b.get("gflops")): return a["gflops"] / b["gflops"]
            return b["ms"] / a["ms"]
        if kind in ("pct-of-library", "rel-err", "gflops", "pct-of-hbm", "pct-of-ideal"):
            r = var(arg); f = kind.replace("-", "_").replace("rel_err", "rel_err")
            return r.get(f) if r else None
        if kind == "gbs-ratio":
            ids, _, size = arg.partition("@")
            nbytes = int(size[:-1]) * 1024 ** "KMG".index(size[-1]) * 1024
            at = lambda i: next((r for r in recs if r["variant"] == i and r.get("bytes") == nbytes
                                 and pos(r.get("gbs"))), None)
            a, b = (at(x) for x in ids.split("/"))
            return a["gbs"] / b["gbs"] if a and b else None
        if kind == "half-plateau":
            rs = [r for r in recs if r["variant"] == arg and pos(r.get("gbs"))]
            if not rs: return None
            top = max(rs, key=lambda r: r["bytes"])
            first = min((r for r in rs if r["gbs"] >= top["gbs"] / 2), key=lambda r: r["bytes"])
            return first["bytes"] / 1024 if top["bytes"] >= 1 << 24 else None
        if kind == "fastest-cudnn-algo":
            lib = [r for r in recs if r["kind"] == "library" and r["variant"].startswith("cudnn-")
                   and r["variant"] != "cudnn-default"]
            return min(lib, key=lambda r: r["ms"])["variant"][6:] if lib else None
        if kind == "fastest-hand":
            offered = {x for c in q.get("choices", []) for x in c["values"]}
            h = [r for r in recs if r["kind"] == "hand" and r["variant"] in offered
                 and r.get("precision") in (None, "", "fp32")]
            return min(h, key=lambda r: r["ms"])["variant"] if h else None
    live = value(load(f"{sys.argv[3]}/live-{q['demo']}.yaml"))
    return live if live is not None else value(load(f"{root}/demos/results/h200.yaml"))

keys, cur = [], 0
def go(row):
    global cur
    keys.extend(["Down"] * (row - cur) + ["Up"] * (cur - row)); cur = row
def swaps(target):                              # target[row] = index wanted there
    shown = list(target)
    for r in range(len(shown)):
        if shown[r] != r:
            j = shown.index(r)
            go(r); keys.append("Space"); go(j); keys.append("Space")
            shown[r], shown[j] = shown[j], shown[r]

t, out = q["type"], None
# the focus starts on row 0 with nothing chosen: Space chooses, Enter submits
if t == "fill":
    out = ["L " + str(q["accept"][0])]
elif t == "single":
    go(order_of(q["options"]).index(q["answer"] - 1)); keys.extend(["Space", "Enter"])
elif t == "multi":
    o = order_of(q["options"])
    for row in sorted(o.index(a - 1) for a in q["answers"]): go(row); keys.append("Space")
    keys.append("Enter")
elif t == "truefalse":
    go(order_of(["True", "False"]).index(0 if q["answer"] else 1)); keys.extend(["Space", "Enter"])
elif t == "order":
    swaps(order_of(q["items"])); keys.append("Enter")
elif t == "match":
    segs = rows.split("→")[1:]                  # each row's right side starts a segment
    rights = [p[1] for p in q["pairs"]]
    shown = [max((i for i in range(len(rights)) if s.startswith(flat(rights[i]))),
                 key=lambda i: len(flat(rights[i]))) for s in segs]
    swaps(shown); keys.append("Enter")
elif t == "predict":
    val = measure(q)
    if q.get("factor"):
        out = ["L %.3g" % (val if val is not None else 1)]
    elif q.get("bands"):
        f = lambda b, k, d: float(b[k]) if b.get(k) is not None else d
        pick = next((i for i, b in enumerate(q["bands"]) if val is not None and
                     f(b, "min", -1e308) <= val < f(b, "max", 1e308)), 0)
        go(order_of([b["label"] for b in q["bands"]]).index(pick)); keys.extend(["Space", "Enter"])
    else:
        pick = next((i for i, c in enumerate(q["choices"]) if val in c["values"]), 0)
        go(order_of([c["label"] for c in q["choices"]]).index(pick)); keys.extend(["Space", "Enter"])
print("ID", q["id"], t)
for l in out or []: print(l)
if keys: print("K " + " ".join(keys))
PYEOF

nq() { grep -c '^  - id:' "$QZ/level$1.yaml"; }
run() { start 80 24 "$CK_BIN --cert-dir '$CERTS' open quiz"; expect "Level 1"; }
restart() { # quits with q, waits for the exit, starts again
	keys q; wait_for '\[exit 0\]' 5; ok $? "q quits the program ($1)"
	stop; run
}
# One interpreter answers every question: serve.py runs answer.py for each
# request read from a FIFO (a line "ID LEVEL", the screen, a \x1e line) and
# writes to another its lines after a "\x1d ID" line, then a \x1e line.
# A reply that does not come within the limit, or a server that is gone,
# falls back to a Python of the question's own: only slower.
cat >"$T_TMP/serve.py" <<'PYEOF'
import contextlib, io, sys, traceback
path, root, tmp = sys.argv[1:4]
code = compile(open(path, encoding="utf-8").read(), path, "exec")
inp, out = sys.stdin.buffer, sys.stdout
for head in iter(inp.readline, b""):
    rid, _, level = head.decode().strip().partition(" ")
    screen = b""
    for line in iter(inp.readline, b""):
        if line == b"\x1e\n": break
        screen += line
    sys.argv, sys.stdin = [path, root, level, tmp], io.TextIOWrapper(io.BytesIO(screen), encoding="utf-8")
    reply = io.StringIO()
    with contextlib.redirect_stdout(reply):
        try: exec(code, {"__name__": "__main__"})
        except SystemExit as e: print(e)
        except Exception: traceback.print_exc(file=reply)
    out.write("\x1d %s\n%s\x1e\n" % (rid, reply.getvalue())); out.flush()
PYEOF
mkfifo "$T_TMP/req" "$T_TMP/rep"
"$PYTHON" "$T_TMP/serve.py" "$PY" "$CK_ROOT" "$T_TMP" <"$T_TMP/req" >"$T_TMP/rep" 2>/dev/null &
SERVE=$!
exec 7>"$T_TMP/req" 8<"$T_TMP/rep"   # the server's ends open first, in this order
plan_direct() { screen | "$PYTHON" "$PY" "$CK_ROOT" "$1" "$T_TMP" 2>&1; }
plan_of() { # plan_of LEVEL: answer.py's lines for the screen
	local id="$BASHPID.$RANDOM" line mine=0 s out=
	t_running "$SERVE" || { plan_direct "$1"; return; }
	s=$(screen)
	printf '%s %s\n%s\n\x1e\n' "$id" "$1" "$s" >&7 || { plan_direct "$1"; return; }
	# a late reply to an earlier request that gave up is passed over
	while IFS= read -r -t $((T_WAIT * T_SLOW)) line <&8; do
		case $line in
		$'\x1d '*) [ "${line#$'\x1d '}" = "$id" ] && mine=1 ;;
		$'\x1e') [ "$mine" = 1 ] && { printf '%s' "$out"; return 0; } ;;
		*) [ "$mine" = 1 ] && out+="$line"$'\n' ;;
		esac
	done
	diag "no reply from serve.py to $id: its own Python answers"
	plan_direct "$1"
}
ask_id() { plan_of "$1" | sed -n 's/^ID \([^ ]*\) .*/\1/p'; }

# answer LEVEL K: answers question K of LEVEL on the screen; sets RES to
# right / wrong / unjudged and ID to the question's id.
answer() {
	local plan line
	plan=$(plan_of "$1")
	ID=$(printf '%s\n' "$plan" | sed -n 's/^ID \([^ ]*\) .*/\1/p')
	TYPE=$(printf '%s\n' "$plan" | sed -n 's/^ID [^ ]* \(.*\)/\1/p')
	[ -n "$ID" ] || { echo "# no plan: $plan"; screen | sed 's/^/#   | /'; }
	while IFS= read -r line; do
		case $line in
		"L "*) keys -l "${line#L }"; keys Enter ;;
		"K "*) # shellcheck disable=SC2086
			keys ${line#K } ;;
		esac
	done <<<"$plan"
	expect 'Right!|Not quite|Not judged' 60
	local s; s=$(screen)
	if printf '%s' "$s" | grep -q 'Right!'; then RES=right
	elif printf '%s' "$s" | grep -q 'Not judged'; then RES=unjudged
	else RES=wrong; fi
}

# recorded_demo ID: the demo of level-5 question ID has records in the
# recorded H200 file (transfer and streams have none until they are recorded).
recorded_demo() {
	local d
	d=$(awk -v id="$1" '$0 ~ "- id: " id "$" { f = 1 } f && /^ +demo:/ { print $2; exit }' \
		"$CK_ROOT/quizzes/en/level5.yaml")
	grep -q "demo: \"$d\"" "$CK_ROOT/demos/results/h200.yaml"
}

# take LEVEL [QUIT_AT]: the level from the list (selected) to its result.
take() {
	local L=$1 quit_at=${2:-0} n k wrong=0 what
	n=$(nq "$L")
	keys Enter
	for k in $(seq 1 "$n"); do
		wait_for "question $k/$n," 5 || { ok 1 "level $L question $k/$n shown"; screen | sed 's/^/#   | /'; return 1; }
		if [ "$k" = "$quit_at" ]; then
			local before; before=$(ask_id "$L")
			restart "level $L, question $k"
			like "$(screen)" "Level $L .*question $k/$n" "the list shows level $L under way at question $k"
			keys Enter
			wait_for "question $k/$n," 5; ok $? "level $L resumes at question $k/$n after a restart"
			is "$(ask_id "$L")" "$before" "the same question as before quitting ($before)"
		fi
		answer "$L"
		if [ "$RES" != right ]; then
			wrong=$((wrong + 1))
			echo "# level $L: $ID judged $RES"
			screen | grep -E 'Measured|No measurement' | sed 's/^/#   /'
		fi
		[ "$L" = 5 ] || [ "$RES" = right ] || ok 1 "level $L: $ID answered right"
		if [ "$TYPE" = predict ] && ! recorded_demo "$ID"; then
			like "$(screen | tr '\n' ' ' | tr -s ' ')" "Not judged: no measurement" \
				"level 5: $ID not judged: demos/results/h200.yaml has no run of its demo yet"
		elif [ "$TYPE" = predict ]; then
			like "$(screen | tr '\n' ' ' | tr -s ' ')" \
				"Measured: .*, (on your CPU|recorded on NVIDIA H200)" "level 5: $ID judged against a labelled measurement ($RES)"
		fi
		keys Enter
	done
	expect "Your score"
	what="all $n right"; [ "$wrong" = 0 ] || what="$wrong not right"
	like "$(screen)" "Your score: (8[0-9]|9[0-9]|100)%\. Passed\." "level $L passed ($what)"
}

run
like "$(screen)" "Level 1 .*open" "the quiz opens at level 1"
take 1 && keys Escape && expect "^  > Level 2"
take 2 && keys Escape && expect "^  > Level 3"
take 3 5 && keys Escape && expect "^  > Level 4"
take 4 && keys Escape && expect "^  > Level 5"
take 5
keys Escape
wait_for 'Your name' 5; ok $? "passing level 5 opens the certificate screen"
keys -l 'Grace Hopper'; keys Enter
wait_for 'Certificate written to' 5; ok $? "Enter writes the certificate"
path=$(screen | awk '/Certificate written to/ {on = 1; next} on && /^─|^-/ {exit} on {sub(/^ +/, ""); printf "%s", $0}')
f=$(ls "$CERTS"/*.txt 2>/dev/null | head -1)
is "$path" "$f" "the screen shows the certificate's path"
out=$("$CK_BIN" cert verify "$path"); rc=$?
is "$out:$rc" "intact:0" "cert verify: intact, exit 0"
grep -q 'Grace Hopper' "$path"; ok $? "the certificate has the name"
quit
stop
start 80 24 "$CK_BIN open radar"
wait_for 'skills radar' 5; ok $? "open radar shows the radar"
s=$(screen)
for a in concepts architecture threads memory libraries performance; do
	like "$s" "$a +[0-9]+%" "radar: $a has a score"
done
like "$s" 'Level 5 +(8[0-9]|9[0-9]|100)% ✓' "radar: level 5 passed beside the axes"
quit
done_testing
