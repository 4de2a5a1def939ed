/* highlight: token classes for CUDA C code blocks (see highlight.h). */
#include <ctype.h>
#include <string.h>
#include "highlight.h"

static const char *const keywords[] = {
	/* CUDA */
	"__global__", "__device__", "__host__", "__shared__", "__constant__",
	"__restrict__", "__syncthreads", "__syncwarp", "__forceinline__",
	"threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize", "dim3",
	/* C */
	"int", "float", "double", "char", "void", "const", "unsigned", "signed",
	"long", "short", "size_t", "bool", "for", "while", "do", "if", "else",
	"return", "struct", "sizeof", "static", "inline", "break", "continue",
	"switch", "case", "default", "typedef", "enum", "extern", "volatile",
	"true", "false", "NULL", "half",
};

/* Library calls and their constants: cudaMalloc, cudnnCreate, CUBLAS_OP_N... */
static const char *const api_prefixes[] = {
	"cuda", "cudnn", "cublas", "CUDA_", "CUDNN_", "CUBLAS_", "cu",
};

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

static enum role ident_role(const char *p, size_t n)
{
	for (size_t i = 0; i < sizeof keywords / sizeof *keywords; i++)
		if (strlen(keywords[i]) == n && !strncmp(keywords[i], p, n))
			return C_KEYWORD;
	for (size_t i = 0; i < sizeof api_prefixes / sizeof *api_prefixes; i++) {
		size_t k = strlen(api_prefixes[i]);
		/* "cu" alone is too loose: require an upper-case letter next (cuMemAlloc) */
		if (n > k && !strncmp(p, api_prefixes[i], k) &&
		    (k > 2 || isupper((unsigned char)p[k])))
			return C_ACCENT;
	}
	return C_CODE;
}

static const char *comment_end(const char *p, bool *in_comment)
{
	const char *e = strstr(p, "*/");
	if (!e)
		return p + strlen(p);
	*in_comment = false;
	return e + 2;
}

static const char *quoted_end(const char *p)
{
	char q = *p++;
	while (*p && *p != q) {
		if (*p == '\\' && p[1])
			p++;
		p++;
	}
	return *p ? p + 1 : p;
}

static bool only_space_before(const char *line_start, const char *p)
{
	for (const char *s = line_start; s < p; s++)
		if (*s != ' ' && *s != '\t')
			return false;
	return true;
}

const char *hl_next(const char *line_start, const char *p, bool *in_comment, enum role *role)
{
	*role = C_CODE;
	if (*in_comment) {
		*role = C_COMMENT;
		return comment_end(p, in_comment);
	}
	if (p[0] == '/' && p[1] == '/') {
		*role = C_COMMENT;
		return p + strlen(p);
	}
	if (p[0] == '/' && p[1] == '*') {
		*role = C_COMMENT;
		*in_comment = true;
		return comment_end(p + 2, in_comment);
	}
	if (*p == '"' || *p == '\'') {
		*role = C_STRING;
		return quoted_end(p);
	}
	if (*p == '#' && only_space_before(line_start, p)) {
		*role = C_KEYWORD;
		const char *c = strstr(p, "//");
		return c ? c : p + strlen(p);
	}
	if (isdigit((unsigned char)*p)) {
		const char *q = p;
		while (ident_char(*q) || *q == '.')
			q++;
		*role = C_STRING;
		return q;
	}
	if (ident_char(*p)) {
		const char *q = p;
		while (ident_char(*q))
			q++;
		*role = ident_role(p, (size_t)(q - p));
		return q;
	}
	/* Punctuation, spaces and any non-ASCII text, up to the next token. */
	const char *q = p + 1;
	while (*q && !ident_char(*q) && *q != '"' && *q != '\'' && *q != '/' && *q != '#')
		q++;
	return q;
}

bool hl_line_end_in_comment(const char *line, bool in_comment)
{
	enum role r;
	for (const char *p = line; *p;)
		p = hl_next(line, p, &in_comment, &r);
	return in_comment;
}
