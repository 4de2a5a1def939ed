/* place: what a file or directory is by its place in a course, the way
 * the tutorial finds them (lessons/README.md, quizzes/README.md): a quiz
 * level lives in quizzes/ or quizzes/<lang>/ (or is named levelN.yaml
 * outside lessons/<lang>/); anything else is a lesson.  Never decided by
 * other words of the path: /home/me/quizzes/class/01-kitchen.yaml is a
 * lesson of the class `class`.  Pure string work, no file system. */
#ifndef CK_PLACE_H
#define CK_PLACE_H
#include <stdbool.h>
#include <stddef.h>

/* The k-th path component from the end (0: the base name, 1: its
 * directory's name...), "" past the start; written into buf. */
const char *place_component(const char *path, int k, char *buf, size_t size);
/* A language directory's name: en, zh, pt_BR, zh-TW (2-3 lowercase
 * letters, an optional region). */
bool place_lang_name(const char *s);
/* dir is `quizzes`, or a language directory inside one. */
bool place_quiz_dir(const char *dir);
/* path is a quiz level by its place (see above). */
bool place_quiz_file(const char *path);
#endif
