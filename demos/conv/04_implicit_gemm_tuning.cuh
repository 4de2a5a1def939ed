/* 04_implicit_gemm_tuning.cuh: the tuning scaffolding of rung 4
 * (04_implicit_gemm.cuh), kept out of the learner's file: other tile
 * configurations of the fast kernel, chosen at build time with -DIG_CFG=n
 * for a tuning run (conv/NOTES.md has what they measured). Without IG_CFG
 * (or with 0) the rung's own ig_fast is used. Include it before
 * 04_implicit_gemm.cuh. Fields: bm, bn, bk, tm, tn, min_blocks, layout,
 * stages (struct ig_cfg). */
#ifndef CK_CONV_04_IMPLICIT_GEMM_TUNING_CUH
#define CK_CONV_04_IMPLICIT_GEMM_TUNING_CUH

#if defined(IG_CFG) && IG_CFG == 1
#define IG_FAST_CFG {128, 64, 32, 8, 8, 4, 1, 2}
#elif defined(IG_CFG) && IG_CFG == 2
#define IG_FAST_CFG {128, 64, 32, 8, 8, 3, 1, 2}
#elif defined(IG_CFG) && IG_CFG == 3
#define IG_FAST_CFG {128, 64, 16, 8, 8, 4, 1, 3}
#elif defined(IG_CFG) && IG_CFG == 4
#define IG_FAST_CFG {128, 64, 32, 8, 8, 4, 1, 3}
#elif defined(IG_CFG) && IG_CFG == 5
#define IG_FAST_CFG {128, 64, 8, 8, 8, 4, 1, 4}
#endif

#endif
