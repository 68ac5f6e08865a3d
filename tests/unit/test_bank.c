/* test_bank.c - unit tests of the bank-conflict model (src/bank.c): degrees, broadcast, phases. */
#include <stdlib.h>
#include <string.h>

#include "bank.h"
#include "tu.h"

/* Runs one access; returns the degree (or -1 on error, message in err). */
static int run(const char *target, const long long *off, int threads, int elem_bytes, int vector,
               tlua_BankResult *r, char err[256]) {
  tlua_BankModel m;
  if (tlua_bank_model(&m, target, threads, err) != 0) return -1;
  tlua_BankAccess a = {off, threads, elem_bytes, vector, 0, NULL, 0, 0};
  tlua_BankResult tmp;
  if (!r) r = &tmp;
  if (tlua_bank_conflicts(&m, &a, r, NULL, 0, NULL, err) != 0) return -1;
  return r->degree;
}

static void fill(long long *off, int n, long long stride, long long base) {
  for (int t = 0; t < n; t++) off[t] = base + t * stride;
}

/* Seed 003's motivating case: a column of a row-major 32x32 f32 tile (stride 32 words). */
TU_TEST(column_read_32x32_f32_is_32_way) {
  long long off[32];
  char err[256];
  tlua_BankResult r;
  fill(off, 32, 32, 0);
  ASSERT_EQ(run("nvidia", off, 32, 4, 1, &r, err), 32);
  ASSERT_EQ(r.phases, 1);
  ASSERT_EQ(r.cycles, 32);
  fill(off, 32, 32, 5);                            /* any column */
  ASSERT_EQ(run("sm_90", off, 32, 4, 1, NULL, err), 32);
}

/* The same column through an XOR swizzle col' = col ^ row: every row lands in its own bank. */
TU_TEST(column_read_xor_swizzled_is_1_way) {
  long long off[32];
  char err[256];
  for (int c = 0; c < 32; c++) {
    for (int row = 0; row < 32; row++) off[row] = row * 32 + (c ^ row);
    ASSERT_EQ(run("nvidia", off, 32, 4, 1, NULL, err), 1);
  }
}

TU_TEST(row_read_and_strides) {
  long long off[32];
  char err[256];
  fill(off, 32, 1, 0);
  ASSERT_EQ(run(NULL, off, 32, 4, 1, NULL, err), 1);
  fill(off, 32, 2, 0);
  ASSERT_EQ(run(NULL, off, 32, 4, 1, NULL, err), 2);
  fill(off, 32, 4, 0);
  ASSERT_EQ(run(NULL, off, 32, 4, 1, NULL, err), 4);
  fill(off, 32, 3, 0);                              /* odd stride: conflict-free */
  ASSERT_EQ(run(NULL, off, 32, 4, 1, NULL, err), 1);
  fill(off, 32, 33, 0);                             /* padded column read */
  ASSERT_EQ(run(NULL, off, 32, 4, 1, NULL, err), 1);
}

TU_TEST(broadcast_same_word_is_free) {
  long long off[32];
  char err[256];
  for (int t = 0; t < 32; t++) off[t] = 7;          /* all threads, one word */
  ASSERT_EQ(run(NULL, off, 32, 4, 1, NULL, err), 1);
  for (int t = 0; t < 32; t++) off[t] = t / 2;      /* pairs share a word */
  ASSERT_EQ(run(NULL, off, 32, 4, 1, NULL, err), 1);
  for (int t = 0; t < 32; t++) off[t] = (t % 2) * 32;  /* two words, same bank: 2-way */
  ASSERT_EQ(run(NULL, off, 32, 4, 1, NULL, err), 2);
  /* f16: two threads read the two halves of one 32-bit word, which is a broadcast */
  fill(off, 32, 1, 0);
  ASSERT_EQ(run(NULL, off, 32, 2, 1, NULL, err), 1);
  /* f16 column of a 32x64 f16 tile: rows are 128 bytes apart, one bank: 32-way */
  fill(off, 32, 64, 0);
  ASSERT_EQ(run(NULL, off, 32, 2, 1, NULL, err), 32);
  /* a 64-bit access shares its words with a neighbour: still a broadcast */
  for (int t = 0; t < 32; t++) off[t] = (t / 2) * 2;
  ASSERT_EQ(run(NULL, off, 32, 4, 2, NULL, err), 1);
}

/* NVIDIA: 64-bit accesses are serviced per half-warp, 128-bit ones per quarter-warp. */
TU_TEST(nvidia_64_and_128_bit_phases) {
  long long off[32];
  char err[256];
  tlua_BankResult r;
  fill(off, 32, 1, 0);                              /* f64, consecutive: 2 phases, conflict-free */
  ASSERT_EQ(run("nvidia", off, 32, 8, 1, &r, err), 1);
  ASSERT_EQ(r.phases, 2);
  ASSERT_EQ(r.phase_lanes, 16);
  ASSERT_EQ(r.cycles, 2);
  fill(off, 32, 2, 0);                              /* float2, consecutive: 1-way */
  ASSERT_EQ(run("nvidia", off, 32, 4, 2, &r, err), 1);
  fill(off, 32, 4, 0);                              /* float2 at 16-byte stride */
  ASSERT_EQ(run("nvidia", off, 32, 4, 2, &r, err), 2);
  fill(off, 32, 4, 0);                              /* float4, consecutive: 4 phases, 1-way */
  ASSERT_EQ(run("nvidia", off, 32, 4, 4, &r, err), 1);
  ASSERT_EQ(r.phases, 4);
  ASSERT_EQ(r.phase_lanes, 8);
  ASSERT_EQ(r.access_bytes, 16);
  fill(off, 32, 8, 0);                              /* float4 at 32-byte stride: 2-way */
  ASSERT_EQ(run("nvidia", off, 32, 4, 4, &r, err), 2);
  fill(off, 32, 32, 0);                             /* float4 column of a 32-wide f32 tile */
  ASSERT_EQ(run("nvidia", off, 32, 4, 4, &r, err), 8);
  ASSERT_EQ(r.cycles, 32);
  fill(off, 32, 8, 0);                              /* 8 x f16 = 16 bytes, consecutive */
  ASSERT_EQ(run("nvidia", off, 32, 2, 8, &r, err), 1);
}

/* AMD CDNA: wave64; b32 per half-wave (32 lanes), b64 per 16 lanes, b128 per 8 lanes. */
TU_TEST(amd_cdna_phases) {
  long long off[64];
  char err[256];
  tlua_BankResult r;
  fill(off, 64, 1, 0);
  ASSERT_EQ(run("gfx90a", off, 64, 4, 1, &r, err), 1);
  ASSERT_EQ(r.phases, 2);
  ASSERT_EQ(r.phase_lanes, 32);
  fill(off, 64, 32, 0);                             /* column read: 32-way within a half-wave */
  ASSERT_EQ(run("amd", off, 64, 4, 1, &r, err), 32);
  ASSERT_EQ(r.cycles, 64);
  fill(off, 64, 2, 0);                              /* b64 consecutive: 4 phases, 1-way */
  ASSERT_EQ(run("gfx942", off, 64, 4, 2, &r, err), 1);
  ASSERT_EQ(r.phases, 4);
  ASSERT_EQ(r.phase_lanes, 16);
  fill(off, 64, 8, 0);                              /* ds_write_b128 of 8 f16, consecutive */
  ASSERT_EQ(run("gfx908", off, 64, 2, 8, &r, err), 1);
  ASSERT_EQ(r.phases, 8);
  ASSERT_EQ(r.phase_lanes, 8);
  fill(off, 64, 64, 0);                             /* b128 rows 128 bytes apart: 8-way */
  ASSERT_EQ(run("amd", off, 64, 2, 8, &r, err), 8);
}

TU_TEST(default_target_by_thread_count) {
  tlua_BankModel m;
  char err[256];
  ASSERT_EQ(tlua_bank_model(&m, NULL, 64, err), 0);
  ASSERT_EQ(m.vendor, TLUA_BANK_AMD);
  ASSERT_EQ(m.warp, 64);
  ASSERT_EQ(tlua_bank_model(&m, "", 32, err), 0);
  ASSERT_EQ(m.vendor, TLUA_BANK_NVIDIA);
  ASSERT_EQ(m.warp, 32);
  ASSERT_EQ(tlua_bank_model(&m, NULL, 16, err), 0);
  ASSERT_EQ(m.vendor, TLUA_BANK_NVIDIA);
  ASSERT_EQ(tlua_bank_model(&m, "SM_80", 64, err), 0);
  ASSERT_EQ(m.vendor, TLUA_BANK_NVIDIA);
  ASSERT_STR_EQ(m.name, "sm_80");
  ASSERT_EQ(tlua_bank_model(&m, "gfx90a", 8, err), 0);
  ASSERT_EQ(m.vendor, TLUA_BANK_AMD);
  ASSERT_EQ(tlua_bank_phase_lanes(&m, 4), 32);
  ASSERT_EQ(tlua_bank_phase_lanes(&m, 12), 8);      /* b96 rounds up to 16 bytes */
  ASSERT_EQ(tlua_bank_phase_lanes(&m, 2), 32);
}

TU_TEST(unknown_targets_are_errors) {
  tlua_BankModel m;
  char err[256];
  ASSERT_EQ(tlua_bank_model(&m, "gfx1100", 32, err), -1);
  ASSERT_CONTAINS(err, "RDNA");
  ASSERT_EQ(tlua_bank_model(&m, "tpu", 32, err), -1);
  ASSERT_CONTAINS(err, "unknown target 'tpu'");
  ASSERT_EQ(tlua_bank_model(&m, "sm_", 32, err), -1);
  ASSERT_EQ(tlua_bank_model(&m, "gfx9", 32, err), -1);
  ASSERT_EQ(tlua_bank_model(&m, "a-very-long-target-name-that-overflows", 32, err), -1);
}

TU_TEST(invalid_accesses_are_errors) {
  long long off[64];
  char err[256];
  fill(off, 64, 1, 0);
  ASSERT_EQ(run("nvidia", off, 64, 4, 1, NULL, err), -1);   /* more threads than a warp */
  ASSERT_CONTAINS(err, "64 offsets given, a nvidia warp has 1..32 threads");
  ASSERT_EQ(run("nvidia", off, 0, 4, 1, NULL, err), -1);
  off[3] = -1;
  ASSERT_EQ(run("nvidia", off, 32, 4, 1, NULL, err), -1);
  ASSERT_CONTAINS(err, "offsets[4] is negative (-1)");
  fill(off, 32, 4, 2);                              /* float4 at byte 8: misaligned */
  ASSERT_EQ(run("nvidia", off, 32, 4, 4, NULL, err), -1);
  ASSERT_CONTAINS(err, "thread 0's 16-byte access at byte 8 (offset 2) is not 16-byte aligned");
  fill(off, 32, 1, 0);
  ASSERT_EQ(run("nvidia", off, 32, 0, 1, NULL, err), -1);
  ASSERT_CONTAINS(err, "elem_bytes must be in 1..64 (got 0)");
  ASSERT_EQ(run("nvidia", off, 32, 4, 0, NULL, err), -1);
  ASSERT_EQ(run("nvidia", off, 32, 4, 1000, NULL, err), -1);
  off[0] = 0x7fffffffffffffffLL;
  ASSERT_EQ(run("nvidia", off, 32, 4, 1, NULL, err), -1);
  ASSERT_CONTAINS(err, "overflows");
}

TU_TEST(model_overrides) {
  long long off[32];
  char err[256];
  tlua_BankModel m;
  tlua_BankResult r;
  ASSERT_EQ(tlua_bank_model(&m, "nvidia", 32, err), 0);
  fill(off, 32, 1, 0);
  tlua_BankAccess a = {off, 32, 8, 1, 0, NULL, 0, 0};
  a.phase_lanes = 32;                               /* f64 serviced per full warp: 2-way */
  ASSERT_EQ(tlua_bank_conflicts(&m, &a, &r, NULL, 0, NULL, err), 0);
  ASSERT_EQ(r.degree, 2);
  a.phase_lanes = 0;
  m.bank_bytes = 8;                                 /* Kepler's 8-byte bank mode: 1-way */
  m.phase_lanes[3] = 32;
  ASSERT_EQ(tlua_bank_conflicts(&m, &a, &r, NULL, 0, NULL, err), 0);
  ASSERT_EQ(r.degree, 1);
  ASSERT_EQ(tlua_bank_model(&m, "nvidia", 32, err), 0);
  m.banks = 16;                                     /* stride 16 words now hits one bank */
  fill(off, 32, 16, 0);
  a.elem_bytes = 4;
  ASSERT_EQ(tlua_bank_conflicts(&m, &a, &r, NULL, 0, NULL, err), 0);
  ASSERT_EQ(r.degree, 32);
  m.banks = 0;
  ASSERT_EQ(tlua_bank_conflicts(&m, &a, &r, NULL, 0, NULL, err), -1);
  ASSERT_CONTAINS(err, "banks must be in 1..1024 (got 0)");
}

/* Accesses wider than 16 bytes issue several instructions: 8 x f32 = two 128-bit accesses. */
TU_TEST(wide_access_splits_into_instructions) {
  long long off[32];
  char err[256];
  tlua_BankResult r;
  int deg[64];
  fill(off, 32, 8, 0);
  tlua_BankModel m;
  ASSERT_EQ(tlua_bank_model(&m, "nvidia", 32, err), 0);
  tlua_BankAccess a = {off, 32, 4, 8, 0, NULL, 0, 0};
  ASSERT_EQ(tlua_bank_conflicts(&m, &a, &r, deg, 64, NULL, err), 0);
  ASSERT_EQ(r.instructions, 2);
  ASSERT_EQ(r.phases, 8);
  ASSERT_EQ(r.access_bytes, 16);
  /* each quarter-warp of 8 threads covers 8 x 32 bytes but uses half of each: 2-way */
  ASSERT_EQ(r.degree, 2);
  for (int p = 0; p < 8; p++) ASSERT_EQ(deg[p], 2);
}

/* Explicit lane groups (e.g. the non-contiguous ds_read_b128 groups reported for gfx942). */
TU_TEST(explicit_phase_groups) {
  static const int g942[8][8] = {
    {0, 1, 2, 3, 20, 21, 22, 23}, {4, 5, 6, 7, 16, 17, 18, 19},
    {8, 9, 10, 11, 28, 29, 30, 31}, {12, 13, 14, 15, 24, 25, 26, 27},
    {32, 33, 34, 35, 52, 53, 54, 55}, {36, 37, 38, 39, 48, 49, 50, 51},
    {40, 41, 42, 43, 60, 61, 62, 63}, {44, 45, 46, 47, 56, 57, 58, 59}};
  int phase_of[64];
  for (int p = 0; p < 8; p++)
    for (int i = 0; i < 8; i++) phase_of[g942[p][i]] = p;
  long long off[64];
  char err[256];
  tlua_BankModel m;
  tlua_BankResult r;
  int deg[8], banks[64];
  ASSERT_EQ(tlua_bank_model(&m, "gfx942", 64, err), 0);
  /* consecutive 16-byte rows: lanes 0-3 use banks 0-15, 20-23 use banks 16-31 (80..95 words) */
  fill(off, 64, 4, 0);
  tlua_BankAccess a = {off, 64, 4, 4, 0, phase_of, 8, 0};
  ASSERT_EQ(tlua_bank_conflicts(&m, &a, &r, deg, 8, banks, err), 0);
  ASSERT_EQ(r.phases, 8);
  ASSERT_EQ(r.phase_lanes, 0);
  ASSERT_EQ(r.degree, 1);
  ASSERT_EQ(banks[20], 16);
  /* every 8 contiguous lanes cover all 32 banks, but lanes 0-3 and 20-23 use the same half */
  for (int t = 0; t < 64; t++)
    off[t] = (long long)(((t / 4) % 2) ^ ((t / 16) % 2)) * 16 + (t % 4) * 4 + (t / 4) * 32;
  a.phase_of = NULL;
  a.n_phases = 0;
  ASSERT_EQ(tlua_bank_conflicts(&m, &a, &r, NULL, 0, NULL, err), 0);
  ASSERT_EQ(r.degree, 1);
  a.phase_of = phase_of;
  a.n_phases = 8;
  ASSERT_EQ(tlua_bank_conflicts(&m, &a, &r, NULL, 0, NULL, err), 0);
  ASSERT_EQ(r.degree, 2);
  phase_of[5] = 9;                                  /* out of range */
  ASSERT_EQ(tlua_bank_conflicts(&m, &a, &r, NULL, 0, NULL, err), -1);
  ASSERT_CONTAINS(err, "thread 5 is in no phase");
}

/* Reference model, written differently: for every pair of lanes of a phase, compare words. */
static int reference_degree(const long long *off, int n, int eb, int vec, int lanes) {
  int worst = 0, bytes = eb * vec;
  for (int p0 = 0; p0 < n; p0 += lanes) {
    long long words[1024];
    int k = 0;
    for (int t = p0; t < p0 + lanes && t < n; t++)
      for (long long w = off[t] * eb / 4; w <= (off[t] * eb + bytes - 1) / 4; w++) {
        int dup = 0;
        for (int i = 0; i < k; i++) dup |= words[i] == w;
        if (!dup) words[k++] = w;
      }
    for (int b = 0; b < 32; b++) {
      int c = 0;
      for (int i = 0; i < k; i++) c += words[i] % 32 == b;
      if (c > worst) worst = c;
    }
  }
  return worst;
}

TU_TEST(random_accesses_match_reference) {
  srand(12345);
  char err[256];
  static const int sizes[][2] = {{4, 1}, {2, 1}, {1, 1}, {4, 2}, {8, 1}, {4, 4}, {2, 8}, {2, 2}};
  for (int iter = 0; iter < 2000; iter++) {
    int threads = (iter & 1) ? 64 : 32;
    const char *target = (iter & 1) ? "amd" : "nvidia";
    int s = rand() % 8, eb = sizes[s][0], vec = sizes[s][1];
    long long off[64];
    int span = 1 + rand() % 512;
    for (int t = 0; t < threads; t++) off[t] = (long long)(rand() % span) * vec;
    int lanes = 128 / (eb * vec < 4 ? 4 : eb * vec);
    if (lanes > 32) lanes = 32;
    int got = run(target, off, threads, eb, vec, NULL, err);
    int want = reference_degree(off, threads, eb, vec, lanes);
    if (got != want) TU_FAIL_("iter %d: %s eb %d vec %d: got %d want %d", iter, target, eb, vec, got, want);
  }
}

TU_MAIN(TU_ENTRY(column_read_32x32_f32_is_32_way), TU_ENTRY(column_read_xor_swizzled_is_1_way),
        TU_ENTRY(row_read_and_strides), TU_ENTRY(broadcast_same_word_is_free),
        TU_ENTRY(nvidia_64_and_128_bit_phases), TU_ENTRY(amd_cdna_phases),
        TU_ENTRY(default_target_by_thread_count), TU_ENTRY(unknown_targets_are_errors),
        TU_ENTRY(invalid_accesses_are_errors), TU_ENTRY(model_overrides),
        TU_ENTRY(wide_access_splits_into_instructions), TU_ENTRY(explicit_phase_groups),
        TU_ENTRY(random_accesses_match_reference))
