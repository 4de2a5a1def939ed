/* drill_run: the plumbing of the drill check (drill_check.c): where
 * things are (the emulator, the cache, a private temporary directory),
 * the command lines of the compilers, running several children at once
 * through the runner (time limit, capped output), and the GPU back end.
 * Internal to the drill modules. */
#ifndef CK_DRILL_RUN_H
#define CK_DRILL_RUN_H
#include <stdbool.h>
#include "drill_check.h"

struct drill_ctx {
	const struct drill *dr;
	const struct drill_check_opts *o;
	char learner[4096];       /* the file checked, absolute */
	char harness[4096];
	char emu[4096];           /* DATA/emu */
	char data[4096];
	char cache[4096];
	char tmp[4096];           /* removed by drill_ctx_free */
	char cxx[4096], nvcc[4096], sanitizer[4096];
};

#define DRILL_CMD_MAX 64
struct drill_cmd {
	char *argv[DRILL_CMD_MAX + 1];
	int n;
};

struct drill_out {
	bool ok;                  /* it started */
	int code, signal;
	bool timed_out, overflow;
	int limit_s;
	char *out, *err;          /* NUL-terminated, capped; never NULL when ok */
	char how[160];            /* "killed by signal 11", ... */
};

/* false (r->cannot says why) when something the check needs is missing */
bool drill_ctx_init(struct drill_ctx *x, const struct drill *dr, const char *file,
		    const struct drill_check_opts *o, struct drill_result *r);
void drill_ctx_free(struct drill_ctx *x);

void drill_cmd_init(struct drill_cmd *c);
/* appends strings up to a NULL */
void drill_cmd_add(struct drill_cmd *c, ...);
/* the C++ compiler on the emulator: flags, sanitizers, -include include
 * (NULL: the kernel header, simt_kernel.h) */
void drill_cmd_cxx(struct drill_cmd *c, const struct drill_ctx *x, const char *const *san,
		   const char *opt, const char *include);
/* GCC's precompiled simt_kernel.h for these flags (its wrapper header in
 * out) */
bool drill_pch(const struct drill_ctx *x, const char *tag, const char *const *san, char *out,
	       size_t size);
void drill_cmd_link(struct drill_cmd *c, const struct drill_ctx *x, const char *const *san);
void drill_cmd_free(struct drill_cmd *c);

/* runs n commands at once, each with the time limit; frees the commands */
void drill_run_all(struct drill_cmd *c, int n, int timeout_ms, struct drill_out *o);
/* the same with a limit of cpu_ms of CPU time for each (0: none), the
 * learner's programs': a loop that never ends uses CPU, while a machine
 * busy with other work only stretches the wall clock, which is then
 * limited to five times as much (a program that waits without computing;
 * on two cores shared with forty other jobs, 2 s of CPU took 75 s) */
void drill_run_cpu(struct drill_cmd *c, int n, int timeout_ms, int cpu_ms, struct drill_out *o);
void drill_out_free(struct drill_out *o);

/* FNV-1a of file (or NULL), the emulator's headers, the compiler and tag */
unsigned long long drill_hash_files(const struct drill_ctx *x, const char *file, const char *tag);
/* what the learner's code printed: stdout less the protocol's lines */
char *drill_program_output(const char *out);

void drill_cpu_check(const struct drill_ctx *x, struct drill_result *r);
void drill_gpu_check(const struct drill_ctx *x, struct drill_result *r);
void drill_gpu_only_note(const struct drill_ctx *x, struct drill_result *r);
#endif
