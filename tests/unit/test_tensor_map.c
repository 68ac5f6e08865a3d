/* test_tensor_map.c - TMA tensor maps: the encoder's arguments (reversed dims, byte strides, enums),
 * every rule's error, and the cache (with an injected encoder: no driver here). */
#include <stdint.h>
#include <string.h>

#include "tensor_map.h"
#include "tu.h"

/* A tensor view of the given dtype, shape and strides (no storage: tlua_tma_args reads none). */
static tlua_Tensor make_tensor(tlua_DType dt, int rank, const int64_t *shape, const int64_t *strides) {
  tlua_Tensor t;
  memset(&t, 0, sizeof t);
  t.dtype = dt;
  t.rank = rank;
  for (int k = 0; k < rank; k++) {
    t.shape[k] = shape[k];
    t.strides[k] = strides[k];
  }
  return t;
}

static tlua_TmaSpec make_spec(int rank, const uint32_t *box, int swizzle) {
  tlua_TmaSpec s;
  memset(&s, 0, sizeof s);
  s.param = 2;
  s.rank = rank;
  for (int k = 0; k < rank; k++) s.box[k] = box[k];
  s.swizzle = swizzle;
  return s;
}

#define BASE ((void *)(uintptr_t)0x7f0000001000ull) /* a 16-byte aligned "device address" */

TU_TEST(map_type_size) {
  ASSERT_EQ(sizeof(tlua_TensorMap), 128);
  ASSERT_EQ(_Alignof(tlua_TensorMap), 64);
}

TU_TEST(args_reversed) {
  /* f16 [3][64][128] with a padded row (256 elements) and plane (64 * 256) */
  const int64_t shape[3] = {3, 64, 128}, strides[3] = {64 * 256, 256, 1};
  const uint32_t box[3] = {1, 32, 64};
  tlua_Tensor t = make_tensor(TLUA_F16, 3, shape, strides);
  tlua_TmaSpec s = make_spec(3, box, 128);
  tlua_TmaEncode a;
  char err[512] = "";
  ASSERT_EQ(tlua_tma_args(&s, &t, BASE, "gemm", 3, &a, err, sizeof err), 0);
  ASSERT_EQ(a.rank, 3);
  ASSERT(a.address == BASE);
  ASSERT_EQ(a.dims[0], 128);
  ASSERT_EQ(a.dims[1], 64);
  ASSERT_EQ(a.dims[2], 3);
  ASSERT_EQ(a.strides[0], 256 * 2);      /* dimension 1 of the driver: rows, in bytes */
  ASSERT_EQ(a.strides[1], 64 * 256 * 2); /* dimension 2: planes */
  ASSERT_EQ(a.strides[2], 0);            /* unused */
  ASSERT_EQ(a.box[0], 64);
  ASSERT_EQ(a.box[1], 32);
  ASSERT_EQ(a.box[2], 1);
  for (int i = 0; i < 3; i++) ASSERT_EQ(a.element_strides[i], 1);
  ASSERT_EQ(a.data_type, 6); /* CU_TENSOR_MAP_DATA_TYPE_FLOAT16 */
  ASSERT_EQ(a.swizzle, 3);   /* CU_TENSOR_MAP_SWIZZLE_128B */
  ASSERT_EQ(a.interleave, 0);
  ASSERT_EQ(a.l2_promotion, 2); /* L2_128B */
  ASSERT_EQ(a.oob_fill, 0);     /* NONE: out-of-bounds elements read as zero */
}

TU_TEST(args_rank1_and_rank5) {
  const int64_t shape1[1] = {1000}, strides1[1] = {1};
  const uint32_t box1[1] = {256};
  tlua_Tensor t = make_tensor(TLUA_F32, 1, shape1, strides1);
  tlua_TmaSpec s = make_spec(1, box1, 0);
  tlua_TmaEncode a;
  char err[512] = "";
  ASSERT_EQ(tlua_tma_args(&s, &t, BASE, "k", 1, &a, err, sizeof err), 0);
  ASSERT_EQ(a.rank, 1);
  ASSERT_EQ(a.dims[0], 1000);
  ASSERT_EQ(a.box[0], 256);
  ASSERT_EQ(a.data_type, 7);
  ASSERT_EQ(a.swizzle, 0);

  const int64_t shape5[5] = {2, 3, 4, 5, 8}, strides5[5] = {480, 160, 40, 8, 1};
  const uint32_t box5[5] = {1, 2, 3, 4, 8};
  t = make_tensor(TLUA_U16, 5, shape5, strides5);
  s = make_spec(5, box5, 0);
  ASSERT_EQ(tlua_tma_args(&s, &t, BASE, "k", 1, &a, err, sizeof err), 0);
  ASSERT_EQ(a.rank, 5);
  ASSERT_EQ(a.dims[0], 8);
  ASSERT_EQ(a.dims[4], 2);
  ASSERT_EQ(a.strides[0], 16);  /* 8 elements of 2 bytes */
  ASSERT_EQ(a.strides[3], 960); /* the outermost */
  ASSERT_EQ(a.box[0], 8);
  ASSERT_EQ(a.box[4], 1);
  ASSERT_EQ(a.data_type, 1);
}

TU_TEST(data_types) {
  static const struct { tlua_DType dt; int want; } cases[] = {
      {TLUA_U8, 0},   {TLUA_U16, 1},  {TLUA_U32, 2},  {TLUA_I32, 3}, {TLUA_U64, 4},
      {TLUA_I64, 5},  {TLUA_F16, 6},  {TLUA_F32, 7},  {TLUA_F64, 8}, {TLUA_BF16, 9},
      {TLUA_I8, 0},   {TLUA_F8E4M3, 0}, {TLUA_F8E5M2, 0}, /* bytes: TMA copies bits */
      {TLUA_I16, -1}, {TLUA_BOOL, -1}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) ASSERT_EQ(tlua_tma_data_type(cases[i].dt), cases[i].want);
}

TU_TEST(swizzle_enums) {
  const int64_t shape[2] = {64, 64}, strides[2] = {64, 1};
  const uint32_t box[2] = {8, 8}; /* f32: 32 bytes innermost, within every span */
  static const int bytes[4] = {0, 32, 64, 128};
  tlua_Tensor t = make_tensor(TLUA_F32, 2, shape, strides);
  for (int i = 0; i < 4; i++) {
    tlua_TmaSpec s = make_spec(2, box, bytes[i]);
    tlua_TmaEncode a;
    char err[512] = "";
    ASSERT_EQ(tlua_tma_args(&s, &t, BASE, "k", 1, &a, err, sizeof err), 0);
    ASSERT_EQ(a.swizzle, i);
  }
}

/* One broken rule: a tensor and spec, and the text its message must contain. */
typedef struct BadCase {
  const char *rule;
  tlua_DType dt;
  int rank;
  int64_t shape[6], strides[6];
  int box_rank;
  uint32_t box[6];
  int swizzle;
  uintptr_t misalign;
} BadCase;

TU_TEST(rules) {
  static const BadCase cases[] = {
      {"rank must be 1 to 5", TLUA_F32, 6, {1, 1, 1, 1, 1, 4}, {4, 4, 4, 4, 4, 1}, 5, {1, 1, 1, 1, 4}, 0, 0},
      {"rank must be 1 to 5", TLUA_F32, 0, {0}, {0}, 1, {4}, 0, 0},
      {"the box has 2 lengths but the tensor has rank 3", TLUA_F32, 3, {2, 4, 4}, {16, 4, 1}, 2, {4, 4}, 0, 0},
      {"dtype i16 has no TMA data type", TLUA_I16, 2, {16, 16}, {16, 1}, 2, {16, 16}, 0, 0},
      {"dtype bool has no TMA data type", TLUA_BOOL, 1, {16}, {1}, 1, {16}, 0, 0},
      {"must be 16-byte aligned", TLUA_F32, 2, {16, 16}, {16, 1}, 2, {4, 4}, 0, 8},
      {"the innermost stride must be 1 element (got 2)", TLUA_F32, 2, {16, 16}, {32, 2}, 2, {4, 4}, 0, 0},
      {"stride of dimension 1 must be a multiple of 16 bytes (got 24 bytes)", TLUA_F32, 2, {4, 6}, {6, 1}, 2, {4, 4}, 0, 0},
      {"below 2^40 bytes", TLUA_F32, 2, {2, 4}, {(int64_t)1 << 38, 1}, 2, {2, 4}, 0, 0},
      {"length of dimension 2 must be between 1 and 2^32 (got 0)", TLUA_F32, 2, {4, 0}, {4, 1}, 2, {4, 4}, 0, 0},
      {"length of dimension 1 must be between 1 and 2^32", TLUA_U8, 2, {((int64_t)1 << 32) + 1, 16}, {16, 1}, 2,
       {4, 16}, 0, 0},
      {"box length 1 must be between 1 and 256 (got 0)", TLUA_F32, 2, {16, 16}, {16, 1}, 2, {0, 4}, 0, 0},
      {"box length 2 must be between 1 and 256 (got 260)", TLUA_U8, 2, {16, 1024}, {1024, 1}, 2, {4, 260}, 0, 0},
      {"innermost extent must be a multiple of 16 bytes (got 8 bytes)", TLUA_F16, 2, {16, 16}, {16, 1}, 2, {4, 4}, 0,
       0},
      {"innermost extent (256 bytes) must not exceed the 128-byte swizzle span", TLUA_F16, 2, {16, 256}, {256, 1}, 2,
       {8, 128}, 128, 0},
      {"innermost extent (64 bytes) must not exceed the 32-byte swizzle span", TLUA_F32, 2, {16, 16}, {16, 1}, 2,
       {8, 16}, 32, 0},
      {"swizzle must be 0, 32, 64 or 128 bytes (got 48)", TLUA_F32, 2, {16, 16}, {16, 1}, 2, {8, 4}, 48, 0},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const BadCase *c = &cases[i];
    tlua_Tensor t = make_tensor(c->dt, c->rank, c->shape, c->strides);
    tlua_TmaSpec s = make_spec(c->box_rank, c->box, c->swizzle);
    tlua_TmaEncode a;
    char err[512] = "";
    ASSERT_EQ(tlua_tma_args(&s, &t, (char *)BASE + c->misalign, "gemm", 3, &a, err, sizeof err), 1);
    ASSERT_CONTAINS(err, "kernel 'gemm': argument 3 (TMA map): ");
    ASSERT_CONTAINS(err, c->rule);
  }
}

TU_TEST(spec_check) {
  const uint32_t ok_box[2] = {8, 64}, zero_box[2] = {8, 0}, big_box[2] = {257, 8};
  char err[256] = "";
  tlua_TmaSpec s = make_spec(2, ok_box, 64);
  ASSERT_EQ(tlua_tma_spec_check(&s, 0, err, sizeof err), 0);
  s.param = -1;
  ASSERT_EQ(tlua_tma_spec_check(&s, 1, err, sizeof err), 1);
  ASSERT_CONTAINS(err, "tl_tmap1: the parameter index must be >= 0");
  s = make_spec(2, ok_box, 64);
  s.rank = 6;
  ASSERT_EQ(tlua_tma_spec_check(&s, 0, err, sizeof err), 1);
  ASSERT_CONTAINS(err, "box must have 1 to 5 lengths (got 6)");
  s = make_spec(2, zero_box, 0);
  ASSERT_EQ(tlua_tma_spec_check(&s, 0, err, sizeof err), 1);
  ASSERT_CONTAINS(err, "box length 2 must be between 1 and 256 (got 0)");
  s = make_spec(2, big_box, 0);
  ASSERT_EQ(tlua_tma_spec_check(&s, 0, err, sizeof err), 1);
  ASSERT_CONTAINS(err, "box length 1 must be between 1 and 256 (got 257)");
  s = make_spec(2, ok_box, 16);
  ASSERT_EQ(tlua_tma_spec_check(&s, 2, err, sizeof err), 1);
  ASSERT_CONTAINS(err, "tl_tmap2: the swizzle must be 0, 32, 64 or 128 bytes (got 16)");
}

/* --- the cache, with a counting encoder ------------------------------------------------------- */

typedef struct FakeDriver {
  int calls;
  int fail; /* the next call fails */
} FakeDriver;

/* "Encodes" a map as the address, then the innermost box length: enough to tell maps apart. */
static int fake_encode(void *ctx, const tlua_TmaEncode *a, tlua_TensorMap *out, char *err, size_t n) {
  FakeDriver *f = (FakeDriver *)ctx;
  f->calls++;
  if (f->fail) {
    f->fail = 0;
    snprintf(err, n, "fake: CUDA_ERROR_INVALID_VALUE");
    return 1;
  }
  memset(out->bytes, 0, sizeof out->bytes);
  memcpy(out->bytes, &a->address, sizeof a->address);
  memcpy(out->bytes + 8, &a->box[0], sizeof a->box[0]);
  return 0;
}

/* The encoder arguments of an f32 [64][64] tensor at addr with box {rows, cols}. */
static tlua_TmaEncode args_for(void *addr, uint32_t rows, uint32_t cols) {
  const int64_t shape[2] = {64, 64}, strides[2] = {64, 1};
  const uint32_t box[2] = {rows, cols};
  tlua_Tensor t = make_tensor(TLUA_F32, 2, shape, strides);
  tlua_TmaSpec s = make_spec(2, box, 0);
  tlua_TmaEncode a;
  char err[256];
  if (tlua_tma_args(&s, &t, addr, "k", 1, &a, err, sizeof err)) memset(&a, 0xff, sizeof a);
  return a;
}

static tlua_TmaCache *new_cache(FakeDriver *f) {
  tlua_TmaCache *c = (tlua_TmaCache *)aligned_alloc(_Alignof(tlua_TmaCache), sizeof *c);
  if (!c) return NULL;
  memset(c, 0, sizeof *c);
  c->encode = fake_encode;
  c->ctx = f;
  return c;
}

TU_TEST(cache_hits_and_misses) {
  FakeDriver fake = {0, 0};
  tlua_TmaCache *c = new_cache(&fake);
  ASSERT(c != NULL);
  char *p = (char *)BASE, err[256] = "";
  tlua_TensorMap m1, m2;
  tlua_TmaEncode a = args_for(p, 16, 32);
  ASSERT_EQ(tlua_tma_cache_get(c, &a, &m1, err, sizeof err), 0);
  ASSERT_EQ(fake.calls, 1);
  ASSERT_EQ(m1.bytes[8], 32); /* innermost box length first */
  a = args_for(p, 16, 32);    /* the same request again: no driver call, the same bytes */
  memset(&m2, 0, sizeof m2);
  ASSERT_EQ(tlua_tma_cache_get(c, &a, &m2, err, sizeof err), 0);
  ASSERT_EQ(fake.calls, 1);
  ASSERT(memcmp(m1.bytes, m2.bytes, sizeof m1.bytes) == 0);
  a = args_for(p, 16, 16); /* another box */
  ASSERT_EQ(tlua_tma_cache_get(c, &a, &m2, err, sizeof err), 0);
  ASSERT_EQ(fake.calls, 2);
  ASSERT_EQ(m2.bytes[8], 16);
  a = args_for(p + 4096, 16, 32); /* another tensor */
  ASSERT_EQ(tlua_tma_cache_get(c, &a, &m2, err, sizeof err), 0);
  ASSERT_EQ(fake.calls, 3);
  ASSERT(memcmp(m1.bytes, m2.bytes, sizeof m1.bytes) != 0);
  a = args_for(p, 16, 32); /* the first is still there */
  ASSERT_EQ(tlua_tma_cache_get(c, &a, &m2, err, sizeof err), 0);
  ASSERT_EQ(fake.calls, 3);
  ASSERT_EQ(c->encodes, 3);
  free(c);
}

TU_TEST(cache_failure_not_kept) {
  FakeDriver fake = {0, 1};
  tlua_TmaCache *c = new_cache(&fake);
  ASSERT(c != NULL);
  char err[256] = "";
  tlua_TensorMap m;
  tlua_TmaEncode a = args_for(BASE, 8, 8);
  ASSERT_EQ(tlua_tma_cache_get(c, &a, &m, err, sizeof err), 1);
  ASSERT_CONTAINS(err, "CUDA_ERROR_INVALID_VALUE");
  ASSERT_EQ(tlua_tma_cache_get(c, &a, &m, err, sizeof err), 0); /* asks the driver again */
  ASSERT_EQ(fake.calls, 2);
  ASSERT_EQ(tlua_tma_cache_get(c, &a, &m, err, sizeof err), 0);
  ASSERT_EQ(fake.calls, 2);
  free(c);
}

TU_TEST(cache_replacement) {
  FakeDriver fake = {0, 0};
  tlua_TmaCache *c = new_cache(&fake);
  ASSERT(c != NULL);
  char *p = (char *)BASE, err[256] = "";
  tlua_TensorMap m;
  for (int i = 0; i < TLUA_TMA_CACHE_SIZE; i++) { /* fills it */
    tlua_TmaEncode a = args_for(p + 16 * i, 4, 4);
    ASSERT_EQ(tlua_tma_cache_get(c, &a, &m, err, sizeof err), 0);
  }
  ASSERT_EQ(fake.calls, TLUA_TMA_CACHE_SIZE);
  tlua_TmaEncode last = args_for(p + 16 * (TLUA_TMA_CACHE_SIZE - 1), 4, 4);
  ASSERT_EQ(tlua_tma_cache_get(c, &last, &m, err, sizeof err), 0);
  ASSERT_EQ(fake.calls, TLUA_TMA_CACHE_SIZE); /* all kept */
  tlua_TmaEncode extra = args_for(p + 16 * TLUA_TMA_CACHE_SIZE, 4, 4);
  ASSERT_EQ(tlua_tma_cache_get(c, &extra, &m, err, sizeof err), 0); /* replaces the oldest */
  tlua_TmaEncode first = args_for(p, 4, 4);
  ASSERT_EQ(tlua_tma_cache_get(c, &first, &m, err, sizeof err), 0);
  ASSERT_EQ(fake.calls, TLUA_TMA_CACHE_SIZE + 2);
  ASSERT_EQ(tlua_tma_cache_get(c, &extra, &m, err, sizeof err), 0); /* still there */
  ASSERT_EQ(fake.calls, TLUA_TMA_CACHE_SIZE + 2);
  free(c);
}

TU_MAIN(TU_ENTRY(map_type_size), TU_ENTRY(args_reversed), TU_ENTRY(args_rank1_and_rank5), TU_ENTRY(data_types),
        TU_ENTRY(swizzle_enums), TU_ENTRY(rules), TU_ENTRY(spec_check), TU_ENTRY(cache_hits_and_misses),
        TU_ENTRY(cache_failure_not_kept), TU_ENTRY(cache_replacement))
