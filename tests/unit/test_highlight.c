/* Unit tests for highlight.c: token boundaries and roles, table-driven. */
#include <stdbool.h>
#include <string.h>
#include "tap.h"
#include "highlight.h"

struct tok { const char *text; enum role role; };

static const struct {
	const char *line;
	bool in_comment;       /* at the start */
	struct tok want[12];   /* non-C_CODE tokens in order; text NULL ends */
	bool comment_after;    /* at the end */
} cases[] = {
	{ "__global__ void k(float *x) {", false,
	  { { "__global__", C_KEYWORD }, { "void", C_KEYWORD }, { "float", C_KEYWORD } }, false },
	{ "int i = blockIdx.x * blockDim.x + threadIdx.x;", false,
	  { { "int", C_KEYWORD }, { "blockIdx", C_KEYWORD }, { "blockDim", C_KEYWORD }, { "threadIdx", C_KEYWORD } }, false },
	{ "__shared__ float tile[16]; __syncthreads();", false,
	  { { "__shared__", C_KEYWORD }, { "float", C_KEYWORD }, { "16", C_STRING }, { "__syncthreads", C_KEYWORD } }, false },
	{ "cudaMalloc(&d, n); cudnnCreate(&h); cuMemAlloc(&p, n);", false,
	  { { "cudaMalloc", C_ACCENT }, { "cudnnCreate", C_ACCENT }, { "cuMemAlloc", C_ACCENT } }, false },
	{ "cursor = current;", false, { { NULL, C_CODE } }, false },
	{ "x = 1; // return here", false, { { "1", C_STRING }, { "// return here", C_COMMENT } }, false },
	{ "printf(\"for %d\\n\", i); c = 'if';", false,
	  { { "\"for %d\\n\"", C_STRING }, { "'if'", C_STRING } }, false },
	{ "a = 1; /* open", false, { { "1", C_STRING }, { "/* open", C_COMMENT } }, true },
	{ "still comment */ return 0;", true,
	  { { "still comment */", C_COMMENT }, { "return", C_KEYWORD }, { "0", C_STRING } }, false },
	{ "#include <cuda_runtime.h> // rt", false,
	  { { "#include <cuda_runtime.h> ", C_KEYWORD }, { "// rt", C_COMMENT } }, false },
	{ "y = a / b; /* one */ gridDim", false,
	  { { "/* one */", C_COMMENT }, { "gridDim", C_KEYWORD } }, false },
	{ "s = \"unterminated", false, { { "\"unterminated", C_STRING } }, false },
	{ "\xe5\x8e\xa8 = 2; // \xe5\x8e\xa8", false, { { "2", C_STRING }, { "// \xe5\x8e\xa8", C_COMMENT } }, false },
};

int main(void)
{
	for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
		const char *line = cases[c].line;
		bool inc = cases[c].in_comment;
		size_t k = 0;
		bool good = true, covered = true;
		const char *p = line;
		while (*p) {
			enum role r;
			const char *q = hl_next(line, p, &inc, &r);
			if (q <= p) { covered = false; break; }
			if (r != C_CODE) {
				const struct tok *w = &cases[c].want[k];
				size_t n = (size_t)(q - p);
				if (!w->text || strlen(w->text) != n || strncmp(w->text, p, n) || w->role != r) {
					good = false;
					diag("case %zu: token '%.*s' role %d, want '%s' role %d", c, (int)n, p, (int)r,
					     w->text ? w->text : "(none)", (int)w->role);
					break;
				}
				k++;
			}
			p = q;
		}
		ok(covered, "case %zu: every call makes progress", c);
		ok(good && cases[c].want[k].text == NULL, "case %zu: tokens and roles of: %s", c, line);
		is_int(inc, cases[c].comment_after, "case %zu: comment state at the end", c);
		is_int(hl_line_end_in_comment(line, cases[c].in_comment), cases[c].comment_after,
		       "case %zu: hl_line_end_in_comment agrees", c);
	}
	return tap_done();
}
