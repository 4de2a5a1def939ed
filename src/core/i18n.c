/* i18n: the message tables (see i18n.h); the texts themselves are in
 * i18n_msgs.h, English and Chinese on neighbouring lines. */
#include <string.h>
#include "i18n.h"

static const char *const texts[LANG_COUNT][MSG_COUNT] = {
	[LANG_EN] = {
#define X(id, en, zh) [id] = en,
		CK_MESSAGES(X)
#undef X
	},
	[LANG_ZH] = {
#define X(id, en, zh) [id] = zh,
		CK_MESSAGES(X)
#undef X
	},
};

static const char *const names[MSG_COUNT] = {
#define X(id, en, zh) [id] = #id,
	CK_MESSAGES(X)
#undef X
};

static enum lang current = LANG_EN;

void i18n_set_lang(const char *lang)
{
	current = lang && !strncmp(lang, "zh", 2) ? LANG_ZH : LANG_EN;
}

enum lang i18n_lang(void)
{
	return current;
}

const char *i18n_text(enum lang l, enum msg m)
{
	if ((unsigned)l >= LANG_COUNT || (unsigned)m >= MSG_COUNT || !texts[l][m])
		return "";
	return texts[l][m];
}

const char *tr(enum msg m)
{
	return i18n_text(current, m);
}

const char *i18n_name(enum msg m)
{
	return (unsigned)m < MSG_COUNT ? names[m] : "?";
}
