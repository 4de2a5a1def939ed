/* test_paths: the data, demo and certificate directory rules, on
 * temporary trees shaped like a checkout and like an installation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "paths.h"
#include "tap.h"

static char root[] = "/tmp/ck-test-paths-XXXXXX";

static void mk(const char *rel, bool file)
{
	char p[512];
	snprintf(p, sizeof p, "%s/%s", root, rel);
	if (file) {
		FILE *f = fopen(p, "w");
		if (f)
			fclose(f);
	} else {
		mkdir(p, 0700);
	}
}

static const char *at(const char *rel)
{
	static char buf[4][512];
	static int k;
	k = (k + 1) % 4;
	snprintf(buf[k], sizeof buf[k], "%s/%s", root, rel);
	return buf[k];
}

int main(void)
{
	if (!mkdtemp(root))
		return 1;
	mk("co", false); mk("co/lessons", false); mk("co/lessons/en", false);
	mk("co/Makefile", true); mk("co/build", false); mk("co/build-san", false);
	mk("co/tools", false);
	mk("usr", false); mk("usr/bin", false);

	static const struct { const char *a, *b, *want; } joins[] = {
		{ "lessons", "en", "lessons/en" }, { "lessons/", "en", "lessons/en" },
		{ "/", "etc", "/etc" }, { "", "x", "/x" },
	};
	for (size_t i = 0; i < sizeof joins / sizeof *joins; i++) {
		char *j = paths_join(joins[i].a, joins[i].b);
		is_str(j, joins[i].want, "paths_join(\"%s\", \"%s\")", joins[i].a, joins[i].b);
		free(j);
	}

	struct paths p;
	ok(paths_resolve(at("co/build/cudakitchen"), NULL, "/x/data", "/home/u", &p), "checkout resolves");
	ok(p.checkout, "build/ in a checkout is a checkout");
	is_str(p.data, at("co"), "data is the checkout");
	is_str(p.demos, at("co/build/demos"), "demos sit beside the executable");
	is_str(p.certs, at("co/certs"), "certs/ in the checkout");
	paths_free(&p);

	ok(paths_resolve(at("co/build-san/cudakitchen"), "my-certs", NULL, "/home/u", &p) && p.checkout,
	   "build-san/ is a checkout too");
	is_str(p.certs, "my-certs", "--cert-dir overrides in a checkout");
	paths_free(&p);

	ok(paths_resolve(at("co/tools/cudakitchen"), NULL, NULL, "/home/u", &p) && !p.checkout,
	   "a directory not named build* is not a checkout");
	paths_free(&p);

	ok(paths_resolve(at("usr/bin/cudakitchen"), NULL, "/x/data", "/home/u", &p), "installed resolves");
	ok(!p.checkout, "installed is not a checkout");
#ifndef CK_DATADIR
	is_str(p.data, at("usr/share/cudakitchen"), "data in <prefix>/share/cudakitchen");
#endif
#ifndef CK_LIBEXECDIR
	is_str(p.demos, at("usr/libexec/cudakitchen"), "demos in <prefix>/libexec/cudakitchen");
#endif
	is_str(p.certs, "/x/data/cudakitchen/certs", "certs under XDG_DATA_HOME");
	paths_free(&p);

	ok(paths_resolve(at("usr/bin/cudakitchen"), NULL, "relative/data", "/home/u", &p), "relative XDG");
	is_str(p.certs, "/home/u/.local/share/cudakitchen/certs", "a relative XDG_DATA_HOME is ignored");
	paths_free(&p);
	ok(paths_resolve(at("usr/bin/cudakitchen"), NULL, "", "/home/u", &p), "empty XDG");
	is_str(p.certs, "/home/u/.local/share/cudakitchen/certs", "an empty XDG_DATA_HOME is ignored");
	paths_free(&p);
	ok(paths_resolve(at("usr/bin/cudakitchen"), "/c", NULL, NULL, &p), "--cert-dir without HOME");
	is_str(p.certs, "/c", "--cert-dir overrides when installed");
	paths_free(&p);
	ok(!paths_resolve(at("usr/bin/cudakitchen"), NULL, NULL, NULL, &p) && !p.data,
	   "no cert dir can be named: false, nothing left allocated");
	paths_free(NULL);

	ok(paths_init(NULL, &p) && p.data && p.demos, "paths_init for this test binary");
	diag("data=%s demos=%s certs=%s", p.data, p.demos, p.certs ? p.certs : "(null)");
	paths_free(&p);

	char cmd[600];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
	if (system(cmd) != 0)
		diag("could not remove %s", root);
	return tap_done();
}
