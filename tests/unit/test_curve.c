/* test_curve.c - unit tests of the space-filling curve core (src/curve.c), after seed 000. */
#include <stdlib.h>

#include "curve.h"
#include "tu.h"

/* Builds a curve or fails the test with the core's message. */
#define MAKE(c, n, len, ord, vec, snk) do { char e_[TLUA_CURVE_ERRLEN]; \
    if (tlua_curve_init(&(c), (n), (len), (ord), (vec), (snk), e_)) TU_FAIL_("init: %s", e_); \
  } while (0)

#define ASSERT_INDEX(c, i, a, b) do { long long o_[TLUA_CURVE_MAX_DIMS]; \
    ASSERT_EQ(tlua_curve_index(&(c), (i), o_, NULL), 0); \
    ASSERT_EQ(o_[0], (a)); ASSERT_EQ(o_[1], (b)); } while (0)

TU_TEST(row_major_4x6) {
  tlua_Curve c;
  MAKE(c, 2, ((long long[]){4, 6}), NULL, NULL, 0);
  ASSERT_EQ(c.num_access, 24);
  ASSERT_EQ(c.order[0], 0);
  ASSERT_EQ(c.order[1], 1);
  ASSERT_EQ(c.vector[1], 1);
  /* seed: [0,0], [0,1], [0,2], [0,3], [0,4], [0,5], [1,0], [1,1], ... */
  for (long long i = 0; i < 24; i++) ASSERT_INDEX(c, i, i / 6, i % 6);
}

TU_TEST(col_major_4x6) {
  tlua_Curve c;
  MAKE(c, 2, ((long long[]){4, 6}), ((long long[]){1, 0}), NULL, 0);
  ASSERT_EQ(c.num_access, 24);
  /* seed: [0,0], [1,0], [2,0], ... */
  for (long long i = 0; i < 24; i++) ASSERT_INDEX(c, i, i % 4, i / 4);
}

TU_TEST(snake_4x8) {
  tlua_Curve c;
  MAKE(c, 2, ((long long[]){4, 8}), NULL, NULL, 1);
  for (long long i = 0; i < 32; i++) {
    long long row = i / 8, col = row % 2 ? 7 - i % 8 : i % 8;
    ASSERT_INDEX(c, i, row, col);
  }
  ASSERT_INDEX(c, 8, 1, 7); /* row 1 runs 7..0 */
  ASSERT_INDEX(c, 15, 1, 0);
}

TU_TEST(snake_parity_uses_all_slower_dims) {
  /* 2x3x4 snake: the fastest dim reverses when (a0 * 3 + a1) is odd, the middle one when a0 is */
  tlua_Curve c;
  MAKE(c, 3, ((long long[]){2, 3, 4}), NULL, NULL, 1);
  long long o[TLUA_CURVE_MAX_DIMS];
  for (long long i = 0; i < 24; i++) {
    long long a0 = i / 12, a1 = (i / 4) % 3, a2 = i % 4;
    long long m = a0 % 2 ? 2 - a1 : a1;
    long long f = (a0 * 3 + a1) % 2 ? 3 - a2 : a2;
    ASSERT_EQ(tlua_curve_index(&c, i, o, NULL), 0);
    ASSERT_EQ(o[0], a0);
    ASSERT_EQ(o[1], m);
    ASSERT_EQ(o[2], f);
  }
  /* the boustrophedon property: consecutive accesses are neighbours */
  tlua_CurveLocality r;
  ASSERT_EQ(tlua_curve_analyze(&c, 16, &r, NULL), 0);
  ASSERT_EQ(r.sequential, 23);
}

TU_TEST(vector4_4x8) {
  tlua_Curve c;
  MAKE(c, 2, ((long long[]){4, 8}), NULL, ((long long[]){1, 4}), 0);
  ASSERT_EQ(c.access_lengths[0], 4);
  ASSERT_EQ(c.access_lengths[1], 2);
  ASSERT_EQ(c.num_access, 8);
  /* seed: row 0, cols [0:3], row 0, cols [4:7], row 1, cols [0:3], ... */
  ASSERT_INDEX(c, 0, 0, 0);
  ASSERT_INDEX(c, 1, 0, 4);
  ASSERT_INDEX(c, 2, 1, 0);
  ASSERT_INDEX(c, 7, 3, 4);
}

TU_TEST(gemm_16x32_colmajor_vec8) {
  tlua_Curve c;
  MAKE(c, 2, ((long long[]){16, 32}), ((long long[]){1, 0}), ((long long[]){1, 8}), 0);
  ASSERT_EQ(c.num_access, 64); /* seed: 16 * (32/8) */
  for (long long i = 0; i < 64; i++) ASSERT_INDEX(c, i, i % 16, (i / 16) * 8);
}

TU_TEST(tensor3d_4x8x16) {
  tlua_Curve c;
  MAKE(c, 3, ((long long[]){4, 8, 16}), NULL, ((long long[]){1, 2, 4}), 0);
  ASSERT_EQ(c.num_access, 64); /* seed: 4 * (8/2) * (16/4) */
  long long o[TLUA_CURVE_MAX_DIMS];
  ASSERT_EQ(tlua_curve_index(&c, 63, o, NULL), 0);
  ASSERT_EQ(o[0], 3);
  ASSERT_EQ(o[1], 6);
  ASSERT_EQ(o[2], 12);
  ASSERT_EQ(tlua_curve_index(&c, 5, o, NULL), 0); /* (0, 1, 1) in access space */
  ASSERT_EQ(o[0], 0);
  ASSERT_EQ(o[1], 2);
  ASSERT_EQ(o[2], 4);
}

TU_TEST(ragged_5x7_by_2x3) {
  tlua_Curve c;
  MAKE(c, 2, ((long long[]){5, 7}), NULL, ((long long[]){2, 3}), 0);
  ASSERT_EQ(c.access_lengths[0], 3); /* ceil(5/2) */
  ASSERT_EQ(c.access_lengths[1], 3); /* ceil(7/3) */
  ASSERT_EQ(c.num_access, 9);
  long long v[TLUA_CURVE_MAX_DIMS];
  ASSERT_INDEX(c, 0, 0, 0);
  ASSERT_EQ(tlua_curve_valid(&c, 0, v, NULL), 0);
  ASSERT_EQ(v[0], 2);
  ASSERT_EQ(v[1], 3);
  ASSERT_INDEX(c, 2, 0, 6);
  ASSERT_EQ(tlua_curve_valid(&c, 2, v, NULL), 0);
  ASSERT_EQ(v[0], 2);
  ASSERT_EQ(v[1], 1);
  ASSERT_INDEX(c, 8, 4, 6);
  ASSERT_EQ(tlua_curve_valid(&c, 8, v, NULL), 0);
  ASSERT_EQ(v[0], 1);
  ASSERT_EQ(v[1], 1);
}

TU_TEST(step_is_index_difference) {
  tlua_Curve c;
  MAKE(c, 2, ((long long[]){4, 8}), NULL, NULL, 1);
  long long s[TLUA_CURVE_MAX_DIMS];
  ASSERT_EQ(tlua_curve_step(&c, 7, 8, s, NULL), 0); /* (0,7) -> (1,7) */
  ASSERT_EQ(s[0], 1);
  ASSERT_EQ(s[1], 0);
  ASSERT_EQ(tlua_curve_step(&c, 8, 0, s, NULL), 0); /* (1,7) -> (0,0) */
  ASSERT_EQ(s[0], -1);
  ASSERT_EQ(s[1], -7);
}

TU_TEST(analyze_classes) {
  tlua_Curve c;
  tlua_CurveLocality r;
  /* row-major 4x6: 20 unit steps, 3 row changes of distance 1 + 5 = 6 */
  MAKE(c, 2, ((long long[]){4, 6}), NULL, NULL, 0);
  ASSERT_EQ(tlua_curve_analyze(&c, TLUA_CURVE_DEFAULT_LINE, &r, NULL), 0);
  ASSERT_EQ(r.steps, 23);
  ASSERT_EQ(r.sequential, 20);
  ASSERT_EQ(r.within_line, 3);
  ASSERT_EQ(r.large_jump, 0);
  ASSERT_EQ(r.max_distance, 6);
  ASSERT_EQ(r.total_distance, 20 + 3 * 6);
  ASSERT_EQ(tlua_curve_analyze(&c, 5, &r, NULL), 0);
  ASSERT_EQ(r.within_line, 0);
  ASSERT_EQ(r.large_jump, 3);
  /* GEMM curve: 60 unit steps down columns, 3 jumps (-15, +8) = 23 > 16 */
  MAKE(c, 2, ((long long[]){16, 32}), ((long long[]){1, 0}), ((long long[]){1, 8}), 0);
  ASSERT_EQ(tlua_curve_analyze(&c, 16, &r, NULL), 0);
  ASSERT_EQ(r.sequential, 60);
  ASSERT_EQ(r.large_jump, 3);
  ASSERT_EQ(r.max_distance, 23);
  /* a single access has no step */
  MAKE(c, 1, ((long long[]){4}), NULL, ((long long[]){4}), 0);
  ASSERT_EQ(tlua_curve_analyze(&c, 16, &r, NULL), 0);
  ASSERT_EQ(r.steps, 0);
  ASSERT_EQ(r.sequential + r.within_line + r.large_jump, 0);
  char err[TLUA_CURVE_ERRLEN];
  ASSERT_EQ(tlua_curve_analyze(&c, 0, &r, err), -1);
  ASSERT_CONTAINS(err, "positive");
}

TU_TEST(label_grid_covers_once) {
  tlua_Curve c;
  MAKE(c, 2, ((long long[]){5, 7}), ((long long[]){1, 0}), ((long long[]){2, 3}), 1);
  long long labels[35];
  for (int e = 0; e < 35; e++) labels[e] = -1;
  tlua_curve_label_grid(&c, labels);
  long long hits[9] = {0};
  for (int e = 0; e < 35; e++) {
    ASSERT(labels[e] >= 0 && labels[e] < 9);
    hits[labels[e]]++;
  }
  /* the count per access is the product of its valid widths */
  long long v[TLUA_CURVE_MAX_DIMS];
  for (int i = 0; i < 9; i++) {
    ASSERT_EQ(tlua_curve_valid(&c, i, v, NULL), 0);
    ASSERT_EQ(hits[i], v[0] * v[1]);
  }
  /* column-major snake: access 3 is the second column of accesses, run upwards: (4, 3) */
  ASSERT_INDEX(c, 3, 4, 3);
  ASSERT_EQ(labels[4 * 7 + 3], 3);
}

TU_TEST(random_curves_cover_once) {
  srand(12345);
  for (int trial = 0; trial < 300; trial++) {
    int n = 1 + rand() % 4;
    long long len[4], ord[4], vec[4];
    for (int d = 0; d < n; d++) {
      len[d] = 1 + rand() % 9;
      vec[d] = 1 + rand() % len[d];
      ord[d] = d;
    }
    for (int d = n - 1; d > 0; d--) { /* Fisher-Yates */
      int k = rand() % (d + 1);
      long long t = ord[d]; ord[d] = ord[k]; ord[k] = t;
    }
    tlua_Curve c;
    MAKE(c, n, len, ord, vec, trial % 2);
    long long *labels = malloc((size_t)c.num_elements * sizeof *labels);
    long long *hits = calloc((size_t)c.num_access, sizeof *hits);
    ASSERT(labels && hits);
    for (long long e = 0; e < c.num_elements; e++) labels[e] = -1;
    tlua_curve_label_grid(&c, labels);
    int bad = 0;
    for (long long e = 0; e < c.num_elements; e++)
      if (labels[e] < 0) bad = 1; else hits[labels[e]]++;
    long long v[TLUA_CURVE_MAX_DIMS], total = 0;
    for (long long i = 0; i < c.num_access && !bad; i++) {
      tlua_curve_valid(&c, i, v, NULL);
      long long box = 1;
      for (int d = 0; d < n; d++) box *= v[d];
      if (hits[i] != box) bad = 1;
      total += box;
    }
    free(labels);
    free(hits);
    ASSERT_EQ(bad, 0);
    ASSERT_EQ(total, c.num_elements);
  }
}

TU_TEST(errors) {
  tlua_Curve c;
  char err[TLUA_CURVE_ERRLEN];
  long long o[TLUA_CURVE_MAX_DIMS];
  ASSERT_EQ(tlua_curve_init(&c, 2, (long long[]){4, 6}, (long long[]){0, 0}, NULL, 0, err), -1);
  ASSERT_CONTAINS(err, "order must be a permutation of 0..1 (got {0,0})");
  ASSERT_EQ(tlua_curve_init(&c, 2, (long long[]){4, 6}, (long long[]){0, 2}, NULL, 0, err), -1);
  ASSERT_CONTAINS(err, "permutation");
  ASSERT_EQ(tlua_curve_init(&c, 2, (long long[]){4, 0}, NULL, NULL, 0, err), -1);
  ASSERT_CONTAINS(err, "length of dimension 1 must be positive (got 0)");
  ASSERT_EQ(tlua_curve_init(&c, 2, (long long[]){4, 6}, NULL, (long long[]){1, -2}, 0, err), -1);
  ASSERT_CONTAINS(err, "vector width of dimension 1 must be positive (got -2)");
  ASSERT_EQ(tlua_curve_init(&c, 2, (long long[]){5, 7}, NULL, (long long[]){2, 8}, 0, err), -1);
  ASSERT_CONTAINS(err, "vector width of dimension 1 (8) exceeds its length (7)");
  ASSERT_EQ(tlua_curve_init(&c, 2, (long long[]){65536, 65536}, NULL, NULL, 0, err), -1);
  ASSERT_CONTAINS(err, "more than 2^31 elements");
  ASSERT_EQ(tlua_curve_init(&c, 3, (long long[]){1LL << 40, 1LL << 40, 1LL << 40}, NULL, NULL,
                            0, err), -1);
  ASSERT_CONTAINS(err, "more than 2^31 elements");
  ASSERT_EQ(tlua_curve_init(&c, 0, (long long[]){1}, NULL, NULL, 0, err), -1);
  ASSERT_CONTAINS(err, "1 to 8 dimensions (got 0)");
  ASSERT_EQ(tlua_curve_init(&c, 9, (long long[]){1, 1, 1, 1, 1, 1, 1, 1, 1}, NULL, NULL, 0, err),
            -1);
  MAKE(c, 2, ((long long[]){4, 6}), NULL, NULL, 0);
  ASSERT_EQ(tlua_curve_index(&c, 24, o, err), -1);
  ASSERT_CONTAINS(err, "access index 24 is out of range 0..23");
  ASSERT_EQ(tlua_curve_index(&c, -1, o, err), -1);
  ASSERT_EQ(tlua_curve_valid(&c, 24, o, err), -1);
  ASSERT_EQ(tlua_curve_step(&c, 0, 99, o, err), -1);
  ASSERT_CONTAINS(err, "99");
  /* the largest allowed tensor is accepted */
  MAKE(c, 2, ((long long[]){1LL << 16, 1LL << 15}), NULL, NULL, 0);
  ASSERT_EQ(c.num_elements, 1LL << 31);
}

TU_MAIN(TU_ENTRY(row_major_4x6), TU_ENTRY(col_major_4x6), TU_ENTRY(snake_4x8),
        TU_ENTRY(snake_parity_uses_all_slower_dims), TU_ENTRY(vector4_4x8),
        TU_ENTRY(gemm_16x32_colmajor_vec8), TU_ENTRY(tensor3d_4x8x16),
        TU_ENTRY(ragged_5x7_by_2x3), TU_ENTRY(step_is_index_difference),
        TU_ENTRY(analyze_classes), TU_ENTRY(label_grid_covers_once),
        TU_ENTRY(random_curves_cover_once), TU_ENTRY(errors))
