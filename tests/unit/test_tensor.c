/* test_tensor.c - tensors: creation, shape checks, views, reshape, copies, reductions, device sync. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tensor.h"
#include "tu.h"

static tlua_Tensor *new_t(tlua_DType dt, int rank, const int64_t *shape) {
  tlua_Tensor *t = NULL;
  char err[TLUA_TENSOR_ERRLEN];
  if (tlua_tensor_new(dt, rank, shape, &t, err)) fprintf(stderr, "  new: %s\n", err);
  return t;
}

/* fills t with 0, 1, 2, ... in row-major order */
static void iota(tlua_Tensor *t) {
  for (int64_t i = 0; i < tlua_tensor_numel(t); i++) {
    int64_t off = tlua_tensor_linear_offset(t, i);
    tlua_dtype_store_i64(t->dtype, tlua_tensor_data(t), (size_t)off, i);
  }
}

TU_TEST(new_contiguous) {
  int64_t shape[] = {2, 3, 4};
  tlua_Tensor *t = new_t(TLUA_F32, 3, shape);
  ASSERT(t != NULL);
  ASSERT_EQ(t->rank, 3);
  ASSERT_EQ(t->strides[0], 12);
  ASSERT_EQ(t->strides[1], 4);
  ASSERT_EQ(t->strides[2], 1);
  ASSERT_EQ(t->offset, 0);
  ASSERT_EQ(tlua_tensor_numel(t), 24);
  ASSERT_EQ(t->storage->nbytes, 96);
  ASSERT_EQ(t->storage->refs, 1);
  ASSERT_EQ(t->refs, 1);
  ASSERT(tlua_tensor_is_contiguous(t));
  for (int i = 0; i < 96; i++) ASSERT_EQ(((unsigned char *)t->storage->host)[i], 0);
  int64_t idx[] = {1, 2, 3};
  ASSERT_EQ((char *)tlua_tensor_ptr(t, idx) - (char *)tlua_tensor_data(t), (12 + 8 + 3) * 4);
  tlua_tensor_store(t, idx, 2.5);
  ASSERT(tlua_tensor_load(t, idx) == 2.5);
  ASSERT_EQ(tlua_tensor_linear_offset(t, 23), 23);
  tlua_tensor_release(t);
  tlua_tensor_release(NULL);
}

TU_TEST(rank0_and_empty) {
  tlua_Tensor *s = new_t(TLUA_F64, 0, NULL);
  ASSERT(s != NULL);
  ASSERT_EQ(tlua_tensor_numel(s), 1);
  tlua_tensor_store(s, NULL, -1.25);
  ASSERT(tlua_tensor_load(s, NULL) == -1.25);
  ASSERT(tlua_tensor_sum(s) == -1.25);
  tlua_tensor_release(s);
  int64_t shape[] = {3, 0, 2};
  tlua_Tensor *e = new_t(TLUA_I32, 3, shape);
  ASSERT(e != NULL);
  ASSERT_EQ(tlua_tensor_numel(e), 0);
  ASSERT_EQ(e->storage->nbytes, 0);
  ASSERT(tlua_tensor_is_contiguous(e));
  ASSERT_EQ(tlua_tensor_sum_i64(e), 0);
  tlua_tensor_fill(e, 3); /* nothing to do, nothing to crash */
  tlua_tensor_release(e);
}

TU_TEST(shape_errors) {
  char err[TLUA_TENSOR_ERRLEN];
  int64_t n;
  int64_t neg[] = {2, -3};
  ASSERT_NE(tlua_shape_check(2, neg, &n, err), 0);
  ASSERT_STR_EQ(err, "tensor: the length of dimension 1 must be >= 0 (got -3)");
  int64_t nine[9] = {1, 1, 1, 1, 1, 1, 1, 1, 1};
  ASSERT_NE(tlua_shape_check(9, nine, &n, err), 0);
  ASSERT_CONTAINS(err, "rank 9 is out of range (0..8)");
  int64_t big[] = {1 << 20, 1 << 20, 2};
  ASSERT_NE(tlua_shape_check(3, big, &n, err), 0);
  ASSERT_CONTAINS(err, "2199023255552 elements is too many");
  int64_t huge[] = {0, INT64_MAX}; /* a zero does not hide an absurd length */
  ASSERT_NE(tlua_shape_check(2, huge, &n, err), 0);
  int64_t limit[] = {1 << 20, 1 << 20};
  ASSERT_EQ(tlua_shape_check(2, limit, &n, err), 0);
  ASSERT_EQ(n, TLUA_TENSOR_MAX_NUMEL);
  tlua_Tensor *t = (tlua_Tensor *)1;
  ASSERT_NE(tlua_tensor_new(TLUA_F32, 2, neg, &t, err), 0);
  ASSERT(t == NULL);
  ASSERT_NE(tlua_tensor_new((tlua_DType)99, 0, NULL, &t, err), 0);
  ASSERT_CONTAINS(err, "unknown dtype 99");
}

TU_TEST(out_of_memory_is_an_error) {
  char err[TLUA_TENSOR_ERRLEN];
  int64_t shape[] = {(int64_t)1 << 40};
  tlua_Tensor *t = NULL;
  /* 8 TiB: refused by the kernel (or the address space), reported, not fatal */
  if (tlua_tensor_new(TLUA_F64, 1, shape, &t, err) == 0) {
    tlua_tensor_release(t);
    TU_SKIP("this machine overcommits 8 TiB; the failure path cannot be provoked here");
  }
  ASSERT(t == NULL);
  ASSERT_STR_EQ(err, "tensor: out of memory allocating 8796093022208 bytes");
}

TU_TEST(views_share_storage) {
  int64_t shape[] = {3, 4};
  tlua_Tensor *t = new_t(TLUA_I32, 2, shape), *v = NULL;
  iota(t);
  char err[TLUA_TENSOR_ERRLEN];
  /* transpose */
  int64_t tsh[] = {4, 3}, tst[] = {1, 4};
  ASSERT_EQ(tlua_tensor_view(t, TLUA_I32, 2, tsh, tst, 0, &v, err), 0);
  ASSERT_EQ(t->storage->refs, 2);
  ASSERT(!tlua_tensor_is_contiguous(v));
  int64_t i12[] = {1, 2};
  ASSERT_EQ(tlua_tensor_load_i64(v, i12), 9); /* t[2][1] */
  ASSERT_EQ(tlua_tensor_linear_offset(v, 5), 9); /* row-major position 5 of v is (1, 2) */
  tlua_tensor_store_i64(v, i12, 99);
  int64_t i21[] = {2, 1};
  ASSERT_EQ(tlua_tensor_load_i64(t, i21), 99);
  tlua_tensor_release(t); /* the view keeps the storage alive */
  ASSERT_EQ(v->storage->refs, 1);
  ASSERT_EQ(tlua_tensor_load_i64(v, i12), 99);
  /* reversed rows via a negative stride and an offset */
  tlua_Tensor *r = NULL;
  int64_t rsh[] = {3}, rst[] = {-4};
  ASSERT_EQ(tlua_tensor_view(v, TLUA_I32, 1, rsh, rst, 8 * 4, &r, err), 0);
  int64_t i0[] = {0}, i2[] = {2};
  ASSERT_EQ(tlua_tensor_extent(r), 4); /* elements 8..11 of the 12 lie at or after its data */
  ASSERT_EQ(tlua_tensor_extent(v), 12);
  ASSERT_EQ(tlua_tensor_load_i64(r, i0), 8);
  ASSERT_EQ(tlua_tensor_load_i64(r, i2), 0);
  /* out of bounds */
  tlua_Tensor *bad = (tlua_Tensor *)1;
  int64_t bsh[] = {4}, bst[] = {4};
  ASSERT_NE(tlua_tensor_view(v, TLUA_I32, 1, bsh, bst, 0, &bad, err), 0);
  ASSERT(bad == NULL);
  ASSERT_CONTAINS(err, "outside the storage");
  ASSERT_NE(tlua_tensor_view(v, TLUA_I32, 1, rsh, rst, 4, &bad, err), 0); /* walks below 0 */
  int64_t hst[] = {INT64_MAX / 2};
  ASSERT_NE(tlua_tensor_view(v, TLUA_I32, 1, rsh, hst, 0, &bad, err), 0);
  ASSERT_NE(tlua_tensor_view(v, TLUA_I32, 1, rsh, NULL, 1000, &bad, err), 0);
  ASSERT_CONTAINS(err, "past the storage");
  /* a wider dtype over the same bytes must still fit */
  int64_t wsh[] = {6};
  ASSERT_EQ(tlua_tensor_view(v, TLUA_I64, 1, wsh, NULL, 0, &bad, err), 0);
  tlua_tensor_release(bad);
  int64_t wsh7[] = {7};
  ASSERT_NE(tlua_tensor_view(v, TLUA_I64, 1, wsh7, NULL, 0, &bad, err), 0);
  tlua_tensor_release(r);
  tlua_tensor_release(v);
}

TU_TEST(reshape) {
  int64_t shape[] = {2, 6};
  tlua_Tensor *t = new_t(TLUA_F32, 2, shape), *r = NULL;
  iota(t);
  char err[TLUA_TENSOR_ERRLEN];
  int64_t s34[] = {3, -1};
  ASSERT_EQ(tlua_tensor_reshape(t, 2, s34, &r, err), 0);
  ASSERT_EQ(r->shape[1], 4);
  ASSERT(r->storage == t->storage); /* a view */
  int64_t i[] = {2, 1};
  ASSERT(tlua_tensor_load(r, i) == 9.0);
  /* a transposed (non-contiguous) view reshapes by copying */
  tlua_Tensor *tr = NULL, *flat = NULL;
  int64_t tsh[] = {6, 2}, tst[] = {1, 6}, f[] = {12};
  ASSERT_EQ(tlua_tensor_view(t, TLUA_F32, 2, tsh, tst, 0, &tr, err), 0);
  ASSERT_EQ(tlua_tensor_reshape(tr, 1, f, &flat, err), 0);
  ASSERT(flat->storage != t->storage);
  int64_t k1[] = {1}, k2[] = {2};
  ASSERT(tlua_tensor_load(flat, k1) == 6.0);
  ASSERT(tlua_tensor_load(flat, k2) == 1.0);
  tlua_Tensor *bad = (tlua_Tensor *)1;
  int64_t s5[] = {5, 2};
  ASSERT_NE(tlua_tensor_reshape(t, 2, s5, &bad, err), 0);
  ASSERT(bad == NULL);
  ASSERT_STR_EQ(err, "reshape: the new shape has 10 elements, the tensor 12");
  int64_t two[] = {-1, -1};
  ASSERT_NE(tlua_tensor_reshape(t, 2, two, &bad, err), 0);
  ASSERT_CONTAINS(err, "only one length may be -1");
  int64_t s5i[] = {5, -1};
  ASSERT_NE(tlua_tensor_reshape(t, 2, s5i, &bad, err), 0);
  ASSERT_CONTAINS(err, "not a multiple of 5");
  int64_t neg[] = {-2, -6};
  ASSERT_NE(tlua_tensor_reshape(t, 2, neg, &bad, err), 0);
  tlua_tensor_release(flat);
  tlua_tensor_release(tr);
  tlua_tensor_release(r);
  tlua_tensor_release(t);
}

TU_TEST(copy_converts_and_handles_overlap) {
  int64_t shape[] = {2, 3};
  tlua_Tensor *a = new_t(TLUA_F32, 2, shape), *b = new_t(TLUA_I16, 2, shape), *c = NULL;
  iota(a);
  tlua_tensor_store(a, (int64_t[]){1, 2}, -7.9);
  char err[TLUA_TENSOR_ERRLEN];
  ASSERT_EQ(tlua_tensor_copy(b, a, err), 0);
  ASSERT_EQ(tlua_tensor_load_i64(b, (int64_t[]){0, 2}), 2);
  ASSERT_EQ(tlua_tensor_load_i64(b, (int64_t[]){1, 2}), -7); /* truncation toward zero */
  ASSERT_EQ(tlua_tensor_clone(b, TLUA_F16, &c, err), 0);
  ASSERT(tlua_tensor_load(c, (int64_t[]){1, 1}) == 4.0);
  ASSERT(c->storage != b->storage && c->dtype == TLUA_F16);
  int64_t other[] = {3, 2};
  tlua_Tensor *d = new_t(TLUA_F32, 2, other);
  ASSERT_NE(tlua_tensor_copy(d, a, err), 0);
  ASSERT_STR_EQ(err, "copy: shapes differ ({3,2} vs {2,3})");
  /* overlapping views of one storage: dst = src shifted by one element */
  int64_t n10[] = {10};
  tlua_Tensor *s = new_t(TLUA_I64, 1, n10), *lo = NULL, *hi = NULL;
  iota(s);
  int64_t n9[] = {9};
  ASSERT_EQ(tlua_tensor_view(s, TLUA_I64, 1, n9, NULL, 0, &lo, err), 0);
  ASSERT_EQ(tlua_tensor_view(s, TLUA_I64, 1, n9, NULL, 8, &hi, err), 0);
  ASSERT_EQ(tlua_tensor_copy(hi, lo, err), 0); /* s[1..9] = old s[0..8] */
  for (int64_t i = 0; i < 10; i++) ASSERT_EQ(tlua_tensor_load_i64(s, &i), i == 0 ? 0 : i - 1);
  /* u64 beyond 2^63 and i64 beyond 2^53 convert exactly between integer types */
  tlua_Tensor *u = new_t(TLUA_U64, 1, n10), *i64 = new_t(TLUA_I64, 1, n10);
  tlua_tensor_fill_i64(u, -1);
  ASSERT_EQ(tlua_tensor_copy(i64, u, err), 0);
  ASSERT_EQ(tlua_tensor_load_i64(i64, (int64_t[]){3}), -1);
  tlua_Tensor *f64 = new_t(TLUA_F64, 1, n10);
  ASSERT_EQ(tlua_tensor_copy(f64, u, err), 0);
  ASSERT(tlua_tensor_load(f64, (int64_t[]){3}) == 18446744073709551615.0);
  tlua_tensor_release(f64);
  tlua_tensor_release(u);
  tlua_tensor_release(i64);
  tlua_tensor_release(lo);
  tlua_tensor_release(hi);
  tlua_tensor_release(s);
  tlua_tensor_release(d);
  tlua_tensor_release(c);
  tlua_tensor_release(b);
  tlua_tensor_release(a);
}

TU_TEST(fill_sum_max_abs_diff) {
  int64_t shape[] = {4, 5};
  tlua_Tensor *a = new_t(TLUA_F64, 2, shape), *b = new_t(TLUA_F32, 2, shape);
  tlua_tensor_fill(a, 0.5);
  ASSERT(tlua_tensor_sum(a) == 10.0);
  iota(b);
  ASSERT(tlua_tensor_sum(b) == 190.0);
  char err[TLUA_TENSOR_ERRLEN];
  double d;
  ASSERT_EQ(tlua_tensor_max_abs_diff(a, b, &d, err), 0);
  ASSERT(d == 18.5);
  tlua_tensor_fill(a, NAN);
  tlua_tensor_fill(b, NAN);
  ASSERT_EQ(tlua_tensor_max_abs_diff(a, b, &d, err), 0);
  ASSERT(d == 0); /* NaN where both are NaN */
  tlua_tensor_store(b, (int64_t[]){3, 4}, 1.0);
  ASSERT_EQ(tlua_tensor_max_abs_diff(a, b, &d, err), 0);
  ASSERT(isinf(d) && d > 0);
  tlua_tensor_fill(a, INFINITY);
  tlua_tensor_fill(b, INFINITY);
  ASSERT_EQ(tlua_tensor_max_abs_diff(a, b, &d, err), 0);
  ASSERT(d == 0);
  /* integer sums are exact and wrap like int64 */
  int64_t n3[] = {3};
  tlua_Tensor *i = new_t(TLUA_I64, 1, n3);
  tlua_tensor_fill_i64(i, INT64_MAX);
  ASSERT_EQ(tlua_tensor_sum_i64(i), INT64_MAX - 2); /* 3 * MAX mod 2^64 */
  tlua_Tensor *bo = new_t(TLUA_BOOL, 1, n3);
  tlua_tensor_fill(bo, 5);
  ASSERT_EQ(tlua_tensor_sum_i64(bo), 3);
  tlua_Tensor *j = new_t(TLUA_I64, 1, n3);
  tlua_tensor_fill_i64(j, INT64_MIN);
  ASSERT_EQ(tlua_tensor_max_abs_diff(i, j, &d, err), 0);
  ASSERT(d == 18446744073709551615.0);
  int64_t n4[] = {4};
  tlua_Tensor *k = new_t(TLUA_I64, 1, n4);
  ASSERT_NE(tlua_tensor_max_abs_diff(i, k, &d, err), 0);
  ASSERT_CONTAINS(err, "shapes differ ({3} vs {4})");
  tlua_tensor_release(k);
  tlua_tensor_release(j);
  tlua_tensor_release(bo);
  tlua_tensor_release(i);
  tlua_tensor_release(a);
  tlua_tensor_release(b);
}

TU_TEST(strided_fill_and_sum) {
  int64_t shape[] = {4, 4};
  tlua_Tensor *t = new_t(TLUA_I32, 2, shape), *col = NULL;
  char err[TLUA_TENSOR_ERRLEN];
  int64_t csh[] = {4}, cst[] = {4};
  ASSERT_EQ(tlua_tensor_view(t, TLUA_I32, 1, csh, cst, 2 * 4, &col, err), 0); /* column 2 */
  tlua_tensor_fill_i64(col, 7);
  ASSERT_EQ(tlua_tensor_sum_i64(t), 28);
  ASSERT_EQ(tlua_tensor_load_i64(t, (int64_t[]){3, 2}), 7);
  ASSERT_EQ(tlua_tensor_load_i64(t, (int64_t[]){3, 3}), 0);
  tlua_tensor_release(col);
  tlua_tensor_release(t);
}

TU_TEST(index_check_messages) {
  int64_t shape[] = {2, 4};
  tlua_Tensor *t = new_t(TLUA_F32, 2, shape);
  char err[TLUA_TENSOR_ERRLEN];
  ASSERT_EQ(tlua_tensor_check_index(t, "get", 2, (int64_t[]){1, 3}, err), 0);
  ASSERT_NE(tlua_tensor_check_index(t, "get", 2, (int64_t[]){1, 4}, err), 0);
  ASSERT_STR_EQ(err, "get: index 4 out of range for dimension 1 (size 4, valid 0..3)");
  ASSERT_NE(tlua_tensor_check_index(t, "get", 2, (int64_t[]){-1, 0}, err), 0);
  ASSERT_STR_EQ(err, "get: index -1 out of range for dimension 0 (size 2, valid 0..1)");
  ASSERT_NE(tlua_tensor_check_index(t, "get", 1, (int64_t[]){0}, err), 0);
  ASSERT_CONTAINS(err, "expected 2 indices");
  tlua_tensor_release(t);
}

TU_TEST(format) {
  int64_t shape[] = {2, 3};
  tlua_Tensor *t = new_t(TLUA_F32, 2, shape);
  iota(t);
  tlua_tensor_store(t, (int64_t[]){0, 1}, 0.5);
  char buf[256];
  tlua_tensor_format(t, buf, sizeof buf, 8);
  ASSERT_STR_EQ(buf, "Tensor{shape={2,3}, dtype=f32, data={0.0, 0.5, 2.0, 3.0, 4.0, 5.0}}");
  tlua_tensor_format(t, buf, sizeof buf, 2);
  ASSERT_STR_EQ(buf, "Tensor{shape={2,3}, dtype=f32, data={0.0, 0.5, ... (6 elements)}}");
  size_t want = tlua_tensor_format(t, buf, 10, 8); /* truncation is safe and reports the need */
  ASSERT_EQ(strlen(buf), 9);
  ASSERT_EQ(want, strlen("Tensor{shape={2,3}, dtype=f32, data={0.0, 0.5, 2.0, 3.0, 4.0, 5.0}}"));
  tlua_tensor_release(t);
  int64_t n2[] = {2};
  tlua_Tensor *u = new_t(TLUA_U64, 1, n2), *b = new_t(TLUA_BOOL, 1, n2), *h = new_t(TLUA_F16, 1, n2);
  tlua_tensor_fill_i64(u, -1);
  tlua_tensor_store_i64(b, (int64_t[]){1}, 1);
  tlua_tensor_store(h, (int64_t[]){0}, -INFINITY);
  tlua_tensor_store(h, (int64_t[]){1}, NAN);
  tlua_tensor_format(u, buf, sizeof buf, 8);
  ASSERT_STR_EQ(buf, "Tensor{shape={2}, dtype=u64, data={18446744073709551615, 18446744073709551615}}");
  tlua_tensor_format(b, buf, sizeof buf, 8);
  ASSERT_STR_EQ(buf, "Tensor{shape={2}, dtype=bool, data={false, true}}");
  tlua_tensor_format(h, buf, sizeof buf, 8);
  ASSERT_STR_EQ(buf, "Tensor{shape={2}, dtype=f16, data={-inf, nan}}");
  tlua_Tensor *s = new_t(TLUA_I8, 0, NULL);
  tlua_tensor_format(s, buf, sizeof buf, 8);
  ASSERT_STR_EQ(buf, "Tensor{shape={}, dtype=i8, data={0}}");
  tlua_tensor_release(s);
  tlua_tensor_release(u);
  tlua_tensor_release(b);
  tlua_tensor_release(h);
}

TU_TEST(random_fill) {
  int64_t n[] = {4096};
  for (int dt = 0; dt < TLUA_NDTYPES; dt++) {
    tlua_Tensor *a = new_t((tlua_DType)dt, 1, n), *b = new_t((tlua_DType)dt, 1, n);
    tlua_tensor_fill_random(a, 42);
    tlua_tensor_fill_random(b, 42);
    ASSERT(memcmp(a->storage->host, b->storage->host, a->storage->nbytes) == 0);
    tlua_tensor_fill_random(b, 43);
    ASSERT(memcmp(a->storage->host, b->storage->host, a->storage->nbytes) != 0);
    int is_float = tlua_dtype_info((tlua_DType)dt)->is_float;
    double lo = 1e9, hi = -1e9, sum = 0;
    for (int64_t i = 0; i < n[0]; i++) {
      double v = tlua_tensor_load(a, &i);
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
      sum += v;
    }
    ASSERT(lo >= 0);
    if (is_float) {
      ASSERT(hi < 1.0); /* never rounds up to 1, even in f16/bf16 */
      /* (8-bit floats hold k/16 or k/8: their mean is half a step below 0.5) */
      ASSERT_NEAR(sum / (double)n[0], 0.5, tlua_dtype_info((tlua_DType)dt)->size == 1 ? 0.07 : 0.03);
    } else {
      ASSERT(hi <= (dt == TLUA_BOOL ? 1 : 15));
      ASSERT(hi >= (dt == TLUA_BOOL ? 1 : 14));
      ASSERT(lo == 0);
    }
    tlua_tensor_release(a);
    tlua_tensor_release(b);
  }
}

/* --- device memory through a fake backend: a second host buffer plays the device ---------------- */

typedef struct FakeDevice { int uploads, downloads, frees, zeros, unrefs; } FakeDevice;

static int fake_upload(void *ctx, void *device, const void *host, size_t n, char *err) {
  (void)err;
  ((FakeDevice *)ctx)->uploads++;
  memcpy(device, host, n);
  return 0;
}
static int fake_download(void *ctx, void *host, const void *device, size_t n, char *err) {
  (void)err;
  ((FakeDevice *)ctx)->downloads++;
  memcpy(host, device, n);
  return 0;
}
static int fake_zero(void *ctx, void *device, size_t n, char *err) {
  (void)err;
  ((FakeDevice *)ctx)->zeros++;
  memset(device, 0, n);
  return 0;
}
static void fake_free(void *ctx, void *device, size_t nbytes, void *stream) {
  (void)nbytes;
  (void)stream;
  ((FakeDevice *)ctx)->frees++;
  free(device);
}

static void fake_unref(void *ctx) { ((FakeDevice *)ctx)->unrefs++; }
/* the fake device's memory functions, counting into fd */
static tlua_DeviceMemory fake_memory(FakeDevice *fd) {
  return (tlua_DeviceMemory){fd, fake_upload, fake_download, fake_free, fake_zero, fake_unref};
}
static void count_release(void *ud) { (*(int *)ud)++; }

/* the application's host memory: used in place (writes visible both ways), never freed, released once */
TU_TEST(external_host) {
  float mine[6] = {1, 2, 3, 4, 5, 6};
  int released = 0;
  char err[TLUA_TENSOR_ERRLEN];
  tlua_Storage *s;
  ASSERT_EQ(tlua_storage_wrap(mine, sizeof mine, count_release, &released, &s, err), 0);
  tlua_Tensor base = {1, TLUA_F32, 1, {6}, {1}, 0, s}, *col;
  /* column 1 of the 3x2 matrix `mine`: a strided view */
  ASSERT_EQ(tlua_tensor_view(&base, TLUA_F32, 1, (int64_t[]){3}, (int64_t[]){2}, 4, &col, err), 0);
  ASSERT_EQ(tlua_tensor_load(col, (int64_t[]){2}), 6.0);
  tlua_tensor_store(col, (int64_t[]){0}, 20);
  ASSERT_EQ(mine[1], 20.0);
  mine[3] = 40;
  ASSERT_EQ(tlua_tensor_load(col, (int64_t[]){1}), 40.0);
  tlua_storage_release(s); /* base's reference; col keeps the storage */
  ASSERT_EQ(released, 0);
  tlua_tensor_release(col);
  ASSERT_EQ(released, 1);
  ASSERT_EQ(mine[0], 1.0); /* not freed: still the caller's */
}

/* the application's device buffer: current on the device, a host copy only when asked for, neither
 * freed by tilelua; the device context's reference is dropped once */
TU_TEST(external_device) {
  FakeDevice fd = {0, 0, 0, 0, 0};
  tlua_DeviceMemory mem = fake_memory(&fd);
  int32_t dev[4] = {7, 8, 9, 10};
  int released = 0;
  char err[TLUA_TENSOR_ERRLEN];
  tlua_Storage *s;
  ASSERT_EQ(tlua_storage_wrap(NULL, sizeof dev, count_release, &released, &s, err), 0);
  tlua_storage_wrap_device(s, dev, &mem);
  ASSERT_EQ(s->host == NULL, 1);
  tlua_Tensor base = {1, TLUA_I32, 1, {4}, {1}, 0, s};
  ASSERT_EQ(tlua_tensor_sync_host(&base, err), 0);
  ASSERT_EQ(fd.downloads, 1);
  ASSERT_EQ(tlua_tensor_load_i64(&base, (int64_t[]){3}), 10);
  tlua_tensor_host_written(&base);
  tlua_tensor_store_i64(&base, (int64_t[]){0}, 70);
  ASSERT_EQ(tlua_storage_sync_device(s, err), 0);
  ASSERT_EQ(dev[0], 70);
  tlua_storage_release(s);
  ASSERT_EQ(fd.frees, 0);
  ASSERT_EQ(fd.unrefs, 1);
  ASSERT_EQ(released, 1);
}

TU_TEST(device_mirror) {
  FakeDevice fd = {0, 0, 0, 0, 0};
  tlua_DeviceMemory mem = fake_memory(&fd);
  int64_t n[] = {4};
  tlua_Tensor *t = new_t(TLUA_I32, 1, n);
  char err[TLUA_TENSOR_ERRLEN];
  ASSERT_NE(tlua_storage_sync_device(t->storage, err), 0); /* cpu storage: no device side */
  tlua_tensor_fill_i64(t, 5);
  int32_t *dev = (int32_t *)malloc(16);
  ASSERT_EQ(tlua_storage_attach_device(t->storage, dev, &mem, err), 0);
  ASSERT_EQ(fd.uploads, 1);
  ASSERT_EQ(dev[2], 5);
  ASSERT_NE(tlua_storage_attach_device(t->storage, dev, &mem, err), 0);
  /* a "kernel" writes the device copy: the host is refreshed on the next sync, once */
  dev[2] = 9;
  tlua_storage_device_written(t->storage);
  ASSERT_EQ(tlua_tensor_sync_host(t, err), 0);
  ASSERT_EQ(tlua_tensor_sync_host(t, err), 0);
  ASSERT_EQ(fd.downloads, 1);
  ASSERT_EQ(tlua_tensor_load_i64(t, (int64_t[]){2}), 9);
  /* the host writes: the device is refreshed before its next use */
  tlua_tensor_host_written(t);
  tlua_tensor_store_i64(t, (int64_t[]){0}, 1);
  ASSERT_EQ(tlua_storage_sync_device(t->storage, err), 0);
  ASSERT_EQ(fd.uploads, 2);
  ASSERT_EQ(dev[0], 1);
  tlua_tensor_release(t);
  ASSERT_EQ(fd.frees, 1);
}

/* a storage marked host_zero (tl.zeros/tl.empty) is cleared on the device instead of uploaded;
 * once the host writes it, it uploads as usual */
TU_TEST(device_zero_instead_of_upload) {
  FakeDevice fd = {0, 0, 0, 0, 0};
  tlua_DeviceMemory mem = fake_memory(&fd);
  int64_t n[] = {8};
  char err[TLUA_TENSOR_ERRLEN];
  tlua_Tensor *a = new_t(TLUA_I32, 1, n), *b = new_t(TLUA_I32, 1, n);
  a->storage->host_zero = 1;
  b->storage->host_zero = 1;
  tlua_tensor_host_written(b); /* b was written on the host: it must be uploaded */
  tlua_tensor_fill_i64(b, 3);
  int32_t *da = (int32_t *)malloc(32), *db = (int32_t *)malloc(32);
  memset(da, 0x7f, 32);
  ASSERT_EQ(tlua_storage_attach_device(a->storage, da, &mem, err), 0);
  ASSERT_EQ(tlua_storage_attach_device(b->storage, db, &mem, err), 0);
  ASSERT_EQ(fd.zeros, 1);
  ASSERT_EQ(fd.uploads, 1);
  ASSERT_EQ(da[7], 0);
  ASSERT_EQ(db[7], 3);
  tlua_tensor_release(a);
  tlua_tensor_release(b);
  ASSERT_EQ(fd.frees, 2);
}

/* a storage marked undefined (tl.empty{clear = false}) takes its device buffer as it is: no clear, no upload; the
 * device bytes are then its contents (a host read downloads them); a host write before the first device use makes
 * it an ordinary storage again (uploaded) */
TU_TEST(device_undefined_not_cleared) {
  FakeDevice fd = {0, 0, 0, 0, 0};
  tlua_DeviceMemory mem = fake_memory(&fd);
  int64_t n[] = {8};
  char err[TLUA_TENSOR_ERRLEN];
  tlua_Tensor *a = new_t(TLUA_I32, 1, n), *b = new_t(TLUA_I32, 1, n);
  a->storage->host_zero = a->storage->undefined = 1;
  b->storage->host_zero = b->storage->undefined = 1;
  tlua_tensor_host_written(b);
  tlua_tensor_fill_i64(b, 4);
  ASSERT_EQ(b->storage->undefined, 0);
  int32_t *da = (int32_t *)malloc(32), *db = (int32_t *)malloc(32);
  for (int i = 0; i < 8; i++) da[i] = 100 + i;
  ASSERT_EQ(tlua_storage_attach_device(a->storage, da, &mem, err), 0);
  ASSERT_EQ(tlua_storage_attach_device(b->storage, db, &mem, err), 0);
  ASSERT_EQ(fd.zeros, 0);
  ASSERT_EQ(fd.uploads, 1); /* b's */
  ASSERT_EQ(db[7], 4);
  ASSERT_EQ(a->storage->host_zero, 0);
  ASSERT_EQ(tlua_tensor_sync_host(a, err), 0);
  ASSERT_EQ(fd.downloads, 1);
  ASSERT_EQ(tlua_tensor_load_i64(a, (int64_t[]){7}), 107);
  /* a kernel's write clears the mark */
  tlua_storage_device_written(a->storage);
  ASSERT_EQ(a->storage->undefined, 0);
  tlua_tensor_release(a);
  tlua_tensor_release(b);
  ASSERT_EQ(fd.frees, 2);
}

TU_MAIN(TU_ENTRY(external_host), TU_ENTRY(external_device), TU_ENTRY(new_contiguous), TU_ENTRY(rank0_and_empty), TU_ENTRY(shape_errors),
        TU_ENTRY(out_of_memory_is_an_error), TU_ENTRY(views_share_storage), TU_ENTRY(reshape),
        TU_ENTRY(copy_converts_and_handles_overlap), TU_ENTRY(fill_sum_max_abs_diff),
        TU_ENTRY(strided_fill_and_sum), TU_ENTRY(index_check_messages), TU_ENTRY(format),
        TU_ENTRY(random_fill), TU_ENTRY(device_mirror), TU_ENTRY(device_zero_instead_of_upload),
        TU_ENTRY(device_undefined_not_cleared))
