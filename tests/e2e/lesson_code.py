#!/usr/bin/env python3
"""lesson_code.py: compiles every C/CUDA code block of the lessons with nvcc
(-cuda: the front end and the device compiler).

Used by tests/e2e/lesson_code.sh, which turns its "ok - ..." and
"not ok - ..." lines (each followed by "# " detail lines) into TAP.  Run from
the checkout, with the lesson directories relative to it:
    lesson_code.py NVCC WORKDIR DIR...      (DIR: lessons/en, lessons/zh, ...)
CK_HAVE_CUDNN=0 skips the blocks that name cuDNN (no cudnn.h), CK_HAVE_NCCL=0
those that include nccl.h (NCCL is not part of the toolkit); blocks that
include cudnn_frontend.h (the header-only cuDNN graph library, not part of
the toolkit) are compiled only when CK_CUDNN_FRONTEND_INCLUDE names its
include directory; CK_JOBS sets how many nvcc run at once (2).  The
lessons whose blocks include only system headers are compiled as one unit
(their #include lines first, then a namespace each, their macros undefined
after them); when that unit fails, each is compiled alone so that the
failure names its lesson.

Which blocks are code (lessons/README.md, "Code blocks are compiled"):
  - a block whose first line starts with "$ " or "# " is a shell session, and
    a block without a single ";" is a formula or a list of commands: both
    are shown, never compiled;
  - a block whose first line is a Python import ("import x", "from x
    import y") is Python: checked for syntax with Python's own compiler,
    never given to nvcc;
  - every other block is CUDA C++, compiled after lesson_code_prelude.h,
    which includes the CUDA runtime, cuBLAS and cuDNN headers and declares
    the names the course's fragments share (dA, M, handle, stream...).
    Declarations and definitions stay at namespace scope; each run of
    top-level statements (calls, assignments, launches, loops) becomes the
    body of a function, so a fragment such as "cudaMemcpy(...);" compiles as
    written.  Block i of a lesson sees what blocks 0..i-1 declared.  Its
    #include lines are moved to the top of the unit, outside the blocks'
    namespaces, where headers such as Thrust's must be included.

All blocks of one lesson file (English, and each translation whose code
differs from English in more than its comments) form one translation unit,
with #line directives, so nvcc's errors name the lesson file and line.
"""
import concurrent.futures
import glob
import os
import re
import subprocess
import sys

import yaml

PRELUDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lesson_code_prelude.h")
STATEMENT_KEYWORDS = {"for", "if", "while", "do", "return", "switch", "goto", "break", "continue"}
DECL_WORDS = {"extern", "static", "typedef", "struct", "enum", "union", "template", "using",
              "namespace", "class", "const", "constexpr", "inline", "__global__", "__device__",
              "__host__", "__shared__", "__constant__"}


def code_blocks(path):
    """(first content line, text) of every `code` item, 1-based lines."""
    with open(path, encoding="utf-8") as f:
        root = yaml.compose(f)
    out = []

    def walk(n):
        if isinstance(n, yaml.MappingNode):
            for k, v in n.value:
                if isinstance(k, yaml.ScalarNode) and k.value == "code" and isinstance(v, yaml.ScalarNode):
                    # a block scalar ("|") starts on the line after its indicator
                    first = v.start_mark.line + (2 if v.style in ("|", ">") else 1)
                    out.append((first, v.value))
                else:
                    walk(v)
        elif isinstance(n, yaml.SequenceNode):
            for x in n.value:
                walk(x)

    if root is not None:
        walk(root)
    return out


def is_code(text):
    first = next((l for l in text.splitlines() if l.strip()), "")
    return not first.startswith(("$ ", "# ")) and ";" in text


PYTHON_FIRST = re.compile(r"(import\s+\w|from\s+[\w.]+\s+import\b)")


def is_python(text):
    first = next((l for l in text.splitlines() if l.strip()), "")
    return PYTHON_FIRST.match(first) is not None


def strip_comments(text):
    """The text with comments and string/char literals blanked, same length and lines."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + (c if j - i > 1 else ""))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


DEVICE_ONLY = re.compile(r"\b(threadIdx|blockIdx|blockDim|gridDim|__syncthreads|__syncwarp|__shfl\w*|atomic\w+)\b")


def constructs(text):
    """The block's lines grouped into top-level constructs, each
    (first line index, last line index, kind) with kind "pp" (a
    preprocessor line and its continuations), "stmt" (a call, assignment,
    launch or control statement at namespace scope) or "decl" (everything
    else: declarations and definitions)."""
    lines = strip_comments(text).split("\n")
    out, cur, depth, paren, in_pp = [], None, 0, 0, False
    for ln, line in enumerate(lines):
        s = line.strip()
        if in_pp or (cur is None and s.startswith("#")):
            if not in_pp:
                out.append([ln, ln, "pp"])
            out[-1][1] = ln
            in_pp = s.endswith("\\")
            continue
        if not s:
            if cur is not None:
                cur[1] = ln
            continue
        if cur is None:
            toks = re.findall(r"[A-Za-z_]\w*|<<<|->|\+\+|--|[-+*/]?=|\S", s)
            a, b = toks[0], toks[1] if len(toks) > 1 else ""
            stmt = (a in STATEMENT_KEYWORDS or a in ("*", "&", "(", "++", "--") or
                    # a declaration has a second name first ("dim3 b(16, 16);")
                    (re.match(r"[A-Za-z_]\w*$", a) is not None and a not in DECL_WORDS and
                     b in ("(", "=", "<<<", "->", ".", "[", "++", "--", "+=", "-=", "*=", "/=")))
            cur = [ln, ln, "stmt" if stmt else "decl"]
            out.append(cur)
        cur[1] = ln
        depth += s.count("{") - s.count("}")
        paren += s.count("(") - s.count(")")
        if depth == 0 and paren == 0 and (s.endswith(";") or s.endswith("}")):
            # an if/for/while without braces goes on to its statement
            if not (cur[2] == "stmt" and re.match(r"(if|for|while|else)\b", s) and s.endswith(")")):
                cur = None
    return out


def unit_for(blocks):
    """One translation unit for [(path, line, text)].  Block i is namespace
    ck_block_i nested in block i-1's, so it sees what earlier blocks of the
    lesson declared and may declare the same names again.  Declarations
    stay at namespace scope; each run of statements becomes a function (a
    __device__ one when the block uses threadIdx, __syncthreads and the
    like, and then the whole block is its body).  A #line directive follows
    every line the unit adds, so errors name the lesson file and line."""
    parts = ['#include "%s"\n' % PRELUDE]
    hoisted = []  # the blocks' #include lines, for the top of the unit
    for i, (path, line, text) in enumerate(blocks):
        lines = text.rstrip("\n").split("\n")
        cons = constructs("\n".join(lines))
        bare = strip_comments(text).split("\n")
        device = any(c[2] == "stmt" and DEVICE_ONLY.search("\n".join(bare[c[0]:c[1] + 1])) for c in cons)
        if device:
            cons = [[0, len(lines) - 1, "stmt"]]
        parts.append("namespace ck_block_%d {\n" % i)
        kind_of = {}
        for c in cons:
            for j in range(c[0], c[1] + 1):
                kind_of[j] = c[2]
        in_fn, added, run = False, True, 0
        for j, l in enumerate(lines):
            k = kind_of.get(j, "stmt" if in_fn else "decl")
            if k == "stmt" and not in_fn:
                parts.append("%sstatic void ck_run_%d(void) {\n" % ("__device__ " if device else "", run))
                in_fn, added, run = True, True, run + 1
            elif k != "stmt" and in_fn and l.strip():
                parts.append("}\n")
                in_fn, added = False, True
            m = re.match(r"\s*#\s*define\s+(\w+)", l)
            if m:  # a later block may define the same macro again
                parts.append("#undef %s\n" % m.group(1))
                added = True
            if added:
                parts.append('#line %d "%s"\n' % (line + j, path))
                added = False
            if re.match(r"\s*#\s*include\b", l):
                hoisted.append('#line %d "%s"\n%s\n' % (line + j, path, l))
                l = ""
            parts.append(l + "\n")
        if in_fn:
            parts.append("}\n")
    parts.append("}\n" * len(blocks))
    return "".join(parts[:1] + hoisted + parts[1:])


def normal(text):
    return re.sub(r"\s+", " ", strip_comments(text)).strip()


def main(argv):
    if len(argv) < 4:
        print("usage: lesson_code.py NVCC WORKDIR DIR...", file=sys.stderr)
        return 2
    nvcc, work, dirs = argv[1], argv[2], argv[3:]
    os.makedirs(work, exist_ok=True)
    by_name, seen = {}, set()
    counts = {"compiled": 0, "shell or formula": 0, "same as another": 0, "need cuDNN headers": 0,
              "Python checked": 0, "need cudnn_frontend": 0, "need nccl.h": 0}
    have_cudnn = os.environ.get("CK_HAVE_CUDNN", "1") != "0"
    have_nccl = os.environ.get("CK_HAVE_NCCL", "1") != "0"
    frontend = os.environ.get("CK_CUDNN_FRONTEND_INCLUDE", "")
    if frontend and not os.path.exists(os.path.join(frontend, "cudnn_frontend.h")):
        frontend = ""
    python_bad = []  # (path, line, message)
    needs_frontend = set()  # lesson file names whose unit includes cudnn_frontend.h
    for d in dirs:  # English first: a translation's copy of its code is not compiled twice
        for path in sorted(glob.glob(os.path.join(d, "*.yaml"))):
            for line, text in code_blocks(path):
                if is_python(text):
                    counts["Python checked"] += 1
                    try:
                        compile(text, "%s:%d" % (path, line), "exec")
                    except SyntaxError as e:
                        python_bad.append((path, line + (e.lineno or 1) - 1, e.msg))
                    continue
                if not is_code(text):
                    counts["shell or formula"] += 1
                    continue
                if "cudnn_frontend" in text:
                    if not (have_cudnn and frontend):
                        counts["need cudnn_frontend"] += 1
                        continue
                    needs_frontend.add(os.path.basename(path))
                if not have_cudnn and "cudnn" in text.lower():
                    counts["need cuDNN headers"] += 1
                    continue
                if not have_nccl and "nccl" in text.lower():
                    counts["need nccl.h"] += 1
                    continue
                key = normal(text)
                if key in seen:
                    counts["same as another"] += 1
                    continue
                seen.add(key)
                counts["compiled"] += 1
                by_name.setdefault(os.path.basename(path), []).append((path, line, text))
    jobs, shared = [], []
    for name, blocks in sorted(by_name.items()):
        src = os.path.join(work, name.replace(".yaml", ".cu"))
        with open(src, "w", encoding="utf-8") as f:
            f.write(unit_for(blocks))
        texts = "\n".join(t for _, _, t in blocks)
        if name not in needs_frontend and "#include \"" not in texts:
            shared.append((name, blocks, src, re.findall(r"#\s*define\s+(\w+)", texts)))
        else:
            jobs.append((name, blocks, src))

    # The lessons that include only system headers (<...>: the toolkit's,
    # Thrust's, CUB's) are compiled as one unit, their #include lines first
    # (outside every namespace, where Thrust must be included), then each
    # lesson in a namespace of its own with its macros undefined after it:
    # one nvcc, and one pass over the big headers, instead of one per
    # lesson.  Only when that fails is each compiled alone, to say which
    # lesson and line.  That unit and the others (a lesson that includes its
    # own file, or cudnn_frontend) compile at once, the largest first, so
    # that no long one starts last.
    def compile_one(job):
        name, blocks, src = job
        inc = ["-I" + frontend] if name in needs_frontend else []
        # -cuda: nvcc's C++ front end (every host and device error) and its
        # device compiler, without the host compiler's second pass over the
        # generated code (a third of the time)
        p = subprocess.run([nvcc, "-cuda", "-std=c++17", "-Wno-deprecated-declarations"] + inc +
                           [src, "-o", src.replace(".cu", ".ii")], capture_output=True, text=True)
        return name, blocks, p.returncode, p.stdout + p.stderr

    SHARED = "shared lessons"
    if len(shared) > 1:
        src = os.path.join(work, "shared-lessons.cu")
        heads, bodies = [], []
        for k, (name, blocks, one, macros) in enumerate(shared):
            body = open(one, encoding="utf-8").read().split("\n", 1)[1]
            cut = body.find("namespace ck_block_0 {\n")  # unit_for's hoisted #includes before it
            heads.append(body[:max(cut, 0)])
            bodies.append("namespace ck_lesson_%d {\n%s}\n" % (k, body[max(cut, 0):]) +
                          "".join("#undef %s\n" % m for m in sorted(set(macros))))
        with open(src, "w", encoding="utf-8") as f:
            f.write('#include "%s"\n' % PRELUDE)
            f.write("".join(heads) + "".join(bodies))
        jobs.append((SHARED, [], src))
    else:
        jobs += [j[:3] for j in shared]
    jobs.sort(key=lambda j: -os.path.getsize(j[2]))

    failed = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=int(os.environ.get("CK_JOBS", "2"))) as ex:
        results = list(ex.map(compile_one, jobs))
        if any(r[0] == SHARED and r[2] != 0 for r in results):
            results += list(ex.map(compile_one, [j[:3] for j in shared]))
        elif len(shared) > 1:
            results += [(name, blocks, 0, "") for name, blocks, _, _ in shared]
    for name, blocks, rc, out in sorted((r for r in results if r[0] != SHARED), key=lambda r: r[0]):
        where = ", ".join("%s:%d" % (p, l) for p, l, _ in blocks)
        print("%sok - %s: %d code block%s compile (%s)" % ("" if rc == 0 else "not ", name,
              len(blocks), "" if len(blocks) == 1 else "s", where))
        if rc != 0:
            failed += 1
            for l in out.splitlines():
                print("# " + l)
    for path, line, msg in python_bad:
        failed += 1
        print("not ok - %s: Python block (%s:%d: %s)" % (os.path.basename(path), path, line, msg))
    print("%sok - found code blocks to compile: %s" % ("" if counts["compiled"] else "not ",
          ", ".join("%d %s" % (v, k) for k, v in counts.items())))
    return 1 if failed or not counts["compiled"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
