/* fuzz target "cert": the certificate verifier (cert_verify_buf) and the
 * two cert functions that take text from outside (the typed name, the
 * speedups line from progress).
 *
 * Invariants checked: the verdict is one of the three; a text that starts
 * with the magic line and ends with a newline, followed by its correct
 * verification line, verifies as intact (so the check has no false alarm);
 * flipping a byte of the body then makes it modified; a cleaned name is
 * sanitized, 1..64 columns, without tabs or newlines. */
#include <locale.h>
#include "fuzz.h"
#include "cert.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	setlocale(LC_ALL, "C.UTF-8");
	return 0;
}

/* When the input can be a certificate body, sign it and verify. */
static void check_signed(const uint8_t *data, size_t size)
{
	size_t m = strlen(CERT_MAGIC);
	if (size <= m || memcmp(data, CERT_MAGIC "\n", m + 1) || data[size - 1] != '\n')
		return;
	size_t vl = strlen(CERT_VERIFY_PREFIX);
	char *buf = malloc(size + vl + 66);
	FUZZ_CHECK(buf != NULL);
	memcpy(buf, data, size);
	char hex[65];
	FUZZ_CHECK(cert_sha256_hex(buf, size, hex));
	size_t len = size + (size_t)sprintf(buf + size, "%s%s\n", CERT_VERIFY_PREFIX, hex);
	const char *why = NULL;
	FUZZ_CHECK(cert_verify_buf(buf, len, &why) == CERT_INTACT);
	/* A changed body byte (after the magic line) must be noticed, unless the
	 * change makes another "verification:" line, which is not a certificate. */
	size_t at = m + 1 + (size - m - 1) / 2;
	if (at < size) {
		buf[at] ^= 0x01;
		enum cert_verdict v = cert_verify_buf(buf, len, &why);
		FUZZ_CHECK(v == CERT_MODIFIED || v == CERT_NOT_CERT);
	}
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *why = NULL;
	enum cert_verdict v = cert_verify_buf((const char *)data, size, &why);
	FUZZ_CHECK(v == CERT_INTACT || v == CERT_MODIFIED || v == CERT_NOT_CERT);
	check_signed(data, size);

	char *s = fuzz_cstr(data, size > 4096 ? 4096 : size);
	char *name = NULL;
	if (cert_name_clean(s, &name, &why)) {
		FUZZ_CHECK(fuzz_clean(name) && !strpbrk(name, "\t\n"));
		int w = text_width(name);
		FUZZ_CHECK(w >= 1 && w <= CERT_NAME_MAX_COLS && strlen(name) <= CERT_NAME_MAX_BYTES);
		free(name);
	}
	char gpu[256];
	cert_gpu_from_speedups(s, gpu, sizeof gpu);
	FUZZ_CHECK(strlen(gpu) < sizeof gpu);
	free(s);
	return 0;
}
