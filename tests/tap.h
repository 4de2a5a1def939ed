/* tap.h: a tiny TAP producer for the unit tests (prove reads it).
 *
 * Usage: call ok()/is_int()/is_str() as often as needed, then
 * `return tap_done();` from main.  The plan is printed at the end
 * ("1..N"), so tests need not count themselves.  Header-only and
 * deliberately minimal: no fixtures, no forking. */
#ifndef CK_TAP_H
#define CK_TAP_H
#include <stdio.h>
#include <string.h>
#include <stdarg.h>

static int tap_n, tap_failed;

static int tap_ok(int cond, const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	tap_n++;
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	if (!cond) {
		tap_failed++;
		printf("#   failed at %s:%d\n", file, line);
	}
	fflush(stdout);
	return cond;
}

#define ok(cond, ...) tap_ok(!!(cond), __FILE__, __LINE__, __VA_ARGS__)
#define is_int(got, want, ...) \
	(tap_ok((long long)(got) == (long long)(want), __FILE__, __LINE__, __VA_ARGS__) || \
	 (printf("#   got %lld, want %lld\n", (long long)(got), (long long)(want)), 0))
#define is_str(got, want, ...) \
	(tap_ok((got) && (want) && strcmp((got), (want)) == 0, __FILE__, __LINE__, __VA_ARGS__) || \
	 (printf("#   got  \"%s\"\n#   want \"%s\"\n", (got) ? (got) : "(null)", (want) ? (want) : "(null)"), 0))
#define diag(...) (printf("# "), printf(__VA_ARGS__), printf("\n"))

static int tap_done(void)
{
	printf("1..%d\n", tap_n);
	return tap_failed ? 1 : 0;
}
#endif
