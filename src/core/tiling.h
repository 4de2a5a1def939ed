/* tiling: a pure model of the memory traffic of three matrix-multiply
 * kernels, C = A·B with M = N = K = n, FP32, row-major — what the "tiling"
 * screen animates and counts.  No ncurses.
 *
 * The kernels are the ones lesson 8 shows, with bounds checks:
 *
 *  naive     blocks of T×T threads, one thread per C element; a thread
 *            outside the matrix returns; the others run k = 0..n-1 reading
 *            A[row][k] and B[k][col] from global memory: 2 loads, 1 FMA.
 *  tiled     blocks of T×T threads walk K in steps of T.  Each step every
 *            thread stages one element of A and one of B into shared
 *            memory; a load whose element lies outside the matrix is not
 *            issued (the thread writes 0).  Then every thread, inside or
 *            not, runs the full inner loop of T FMAs reading 2 values from
 *            shared memory each (the zeros of the ragged edge are
 *            multiplied too, as in the lesson's code).
 *  regblock  "library-style": a block computes a B×B tile of C with
 *            (B/R)² threads, each an R×R micro-tile in registers; K is
 *            walked in steps of BK.  Each step the block stages a B×BK tile
 *            of A and a BK×B tile of B (guarded as above); then for each of
 *            the BK values of k every thread reads R values of A and R of B
 *            from shared memory and does R² FMAs (padded, unguarded).
 *
 * Closed forms.  g = ⌈n/T⌉ (⌈n/B⌉ for regblock), P = g·T, Q = g·B,
 * Kp = BK·⌈n/BK⌉:
 *
 *  mode      global loads     shared loads   FMAs executed
 *  naive     2·n³             0              n³
 *  tiled     2·n²·⌈n/T⌉       2·P³           P³
 *  regblock  2·n²·⌈n/B⌉       2·Q²·Kp/R      Q²·Kp
 *
 * (Every element of A is fetched once per block column, every element of
 * B once per block row; the FMAs count what the padded loops execute, of
 * which n³ are useful.)  Mid-way the same holds per block: a block whose
 * tile has h valid rows and w valid columns and that has walked
 * k' = min(steps·T, n) of K (steps·BK for regblock) has done
 *  naive: 2·h·w·k' loads, h·w·k' FMAs;  tiled: (h+w)·k' global,
 *  2·T³·steps shared, T³·steps FMAs;  regblock: (h+w)·k' global,
 *  2·R·BK·(B/R)²·steps shared, B²·BK·steps FMAs.
 *
 * Schedule: blocks are numbered row-major over the grid of C tiles;
 * block b runs on SM b mod S in wave b / S, one block per SM at a time (a
 * simplification: real SMs hold several).  The timeline has waves ×
 * ksteps steps, where a step is one k-tile (T of K for naive and tiled,
 * BK for regblock); at step s block b has walked
 * clamp(s − wave(b)·ksteps, 0, ksteps) k-tiles. */
#ifndef CK_TILING_H
#define CK_TILING_H
#include <stdbool.h>

enum tl_mode { TL_NAIVE, TL_TILED, TL_REGBLOCK, TL_NMODES };

#define TL_N_MIN 4
#define TL_N_MAX 256
#define TL_SMS_MAX 1024

struct tl_config {
	int n;    /* M = N = K, TL_N_MIN..TL_N_MAX */
	int t;    /* naive and tiled: block of T×T threads; 4, 8, 16 or 32 */
	int b;    /* regblock: block tile B×B; 8..128, a power of two */
	int r;    /* regblock: micro-tile R×R per thread; 2, 4 or 8, R <= B/2 */
	int bk;   /* regblock: k-step; 8 */
	int sms;  /* SMs the blocks are spread over, 1..TL_SMS_MAX */
};

struct tl_counts {
	long long global, shared, fma;
};

/* The defaults the screen opens with: n 64, T 16, B 32, R 4, BK 8, 4 SMs. */
void tl_default(struct tl_config *c);
/* Clamps every field into its range (keeps R <= B/2). */
void tl_clamp(struct tl_config *c);
const char *tl_mode_name(enum tl_mode m);  /* the matmul rung ids (mm_ladder.h): "naive"... */

/* Geometry of one mode: C tiles per side, blocks, k-tiles per block,
 * waves and timeline steps; the tile edge; block b's SM and wave. */
int tl_grid(const struct tl_config *c, enum tl_mode m);
int tl_tile(const struct tl_config *c, enum tl_mode m);
int tl_blocks(const struct tl_config *c, enum tl_mode m);
int tl_ksteps(const struct tl_config *c, enum tl_mode m);
int tl_waves(const struct tl_config *c, enum tl_mode m);
int tl_steps(const struct tl_config *c, enum tl_mode m);
int tl_block_sm(const struct tl_config *c, int b);
/* True when the tiled modes count multiply-adds on padding: n is not a
 * multiple of the tile (or of the k-step), so the edge tiles run whole
 * tiles' worth of FMAs (naive never pads). */
bool tl_padded(const struct tl_config *c, enum tl_mode m);
int tl_block_wave(const struct tl_config *c, int b);
/* k-tiles block b has finished at timeline step s (0..ksteps). */
int tl_block_progress(const struct tl_config *c, enum tl_mode m, int b, int s);

/* The closed forms above: the whole run, and at timeline step s. */
struct tl_counts tl_formula_total(const struct tl_config *c, enum tl_mode m);
struct tl_counts tl_formula_at(const struct tl_config *c, enum tl_mode m, int s);

/* The simulation: walks every thread of the blocks running at each step
 * and applies the kernel's own guards.  This is what the screen shows;
 * the tests hold it against the formulas.  Invariant: counts are those
 * after `step` timeline steps. */
struct tl_sim {
	struct tl_config cfg;
	enum tl_mode mode;
	int step;
	struct tl_counts n;
};
void tl_sim_start(struct tl_sim *s, const struct tl_config *c, enum tl_mode m);
/* Advances one step; false at the end (nothing changes then). */
bool tl_sim_step(struct tl_sim *s);
/* Runs from the start to step (clamped to 0..steps). */
void tl_sim_goto(struct tl_sim *s, int step);

/* Ratios as the screen shows them: a/b, 0 when b is 0. */
double tl_ratio(long long a, long long b);

/* Convolution as a matrix multiply, one channel, stride 1, no padding:
 * an h×w input and an r×s filter give p×q = (h−r+1)×(w−s+1) outputs.
 * im2col is the (p·q)×(r·s) matrix whose row o holds the input under the
 * filter at output o; the convolution is that matrix times the filter as
 * an (r·s)-vector.  Returns the input index (y·w + x) at im2col[o][j], or
 * -1 when o or j is out of range. */
int tl_im2col(int h, int w, int r, int s, int o, int j);
#endif
