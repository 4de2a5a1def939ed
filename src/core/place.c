/* place: the placement rules of place.h. */
#include <stdio.h>
#include <string.h>
#include "place.h"

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');
	return s ? s + 1 : path;
}

/* levelN.yaml names a quiz level. */
static bool is_level_name(const char *path)
{
	const char *b = base_name(path);
	if (strncmp(b, "level", 5))
		return false;
	size_t i = 5;
	while (b[i] >= '0' && b[i] <= '9')
		i++;
	return i > 5 && !strcmp(b + i, ".yaml");
}

/* The last n path components of path, one by one: place_component(path, 0) is
 * the base name, 1 its directory's name...; "" past the start.  Written
 * into buf. */
const char *place_component(const char *path, int k, char *buf, size_t size)
{
	size_t end = strlen(path);
	while (end > 1 && path[end - 1] == '/')
		end--;
	for (;;) {
		size_t start = end;
		while (start > 0 && path[start - 1] != '/')
			start--;
		if (k-- == 0) {
			snprintf(buf, size, "%.*s", (int)(end - start), path + start);
			return buf;
		}
		if (start == 0) {
			buf[0] = '\0';
			return buf;
		}
		end = start - 1;
		while (end > 0 && path[end - 1] == '/')
			end--;
	}
}

/* A language directory's name: two or three lowercase letters, optionally
 * a region (en, zh, pt_BR, zh-TW). */
bool place_lang_name(const char *s)
{
	size_t n = 0;
	while (s[n] >= 'a' && s[n] <= 'z')
		n++;
	if (n < 2 || n > 3)
		return false;
	if (!s[n])
		return true;
	return (s[n] == '_' || s[n] == '-') && strlen(s + n + 1) >= 2 && strlen(s + n + 1) <= 4;
}

/* True when dir is, by its place, a quizzes directory: `quizzes` itself or
 * a language directory inside one. */
bool place_quiz_dir(const char *dir)
{
	char a[256], b[256];
	place_component(dir, 0, a, sizeof a);
	return !strcmp(a, "quizzes") || (place_lang_name(a) && !strcmp(place_component(dir, 1, b, sizeof b), "quizzes"));
}

/* A file is a quiz level when its directory is a quizzes directory, or
 * when it is named levelN.yaml and does not sit in lessons/<lang>/. */
bool place_quiz_file(const char *path)
{
	char dir_name[256], up[256];
	place_component(path, 1, dir_name, sizeof dir_name);
	place_component(path, 2, up, sizeof up);
	if (!strcmp(dir_name, "quizzes") || (place_lang_name(dir_name) && !strcmp(up, "quizzes")))
		return true;
	return is_level_name(path) && !(place_lang_name(dir_name) && !strcmp(up, "lessons"));
}

