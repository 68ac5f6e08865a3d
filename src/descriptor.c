/* descriptor.c - naive tensor descriptors and CK-style index transforms (seed 003), pure C. */
#include "descriptor.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAXD TLUA_DESC_MAX_DIMS
#define CAP TLUA_DESC_MAX_ELEMENTS

#define fail(err, ...) tlua_errorf(-1, err, TLUA_DESC_ERR, __VA_ARGS__)

/* Appends printf-style text at *at, keeping buf terminated; marks truncation with "...". */
static void append(char *buf, size_t cap, size_t *at, const char *fmt, ...) {
  if (*at + 1 >= cap) return;
  va_list ap;
  va_start(ap, fmt);
  int w = vsnprintf(buf + *at, cap - *at, fmt, ap);
  va_end(ap);
  if (w < 0) return;
  if (*at + (size_t)w >= cap) {
    *at = cap - 1;
    if (cap >= 4) memcpy(buf + cap - 4, "...", 4);
  } else {
    *at += (size_t)w;
  }
}

/* "{4, 8, 2}" into buf (always terminated). */
static void format_seq(char *buf, size_t cap, const long long *v, int n) {
  size_t at = 0;
  if (!cap) return;
  buf[0] = '\0';
  append(buf, cap, &at, "{");
  for (int i = 0; i < n; i++) append(buf, cap, &at, "%s%lld", i ? ", " : "", v[i]);
  append(buf, cap, &at, "}");
}

/* Checks n positive lengths whose product stays under the cap; *product gets it. A field named
 * with a trailing '=' is a scalar ("n="), reported without a position. */
static int check_lengths(const char *who, const char *field, const long long *len, int n,
                         long long *product, char *err) {
  size_t fl = strlen(field);
  if (fl && field[fl - 1] == '=') {
    if (len[0] < 1)
      return fail(err, "%s: %.*s must be a positive integer (got %lld)", who, (int)(fl - 1), field, len[0]);
    if (len[0] > CAP) return fail(err, "%s: %.*s (%lld) exceeds %lld", who, (int)(fl - 1), field, len[0], CAP);
    if (product) *product = len[0];
    return 0;
  }
  if (n < 1) return fail(err, "%s: %s must list at least one length", who, field);
  if (n > MAXD) return fail(err, "%s: %s has %d entries, at most %d allowed", who, field, n, MAXD);
  long long p = 1;
  for (int i = 0; i < n; i++) {
    if (len[i] < 1)
      return fail(err, "%s: %s[%d] must be a positive integer (got %lld)", who, field, i + 1, len[i]);
    if (len[i] > CAP / p) {
      char s[160];
      format_seq(s, sizeof s, len, n);
      return fail(err, "%s: %s %s hold more than %lld elements", who, field, s, CAP);
    }
    p *= len[i];
  }
  if (product) *product = p;
  return 0;
}

/* --- transforms ---------------------------------------------------------------------------------- */

const char *tlua_transform_name(tlua_TransformKind kind) {
  switch (kind) {
    case TLUA_TRANSFORM_PASS_THROUGH: return "pass_through";
    case TLUA_TRANSFORM_MERGE: return "merge";
    case TLUA_TRANSFORM_UNMERGE: return "unmerge";
    case TLUA_TRANSFORM_XOR: return "xor";
    case TLUA_TRANSFORM_EMBED: return "embed";
    case TLUA_TRANSFORM_PAD: return "pad";
  }
  return "?";
}

int tlua_transform_pass_through(tlua_Transform *t, long long n, char *err) {
  if (check_lengths("pass_through", "n=", &n, 1, NULL, err)) return -1;
  memset(t, 0, sizeof *t);
  t->kind = TLUA_TRANSFORM_PASS_THROUGH;
  t->nlow = t->nup = 1;
  t->lengths[0] = n;
  return 0;
}

int tlua_transform_merge(tlua_Transform *t, const long long *lower_lengths, int n, char *err) {
  if (check_lengths("merge", "lengths", lower_lengths, n, NULL, err)) return -1;
  memset(t, 0, sizeof *t);
  t->kind = TLUA_TRANSFORM_MERGE;
  t->nlow = n;
  t->nup = 1;
  memcpy(t->lengths, lower_lengths, (size_t)n * sizeof *lower_lengths);
  return 0;
}

int tlua_transform_unmerge(tlua_Transform *t, const long long *upper_lengths, int n, char *err) {
  if (check_lengths("unmerge", "lengths", upper_lengths, n, NULL, err)) return -1;
  memset(t, 0, sizeof *t);
  t->kind = TLUA_TRANSFORM_UNMERGE;
  t->nlow = 1;
  t->nup = n;
  memcpy(t->lengths, upper_lengths, (size_t)n * sizeof *upper_lengths);
  return 0;
}

int tlua_transform_xor(tlua_Transform *t, long long la, long long lb, char *err) {
  long long len[2] = {la, lb};
  if (check_lengths("xor", "lengths", len, 2, NULL, err)) return -1;
  /* b ^ (a % lb) < lb for every b < lb only when lb is a power of two; otherwise the XOR would
   * leave the dim (issue 3: "lb must be a power of two"). */
  if (lb & (lb - 1))
    return fail(err, "xor: lb (%lld) must be a power of two (b ^ (a %% lb) must stay below lb)", lb);
  memset(t, 0, sizeof *t);
  t->kind = TLUA_TRANSFORM_XOR;
  t->nlow = t->nup = 2;
  t->lengths[0] = la;
  t->lengths[1] = lb;
  return 0;
}

int tlua_transform_embed(tlua_Transform *t, const long long *upper_lengths,
                         const long long *coefficients, int n, char *err) {
  if (check_lengths("embed", "lengths", upper_lengths, n, NULL, err)) return -1;
  long long reach = 0; /* the largest lower index the embedding can produce */
  for (int i = 0; i < n; i++) {
    if (coefficients[i] < 0)
      return fail(err, "embed: coefficients[%d] must be >= 0 (got %lld)", i + 1, coefficients[i]);
    long long span = upper_lengths[i] - 1;
    if (span && coefficients[i] > (CAP - reach) / span)
      return fail(err, "embed: lengths and coefficients reach beyond %lld elements", CAP);
    reach += span * coefficients[i];
  }
  memset(t, 0, sizeof *t);
  t->kind = TLUA_TRANSFORM_EMBED;
  t->nlow = 1;
  t->nup = n;
  memcpy(t->lengths, upper_lengths, (size_t)n * sizeof *upper_lengths);
  memcpy(t->coefficients, coefficients, (size_t)n * sizeof *coefficients);
  return 0;
}

int tlua_transform_pad(tlua_Transform *t, long long n, long long left, long long right, char *err) {
  if (check_lengths("pad", "n=", &n, 1, NULL, err)) return -1;
  if (left < 0) return fail(err, "pad: left must be >= 0 (got %lld)", left);
  if (right < 0) return fail(err, "pad: right must be >= 0 (got %lld)", right);
  if (left > CAP - n || right > CAP - n - left)
    return fail(err, "pad: n + left + right (%lld + %lld + %lld) exceeds %lld", n, left, right, CAP);
  memset(t, 0, sizeof *t);
  t->kind = TLUA_TRANSFORM_PAD;
  t->nlow = t->nup = 1;
  t->lengths[0] = n;
  t->coefficients[0] = left;
  t->coefficients[1] = right;
  return 0;
}

int tlua_transform_upper_lengths(const tlua_Transform *t, long long *out) {
  switch (t->kind) {
    case TLUA_TRANSFORM_PASS_THROUGH: out[0] = t->lengths[0]; break;
    case TLUA_TRANSFORM_MERGE: {
      long long p = 1;
      for (int i = 0; i < t->nlow; i++) p *= t->lengths[i];
      out[0] = p;
      break;
    }
    case TLUA_TRANSFORM_UNMERGE:
    case TLUA_TRANSFORM_EMBED:
    case TLUA_TRANSFORM_XOR:
      for (int i = 0; i < t->nup; i++) out[i] = t->lengths[i];
      break;
    case TLUA_TRANSFORM_PAD: out[0] = t->lengths[0] + t->coefficients[0] + t->coefficients[1]; break;
  }
  return t->nup;
}

int tlua_transform_lower_lengths(const tlua_Transform *t, long long *out) {
  switch (t->kind) {
    case TLUA_TRANSFORM_PASS_THROUGH:
    case TLUA_TRANSFORM_PAD: out[0] = t->lengths[0]; return 1;
    case TLUA_TRANSFORM_MERGE:
    case TLUA_TRANSFORM_XOR:
      for (int i = 0; i < t->nlow; i++) out[i] = t->lengths[i];
      return t->nlow;
    case TLUA_TRANSFORM_UNMERGE: {
      long long p = 1;
      for (int i = 0; i < t->nup; i++) p *= t->lengths[i];
      out[0] = p;
      return 1;
    }
    case TLUA_TRANSFORM_EMBED: return -1;
  }
  return -1;
}

/* The largest lower index an embed produces. */
static long long embed_reach(const tlua_Transform *t) {
  long long reach = 0;
  for (int i = 0; i < t->nup; i++) reach += (t->lengths[i] - 1) * t->coefficients[i];
  return reach;
}

int tlua_transform_format(const tlua_Transform *t, char *buf, size_t cap) {
  char a[160], b[160];
  const char *name = tlua_transform_name(t->kind);
  switch (t->kind) {
    case TLUA_TRANSFORM_PASS_THROUGH: return snprintf(buf, cap, "%s(%lld)", name, t->lengths[0]);
    case TLUA_TRANSFORM_PAD:
      return snprintf(buf, cap, "%s(%lld, %lld, %lld)", name, t->lengths[0], t->coefficients[0],
                      t->coefficients[1]);
    case TLUA_TRANSFORM_EMBED:
      format_seq(a, sizeof a, t->lengths, t->nup);
      format_seq(b, sizeof b, t->coefficients, t->nup);
      return snprintf(buf, cap, "%s{%s, %s}", name, a, b);
    case TLUA_TRANSFORM_MERGE:
    case TLUA_TRANSFORM_UNMERGE:
    case TLUA_TRANSFORM_XOR:
      format_seq(a, sizeof a, t->lengths, t->kind == TLUA_TRANSFORM_MERGE ? t->nlow : t->nup);
      return snprintf(buf, cap, "%s%s", name, a);
  }
  return snprintf(buf, cap, "?");
}

/* --- descriptors --------------------------------------------------------------------------------- */

int tlua_descriptor_naive(tlua_Descriptor *d, int ndim, const long long *lengths,
                          const long long *strides, char *err) {
  if (ndim < 1) return fail(err, "descriptor: lengths must list at least one length");
  if (ndim > MAXD)
    return fail(err, "descriptor: %d dims, at most %d allowed", ndim, MAXD);
  if (check_lengths("descriptor", "lengths", lengths, ndim, NULL, err)) return -1;
  long long st[MAXD];
  if (strides) {
    for (int i = 0; i < ndim; i++) {
      if (strides[i] < 0)
        return fail(err, "descriptor: strides[%d] must be >= 0 (got %lld)", i + 1, strides[i]);
      st[i] = strides[i];
    }
  } else {
    long long s = 1; /* row-major: the product of later lengths, below the cap by check_lengths */
    for (int i = ndim - 1; i >= 0; i--) {
      st[i] = s;
      s *= lengths[i];
    }
  }
  long long space = 1;
  for (int i = 0; i < ndim; i++) {
    long long span = lengths[i] - 1;
    if (span && st[i] > (CAP - space) / span) {
      char l[160], s[160];
      format_seq(l, sizeof l, lengths, ndim);
      format_seq(s, sizeof s, st, ndim);
      return fail(err, "descriptor: lengths %s with strides %s span more than %lld elements", l, s, CAP);
    }
    space += span * st[i];
  }
  memset(d, 0, sizeof *d);
  d->ndims[0] = ndim;
  memcpy(d->lengths[0], lengths, (size_t)ndim * sizeof *lengths);
  memcpy(d->strides, st, (size_t)ndim * sizeof *st);
  d->element_space = space;
  return 0;
}

/* Error context for transform(): "xor{32, 8} (entry #2)". */
static const char *entry_name(const tlua_TransformUse *u, int i, char *buf, size_t cap) {
  char t[200];
  tlua_transform_format(&u->transform, t, sizeof t);
  snprintf(buf, cap, "%s (entry #%d)", t, i + 1);
  return buf;
}

int tlua_descriptor_transform(const tlua_Descriptor *in, const tlua_TransformUse *uses, int n,
                              tlua_Descriptor *out, char *err) {
  const int nlow = tlua_descriptor_ndim(in);
  const long long *low_len = tlua_descriptor_lengths(in);
  char who[240];
  if (n < 1) return fail(err, "transform: needs at least one transform");
  if (in->nstages >= TLUA_DESC_MAX_STAGES)
    return fail(err, "transform: a descriptor has at most %d stages of transforms", TLUA_DESC_MAX_STAGES);
  if (in->stage_end[in->nstages] + n > TLUA_DESC_MAX_TRANSFORMS)
    return fail(err, "transform: a descriptor has at most %d transforms in all (has %d, adding %d)",
                TLUA_DESC_MAX_TRANSFORMS, in->stage_end[in->nstages], n);
  int low_by[MAXD], up_by[MAXD]; /* which entry consumes / produces each dim, -1 = none */
  for (int i = 0; i < MAXD; i++) low_by[i] = up_by[i] = -1;
  long long up_len[MAXD];
  int nup = 0;
  for (int i = 0; i < n; i++) nup += uses[i].transform.nup;
  if (nup > MAXD)
    return fail(err, "transform: the transforms produce %d upper dims, at most %d allowed", nup, MAXD);

  for (int i = 0; i < n; i++) {
    const tlua_TransformUse *u = &uses[i];
    const tlua_Transform *t = &u->transform;
    entry_name(u, i, who, sizeof who);
    for (int j = 0; j < t->nlow; j++) {
      int dim = u->lower[j];
      if (dim < 0 || dim >= nlow)
        return fail(err, "transform: %s: lower dim %d does not exist (the descriptor has %d dims: 0..%d)",
                    who, dim, nlow, nlow - 1);
      if (low_by[dim] >= 0)
        return fail(err, "transform: lower dim %d is used twice (entries #%d and #%d); each dim must be "
                    "used exactly once", dim, low_by[dim] + 1, i + 1);
      low_by[dim] = i;
    }
    long long ul[MAXD];
    tlua_transform_upper_lengths(t, ul);
    for (int j = 0; j < t->nup; j++) {
      int dim = u->upper[j];
      if (dim < 0 || dim >= nup)
        return fail(err, "transform: %s: upper dim %d does not exist (the transforms produce %d dims: 0..%d)",
                    who, dim, nup, nup - 1);
      if (up_by[dim] >= 0)
        return fail(err, "transform: upper dim %d is produced twice (entries #%d and #%d)", dim,
                    up_by[dim] + 1, i + 1);
      up_by[dim] = i;
      up_len[dim] = ul[j];
    }
    /* The transform's parameters must describe the dims it consumes (issue 3: lengths consistent). */
    long long want[MAXD], got[MAXD];
    for (int j = 0; j < t->nlow; j++) got[j] = low_len[u->lower[j]];
    if (t->kind == TLUA_TRANSFORM_EMBED) {
      long long reach = embed_reach(t);
      if (reach >= got[0])
        return fail(err, "transform: %s reaches lower index %lld, beyond lower dim %d (length %lld)",
                    who, reach, u->lower[0], got[0]);
    } else {
      int k = tlua_transform_lower_lengths(t, want);
      for (int j = 0; j < k; j++) {
        if (want[j] != got[j]) {
          char w[160], g[160];
          format_seq(w, sizeof w, want, k);
          format_seq(g, sizeof g, got, k);
          return fail(err, "transform: %s expects lower lengths %s, but lower dims have lengths %s",
                      who, w, g);
        }
      }
    }
  }
  for (int dim = 0; dim < nlow; dim++)
    if (low_by[dim] < 0)
      return fail(err, "transform: lower dim %d (length %lld) is not used by any transform; each dim "
                  "must be used exactly once", dim, low_len[dim]);
  /* upper ids are checked < nup and unique, and there are nup of them: all are produced */
  long long total = 1;
  for (int dim = 0; dim < nup; dim++) {
    if (up_len[dim] > CAP / total) {
      char s[160];
      format_seq(s, sizeof s, up_len, nup);
      return fail(err, "transform: upper lengths %s hold more than %lld elements", s, CAP);
    }
    total *= up_len[dim];
  }

  tlua_Descriptor tmp = *in; /* out may alias in */
  int s = ++tmp.nstages;
  tmp.ndims[s] = nup;
  memcpy(tmp.lengths[s], up_len, (size_t)nup * sizeof *up_len);
  int first = tmp.stage_end[s - 1];
  memcpy(&tmp.uses[first], uses, (size_t)n * sizeof *uses);
  tmp.stage_end[s] = first + n;
  *out = tmp;
  return 0;
}

long long tlua_descriptor_size(const tlua_Descriptor *d) {
  long long p = 1;
  const long long *len = tlua_descriptor_lengths(d);
  for (int i = 0; i < tlua_descriptor_ndim(d); i++) p *= len[i];
  return p;
}

/* Pushes one stage's upper index `up` down to the lower index `low`. Returns 0 for padding. */
static int apply_stage(const tlua_Descriptor *d, int s, const long long *up, long long *low) {
  for (int k = d->stage_end[s - 1]; k < d->stage_end[s]; k++) {
    const tlua_TransformUse *u = &d->uses[k];
    const tlua_Transform *t = &u->transform;
    switch (t->kind) {
      case TLUA_TRANSFORM_PASS_THROUGH: low[u->lower[0]] = up[u->upper[0]]; break;
      case TLUA_TRANSFORM_MERGE: {
        long long v = up[u->upper[0]];
        for (int j = t->nlow - 1; j >= 0; j--) { /* the first lower dim is most significant */
          low[u->lower[j]] = v % t->lengths[j];
          v /= t->lengths[j];
        }
        break;
      }
      case TLUA_TRANSFORM_UNMERGE: {
        long long v = 0;
        for (int j = 0; j < t->nup; j++) v = v * t->lengths[j] + up[u->upper[j]];
        low[u->lower[0]] = v;
        break;
      }
      case TLUA_TRANSFORM_XOR: {
        long long a = up[u->upper[0]], b = up[u->upper[1]];
        low[u->lower[0]] = a;
        low[u->lower[1]] = b ^ (a % t->lengths[1]); /* issue 3: (a, b) -> (a, b ~ (a % lb)) */
        break;
      }
      case TLUA_TRANSFORM_EMBED: {
        long long v = 0;
        for (int j = 0; j < t->nup; j++) v += up[u->upper[j]] * t->coefficients[j];
        low[u->lower[0]] = v;
        break;
      }
      case TLUA_TRANSFORM_PAD: {
        long long v = up[u->upper[0]] - t->coefficients[0];
        if (v < 0 || v >= t->lengths[0]) return 0;
        low[u->lower[0]] = v;
        break;
      }
    }
  }
  return 1;
}

int tlua_descriptor_offset(const tlua_Descriptor *d, const long long *idx, long long *offset) {
  long long a[MAXD], b[MAXD];
  long long *cur = a, *low = b;
  const int top = d->nstages;
  for (int i = 0; i < d->ndims[top]; i++) {
    if (idx[i] < 0 || idx[i] >= d->lengths[top][i]) { *offset = -1; return 0; }
    cur[i] = idx[i];
  }
  for (int s = top; s >= 1; s--) {
    if (!apply_stage(d, s, cur, low)) { *offset = -1; return 0; }
    long long *t = cur; cur = low; low = t;
  }
  long long off = 0;
  for (int i = 0; i < d->ndims[0]; i++) off += cur[i] * d->strides[i];
  *offset = off;
  return 1;
}

void tlua_descriptor_offsets(const tlua_Descriptor *d, long long *out) {
  const int n = tlua_descriptor_ndim(d);
  const long long *len = tlua_descriptor_lengths(d);
  long long idx[MAXD] = {0};
  long long total = tlua_descriptor_size(d);
  for (long long e = 0; e < total; e++) {
    tlua_descriptor_offset(d, idx, &out[e]);
    for (int i = n - 1; i >= 0; i--) { /* odometer: the last dim fastest */
      if (++idx[i] < len[i]) break;
      idx[i] = 0;
    }
  }
}

int tlua_descriptor_check_index(const tlua_Descriptor *d, const long long *idx, char *err) {
  const int n = tlua_descriptor_ndim(d);
  const long long *len = tlua_descriptor_lengths(d);
  for (int i = 0; i < n; i++) {
    if (idx[i] < 0 || idx[i] >= len[i]) {
      char s[160];
      format_seq(s, sizeof s, idx, n);
      return fail(err, "index %s is out of range: dim %d is %lld, not in [0, %lld)", s, i, idx[i], len[i]);
    }
  }
  return 0;
}

int tlua_descriptor_format(const tlua_Descriptor *d, char *buf, size_t cap, int verbose) {
  if (!cap) return 0;
  char s[200], t[200];
  size_t at = 0;
  buf[0] = '\0';
  format_seq(s, sizeof s, tlua_descriptor_lengths(d), tlua_descriptor_ndim(d));
  append(buf, cap, &at, "Descriptor{lengths=%s", s);
  if (d->label[0]) append(buf, cap, &at, ", from=%s", d->label);
  if (d->nstages == 0) {
    format_seq(s, sizeof s, d->strides, d->ndims[0]);
    append(buf, cap, &at, ", strides=%s}", s);
    return (int)at;
  }
  format_seq(s, sizeof s, d->lengths[0], d->ndims[0]);
  format_seq(t, sizeof t, d->strides, d->ndims[0]);
  append(buf, cap, &at, ", base={lengths=%s, strides=%s}", s, t);
  if (d->label[0] && !verbose) {
    append(buf, cap, &at, ", stages=%d, element_space=%lld}", d->nstages, d->element_space);
    return (int)at;
  }
  append(buf, cap, &at, ", transforms={");
  for (int st = 1; st <= d->nstages; st++) {
    append(buf, cap, &at, "%s{", st > 1 ? ", " : "");
    for (int k = d->stage_end[st - 1]; k < d->stage_end[st]; k++) {
      const tlua_TransformUse *u = &d->uses[k];
      long long lo[MAXD], up[MAXD];
      for (int j = 0; j < u->transform.nlow; j++) lo[j] = u->lower[j];
      for (int j = 0; j < u->transform.nup; j++) up[j] = u->upper[j];
      tlua_transform_format(&u->transform, t, sizeof t);
      format_seq(s, sizeof s, lo, u->transform.nlow);
      append(buf, cap, &at, "%s%s %s", k > d->stage_end[st - 1] ? ", " : "", t, s);
      format_seq(s, sizeof s, up, u->transform.nup);
      append(buf, cap, &at, "->%s", s);
    }
    append(buf, cap, &at, "}");
  }
  append(buf, cap, &at, "}, element_space=%lld}", d->element_space);
  return (int)at;
}
