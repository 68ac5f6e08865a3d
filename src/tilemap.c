/* tilemap.c - renders a 2D grid of integer labels as 80-column terminal text or as an SVG picture. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tilemap.h"

/* A dimension of up to FULL_LIMIT entries is shown whole; a longer one keeps its first and last
 * EDGE entries with a ".." gap between, so a 64x64 tile (the benchmark size) is never
 * abbreviated and anything bigger stays about as long as a 64x64 one. */
enum { FULL_LIMIT = 64, EDGE = 32 };

/* ---- a growable string --------------------------------------------------------------------- */

typedef struct Buf {
  char *s;
  size_t len, cap;
  int oom;
} Buf;

static void buf_reserve(Buf *b, size_t extra) {
  if (b->oom || b->len + extra + 1 <= b->cap) return;
  size_t cap = b->cap ? b->cap : 1024;
  while (cap < b->len + extra + 1) cap *= 2;
  char *s = realloc(b->s, cap);
  if (!s) { b->oom = 1; return; }
  b->s = s;
  b->cap = cap;
}

static void buf_add(Buf *b, const char *s, size_t n) {
  buf_reserve(b, n);
  if (b->oom) return;
  memcpy(b->s + b->len, s, n);
  b->len += n;
  b->s[b->len] = '\0';
}

static void buf_puts(Buf *b, const char *s) { buf_add(b, s, strlen(s)); }

static void buf_fill(Buf *b, char c, int n) {
  if (n <= 0) return;
  buf_reserve(b, (size_t)n);
  if (b->oom) return;
  memset(b->s + b->len, c, (size_t)n);
  b->len += (size_t)n;
  b->s[b->len] = '\0';
}

static void buf_printf(Buf *b, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n < sizeof tmp) { buf_add(b, tmp, (size_t)n); return; }
  buf_reserve(b, (size_t)n);
  if (b->oom) return;
  va_start(ap, fmt);
  vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

/* ---- shared helpers -------------------------------------------------------------------------- */

static int digits(long long v) {
  int d = 1;
  while (v >= 10) { v /= 10; d++; }
  return d;
}

/* Width of a label as printed: negative labels print as "." */
static int label_width(long long v) { return v < 0 ? 1 : digits(v); }

/* The indices shown along a dimension of length n: all of them, or the first and last EDGE with
 * -1 marking the gap. Returns the count written to out (capacity FULL_LIMIT + 1). */
static int shown_indices(int n, int *out) {
  int k = 0;
  if (n <= FULL_LIMIT) {
    for (int i = 0; i < n; i++) out[k++] = i;
  } else {
    for (int i = 0; i < EDGE; i++) out[k++] = i;
    out[k++] = -1;
    for (int i = n - EDGE; i < n; i++) out[k++] = i;
  }
  return k;
}

/* ---- text -------------------------------------------------------------------------------------- */

char *tlua_tilemap_text(const tlua_TileMap *m, int max_cols) {
  if (!m) return NULL;
  if (max_cols <= 0) max_cols = 80;
  Buf b = {0};
  if (m->title && *m->title) { buf_puts(&b, m->title); buf_puts(&b, "\n"); }
  if (m->rows <= 0 || m->cols <= 0 || !m->label) {
    buf_printf(&b, "(empty %dx%d grid)\n", m->rows > 0 ? m->rows : 0, m->cols > 0 ? m->cols : 0);
    if (m->legend && *m->legend) { buf_puts(&b, m->legend); buf_puts(&b, "\n"); }
    return b.oom ? (free(b.s), NULL) : b.s;
  }

  int rsel[FULL_LIMIT + 1], csel[FULL_LIMIT + 1];
  int nr = shown_indices(m->rows, rsel), nc = shown_indices(m->cols, csel);

  /* One cell width for the whole grid so bands line up: wide enough for every shown label and
   * every shown column index. */
  int w = 1;
  for (int i = 0; i < nr; i++) {
    if (rsel[i] < 0) continue;
    const long long *row = m->label + (size_t)rsel[i] * (size_t)m->cols;
    for (int j = 0; j < nc; j++) {
      if (csel[j] < 0) continue;
      int lw = label_width(row[csel[j]]);
      if (lw > w) w = lw;
    }
  }
  if (digits(m->cols - 1) > w) w = digits(m->cols - 1);
  int gapw = w < 2 ? 2 : w;              /* the ".." column */
  int rh = digits(m->rows - 1);          /* row header width */
  if (m->rows > FULL_LIMIT && rh < 2) rh = 2;
  int lead = rh + 2;                     /* "NN |" */

  /* Split the shown columns into bands that each fit max_cols. */
  int band_start[FULL_LIMIT + 2], nbands = 0;
  for (int j = 0; j < nc;) {
    band_start[nbands++] = j;
    int width = lead;
    int k = j;
    while (k < nc) {
      int cw = (csel[k] < 0 ? gapw : w) + 1;
      if (k > j && width + cw > max_cols) break;
      width += cw;
      k++;
    }
    j = k;
  }
  band_start[nbands] = nc;

  if (m->rows > FULL_LIMIT || m->cols > FULL_LIMIT)
    buf_printf(&b, "(abbreviated %dx%d grid: first/last %d %s shown)\n", m->rows, m->cols, EDGE,
               m->rows > FULL_LIMIT && m->cols > FULL_LIMIT ? "rows and columns"
               : m->rows > FULL_LIMIT ? "rows" : "columns");
  if (nbands > 1)
    buf_printf(&b, "(%d columns shown in %d bands)\n", m->cols > FULL_LIMIT ? 2 * EDGE : m->cols, nbands);

  char cell[32];
  for (int band = 0; band < nbands; band++) {
    int j0 = band_start[band], j1 = band_start[band + 1];
    if (band > 0) buf_puts(&b, "\n");
    /* column header and rule */
    buf_fill(&b, ' ', lead);
    int width = 0;
    for (int j = j0; j < j1; j++) {
      if (csel[j] < 0) { buf_printf(&b, " %*s", gapw, ".."); width += gapw + 1; continue; }
      buf_printf(&b, " %*d", w, csel[j]);
      width += w + 1;
    }
    buf_puts(&b, "\n");
    buf_fill(&b, ' ', rh + 1);
    buf_puts(&b, "+");
    buf_fill(&b, '-', width);
    buf_puts(&b, "\n");
    for (int i = 0; i < nr; i++) {
      if (rsel[i] < 0) {
        buf_printf(&b, "%*s |", rh, "..");
        for (int j = j0; j < j1; j++) buf_printf(&b, " %*s", csel[j] < 0 ? gapw : w, ":");
        buf_puts(&b, "\n");
        continue;
      }
      buf_printf(&b, "%*d |", rh, rsel[i]);
      const long long *row = m->label + (size_t)rsel[i] * (size_t)m->cols;
      for (int j = j0; j < j1; j++) {
        if (csel[j] < 0) { buf_printf(&b, " %*s", gapw, ".."); continue; }
        long long v = row[csel[j]];
        if (v < 0) snprintf(cell, sizeof cell, ".");
        else snprintf(cell, sizeof cell, "%lld", v);
        buf_printf(&b, " %*s", w, cell);
      }
      buf_puts(&b, "\n");
    }
  }
  if (m->legend && *m->legend) { buf_puts(&b, m->legend); buf_puts(&b, "\n"); }
  if (b.oom) { free(b.s); return NULL; }
  return b.s;
}

/* ---- SVG --------------------------------------------------------------------------------------- */

typedef struct Rgb { int r, g, b; } Rgb;

static Rgb hsl_to_rgb(double h, double s, double l) {
  double c = (1.0 - fabs(2.0 * l - 1.0)) * s;
  double hp = fmod(h, 360.0) / 60.0;
  double x = c * (1.0 - fabs(fmod(hp, 2.0) - 1.0));
  double r = 0, g = 0, bl = 0;
  if (hp < 1) { r = c; g = x; }
  else if (hp < 2) { r = x; g = c; }
  else if (hp < 3) { g = c; bl = x; }
  else if (hp < 4) { g = x; bl = c; }
  else if (hp < 5) { r = x; bl = c; }
  else { r = c; bl = x; }
  double mm = l - c / 2.0;
  Rgb out = {(int)lround((r + mm) * 255), (int)lround((g + mm) * 255), (int)lround((bl + mm) * 255)};
  return out;
}

/* Groups (warps, banks) are categories: neighbours must look different, so hues step by the
 * golden angle. Without groups the label itself is usually an order (access number, offset): a
 * blue-to-red ramp over its range shows that order at a glance. Light colours keep text legible. */
static Rgb cell_colour(const tlua_TileMap *m, size_t at, long long lo, long long hi) {
  if (m->group) {
    long long g = m->group[at];
    if (g < 0) { Rgb white = {255, 255, 255}; return white; }
    return hsl_to_rgb(fmod((double)(g % 100003) * 137.50776405, 360.0), 0.65, 0.78);
  }
  long long v = m->label[at];
  if (v < 0) { Rgb white = {255, 255, 255}; return white; }
  double t = hi > lo ? (double)(v - lo) / (double)(hi - lo) : 0.0;
  return hsl_to_rgb(240.0 - 240.0 * t, 0.70, 0.80);
}

static int put_escaped(FILE *out, const char *s) {
  for (; *s; s++) {
    int rc;
    switch (*s) {
      case '&': rc = fputs("&amp;", out); break;
      case '<': rc = fputs("&lt;", out); break;
      case '>': rc = fputs("&gt;", out); break;
      case '"': rc = fputs("&quot;", out); break;
      default: rc = fputc((unsigned char)*s, out); break;
    }
    if (rc == EOF) return -1;
  }
  return 0;
}

int tlua_tilemap_svg(const tlua_TileMap *m, FILE *out) {
  if (!m || !out) return -1;
  int rows = m->rows > 0 && m->label ? m->rows : 0, cols = m->cols > 0 && m->label ? m->cols : 0;
  size_t n = (size_t)rows * (size_t)cols;
  long long lo = 0, hi = 0, wmax = 1;
  int seen = 0;
  for (size_t i = 0; i < n; i++) {
    long long v = m->label[i];
    if (v < 0) continue;
    if (!seen || v < lo) lo = v;
    if (!seen || v > hi) hi = v;
    seen = 1;
    if (label_width(v) > wmax) wmax = label_width(v);
  }
  int font = 10;
  int cw = (int)(wmax * 7 + 8), ch = 18;
  if (cw < 20) cw = 20;
  int rhw = digits(rows > 0 ? rows - 1 : 0) * 7 + 10;
  int title_h = (m->title && *m->title) ? 24 : 6;
  int left = rhw, top = title_h + 16;
  int legend_h = (m->legend && *m->legend) ? 24 : 6;
  int width = left + cols * cw + 8;
  int height = top + rows * ch + legend_h;
  if (width < 200) width = 200;

  int bad = 0;
  bad |= fprintf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                      "viewBox=\"0 0 %d %d\" font-family=\"monospace\" font-size=\"%d\">\n",
                 width, height, width, height, font) < 0;
  if (m->title && *m->title) {
    bad |= fputs("<title>", out) == EOF;
    bad |= put_escaped(out, m->title) < 0;
    bad |= fputs("</title>\n", out) == EOF;
  }
  bad |= fputs("<rect x=\"0\" y=\"0\" width=\"100%\" height=\"100%\" fill=\"white\"/>\n", out) == EOF;
  if (m->title && *m->title) {
    bad |= fprintf(out, "<text x=\"4\" y=\"16\" font-size=\"13\">") < 0;
    bad |= put_escaped(out, m->title) < 0;
    bad |= fputs("</text>\n", out) == EOF;
  }
  /* column and row headers */
  bad |= fputs("<g fill=\"#555\" text-anchor=\"middle\" font-size=\"8\">\n", out) == EOF;
  for (int j = 0; j < cols && !bad; j++)
    bad |= fprintf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n", left + j * cw + cw / 2, top - 4, j) < 0;
  bad |= fputs("</g>\n<g fill=\"#555\" text-anchor=\"end\" font-size=\"8\">\n", out) == EOF;
  for (int i = 0; i < rows && !bad; i++)
    bad |= fprintf(out, "<text x=\"%d\" y=\"%d\">%d</text>\n", left - 4, top + i * ch + ch / 2 + 3, i) < 0;
  bad |= fputs("</g>\n<g stroke=\"#ffffff\" stroke-width=\"0.5\">\n", out) == EOF;
  for (int i = 0; i < rows && !bad; i++) {
    for (int j = 0; j < cols; j++) {
      size_t at = (size_t)i * (size_t)cols + (size_t)j;
      Rgb c = cell_colour(m, at, lo, hi);
      bad |= fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"#%02x%02x%02x\"/>\n",
                     left + j * cw, top + i * ch, cw, ch, c.r, c.g, c.b) < 0;
    }
  }
  bad |= fputs("</g>\n<g fill=\"#111\" text-anchor=\"middle\">\n", out) == EOF;
  for (int i = 0; i < rows && !bad; i++) {
    for (int j = 0; j < cols; j++) {
      long long v = m->label[(size_t)i * (size_t)cols + (size_t)j];
      int x = left + j * cw + cw / 2, y = top + i * ch + ch / 2 + 3;
      if (v < 0) bad |= fprintf(out, "<text x=\"%d\" y=\"%d\">.</text>\n", x, y) < 0;
      else bad |= fprintf(out, "<text x=\"%d\" y=\"%d\">%lld</text>\n", x, y, v) < 0;
    }
  }
  bad |= fputs("</g>\n", out) == EOF;
  if (m->legend && *m->legend) {
    bad |= fprintf(out, "<text x=\"4\" y=\"%d\" font-size=\"11\">", top + rows * ch + 16) < 0;
    bad |= put_escaped(out, m->legend) < 0;
    bad |= fputs("</text>\n", out) == EOF;
  }
  bad |= fputs("</svg>\n", out) == EOF;
  if (fflush(out) != 0 || ferror(out)) bad = 1;
  return bad ? -1 : 0;
}
