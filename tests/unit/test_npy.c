/* test_npy.c - .npy headers (written and hand-built, v1/v2/v3), round trips, bad files, sandbox. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "npy.h"
#include "tilelua.h"
#include "tu.h"

/* A .npy image: preamble of version `major`, the dict text padded to a 64-byte boundary, then
 * the data bytes. Returns malloc'd bytes; *len gets the size. */
static unsigned char *make_npy(int major, const char *dict, const void *data, size_t dlen,
                               size_t *len) {
  size_t pre = major == 1 ? 10 : 12, body = strlen(dict) + 1;
  size_t total = (pre + body + 63) / 64 * 64, hlen = total - pre;
  unsigned char *b = (unsigned char *)malloc(total + dlen);
  memcpy(b, "\x93NUMPY", 6);
  b[6] = (unsigned char)major;
  b[7] = 0;
  for (size_t i = 0; i < pre - 8; i++) b[8 + i] = (unsigned char)(hlen >> (8 * i));
  memcpy(b + pre, dict, body - 1);
  memset(b + pre + body - 1, ' ', hlen - body);
  b[total - 1] = '\n';
  if (dlen) memcpy(b + total, data, dlen);
  *len = total + dlen;
  return b;
}

/* Reads a tensor from bytes through a temporary stream. */
static int read_bytes(const unsigned char *b, size_t n, tlua_Tensor **out, char *err) {
  FILE *f = tmpfile();
  if (!f) { snprintf(err, TLUA_TENSOR_ERRLEN, "tmpfile failed"); return 1; }
  fwrite(b, 1, n, f);
  rewind(f);
  int rc = tlua_npy_read(f, "x.npy", out, err);
  fclose(f);
  return rc;
}

static int read_dict(int major, const char *dict, const void *data, size_t dlen, tlua_Tensor **out,
                     char *err) {
  size_t n;
  unsigned char *b = make_npy(major, dict, data, dlen, &n);
  int rc = read_bytes(b, n, out, err);
  free(b);
  return rc;
}

TU_TEST(written_headers) {
  unsigned char buf[256];
  size_t n;
  char err[TLUA_TENSOR_ERRLEN];
  struct { int rank; int64_t shape[3]; tlua_DType dt; const char *dict; } c[] = {
    {0, {0}, TLUA_F32, "{'descr': '<f4', 'fortran_order': False, 'shape': (), }"},
    {1, {0}, TLUA_I64, "{'descr': '<i8', 'fortran_order': False, 'shape': (0,), }"},
    {1, {3}, TLUA_BOOL, "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }"},
    {3, {2, 3, 4}, TLUA_F16, "{'descr': '<f2', 'fortran_order': False, 'shape': (2, 3, 4), }"},
  };
  for (size_t k = 0; k < sizeof c / sizeof c[0]; k++) {
    ASSERT_EQ(tlua_npy_format_header(c[k].dt, c[k].rank, c[k].shape, buf, sizeof buf, &n, err), 0);
    ASSERT_EQ(n % 64, 0);
    ASSERT(memcmp(buf, "\x93NUMPY\x01\x00", 8) == 0);
    ASSERT_EQ((size_t)buf[8] | (size_t)buf[9] << 8, n - 10);
    ASSERT(memcmp(buf + 10, c[k].dict, strlen(c[k].dict)) == 0);
    ASSERT_EQ(buf[n - 1], '\n');
    ASSERT_EQ(buf[10 + strlen(c[k].dict)], ' ');
    tlua_NpyHeader h;
    ASSERT_EQ(tlua_npy_parse_header(buf, n, "x.npy", &h, err), 0);
    ASSERT_EQ(h.dtype, c[k].dt);
    ASSERT_EQ(h.rank, c[k].rank);
    for (int d = 0; d < h.rank; d++) ASSERT_EQ(h.shape[d], c[k].shape[d]);
    ASSERT_EQ(h.data_offset, n);
  }
  ASSERT_NE(tlua_npy_format_header(TLUA_BF16, 0, NULL, buf, sizeof buf, &n, err), 0);
  ASSERT_CONTAINS(err, "bf16 has no NumPy equivalent");
  ASSERT_NE(tlua_npy_format_header(TLUA_F32, 0, NULL, buf, 32, &n, err), 0);
}

TU_TEST(hand_built_headers) {
  char err[TLUA_TENSOR_ERRLEN];
  tlua_Tensor *t = NULL;
  /* v1.0, shape () */
  double one = 3.5;
  ASSERT_EQ(read_dict(1, "{'descr': '<f8', 'fortran_order': False, 'shape': (), }", &one, 8, &t, err), 0);
  ASSERT_EQ(t->rank, 0);
  ASSERT(tlua_tensor_load(t, NULL) == 3.5);
  tlua_tensor_release(t);
  /* v2.0, shape (0,), double quotes, other key order, no trailing comma */
  ASSERT_EQ(read_dict(2, "{\"shape\": (0,), \"fortran_order\": False, \"descr\": \"<i4\"}", NULL, 0, &t, err), 0);
  ASSERT_EQ(t->rank, 1);
  ASSERT_EQ(t->shape[0], 0);
  ASSERT_EQ(t->dtype, TLUA_I32);
  tlua_tensor_release(t);
  /* v1.0, shape (3,), '=' byte order, Python 2 long suffix */
  int16_t v3[] = {-1, 2, 30000};
  ASSERT_EQ(read_dict(1, "{'descr': '=i2', 'fortran_order': False, 'shape': (3L,), }", v3, 6, &t, err), 0);
  ASSERT_EQ(t->dtype, TLUA_I16);
  ASSERT_EQ(tlua_tensor_load_i64(t, (int64_t[]){2}), 30000);
  tlua_tensor_release(t);
  /* v3.0 (utf-8 header; ours is ASCII), shape (2, 3, 4), fortran_order True on a 1-d array is fine */
  float v24[24];
  for (int i = 0; i < 24; i++) v24[i] = (float)i * 0.5f;
  ASSERT_EQ(read_dict(3, "{'descr':'<f4','fortran_order':False,'shape':(2,3,4)}", v24, sizeof v24, &t, err), 0);
  ASSERT_EQ(t->rank, 3);
  ASSERT(tlua_tensor_load(t, (int64_t[]){1, 2, 3}) == 11.5);
  tlua_tensor_release(t);
  ASSERT_EQ(read_dict(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (3,), }", v24, 12, &t, err), 0);
  tlua_tensor_release(t);
  /* single-byte types take any byte-order mark; bool bytes are made canonical */
  unsigned char bools[] = {0, 1, 7};
  ASSERT_EQ(read_dict(1, "{'descr': '>b1', 'fortran_order': False, 'shape': (3,), }", bools, 3, &t, err), 0);
  ASSERT_EQ(((unsigned char *)tlua_tensor_data(t))[2], 1);
  tlua_tensor_release(t);
}

TU_TEST(round_trip_every_dtype) {
  char err[TLUA_TENSOR_ERRLEN];
  int64_t shape[] = {2, 3, 5};
  for (int dt = 0; dt < TLUA_NDTYPES; dt++) {
    tlua_Tensor *a = NULL, *b = NULL;
    ASSERT_EQ(tlua_tensor_new((tlua_DType)dt, 3, shape, &a, err), 0);
    tlua_tensor_fill_random(a, (uint64_t)dt);
    if (tlua_dtype_info((tlua_DType)dt)->is_float) {
      tlua_tensor_store(a, (int64_t[]){0, 0, 0}, NAN);
      tlua_tensor_store(a, (int64_t[]){0, 0, 1}, -INFINITY);
      tlua_tensor_store(a, (int64_t[]){0, 0, 2}, dt == TLUA_F16 ? ldexp(1, -24) : 1e-40); /* denormal */
    } else {
      tlua_tensor_store_i64(a, (int64_t[]){1, 2, 4}, -1); /* the type's largest / -1 */
    }
    FILE *f = tmpfile();
    ASSERT(f != NULL);
    ASSERT_EQ(tlua_npy_write(f, "rt.npy", a, err), 0);
    rewind(f);
    int rc = tlua_npy_read(f, "rt.npy", &b, err);
    fclose(f);
    if (rc) TU_FAIL_("%s: %s", tlua_dtype_info((tlua_DType)dt)->name, err);
    /* bf16 and the 8-bit floats widen exactly to f32 */
    ASSERT_EQ(b->dtype, dt == TLUA_BF16 || tlua_dtype_is_fp8(dt) ? TLUA_F32 : dt);
    ASSERT_EQ(b->rank, 3);
    for (int d = 0; d < 3; d++) ASSERT_EQ(b->shape[d], shape[d]);
    for (int64_t i = 0; i < 30; i++) {
      double x = tlua_dtype_load(a->dtype, tlua_tensor_data(a), (size_t)i);
      double y = tlua_dtype_load(b->dtype, tlua_tensor_data(b), (size_t)i);
      ASSERT(isnan(x) ? isnan(y) : x == y);
      ASSERT_EQ(tlua_dtype_load_i64(a->dtype, tlua_tensor_data(a), (size_t)i),
                tlua_dtype_load_i64(b->dtype, tlua_tensor_data(b), (size_t)i));
    }
    if (dt != TLUA_BF16 && !tlua_dtype_is_fp8(dt)) /* same dtype: the bytes themselves survive */
      ASSERT(memcmp(a->storage->host, b->storage->host, a->storage->nbytes) == 0);
    tlua_tensor_release(a);
    tlua_tensor_release(b);
  }
}

TU_TEST(strided_view_is_written_in_row_major_order) {
  char err[TLUA_TENSOR_ERRLEN];
  int64_t shape[] = {2, 3};
  tlua_Tensor *a = NULL, *tr = NULL, *b = NULL;
  ASSERT_EQ(tlua_tensor_new(TLUA_I32, 2, shape, &a, err), 0);
  for (int64_t i = 0; i < 6; i++) tlua_dtype_store_i64(TLUA_I32, tlua_tensor_data(a), (size_t)i, i);
  int64_t tsh[] = {3, 2}, tst[] = {1, 3};
  ASSERT_EQ(tlua_tensor_view(a, TLUA_I32, 2, tsh, tst, 0, &tr, err), 0);
  FILE *f = tmpfile();
  ASSERT_EQ(tlua_npy_write(f, "t.npy", tr, err), 0);
  rewind(f);
  ASSERT_EQ(tlua_npy_read(f, "t.npy", &b, err), 0);
  fclose(f);
  ASSERT_EQ(b->shape[0], 3);
  const int32_t want[] = {0, 3, 1, 4, 2, 5};
  ASSERT(memcmp(tlua_tensor_data(b), want, sizeof want) == 0);
  tlua_tensor_release(a);
  tlua_tensor_release(tr);
  tlua_tensor_release(b);
}

TU_TEST(bad_files) {
  char err[TLUA_TENSOR_ERRLEN];
  tlua_Tensor *t = (tlua_Tensor *)1;
  float d6[6] = {0};
  static const struct { int major; const char *dict; size_t dlen; const char *msg; } bad[] = {
    {1, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 3), }", 24,
     "x.npy: fortran_order=True is not supported"},
    {1, "{'descr': '>f4', 'fortran_order': False, 'shape': (2, 3), }", 24, "big-endian data ('>f4')"},
    {1, "{'descr': '|O', 'fortran_order': False, 'shape': (2, 3), }", 24, "object arrays ('|O')"},
    {1, "{'descr': [('a', '<f4')], 'fortran_order': False, 'shape': (2,), }", 8, "structured dtypes"},
    {1, "{'descr': '<c8', 'fortran_order': False, 'shape': (2,), }", 16, "unsupported dtype '<c8'"},
    {1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", 23,
     "truncated data: expected 24 bytes, found 23"},
    {1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3), }", 24, "non-negative integers"},
    {1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1,1,1,1,1,1,1,1,1), }", 4, "rank over 8"},
    {1, "{'descr': '<f4', 'fortran_order': False, 'shape': (1048576, 1048577), }", 0,
     "too many"},
    {1, "{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999999999999,), }", 0,
     "too large"},
    {1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), 'extra': 1}", 8, "unexpected header key 'extra'"},
    {1, "{'descr': '<f4', 'shape': (2,)}", 8, "header lacks 'fortran_order'"},
    {1, "{'descr': '<f4', 'fortran_order': 0, 'shape': (2,)}", 8, "True or False"},
    {1, "['descr', '<f4']", 8, "expected '{'"},
    {1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,)} junk", 8, "text after the dict"},
    {4, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,)}", 8, "unsupported format version 4.0"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    ASSERT_NE(read_dict(bad[k].major, bad[k].dict, d6, bad[k].dlen, &t, err), 0);
    ASSERT(t == NULL);
    ASSERT_CONTAINS(err, bad[k].msg);
  }
  /* bad magic, truncated preamble, truncated header, empty file */
  static const char zip[] = "PK\x03\x04 a zip file";
  ASSERT_NE(read_bytes((const unsigned char *)zip, sizeof zip - 1, &t, err), 0);
  ASSERT_CONTAINS(err, "not a .npy file (bad magic)");
  ASSERT_NE(read_bytes((const unsigned char *)"\x93NUMPY\x01", 7, &t, err), 0);
  ASSERT_CONTAINS(err, "truncated header");
  ASSERT_NE(read_bytes((const unsigned char *)"", 0, &t, err), 0);
  ASSERT_CONTAINS(err, "bad magic");
  size_t n;
  unsigned char *b = make_npy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", NULL, 0, &n);
  ASSERT_NE(read_bytes(b, 40, &t, err), 0);
  ASSERT_CONTAINS(err, "x.npy: truncated header");
  free(b);
  /* a huge header (v2.0 allows 4 GiB) is refused before anything is allocated for it */
  unsigned char huge[12] = {0x93, 'N', 'U', 'M', 'P', 'Y', 2, 0, 0x00, 0x00, 0x00, 0x40};
  ASSERT_NE(read_bytes(huge, sizeof huge, &t, err), 0);
  ASSERT_CONTAINS(err, "header of 1073741824 bytes is too large (limit 65536)");
  ASSERT(t == NULL);
}

TU_TEST(paths) {
  char err[TLUA_TENSOR_ERRLEN];
  tlua_Tensor *t = (tlua_Tensor *)1;
  ASSERT_NE(tlua_npy_load("/nonexistent/dir/x.npy", &t, err), 0);
  ASSERT(t == NULL);
  ASSERT_CONTAINS(err, "npy: cannot open /nonexistent/dir/x.npy");
  int64_t shape[] = {4};
  ASSERT_EQ(tlua_tensor_new(TLUA_F32, 1, shape, &t, err), 0);
  ASSERT_NE(tlua_npy_save("/nonexistent/dir/x.npy", t, err), 0);
  ASSERT_CONTAINS(err, "npy: cannot create /nonexistent/dir/x.npy");
  tlua_tensor_release(t);
}

TU_TEST(sandbox_refuses_files) {
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.sandbox = 1;
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(&cfg, &T), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "tl.save_npy('/tmp/tilelua-sandbox.npy', tl.zeros{2})", "=box"),
            TLUA_ERRRUN);
  ASSERT_CONTAINS(tlua_errmsg(T), "box:1: tl.save_npy: writing files is not allowed in the sandbox");
  ASSERT_EQ(tlua_dostring(T, "tl.load_npy('/tmp/tilelua-sandbox.npy')", "=box"), TLUA_ERRRUN);
  ASSERT_CONTAINS(tlua_errmsg(T), "box:1: tl.load_npy: reading files is not allowed in the sandbox");
  /* tensors themselves stay available */
  ASSERT_EQ(tlua_dostring(T, "s = tl.arange(5):sum()", "=box"), TLUA_OK);
  double s = 0;
  ASSERT_EQ(tlua_get_number(T, "s", &s), TLUA_OK);
  ASSERT(s == 10.0);
  tlua_close(T);
}

TU_MAIN(TU_ENTRY(written_headers), TU_ENTRY(hand_built_headers), TU_ENTRY(round_trip_every_dtype),
        TU_ENTRY(strided_view_is_written_in_row_major_order), TU_ENTRY(bad_files), TU_ENTRY(paths),
        TU_ENTRY(sandbox_refuses_files))
