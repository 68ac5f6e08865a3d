/* test_dtype.c - dtype table, f16/bf16 rounding (exhaustive over all 16-bit patterns), typed access. */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "dtype.h"
#include "tu.h"

static uint32_t fbits(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static float bitsf(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static uint16_t u16at(const unsigned char *p) { uint16_t v; memcpy(&v, p, 2); return v; }
static uint64_t u64at(const unsigned char *p) { uint64_t v; memcpy(&v, p, 8); return v; }

TU_TEST(info_table) {
  static const char *const names[] = {"f16", "bf16", "f32", "f64", "i8", "u8", "i16", "u16",
                                      "i32", "u32", "i64", "u64", "bool", "f8e4m3", "f8e5m2"};
  static const int sizes[] = {2, 2, 4, 8, 1, 1, 2, 2, 4, 4, 8, 8, 1, 1, 1};
  for (int t = 0; t < TLUA_NDTYPES; t++) {
    const tlua_DTypeInfo *i = tlua_dtype_info((tlua_DType)t);
    ASSERT(i != NULL);
    ASSERT_STR_EQ(i->name, names[t]);
    ASSERT_EQ(i->size, sizes[t]);
    ASSERT_EQ(tlua_dtype_from_name(names[t]), t);
    ASSERT_EQ(tlua_dtype_is_integral((tlua_DType)t), !i->is_float);
  }
  ASSERT(tlua_dtype_info(TLUA_NDTYPES) == NULL);
  ASSERT(tlua_dtype_info((tlua_DType)-1) == NULL);
  ASSERT_EQ(tlua_dtype_from_name("float"), -1);
  ASSERT_EQ(tlua_dtype_from_name(NULL), -1);
  ASSERT_STR_EQ(tlua_dtype_info(TLUA_F32)->npy, "<f4");
  ASSERT(tlua_dtype_info(TLUA_BF16)->npy == NULL);
  ASSERT(tlua_dtype_info(TLUA_I32)->is_signed && !tlua_dtype_info(TLUA_U32)->is_signed);
}

TU_TEST(half_known_values) {
  ASSERT_EQ(tlua_double_to_half(1.0), 0x3c00);
  ASSERT_EQ(tlua_double_to_half(-2.0), 0xc000);
  ASSERT_EQ(tlua_double_to_half(0.0), 0x0000);
  ASSERT_EQ(tlua_double_to_half(-0.0), 0x8000);
  ASSERT_EQ(tlua_double_to_half(65504.0), 0x7bff);       /* largest finite */
  ASSERT_EQ(tlua_double_to_half(65519.99), 0x7bff);      /* below the midpoint to 2^16 */
  ASSERT_EQ(tlua_double_to_half(65520.0), 0x7c00);       /* the midpoint ties to even: inf */
  ASSERT_EQ(tlua_double_to_half(1e300), 0x7c00);
  ASSERT_EQ(tlua_double_to_half(INFINITY), 0x7c00);
  ASSERT_EQ(tlua_double_to_half(-INFINITY), 0xfc00);
  ASSERT_EQ(tlua_double_to_half(ldexp(1, -14)), 0x0400);  /* smallest normal */
  ASSERT_EQ(tlua_double_to_half(ldexp(1, -24)), 0x0001);  /* smallest subnormal */
  ASSERT_EQ(tlua_double_to_half(ldexp(1, -25)), 0x0000);  /* half of it ties to even 0 */
  ASSERT_EQ(tlua_double_to_half(ldexp(1.0000001, -25)), 0x0001);
  ASSERT_EQ(tlua_double_to_half(ldexp(3, -25)), 0x0002); /* 1.5 ulp ties to even 2 */
  ASSERT_EQ(tlua_double_to_half(ldexp(1023, -24)), 0x03ff); /* largest subnormal */
  ASSERT_EQ(tlua_double_to_half(ldexp(2047, -25)), 0x0400); /* ties up into the normals */
  ASSERT_EQ(tlua_double_to_half(1 + ldexp(1, -11)), 0x3c00); /* tie, even stays */
  ASSERT_EQ(tlua_double_to_half(1 + ldexp(3, -11)), 0x3c02); /* tie, rounds to even */
  ASSERT_EQ(tlua_double_to_half(ldexp(1, -1074)), 0x0000);   /* double subnormal */
  ASSERT_EQ(tlua_double_to_half(-ldexp(1, -1074)), 0x8000);
  uint16_t n = tlua_double_to_half(NAN);
  ASSERT((n & 0x7c00) == 0x7c00 && (n & 0x03ff) != 0);
  ASSERT(isnan(tlua_half_to_float(n)));
  ASSERT(tlua_half_to_float(0x3555) == 0.333251953125f);
  ASSERT(tlua_half_to_float(0x0001) == (float)ldexp(1, -24));
  ASSERT(signbit(tlua_half_to_float(0x8000)));
}

TU_TEST(bf16_known_values) {
  ASSERT_EQ(tlua_double_to_bf16(1.0), 0x3f80);
  ASSERT_EQ(tlua_double_to_bf16(-1.5), 0xbfc0);
  ASSERT_EQ(tlua_double_to_bf16(1 + ldexp(1, -8)), 0x3f80);    /* tie, even */
  ASSERT_EQ(tlua_double_to_bf16(1 + ldexp(3, -8)), 0x3f82);    /* tie, to even */
  ASSERT_EQ(tlua_double_to_bf16(1 + ldexp(1, -8) + ldexp(1, -30)), 0x3f81);
  ASSERT_EQ(tlua_double_to_bf16(3.3895313892515355e38), 0x7f7f); /* largest finite */
  ASSERT_EQ(tlua_float_to_bf16(bitsf(0x7f7fffff)), 0x7f80);      /* FLT_MAX rounds up to inf */
  ASSERT_EQ(tlua_float_to_bf16(bitsf(0x00000001)), 0x0000);      /* far below bf16's subnormals */
  ASSERT_EQ(tlua_float_to_bf16(bitsf(0x00010000)), 0x0001);      /* smallest bf16 subnormal */
  ASSERT_EQ(tlua_float_to_bf16(bitsf(0x00018000)), 0x0002);      /* 1.5 ulp: tie to even */
  ASSERT_EQ(tlua_double_to_bf16(-INFINITY), 0xff80);
  uint16_t n = tlua_double_to_bf16(NAN);
  ASSERT((n & 0x7f80) == 0x7f80 && (n & 0x7f) != 0);
  ASSERT(isnan(tlua_bf16_to_float(n)));
  ASSERT_EQ(fbits(tlua_bf16_to_float(0x3f80)), 0x3f800000);
  /* a float NaN whose payload lives only in low bits must stay NaN, not become inf */
  ASSERT(isnan(tlua_bf16_to_float(tlua_float_to_bf16(bitsf(0x7f800001)))));
}

/* Every pattern: decode -> encode is the identity (NaN stays NaN), and values just either side of
 * each midpoint round to the nearer neighbour, the midpoint itself to the even one. */
static int check_all_patterns(uint16_t (*enc)(double), double (*dec)(uint16_t), int mant,
                              int expbits, char *why, size_t n) {
  uint32_t inf = ((1u << expbits) - 1) << mant, sign = 1u << (mant + expbits);
  for (uint32_t h = 0; h < 0x10000; h++) {
    double v = dec((uint16_t)h);
    if (isnan(v)) {
      uint16_t back = enc(v);
      if ((back & inf) != inf || !(back & ((1u << mant) - 1)))
        return snprintf(why, n, "NaN %04x came back as %04x", h, back), 1;
      continue;
    }
    if (enc(v) != h) return snprintf(why, n, "%04x -> %.17g -> %04x", h, v, enc(v)), 1;
    uint32_t mag = h & ~sign;
    if (mag >= inf - 1) continue; /* no finite upper neighbour */
    double up = dec((uint16_t)(h + 1));
    double mid = (v + up) / 2; /* exact in double */
    uint16_t even = (h & 1) ? (uint16_t)(h + 1) : (uint16_t)h;
    if (enc(mid) != even) return snprintf(why, n, "midpoint of %04x rounds to %04x", h, enc(mid)), 1;
    if (signbit(v)) continue; /* mirror images of the positive checks */
    if (enc(nextafter(mid, 0)) != h) return snprintf(why, n, "just below the midpoint of %04x", h), 1;
    if (enc(nextafter(mid, INFINITY)) != h + 1)
      return snprintf(why, n, "just above the midpoint of %04x", h), 1;
  }
  return 0;
}

static double dec_half(uint16_t h) { return tlua_half_to_float(h); }
static double dec_bf16(uint16_t h) { return tlua_bf16_to_float(h); }

TU_TEST(half_all_patterns) {
  char why[128];
  if (check_all_patterns(tlua_double_to_half, dec_half, 10, 5, why, sizeof why)) TU_FAIL_("%s", why);
}

TU_TEST(bf16_all_patterns) {
  char why[128];
  if (check_all_patterns(tlua_double_to_bf16, dec_bf16, 7, 8, why, sizeof why)) TU_FAIL_("%s", why);
}

TU_TEST(float_paths_agree_with_double) {
  /* rounding from float is the same single rounding as from the (exact) double */
  uint32_t x = 12345;
  for (int i = 0; i < 200000; i++) {
    x = x * 1664525u + 1013904223u;
    float f = bitsf(x);
    if (isnan(f)) continue;
    ASSERT_EQ(tlua_float_to_half(f), tlua_double_to_half((double)f));
    ASSERT_EQ(tlua_float_to_bf16(f), tlua_double_to_bf16((double)f));
  }
}

TU_TEST(double_to_bits64) {
  ASSERT_EQ(tlua_double_to_bits64(3.7), 3);
  ASSERT_EQ((int64_t)tlua_double_to_bits64(-3.7), -3);
  ASSERT_EQ((int64_t)tlua_double_to_bits64(-0.5), 0);
  ASSERT(tlua_double_to_bits64(9223372036854775808.0) == 0x8000000000000000ull);
  ASSERT(tlua_double_to_bits64(18446744073709549568.0) == 18446744073709549568ull);
  ASSERT_EQ(tlua_double_to_bits64(18446744073709551616.0), 0); /* 2^64 wraps to 0 */
  ASSERT_EQ(tlua_double_to_bits64(18446744073709551616.0 + 4096 * 3), 4096 * 3);
  ASSERT_EQ((int64_t)tlua_double_to_bits64(-9223372036854775808.0), INT64_MIN);
  ASSERT_EQ(tlua_double_to_bits64(NAN), 0);
  ASSERT_EQ(tlua_double_to_bits64(INFINITY), 0);
  ASSERT_EQ(tlua_double_to_bits64(-INFINITY), 0);
}

TU_TEST(store_load_integers) {
  unsigned char buf[16];
  struct { tlua_DType t; int64_t lo, hi; } r[] = {
    {TLUA_I8, -128, 127}, {TLUA_U8, 0, 255}, {TLUA_I16, -32768, 32767}, {TLUA_U16, 0, 65535},
    {TLUA_I32, INT32_MIN, INT32_MAX}, {TLUA_U32, 0, 4294967295LL}, {TLUA_I64, INT64_MIN, INT64_MAX},
  };
  for (size_t k = 0; k < sizeof r / sizeof r[0]; k++) {
    tlua_dtype_store_i64(r[k].t, buf, 0, r[k].lo);
    ASSERT_EQ(tlua_dtype_load_i64(r[k].t, buf, 0), r[k].lo);
    tlua_dtype_store_i64(r[k].t, buf, 0, r[k].hi);
    ASSERT_EQ(tlua_dtype_load_i64(r[k].t, buf, 0), r[k].hi);
    tlua_dtype_store_i64(r[k].t, buf, 1, r[k].hi - 1);
    ASSERT_EQ(tlua_dtype_load_i64(r[k].t, buf, 1), r[k].hi - 1);
    ASSERT_EQ(tlua_dtype_load_i64(r[k].t, buf, 0), r[k].hi); /* element 1 did not overlap 0 */
  }
  /* u64: the full range through the int64 bit pattern */
  tlua_dtype_store_i64(TLUA_U64, buf, 0, -1);
  ASSERT_EQ(tlua_dtype_load_i64(TLUA_U64, buf, 0), -1);
  ASSERT(tlua_dtype_load(TLUA_U64, buf, 0) == 18446744073709551615.0);
  tlua_dtype_store(TLUA_U64, buf, 0, 18446744073709549568.0);
  ASSERT(u64at(buf) == 18446744073709549568ull);
  /* doubles: truncation toward zero, then modulo 2^bits (no saturation) */
  tlua_dtype_store(TLUA_U8, buf, 0, 300.0);
  ASSERT_EQ(tlua_dtype_load_i64(TLUA_U8, buf, 0), 44);
  tlua_dtype_store(TLUA_U8, buf, 0, -1.0);
  ASSERT_EQ(tlua_dtype_load_i64(TLUA_U8, buf, 0), 255);
  tlua_dtype_store(TLUA_I8, buf, 0, -129.9);
  ASSERT_EQ(tlua_dtype_load_i64(TLUA_I8, buf, 0), 127);
  tlua_dtype_store(TLUA_I32, buf, 0, -7.9);
  ASSERT_EQ(tlua_dtype_load_i64(TLUA_I32, buf, 0), -7);
  tlua_dtype_store(TLUA_I32, buf, 0, NAN);
  ASSERT_EQ(tlua_dtype_load_i64(TLUA_I32, buf, 0), 0);
  tlua_dtype_store(TLUA_I64, buf, 0, 9007199254740993.0); /* the double is 2^53 */
  ASSERT_EQ(tlua_dtype_load_i64(TLUA_I64, buf, 0), 9007199254740992LL);
  /* bool */
  tlua_dtype_store(TLUA_BOOL, buf, 0, 2.5);
  ASSERT_EQ(buf[0], 1);
  tlua_dtype_store(TLUA_BOOL, buf, 0, 0.0);
  ASSERT_EQ(buf[0], 0);
  tlua_dtype_store(TLUA_BOOL, buf, 0, NAN);
  ASSERT_EQ(buf[0], 1);
  tlua_dtype_store_i64(TLUA_BOOL, buf, 0, 256);
  ASSERT_EQ(buf[0], 1);
  buf[0] = 7; /* a non-canonical byte still loads as true = 1 */
  ASSERT_EQ(tlua_dtype_load_i64(TLUA_BOOL, buf, 0), 1);
  ASSERT(tlua_dtype_load(TLUA_BOOL, buf, 0) == 1.0);
}

TU_TEST(store_load_floats) {
  unsigned char buf[32];
  const double vals[] = {0.0, -0.0, 1.0, -2.5, 0.1, 1e-8, 65504.0, 3.0e38, 1e-310, INFINITY,
                         -INFINITY, NAN};
  for (size_t k = 0; k < sizeof vals / sizeof vals[0]; k++) {
    double v = vals[k];
    tlua_dtype_store(TLUA_F64, buf, 1, v);
    double g = tlua_dtype_load(TLUA_F64, buf, 1);
    ASSERT(isnan(v) ? isnan(g) : memcmp(&g, &v, 8) == 0);
    tlua_dtype_store(TLUA_F32, buf, 2, v);
    g = tlua_dtype_load(TLUA_F32, buf, 2);
    ASSERT(isnan(v) ? isnan(g) : g == (double)(float)v);
    tlua_dtype_store(TLUA_F16, buf, 3, v);
    g = tlua_dtype_load(TLUA_F16, buf, 3);
    ASSERT(isnan(v) ? isnan(g) : g == (double)tlua_half_to_float(tlua_double_to_half(v)));
    tlua_dtype_store(TLUA_BF16, buf, 4, v);
    g = tlua_dtype_load(TLUA_BF16, buf, 4);
    ASSERT(isnan(v) ? isnan(g) : g == (double)tlua_bf16_to_float(tlua_double_to_bf16(v)));
  }
  tlua_dtype_store(TLUA_F16, buf, 0, 0.1);
  ASSERT_EQ(u16at(buf), 0x2e66);
  tlua_dtype_store(TLUA_F32, buf, 0, 1e-45); /* a float denormal survives */
  ASSERT(tlua_dtype_load(TLUA_F32, buf, 0) > 0);
  tlua_dtype_store(TLUA_F32, buf, 0, 1e39);
  ASSERT(isinf(tlua_dtype_load(TLUA_F32, buf, 0)));
  /* float loads as int64 truncate */
  tlua_dtype_store(TLUA_F32, buf, 0, -2.75);
  ASSERT_EQ(tlua_dtype_load_i64(TLUA_F32, buf, 0), -2);
}

TU_TEST(int64_to_small_floats_round_once) {
  unsigned char buf[8];
  tlua_dtype_store_i64(TLUA_F16, buf, 0, 2049); /* tie between 2048 and 2050: even 2048 */
  ASSERT(tlua_dtype_load(TLUA_F16, buf, 0) == 2048.0);
  tlua_dtype_store_i64(TLUA_F16, buf, 0, 2051);
  ASSERT(tlua_dtype_load(TLUA_F16, buf, 0) == 2052.0);
  tlua_dtype_store_i64(TLUA_F16, buf, 0, 70000);
  ASSERT(isinf(tlua_dtype_load(TLUA_F16, buf, 0)));
  tlua_dtype_store_i64(TLUA_BF16, buf, 0, 257);
  ASSERT(tlua_dtype_load(TLUA_BF16, buf, 0) == 256.0);
  tlua_dtype_store_i64(TLUA_BF16, buf, 0, -259);
  ASSERT(tlua_dtype_load(TLUA_BF16, buf, 0) == -260.0);
  /* 2^62 + 2^54 + 1 lies just above the bf16 midpoint 2^62 + 2^54: a detour through double would
   * drop the +1, land on the midpoint and round to even (2^62); one rounding gives 2^62 + 2^55 */
  int64_t v = ((int64_t)1 << 62) + ((int64_t)1 << 54) + 1;
  tlua_dtype_store_i64(TLUA_BF16, buf, 0, v);
  ASSERT(tlua_dtype_load(TLUA_BF16, buf, 0) == ldexp(1, 62) + ldexp(1, 55));
  tlua_dtype_store_i64(TLUA_F32, buf, 0, (1 << 24) + 1);
  ASSERT(tlua_dtype_load(TLUA_F32, buf, 0) == 16777216.0);
  tlua_dtype_store_i64(TLUA_F64, buf, 0, INT64_MIN);
  ASSERT(tlua_dtype_load(TLUA_F64, buf, 0) == -ldexp(1, 63));
  for (int64_t i = -70000; i <= 70000; i += 7) {
    tlua_dtype_store_i64(TLUA_F16, buf, 0, i);
    tlua_dtype_store_i64(TLUA_BF16, buf, 1, i);
    ASSERT_EQ(u16at(buf), tlua_double_to_half((double)i));
    ASSERT_EQ(u16at(buf + 2), tlua_double_to_bf16((double)i));
  }
}

TU_MAIN(TU_ENTRY(info_table), TU_ENTRY(half_known_values), TU_ENTRY(bf16_known_values),
        TU_ENTRY(half_all_patterns), TU_ENTRY(bf16_all_patterns),
        TU_ENTRY(float_paths_agree_with_double), TU_ENTRY(double_to_bits64),
        TU_ENTRY(store_load_integers), TU_ENTRY(store_load_floats),
        TU_ENTRY(int64_to_small_floats_round_once))
