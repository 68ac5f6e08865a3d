/* bank.c - the bank-conflict model of one warp-wide LDS / shared-memory access (seed 003). */
#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bank.h"

/* Phase tables, lanes serviced together per access width of 1, 2, 4, 8, 16 bytes.
 *
 * NVIDIA (all current architectures): 32 banks of 4 bytes, successive 32-bit words in successive
 * banks (CUDA C++ Best Practices Guide, "Shared Memory"). A 32-bit (or narrower) access of a warp
 * is one request; 64-bit accesses are serviced per half-warp and 128-bit ones per quarter-warp,
 * i.e. in the phases of 128 bytes each that the bank array delivers per cycle: "LDS.128 requires
 * 4 requests per instruction" (NVIDIA developer forums, "Unexpected shared memory bank conflict",
 * 77228). Only lanes within one phase can conflict.
 *
 * AMD CDNA (gfx9: gfx908, gfx90a, gfx94x; wave64): 32 banks of 4 bytes (AMD ROCm blog "Avoiding
 * LDS Bank Conflicts on AMD GPUs Using CK-Tile Framework", and the CK Tile docs "Understanding AMD
 * GPU LDS and Bank Conflicts", rocm.docs.amd.com/projects/composable_kernel/.../lds_bank_conflicts).
 * The CK Tile docs: "HW divides access to LDS from wavefront into phases ... ds_write_b128 ... will
 * be divided into 8 phases for 64 lane wavefront": lanes 0-7, 8-15, ..., 56-63. For 32-bit
 * accesses the AMD OpenCL optimization guide (sec. "Local Memory (LDS) Optimization") checks each
 * half-wavefront (lanes 0-31, 32-63) for conflicts, and says a sequential float2 (64-bit) pattern
 * is conflict-free, i.e. b64 is serviced per 16 lanes. So both vendors service 128 bytes per
 * phase: lanes = 128 / max(4, width), at most 32.
 *
 * Caveat: a (third-party, unverified) note on gfx942 describes ds_read_b128 phases as non-contiguous
 * lane groups (0-3 + 20-23, 4-7 + 16-19, ...). tlua_BankAccess.phase_of lets a caller model such
 * groupings, and phase_lanes overrides the table, without changing the defaults above. */
static const int nvidia_phase_lanes[TLUA_BANK_WIDTHS] = {32, 32, 32, 16, 8};
static const int amd_cdna_phase_lanes[TLUA_BANK_WIDTHS] = {32, 32, 32, 16, 8};

static int starts_with(const char *s, const char *prefix) {
  return strncmp(s, prefix, strlen(prefix)) == 0;
}

int tlua_bank_model(tlua_BankModel *m, const char *target, int threads, char err[256]) {
  char t[32] = {0};
  if (target && strlen(target) >= sizeof t) {
    snprintf(err, 256, "bank model: unknown target '%.40s...' (known: nvidia, sm_<N>, amd, gfx9<xx>)",
             target);
    return -1;
  }
  for (int i = 0; target && target[i]; i++) t[i] = (char)tolower((unsigned char)target[i]);
  tlua_BankVendor v;
  if (t[0] == '\0') {
    v = threads == 64 ? TLUA_BANK_AMD : TLUA_BANK_NVIDIA;
  } else if (strcmp(t, "nvidia") == 0 || strcmp(t, "cuda") == 0 ||
             ((starts_with(t, "sm_") || starts_with(t, "compute_")) && isdigit((unsigned char)t[t[0] == 's' ? 3 : 8]))) {
    v = TLUA_BANK_NVIDIA;
  } else if (strcmp(t, "amd") == 0 || strcmp(t, "cdna") == 0 ||
             (starts_with(t, "gfx9") && isalnum((unsigned char)t[4]))) {
    v = TLUA_BANK_AMD;
  } else if (starts_with(t, "gfx1")) {
    snprintf(err, 256, "bank model: target '%s' is RDNA (wave32, different LDS): not modelled "
             "(known: nvidia, sm_<N>, amd, gfx9<xx>; or give banks/phase explicitly with a known target)",
             target);
    return -1;
  } else {
    snprintf(err, 256, "bank model: unknown target '%s' (known: nvidia, sm_<N>, amd, gfx9<xx>)", target);
    return -1;
  }
  memset(m, 0, sizeof *m);
  m->vendor = v;
  snprintf(m->name, sizeof m->name, "%s", t[0] ? t : (v == TLUA_BANK_AMD ? "amd" : "nvidia"));
  m->warp = v == TLUA_BANK_AMD ? 64 : 32;
  m->banks = 32;
  m->bank_bytes = 4;
  m->max_access_bytes = 16;
  memcpy(m->phase_lanes, v == TLUA_BANK_AMD ? amd_cdna_phase_lanes : nvidia_phase_lanes,
         sizeof m->phase_lanes);
  return 0;
}

int tlua_bank_model_check(const tlua_BankModel *m, char err[256]) {
  struct { const char *name; int v, max; } f[] = {
    {"warp", m->warp, TLUA_BANK_MAX_LANES},
    {"banks", m->banks, TLUA_BANK_MAX_BANKS},
    {"bank_bytes", m->bank_bytes, 64},
    {"max_access_bytes", m->max_access_bytes, TLUA_BANK_MAX_BYTES},
  };
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++) {
    if (f[i].v < 1 || f[i].v > f[i].max) {
      snprintf(err, 256, "bank model: %s must be in 1..%d (got %d)", f[i].name, f[i].max, f[i].v);
      return -1;
    }
  }
  for (int i = 0; i < TLUA_BANK_WIDTHS; i++) {
    if (m->phase_lanes[i] < 1 || m->phase_lanes[i] > TLUA_BANK_MAX_LANES) {
      snprintf(err, 256, "bank model: phase lanes for %d-byte accesses must be in 1..%d (got %d)",
               1 << i, TLUA_BANK_MAX_LANES, m->phase_lanes[i]);
      return -1;
    }
  }
  return 0;
}

int tlua_bank_phase_lanes(const tlua_BankModel *m, int bytes) {
  int i = 0;
  while (i < TLUA_BANK_WIDTHS - 1 && (1 << i) < bytes) i++;
  return m->phase_lanes[i];
}

static int cmp_ll(const void *a, const void *b) {
  long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

/* Largest power of two dividing n, at most 16: the alignment a vector access of n bytes needs. */
static int access_alignment(int n) {
  int a = 1;
  while (a < 16 && n % (a * 2) == 0) a *= 2;
  return a;
}

/* Degree of one phase: words[0..n) are the 32-bit (bank_bytes) words its lanes touch. Duplicate
 * words are one broadcast; distinct words in one bank are serialised. counts has m->banks zeros
 * on entry and on return. */
static int phase_degree(const tlua_BankModel *m, long long *words, int n, int *counts) {
  if (n == 0) return 0;
  qsort(words, (size_t)n, sizeof *words, cmp_ll);
  int degree = 0;
  for (int i = 0; i < n; i++) {
    if (i > 0 && words[i] == words[i - 1]) continue;
    int b = (int)(words[i] % m->banks);
    if (++counts[b] > degree) degree = counts[b];
  }
  for (int i = 0; i < n; i++) counts[words[i] % m->banks] = 0;
  return degree;
}

int tlua_bank_conflicts(const tlua_BankModel *m, const tlua_BankAccess *a, tlua_BankResult *r,
                        int *phase_deg, int phase_cap, int *bank_of, char err[256]) {
  if (tlua_bank_model_check(m, err) != 0) return -1;
  if (a->threads < 1 || a->threads > m->warp) {
    snprintf(err, 256, "bank_conflicts: %d offsets given, a %s warp has 1..%d threads",
             a->threads, m->name, m->warp);
    return -1;
  }
  if (a->elem_bytes < 1 || a->elem_bytes > 64) {
    snprintf(err, 256, "bank_conflicts: elem_bytes must be in 1..64 (got %d)", a->elem_bytes);
    return -1;
  }
  if (a->vector < 1 || (long long)a->vector * a->elem_bytes > TLUA_BANK_MAX_BYTES) {
    snprintf(err, 256, "bank_conflicts: vector must be >= 1 with vector*elem_bytes <= %d (got %d*%d)",
             TLUA_BANK_MAX_BYTES, a->vector, a->elem_bytes);
    return -1;
  }
  if (a->phase_lanes < 0 || a->phase_lanes > TLUA_BANK_MAX_LANES) {
    snprintf(err, 256, "bank_conflicts: phase must be in 1..%d (got %d)", TLUA_BANK_MAX_LANES,
             a->phase_lanes);
    return -1;
  }
  int n_groups = 0;
  if (a->phase_of) {
    if (a->n_phases < 1 || a->n_phases > a->threads) {
      snprintf(err, 256, "bank_conflicts: %d explicit phases for %d threads", a->n_phases, a->threads);
      return -1;
    }
    n_groups = a->n_phases;
    int seen[TLUA_BANK_MAX_LANES] = {0};
    for (int t = 0; t < a->threads; t++) {
      if (a->phase_of[t] < 0 || a->phase_of[t] >= n_groups) {
        snprintf(err, 256, "bank_conflicts: thread %d is in no phase", t);
        return -1;
      }
      seen[a->phase_of[t]] = 1;
    }
    for (int p = 0; p < n_groups; p++) {
      if (!seen[p]) {
        snprintf(err, 256, "bank_conflicts: phase %d has no thread", p + 1);
        return -1;
      }
    }
  }

  int access = a->elem_bytes * a->vector;
  int chunk = access < m->max_access_bytes ? access : m->max_access_bytes;
  int n_instr = (access + chunk - 1) / chunk;
  int align = access_alignment(chunk);
  for (int t = 0; t < a->threads; t++) {
    long long off = a->offsets[t];
    if (off < 0) {
      snprintf(err, 256, "bank_conflicts: offsets[%d] is negative (%lld)", t + 1, off);
      return -1;
    }
    if (off > (LLONG_MAX - TLUA_BANK_MAX_BYTES) / a->elem_bytes) {
      snprintf(err, 256, "bank_conflicts: offsets[%d] (%lld) overflows a byte address", t + 1, off);
      return -1;
    }
    long long addr = off * a->elem_bytes;
    if (addr % align != 0) {
      snprintf(err, 256, "bank_conflicts: thread %d's %d-byte access at byte %lld (offset %lld) is "
               "not %d-byte aligned", t, chunk, addr, off, align);
      return -1;
    }
  }

  /* Each lane touches at most chunk/bank_bytes + 1 words per instruction (+1 for an access that
   * straddles a word boundary). */
  int words_per_lane = chunk / m->bank_bytes + 2;
  long long *words = malloc(sizeof *words * (size_t)a->threads * (size_t)words_per_lane);
  int *counts = calloc((size_t)m->banks, sizeof *counts);
  if (!words || !counts) {
    free(words);
    free(counts);
    snprintf(err, 256, "bank_conflicts: out of memory");
    return -1;
  }

  memset(r, 0, sizeof *r);
  r->instructions = n_instr;
  r->access_bytes = chunk;
  int total_phases = 0;
  for (int k = 0; k < n_instr; k++) {
    int lo = k * chunk, bytes = access - lo < chunk ? access - lo : chunk;
    int lanes = a->phase_lanes ? a->phase_lanes : tlua_bank_phase_lanes(m, bytes);
    int groups = a->phase_of ? n_groups : (a->threads + lanes - 1) / lanes;
    if (!a->phase_of) r->phase_lanes = lanes;
    for (int p = 0; p < groups; p++) {
      int n = 0;
      for (int t = 0; t < a->threads; t++) {
        if (a->phase_of ? a->phase_of[t] != p : t / lanes != p) continue;
        long long first = a->offsets[t] * a->elem_bytes + lo;
        long long w0 = first / m->bank_bytes, w1 = (first + bytes - 1) / m->bank_bytes;
        for (long long w = w0; w <= w1; w++) words[n++] = w;
      }
      int d = phase_degree(m, words, n, counts);
      if (phase_deg && total_phases < phase_cap) phase_deg[total_phases] = d;
      total_phases++;
      r->cycles += d;
      if (d > r->degree) r->degree = d;
    }
  }
  r->phases = total_phases;
  if (bank_of)
    for (int t = 0; t < a->threads; t++)
      bank_of[t] = (int)((a->offsets[t] * a->elem_bytes / m->bank_bytes) % m->banks);
  free(words);
  free(counts);
  return 0;
}
