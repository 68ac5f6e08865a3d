/* test_descriptor.c - unit tests of descriptors, each transform and the XOR preshuffle (seed 003). */
#include <stdlib.h>
#include <string.h>

#include "descriptor.h"
#include "preshuffle.h"
#include "tilelua.h"
#include "tu.h"

static long long off(const tlua_Descriptor *d, long long a, long long b) {
  long long idx[2] = {a, b}, o;
  return tlua_descriptor_offset(d, idx, &o) ? o : -1;
}

static int is_permutation(const long long *v, long long n) {
  char *seen = calloc((size_t)n, 1);
  int ok = seen != NULL;
  for (long long i = 0; ok && i < n; i++) {
    if (v[i] < 0 || v[i] >= n || seen[v[i]]) ok = 0;
    else seen[v[i]] = 1;
  }
  free(seen);
  return ok;
}

TU_TEST(naive_row_major) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){4, 8}, NULL, err), 0);
  ASSERT_EQ(d.strides[0], 8);
  ASSERT_EQ(d.strides[1], 1);
  ASSERT_EQ(d.element_space, 32);
  ASSERT_EQ(tlua_descriptor_size(&d), 32);
  ASSERT_EQ(off(&d, 0, 0), 0);
  ASSERT_EQ(off(&d, 3, 7), 31);
  ASSERT_EQ(off(&d, 2, 5), 21);
  ASSERT_EQ(off(&d, 4, 0), -1); /* out of range */
  ASSERT_EQ(off(&d, 0, -1), -1);
  char buf[256];
  tlua_descriptor_format(&d, buf, sizeof buf, 0);
  ASSERT_STR_EQ(buf, "Descriptor{lengths={4, 8}, strides={8, 1}}");
}

TU_TEST(naive_strided) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  /* a column-major 4x8 with a padded leading dimension of 5 */
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){4, 8}, (const long long[]){1, 5}, err), 0);
  ASSERT_EQ(d.element_space, 3 + 7 * 5 + 1);
  ASSERT_EQ(off(&d, 3, 2), 13);
}

TU_TEST(naive_errors) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){4, 0}, NULL, err), -1);
  ASSERT_CONTAINS(err, "lengths[2] must be a positive integer (got 0)");
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){4, -3}, NULL, err), -1);
  ASSERT_CONTAINS(err, "(got -3)");
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){4, 4}, (const long long[]){1, -1}, err), -1);
  ASSERT_CONTAINS(err, "strides[2] must be >= 0");
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){1 << 20, 1 << 20}, NULL, err), -1);
  ASSERT_CONTAINS(err, "more than 2147483648 elements");
  ASSERT_EQ(tlua_descriptor_naive(&d, 1, (const long long[]){1 << 20}, (const long long[]){1 << 20}, err), -1);
  ASSERT_CONTAINS(err, "span more than");
  ASSERT_EQ(tlua_descriptor_naive(&d, 9, (const long long[]){1, 1, 1, 1, 1, 1, 1, 1, 1}, NULL, err), -1);
  ASSERT_CONTAINS(err, "at most 8 allowed");
  ASSERT_EQ(tlua_descriptor_naive(&d, 0, NULL, NULL, err), -1);
}

/* Applies one stage and returns the status. */
static int stage(tlua_Descriptor *d, tlua_TransformUse *u, int n, char *err) {
  return tlua_descriptor_transform(d, u, n, d, err);
}

TU_TEST(pass_through_identity) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  tlua_TransformUse u[2];
  memset(u, 0, sizeof u);
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){4, 8}, NULL, err), 0);
  ASSERT_EQ(tlua_transform_pass_through(&u[0].transform, 4, err), 0);
  ASSERT_EQ(tlua_transform_pass_through(&u[1].transform, 8, err), 0);
  /* swap the dims: new dim 0 is old dim 1 (a transpose) */
  u[0].lower[0] = 0; u[0].upper[0] = 1;
  u[1].lower[0] = 1; u[1].upper[0] = 0;
  ASSERT_EQ(stage(&d, u, 2, err), 0);
  ASSERT_EQ(tlua_descriptor_lengths(&d)[0], 8);
  ASSERT_EQ(tlua_descriptor_lengths(&d)[1], 4);
  ASSERT_EQ(off(&d, 5, 2), 2 * 8 + 5);
  ASSERT_EQ(tlua_transform_pass_through(&u[0].transform, 0, err), -1);
  ASSERT_CONTAINS(err, "pass_through: n must be a positive integer (got 0)");
}

TU_TEST(merge_digits) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  tlua_TransformUse u = {0};
  ASSERT_EQ(tlua_descriptor_naive(&d, 3, (const long long[]){2, 3, 4}, (const long long[]){100, 10, 1}, err), 0);
  ASSERT_EQ(tlua_transform_merge(&u.transform, (const long long[]){2, 3, 4}, 3, err), 0);
  u.lower[0] = 0; u.lower[1] = 1; u.lower[2] = 2; u.upper[0] = 0;
  ASSERT_EQ(stage(&d, &u, 1, err), 0);
  ASSERT_EQ(tlua_descriptor_ndim(&d), 1);
  ASSERT_EQ(tlua_descriptor_lengths(&d)[0], 24);
  /* 23 = 1*12 + 2*4 + 3: the first lower dim is the most significant digit */
  long long i = 23, o;
  ASSERT_EQ(tlua_descriptor_offset(&d, &i, &o), 1);
  ASSERT_EQ(o, 123);
  i = 7; /* 0*12 + 1*4 + 3 */
  ASSERT_EQ(tlua_descriptor_offset(&d, &i, &o), 1);
  ASSERT_EQ(o, 13);
  i = 24;
  ASSERT_EQ(tlua_descriptor_offset(&d, &i, &o), 0);
}

TU_TEST(unmerge_row_major) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  tlua_TransformUse u = {0};
  ASSERT_EQ(tlua_descriptor_naive(&d, 1, (const long long[]){24}, NULL, err), 0);
  ASSERT_EQ(tlua_transform_unmerge(&u.transform, (const long long[]){2, 3, 4}, 3, err), 0);
  u.lower[0] = 0; u.upper[0] = 0; u.upper[1] = 1; u.upper[2] = 2;
  ASSERT_EQ(stage(&d, &u, 1, err), 0);
  long long idx[3] = {1, 2, 3}, o;
  ASSERT_EQ(tlua_descriptor_offset(&d, idx, &o), 1);
  ASSERT_EQ(o, 1 * 12 + 2 * 4 + 3);
  /* unmerge then merge back is the identity */
  tlua_TransformUse m = {0};
  ASSERT_EQ(tlua_transform_merge(&m.transform, (const long long[]){2, 3, 4}, 3, err), 0);
  m.lower[0] = 0; m.lower[1] = 1; m.lower[2] = 2; m.upper[0] = 0;
  ASSERT_EQ(stage(&d, &m, 1, err), 0);
  for (long long k = 0; k < 24; k++) {
    ASSERT_EQ(tlua_descriptor_offset(&d, &k, &o), 1);
    ASSERT_EQ(o, k);
  }
  /* the product must match the lower length */
  tlua_Descriptor e;
  ASSERT_EQ(tlua_descriptor_naive(&e, 1, (const long long[]){25}, NULL, err), 0);
  ASSERT_EQ(tlua_descriptor_transform(&e, &u, 1, &e, err), -1);
  ASSERT_CONTAINS(err, "expects lower lengths {24}, but lower dims have lengths {25}");
}

TU_TEST(xor_formula) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  tlua_TransformUse u = {0};
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){16, 8}, NULL, err), 0);
  ASSERT_EQ(tlua_transform_xor(&u.transform, 16, 8, err), 0);
  u.lower[0] = 0; u.lower[1] = 1; u.upper[0] = 0; u.upper[1] = 1;
  ASSERT_EQ(stage(&d, &u, 1, err), 0);
  for (long long a = 0; a < 16; a++)
    for (long long b = 0; b < 8; b++) ASSERT_EQ(off(&d, a, b), a * 8 + (b ^ (a % 8)));
  long long all[128];
  tlua_descriptor_offsets(&d, all);
  ASSERT(is_permutation(all, 128));
  ASSERT_EQ(tlua_transform_xor(&u.transform, 16, 6, err), -1);
  ASSERT_CONTAINS(err, "xor: lb (6) must be a power of two");
  ASSERT_EQ(tlua_transform_xor(&u.transform, 0, 8, err), -1);
}

TU_TEST(embed_strides) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  tlua_TransformUse u = {0};
  ASSERT_EQ(tlua_descriptor_naive(&d, 1, (const long long[]){40}, NULL, err), 0);
  ASSERT_EQ(tlua_transform_embed(&u.transform, (const long long[]){4, 8}, (const long long[]){10, 1}, 2, err), 0);
  u.lower[0] = 0; u.upper[0] = 0; u.upper[1] = 1;
  ASSERT_EQ(stage(&d, &u, 1, err), 0);
  ASSERT_EQ(off(&d, 3, 7), 37);
  ASSERT_EQ(off(&d, 1, 2), 12);
  /* reach 3*10 + 7 = 37 does not fit a lower dim of 30 */
  tlua_Descriptor e;
  ASSERT_EQ(tlua_descriptor_naive(&e, 1, (const long long[]){30}, NULL, err), 0);
  ASSERT_EQ(tlua_descriptor_transform(&e, &u, 1, &e, err), -1);
  ASSERT_CONTAINS(err, "reaches lower index 37, beyond lower dim 0 (length 30)");
  ASSERT_EQ(tlua_transform_embed(&u.transform, (const long long[]){4}, (const long long[]){-1}, 1, err), -1);
  ASSERT_CONTAINS(err, "coefficients[1] must be >= 0");
}

TU_TEST(pad_validity) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  tlua_TransformUse u[2];
  memset(u, 0, sizeof u);
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){3, 4}, NULL, err), 0);
  ASSERT_EQ(tlua_transform_pad(&u[0].transform, 3, 1, 2, err), 0);
  ASSERT_EQ(tlua_transform_pass_through(&u[1].transform, 4, err), 0);
  u[0].lower[0] = 0; u[0].upper[0] = 0;
  u[1].lower[0] = 1; u[1].upper[0] = 1;
  ASSERT_EQ(stage(&d, u, 2, err), 0);
  ASSERT_EQ(tlua_descriptor_lengths(&d)[0], 6);
  ASSERT_EQ(off(&d, 0, 0), -1); /* left padding */
  ASSERT_EQ(off(&d, 1, 0), 0);
  ASSERT_EQ(off(&d, 3, 3), 11);
  ASSERT_EQ(off(&d, 4, 0), -1); /* right padding */
  ASSERT_EQ(off(&d, 5, 3), -1);
  long long all[24];
  int valid = 0;
  tlua_descriptor_offsets(&d, all);
  for (int i = 0; i < 24; i++) valid += all[i] >= 0;
  ASSERT_EQ(valid, 12);
  ASSERT_EQ(tlua_transform_pad(&u[0].transform, 3, -1, 0, err), -1);
  ASSERT_CONTAINS(err, "pad: left must be >= 0 (got -1)");
}

TU_TEST(transform_dim_checks) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  tlua_TransformUse u[2];
  memset(u, 0, sizeof u);
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){4, 4}, NULL, err), 0);
  ASSERT_EQ(tlua_transform_pass_through(&u[0].transform, 4, err), 0);
  ASSERT_EQ(tlua_transform_pass_through(&u[1].transform, 4, err), 0);
  u[0].lower[0] = 0; u[0].upper[0] = 0;
  u[1].lower[0] = 0; u[1].upper[0] = 1;
  ASSERT_EQ(tlua_descriptor_transform(&d, u, 2, &d, err), -1);
  ASSERT_CONTAINS(err, "lower dim 0 is used twice (entries #1 and #2)");
  u[1].lower[0] = 1; u[1].upper[0] = 0;
  ASSERT_EQ(tlua_descriptor_transform(&d, u, 2, &d, err), -1);
  ASSERT_CONTAINS(err, "upper dim 0 is produced twice");
  u[1].upper[0] = 2;
  ASSERT_EQ(tlua_descriptor_transform(&d, u, 2, &d, err), -1);
  ASSERT_CONTAINS(err, "upper dim 2 does not exist");
  ASSERT_EQ(tlua_descriptor_transform(&d, u, 1, &d, err), -1);
  ASSERT_CONTAINS(err, "lower dim 1 (length 4) is not used by any transform");
  u[1].lower[0] = 7; u[1].upper[0] = 1;
  ASSERT_EQ(tlua_descriptor_transform(&d, u, 2, &d, err), -1);
  ASSERT_CONTAINS(err, "lower dim 7 does not exist");
  ASSERT_EQ(tlua_transform_pass_through(&u[1].transform, 5, err), 0);
  u[1].lower[0] = 1;
  ASSERT_EQ(tlua_descriptor_transform(&d, u, 2, &d, err), -1);
  ASSERT_CONTAINS(err, "pass_through(5) (entry #2) expects lower lengths {5}, but lower dims have lengths {4}");
  /* a failed transform leaves the descriptor untouched */
  ASSERT_EQ(d.nstages, 0);
}

TU_TEST(transform_overflow) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  tlua_TransformUse u = {0};
  ASSERT_EQ(tlua_descriptor_naive(&d, 1, (const long long[]){1 << 20}, NULL, err), 0);
  /* an embed with stride 0 can produce many more upper elements than the lower dim holds */
  ASSERT_EQ(tlua_transform_embed(&u.transform, (const long long[]){1 << 20, 1 << 20},
                                 (const long long[]){0, 1}, 2, err), -1);
  ASSERT_CONTAINS(err, "more than 2147483648 elements");
  ASSERT_EQ(tlua_transform_pad(&u.transform, 1 << 20, 1LL << 31, 0, err), -1);
  ASSERT_CONTAINS(err, "exceeds");
}

TU_TEST(format_transformed) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR], buf[512];
  tlua_TransformUse u = {0};
  ASSERT_EQ(tlua_descriptor_naive(&d, 2, (const long long[]){4, 8}, NULL, err), 0);
  ASSERT_EQ(tlua_transform_merge(&u.transform, (const long long[]){4, 8}, 2, err), 0);
  u.lower[0] = 0; u.lower[1] = 1;
  ASSERT_EQ(stage(&d, &u, 1, err), 0);
  tlua_descriptor_format(&d, buf, sizeof buf, 0);
  ASSERT_STR_EQ(buf, "Descriptor{lengths={32}, base={lengths={4, 8}, strides={8, 1}}, "
                "transforms={{merge{4, 8} {0, 1}->{0}}}, element_space=32}");
  char small[20];
  tlua_descriptor_format(&d, small, sizeof small, 0);
  ASSERT_EQ(strlen(small), sizeof small - 1);
  ASSERT_STR_EQ(small + sizeof small - 4, "...");
}

/* Seed 003, steps 1-3, written out by hand: the offset of element (m, k). */
static long long seed_offset(long long K, long long KPack, long long L, long long M, long long m,
                             long long k) {
  long long K0 = K / KPack, ML = M / L;
  long long l = m / ML, m_ = m % ML;                /* merge (L, M/L) -> M' */
  long long k0pp = k / KPack, k1 = k % KPack;       /* merge (K0'', K1) -> K' */
  long long k0p = l * K0 + k0pp;                    /* unmerge K0' -> (L, K0'') */
  long long k0 = k0p ^ (m_ % (K0 * L));             /* XOR: K0' = K0 ^ (M % (K0*L)) */
  return k0 * KPack + m_ * K * L + k1;              /* base strides [KPack, K*L, 1] */
}

TU_TEST(preshuffle_matches_seed_steps) {
  const long long cfg[][4] = {{32, 4, 1, 32}, {32, 8, 2, 64}, {64, 8, 2, 128}, {128, 4, 4, 128},
                              {16, 16, 1, 8}, {32, 4, 2, 6}, {8, 2, 8, 16}};
  for (size_t c = 0; c < sizeof cfg / sizeof cfg[0]; c++) {
    tlua_PreshuffleParams p = {cfg[c][0], cfg[c][1], cfg[c][2], cfg[c][3]};
    tlua_Descriptor d, st[3];
    char err[TLUA_DESC_ERR];
    ASSERT_EQ(tlua_xor_preshuffle(&p, &d, st, err), 0);
    ASSERT_EQ(tlua_descriptor_lengths(&d)[0], p.m_per_block);
    ASSERT_EQ(tlua_descriptor_lengths(&d)[1], p.k_per_block);
    ASSERT_EQ(st[2].ndims[st[2].nstages], 4);
    long long n = p.m_per_block * p.k_per_block;
    long long *all = malloc(sizeof *all * (size_t)n);
    tlua_descriptor_offsets(&d, all);
    ASSERT(is_permutation(all, n));
    for (long long m = 0; m < p.m_per_block; m++)
      for (long long k = 0; k < p.k_per_block; k++)
        if (all[m * p.k_per_block + k] != seed_offset(p.k_per_block, p.kpack, p.m_lds_layer, p.m_per_block, m, k)) {
          free(all);
          TU_FAIL_("config %zu: (%lld, %lld) -> %lld, seed says %lld", c, m, k, off(&d, m, k),
                   seed_offset(p.k_per_block, p.kpack, p.m_lds_layer, p.m_per_block, m, k));
        }
    free(all);
  }
}

TU_TEST(preshuffle_errors) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  ASSERT_EQ(tlua_xor_preshuffle(&(tlua_PreshuffleParams){30, 4, 1, 32}, &d, NULL, err), -1);
  ASSERT_CONTAINS(err, "k_per_block (30) is not a multiple of kpack (4)");
  ASSERT_EQ(tlua_xor_preshuffle(&(tlua_PreshuffleParams){24, 4, 1, 32}, &d, NULL, err), -1);
  ASSERT_CONTAINS(err, "(24/4*1 = 6) must be a power of two");
  ASSERT_EQ(tlua_xor_preshuffle(&(tlua_PreshuffleParams){32, 4, 3, 32}, &d, NULL, err), -1);
  ASSERT_CONTAINS(err, "m_per_block (32) is not a multiple of m_lds_layer (3)");
  ASSERT_EQ(tlua_xor_preshuffle(&(tlua_PreshuffleParams){32, 0, 1, 32}, &d, NULL, err), -1);
  ASSERT_CONTAINS(err, "kpack must be a positive integer (got 0)");
  ASSERT_EQ(tlua_xor_preshuffle(&(tlua_PreshuffleParams){1 << 16, 4, 1, 1 << 16}, &d, NULL, err), -1);
  ASSERT_CONTAINS(err, "exceeds 2147483648 elements");
}

TU_TEST(preshuffle_format) {
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR], buf[512];
  ASSERT_EQ(tlua_xor_preshuffle(&(tlua_PreshuffleParams){32, 4, 1, 32}, &d, NULL, err), 0);
  tlua_descriptor_format(&d, buf, sizeof buf, 0);
  ASSERT_STR_EQ(buf, "Descriptor{lengths={32, 32}, from=xor_preshuffle{k_per_block=32, kpack=4, "
                "m_lds_layer=1, m_per_block=32}, base={lengths={8, 32, 4}, strides={4, 32, 1}}, "
                "stages=3, element_space=1024}");
  tlua_descriptor_format(&d, buf, sizeof buf, 1);
  ASSERT_CONTAINS(buf, "transforms={{xor{32, 8} {1, 0}->{1, 0}, pass_through(4) {2}->{2}}");
}

/* :svg refuses to write files in a sandboxed state, and writes them otherwise. */
TU_TEST(svg_sandbox) {
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.sandbox = 1;
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(&cfg, &T), TLUA_OK);
  int st = tlua_dostring(T, "tl.descriptor{lengths = {2, 2}}:svg('descriptor_sandbox.svg')", "=sandbox");
  if (st != TLUA_ERRRUN) { tlua_close(T); TU_FAIL_("sandboxed svg: status %d, want TLUA_ERRRUN", st); }
  int refused = strstr(tlua_errmsg(T), "descriptor:svg: writing files is not allowed in the sandbox") != NULL;
  tlua_close(T);
  ASSERT(refused);
  cfg.sandbox = 0;
  ASSERT_EQ(tlua_open(&cfg, &T), TLUA_OK);
  st = tlua_dostring(T, "local p = os.tmpname(); assert(tl.descriptor{lengths = {2, 2}}:svg(p)); os.remove(p)", "=open");
  if (st != TLUA_OK) {
    fprintf(stderr, "  %s\n", tlua_errmsg(T));
    tlua_close(T);
    TU_FAIL_("unsandboxed svg: status %d", st);
  }
  tlua_close(T);
}

TU_MAIN(TU_ENTRY(naive_row_major), TU_ENTRY(naive_strided), TU_ENTRY(naive_errors),
        TU_ENTRY(pass_through_identity), TU_ENTRY(merge_digits), TU_ENTRY(unmerge_row_major),
        TU_ENTRY(xor_formula), TU_ENTRY(embed_strides), TU_ENTRY(pad_validity),
        TU_ENTRY(transform_dim_checks), TU_ENTRY(transform_overflow), TU_ENTRY(format_transformed),
        TU_ENTRY(preshuffle_matches_seed_steps), TU_ENTRY(preshuffle_errors),
        TU_ENTRY(preshuffle_format), TU_ENTRY(svg_sandbox))
