/* fsutil: the few file-system steps that crash-safe writers share —
 * progress.yaml (progress.c) and certificates (cert_io.c).  Each returns
 * an errno value or sets errno, never prints and never exits; the caller
 * words the message.  Pure POSIX; and the checks that keep content
 * (lessons, quiz levels, a class's directories) from leading outside. */
#ifndef CK_FSUTIL_H
#define CK_FSUTIL_H
#include <stdbool.h>
#include <sys/types.h>

/* mkdir -p: creates dir and its missing parents with mode.  True when dir
 * is a directory afterwards; false with errno set ("" is ENOENT, a file
 * in the way ENOTDIR). */
bool fs_mkdirs(const char *dir, mode_t mode);

/* fsync(2) of a directory, so a rename or link in it survives a crash.
 * Best effort: a file system that cannot sync directories is not an error. */
void fs_fsync_dir(const char *dir);

/* Gives the file at from the name to, never replacing an existing to:
 * link(2) then unlink(from), which fails rather than replace even in a
 * race; where the file system has no hard links, a check then rename(2).
 * Returns 0, EEXIST when to is taken, or another errno. */
int fs_move_no_clobber(const char *from, const char *to);

/* Content files (lessons, quiz levels) may be symbolic links only to files
 * inside their own directory.  Returns the resolved target (the caller
 * frees it) when path is a link that resolves outside its directory;
 * NULL when it is not a link, stays inside, or does not resolve (left to
 * the loader's "cannot open"). */
char *fs_link_outside(const char *path);

/* The directories of a class (--lessons DIR, lint DIR) must stay inside
 * it, whatever links lie on the way.  Returns the resolved directory (the
 * caller frees it) when dir is a directory that resolves outside root;
 * NULL when it is inside, not a directory, or does not resolve. */
char *fs_dir_outside(const char *root, const char *dir);
/* fs_dir_outside for every subdirectory of root to depth levels (hidden
 * ones skipped; one that is outside is not entered): report gets each
 * escaping directory and its target.  Returns how many there were. */
size_t fs_tree_outside(const char *root, int depth,
		       void (*report)(void *ctx, const char *dir, const char *target), void *ctx);
#endif
