#!/usr/bin/env python3
"""text_drift.py: texts that cannot drift from the tree (TAP on stdout).

1. Every repository path a document or a source comment names exists.
   Documents: README*.md, DESIGN.md, demos/README.md, lessons/README.md,
   tests/README.md; there a path is a `backquoted` word with a slash or a
   source-file extension (`mm_ladder.h` alone is looked for anywhere in the
   tree).  Source comments (C, C++, CUDA, shell, Python, make files under
   src/ demos/ tests/ scripts/ fuzz/, the Makefile and .ci/run): a word that
   starts with one of the tree's top folders (src/, demos/, tests/ ...).
   A path is looked for from the root and from the folders above the file
   that names it (demos/README.md's `matmul/NOTES.md`).  A part of a path
   that is a placeholder (`<lang>`, `NAME`, `NN-id`, `*`) matches any name;
   outputs (build/..., $XDG_..., ~/...) and the few names in ALLOW are not
   paths of the tree.
2. Every message id of src/core/i18n_msgs.h is used somewhere in src/ or
   in a header of demos/ that src/ reads (the registry, demos/demos.h);
   keys.c makes MSG_KEY_<cmd> from keys.h's CK_COMMANDS, which counts.
"""
import glob
import os
import re
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DOCS = ["DESIGN.md", "demos/README.md", "lessons/README.md", "tests/README.md"]
TOPS = ("src", "demos", "tests", "scripts", "lessons", "quizzes", "fuzz", "certs", ".ci")
SRC_EXT = (".c", ".h", ".cu", ".cuh", ".cc", ".sh", ".bash", ".py", ".mk")
DOC_EXT = SRC_EXT + (".md", ".yaml", ".txt", ".log", ".1")
# Named in texts but made by a build or a run, or outside the tree.
OUTPUT_PREFIX = ("build", "$", "~", "/", "<exe", "<prefix>", "<checkout>",
                 "DIR/", "PREFIX", "CK_", "XDG_", "http", "../")
ALLOW = {
    "progress.yaml", "progress.lock",       # the learner's state, made by a run
    "class/", "class/en/", "class/quizzes/",  # an instructor's course, as an example
    "lessons/en/14-extra.yaml", "lessons/zh/14-extra.yaml",
    "bin/cudakitchen", "share/man/man1/cudakitchen.1",   # the installed layout
    "share/cudakitchen/", "libexec/cudakitchen/",
    # written on the H200 by demos/scripts/fusion_gpu.sh record or make bench
    "demos/results/h200-fusion.yaml", "h200-fusion.yaml",
    "demos/results/h200-tc.yaml", "h200-tc.yaml",   # the first make bench of its matmul part
    # the toolkit's and the driver's files
    "cuda_runtime.h", "cublas_v2.h", "cudnn.h", "cudnn_frontend.h", "libnvidia-ml.so.1",
}
PLACEHOLDER = re.compile(r"<[^>]*>|\*|(?<![A-Za-z])[A-Z]{2,}(?![a-z])|(?<=[a-z])N\b|\.\.|…")

T = {"n": 0, "fail": 0}


def ok(good, what):
    T["n"] += 1
    if not good:
        T["fail"] += 1
    print(("ok" if good else "not ok") + " %d - %s" % (T["n"], what))


def files_named(base, cache={}):
    if not cache:
        for d, dirs, files in os.walk(ROOT):
            dirs[:] = [x for x in dirs if x not in (".git",) and not x.startswith("build")]
            for f in files:
                cache.setdefault(f, []).append(os.path.join(d, f))
    return cache.get(base, [])


def pattern(path):
    """The path as a glob: a part holding a placeholder matches any name
    (keeping its extension, when it has one)."""
    parts = []
    for p in path.split("/"):
        if PLACEHOLDER.search(p):
            ext = os.path.splitext(p.replace("*", "x"))[1]
            parts.append("*" + (ext if re.fullmatch(r"\.[a-z0-9]+", ext) else ""))
        else:
            parts.append(p)
    return "/".join(parts)


def exists(path, where):
    """path found from the root or from a folder above the file `where`."""
    pat = pattern(path.rstrip("/"))
    d = os.path.dirname(os.path.join(ROOT, where))
    while True:
        if glob.glob(os.path.join(d, pat)):
            return True
        if os.path.samefile(d, ROOT):
            break
        d = os.path.dirname(d)
    # a file named alone (`mm_ladder.h`) may be anywhere in the tree
    return "/" not in pat and (bool(files_named(pat)) or "*" in pat)


def clean(word):
    word = word.strip().rstrip(".,;:)")
    word = re.sub(r"[:(].*$", "", word)        # file:line, fn(args)
    return word


def candidate(word, ext_ok):
    if not word or word in ALLOW or word.startswith(OUTPUT_PREFIX):
        return False
    if " " in word or "=" in word or "://" in word or word.startswith("-"):
        return False
    if "/" in word:
        return re.fullmatch(r"[\w.<>*…/+-]+", word) is not None
    return word.endswith(ext_ok) and re.fullmatch(r"[\w.<>*-]+", word) is not None


def doc_paths(rel):
    text = open(os.path.join(ROOT, rel), encoding="utf-8").read()
    # code blocks are shell sessions (their lines kept, for the line numbers)
    text = re.sub(r"```.*?```", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    for i, line in enumerate(text.split("\n"), 1):
        for m in re.finditer(r"`([^`\n]+)`", line):
            w = clean(m.group(1))
            if candidate(w, DOC_EXT):
                yield i, w


C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)
HASH_COMMENT = re.compile(r"(?:^|\s)#(?![!{(]|line |include )[^\n]*")
TOP_WORD = re.compile(r"(?<![\w/$.-])((?:%s)/[\w.<>*/+-]*[\w>*])" % "|".join(re.escape(t) for t in TOPS))


def comment_paths(rel):
    text = open(os.path.join(ROOT, rel), encoding="utf-8", errors="replace").read()
    c_like = rel.endswith((".c", ".h", ".cu", ".cuh", ".cc"))
    for m in (C_COMMENT if c_like else HASH_COMMENT).finditer(text):
        for w in TOP_WORD.finditer(m.group(0)):
            yield text.count("\n", 0, m.start() + w.start()) + 1, clean(w.group(1))


def sources():
    out = ["Makefile", ".ci/run"]
    for top in ("src", "demos", "tests", "scripts", "fuzz"):
        for d, dirs, files in os.walk(os.path.join(ROOT, top)):
            dirs[:] = [x for x in dirs if x not in ("fixtures", "golden", "results")]
            for f in files:
                if f.endswith(SRC_EXT) or f == "Makefile":
                    out.append(os.path.relpath(os.path.join(d, f), ROOT))
    return sorted(p for p in out if os.path.exists(os.path.join(ROOT, p)))


def check_paths():
    docs = sorted(os.path.basename(p) for p in glob.glob(os.path.join(ROOT, "README*.md"))) + DOCS
    for rel in docs:
        bad = ["%s:%d: `%s`" % (rel, n, w) for n, w in doc_paths(rel) if not exists(w, rel)]
        ok(not bad, "%s names only paths that exist" % rel)
        for b in bad:
            print("#   no such path: " + b)
    bad = ["%s:%d: %s" % (rel, n, w) for rel in sources()
           for n, w in comment_paths(rel) if w not in ALLOW and not exists(w, rel)]
    ok(not bad, "source comments name only paths that exist")
    for b in bad:
        print("#   no such path: " + b)


def check_messages():
    msgs = open(os.path.join(ROOT, "src/core/i18n_msgs.h"), encoding="utf-8").read()
    ids = re.findall(r"^\s*X\((MSG_\w+),", msgs, re.M)
    text = []
    for top, ext in (("src", ""), ("demos", ".h")):
        for d, _, files in os.walk(os.path.join(ROOT, top)):
            for f in files:
                if f != "i18n_msgs.h" and f.endswith(ext):
                    text.append(open(os.path.join(d, f), encoding="utf-8").read())
    text = "\n".join(text)
    used = set(re.findall(r"\bMSG_\w+", text))
    keys = open(os.path.join(ROOT, "src/tui/keys.h"), encoding="utf-8").read()
    used |= {"MSG_KEY_" + c for c in re.findall(r"X\((CMD_\w+)", keys)}
    ok(len(ids) > 100, "i18n_msgs.h has its %d messages" % len(ids))
    unused = [i for i in ids if i not in used]
    ok(not unused, "every message id is used in src/ or demos/*.h (%d unused)" % len(unused))
    for u in unused:
        print("#   never used: " + u)


def main():
    check_paths()
    check_messages()
    print("1..%d" % T["n"])
    return 1 if T["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
