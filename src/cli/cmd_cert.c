/* cmd_cert: `cudakitchen cert verify FILE`, the plain command that checks
 * a certificate's integrity (cert.h).  The verdict goes to stdout as one
 * word a script can test ("intact", "modified", "not a certificate"), the
 * reason for the last one to stderr; the exit status is the verdict
 * (0, 1, 2), and 2 also for usage errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cert.h"
#include "cli.h"
#include "text.h"

static int usage(FILE *out, int rc)
{
	fputs("Usage: cudakitchen cert verify FILE\n"
	      "Checks that a cudakitchen certificate is unmodified: prints 'intact' (exit 0),\n"
	      "'modified' (exit 1) or 'not a certificate' (exit 2).  This checks integrity,\n"
	      "not identity: it cannot tell who wrote the file.\n", out);
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
		break;
	case CERT_MODIFIED:
		puts("modified");
		break;
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
