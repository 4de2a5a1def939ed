/* ladder_row.h: the row every ladder header (demos/<demo>/<p>_ladder.h of
 * matmul, conv and reduce) writes, and what turns it into code. Plain C,
 * header only, nothing but macros, so the tutorial, the tests and the CUDA
 * side read the ladders too.
 *
 *   X(ENUM, id, step, kind, label, idea, fn, tol, cap, prec, tc, needs, zh)
 *     ENUM   <P>_<ENUM> in the ladder's enum (the row's index)
 *     id     the variant id: --variants, --list, the result lines; its
 *            header is NN_<id, '-' as '_'>.cuh with NN its rung number
 *            (and NN_<id>_tuning.cuh, if any, its tuning switches):
 *            demos/scripts/rung_headers.sh lists them for the GPU build
 *            and the CPU emulation
 *     step   next: the rung after the row above; same: the row above's
 *            number too (cuDNN's algorithms). The numbers come from the
 *            order of the rows: nothing is numbered by hand
 *     kind   hand | library | cpu (a bare word: it also picks code)
 *     label  the short name shown in tables
 *     idea   one line: what this rung does differently
 *     fn     hand: its launcher; library: its call; cpu: its function
 *     tol    the relative-error tolerance (check.h)
 *     cap    cpu: the largest size per dimension it runs at; else 0
 *     prec   fp32 | tf32 | fp16 | bf16: what it multiplies in (a bare
 *            word; the records' `precision`)
 *     tc     1: hand-written Tensor Core code (mma.sync, wgmma); else 0
 *     needs  any | sm80 | sm90a: the GPU it needs (compute capability 8.0
 *            or newer; 9.0 and a build with sm_90a code, compiled apart)
 *     zh     the label in Chinese, "" where the English stays (a name)
 * Each use defines X, expands the ladder and undefines X. Keep ENUM, id,
 * step and kind on the X( line: tests/e2e/ladder_lib.bash reads them
 * there. */
#ifndef CK_LADDER_ROW_H
#define CK_LADDER_ROW_H

#define CK_STEP_next 1
#define CK_STEP_same 0

/* the needs column as a number: the compute capability x 10 a rung needs
 * at least (any: 0); sm90a is 9.0 exactly and its sm_90a code */
#define CK_NEEDS_any 0
#define CK_NEEDS_sm80 80
#define CK_NEEDS_sm90a 90

/* A row as a struct ck_rung initialiser (ladder.h), numbered `number`: the
 * ladder header's <P>_RUNG_ROW passes its <P>_NUMBER_<ENUM>. */
#define CK_RUNG_ROW_N(number, e, id, step, kind, label, idea, fn, tol, cap, ...) \
    {id, number, #kind, label, idea, tol, cap},

#endif
