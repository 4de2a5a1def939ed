/* cmd_cert: `cudakitchen cert verify FILE`, the plain command that checks
 * a certificate's integrity (cert.h).  The verdict goes to stdout as one
 * line a script can test ("intact", "modified", "not a certificate",
 * "cannot read"), what it means or why to stderr; the exit status is the
 * verdict (0, 1, 2; 2 also for a file that cannot be read and for usage
 * errors).  The SHA-256 has no key: "intact" means no accidental or
 * careless change, never that nobody forged it, and the output says so. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cert.h"
#include "cli.h"
#include "text.h"

static int usage(FILE *out, int rc)
{
	fputs("Usage: cudakitchen cert verify FILE\n"
	      "Checks a cudakitchen certificate against its SHA-256 line: prints 'intact'\n"
	      "(exit 0), 'modified' (exit 1), 'not a certificate' or 'cannot read' (exit 2).\n"
	      "The SHA-256 has no secret key: it finds accidental or careless edits (a\n"
	      "changed score, a line lost in copying), not deliberate forgery (anyone can\n"
	      "edit the text and compute the line again), and it cannot tell who wrote it.\n", out);
	return rc;
}

int cmd_cert(const struct options *opt, int argc, char **argv)
{
	(void)opt;
	if (argc == 1 && (!strcmp(argv[0], "--help") || !strcmp(argv[0], "-h")))
		return usage(stdout, 0);
	if (argc < 1 || strcmp(argv[0], "verify")) {
		fputs(argc < 1 ? "cudakitchen: 'cert' needs a subcommand\n"
		      : "cudakitchen: unknown 'cert' subcommand (only 'verify')\n", stderr);
		return usage(stderr, 2);
	}
	if (argc != 2) {
		fputs("cudakitchen: 'cert verify' takes one FILE\n", stderr);
		return usage(stderr, 2);
	}
	char why[256];
	enum cert_verdict v = cert_verify_file(argv[1], why, sizeof why);
	switch (v) {
	case CERT_INTACT:
		puts("intact");
		fputs("cudakitchen: intact: no accidental or careless change since it was written; "
		      "the SHA-256 has no key, so a deliberate edit with the line computed again "
		      "would read intact too\n", stderr);
		break;
	case CERT_MODIFIED:
		puts("modified");
		fputs("cudakitchen: modified: the text does not match its SHA-256 line "
		      "(it was changed after it was written)\n", stderr);
		break;
	case CERT_UNREADABLE: {
		char *file = text_sanitize(argv[1], (size_t)-1);
		puts("cannot read");
		fprintf(stderr, "cudakitchen: cannot read %s: %s\n", file ? file : "?", why);
		free(file);
		return 2;
	}
	case CERT_NOT_CERT: {
		char *file = text_sanitize(argv[1], (size_t)-1);
		puts("not a certificate");
		fprintf(stderr, "cudakitchen: %s: not a certificate: %s\n", file ? file : "?", why);
		free(file);
		break;
	}
	}
	return (int)v;
}
