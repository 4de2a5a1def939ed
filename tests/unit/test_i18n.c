/* Unit tests for i18n.c: every message has a non-empty text in both
 * languages, the printf placeholders agree between them (so a translated
 * format string can never read the wrong argument), the Chinese table is
 * really Chinese where it should be, and the language switch works. */
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "i18n.h"
#include "keys.h"
#include "cert.h"
#include "gpumap.h"
#include "text.h"

/* The argument-taking conversions of a printf format, "%d|%s|%zu|", into
 * out.  A '%' followed by anything that cannot start a specification
 * (e.g. "80% or more", a text that is never used as a format) is plain
 * text; the space flag is not used by any message, so "% o" is text too. */
static void specs(const char *s, char *out, size_t size)
{
	size_t n = 0;
	out[0] = '\0';
	for (const char *p = s; *p; p++) {
		if (*p != '%')
			continue;
		const char *q = p + 1;
		q += strspn(q, "-+#0");
		q += strspn(q, "0123456789*");
		if (*q == '.') {
			q++;
			q += strspn(q, "0123456789*");
		}
		q += strspn(q, "hlzjtL");
		if (*q == '%' && q == p + 1) {   /* "%%" takes no argument */
			p = q;
			continue;
		}
		if (!*q || !strchr("diouxXeEfgGcsp", *q))
			continue;
		int k = snprintf(out + n, size - n, "%.*s|", (int)(q - p + 1), p);
		if (k < 0 || (size_t)k >= size - n)
			break;
		n += (size_t)k;
		p = q;
	}
}

static bool has_cjk(const char *s)
{
	return text_width(s) > (int)0 && strlen(s) > (size_t)text_width(s);
}

/* True when s is one of the table's texts (the same pointer): a string
 * shown from a table of its own would escape the checks above. */
static bool in_table(const char *s)
{
	for (int l = 0; l < LANG_COUNT; l++)
		for (int m = 0; m < MSG_COUNT; m++)
			if (s == i18n_text((enum lang)l, (enum msg)m))
				return true;
	return false;
}

/* The certificate's words and the gpu-map's parts come from the table. */
static void test_one_table(void)
{
	static const char *const langs[] = { "en", "zh" };
	int outside = 0;
	for (int l = 0; l < 2; l++) {
		const struct cert_strings *c = cert_strings_for(langs[l]);
		const char *const one[] = { c->title, c->name, c->date, c->utc, c->version, c->gpu,
			c->no_gpu, c->levels_head, c->passed, c->not_passed, c->not_taken, c->radar_head,
			c->skills_head, c->band_strong, c->band_solid, c->band_weak, c->band_unknown,
			c->apis_head, c->apis_none, c->apis_other, c->speed_head, c->speed_none, c->integrity };
		for (size_t i = 0; i < sizeof one / sizeof *one; i++)
			outside += !in_table(one[i]);
		for (int i = 0; i < PROGRESS_LEVELS; i++)
			outside += !in_table(c->level_name[i]);
		for (int i = 0; i < PROGRESS_SKILLS; i++)
			outside += !in_table(c->skill_name[i]) + !in_table(c->skill_about[i]);
		i18n_set_lang(langs[l]);
		for (int g = 0; g < GM_NCOMP; g++)
			outside += !in_table(gpumap_label((enum gm_comp)g)) + !in_table(gpumap_role((enum gm_comp)g)) +
				   !in_table(gpumap_hint((enum gm_comp)g));
	}
	i18n_set_lang(NULL);
	is_int(outside, 0, "the certificate's and the gpu-map's words are in the one table");
	ok(strcmp(cert_strings_for("zh")->title, cert_strings_for("en")->title) != 0,
	   "and the certificate still has its Chinese title");
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	test_one_table();
	int empty = 0, mismatch = 0, untranslated = 0;
	for (int m = 0; m < MSG_COUNT; m++) {
		const char *en = i18n_text(LANG_EN, (enum msg)m), *zh = i18n_text(LANG_ZH, (enum msg)m);
		if (!en[0] || !zh[0]) {
			empty++;
			diag("%s has an empty text", i18n_name((enum msg)m));
		}
		char a[256], b[256];
		specs(en, a, sizeof a);
		specs(zh, b, sizeof b);
		if (strcmp(a, b)) {
			mismatch++;
			diag("%s: placeholders differ: en '%s', zh '%s'", i18n_name((enum msg)m), a, b);
		}
		/* Chinese text that equals the English and has letters is a
		 * forgotten translation (key names such as "Tab" and "o" excepted,
		 * and product names and symbols that read the same in Chinese) */
		if (!strcmp(en, zh) && strlen(en) > 3 && m != MSG_GM_LINK_LABEL && m != MSG_ANS_ORDER_SEP && m != MSG_ANS_PAIR) {
			untranslated++;
			diag("%s is not translated", i18n_name((enum msg)m));
		}
	}
	ok(MSG_COUNT > 100, "the table has %d messages", MSG_COUNT);
	is_int(empty, 0, "every message has text in English and Chinese");
	is_int(mismatch, 0, "printf placeholders match between the languages");
	is_int(untranslated, 0, "every Chinese text differs from the English");

	/* every command of keys.h has its help text (MSG_KEY_<cmd>), and
	 * keys_help() gives it in order */
	int keys_differ = 0, ncmd = 0;
#define X(c, k) keys_differ += strcmp(keys_help(ncmd++), i18n_text(LANG_EN, MSG_KEY_##c)) != 0;
	CK_COMMANDS(X)
#undef X
	is_int(keys_differ, 0, "keys_help(i) is command i's MSG_KEY_* text");
	i18n_set_lang("zh");
	is_str(keys_help(0), i18n_text(LANG_ZH, MSG_KEY_CMD_QUIT), "keys_help() answers in the chosen language");
	i18n_set_lang("en");
	char sp[128];
	specs("Level %d is locked: score 80%% on level %d first", sp, sizeof sp);
	const char *got = sp;
	is_str(got, "%d|%d|", "specs() reads conversions and skips %%%%");
	specs("costs %zu, %-5.2f and %lld (80% or more)", sp, sizeof sp);
	is_str(got, "%zu|%-5.2f|%lld|", "specs() reads flags, width, length; '% o' is text");

	i18n_set_lang(NULL);
	is_int(i18n_lang(), LANG_EN, "no language means English");
	is_str(tr(MSG_MENU_TITLE), "cudakitchen: lessons", "English menu title");
	i18n_set_lang("zh");
	is_int(i18n_lang(), LANG_ZH, "zh means Chinese");
	is_str(tr(MSG_MENU_TITLE), "cudakitchen：课程", "Chinese menu title");
	ok(has_cjk(tr(MSG_SKILL_ARCHITECTURE)), "skill names are Chinese");
	char buf[128];
	snprintf(buf, sizeof buf, tr(MSG_TOO_SMALL), "×", 41, "×", 24);
	got = buf;
	is_str(got, "终端太小：需要 60×20，当前 41×24", "the too-small message in Chinese");
	i18n_set_lang("zh_CN.UTF-8");
	is_int(i18n_lang(), LANG_ZH, "zh_CN.UTF-8 means Chinese");
	i18n_set_lang("en_US.UTF-8");
	is_int(i18n_lang(), LANG_EN, "en_US.UTF-8 means English");
	is_str(tr((enum msg)MSG_COUNT), "", "an id out of range gives \"\"");
	return tap_done();
}
