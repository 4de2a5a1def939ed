/* i18n: every string the TUI and the certificate show, in English and
 * Simplified Chinese, side by side in one X-macro table (i18n.c).
 *
 * Why a table and not gettext: one binary and two languages, no .mo files
 * to build or install, and a unit test (tests/unit/test_i18n.c) that checks
 * every id has a non-empty text in both languages with the same printf
 * placeholders.  The language is chosen once, before the first tr(): main
 * calls i18n_set_lang(options.lang) before any command runs.  It is the one
 * piece of mutable state here, set once and then only read.  The
 * certificate's wording (MSG_CW_*) and the gpu-map's parts (MSG_GM_*_LABEL,
 * _ROLE, _HINT) are in the same table, so the same test covers them. */
#ifndef CK_I18N_H
#define CK_I18N_H
#include <stdbool.h>
#include "i18n_msgs.h"

enum msg {
#define X(id, en, zh) id,
	CK_MESSAGES(X)
#undef X
	MSG_COUNT
};

enum lang { LANG_EN, LANG_ZH, LANG_COUNT };

/* Chooses the language: "zh" (or anything starting with "zh") is Chinese,
 * everything else (NULL included) English. */
void i18n_set_lang(const char *lang);
enum lang i18n_lang(void);
/* The current language's text of m; never NULL. */
const char *tr(enum msg m);
/* The text of m in language l (for tests and lint); never NULL. */
const char *i18n_text(enum lang l, enum msg m);
/* The id's name ("MSG_QUIT"), for test messages. */
const char *i18n_name(enum msg m);
#endif
