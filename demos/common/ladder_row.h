/* ladder_row.h: the row every ladder header (demos/<demo>/<p>_ladder.h of
 * matmul, conv, reduce, attention and fusion; launch, transfer and streams
 * keep the first columns) writes, and what turns it into code. Plain C,
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

/* The two enums every ladder header makes from its rows, for its prefix P
 * (MM, CONV, RD, LN, AT, FU, XF, ST), named by defining CK_LADDER_P while
 * they expand:
 *
 *   #define CK_LADDER_P FU
 *   enum fu_rung { FU_LADDER(CK_LADDER_INDEX) FU_NRUNGS };
 *   enum fu_rung_number { CK_LADDER_NUMBERS(FU_LADDER) };
 *   #undef CK_LADDER_P
 *
 * CK_LADDER_INDEX makes P_<ENUM>, the row's index. CK_LADDER_NUMBERS
 * makes P_NUMBER_<ENUM>, the row's rung number from the order of the
 * rows and their step (P_NUMBER_AFTER_<ENUM>: the rows counted so far;
 * P_NUMBER_NONE_ = 0 before the first). */
#define CK_LADDER_CAT_(a, b) a##b
#define CK_LADDER_CAT(a, b) CK_LADDER_CAT_(a, b)
#define CK_LADDER_INDEX(e, ...) CK_LADDER_CAT(CK_LADDER_P, _##e),
#define CK_LADDER_NUMBER_(e, id, step, ...) \
    CK_LADDER_CAT(CK_LADDER_P, _NUMBER_AFTER_##e), \
        CK_LADDER_CAT(CK_LADDER_P, _NUMBER_##e) = \
            CK_LADDER_CAT(CK_LADDER_P, _NUMBER_AFTER_##e) - 1 + CK_STEP_##step,
#define CK_LADDER_NUMBERS(ladder) \
    CK_LADDER_CAT(CK_LADDER_P, _NUMBER_NONE_) = 0, ladder(CK_LADDER_NUMBER_)

/* A row as a struct ck_rung initialiser (ladder.h), numbered `number`: the
 * ladder header's <P>_RUNG_ROW passes its <P>_NUMBER_<ENUM>. */
#define CK_RUNG_ROW_N(number, e, id, step, kind, label, idea, fn, tol, cap, ...) \
    {id, number, #kind, label, idea, tol, cap},

#endif
