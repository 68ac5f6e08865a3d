/* npy.c - NumPy .npy reader and writer for tensors (format described in npy.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "npy.h"

static const unsigned char npy_magic[6] = {0x93, 'N', 'U', 'M', 'P', 'Y'};

#define fail(err, ...) tlua_errorf(1, err, TLUA_TENSOR_ERRLEN, __VA_ARGS__)

static int host_is_little_endian(void) {
  const uint16_t one = 1;
  unsigned char b;
  memcpy(&b, &one, 1);
  return b == 1;
}

/* --- header parsing ----------------------------------------------------------------------------- */

/* A cursor over the header dict text, [p, end). */
typedef struct Scan {
  const char *p, *end;
  const char *name;
  char *err;
} Scan;

static void skip_ws(Scan *s) {
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\n' || *s->p == '\r')) s->p++;
}

static int expect_char(Scan *s, char c, const char *where) {
  skip_ws(s);
  if (s->p >= s->end || *s->p != c)
    return fail(s->err, "npy: %s: malformed header: expected '%c' %s", s->name, c, where);
  s->p++;
  return 0;
}

/* A quoted Python string (no escapes: none of the valid keys or descrs has any) into out. */
static int scan_string(Scan *s, char *out, size_t cap, const char *what) {
  skip_ws(s);
  if (s->p >= s->end || (*s->p != '\'' && *s->p != '"'))
    return fail(s->err, "npy: %s: malformed header: expected a quoted %s", s->name, what);
  char q = *s->p++;
  size_t n = 0;
  while (s->p < s->end && *s->p != q) {
    if (n + 1 >= cap || *s->p == '\\')
      return fail(s->err, "npy: %s: malformed header: unsupported %s", s->name, what);
    out[n++] = *s->p++;
  }
  if (s->p >= s->end) return fail(s->err, "npy: %s: malformed header: unterminated string", s->name);
  s->p++;
  out[n] = 0;
  return 0;
}

static int scan_descr(Scan *s, tlua_DType *dtype) {
  skip_ws(s);
  if (s->p < s->end && *s->p == '[')
    return fail(s->err, "npy: %s: structured dtypes (a descr list) are not supported", s->name);
  char d[32];
  if (scan_string(s, d, sizeof d, "descr")) return 1;
  char order = d[0];
  const char *code = d;
  if (order == '<' || order == '>' || order == '|' || order == '=') code = d + 1;
  else order = '|';
  static const struct { const char *code; tlua_DType dtype; } known[] = {
    {"f2", TLUA_F16}, {"f4", TLUA_F32}, {"f8", TLUA_F64}, {"i1", TLUA_I8}, {"u1", TLUA_U8},
    {"i2", TLUA_I16}, {"u2", TLUA_U16}, {"i4", TLUA_I32}, {"u4", TLUA_U32}, {"i8", TLUA_I64},
    {"u8", TLUA_U64}, {"b1", TLUA_BOOL},
  };
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
    if (strcmp(code, known[i].code) != 0) continue;
    /* byte order only matters for multi-byte elements */
    if (order == '>' && tlua_dtype_info(known[i].dtype)->size > 1)
      return fail(s->err, "npy: %s: big-endian data ('%s') is not supported; save it little-endian "
                  "(a.astype(a.dtype.newbyteorder('<')))", s->name, d);
    *dtype = known[i].dtype;
    return 0;
  }
  if (code[0] == 'O')
    return fail(s->err, "npy: %s: object arrays ('%s') cannot be read", s->name, d);
  return fail(s->err, "npy: %s: unsupported dtype '%s' (supported: f2 f4 f8 i1 u1 i2 u2 i4 u4 i8 "
              "u8 b1)", s->name, d);
}

static int scan_bool(Scan *s, int *out) {
  skip_ws(s);
  size_t left = (size_t)(s->end - s->p);
  if (left >= 4 && memcmp(s->p, "True", 4) == 0) { *out = 1; s->p += 4; return 0; }
  if (left >= 5 && memcmp(s->p, "False", 5) == 0) { *out = 0; s->p += 5; return 0; }
  return fail(s->err, "npy: %s: malformed header: fortran_order must be True or False", s->name);
}

static int scan_shape(Scan *s, int *rank, int64_t *shape) {
  if (expect_char(s, '(', "to open the shape tuple")) return 1;
  int n = 0;
  for (;;) {
    skip_ws(s);
    if (s->p < s->end && *s->p == ')') { s->p++; break; }
    if (s->p >= s->end || *s->p < '0' || *s->p > '9')
      return fail(s->err, "npy: %s: malformed header: shape entries must be non-negative integers",
                  s->name);
    int64_t v = 0;
    while (s->p < s->end && *s->p >= '0' && *s->p <= '9') {
      if (v > TLUA_TENSOR_MAX_NUMEL)
        return fail(s->err, "npy: %s: shape[%d] is too large (the limit is 2^40 elements)", s->name, n);
      v = v * 10 + (*s->p++ - '0');
    }
    if (s->p < s->end && *s->p == 'L') s->p++; /* Python 2 long */
    if (n == TLUA_TENSOR_MAX_RANK)
      return fail(s->err, "npy: %s: rank over %d is not supported", s->name, TLUA_TENSOR_MAX_RANK);
    shape[n++] = v;
    skip_ws(s);
    if (s->p < s->end && *s->p == ',') { s->p++; continue; }
    if (s->p < s->end && *s->p == ')') { s->p++; break; }
    return fail(s->err, "npy: %s: malformed header: expected ',' or ')' in the shape", s->name);
  }
  *rank = n;
  return 0;
}

int tlua_npy_parse_header(const unsigned char *buf, size_t len, const char *name,
                          tlua_NpyHeader *h, char *err) {
  memset(h, 0, sizeof *h);
  if (len < 10 || memcmp(buf, npy_magic, sizeof npy_magic) != 0)
    return fail(err, "npy: %s: not a .npy file (bad magic)", name);
  h->major = buf[6];
  h->minor = buf[7];
  size_t hlen, pre;
  if (h->major == 1) {
    hlen = (size_t)buf[8] | (size_t)buf[9] << 8;
    pre = 10;
  } else if (h->major == 2 || h->major == 3) {
    if (len < 12) return fail(err, "npy: %s: truncated header", name);
    hlen = (size_t)buf[8] | (size_t)buf[9] << 8 | (size_t)buf[10] << 16 | (size_t)buf[11] << 24;
    pre = 12;
  } else {
    return fail(err, "npy: %s: unsupported format version %d.%d (1.0, 2.0 and 3.0 are read)", name,
                h->major, h->minor);
  }
  if (hlen > TLUA_NPY_MAX_HEADER)
    return fail(err, "npy: %s: header of %zu bytes is too large (limit %d)", name, hlen,
                TLUA_NPY_MAX_HEADER);
  if (len < pre + hlen) return fail(err, "npy: %s: truncated header", name);
  h->data_offset = pre + hlen;

  Scan s = {(const char *)buf + pre, (const char *)buf + pre + hlen, name, err};
  if (expect_char(&s, '{', "at the start of the header dict")) return 1;
  int have_descr = 0, have_order = 0, have_shape = 0, fortran = 0;
  for (;;) {
    skip_ws(&s);
    if (s.p < s.end && *s.p == '}') { s.p++; break; }
    char key[32];
    if (scan_string(&s, key, sizeof key, "key")) return 1;
    if (expect_char(&s, ':', "after a key")) return 1;
    if (strcmp(key, "descr") == 0) {
      if (scan_descr(&s, &h->dtype)) return 1;
      have_descr = 1;
    } else if (strcmp(key, "fortran_order") == 0) {
      if (scan_bool(&s, &fortran)) return 1;
      have_order = 1;
    } else if (strcmp(key, "shape") == 0) {
      if (scan_shape(&s, &h->rank, h->shape)) return 1;
      have_shape = 1;
    } else {
      return fail(err, "npy: %s: unexpected header key '%s'", name, key);
    }
    skip_ws(&s);
    if (s.p < s.end && *s.p == ',') { s.p++; continue; }
    if (s.p < s.end && *s.p == '}') { s.p++; break; }
    return fail(err, "npy: %s: malformed header: expected ',' or '}' after '%s'", name, key);
  }
  skip_ws(&s);
  if (s.p != s.end) return fail(err, "npy: %s: malformed header: text after the dict", name);
  if (!have_descr || !have_order || !have_shape)
    return fail(err, "npy: %s: header lacks '%s'", name,
                !have_descr ? "descr" : !have_order ? "fortran_order" : "shape");
  int64_t numel;
  if (tlua_shape_check(h->rank, h->shape, &numel, err)) {
    char inner[TLUA_TENSOR_ERRLEN];
    snprintf(inner, sizeof inner, "%s", err);
    return fail(err, "npy: %s: %s", name, inner);
  }
  /* a 0-d or 1-d array is the same in both orders; numpy writes False for them anyway */
  int matters = 0;
  for (int d = 0, big = 0; d < h->rank; d++) if (h->shape[d] > 1) matters = ++big > 1;
  if (fortran && matters)
    return fail(err, "npy: %s: fortran_order=True is not supported; save a C-ordered array "
                "(numpy.ascontiguousarray)", name);
  return 0;
}

/* --- header writing ----------------------------------------------------------------------------- */

int tlua_npy_format_header(tlua_DType dtype, int rank, const int64_t *shape, unsigned char *buf,
                           size_t cap, size_t *len, char *err) {
  const tlua_DTypeInfo *info = tlua_dtype_info(dtype);
  if (!info || !info->npy) return fail(err, "npy: dtype %s has no NumPy equivalent",
                                       info ? info->name : "?");
  char dict[512];
  int n = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (", info->npy);
  for (int d = 0; d < rank; d++)
    n += snprintf(dict + n, sizeof dict - (size_t)n, "%s%lld", d ? ", " : "", (long long)shape[d]);
  n += snprintf(dict + n, sizeof dict - (size_t)n, "%s), }", rank == 1 ? "," : "");
  /* pad with spaces and end with '\n' so the data starts 64-byte aligned (numpy.save does) */
  size_t pre = 10, body = (size_t)n + 1;
  int major = 1;
  if (body + 64 > 65535) { major = 2; pre = 12; } /* the padded length must fit 16 bits in 1.0 */
  size_t total = (pre + body + 63) / 64 * 64;
  if (total > cap) return fail(err, "npy: header buffer too small (%zu bytes needed)", total);
  size_t hlen = total - pre;
  memcpy(buf, npy_magic, sizeof npy_magic);
  buf[6] = (unsigned char)major;
  buf[7] = 0;
  for (size_t i = 0; i < pre - 8; i++) buf[8 + i] = (unsigned char)(hlen >> (8 * i));
  memcpy(buf + pre, dict, (size_t)n);
  memset(buf + pre + n, ' ', hlen - (size_t)n - 1);
  buf[total - 1] = '\n';
  *len = total;
  return 0;
}

/* --- streams ------------------------------------------------------------------------------------ */

int tlua_npy_read(FILE *f, const char *name, tlua_Tensor **out, char *err) {
  *out = NULL;
  if (!host_is_little_endian()) return fail(err, "npy: %s: big-endian hosts are not supported", name);
  unsigned char pre[12];
  size_t got = fread(pre, 1, 10, f);
  if (got < 10 || memcmp(pre, npy_magic, sizeof npy_magic) != 0) {
    if (got >= 6 && memcmp(pre, npy_magic, sizeof npy_magic) == 0)
      return fail(err, "npy: %s: truncated header", name);
    return fail(err, "npy: %s: not a .npy file (bad magic)", name);
  }
  size_t prelen = 10, hlen;
  if (pre[6] == 2 || pre[6] == 3) {
    if (fread(pre + 10, 1, 2, f) != 2) return fail(err, "npy: %s: truncated header", name);
    prelen = 12;
    hlen = (size_t)pre[8] | (size_t)pre[9] << 8 | (size_t)pre[10] << 16 | (size_t)pre[11] << 24;
  } else {
    hlen = (size_t)pre[8] | (size_t)pre[9] << 8;
  }
  if (hlen > TLUA_NPY_MAX_HEADER) {
    tlua_NpyHeader h; /* the parser words the version/size errors */
    return tlua_npy_parse_header(pre, prelen, name, &h, err) ? 1
           : fail(err, "npy: %s: header of %zu bytes is too large (limit %d)", name, hlen,
                  TLUA_NPY_MAX_HEADER);
  }
  unsigned char *buf = (unsigned char *)malloc(prelen + hlen);
  if (!buf) return fail(err, "npy: %s: out of memory reading the header", name);
  memcpy(buf, pre, prelen);
  if (fread(buf + prelen, 1, hlen, f) != hlen) {
    free(buf);
    return fail(err, "npy: %s: truncated header", name);
  }
  tlua_NpyHeader h;
  int rc = tlua_npy_parse_header(buf, prelen + hlen, name, &h, err);
  free(buf);
  if (rc) return 1;
  tlua_Tensor *t;
  if (tlua_tensor_new(h.dtype, h.rank, h.shape, &t, err)) return 1;
  size_t want = (size_t)tlua_tensor_numel(t) * tlua_tensor_elsize(t);
  size_t have = want ? fread(tlua_tensor_data(t), 1, want, f) : 0;
  if (have != want) {
    tlua_tensor_release(t);
    if (ferror(f)) return fail(err, "npy: %s: read error: %s", name, strerror(errno));
    return fail(err, "npy: %s: truncated data: expected %zu bytes, found %zu", name, want, have);
  }
  if (h.dtype == TLUA_BOOL) { /* anything but 0/1 in a bool would confuse comparisons later */
    unsigned char *b = (unsigned char *)tlua_tensor_data(t);
    for (size_t i = 0; i < want; i++) b[i] = b[i] != 0;
  }
  *out = t;
  return 0;
}

int tlua_npy_write(FILE *f, const char *name, const tlua_Tensor *t, char *err) {
  if (!host_is_little_endian()) return fail(err, "npy: %s: big-endian hosts are not supported", name);
  if (tlua_tensor_sync_host(t, err)) return 1;
  /* bf16 has no NumPy type: widen to f32 (exact); strided views are written through a copy */
  tlua_Tensor *c = NULL;
  const tlua_Tensor *src = t;
  const int widen = t->dtype == TLUA_BF16 || tlua_dtype_is_fp8(t->dtype); /* NumPy has none of these */
  if (widen || !tlua_tensor_is_contiguous(t)) {
    if (tlua_tensor_clone(t, widen ? TLUA_F32 : -1, &c, err)) return 1;
    src = c;
  }
  unsigned char head[1024];
  size_t hlen;
  int rc = tlua_npy_format_header(src->dtype, src->rank, src->shape, head, sizeof head, &hlen, err);
  if (!rc) {
    size_t n = (size_t)tlua_tensor_numel(src) * tlua_tensor_elsize(src);
    if (fwrite(head, 1, hlen, f) != hlen || (n && fwrite(tlua_tensor_data(src), 1, n, f) != n))
      rc = fail(err, "npy: %s: write error: %s", name, strerror(errno));
  }
  tlua_tensor_release(c);
  return rc;
}

int tlua_npy_load(const char *path, tlua_Tensor **out, char *err) {
  *out = NULL;
  FILE *f = fopen(path, "rb");
  if (!f) return fail(err, "npy: cannot open %s: %s", path, strerror(errno));
  int rc = tlua_npy_read(f, path, out, err);
  fclose(f);
  return rc;
}

int tlua_npy_save(const char *path, const tlua_Tensor *t, char *err) {
  FILE *f = fopen(path, "wb");
  if (!f) return fail(err, "npy: cannot create %s: %s", path, strerror(errno));
  int rc = tlua_npy_write(f, path, t, err);
  if (fclose(f) != 0 && !rc) rc = fail(err, "npy: %s: write error: %s", path, strerror(errno));
  if (rc) remove(path); /* no half-written file that looks like a result */
  return rc;
}
