/* test_encoding.c - unit tests of tile distributions: encodings, raked patterns, owners, checks. */
#include "encoding.h"
#include "tu.h"

/* ---- helpers --------------------------------------------------------------------------------- */

static tlua_RH RH(int major, int minor) {
  tlua_RH c = {major, minor};
  return c;
}

/* A fixed-seed generator so failures reproduce (xorshift64*). */
static unsigned long long rng_state = 0x9E3779B97F4A7C15ULL;
static long long rnd(long long n) {
  rng_state ^= rng_state >> 12;
  rng_state ^= rng_state << 25;
  rng_state ^= rng_state >> 27;
  return (long long)((rng_state * 2685821657736338717ULL) >> 33) % n;
}

static tlua_Pattern2D make_pattern(tlua_Pattern pat, long long block, long long rows,
                                   long long cols, long long vec, long long warp, long long wg) {
  tlua_Pattern2D p = {0};
  p.pattern = pat;
  p.block = block;
  p.rows = rows;
  p.cols = cols;
  p.vec = vec;
  p.warp = warp;
  p.wave_groups = wg;
  return p;
}

/* Seed 001's closed forms, written independently of the encoding: the row of thread t's element
 * y for each pattern; the column is x_thread * vector + lane_in_vector in all three. */
static void seed_coord(const tlua_Pattern2D *p, long long t, long long y, long long *row,
                       long long *col) {
  long long warp_id = (t / p->warp) % p->warps; /* within the wave group */
  long long lane = t % p->warp;
  long long yw = lane / p->x_threads, xt = lane % p->x_threads;
  long long it = y / p->vector, v = y % p->vector;
  switch (p->pattern) {
  case TLUA_PATTERN_THREAD_RAKED: /* <Y0 warps, Y1 rows per warp, Y2 iterations> */
    *row = (warp_id * p->rows_per_warp + yw) * p->iters + it;
    break;
  case TLUA_PATTERN_WARP_RAKED: /* <Y0 warps, Y1 iterations, Y2 rows per warp> */
    *row = (warp_id * p->iters + it) * p->rows_per_warp + yw;
    break;
  default: /* block raked: <Y0 iterations, Y1 warps, Y2 rows per warp> */
    *row = (it * p->warps + warp_id) * p->rows_per_warp + yw;
    break;
  }
  *col = xt * p->vector + v;
}

/* Compares every (t, y) of d with the seed's closed form; returns the first mismatching t or -1. */
static long long compare_with_seed(const tlua_Distribution *d) {
  for (long long t = 0; t < d->threads; t++)
    for (long long y = 0; y < d->elements; y++) {
      long long c[2], row, col;
      if (tlua_dist_coord(d, t, y, c)) return t;
      seed_coord(&d->pattern, t, y, &row, &col);
      if (c[0] != row || c[1] != col) return t;
    }
  return -1;
}

/* owner(coord(t, y)) == (lowest replica of t, y) for every t, y; returns 0 when so. */
static int roundtrip_fails(const tlua_Distribution *d) {
  long long group_threads = d->threads / d->replicas;
  for (long long t = 0; t < d->threads; t++)
    for (long long y = 0; y < d->elements; y++) {
      long long c[TLUA_ENC_MAX_DIMS], ot, oy;
      if (tlua_dist_coord(d, t, y, c) || tlua_dist_owner(d, c, &ot, &oy)) return 1;
      if (oy != y || ot > t || tlua_dist_replica(d, ot) != 0) return 1;
      /* for the raked patterns the replica group is the top digit of t */
      if (d->pattern.pattern != TLUA_PATTERN_NONE && ot != t % group_threads) return 1;
    }
  return 0;
}

/* ---- the seed's patterns --------------------------------------------------------------------- */

TU_TEST(pattern_resolve_seed_factors) {
  /* block 256, 64x64, vec 4, warp 64: vector min(4, 4096/256 = 16) = 4, X1 = 64/4 = 16 threads
   * along X, 64/16 = 4 rows per warp, 256/64 = 4 warps, 64/(4*4) = 4 iterations */
  char err[TLUA_ENC_ERRLEN];
  tlua_Pattern2D p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 256, 64, 64, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), 0);
  ASSERT_EQ(p.vector, 4);
  ASSERT_EQ(p.x_threads, 16);
  ASSERT_EQ(p.rows_per_warp, 4);
  ASSERT_EQ(p.warps, 4);
  ASSERT_EQ(p.iters, 4);
  /* the vector is capped by the elements per thread: 32x32 over 256 threads = 4 each */
  p = make_pattern(TLUA_PATTERN_WARP_RAKED, 256, 32, 32, 8, 32, 1);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), 0);
  ASSERT_EQ(p.vector, 4);
  ASSERT_EQ(p.x_threads, 8);
  ASSERT_EQ(p.rows_per_warp, 4);
  ASSERT_EQ(p.warps, 8);
  ASSERT_EQ(p.iters, 1);
}

TU_TEST(pattern_thread_raked_rows) {
  /* thread raked: each thread owns `iters` consecutive rows */
  char err[TLUA_ENC_ERRLEN];
  tlua_Distribution d;
  tlua_Pattern2D p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 256, 64, 64, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_init(&d, &p, err), 0);
  long long c[2];
  ASSERT_EQ(tlua_dist_coord(&d, 0, 0, c), 0);
  ASSERT_EQ(c[0], 0); ASSERT_EQ(c[1], 0);
  tlua_dist_coord(&d, 0, 4, c); /* iteration 1 */
  ASSERT_EQ(c[0], 1); ASSERT_EQ(c[1], 0);
  tlua_dist_coord(&d, 1, 3, c); /* next thread along X, last lane of its vector */
  ASSERT_EQ(c[0], 0); ASSERT_EQ(c[1], 7);
  tlua_dist_coord(&d, 16, 0, c); /* second row of the warp: rows 4..7 */
  ASSERT_EQ(c[0], 4); ASSERT_EQ(c[1], 0);
  tlua_dist_coord(&d, 64, 0, c); /* warp 1 starts at row 16 */
  ASSERT_EQ(c[0], 16);
  ASSERT_EQ(compare_with_seed(&d), -1);
}

TU_TEST(pattern_warp_raked_rows) {
  char err[TLUA_ENC_ERRLEN];
  tlua_Distribution d;
  tlua_Pattern2D p = make_pattern(TLUA_PATTERN_WARP_RAKED, 256, 64, 64, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_init(&d, &p, err), 0);
  long long c[2];
  tlua_dist_coord(&d, 0, 4, c); /* iteration 1 jumps over the warp's 4 rows */
  ASSERT_EQ(c[0], 4);
  tlua_dist_coord(&d, 16, 0, c);
  ASSERT_EQ(c[0], 1);
  tlua_dist_coord(&d, 64, 0, c); /* warp 1 starts at row 4*4 = 16 */
  ASSERT_EQ(c[0], 16);
  ASSERT_EQ(compare_with_seed(&d), -1);
}

TU_TEST(pattern_block_raked_rows) {
  char err[TLUA_ENC_ERRLEN];
  tlua_Distribution d;
  tlua_Pattern2D p = make_pattern(TLUA_PATTERN_BLOCK_RAKED, 256, 64, 64, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_init(&d, &p, err), 0);
  long long c[2];
  tlua_dist_coord(&d, 0, 4, c); /* iteration 1 jumps over the whole block: 4 warps * 4 rows */
  ASSERT_EQ(c[0], 16);
  tlua_dist_coord(&d, 64, 0, c); /* warp 1 starts at row 4 */
  ASSERT_EQ(c[0], 4);
  ASSERT_EQ(compare_with_seed(&d), -1);
}

TU_TEST(pattern_encodings_match_ck) {
  /* the encodings CK Tile's static_encoding_pattern.hpp builds (minors 0-based) */
  char err[TLUA_ENC_ERRLEN];
  tlua_Pattern2D p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 256, 64, 64, 4, 64, 1);
  tlua_Encoding e;
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), 0);
  tlua_pattern2d_encoding(&p, &e);
  ASSERT_EQ(e.nr, 0);
  ASSERT_EQ(e.h[0][0], 4); ASSERT_EQ(e.h[0][1], 4); ASSERT_EQ(e.h[0][2], 4);
  ASSERT_EQ(e.h[1][0], 16); ASSERT_EQ(e.h[1][1], 4);
  ASSERT_EQ(e.p[0][0].major, 1); ASSERT_EQ(e.p[0][0].minor, 0);
  ASSERT_EQ(e.p[1][0].major, 1); ASSERT_EQ(e.p[1][0].minor, 1);
  ASSERT_EQ(e.p[1][1].major, 2); ASSERT_EQ(e.p[1][1].minor, 0);
  ASSERT_EQ(e.y[0].major, 1); ASSERT_EQ(e.y[0].minor, 2);
  ASSERT_EQ(e.y[1].major, 2); ASSERT_EQ(e.y[1].minor, 1);
  p.pattern = TLUA_PATTERN_WARP_RAKED;
  tlua_pattern2d_encoding(&p, &e);
  ASSERT_EQ(e.p[1][0].minor, 2); ASSERT_EQ(e.y[0].minor, 1);
  p.pattern = TLUA_PATTERN_BLOCK_RAKED;
  tlua_pattern2d_encoding(&p, &e);
  ASSERT_EQ(e.p[0][0].minor, 1); ASSERT_EQ(e.p[1][0].minor, 2); ASSERT_EQ(e.y[0].minor, 0);
}

TU_TEST(pattern_errors_name_relations) {
  char err[TLUA_ENC_ERRLEN];
  tlua_Pattern2D p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 256, 64, 48, 8, 64, 1);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), -1);
  ASSERT_STR_EQ(err, "pattern2d: warp (64) is not a multiple of cols/vector (48/8 = 6)");
  p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 100, 64, 64, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), -1);
  ASSERT_STR_EQ(err, "pattern2d: block (100) is not a multiple of warp (64)");
  p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 256, 64, 64, 4, 64, 3);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), -1);
  ASSERT_CONTAINS(err, "block/warp (256/64 = 4) is not a multiple of wave_groups (3)");
  p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 256, 8, 8, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), -1);
  ASSERT_CONTAINS(err, "rows*cols (8*8 = 64) is less than block (256)");
  p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 64, 64, 50, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), -1);
  ASSERT_CONTAINS(err, "cols (50) is not a multiple of vector (4");
  p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 64, 4, 512, 4, 64, 1); /* X wider than a warp */
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), -1);
  ASSERT_STR_EQ(err, "pattern2d: warp (64) is not a multiple of cols/vector (512/4 = 128)");
  p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 256, 24, 64, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), -1);
  ASSERT_STR_EQ(err, "pattern2d: rows (24) is not a multiple of rows_per_warp*warps (4*4 = 16)");
  p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 0, 64, 64, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), -1);
  ASSERT_CONTAINS(err, "block must be a positive integer");
  p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 256, 1LL << 20, 1LL << 20, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), -1);
  ASSERT_CONTAINS(err, "exceeds 2^31");
  p = make_pattern(TLUA_PATTERN_NONE, 256, 64, 64, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_resolve(&p, err), -1);
  ASSERT_CONTAINS(err, "unknown pattern");
}

TU_TEST(pattern_wave_groups_replicate) {
  char err[TLUA_ENC_ERRLEN];
  tlua_Distribution d;
  tlua_Pattern2D p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 512, 64, 64, 4, 64, 2);
  ASSERT_EQ(tlua_pattern2d_init(&d, &p, err), 0);
  ASSERT_EQ(d.pattern.warps, 4);
  ASSERT_EQ(d.replicas, 2);
  ASSERT_EQ(d.threads, 512);
  for (long long t = 0; t < 256; t++)
    for (long long y = 0; y < d.elements; y++) {
      long long a[2], b[2];
      tlua_dist_coord(&d, t, y, a);
      tlua_dist_coord(&d, t + 256, y, b);
      ASSERT_EQ(a[0], b[0]);
      ASSERT_EQ(a[1], b[1]);
    }
  ASSERT_EQ(tlua_dist_replica(&d, 255), 0);
  ASSERT_EQ(tlua_dist_replica(&d, 256), 1);
  long long c[2] = {63, 63}, t, y;
  ASSERT_EQ(tlua_dist_owner(&d, c, &t, &y), 0);
  ASSERT(t < 256); /* the lowest replica */
  ASSERT_EQ(tlua_dist_check(&d, err), 1);
  ASSERT_EQ(compare_with_seed(&d), -1);
}

TU_TEST(pattern_random_configs_cover_once) {
  /* property: for many random valid configurations (warp 32 and 64, all patterns, wave groups),
   * the encoding agrees with the seed's closed forms, covers each element once per replica
   * group, and owner inverts coord */
  char err[TLUA_ENC_ERRLEN];
  int built = 0;
  for (int trial = 0; trial < 4000 && built < 300; trial++) {
    long long warp = rnd(2) ? 32 : 64;
    long long wg = 1 + rnd(2);
    long long warps = 1LL << rnd(4);
    long long block = warp * warps * wg;
    long long vec = 1LL << rnd(4);
    long long cols = 1LL << (rnd(7));
    long long rows = (1 + rnd(4)) << rnd(6);
    tlua_Pattern pat = (tlua_Pattern)(1 + rnd(3));
    tlua_Pattern2D p = make_pattern(pat, block, rows, cols, vec, warp, wg);
    tlua_Distribution d;
    if (tlua_pattern2d_init(&d, &p, err)) continue;
    built++;
    ASSERT_EQ(d.elements, d.pattern.iters * d.pattern.vector);
    ASSERT_EQ(d.threads, block);
    ASSERT_EQ(d.threads * d.elements, rows * cols * wg);
    ASSERT_EQ(tlua_dist_vector(&d), d.pattern.vector);
    ASSERT_EQ(compare_with_seed(&d), -1);
    ASSERT_EQ(tlua_dist_check(&d, err), 1);
    ASSERT_EQ(roundtrip_fails(&d), 0);
  }
  ASSERT(built >= 300);
}

/* ---- general encodings ----------------------------------------------------------------------- */

/* A 2D encoding with a replication, a P dim spanning both dimensions and 3 Y dims. */
static tlua_Encoding sample_encoding(void) {
  tlua_Encoding e = {0};
  e.nr = 1; e.r[0] = 2;
  e.ndim = 2;
  e.nh[0] = 3; e.h[0][0] = 2; e.h[0][1] = 4; e.h[0][2] = 2;   /* 16 rows */
  e.nh[1] = 3; e.h[1][0] = 2; e.h[1][1] = 8; e.h[1][2] = 4;   /* 64 cols */
  e.np = 2;
  e.npc[0] = 2; e.p[0][0] = RH(1, 0); e.p[0][1] = RH(0, 0);   /* P0: H0[0], then R */
  e.npc[1] = 2; e.p[1][0] = RH(1, 1); e.p[1][1] = RH(2, 1);   /* P1: H0[1], H1[1] */
  e.ny = 3; e.y[0] = RH(2, 0); e.y[1] = RH(1, 2); e.y[2] = RH(2, 2);
  return e;
}

TU_TEST(encoding_sizes_and_coords) {
  char err[TLUA_ENC_ERRLEN];
  tlua_Encoding e = sample_encoding();
  tlua_Distribution d;
  ASSERT_EQ(tlua_dist_init(&d, &e, err), 0);
  ASSERT_EQ(d.lengths[0], 16);
  ASSERT_EQ(d.lengths[1], 64);
  ASSERT_EQ(d.threads, 4 * 32);   /* P0 = 2*2, P1 = 4*8 */
  ASSERT_EQ(d.elements, 2 * 2 * 4);
  ASSERT_EQ(d.replicas, 2);
  /* t = p0 * 32 + p1; p0 = h00 * 2 + r; p1 = h01 * 8 + h11; y = (h10 * 2 + h02) * 4 + h12 */
  long long t = (1 * 2 + 1) * 32 + (3 * 8 + 5), y = (1 * 2 + 1) * 4 + 2, c[2];
  ASSERT_EQ(tlua_dist_coord(&d, t, y, c), 0);
  ASSERT_EQ(c[0], (1 * 4 + 3) * 2 + 1);     /* h00=1, h01=3, h02=1 */
  ASSERT_EQ(c[1], (1 * 8 + 5) * 4 + 2);     /* h10=1, h11=5, h12=2 */
  long long ot, oy;
  ASSERT_EQ(tlua_dist_owner(&d, c, &ot, &oy), 0);
  ASSERT_EQ(ot, t - 32);                    /* same digits with the R digit 0 */
  ASSERT_EQ(oy, y);
  ASSERT_EQ(tlua_dist_vector(&d), 4);
  /* coord = origin(t) + offset(y) */
  long long o[2], f[2];
  tlua_dist_origin(&d, t, o);
  tlua_dist_offset(&d, y, f);
  ASSERT_EQ(o[0] + f[0], c[0]);
  ASSERT_EQ(o[1] + f[1], c[1]);
  ASSERT_EQ(tlua_dist_check(&d, err), 1);
  ASSERT_EQ(roundtrip_fails(&d), 0);
  ASSERT_EQ(tlua_dist_coord(&d, d.threads, 0, c), -1);
  ASSERT_EQ(tlua_dist_coord(&d, 0, d.elements, c), -1);
  long long out[2] = {16, 0};
  ASSERT_EQ(tlua_dist_owner(&d, out, &ot, &oy), -1);
}

TU_TEST(encoding_axis_peers) {
  char err[TLUA_ENC_ERRLEN];
  tlua_Distribution d;
  tlua_Pattern2D p = make_pattern(TLUA_PATTERN_THREAD_RAKED, 256, 64, 64, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_init(&d, &p, err), 0);
  long long ids[64];
  /* threads sharing thread 17's rows (reduction along columns): its 16 x-threads */
  ASSERT_EQ(tlua_dist_axis_peers(&d, 17, 1, ids, 64), 16);
  for (int i = 0; i < 16; i++) ASSERT_EQ(ids[i], 16 + i);
  /* sharing its columns (reduction along rows): same x-thread in every row group and warp */
  ASSERT_EQ(tlua_dist_axis_peers(&d, 17, 0, ids, 64), 16);
  for (int i = 0; i < 16; i++) ASSERT_EQ(ids[i], 1 + 16 * i);
  ASSERT_EQ(tlua_dist_axis_peers(&d, 17, 2, ids, 64), -1);
  /* every peer really shares the other coordinate */
  tlua_Encoding e = sample_encoding();
  ASSERT_EQ(tlua_dist_init(&d, &e, err), 0);
  long long n = tlua_dist_axis_peers(&d, 77, 1, ids, 64), c0[2], c1[2];
  ASSERT_EQ(n, 8);
  tlua_dist_origin(&d, 77, c0);
  for (long long i = 0; i < n; i++) {
    tlua_dist_origin(&d, ids[i], c1);
    ASSERT_EQ(c1[0], c0[0]);
    ASSERT_EQ(tlua_dist_replica(&d, ids[i]), tlua_dist_replica(&d, 77));
    if (i) ASSERT(ids[i] > ids[i - 1]);
  }
}

TU_TEST(encoding_validation_messages) {
  char err[TLUA_ENC_ERRLEN];
  tlua_Encoding e = sample_encoding();
  e.y[2] = RH(2, 1); /* H1[1] now used twice, H1[2] never */
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_STR_EQ(err, "encoding: component {2, 1} is used twice: by P1 and by Y2");
  e = sample_encoding();
  e.ny = 2; /* H1[2] unused */
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_CONTAINS(err, "component {2, 2} (H1 component 2, length 4) is used by no P or Y dim");
  e = sample_encoding();
  e.y[0] = RH(0, 0);
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_CONTAINS(err, "Y0 refers to R component {0, 0}; R components may be used only by P dims");
  e = sample_encoding();
  e.p[1][1] = RH(3, 0);
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_CONTAINS(err, "P1 component 1 refers to {3, 0}, but major must be 0 (R) to 2 (H1)");
  e = sample_encoding();
  e.y[1] = RH(1, 3);
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_CONTAINS(err, "Y1 refers to {1, 3}, but H0 has 3 components (minor 0 to 2)");
  e = sample_encoding();
  e.h[0][1] = 0;
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_CONTAINS(err, "H0 component 1 must be a length from 1 to 2^31 (got 0)");
  e = sample_encoding();
  e.p[0][1] = RH(1, 2);
  e.y[1] = RH(2, 1); /* keeps H counts but leaves R unused */
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_CONTAINS(err, "is used twice");
  e = sample_encoding();
  e.npc[0] = 1; /* R (length 2) unused */
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_CONTAINS(err, "R component 0 (length 2) is used by no P dim");
  e.r[0] = 1; /* an unused R of length 1 is CK's sequence<1>: fine */
  ASSERT_EQ(tlua_encoding_validate(&e, err), 0);
  e = sample_encoding();
  e.h[0][0] = 1LL << 20; e.h[1][0] = 1LL << 20;
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_CONTAINS(err, "exceed 2^31");
  e = sample_encoding();
  e.np = 0;
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_CONTAINS(err, "p must list 1 to 4 P dims (got 0)");
  e = sample_encoding();
  e.ndim = 0;
  ASSERT_EQ(tlua_encoding_validate(&e, err), -1);
  ASSERT_CONTAINS(err, "h must list 1 to 4 tensor dimensions");
}

TU_TEST(encoding_random_cover_once) {
  /* property: random encodings (random splits of random H components between P and Y, random
   * orders, random replication) always cover each element once per replica group, and owner
   * inverts coord */
  char err[TLUA_ENC_ERRLEN];
  for (int trial = 0; trial < 300; trial++) {
    tlua_Encoding e = {0};
    e.ndim = 1 + (int)rnd(3);
    tlua_RH comps[TLUA_ENC_MAX_DIMS * TLUA_ENC_MAX_H + TLUA_ENC_MAX_R];
    int nc = 0;
    for (int dd = 0; dd < e.ndim; dd++) {
      e.nh[dd] = 1 + (int)rnd(3);
      for (int k = 0; k < e.nh[dd]; k++) {
        e.h[dd][k] = 1 + rnd(4);
        comps[nc++] = RH(dd + 1, k);
      }
    }
    for (int i = nc - 1; i > 0; i--) { /* shuffle */
      int j = (int)rnd(i + 1);
      tlua_RH tmp = comps[i]; comps[i] = comps[j]; comps[j] = tmp;
    }
    e.np = 1 + (int)rnd(2);
    int to_p = (int)rnd(nc + 1);
    if (e.np == 1 && to_p > TLUA_ENC_MAX_PC - 1) to_p = TLUA_ENC_MAX_PC - 1;
    for (int i = 0; i < to_p; i++) {
      int pd = (int)rnd(e.np);
      if (e.npc[pd] >= TLUA_ENC_MAX_PC - 1) pd = 1 - pd; /* room for the R component */
      e.p[pd][e.npc[pd]++] = comps[i];
    }
    e.nr = (int)rnd(2);
    if (e.nr) {
      e.r[0] = 2 + rnd(2);
      int pd = (int)rnd(e.np);
      e.p[pd][e.npc[pd]++] = RH(0, 0);
    }
    for (int pd = 0; pd < e.np; pd++)
      if (e.npc[pd] == 0) { /* give an empty P dim a length-1 replication */
        if (e.nr < TLUA_ENC_MAX_R) { e.r[e.nr] = 1; e.p[pd][e.npc[pd]++] = RH(0, e.nr); e.nr++; }
      }
    for (int i = to_p; i < nc; i++) e.y[e.ny++] = comps[i];
    tlua_Distribution d;
    if (tlua_dist_init(&d, &e, err)) TU_FAIL_("trial %d: %s", trial, err);
    ASSERT_EQ(d.threads * d.elements, d.tile * d.replicas);
    ASSERT_EQ(tlua_dist_check(&d, err), 1);
    ASSERT_EQ(roundtrip_fails(&d), 0);
  }
}

TU_TEST(check_detects_bad_coverage) {
  /* check must be able to fail: corrupt a stride so two elements collide */
  char err[TLUA_ENC_ERRLEN];
  tlua_Distribution d;
  tlua_Pattern2D p = make_pattern(TLUA_PATTERN_WARP_RAKED, 64, 16, 16, 4, 32, 1);
  ASSERT_EQ(tlua_pattern2d_init(&d, &p, err), 0);
  ASSERT_EQ(tlua_dist_check(&d, err), 1);
  d.yterm[1].stride = 0; /* the lane in the vector no longer moves the column */
  ASSERT_EQ(tlua_dist_check(&d, err), 0);
  ASSERT_CONTAINS(err, "is covered twice in replica group 0");
  ASSERT_EQ(tlua_pattern2d_init(&d, &p, err), 0);
  d.yterm[1].stride = 100; /* lands outside the tile */
  ASSERT_EQ(tlua_dist_check(&d, err), 0);
  ASSERT_CONTAINS(err, "outside the tile");
}

TU_TEST(describe_text) {
  char err[TLUA_ENC_ERRLEN], buf[512];
  tlua_Distribution d;
  tlua_Pattern2D p = make_pattern(TLUA_PATTERN_BLOCK_RAKED, 256, 64, 64, 4, 64, 1);
  ASSERT_EQ(tlua_pattern2d_init(&d, &p, err), 0);
  tlua_dist_describe(&d, buf, sizeof buf);
  ASSERT_CONTAINS(buf, "Distribution{pattern=\"block_raked\", block=256, rows=64, cols=64, vec=4");
  ASSERT_CONTAINS(buf, "vector=4, x_threads=16, rows_per_warp=4, warps=4, iters=4, elements=16}");
  tlua_Encoding e = sample_encoding();
  ASSERT_EQ(tlua_dist_init(&d, &e, err), 0);
  tlua_dist_describe(&d, buf, sizeof buf);
  ASSERT_STR_EQ(buf, "Distribution{r={2}, h={{2,4,2},{2,8,4}}, p={{{1,0},{0,0}},{{1,1},{2,1}}}, "
                "y={{2,0},{1,2},{2,2}}, minors=0-based, lengths={16,64}, threads=128, elements=16}");
  char small[8];
  int need = tlua_dist_describe(&d, small, sizeof small);
  ASSERT_EQ(need, (int)strlen(buf));
  ASSERT_EQ((int)strlen(small), 7);
}

TU_MAIN(TU_ENTRY(pattern_resolve_seed_factors), TU_ENTRY(pattern_thread_raked_rows),
        TU_ENTRY(pattern_warp_raked_rows), TU_ENTRY(pattern_block_raked_rows),
        TU_ENTRY(pattern_encodings_match_ck), TU_ENTRY(pattern_errors_name_relations),
        TU_ENTRY(pattern_wave_groups_replicate), TU_ENTRY(pattern_random_configs_cover_once),
        TU_ENTRY(encoding_sizes_and_coords), TU_ENTRY(encoding_axis_peers),
        TU_ENTRY(encoding_validation_messages), TU_ENTRY(encoding_random_cover_once),
        TU_ENTRY(check_detects_bad_coverage), TU_ENTRY(describe_text))
