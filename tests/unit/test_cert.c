/* test_cert: the certificate against tests/golden/certificate.txt, the
 * verification (every one-byte change is caught), name cleaning, the GPU
 * taken from the speedups line, and the no-overwrite atomic write.
 *
 * CK_WRITE_GOLDEN=1 build/tests/test_cert  rewrites the golden file (then
 * read it, and commit it only when it is right). */
#include <dirent.h>
#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "cert.h"
#include "slurp.h"
#include "tap.h"
#include "text.h"

#define GOLDEN "tests/golden/certificate.txt"

/* The fixed learner behind the golden file.  The speedups are a real
 * measurement (build/demos/matmul --cpu --quick on a 2-thread AMD EPYC). */
static void fixture(struct progress *p, struct cert_info *ci)
{
	static const int best[PROGRESS_LEVELS] = { 100, 92, 85, 80, 90 };
	static const double got[PROGRESS_SKILLS] = { 11, 6, 7.5, 4, 9, 3 };
	static const double max[PROGRESS_SKILLS] = { 12, 8, 9, 8, 10, 5 };
	progress_init(p);
	for (int i = 0; i < PROGRESS_LEVELS; i++)
		p->levels[i].best = best[i];
	for (int i = 0; i < PROGRESS_SKILLS; i++)
		p->skill_got[i] = got[i], p->skill_max[i] = max[i];
	p->gpumap_attempts = 4, p->gpumap_correct = 3;
	snprintf(p->apis, sizeof p->apis, "cudnnConvolutionForward cublasSgemm cudnnCreate "
		 "cudnnSetTensor4dDescriptor cublasCreate cudnnGetConvolutionForwardWorkspaceSize "
		 "cublasSetMathMode cudnnCreate cudnnSetFilter4dDescriptor cudnnFindConvolutionForwardAlgorithm");
	snprintf(p->speedups, sizeof p->speedups,
		 "matmul 256x256x256, CPU fallback: naive CPU 13.3 ms -> best CPU 1.07 ms (12.5x)");
	*ci = (struct cert_info){ .name = "Ada Lovelace", .date = 1795910400 /* 2026-11-29 */,
				  .version = "0.1.0", .gpu = "", .progress = p, .s = NULL,
				  .lessons_read = 15, .lessons_total = 17 };
}

static void test_golden(void)
{
	struct progress p;
	struct cert_info ci;
	fixture(&p, &ci);
	char *text = cert_text(&ci);
	ok(text != NULL, "certificate text is built");
	if (!text)
		return;
	if (getenv("CK_WRITE_GOLDEN")) {
		FILE *f = fopen(GOLDEN, "wb");
		ok(f && fputs(text, f) >= 0 && fclose(f) == 0, "golden file rewritten");
	}
	size_t len = 0;
	char *gold = slurp(GOLDEN, 1 << 20, &len);
	ok(gold && len == strlen(text) && !memcmp(gold, text, len), "byte-identical to " GOLDEN);
	ok(gold && cert_verify_buf(gold, len, NULL) == CERT_INTACT, "the golden file verifies intact");
	ok(strstr(text, "finds accidental or careless") && strstr(text, "no secret key") &&
	   strstr(text, "(deliberate forgery)"), "the body says what the SHA-256 finds and what it cannot");
	ok(strstr(text, "Ada Lovelace") && strstr(text, "2026-11-29 (UTC)") && strstr(text, "cudakitchen 0.1.0"),
	   "name, UTC date and version are in it");
	ok(strstr(text, "cuDNN: cudnnConvolutionForward, cudnnCreate,") != NULL, "cuDNN functions sorted, no repeats");
	ok(strstr(text, "cuBLAS: cublasCreate, cublasSetMathMode, cublasSgemm") != NULL, "cuBLAS functions grouped");
	ok(strstr(text, "naive CPU 13.3 ms -> best CPU 1.07 ms") != NULL, "the learner's speedups");
	ok(strstr(text, "none recorded") != NULL, "no GPU recorded is said so");
	int high = 0;
	for (const char *c = text; *c; c++)
		high += (unsigned char)*c >= 0x80;
	ok(strstr(text, "  5  Performance experiment      90%  passed") != NULL, "per-level scores");
	ok(strstr(text, "  architecture  75%  good") != NULL, "per-skill summary (quiz 6/8 + gpu-map 3/4)");
	diag("non-ASCII bytes in the certificate: %d", high);
	free(gold);
	free(text);
}

/* Flips one byte at i and checks the verdict. */
static enum cert_verdict flipped(const char *text, size_t len, size_t i, char to)
{
	char *b = malloc(len);
	memcpy(b, text, len);
	b[i] = to;
	enum cert_verdict v = cert_verify_buf(b, len, NULL);
	free(b);
	return v;
}

static void test_verify(void)
{
	struct progress p;
	struct cert_info ci;
	fixture(&p, &ci);
	char *t = cert_text(&ci);
	size_t len = strlen(t), vline = (size_t)(strstr(t, "\n" CERT_VERIFY_PREFIX) - t) + 1;
	size_t hex = vline + strlen(CERT_VERIFY_PREFIX), magic = strlen(CERT_MAGIC);
	is_int(cert_verify_buf(t, len, NULL), CERT_INTACT, "fresh certificate: intact");
	size_t name = (size_t)(strstr(t, "Ada") - t), score = (size_t)(strstr(t, "92%") - t);
	is_int(flipped(t, len, name, 'E'), CERT_MODIFIED, "a letter of the name changed: modified");
	is_int(flipped(t, len, score, '9' + 0 == t[score] ? '8' : '9'), CERT_MODIFIED, "a score changed: modified");
	is_int(flipped(t, len, magic + 1, 'X'), CERT_MODIFIED, "first byte after the header: modified");
	is_int(flipped(t, len, vline - 1, ' '), CERT_MODIFIED, "last byte of the body: modified");
	is_int(flipped(t, len, hex, t[hex] == '0' ? '1' : '0'), CERT_MODIFIED, "first hex digit of the code: modified");
	is_int(flipped(t, len, hex + 63, t[hex + 63] == 'a' ? 'b' : 'a'), CERT_MODIFIED, "last hex digit: modified");
	int missed = 0;
	for (size_t i = magic + 1; i < vline; i++)
		missed += flipped(t, len, i, (char)(t[i] ^ 0x20)) != CERT_MODIFIED;
	is_int(missed, 0, "every single-byte change in the body (%zu bytes) is caught", vline - magic - 1);
	missed = 0;
	for (size_t i = hex; i < hex + 64; i++)
		missed += flipped(t, len, i, t[i] == 'f' ? 'e' : t[i] == '9' ? 'a' : (char)(t[i] + 1)) != CERT_MODIFIED;
	is_int(missed, 0, "every changed hex digit of the code is caught");
	is_int(flipped(t, len, 3, 'X'), CERT_MODIFIED, "a changed header line: modified");
	is_int(flipped(t, len, hex + 5, 'G'), CERT_MODIFIED, "a code that is not hex: modified");
	is_int(flipped(t, len, hex + 5, (char)(t[hex + 5] >= 'a' ? t[hex + 5] - 32 : 'A')), CERT_MODIFIED,
	       "upper-case hex is a changed code: modified");
	is_int(cert_verify_buf(t, len - 1, NULL), CERT_MODIFIED, "final newline removed: modified");
	char *more = malloc(len + 2);
	memcpy(more, t, len);
	memcpy(more + len, "x\n", 2);
	is_int(cert_verify_buf(more, len + 2, NULL), CERT_MODIFIED, "a line appended after the code: modified");
	free(more);
	is_int(cert_verify_buf(t, vline, NULL), CERT_MODIFIED, "verification line removed: modified");
	is_int(cert_verify_buf(t, hex + 10, NULL), CERT_MODIFIED, "code cut short: modified");
	is_int(cert_verify_buf("", 0, NULL), CERT_NOT_CERT, "empty: not a certificate");
	is_int(cert_verify_buf(CERT_MAGIC "\n", magic + 1, NULL), CERT_MODIFIED, "header only (the rest cut off): modified");
	static const char bin[] = "\x7f" "ELF\x02\x01\x01\0\0\0verification: sha256:00";
	is_int(cert_verify_buf(bin, sizeof bin - 1, NULL), CERT_NOT_CERT, "binary: not a certificate");
	static const char other[] = "notes\nverification: sha256:" "0123456789abcdef0123456789abcdef"
				    "0123456789abcdef0123456789abcdef\n";
	is_int(cert_verify_buf(other, sizeof other - 1, NULL), CERT_MODIFIED,
	       "a verification line without the header: a certificate whose header changed");
	is_int(cert_verify_buf("verification: none\n", 19, NULL), CERT_NOT_CERT,
	       "the word alone does not make a certificate");
	char rnd[4096];
	unsigned x = 12345;
	for (size_t i = 0; i < sizeof rnd; i++)
		rnd[i] = (char)((x = x * 1103515245u + 12345u) >> 16);
	is_int(cert_verify_buf(rnd, sizeof rnd, NULL), CERT_NOT_CERT, "random bytes: not a certificate");
	free(t);
}

static void test_names(void)
{
	static const struct { const char *in, *want; } cases[] = {
		{ "Ada Lovelace", "Ada Lovelace" },
		{ "  Grace Hopper \t", "Grace Hopper" },
		{ "a\x1b[31mb", "a[31mb" },                     /* ESC stripped */
		{ "evil\xe2\x80\xae" "gnp.exe", "evilgnp.exe" }, /* bidi override stripped */
		{ "line\nbreak", "linebreak" },
		{ "Ada\xe2\x80\x8f \xd8\x9cLove\xe2\x80\x8elace", "Ada Lovelace" }, /* RLM, ALM, LRM stripped */
		{ "bad\xff" "byte", "bad\xef\xbf\xbd" "byte" },  /* invalid UTF-8 -> U+FFFD */
		{ "\xe5\xbc\xa0\xe4\xb8\x89", "\xe5\xbc\xa0\xe4\xb8\x89" },
		{ "zero\xe2\x80\x8bwidth", "zero\xe2\x80\x8bwidth" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char *out;
		const char *why;
		ok(cert_name_clean(cases[i].in, &out, &why) && !strcmp(out, cases[i].want), "name case %zu cleaned", i);
		free(out);
	}
	static const char *const bad[] = { "", "   ", "\x1b\x07\t\n", "\xe2\x80\xae", "\xe2\x80\x8f\xd8\x9c" };
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
		char *out;
		const char *why;
		ok(!cert_name_clean(bad[i], &out, &why) && !out && !strcmp(why, "empty"), "empty name %zu refused", i);
	}
	char n64[70], n65[70], w64[200], w65[200];
	memset(n64, 'x', 64), n64[64] = '\0';
	memset(n65, 'x', 65), n65[65] = '\0';
	w64[0] = w65[0] = '\0';
	for (int i = 0; i < 32; i++)
		strcat(w64, "\xe5\xbc\xa0");
	strcat(strcpy(w65, w64), "a");
	char *out;
	const char *why;
	ok(cert_name_clean(n64, &out, &why), "64 columns accepted");
	free(out);
	ok(!cert_name_clean(n65, &out, &why) && strstr(why, "too long"), "65 columns refused");
	ok(cert_name_clean(w64, &out, &why) && text_width(out) == 64, "32 wide characters are 64 columns: accepted");
	free(out);
	ok(!cert_name_clean(w65, &out, &why), "32 wide characters and one more column: refused");

	struct progress p;
	struct cert_info ci;
	fixture(&p, &ci);
	ci.name = "\x1b\x1b";
	ok(cert_text(&ci) == NULL, "no certificate for a name that cleans to nothing");
	ci.name = "Mallory\nverification: sha256:0000";
	char *t = cert_text(&ci);
	ok(t && strstr(t, "Mallory") && !strstr(t, "Mallory\n"), "a name cannot add a line");
	free(t);
}

static void test_gpu_and_rules(void)
{
	char store[256], *buf = store;
	cert_gpu_from_speedups("", buf, sizeof store);
	is_str(buf, "", "no speedups: no GPU");
	cert_gpu_from_speedups("matmul 256x256x256, CPU fallback: naive CPU 13.3 ms", buf, sizeof store);
	is_str(buf, "", "CPU fallback is not a GPU");
	cert_gpu_from_speedups("matmul 4096x4096x4096, NVIDIA H200: naive 1 ms | conv N32 C64 H56 W56 K64 3x3, "
			       "NVIDIA H200: naive 2 ms", buf, sizeof store);
	is_str(buf, "NVIDIA H200", "one GPU named once");
	cert_gpu_from_speedups("matmul 1x1x1, GPU A: x | conv 1, GPU B: y", buf, sizeof store);
	is_str(buf, "GPU A, GPU B", "two GPUs");
	cert_gpu_from_speedups("matmul 1x1x1, NVIDIA H100 PCIe: x | conv 1, NVIDIA H100: y", buf, sizeof store);
	is_str(buf, "NVIDIA H100 PCIe, NVIDIA H100", "a GPU whose name is part of another's is still listed");
	struct progress p;
	progress_init(&p);
	ok(!cert_earned(&p), "fresh progress: no certificate");
	p.levels[4].best = 79;
	ok(!cert_earned(&p), "level 5 at 79%%: not yet");
	p.levels[4].best = 80;
	ok(cert_earned(&p), "level 5 at 80%%: earned");
	struct cert_info ci = { .name = "X", .version = "0", .progress = &p };
	p.levels[4].best = -1;
	char *t = cert_text(&ci);
	ok(t && strstr(t, "none yet") && strstr(t, "none were measured") && strstr(t, "not taken"),
	   "empty progress says what is missing");
	free(t);
}

static int count_files(const char *dir, int *hidden)
{
	DIR *d = opendir(dir);
	int n = 0;
	*hidden = 0;
	for (struct dirent *e; d && (e = readdir(d));)
		if (e->d_name[0] != '.')
			n++;
		else if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			(*hidden)++;
	if (d)
		closedir(d);
	return n;
}

static void test_write(void)
{
	char tmpl[] = "/tmp/ck-cert-XXXXXX", dir[600], p1[1024], p2[1024], why[256];
	ok(mkdtemp(tmpl) != NULL, "temporary directory");
	snprintf(dir, sizeof dir, "%s/a/b/certs", tmpl);
	struct progress p;
	struct cert_info ci;
	fixture(&p, &ci);
	ok(cert_write(dir, &ci, p1, sizeof p1, why, sizeof why), "written into a new nested directory");
	ok(strstr(p1, "/cudakitchen-certificate-ada-lovelace-2026-11-29.txt") != NULL, "named after the learner and date");
	char w1[256];
	ok(cert_verify_file(p1, w1, sizeof w1) == CERT_INTACT, "the written file verifies intact");
	struct stat st;
	ok(stat(p1, &st) == 0 && (st.st_mode & 0777) == 0644, "mode 0644");
	size_t l1, l2;
	char *before = slurp(p1, 1 << 20, &l1);
	ci.name = "Ada  Lovelace";   /* same slug, different text */
	ok(cert_write(dir, &ci, p2, sizeof p2, why, sizeof why), "a second certificate is written");
	ok(strcmp(p1, p2) && strstr(p2, "-2.txt"), "under a new name (-2), not over the first");
	char *after = slurp(p1, 1 << 20, &l2);
	ok(before && after && l1 == l2 && !memcmp(before, after, l1), "the first file is unchanged");
	int hidden;
	is_int(count_files(dir, &hidden), 2, "two certificates in the directory");
	char p3[1024];
	ci.name = "Zoë Ångström 李小龍";   /* letters of any script stay in the name */
	ok(cert_write(dir, &ci, p3, sizeof p3, why, sizeof why) &&
	   strstr(p3, "/cudakitchen-certificate-zoë-ångström-李小龍-2026-11-29.txt") != NULL,
	   "a name in other scripts keeps its letters in the file name (%s)", p3);
	ci.name = "../../x; rm -rf ~";
	ok(cert_write(dir, &ci, p3, sizeof p3, why, sizeof why) &&
	   strstr(p3, "/cudakitchen-certificate-x-rm-rf-2026-11-29.txt") != NULL,
	   "punctuation and slashes never reach the file name (%s)", p3);
	hidden = 0;
	count_files(dir, &hidden);
	is_int(hidden, 0, "no temporary file is left behind");
	free(before);
	free(after);
	char path[1024];
	snprintf(path, sizeof path, "%s/x.txt", tmpl);
	FILE *f = fopen(path, "w");
	fclose(f);
	ok(!cert_write(path, &ci, p2, sizeof p2, why, sizeof why) && why[0], "a file as the directory: refused with a reason");
	ok(strstr(why, "Not a directory") != NULL, "... and the reason says so (%s)", why);
	why[0] = '\0';
	ok(!cert_write("", &ci, p2, sizeof p2, why, sizeof why) && why[0] && !p2[0],
	   "an empty directory name (--cert-dir ''): refused with a reason (%s)", why);
	ok(cert_verify_file(path, why, sizeof why) == CERT_NOT_CERT, "an empty file: not a certificate");
	ok(cert_verify_file("/nonexistent/cert.txt", why, sizeof why) == CERT_UNREADABLE && strstr(why, "No such file"),
	   "a missing file: not a certificate, cannot read");
	ok(cert_verify_file(tmpl, why, sizeof why) == CERT_NOT_CERT, "a directory: not a certificate");
	char cmd[1200];
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpl);
	ok(system(cmd) == 0, "cleaned up");
}

int main(void)
{
	setlocale(LC_ALL, "C.UTF-8");
	test_golden();
	test_verify();
	test_names();
	test_gpu_and_rules();
	test_write();
	return tap_done();
}
