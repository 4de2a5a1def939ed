/* paths: where the program finds its content, its demo programs, and where
 * it writes certificates.
 *
 * Run from a source checkout (the executable in a directory named build or
 * build-NAME whose parent holds lessons/en/ and a Makefile): content is the
 * checkout, demos are <exe dir>/demos, certificates go to <checkout>/certs.
 * Installed (<prefix>/bin/cudakitchen): content in <prefix>/share/cudakitchen
 * (or the compile-time CK_DATADIR), demos in <prefix>/libexec/cudakitchen
 * (or CK_LIBEXECDIR), certificates in
 * ${XDG_DATA_HOME:-~/.local/share}/cudakitchen/certs, where a relative
 * XDG_DATA_HOME is ignored.  --cert-dir overrides the certificate directory
 * in both cases. */
#ifndef CK_PATHS_H
#define CK_PATHS_H
#include <stdbool.h>

struct paths {
	char *data;     /* holds lessons/ and quizzes/ */
	char *demos;    /* holds the demo programs (build/demos/NAME) */
	char *certs;    /* where certificates are written (may not exist yet) */
	bool checkout;  /* running from a source checkout */
};

/* The pure rule: exe is the executable's real path; cert_dir (--cert-dir),
 * xdg_data_home and home may be NULL.  Returns false only when out of
 * memory or when no certificate directory can be named (no usable XDG
 * variable and no home); data and demos are always set on success. */
bool paths_resolve(const char *exe, const char *cert_dir, const char *xdg_data_home,
		   const char *home, struct paths *out);
/* The same for this process: /proc/self/exe, XDG_DATA_HOME, HOME (or the
 * password database).  Falls back to the current directory as a checkout
 * when the executable cannot be found.  The caller frees with paths_free. */
bool paths_init(const char *cert_dir, struct paths *out);
void paths_free(struct paths *p); /* accepts NULL */
/* "a/b" as a new string (caller frees), with no doubled '/' when a ends in
 * one; NULL when out of memory. */
char *paths_join(const char *a, const char *b);
#endif
