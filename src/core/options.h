/* options: what the command line and the environment chose. */
#ifndef CK_OPTIONS_H
#define CK_OPTIONS_H
#include <stdbool.h>

struct options {
	const char *lessons_dir;  /* --lessons DIR, or NULL for the built-in content */
	const char *lang;         /* "en" or "zh" (--lang, else LC_ALL/LC_MESSAGES/LANG) */
	const char *cert_dir;     /* --cert-dir, or NULL for the default */
	bool color;               /* false with --no-color or NO_COLOR */
	bool mouse;               /* false with --no-mouse */
	bool ascii;               /* --ascii, or automatically in a non-UTF-8 locale */
	bool zh_in_ascii;         /* Chinese was asked for in ASCII: English instead */
};
#endif
