/* results_mg: the multigpu demo's records (demos/multigpu/mg_report.h
 * lists them: gpu, link, peer, coll, split, model, needs) as one typed
 * row each, kept beside the other records in struct results (mg[0..nmg),
 * in input order).  A number written ~ reads as NAN, a missing one too;
 * a missing text as "".  Only `record` and `format` are required, so a
 * newer demo's extra or fewer fields never break an older reader.  No
 * ncurses. */
#ifndef CK_RESULTS_MG_H
#define CK_RESULTS_MG_H
#include <stdbool.h>
#include "diag.h"

struct doc_node;
struct results;

enum res_mg_kind { MG_R_GPU, MG_R_LINK, MG_R_PEER, MG_R_COLL, MG_R_SPLIT, MG_R_MODEL, MG_R_NEEDS };

struct res_mg {
	int line;
	enum res_mg_kind kind;
	char variant[24];           /* peer-copy, all-reduce..., split-matmul */
	char name[96];              /* gpu: its name; link: its kind; needs: reason */
	char text[256];             /* needs: the reason; peer: access "on"/"off" */
	char why[16];               /* needs: its code (no-gpu, one-gpu-peer, one-rank,
	                               one-gpu-split, no-nccl) */
	long index, src, dst, links, ranks, gpus, bytes, needs;
	long m, n, k;               /* split: the matmul's sizes */
	bool ok, peer, both;        /* peer: both directions at once */
	double ms, gbs, peak_gbs, algbw, busbw, factor, efficiency, efficiency_comm, gflops,
	       comm_ms;
};

/* Whether rec is one of these kinds; if so reads map into out->mg (false
 * with a diag on a malformed field).  *mine false: not ours, nothing done. */
bool results_mg_add(const char *file, const char *rec, const struct doc_node *map,
		    struct results *out, bool *mine, struct diags *d);
#endif
