/* main: options, language, and dispatch to a command.  Nothing else lives
 * here: the TUI starts in app.c, each plain command in its cmd_*.c. */
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <langinfo.h>
#include "app.h"
#include "cli.h"
#include "demo.h"
#include "i18n.h"
#include "lesson.h"
#include "text.h"

/* text after a command's first words, from column 22, its words wrapped
 * so that no line passes column 78. */
static void described(FILE *out, const char *head, const char *text)
{
	int col = fprintf(out, "  %-19s ", head);
	while (*text) {
		int n = (int)strcspn(text, " ");
		if (col > 22 && col + 1 + n > 78) {
			fprintf(out, "\n%22s", "");
			col = 22;
		} else if (col > 22) {
			fputc(' ', out);
			col++;
		}
		col += fprintf(out, "%.*s", n, text);
		text += n;
		text += strspn(text, " ");
	}
	fputc('\n', out);
}

/* A NULL-terminated list of names, "a, b, c" into buf. */
static void name_list(const char *const *names, char *buf, size_t size)
{
	size_t len = 0;
	buf[0] = '\0';
	for (int i = 0; names[i] && len < size; i++) {
		int k = snprintf(buf + len, size - len, "%s%s", i ? ", " : "", names[i]);
		len += k > 0 ? (size_t)k : 0;
	}
}

static void usage(FILE *out)
{
	char demos[512], opens[512], text[700];
	name_list(demo_names, demos, sizeof demos);
	name_list(lesson_reserved_ids, opens, sizeof opens); /* the names `open` takes */
	fputs("Usage: cudakitchen [OPTIONS] [COMMAND [ARGS...]]\n"
	      "Learn how GPUs, CUDA and cuDNN work, in a kitchen, in your terminal.\n"
	      "\n"
	      "Commands:\n"
	      "  (none)              start the tutorial at the lesson menu, resuming\n"
	      "  open ID             start straight in a lesson or block\n", out);
	snprintf(text, sizeof text, "(%s, or a lesson id such as kitchen, or its number such as 14)",
		 opens);
	described(out, "", text);
	fputs("  lint [PATH...]      check lesson and quiz files or directories\n", out);
	snprintf(text, sizeof text, "run a demo (%s) and print its table", demos);
	described(out, "demo NAME [ARGS...]", text);
	fputs("  cert verify FILE    check that a certificate is unmodified\n"
	      "  drill list|start|check|hint|solution|reset ...\n"
	      "                      kernel drills: write a kernel, check it (on the GPU,\n"
	      "                      or on the CPU emulator); 'drill --help' for more\n"
	      "\n"
	      "Options:\n"
	      "  --lessons DIR       run the class in DIR (DIR/lessons/LANG/, DIR/quizzes/LANG/)\n"
	      "  --lang en|zh        language (default: from LC_ALL, LC_MESSAGES, LANG)\n"
	      "  --cert-dir DIR      where certificates are written\n"
	      "  --no-color          no colours (also when NO_COLOR is set)\n"
	      "  --no-mouse          do not use the mouse\n"
	      "  --ascii             ASCII boxes and glyphs only\n"
	      "  --help              show this help\n"
	      "  --version           show the version\n", out);
}

/* The language from the environment: the first set variable of LC_ALL,
 * LC_MESSAGES, LANG decides; a value starting with "zh" means Chinese. */
static const char *env_lang(void)
{
	static const char *const vars[] = { "LC_ALL", "LC_MESSAGES", "LANG" };
	for (size_t i = 0; i < sizeof vars / sizeof *vars; i++) {
		const char *v = getenv(vars[i]);
		if (v && *v)
			return strncmp(v, "zh", 2) == 0 ? "zh" : "en";
	}
	return "en";
}

/* Character handling needs a UTF-8 LC_CTYPE even when the learner's
 * locale (say zh_CN.UTF-8) is not installed: fall back to C.UTF-8. */
static bool setup_locale(void)
{
	setlocale(LC_ALL, "");
	const char *cs = nl_langinfo(CODESET);
	if (cs && strcasecmp(cs, "UTF-8") == 0)
		return true;
	const char *v = getenv("LC_ALL");
	if (!v || !*v) v = getenv("LC_CTYPE");
	if (!v || !*v) v = getenv("LANG");
	/* "zh_CN" without a codeset: Chinese needs UTF-8 here, so take it too */
	bool wants_utf8 = v && (strstr(v, "UTF-8") || strstr(v, "utf8") || strstr(v, "UTF8") || strstr(v, "utf-8")
				|| (!strncmp(v, "zh", 2) && !strchr(v, '.')));
	if (wants_utf8 && (setlocale(LC_CTYPE, "C.UTF-8") || setlocale(LC_CTYPE, "C.utf8")))
		return true;
	return false;
}

/* lint measures the columns a lesson takes in the reader, which draws in
 * UTF-8: the caller's locale (LC_ALL=C, POSIX, none) must not change them,
 * so the character type is UTF-8 inside, whatever the caller's is. */
static void utf8_ctype(void)
{
	const char *cs = nl_langinfo(CODESET);
	if (!(cs && strcasecmp(cs, "UTF-8") == 0))
		if (!setlocale(LC_CTYPE, "C.UTF-8"))
			setlocale(LC_CTYPE, "C.utf8");
}

/* An error about the user's own text: sanitized like everything that
 * reaches a terminal (text_sanitize), so an argument holding escape
 * sequences cannot retitle or reprogram it.  Returns 2 (usage). */
static int arg_error(const char *fmt, const char *arg)
{
	char *clean = text_sanitize(arg, (size_t)-1);
	fputs("cudakitchen: ", stderr);
	fprintf(stderr, fmt, clean ? clean : "?");
	fputs("\nTry 'cudakitchen --help'\n", stderr);
	free(clean);
	return 2;
}

static int need_arg(int i, int argc, const char *opt)
{
	if (i + 1 >= argc) {
		fprintf(stderr, "cudakitchen: option '%s' needs an argument\nTry 'cudakitchen --help'\n", opt);
		return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	struct options opt = { .color = true, .mouse = true };
	const char *nc = getenv("NO_COLOR");
	if (nc && *nc)
		opt.color = false;
	opt.ascii = !setup_locale();
	opt.lang = env_lang();

	/* Options come before the command; the command's own arguments follow it. */
	int i = 1;
	for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--")) { i++; break; }
		else if (!strcmp(a, "--help") || !strcmp(a, "-h") || !strcmp(a, "--version")) {
			if (i + 1 < argc)
				return arg_error("'%s' takes no arguments", a);
			if (strcmp(a, "--version"))
				usage(stdout);
			else
				printf("cudakitchen %s\n", CK_VERSION);
			return 0;
		}
		else if (!strcmp(a, "--no-color")) opt.color = false;
		else if (!strcmp(a, "--no-mouse")) opt.mouse = false;
		else if (!strcmp(a, "--ascii")) opt.ascii = true;
		else if (!strcmp(a, "--lessons")) { if (!need_arg(i, argc, a)) return 2; opt.lessons_dir = argv[++i]; }
		else if (!strcmp(a, "--cert-dir")) { if (!need_arg(i, argc, a)) return 2; opt.cert_dir = argv[++i]; }
		else if (!strcmp(a, "--lang")) {
			if (!need_arg(i, argc, a)) return 2;
			opt.lang = argv[++i];
			if (strcmp(opt.lang, "en") && strcmp(opt.lang, "zh"))
				return arg_error("unknown language '%s' (en or zh)", opt.lang);
		} else {
			return arg_error("unknown option '%s'", a);
		}
	}
	/* Chinese cannot be written in ASCII: rather than a screen of '?',
	 * English, and the TUI says why */
	if (opt.ascii && opt.lang && !strncmp(opt.lang, "zh", 2)) {
		opt.lang = "en";
		opt.zh_in_ascii = true;
	}
	i18n_set_lang(opt.lang);   /* chosen once: the TUI and certificates read it */
	if (i >= argc)
		return cmd_tui(&opt, NULL);
	const char *cmd = argv[i];
	if (!strcmp(cmd, "open")) {
		if (i + 2 != argc) {
			bool opt_after = i + 2 < argc && argv[i + 2][0] == '-';
			fprintf(stderr, "cudakitchen: 'open' takes one ID%s\nTry 'cudakitchen --help'\n",
				opt_after ? "; options go before the command (cudakitchen --no-mouse open ID)" : "");
			return 2;
		}
		return cmd_tui(&opt, argv[i + 1]);
	}
	if (!strcmp(cmd, "lint")) {
		utf8_ctype();
		return cmd_lint(&opt, argc - i - 1, argv + i + 1);
	}
	if (!strcmp(cmd, "demo"))
		return cmd_demo(&opt, argc - i - 1, argv + i + 1);
	if (!strcmp(cmd, "cert"))
		return cmd_cert(&opt, argc - i - 1, argv + i + 1);
	if (!strcmp(cmd, "drill"))
		return cmd_drill(&opt, argc - i - 1, argv + i + 1);
	return arg_error("unknown command '%s'", cmd);
}
