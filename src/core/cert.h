/* cert: the learner's certificate, a UTF-8 plain-text file, and its check.
 *
 * Layout.  The first line is CERT_MAGIC in every language (it tells a
 * certificate from any other file); the body follows; the last line is
 * "verification: sha256:<64 lowercase hex>\n", the SHA-256 (OpenSSL
 * libcrypto) of every byte above it.  The body says in words that this
 * checks integrity, not identity: anyone can write a matching file.
 *
 * Files.  cert_write never replaces a file: each certificate gets a new
 * name, cudakitchen-certificate-<slug>-<YYYY-MM-DD>.txt, then -2, -3 ... when
 * that exists.  It is written to a temporary file in the same directory,
 * fsync'd, and published with link(2), which fails rather than replace an
 * existing name even in a race (rename(2) after a check where the file
 * system has no hard links), then the directory is fsync'd.
 *
 * Words.  Every sentence of the certificate is in one struct cert_strings,
 * so a translation is one more table (cert_strings_for). */
#ifndef CK_CERT_H
#define CK_CERT_H
#include <stdbool.h>
#include <stddef.h>
#include <time.h>
#include "progress.h"

#define CERT_MAGIC "cudakitchen certificate, format 1"
#define CERT_VERIFY_PREFIX "verification: sha256:"
#define CERT_PASS_PERCENT 80      /* a level is passed at 80% (issue 5's unlock rule) */
#define CERT_NAME_MAX_COLS 64
#define CERT_NAME_MAX_BYTES 512   /* 64 columns of the widest UTF-8 still fit */
#define CERT_MAX_FILE (1 << 20)   /* larger files are not certificates */

struct cert_strings {
	const char *title, *name, *date, *utc, *version, *gpu, *no_gpu;
	const char *done_head, *lessons_read, *levels_passed;   /* "... %d of %d" */
	const char *levels_head, *level_name[PROGRESS_LEVELS];
	const char *passed, *not_passed, *not_taken;
	const char *radar_head, *skills_head;
	const char *skill_name[PROGRESS_SKILLS], *skill_about[PROGRESS_SKILLS];
	const char *band_strong, *band_solid, *band_weak, *band_unknown;
	const char *apis_head, *apis_none, *apis_other;
	const char *speed_head, *speed_none;
	const char *integrity;    /* the integrity-not-identity paragraph */
};

const struct cert_strings *cert_strings_for(const char *lang); /* English until translated */

/* What a certificate says.  Strings are borrowed; name must have passed
 * cert_name_clean; gpu is shown as given (see cert_gpu_from_speedups). */
struct cert_info {
	const char *name;
	time_t date;              /* printed as the UTC date */
	const char *version;      /* cudakitchen's version, e.g. "0.1.0" */
	const char *gpu;          /* NULL or "": none recorded */
	const struct progress *progress;
	const struct cert_strings *s;  /* NULL: English */
	int lessons_read, lessons_total;  /* of the course taken; total 0: not said */
	int nlevels;              /* the course's quiz levels; 0: PROGRESS_LEVELS */
	const char *level_title[PROGRESS_LEVELS];  /* a class's own level's title, or
	                                              NULL: the built-in level's name */
	int drills_total;         /* the course's kernel drills; 0: no drills line */
	/* the drills' ids (drills_total of them): only these count as passed;
	 * NULL: every drill passed counts */
	const char *const *drill_ids;
	const char *title;        /* a class's title line, or NULL: the built-in course's */
};

/* True when level 5 is passed (levels unlock in order, so the others are). */
bool cert_earned(const struct progress *p);
/* The same for a course whose quiz has nlevels levels (a class may end
 * its quiz early: quiz_run_course_levels): its last level passed. */
bool cert_earned_in(const struct progress *p, int nlevels);

/* Cleans a typed name: text_sanitize, then tabs, newlines and other
 * non-printable code points removed and spaces trimmed at both ends.
 * True with a new string in *out (caller frees) when 1..64 display
 * columns remain; false with *why set ("empty", "too long") otherwise. */
bool cert_name_clean(const char *in, char **out, const char **why);

/* The GPUs named in progress.speedups (segments "demo SIZE, DEVICE: ..."
 * separated by " | ", as the demo runner writes them), distinct, joined
 * with ", "; "CPU fallback" is not a GPU.  buf is "" when none. */
void cert_gpu_from_speedups(const char *speedups, char *buf, size_t size);

/* The whole certificate text, body and verification line (caller frees);
 * NULL when out of memory or the digest fails. */
char *cert_text(const struct cert_info *ci);

/* SHA-256 of data as 64 lowercase hex digits and a NUL. */
bool cert_sha256_hex(const void *data, size_t len, char hex[65]);

/* Writes the certificate into dir (created with its parents, 0755) under a
 * new name; path gets the file's path.  False with a one-line reason. */
bool cert_write(const char *dir, const struct cert_info *ci, char *path, size_t psize,
		char *why, size_t wsize);

/* CERT_UNREADABLE: the file could not be opened or read (it may or may not
 * be a certificate); `cert verify` exits 2 for it as for CERT_NOT_CERT. */
enum cert_verdict { CERT_INTACT = 0, CERT_MODIFIED = 1, CERT_NOT_CERT = 2, CERT_UNREADABLE = 3 };

/* Checks a certificate's text: not a certificate when it has neither the
 * CERT_MAGIC first line nor a "verification:" line (empty, random, another
 * file); otherwise it was one, and it is modified when the header changed,
 * the verification line is missing, malformed (not CERT_VERIFY_PREFIX and 64
 * lowercase hex digits), does not start a line or is followed by anything,
 * or the digest of the bytes before it differs; intact otherwise.  So any
 * changed byte of a certificate, body or code, reads as modified.  why (may
 * be NULL) gets a short reason. */
enum cert_verdict cert_verify_buf(const char *buf, size_t len, const char **why);
/* The same for a file: CERT_UNREADABLE when it cannot be opened or read
 * (why: the system's reason); not a regular file or larger than
 * CERT_MAX_FILE is "not a certificate"; why is set for both. */
enum cert_verdict cert_verify_file(const char *path, char *why, size_t wsize);
#endif
