/* cert_io: the certificate's digest, its file, and its check.
 *
 * The digest is OpenSSL's SHA-256 through EVP_Digest.  Writing never
 * replaces a file (see cert.h for the naming and the link(2) publish);
 * reading is bounded (CERT_MAX_FILE) and treats the file as bytes, so a
 * binary or non-UTF-8 file is judged like any other. */
#include "cert.h"
#include "text.h"
#include "fsutil.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>
#include <openssl/evp.h>

bool cert_sha256_hex(const void *data, size_t len, char hex[65])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int n = 0;
	if (!EVP_Digest(data, len, md, &n, EVP_sha256(), NULL) || n != 32)
		return false;
	for (unsigned i = 0; i < n; i++)
		snprintf(hex + 2 * i, 3, "%02x", md[i]);
	return true;
}

/* ---- writing --------------------------------------------------------- */

/* The file name's middle part: the name's letters and digits in any
 * script (lower-cased where the script has case, kept as UTF-8), other runs
 * as one '-', at most 48 bytes of whole characters; "learner" when none. */
static void slug(const char *name, char *out, size_t size)
{
	size_t o = 0, left = strlen(name);
	mbstate_t ms;
	memset(&ms, 0, sizeof ms);
	for (const char *c = name; *c && o + 1 < size && o < 48;) {
		wchar_t wc;
		size_t k = mbrtowc(&wc, c, left, &ms);
		if (k == (size_t)-1 || k == (size_t)-2 || k == 0) {   /* not a character here */
			memset(&ms, 0, sizeof ms);
			k = 1;
			wc = L'-';
		}
		char mb[MB_LEN_MAX];
		mbstate_t out_ms;
		memset(&out_ms, 0, sizeof out_ms);
		size_t m = iswalnum((wint_t)wc) ? wcrtomb(mb, (wchar_t)towlower((wint_t)wc), &out_ms) : 0;
		if (m != 0 && m != (size_t)-1) {
			if (o + m >= size || o + m > 48)
				break;
			memcpy(out + o, mb, m);
			o += m;
		} else if (o && out[o - 1] != '-') {
			out[o++] = '-';
		}
		c += k;
		left -= k;
	}
	while (o && out[o - 1] == '-')
		o--;
	out[o] = '\0';
	if (!o)
		snprintf(out, size, "learner");
}

static bool write_all(int fd, const char *s, size_t n)
{
	while (n) {
		ssize_t w = write(fd, s, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return false;
		s += w;
		n -= (size_t)w;
	}
	return true;
}

/* Gives tmp the first free name; false with errno set when none works. */
static bool publish(const char *tmp, const char *dir, const char *base, char *path, size_t psize)
{
	for (int k = 1; k < 1000; k++) {
		char suffix[16] = "";
		if (k > 1)
			snprintf(suffix, sizeof suffix, "-%d", k);
		int n = snprintf(path, psize, "%s/%s%s.txt", dir, base, suffix);
		if (n < 0 || (size_t)n >= psize) {
			errno = ENAMETOOLONG;
			return false;
		}
		int e = fs_move_no_clobber(tmp, path);
		if (e == EEXIST)
			continue;
		errno = e;
		return e == 0;
	}
	errno = EEXIST;
	return false;
}

bool cert_write(const char *dir, const struct cert_info *ci, char *path, size_t psize,
		char *why, size_t wsize)
{
	char tmp[4096], base[96], name[40], date[16] = "date";
	char *text = cert_text(ci);
	int fd = -1;
	bool ok = false, have_tmp = false;
	path[0] = '\0';
	if (!text) {
		snprintf(why, wsize, "cannot build the certificate (invalid name or out of memory)");
		return false;
	}
	struct tm tm;
	if (gmtime_r(&ci->date, &tm))
		strftime(date, sizeof date, "%Y-%m-%d", &tm);
	slug(ci->name, name, sizeof name);
	snprintf(base, sizeof base, "cudakitchen-certificate-%s-%s", name, date);
	if (!fs_mkdirs(dir, 0755)) {
		snprintf(why, wsize, "cannot create %s: %s", dir, strerror(errno));
		goto out;
	}
	int n = snprintf(tmp, sizeof tmp, "%s/.cudakitchen-cert-XXXXXX", dir);
	if (n < 0 || (size_t)n >= sizeof tmp || (fd = mkstemp(tmp)) < 0) {
		snprintf(why, wsize, "cannot write in %s: %s", dir, strerror(errno));
		goto out;
	}
	have_tmp = true;
	if (fchmod(fd, 0644) != 0 || !write_all(fd, text, strlen(text)) || fsync(fd) != 0) {
		snprintf(why, wsize, "cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	int closed = close(fd);
	fd = -1;
	if (closed != 0) {
		snprintf(why, wsize, "cannot write %s: %s", tmp, strerror(errno));
		goto out;
	}
	if (!publish(tmp, dir, base, path, psize)) {
		snprintf(why, wsize, "cannot name the certificate in %s: %s", dir, strerror(errno));
		path[0] = '\0';
		goto out;
	}
	fs_fsync_dir(dir);
	ok = true;
out:
	if (fd >= 0)
		close(fd);
	if (!ok && have_tmp)
		unlink(tmp);
	free(text);
	return ok;
}

/* ---- checking -------------------------------------------------------- */

static bool is_hex64(const char *s, size_t n)
{
	if (n != 64)
		return false;
	for (size_t i = 0; i < n; i++)
		if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return false;
	return true;
}

enum cert_verdict cert_verify_buf(const char *buf, size_t len, const char **why)
{
	static const char magic[] = CERT_MAGIC "\n", key[] = "verification:";
	const char *dummy;
	if (!why)
		why = &dummy;
	*why = "";
	bool head = len >= sizeof magic - 1 && memcmp(buf, magic, sizeof magic - 1) == 0;
	/* the last "verification:"; normally it starts the last line, but a
	 * lost newline before it must read as a change, not as no line */
	size_t v = 0;
	bool found = false;
	for (size_t i = 0; i + sizeof key - 1 <= len; i++)
		if (buf[i] == 'v' && !memcmp(buf + i, key, sizeof key - 1)) {
			v = i;
			found = true;
		}
	const size_t plen = strlen(CERT_VERIFY_PREFIX);
	const bool prefixed = found && len - v >= plen && !memcmp(buf + v, CERT_VERIFY_PREFIX, plen);
	/* A file with neither the header nor a verification line starting a
	 * line of UTF-8 text was never a certificate (empty, random, a program);
	 * one with either was, and any change to it reads as a change. */
	if (!head) {
		if (!prefixed || (v > 0 && buf[v - 1] != '\n') || !text_valid_utf8(buf, len, NULL)) {
			*why = "no certificate header line";
			return CERT_NOT_CERT;
		}
		return (*why = "the header line was changed"), CERT_MODIFIED;
	}
	if (!found)
		return (*why = "the verification line was removed"), CERT_MODIFIED;
	const char *nl = memchr(buf + v, '\n', len - v);
	size_t end = nl ? (size_t)(nl - buf) : len;
	if (!prefixed || !is_hex64(buf + v + plen, end - v - plen))
		return (*why = "the verification code was changed"), CERT_MODIFIED;
	char hex[65];
	if (!cert_sha256_hex(buf, v, hex)) {
		*why = "cannot compute SHA-256";
		return CERT_NOT_CERT;
	}
	if (v == 0 || buf[v - 1] != '\n' || !nl || end + 1 != len || memcmp(hex, buf + v + plen, 64) != 0)
		return CERT_MODIFIED;
	return CERT_INTACT;
}

enum cert_verdict cert_verify_file(const char *path, char *why, size_t wsize)
{
	enum cert_verdict r = CERT_NOT_CERT;
	const char *reason = NULL;
	char *buf = NULL;
	/* O_NONBLOCK: a FIFO must not hang the check; only regular files count */
	int fd = open(path, O_RDONLY | O_NONBLOCK);
	struct stat st;
	if (fd < 0 || fstat(fd, &st) != 0) {
		snprintf(why, wsize, "cannot read: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return r;
	}
	FILE *f = S_ISREG(st.st_mode) ? fdopen(fd, "rb") : NULL;
	if (!f) {
		snprintf(why, wsize, S_ISREG(st.st_mode) ? "cannot read" : "not a regular file");
		close(fd);
		return r;
	}
	buf = malloc(CERT_MAX_FILE + 1);
	size_t n = buf ? fread(buf, 1, CERT_MAX_FILE + 1, f) : 0;
	if (!buf)
		snprintf(why, wsize, "out of memory");
	else if (ferror(f))
		snprintf(why, wsize, "cannot read: %s", strerror(errno));
	else if (n > CERT_MAX_FILE)
		snprintf(why, wsize, "larger than any certificate (over 1 MiB)");
	else {
		r = cert_verify_buf(buf, n, &reason);
		snprintf(why, wsize, "%s", reason);
	}
	free(buf);
	fclose(f);
	return r;
}
