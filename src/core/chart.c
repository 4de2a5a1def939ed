/* chart: log axes, bars and the roofline grid (see chart.h).  Pure. */
#include "chart.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include "i18n.h"
#include "text.h"

static bool positive(double v)
{
	return isfinite(v) && v > 0;
}

bool chart_decades(double vmin, double vmax, double *lo, double *hi)
{
	if (!positive(vmin) && !positive(vmax)) {
		*lo = 1;
		*hi = 10;
		return false;
	}
	if (!positive(vmin))
		vmin = vmax;
	if (!positive(vmax))
		vmax = vmin;
	/* a hair of slack so an exact power of ten stays its own decade */
	double a = floor(log10(vmin) + 1e-9), b = ceil(log10(vmax) - 1e-9);
	/* keep 10^a > 0 and 10^b finite even for a denormal or a huge value
	 * read from a result file, so every axis loop "v *= 10" ends */
	a = a < -CHART_MAX_DECADE ? -CHART_MAX_DECADE : a > CHART_MAX_DECADE - 1 ? CHART_MAX_DECADE - 1 : a;
	b = b > CHART_MAX_DECADE ? CHART_MAX_DECADE : b;
	if (b <= a)
		b = a + 1;
	*lo = pow(10, a);
	*hi = pow(10, b);
	return true;
}

static double frac(double v, double lo, double hi)
{
	return log(v / lo) / log(hi / lo);
}

int chart_log_cells(double v, double lo, double hi, int cells)
{
	if (!positive(v) || cells <= 0 || !(hi > lo) || !(lo > 0))
		return 0;
	long n = lround(frac(v, lo, hi) * cells);
	if (n < 1)
		n = 1;
	return n > cells ? cells : (int)n;
}

int chart_log_index(double v, double lo, double hi, int cells)
{
	if (!positive(v) || cells <= 0 || !(hi > lo) || !(lo > 0))
		return -1;
	double f = floor(frac(v, lo, hi) * cells);
	if (f < 0)
		return 0;
	return f >= cells ? cells - 1 : (int)f;
}

int chart_roof_row(const struct chart_roof *c, double y)
{
	int i = chart_log_index(y, c->ylo, c->yhi, c->h);
	return i < 0 ? -1 : c->h - 1 - i;
}

int chart_roof_col(const struct chart_roof *c, double x)
{
	return chart_log_index(x, c->xlo, c->xhi, c->w);
}

static void ranges(struct chart_roof *c, double peak, double bw,
		   const struct chart_point *p, int n)
{
	double x0 = INFINITY, x1 = 0, y0 = INFINITY, y1 = 0;
	for (int i = 0; i < n; i++) {
		if (!positive(p[i].x) || !positive(p[i].y))
			continue;
		x0 = fmin(x0, p[i].x); x1 = fmax(x1, p[i].x);
		y0 = fmin(y0, p[i].y); y1 = fmax(y1, p[i].y);
		if (positive(p[i].xmin)) {
			x0 = fmin(x0, p[i].xmin); x1 = fmax(x1, p[i].xmin);
		}
	}
	if (c->has_roof) {
		double ridge = peak / bw;
		x0 = fmin(x0, ridge); x1 = fmax(x1, ridge);
		y0 = fmin(y0, peak); y1 = fmax(y1, peak);
	}
	chart_decades(isfinite(x0) ? x0 : 0, x1, &c->xlo, &c->xhi);
	chart_decades(isfinite(y0) ? y0 : 0, y1, &c->ylo, &c->yhi);
}

/* The ceilings, one cell per column, with the rows between neighbouring
 * columns filled so a steep slope stays a line. */
static void draw_roof(struct chart_roof *c, double peak, double bw)
{
	int prev = -1;
	for (int col = 0; col < c->w; col++) {
		double x = c->xlo * pow(c->xhi / c->xlo, (col + 0.5) / c->w);
		double y = fmin(peak, bw * x);
		int row = y < c->ylo ? -1 : chart_roof_row(c, y);
		if (row < 0) {
			prev = -1;
			continue;
		}
		bool slope = bw * x < peak;
		c->kind[row][col] = slope ? CH_SLOPE : CH_FLAT;
		for (int r = row + 1; slope && prev >= 0 && r < prev; r++)
			c->kind[r][col] = CH_SLOPE;
		prev = row;
	}
}

static bool is_point(const struct chart_roof *c, int row, int col)
{
	return col >= 0 && col < c->w && c->kind[row][col] == CH_POINT;
}

/* A cell a mark may take: inside, no mark in it or beside it. */
static bool room_at(const struct chart_roof *c, int row, int col)
{
	return col >= 0 && col < c->w && !is_point(c, row, col) && !is_point(c, row, col - 1) &&
	       !is_point(c, row, col + 1);
}

/* A point goes in its cell; when a mark holds it or stands beside it, in
 * the nearest cell of the same row within two columns that has room
 * (kernels of one problem often share an intensity); else it joins the
 * nearest mark of its row, which then stands for both. */
static void place(struct chart_roof *c, const struct chart_point *p, int i)
{
	static const int nudge[] = { 0, 1, -1, 2, -2 };
	int row = chart_roof_row(c, p->y), col = chart_roof_col(c, p->x);
	if (row < 0 || col < 0)
		return;
	for (size_t k = 0; k < sizeof nudge / sizeof *nudge; k++)
		if (room_at(c, row, col + nudge[k])) {
			c->kind[row][col + nudge[k]] = CH_POINT;
			c->mark[row][col + nudge[k]] = p->mark;
			if (i < CHART_MAX_POINTS)
				c->shown_as[i] = p->mark;
			return;
		}
	for (int d = 0; d < c->w; d++)   /* the nearest mark: there is one within two */
		for (int s = -1; s <= 1; s += 2)
			if (is_point(c, row, col + s * d)) {
				int k = col + s * d;
				if (c->more[row][k] < 255)
					c->more[row][k]++;
				if (i < CHART_MAX_POINTS)
					c->shown_as[i] = c->mark[row][k];
				return;
			}
}

void chart_roofline(struct chart_roof *c, int w, int h, double peak, double bw,
		    const struct chart_point *p, int n)
{
	memset(c, 0, sizeof *c);
	c->w = w < 1 ? 1 : w > CHART_MAX_W ? CHART_MAX_W : w;
	c->h = h < 1 ? 1 : h > CHART_MAX_H ? CHART_MAX_H : h;
	c->has_roof = positive(peak) && positive(bw);
	ranges(c, peak, bw, p, n);
	if (c->has_roof)
		draw_roof(c, peak, bw);
	for (int i = 0; i < n; i++) {
		int col = positive(p[i].x) && positive(p[i].y) ? chart_roof_col(c, p[i].xmin) : -1;
		if (col < 0)
			continue;
		c->min_col[col] = true;
		for (int r = 0; r < c->h; r++)
			if (c->kind[r][col] == CH_EMPTY)
				c->kind[r][col] = CH_MIN;
	}
	for (int i = 0; i < n; i++)
		place(c, &p[i], i);
}

void chart_decade_label(double v, char *buf, int size)
{
	static const char *const suffix[] = { "", "k", "M", "G", "T" };
	if (!positive(v) || size < 1) {
		if (size > 0)
			snprintf(buf, (size_t)size, "?");
		return;
	}
	long k = lround(log10(v));
	if (k < 0)
		snprintf(buf, (size_t)size, "%.*f", (int)-k, pow(10, (double)k));
	else if (k / 3 < 5)
		snprintf(buf, (size_t)size, "%ld%s", (long)lround(pow(10, (double)(k % 3))),
			 suffix[k / 3]);
	else
		snprintf(buf, (size_t)size, "1e%ld", k);
}

/* Whether s[0..end) ends in CJK punctuation that a cut drops: ， 、 （ ： ； */
static size_t cjk_punct_before(const char *s, size_t end)
{
	static const char *const p[] = { "\uff0c", "\u3001", "\uff08", "\uff1a", "\uff1b" };
	for (size_t k = 0; k < sizeof p / sizeof p[0]; k++) {
		size_t n = strlen(p[k]);
		if (end >= n && !memcmp(s + end - n, p[k], n))
			return n;
	}
	return 0;
}

/* s[0..end) without what should not stand before an ellipsis: spaces,
 * commas, a colon, an open bracket, a lone + or =, CJK punctuation. */
static size_t trim_cut(const char *s, size_t end)
{
	for (size_t n; end > 0;) {
		char c = s[end - 1];
		if (c == ' ' || c == ',' || c == ':' || c == '(' ||
		    ((c == '+' || c == '=') && (end == 1 || s[end - 2] == ' ')))
			end--;
		else if ((n = cjk_punct_before(s, end)))
			end -= n;
		else
			break;
	}
	return end;
}

/* label cut after its last whole word that leaves room for ell in w. */
static void cut_words(const char *label, int w, const char *ell, char *buf, size_t size)
{
	int room = w - text_width(ell);
	size_t best = 0;
	int prev_w = 0;
	for (size_t i = 0, len; label[i]; i += len) {
		int cw;
		len = text_char(label + i, &cw);
		if (!len)
			break;
		char c = label[i];
		/* a word ends at a space, comma or hyphen, and next to a wide
		 * (CJK) character: that text has no spaces */
		bool wide = i > 0 && (cw == 2 || prev_w == 2);
		prev_w = cw;
		if (i == 0 || (c != ' ' && c != '-' && c != ',' && !wide))
			continue;
		size_t end = trim_cut(label, c == '-' ? i + 1 : i);   /* keep a hyphen */
		char part[256];
		snprintf(part, sizeof part, "%.*s", (int)end, label);
		if (end < sizeof part && text_width(part) <= room)
			best = end;
	}
	if (best)
		snprintf(buf, size, "%.*s%s", (int)best, label, ell);
	else   /* not even one word fits: the ellipsis alone says something is there */
		snprintf(buf, size, "%s", w >= text_width(ell) ? ell : "");
}

/* What a row is called: its label, else its id, else nothing. */
static const char *label_or_id(const char *label, const char *id)
{
	return label && *label ? label : id ? id : "";
}

void chart_short_label(const char *label, const char *id, int w, const char *ell,
		       char *buf, size_t size)
{
	const char *l = label_or_id(label, id);
	if (text_width(l) <= w) {
		snprintf(buf, size, "%s", l);
		return;
	}
	/* the label's first words and an ellipsis: the learner reads the same
	 * words as on a wide screen, not an id ("cpu-blocked") */
	cut_words(l, w, ell, buf, size);
	if (strcmp(buf, ell) && buf[0])
		return;
	if (id && *id && text_width(id) <= w)   /* not even one word fits */
		snprintf(buf, size, "%s", id);
}

/* label cut between characters: as many as leave room for ell in w, the
 * spaces and commas before the cut dropped. */
static void cut_chars(const char *label, int w, const char *ell, char *buf, size_t size)
{
	int room = w - text_width(ell), used = 0;
	size_t end = 0;
	for (size_t i = 0, len; label[i]; i += len) {
		int cw;
		len = text_char(label + i, &cw);
		if (!len || used + cw > room)
			break;
		used += cw;
		end = i + len;
	}
	end = trim_cut(label, end);
	if (end)
		snprintf(buf, size, "%.*s%s", (int)end, label, ell);
	else
		snprintf(buf, size, "%s", w >= text_width(ell) ? ell : "");
}

/* label's last words: an ellipsis, then the longest end of it that fits
 * in w and starts a word (after a space, comma, hyphen or Chinese comma);
 * when not even the last word fits, the label cut between characters, and
 * false. */
static bool cut_head(const char *label, int w, const char *ell, char *buf, size_t size)
{
	int room = w - text_width(ell);
	size_t len = strlen(label), word = len;
	for (size_t i = len; i > 0;) {   /* back from the end, a character at a time */
		size_t j = i - 1;
		while (j > 0 && ((unsigned char)label[j] & 0xC0) == 0x80)
			j--;
		if (text_width(label + j) > room)
			break;
		if (j > 0 && (label[j - 1] == ' ' || label[j - 1] == ',' || label[j - 1] == '-' ||
			      cjk_punct_before(label, j)))
			word = j;
		i = j;
	}
	size_t from = word;
	while (label[from] == ' ' || label[from] == ',')
		from++;
	if (word < len && label[from]) {
		snprintf(buf, size, "%s%s", ell, label + from);
		return true;
	}
	cut_chars(label, w, ell, buf, size);
	return false;
}

/* Label k of a legend, shortened the way `level` says: 0 after a whole
 * word, 1 between characters, 2 its last words, 3 the id, or its
 * abbreviation (cut between characters where even that is too long).
 * False where level 2 found no whole last word to show. */
static bool legend_cut(const char *const *labels, const char *const *ids, int k, int level, int w,
		       const char *ell, char *buf, size_t size)
{
	const char *l = label_or_id(labels[k], ids[k]);
	if (level == 0 || text_width(l) <= w) {
		chart_short_label(labels[k], ids[k], w, ell, buf, size);
	} else if (level == 1) {
		cut_chars(l, w, ell, buf, size);
	} else if (level == 2) {
		return cut_head(l, w, ell, buf, size);
	} else {
		char ab[128];
		chart_abbrev(ids[k], ab, sizeof ab);
		if (ids[k] && *ids[k] && text_width(ids[k]) <= w)
			snprintf(buf, size, "%s", ids[k]);
		else if (ab[0] && text_width(ab) <= w)
			snprintf(buf, size, "%s", ab);
		else
			cut_chars(ab[0] ? ab : l, w, ell, buf, size);
	}
	return true;
}

void chart_legend_labels(const char *const *labels, const char *const *ids, int n, int w,
			 const char *ell, char (*out)[CHART_LABEL_MAX])
{
	if (n > CHART_LEGEND_MAX) {   /* too many to weigh together: each on its own */
		for (int k = 0; k < n; k++)
			chart_short_label(labels[k], ids[k], w, ell, out[k], sizeof out[k]);
		return;
	}
	/* every label starts cut after a word; one that reads like another,
	 * different label as they are shown now goes a level further, until
	 * none does (or nothing further is left): what each finally shows is
	 * what the others are compared with */
	int level[CHART_LEGEND_MAX];
	bool has[CHART_LEGEND_MAX];   /* its level has a form of its own */
	const char *full[CHART_LEGEND_MAX];
	for (int k = 0; k < n; k++) {
		full[k] = label_or_id(labels[k], ids[k]);
		level[k] = 0;
		has[k] = legend_cut(labels, ids, k, 0, w, ell, out[k], sizeof out[k]);
	}
	size_t el = strlen(ell);
	for (bool moved = true; moved;) {
		bool clash[CHART_LEGEND_MAX];   /* all weighed first, then all moved: a pair moves together */
		for (int k = 0; k < n; k++) {
			clash[k] = !has[k];   /* no last word fits: on to the id */
			/* last words ("…gemm") that also end another label
			 * ("cuDNN gemm") would be read as that one */
			const char *tail = level[k] == 2 && el && !strncmp(out[k], ell, el) ? out[k] + el : NULL;
			size_t tl = tail ? strlen(tail) : 0;
			for (int j = 0; j < n && !clash[k]; j++) {
				if (!strcmp(full[j], full[k]))
					continue;
				size_t fl = strlen(full[j]);
				clash[k] = !strcmp(out[j], out[k]) ||
					   (tail && fl >= tl && !strcmp(full[j] + fl - tl, tail));
			}
		}
		moved = false;
		for (int k = 0; k < n; k++)
			if (clash[k] && level[k] < 3) {
				level[k]++;
				has[k] = legend_cut(labels, ids, k, level[k], w, ell, out[k], sizeof out[k]);
				moved = true;
			}
	}
}

void chart_axis_label(const char *lo, const char *hi, int w, char *buf, size_t size)
{
	snprintf(buf, size, tr(MSG_DV_LOG_SCALE), lo, hi);
	if (text_width(buf) <= w)
		return;
	snprintf(buf, size, tr(MSG_DV_LOG_SHORT), lo, hi);
	if (text_width(buf) <= w)
		return;
	snprintf(buf, size, tr(MSG_DV_LOG_MAX), hi);
	if (text_width(buf) > w) /* the bound alone, never a unit cut in half */
		snprintf(buf, size, "%s ms", hi);
}

void chart_abbrev(const char *id, char *buf, size_t size)
{
	static const char *const ab[][2] = {
		{ "cudnn", "dnn" }, { "cublas", "blas" }, { "implicit", "impl" }, { "precomp", "pc" },
		{ "winograd", "wino" }, { "nonfused", "nf" }, { "blocked", "blk" }, { "default", "dflt" },
		{ "direct", "dir" }, { "tiling", "tile" }, { "coalesced", "coal" }, { "regblock", "regblk" },
	};
	size_t len = 0;
	if (!size)
		return;
	buf[0] = '\0';
	for (const char *p = id ? id : ""; *p && len + 1 < size;) {
		size_t n = strcspn(p, "-");
		const char *w = NULL;
		for (size_t i = 0; i < sizeof ab / sizeof *ab && !w; i++)
			if (strlen(ab[i][0]) == n && !strncmp(p, ab[i][0], n))
				w = ab[i][1];
		int k = w ? snprintf(buf + len, size - len, "%s", w)
			  : snprintf(buf + len, size - len, "%.*s", (int)n, p);
		len += k > 0 ? (size_t)k : 0;
		p += n;
		if (*p == '-' && len + 1 < size) {
			buf[len++] = '-';
			buf[len] = '\0';
			p++;
		} else if (*p) {
			p++;
		}
	}
	if (len >= size)
		buf[size - 1] = '\0';
}
