/* encoding.c - tile distributions: R/H/P/Y encodings, raked 2D patterns, coordinates, owners. */
#include "encoding.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define fail(err, ...) tlua_errorf(-1, err, TLUA_ENC_ERRLEN, __VA_ARGS__)

/* a * b for 0 < a, b <= TLUA_ENC_LIMIT; the result saturates at LIMIT + 1 so a chain of products
 * never overflows and "> LIMIT" stays detectable. */
static long long mul_cap(long long a, long long b) {
  long long m = a * b; /* both <= 2^31 + 1: fits in 63 bits */
  return m > TLUA_ENC_LIMIT ? TLUA_ENC_LIMIT + 1 : m;
}

static long long comp_len(const tlua_Encoding *e, tlua_RH c) {
  return c.major == 0 ? e->r[c.minor] : e->h[c.major - 1][c.minor];
}

static void name_user(char *buf, size_t n, char kind, int idx) {
  snprintf(buf, n, "%c%d", kind, idx);
}

/* Checks that c names an existing component; `who` is e.g. "P1 component 0" or "Y2". */
static int check_ref(const tlua_Encoding *e, tlua_RH c, const char *who, char *err) {
  if (c.major < 0 || c.major > e->ndim)
    return fail(err, "encoding: %s refers to {%d, %d}, but major must be 0 (R) to %d (H%d)", who,
                c.major, c.minor, e->ndim, e->ndim - 1);
  if (c.major == 0) {
    if (c.minor < 0 || c.minor >= e->nr) {
      if (e->nr == 0)
        return fail(err, "encoding: %s refers to {0, %d}, but R has no components", who, c.minor);
      return fail(err, "encoding: %s refers to {0, %d}, but R has %d components (minor 0 to %d)",
                  who, c.minor, e->nr, e->nr - 1);
    }
    return 0;
  }
  int d = c.major - 1;
  if (c.minor < 0 || c.minor >= e->nh[d])
    return fail(err, "encoding: %s refers to {%d, %d}, but H%d has %d components (minor 0 to %d)",
                who, c.major, c.minor, d, e->nh[d], e->nh[d] - 1);
  return 0;
}

int tlua_encoding_validate(const tlua_Encoding *e, char err[TLUA_ENC_ERRLEN]) {
  if (e->ndim < 1 || e->ndim > TLUA_ENC_MAX_DIMS)
    return fail(err, "encoding: h must list 1 to %d tensor dimensions (got %d)", TLUA_ENC_MAX_DIMS,
                e->ndim);
  if (e->nr < 0 || e->nr > TLUA_ENC_MAX_R)
    return fail(err, "encoding: r must have 0 to %d components (got %d)", TLUA_ENC_MAX_R, e->nr);
  for (int k = 0; k < e->nr; k++)
    if (e->r[k] <= 0 || e->r[k] > TLUA_ENC_LIMIT)
      return fail(err, "encoding: R component %d must be a length from 1 to 2^31 (got %lld)", k,
                  e->r[k]);
  for (int d = 0; d < e->ndim; d++) {
    if (e->nh[d] < 1 || e->nh[d] > TLUA_ENC_MAX_H)
      return fail(err, "encoding: H%d must have 1 to %d components (got %d)", d, TLUA_ENC_MAX_H,
                  e->nh[d]);
    long long len = 1;
    for (int k = 0; k < e->nh[d]; k++) {
      if (e->h[d][k] <= 0 || e->h[d][k] > TLUA_ENC_LIMIT)
        return fail(err, "encoding: H%d component %d must be a length from 1 to 2^31 (got %lld)", d,
                    k, e->h[d][k]);
      len = mul_cap(len, e->h[d][k]);
    }
    if (len > TLUA_ENC_LIMIT)
      return fail(err, "encoding: the length of dimension %d (the product of H%d) exceeds 2^31", d,
                  d);
  }
  if (e->np < 1 || e->np > TLUA_ENC_MAX_P)
    return fail(err, "encoding: p must list 1 to %d P dims (got %d)", TLUA_ENC_MAX_P, e->np);
  if (e->ny < 0 || e->ny > TLUA_ENC_MAX_Y)
    return fail(err, "encoding: y must list 0 to %d Y dims (got %d)", TLUA_ENC_MAX_Y, e->ny);

  /* who uses each component: 0 = nobody, else 1 + (P index) or -(1 + Y index) */
  int used_r[TLUA_ENC_MAX_R] = {0};
  int used_h[TLUA_ENC_MAX_DIMS][TLUA_ENC_MAX_H] = {{0}};
  char who[48], other[16];
  long long threads = 1, elements = 1;
  for (int i = 0; i < e->np; i++) {
    if (e->npc[i] < 1 || e->npc[i] > TLUA_ENC_MAX_PC)
      return fail(err, "encoding: P%d must list 1 to %d components (got %d)", i, TLUA_ENC_MAX_PC,
                  e->npc[i]);
    for (int j = 0; j < e->npc[i]; j++) {
      tlua_RH c = e->p[i][j];
      snprintf(who, sizeof who, "P%d component %d", i, j);
      if (check_ref(e, c, who, err)) return -1;
      int *slot = c.major == 0 ? &used_r[c.minor] : &used_h[c.major - 1][c.minor];
      if (*slot) {
        if (*slot > 0) name_user(other, sizeof other, 'P', *slot - 1);
        else name_user(other, sizeof other, 'Y', -*slot - 1);
        return fail(err, "encoding: component {%d, %d} is used twice: by %s and by P%d", c.major,
                    c.minor, other, i);
      }
      *slot = 1 + i;
      threads = mul_cap(threads, comp_len(e, c));
    }
  }
  for (int i = 0; i < e->ny; i++) {
    tlua_RH c = e->y[i];
    snprintf(who, sizeof who, "Y%d", i);
    if (check_ref(e, c, who, err)) return -1;
    if (c.major == 0)
      return fail(err, "encoding: Y%d refers to R component {0, %d}; R components may be used only "
                  "by P dims", i, c.minor);
    int *slot = &used_h[c.major - 1][c.minor];
    if (*slot) {
      if (*slot > 0) name_user(other, sizeof other, 'P', *slot - 1);
      else name_user(other, sizeof other, 'Y', -*slot - 1);
      return fail(err, "encoding: component {%d, %d} is used twice: by %s and by Y%d", c.major,
                  c.minor, other, i);
    }
    *slot = -(1 + i);
    elements = mul_cap(elements, comp_len(e, c));
  }
  for (int d = 0; d < e->ndim; d++)
    for (int k = 0; k < e->nh[d]; k++)
      if (!used_h[d][k])
        return fail(err, "encoding: component {%d, %d} (H%d component %d, length %lld) is used by "
                    "no P or Y dim; every H component must be used exactly once", d + 1, k, d, k,
                    e->h[d][k]);
  for (int k = 0; k < e->nr; k++)
    if (!used_r[k] && e->r[k] != 1)
      return fail(err, "encoding: R component %d (length %lld) is used by no P dim; an unused R "
                  "component must have length 1", k, e->r[k]);
  if (threads > TLUA_ENC_LIMIT)
    return fail(err, "encoding: threads (the product of the P lengths) exceed 2^31");
  if (elements > TLUA_ENC_LIMIT)
    return fail(err, "encoding: elements per thread (the product of the Y lengths) exceed 2^31");
  if (mul_cap(threads, elements) > TLUA_ENC_LIMIT)
    return fail(err, "encoding: threads * elements per thread (%lld * %lld) exceed 2^31", threads,
                elements);
  return 0;
}

/* Product of h[d][k+1 ..]: the coordinate stride of component k of dimension d. */
static long long h_stride(const tlua_Encoding *e, int d, int k) {
  long long s = 1;
  for (int j = k + 1; j < e->nh[d]; j++) s *= e->h[d][j];
  return s;
}

int tlua_dist_init(tlua_Distribution *d, const tlua_Encoding *e, char err[TLUA_ENC_ERRLEN]) {
  if (tlua_encoding_validate(e, err)) return -1;
  memset(d, 0, sizeof *d);
  d->enc = *e;
  d->tile = 1;
  for (int i = 0; i < e->ndim; i++) {
    d->lengths[i] = h_stride(e, i, -1);
    d->tile *= d->lengths[i];
  }
  d->threads = 1;
  for (int i = e->np - 1; i >= 0; i--) {
    d->p_len[i] = 1;
    for (int j = 0; j < e->npc[i]; j++) d->p_len[i] *= comp_len(e, e->p[i][j]);
  }
  /* t = mixed radix of (p0, p1, ...), P0 most significant; within a P dim, first component
   * most significant (CK Tile's order). Terms are laid out P0 first, in component order. */
  long long pdiv[TLUA_ENC_MAX_P];
  for (int i = e->np - 1; i >= 0; i--) {
    pdiv[i] = d->threads;
    d->threads *= d->p_len[i];
  }
  d->replicas = 1;
  for (int i = 0; i < e->np; i++) {
    long long cdiv = d->p_len[i];
    for (int j = 0; j < e->npc[i]; j++) {
      tlua_RH c = e->p[i][j];
      tlua_DistTerm *tt = &d->tterm[d->nt];
      tt->len = comp_len(e, c);
      cdiv /= tt->len;
      tt->div = pdiv[i] * cdiv;
      tt->rh = c;
      tt->owner = i;
      if (c.major == 0) {
        tt->dim = -1;
        tt->stride = 0;
        d->replicas *= tt->len;
      } else {
        tt->dim = c.major - 1;
        tt->stride = h_stride(e, tt->dim, c.minor);
        d->hterm[tt->dim][c.minor] = 1 + d->nt;
      }
      d->nt++;
    }
  }
  d->elements = 1;
  for (int i = e->ny - 1; i >= 0; i--) {
    tlua_RH c = e->y[i];
    tlua_DistTerm *yt = &d->yterm[i];
    d->y_len[i] = yt->len = comp_len(e, c);
    yt->div = d->elements; /* last Y dim fastest */
    d->elements *= yt->len;
    yt->dim = c.major - 1;
    yt->stride = h_stride(e, yt->dim, c.minor);
    yt->rh = c;
    yt->owner = i;
    d->hterm[yt->dim][c.minor] = -(1 + i);
  }
  d->ny = e->ny;
  d->pattern.pattern = TLUA_PATTERN_NONE;
  return 0;
}

void tlua_dist_origin(const tlua_Distribution *d, long long t, long long *out) {
  for (int i = 0; i < d->enc.ndim; i++) out[i] = 0;
  for (int k = 0; k < d->nt; k++) {
    const tlua_DistTerm *tt = &d->tterm[k];
    if (tt->dim >= 0) out[tt->dim] += (t / tt->div) % tt->len * tt->stride;
  }
}

void tlua_dist_offset(const tlua_Distribution *d, long long y, long long *out) {
  for (int i = 0; i < d->enc.ndim; i++) out[i] = 0;
  for (int k = 0; k < d->ny; k++) {
    const tlua_DistTerm *yt = &d->yterm[k];
    out[yt->dim] += (y / yt->div) % yt->len * yt->stride;
  }
}

int tlua_dist_coord(const tlua_Distribution *d, long long t, long long y, long long *out) {
  if (t < 0 || t >= d->threads || y < 0 || y >= d->elements) return -1;
  long long off[TLUA_ENC_MAX_DIMS];
  tlua_dist_origin(d, t, out);
  tlua_dist_offset(d, y, off);
  for (int i = 0; i < d->enc.ndim; i++) out[i] += off[i];
  return 0;
}

int tlua_dist_owner(const tlua_Distribution *d, const long long *coord, long long *t,
                    long long *y) {
  long long tt = 0, yy = 0;
  for (int i = 0; i < d->enc.ndim; i++)
    if (coord[i] < 0 || coord[i] >= d->lengths[i]) return -1;
  /* peel the H digits off each coordinate, last component first; R digits stay 0, which picks
   * the lowest thread among the replicas */
  for (int i = 0; i < d->enc.ndim; i++) {
    long long x = coord[i];
    for (int k = d->enc.nh[i] - 1; k >= 0; k--) {
      long long digit = x % d->enc.h[i][k];
      x /= d->enc.h[i][k];
      int ref = d->hterm[i][k];
      if (ref > 0) tt += digit * d->tterm[ref - 1].div;
      else yy += digit * d->yterm[-ref - 1].div;
    }
  }
  *t = tt;
  *y = yy;
  return 0;
}

long long tlua_dist_replica(const tlua_Distribution *d, long long t) {
  long long g = 0;
  for (int k = 0; k < d->enc.nr; k++)
    for (int j = 0; j < d->nt; j++) {
      const tlua_DistTerm *tt = &d->tterm[j];
      if (tt->dim < 0 && tt->rh.minor == k) g = g * tt->len + (t / tt->div) % tt->len;
    }
  return g;
}

long long tlua_dist_axis_peers(const tlua_Distribution *d, long long t, int dim, long long *out,
                               long long max) {
  if (t < 0 || t >= d->threads || dim < 0 || dim >= d->enc.ndim) return -1;
  /* the digits of t that move only coordinate `dim`, most significant first, so that counting
   * through them in order yields ascending thread ids */
  const tlua_DistTerm *free_terms[TLUA_ENC_MAX_P * TLUA_ENC_MAX_PC];
  int nf = 0;
  long long base = t, count = 1;
  for (int k = 0; k < d->nt; k++) {
    const tlua_DistTerm *tt = &d->tterm[k];
    if (tt->dim != dim) continue;
    base -= (t / tt->div) % tt->len * tt->div;
    count *= tt->len;
    int at = nf++;
    while (at > 0 && free_terms[at - 1]->div < tt->div) {
      free_terms[at] = free_terms[at - 1];
      at--;
    }
    free_terms[at] = tt;
  }
  long long digit[TLUA_ENC_MAX_P * TLUA_ENC_MAX_PC] = {0};
  for (long long n = 0; n < count && n < max; n++) {
    long long id = base;
    for (int k = 0; k < nf; k++) id += digit[k] * free_terms[k]->div;
    out[n] = id;
    for (int k = nf - 1; k >= 0; k--) { /* increment the mixed-radix counter */
      if (++digit[k] < free_terms[k]->len) break;
      digit[k] = 0;
    }
  }
  return count;
}

long long tlua_dist_vector(const tlua_Distribution *d) {
  int last = d->enc.ndim - 1, comp = d->enc.nh[last] - 1;
  long long v = 1;
  for (int i = d->enc.ny - 1; i >= 0 && comp >= 0; i--, comp--) {
    if (d->enc.y[i].major != last + 1 || d->enc.y[i].minor != comp) break;
    v *= d->y_len[i];
  }
  return v;
}

#define CHECK_MAX_TILE (1LL << 28)

/* Element index (row-major) of a coordinate, and the coordinate as text for messages. */
static long long linear(const tlua_Distribution *d, const long long *c) {
  long long idx = 0;
  for (int i = 0; i < d->enc.ndim; i++) idx = idx * d->lengths[i] + c[i];
  return idx;
}

static void coord_text(const tlua_Distribution *d, const long long *c, char *buf, size_t n) {
  size_t at = 0;
  at += (size_t)snprintf(buf + at, n - at, "{");
  for (int i = 0; i < d->enc.ndim && at < n; i++)
    at += (size_t)snprintf(buf + at, n - at, i ? ", %lld" : "%lld", c[i]);
  if (at < n) snprintf(buf + at, n - at, "}");
}

int tlua_dist_check(const tlua_Distribution *d, char err[TLUA_ENC_ERRLEN]) {
  if (d->tile > CHECK_MAX_TILE || d->threads * d->elements > CHECK_MAX_TILE * 4)
    return fail(err, "check: %lld elements (%lld threads x %lld each) are too many to enumerate "
                "(limit 2^28)", d->tile, d->threads, d->elements);
  unsigned char *seen = malloc((size_t)(d->tile + 7) / 8);
  if (!seen) return fail(err, "check: out of memory");
  /* enumerate the threads of one replica group at a time: R digits fixed to the group's, every
   * other digit of t counted through */
  const tlua_DistTerm *rterm[TLUA_ENC_MAX_P * TLUA_ENC_MAX_PC], *fterm[TLUA_ENC_MAX_P * TLUA_ENC_MAX_PC];
  int nrt = 0, nft = 0;
  for (int k = 0; k < d->enc.nr; k++)
    for (int j = 0; j < d->nt; j++)
      if (d->tterm[j].dim < 0 && d->tterm[j].rh.minor == k) rterm[nrt++] = &d->tterm[j];
  for (int j = 0; j < d->nt; j++)
    if (d->tterm[j].dim >= 0) fterm[nft++] = &d->tterm[j];
  long long per_group = d->threads / d->replicas;
  long long c[TLUA_ENC_MAX_DIMS];
  char where[96];
  int result = 1;
  for (long long g = 0; g < d->replicas && result == 1; g++) {
    memset(seen, 0, (size_t)(d->tile + 7) / 8);
    long long gbase = 0, rest = g;
    for (int k = nrt - 1; k >= 0; k--) {
      gbase += rest % rterm[k]->len * rterm[k]->div;
      rest /= rterm[k]->len;
    }
    for (long long n = 0; n < per_group && result == 1; n++) {
      long long t = gbase, r2 = n;
      for (int k = nft - 1; k >= 0; k--) {
        t += r2 % fterm[k]->len * fterm[k]->div;
        r2 /= fterm[k]->len;
      }
      for (long long y = 0; y < d->elements; y++) {
        tlua_dist_coord(d, t, y, c);
        long long idx = -1;
        int inside = 1;
        for (int i = 0; i < d->enc.ndim; i++)
          if (c[i] < 0 || c[i] >= d->lengths[i]) inside = 0;
        if (inside) idx = linear(d, c);
        if (!inside) {
          coord_text(d, c, where, sizeof where);
          result = 0;
          fail(err, "check: thread %lld element %lld lands at %s, outside the tile", t, y, where);
          break;
        }
        if (seen[idx / 8] & (1u << (idx % 8))) {
          coord_text(d, c, where, sizeof where);
          result = 0;
          fail(err, "check: element %s is covered twice in replica group %lld (again by thread "
               "%lld, element %lld)", where, g, t, y);
          break;
        }
        seen[idx / 8] |= (unsigned char)(1u << (idx % 8));
      }
    }
    for (long long idx = 0; idx < d->tile && result == 1; idx++)
      if (!(seen[idx / 8] & (1u << (idx % 8)))) {
        long long rem = idx;
        for (int i = d->enc.ndim - 1; i >= 0; i--) {
          c[i] = rem % d->lengths[i];
          rem /= d->lengths[i];
        }
        coord_text(d, c, where, sizeof where);
        result = 0;
        fail(err, "check: element %s is covered by no thread in replica group %lld", where, g);
      }
  }
  free(seen);
  return result;
}

/* ---- the seed's raked 2D patterns (seed 001, CK Tile's static_encoding_pattern.hpp) ---------- */

static const char *const pattern_names[] = {NULL, "thread_raked", "warp_raked", "block_raked"};

const char *tlua_pattern_name(tlua_Pattern p) {
  return p > TLUA_PATTERN_NONE && p <= TLUA_PATTERN_BLOCK_RAKED ? pattern_names[p] : "none";
}

tlua_Pattern tlua_pattern_parse(const char *name) {
  for (int p = TLUA_PATTERN_THREAD_RAKED; p <= TLUA_PATTERN_BLOCK_RAKED; p++)
    if (name && strcmp(name, pattern_names[p]) == 0) return (tlua_Pattern)p;
  return TLUA_PATTERN_NONE;
}

int tlua_pattern2d_resolve(tlua_Pattern2D *p, char err[TLUA_ENC_ERRLEN]) {
  if (p->pattern <= TLUA_PATTERN_NONE || p->pattern > TLUA_PATTERN_BLOCK_RAKED)
    return fail(err, "pattern2d: unknown pattern (expected thread_raked, warp_raked or block_raked)");
  const struct { const char *name; long long v; } sizes[] = {
    {"block", p->block}, {"rows", p->rows}, {"cols", p->cols}, {"vec", p->vec},
    {"warp", p->warp}, {"wave_groups", p->wave_groups}};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    if (sizes[i].v <= 0 || sizes[i].v > TLUA_ENC_LIMIT)
      return fail(err, "pattern2d: %s must be a positive integer of at most 2^31 (got %lld)",
                  sizes[i].name, sizes[i].v);
  if (p->rows * p->cols > TLUA_ENC_LIMIT)
    return fail(err, "pattern2d: rows*cols (%lld*%lld) exceeds 2^31 elements", p->rows, p->cols);
  if (p->block % p->warp)
    return fail(err, "pattern2d: block (%lld) is not a multiple of warp (%lld)", p->block, p->warp);
  if ((p->block / p->warp) % p->wave_groups)
    return fail(err, "pattern2d: block/warp (%lld/%lld = %lld) is not a multiple of wave_groups "
                "(%lld)", p->block, p->warp, p->block / p->warp, p->wave_groups);
  /* Seed 001: a thread cannot access more than TileSize/BlockSize elements at once, so the
   * vector is min(VecSize, rows*cols/block). */
  long long largest = p->rows * p->cols / p->block;
  if (largest == 0)
    return fail(err, "pattern2d: rows*cols (%lld*%lld = %lld) is less than block (%lld): every "
                "thread needs an element", p->rows, p->cols, p->rows * p->cols, p->block);
  p->vector = p->vec < largest ? p->vec : largest;
  if (p->cols % p->vector)
    return fail(err, "pattern2d: cols (%lld) is not a multiple of vector (%lld = min(vec, "
                "rows*cols/block) = min(%lld, %lld))", p->cols, p->vector, p->vec, largest);
  p->x_threads = p->cols / p->vector;
  /* Seed 001: each warp covers all of X, so the X threads must tile the warp exactly
   * (Y1 * X1 == WarpSize in the seed's names; the seed's thread-raked text writes Y0 * X1, a
   * typo: Y0 is the number of warps there, and CK Tile's code asserts X0 * Y1 == warp_size). */
  if (p->warp % p->x_threads)
    return fail(err, "pattern2d: warp (%lld) is not a multiple of cols/vector (%lld/%lld = %lld)",
                p->warp, p->cols, p->vector, p->x_threads);
  p->rows_per_warp = p->warp / p->x_threads;
  p->warps = p->block / p->warp / p->wave_groups;
  long long band = p->rows_per_warp * p->warps;
  if (p->rows % band)
    return fail(err, "pattern2d: rows (%lld) is not a multiple of rows_per_warp*warps (%lld*%lld = "
                "%lld)", p->rows, p->rows_per_warp, p->warps, band);
  p->iters = p->rows / band;
  return 0;
}

static tlua_RH rh(int major, int minor) {
  tlua_RH c = {major, minor};
  return c;
}

void tlua_pattern2d_encoding(const tlua_Pattern2D *p, tlua_Encoding *e) {
  memset(e, 0, sizeof *e);
  e->ndim = 2;
  /* X (dimension 1, major 2): threads along X most significant, the vector fastest */
  e->nh[1] = 2;
  e->h[1][0] = p->x_threads;
  e->h[1][1] = p->vector;
  /* Y (dimension 0, major 1): the seed's <Y0, Y1, Y2>; the patterns differ only in where the
   * iteration sits: after the thread (thread raked), between warp and thread (warp raked),
   * before the warp (block raked). warp_at / lane_at / iter_at are the minors of the warp, the
   * rows-within-a-warp and the iteration components. */
  int warp_at, lane_at, iter_at;
  switch (p->pattern) {
  case TLUA_PATTERN_WARP_RAKED: warp_at = 0; iter_at = 1; lane_at = 2; break;
  case TLUA_PATTERN_BLOCK_RAKED: iter_at = 0; warp_at = 1; lane_at = 2; break;
  default: warp_at = 0; lane_at = 1; iter_at = 2; break;
  }
  e->nh[0] = 3;
  e->h[0][warp_at] = p->warps;
  e->h[0][lane_at] = p->rows_per_warp;
  e->h[0][iter_at] = p->iters;
  /* P0 = warp id, P1 = lane id. Wave groups replicate the tile: the group index is an R
   * component, the most significant digit of the warp id, so threads t and t + block/wave_groups
   * own the same elements (issue 3). CK Tile instead maps its warps onto R = <Y0> for
   * NumWaveGroups > 1 (every warp of a group a replica, H = <Y1, Y2>); the rule wins. */
  e->np = 2;
  if (p->wave_groups > 1) {
    e->nr = 1;
    e->r[0] = p->wave_groups;
    e->npc[0] = 2;
    e->p[0][0] = rh(0, 0);
    e->p[0][1] = rh(1, warp_at);
  } else {
    e->npc[0] = 1;
    e->p[0][0] = rh(1, warp_at);
  }
  e->npc[1] = 2;
  e->p[1][0] = rh(1, lane_at);
  e->p[1][1] = rh(2, 0);
  /* y = iteration * vector + lane_in_vector */
  e->ny = 2;
  e->y[0] = rh(1, iter_at);
  e->y[1] = rh(2, 1);
}

int tlua_pattern2d_init(tlua_Distribution *d, const tlua_Pattern2D *p, char err[TLUA_ENC_ERRLEN]) {
  tlua_Pattern2D resolved = *p;
  tlua_Encoding e;
  if (tlua_pattern2d_resolve(&resolved, err)) return -1;
  tlua_pattern2d_encoding(&resolved, &e);
  if (tlua_dist_init(d, &e, err)) return -1;
  d->pattern = resolved;
  return 0;
}

/* ---- description --------------------------------------------------------------------------- */

typedef struct { char *buf; size_t n, at; } Out;

static void put(Out *o, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *dst = o->at < o->n ? o->buf + o->at : NULL;
  int w = vsnprintf(dst, dst ? o->n - o->at : 0, fmt, ap);
  va_end(ap);
  if (w > 0) o->at += (size_t)w;
}

static void put_seq(Out *o, const long long *v, int n) {
  put(o, "{");
  for (int i = 0; i < n; i++) put(o, i ? ",%lld" : "%lld", v[i]);
  put(o, "}");
}

int tlua_dist_describe(const tlua_Distribution *d, char *buf, size_t n) {
  Out o = {buf, n, 0};
  if (n) buf[0] = '\0';
  const tlua_Pattern2D *p = &d->pattern;
  if (p->pattern != TLUA_PATTERN_NONE) {
    put(&o, "Distribution{pattern=\"%s\", block=%lld, rows=%lld, cols=%lld, vec=%lld, warp=%lld, "
        "wave_groups=%lld, vector=%lld, x_threads=%lld, rows_per_warp=%lld, warps=%lld, "
        "iters=%lld, elements=%lld}", tlua_pattern_name(p->pattern), p->block, p->rows, p->cols,
        p->vec, p->warp, p->wave_groups, p->vector, p->x_threads, p->rows_per_warp, p->warps,
        p->iters, d->elements);
  } else {
    const tlua_Encoding *e = &d->enc;
    put(&o, "Distribution{r=");
    put_seq(&o, e->r, e->nr);
    put(&o, ", h={");
    for (int i = 0; i < e->ndim; i++) {
      if (i) put(&o, ",");
      put_seq(&o, e->h[i], e->nh[i]);
    }
    put(&o, "}, p={");
    for (int i = 0; i < e->np; i++) {
      put(&o, i ? ",{" : "{");
      for (int j = 0; j < e->npc[i]; j++)
        put(&o, j ? ",{%d,%d}" : "{%d,%d}", e->p[i][j].major, e->p[i][j].minor);
      put(&o, "}");
    }
    put(&o, "}, y={");
    for (int i = 0; i < e->ny; i++) put(&o, i ? ",{%d,%d}" : "{%d,%d}", e->y[i].major, e->y[i].minor);
    put(&o, "}, minors=0-based, lengths=");
    put_seq(&o, d->lengths, e->ndim);
    put(&o, ", threads=%lld, elements=%lld}", d->threads, d->elements);
  }
  return (int)o.at;
}
