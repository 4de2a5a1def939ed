/* cert_words: what a certificate says before its text is built (see
 * cert.h): its words in the learner's language, from the message table;
 * whether the quiz earned one; the learner's name, cleaned, and the GPUs
 * named in the stored speed-ups.  cert.c writes the text from these. */
#include "cert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "text.h"
#include "i18n.h"

/* The certificate's words come from the one message table (i18n_msgs.h,
 * the MSG_CW_* block), where the translation test checks them; this
 * fills a cert_strings per language from it once, and only reads after. */
static void fill_strings(struct cert_strings *s, enum lang l)
{
	s->title = i18n_text(l, MSG_CW_TITLE);
	s->name = i18n_text(l, MSG_CW_NAME);
	s->date = i18n_text(l, MSG_CW_DATE);
	s->utc = i18n_text(l, MSG_CW_UTC);
	s->version = i18n_text(l, MSG_CW_VERSION);
	s->gpu = i18n_text(l, MSG_CW_GPU);
	s->no_gpu = i18n_text(l, MSG_CW_NO_GPU);
	s->done_head = i18n_text(l, MSG_CW_DONE_HEAD);
	s->lessons_read = i18n_text(l, MSG_CW_LESSONS_READ);
	s->levels_passed = i18n_text(l, MSG_CW_LEVELS_PASSED);
	s->levels_head = i18n_text(l, MSG_CW_LEVELS_HEAD);
	s->level_name[0] = i18n_text(l, MSG_CW_LEVEL_NAME_1);
	s->level_name[1] = i18n_text(l, MSG_CW_LEVEL_NAME_2);
	s->level_name[2] = i18n_text(l, MSG_CW_LEVEL_NAME_3);
	s->level_name[3] = i18n_text(l, MSG_CW_LEVEL_NAME_4);
	s->level_name[4] = i18n_text(l, MSG_CW_LEVEL_NAME_5);
	s->passed = i18n_text(l, MSG_CW_PASSED);
	s->not_passed = i18n_text(l, MSG_CW_NOT_PASSED);
	s->not_taken = i18n_text(l, MSG_CW_NOT_TAKEN);
	s->radar_head = i18n_text(l, MSG_CW_RADAR_HEAD);
	s->skills_head = i18n_text(l, MSG_CW_SKILLS_HEAD);
	s->skill_name[0] = i18n_text(l, MSG_CW_SKILL_NAME_CONCEPTS);
	s->skill_name[1] = i18n_text(l, MSG_CW_SKILL_NAME_ARCHITECTURE);
	s->skill_name[2] = i18n_text(l, MSG_CW_SKILL_NAME_THREADS);
	s->skill_name[3] = i18n_text(l, MSG_CW_SKILL_NAME_MEMORY);
	s->skill_name[4] = i18n_text(l, MSG_CW_SKILL_NAME_LIBRARIES);
	s->skill_name[5] = i18n_text(l, MSG_CW_SKILL_NAME_PERFORMANCE);
	s->skill_about[0] = i18n_text(l, MSG_CW_SKILL_ABOUT_CONCEPTS);
	s->skill_about[1] = i18n_text(l, MSG_CW_SKILL_ABOUT_ARCHITECTURE);
	s->skill_about[2] = i18n_text(l, MSG_CW_SKILL_ABOUT_THREADS);
	s->skill_about[3] = i18n_text(l, MSG_CW_SKILL_ABOUT_MEMORY);
	s->skill_about[4] = i18n_text(l, MSG_CW_SKILL_ABOUT_LIBRARIES);
	s->skill_about[5] = i18n_text(l, MSG_CW_SKILL_ABOUT_PERFORMANCE);
	s->band_strong = i18n_text(l, MSG_CW_BAND_STRONG);
	s->band_solid = i18n_text(l, MSG_CW_BAND_SOLID);
	s->band_weak = i18n_text(l, MSG_CW_BAND_WEAK);
	s->band_unknown = i18n_text(l, MSG_CW_BAND_UNKNOWN);
	s->apis_head = i18n_text(l, MSG_CW_APIS_HEAD);
	s->apis_none = i18n_text(l, MSG_CW_APIS_NONE);
	s->apis_other = i18n_text(l, MSG_CW_APIS_OTHER);
	s->speed_head = i18n_text(l, MSG_CW_SPEED_HEAD);
	s->speed_none = i18n_text(l, MSG_CW_SPEED_NONE);
	s->integrity = i18n_text(l, MSG_CW_INTEGRITY);
}


/* The learner's language: "zh..." is Chinese, anything else English.  The
 * first line (CERT_MAGIC) and the verification line stay the same in
 * every language, so `cert verify` reads any certificate. */
const struct cert_strings *cert_strings_for(const char *lang)
{
	static struct cert_strings strings[LANG_COUNT];
	static bool filled[LANG_COUNT];
	enum lang l = lang && !strncmp(lang, "zh", 2) ? LANG_ZH : LANG_EN;
	if (!filled[l]) {
		fill_strings(&strings[l], l);
		filled[l] = true;
	}
	return &strings[l];
}

bool cert_earned_in(const struct progress *p, int nlevels)
{
	int n = nlevels > 0 && nlevels <= PROGRESS_LEVELS ? nlevels : PROGRESS_LEVELS;
	return p->levels[n - 1].best >= CERT_PASS_PERCENT;
}

bool cert_earned(const struct progress *p)
{
	return cert_earned_in(p, PROGRESS_LEVELS);
}

/* Keeps printable code points only (no tab, newline or other controls). */
static char *printable_only(const char *s)
{
	size_t n = strlen(s), o = 0;
	char *out = malloc(n + 1);
	mbstate_t st;
	memset(&st, 0, sizeof st);
	if (!out)
		return NULL;
	for (size_t i = 0; i < n;) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, s + i, n - i, &st);
		if (k == (size_t)-1 || k == (size_t)-2 || k == 0) { /* cannot happen after sanitize */
			memset(&st, 0, sizeof st);
			i++;
			continue;
		}
		if (iswprint((wint_t)wc)) {
			memcpy(out + o, s + i, k);
			o += k;
		}
		i += k;
	}
	out[o] = '\0';
	return out;
}

bool cert_name_clean(const char *in, char **out, const char **why)
{
	*out = NULL;
	*why = "empty";
	char *clean = text_sanitize(in ? in : "", (size_t)-1);
	char *p = clean ? printable_only(clean) : NULL;
	free(clean);
	if (!p) {
		*why = "out of memory";
		return false;
	}
	size_t a = 0, b = strlen(p);
	while (a < b && p[a] == ' ')
		a++;
	while (b > a && p[b - 1] == ' ')
		b--;
	memmove(p, p + a, b - a);
	p[b - a] = '\0';
	int w = text_width(p);
	if (w < 1 || w > CERT_NAME_MAX_COLS) {
		*why = w < 1 ? "empty" : "too long (at most 64 columns)";
		free(p);
		return false;
	}
	*out = p;
	return true;
}

/* True when dev is one of the ", "-separated entries of list (a whole
 * entry: "NVIDIA H100" is not listed by "NVIDIA H100 PCIe"). */
static bool listed(const char *list, const char *dev)
{
	size_t n = strlen(dev);
	for (const char *p = list; *p;) {
		const char *end = strstr(p, ", ");
		size_t len = end ? (size_t)(end - p) : strlen(p);
		if (len == n && !memcmp(p, dev, n))
			return true;
		p += len + (end ? 2 : 0);
	}
	return false;
}

void cert_gpu_from_speedups(const char *speedups, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (const char *seg = speedups; seg && *seg;) {
		const char *end = strstr(seg, " | ");
		size_t n = end ? (size_t)(end - seg) : strlen(seg);
		const char *comma = memchr(seg, ',', n);
		const char *colon = comma ? memchr(comma, ':', n - (size_t)(comma - seg)) : NULL;
		if (comma && colon && colon > comma + 2) {
			char dev[128];
			size_t dn = (size_t)(colon - comma - 2);
			snprintf(dev, sizeof dev, "%.*s", (int)dn, comma + 2);
			if (strcmp(dev, "CPU fallback") && strcmp(dev, "?") && !listed(buf, dev)) {
				int w = snprintf(buf + len, size - len, "%s%s", len ? ", " : "", dev);
				if (w > 0 && (size_t)w < size - len)
					len += (size_t)w;
				else
					buf[len] = '\0';
			}
		}
		seg += n + (end ? 3 : 0);
	}
}
