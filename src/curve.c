/* curve.c - space-filling curves (seed 000): access counts, index/step/valid, snake, locality. */
#include <stdio.h>
#include <string.h>

#include "curve.h"

#define SAY(...) do { if (err) snprintf(err, TLUA_CURVE_ERRLEN, __VA_ARGS__); } while (0)

/* "{a,b,c}" into buf, for messages. */
static const char *seq_text(char *buf, size_t size, const long long *v, int n) {
  size_t used = 0;
  buf[0] = '\0';
  for (int d = 0; d < n && used < size; d++)
    used += (size_t)snprintf(buf + used, size - used, "%s%lld", d ? "," : "{", v[d]);
  if (used < size) snprintf(buf + used, size - used, "}");
  return buf;
}

int tlua_curve_init(tlua_Curve *c, int ndim, const long long *lengths, const long long *order,
                    const long long *vector, int snake, char *err) {
  tlua_Curve k;
  memset(&k, 0, sizeof k);
  if (ndim < 1 || ndim > TLUA_CURVE_MAX_DIMS) {
    SAY("curve: lengths must have 1 to %d dimensions (got %d)", TLUA_CURVE_MAX_DIMS, ndim);
    return -1;
  }
  k.ndim = ndim;
  k.snake = snake ? 1 : 0;
  k.num_elements = 1;
  for (int d = 0; d < ndim; d++) {
    if (lengths[d] < 1) {
      SAY("curve: length of dimension %d must be positive (got %lld)", d, lengths[d]);
      return -1;
    }
    /* divide before multiplying so the check itself cannot overflow */
    if (lengths[d] > TLUA_CURVE_MAX_ELEMENTS / k.num_elements) {
      char buf[160];
      SAY("curve: lengths %s have more than 2^31 elements", seq_text(buf, sizeof buf, lengths, ndim));
      return -1;
    }
    k.num_elements *= lengths[d];
    k.lengths[d] = lengths[d];
  }
  for (int d = 0; d < ndim; d++) {
    long long v = vector ? vector[d] : 1;
    if (v < 1) {
      SAY("curve: vector width of dimension %d must be positive (got %lld)", d, v);
      return -1;
    }
    if (v > lengths[d]) {
      SAY("curve: vector width of dimension %d (%lld) exceeds its length (%lld)", d, v,
          lengths[d]);
      return -1;
    }
    k.vector[d] = v;
    /* seed 000: access lengths by ceiling division; the last access may be partial */
    k.access_lengths[d] = (lengths[d] - 1) / v + 1;
  }
  int seen[TLUA_CURVE_MAX_DIMS] = {0};
  for (int d = 0; d < ndim; d++) {
    long long o = order ? order[d] : d;
    if (o < 0 || o >= ndim || seen[o]) {
      char buf[160];
      SAY("curve: order must be a permutation of 0..%d (got %s)", ndim - 1,
          seq_text(buf, sizeof buf, order, ndim));
      return -1;
    }
    seen[o] = 1;
    k.order[d] = o;
  }
  k.num_access = 1;
  for (int d = 0; d < ndim; d++) k.num_access *= k.access_lengths[d];
  *c = k;
  return 0;
}

static int check_access(const tlua_Curve *c, long long i, char *err) {
  if (i < 0 || i >= c->num_access) {
    SAY("curve: access index %lld is out of range 0..%lld (num_access = %lld)", i,
        c->num_access - 1, c->num_access);
    return -1;
  }
  return 0;
}

/* Access-space coordinates of access i (not yet scaled by the vector widths), per dimension. */
static void access_coord(const tlua_Curve *c, long long i, long long *out) {
  long long ordered[TLUA_CURVE_MAX_DIMS];
  /* seed 000 get_index: i as a mixed-radix number, the fastest dimension (last in order) least
   * significant */
  long long rest = i;
  for (int k = c->ndim - 1; k >= 0; k--) {
    long long len = c->access_lengths[c->order[k]];
    ordered[k] = rest % len;
    rest /= len;
  }
  /* Snake (issue 3, agreeing with CK Tile's space_filling_curve): the k-th ordered dimension
   * runs backwards when the mixed-radix number formed by the (unreversed) access indices of all
   * slower dimensions is odd. The seed names apply_snake_pattern without defining it. */
  long long prefix = 0; /* mixed-radix number of ordered[0..k-1] */
  for (int k = 0; k < c->ndim; k++) {
    long long dim = c->order[k], len = c->access_lengths[dim];
    long long v = ordered[k];
    if (c->snake && k > 0 && (prefix & 1)) v = len - 1 - v;
    prefix = prefix * len + ordered[k];
    out[dim] = v;
  }
}

int tlua_curve_index(const tlua_Curve *c, long long i, long long *out, char *err) {
  if (check_access(c, i, err)) return -1;
  access_coord(c, i, out);
  for (int d = 0; d < c->ndim; d++) out[d] *= c->vector[d];
  return 0;
}

int tlua_curve_step(const tlua_Curve *c, long long i, long long j, long long *out, char *err) {
  long long a[TLUA_CURVE_MAX_DIMS], b[TLUA_CURVE_MAX_DIMS];
  if (tlua_curve_index(c, i, a, err) || tlua_curve_index(c, j, b, err)) return -1;
  for (int d = 0; d < c->ndim; d++) out[d] = b[d] - a[d];
  return 0;
}

/* Scalars of an access starting at coordinate `at` that are inside dimension d. */
static long long valid_in(const tlua_Curve *c, int d, long long at) {
  long long left = c->lengths[d] - at;
  return left < c->vector[d] ? left : c->vector[d];
}

int tlua_curve_valid(const tlua_Curve *c, long long i, long long *out, char *err) {
  long long at[TLUA_CURVE_MAX_DIMS];
  if (tlua_curve_index(c, i, at, err)) return -1;
  for (int d = 0; d < c->ndim; d++) out[d] = valid_in(c, d, at[d]);
  return 0;
}

int tlua_curve_analyze(const tlua_Curve *c, long long line, tlua_CurveLocality *out, char *err) {
  if (line < 1) {
    SAY("curve: analyze: cache line threshold must be a positive number of elements (got %lld)",
        line);
    return -1;
  }
  tlua_CurveLocality r;
  memset(&r, 0, sizeof r);
  r.line = line;
  r.steps = c->num_access - 1;
  long long prev[TLUA_CURVE_MAX_DIMS], cur[TLUA_CURVE_MAX_DIMS];
  tlua_curve_index(c, 0, prev, NULL);
  for (long long i = 1; i < c->num_access; i++) {
    tlua_curve_index(c, i, cur, NULL);
    /* seed 000 access_pattern_analyzer: Manhattan distance of the step, in elements */
    long long dist = 0;
    for (int d = 0; d < c->ndim; d++) {
      long long s = cur[d] - prev[d];
      dist += s < 0 ? -s : s;
      prev[d] = cur[d];
    }
    if (dist <= 1) r.sequential++;
    else if (dist <= line) r.within_line++;
    else r.large_jump++;
    if (dist > r.max_distance) r.max_distance = dist;
    r.total_distance += dist;
  }
  *out = r;
  return 0;
}

void tlua_curve_label_grid(const tlua_Curve *c, long long *labels) {
  long long stride[TLUA_CURVE_MAX_DIMS];
  stride[c->ndim - 1] = 1;
  for (int d = c->ndim - 2; d >= 0; d--) stride[d] = stride[d + 1] * c->lengths[d + 1];
  long long at[TLUA_CURVE_MAX_DIMS], valid[TLUA_CURVE_MAX_DIMS], off[TLUA_CURVE_MAX_DIMS];
  for (long long i = 0; i < c->num_access; i++) {
    tlua_curve_index(c, i, at, NULL);
    long long base = 0;
    for (int d = 0; d < c->ndim; d++) {
      valid[d] = valid_in(c, d, at[d]);
      base += at[d] * stride[d];
      off[d] = 0;
    }
    /* odometer over the access's in-bounds box, the last dimension fastest */
    for (;;) {
      long long e = base;
      for (int d = 0; d < c->ndim; d++) e += off[d] * stride[d];
      labels[e] = i;
      int d = c->ndim - 1;
      while (d >= 0 && ++off[d] == valid[d]) off[d--] = 0;
      if (d < 0) break;
    }
  }
}
