/* bank.h - LDS / shared-memory bank-conflict model of one warp-wide access (NVIDIA and AMD CDNA).
 *
 * Seed 003 ("Bank Conflict Analysis") counts, for one warp, how many threads land in each bank and
 * calls the maximum the conflict degree. This model makes that real: it counts distinct 32-bit
 * words per bank (several threads reading the same word are served by one broadcast), and it
 * splits wide accesses into the phases the hardware services separately (degree = max over
 * phases). Pure C, no Lua; no global state; every function is reentrant. */
#ifndef TLUA_BANK_H
#define TLUA_BANK_H

#include "tlua.h"

enum {
  TLUA_BANK_MAX_LANES = 1024,      /* offsets per access (a warp; at most a whole block) */
  TLUA_BANK_MAX_BANKS = 1024,
  TLUA_BANK_MAX_BYTES = 1024,      /* elem_bytes * vector of one thread's access */
  TLUA_BANK_WIDTHS = 5             /* phase table entries: accesses of 1, 2, 4, 8, 16 bytes */
};

typedef enum tlua_BankVendor { TLUA_BANK_NVIDIA = 0, TLUA_BANK_AMD = 1 } tlua_BankVendor;

/* The hardware parameters. tlua_bank_model fills them for a target; every field may then be
 * overridden by the caller before tlua_bank_conflicts. */
typedef struct tlua_BankModel {
  tlua_BankVendor vendor;
  char name[32];            /* "nvidia", "sm_90", "amd", "gfx90a": what the caller asked for */
  int warp;                 /* lanes of one access: 32 (NVIDIA), 64 (AMD CDNA wave64) */
  int banks;                /* 32 */
  int bank_bytes;           /* 4 */
  int max_access_bytes;     /* widest single instruction (16 = 128 bit); wider accesses are split */
  /* Lanes serviced together, per access width (1, 2, 4, 8, 16 bytes; other widths round up to
   * the next power of two). Lanes are grouped contiguously: lane t is in phase t / phase_lanes. */
  int phase_lanes[TLUA_BANK_WIDTHS];
} tlua_BankModel;

/* One warp-wide access: thread t reads/writes `vector` consecutive elements of `elem_bytes` bytes
 * starting at element offset offsets[t] (so byte address offsets[t] * elem_bytes). */
typedef struct tlua_BankAccess {
  const long long *offsets;
  int threads;
  int elem_bytes;
  int vector;
  int is_write;             /* reads and writes use the same phases on both vendors today */
  /* Optional explicit phases overriding the model's contiguous grouping: phase_of[t] is thread t's
   * phase (0 .. n_phases-1, every phase non-empty). NULL for the model's grouping. */
  const int *phase_of;
  int n_phases;
  /* Optional override of the lanes per phase for this access (0 = the model's table). */
  int phase_lanes;
} tlua_BankAccess;

typedef struct tlua_BankResult {
  int degree;               /* max over phases of the words-per-bank maximum; 1 = conflict-free */
  int cycles;               /* sum over phases of their degrees: wavefronts the access costs */
  int phases;               /* number of phases (over all instructions) */
  int instructions;         /* accesses wider than max_access_bytes issue several instructions */
  int phase_lanes;          /* lanes per phase used (0 when explicit phases were given) */
  int access_bytes;         /* bytes per thread per instruction */
} tlua_BankResult;

/* Fills *m for a target name: "nvidia", "cuda", "sm_<N>" / "compute_<N>" -> NVIDIA (warp 32);
 * "amd", "cdna", "gfx9<..>" -> AMD CDNA (wave64). NULL or "" picks by thread count: 64 -> AMD,
 * anything else NVIDIA. Returns 0, or -1 with err set for an unknown target (RDNA gfx10+ included:
 * its LDS is organised differently and is not modelled). */
TLUA_HIDDEN int tlua_bank_model(tlua_BankModel *m, const char *target, int threads, char err[256]);

/* Checks a model's parameters (positive, within the TLUA_BANK_MAX_* caps). 0 or -1 with err. */
TLUA_HIDDEN int tlua_bank_model_check(const tlua_BankModel *m, char err[256]);

/* Lanes per phase the model uses for an access of `bytes` bytes per thread (after splitting into
 * instructions of at most max_access_bytes). */
TLUA_HIDDEN int tlua_bank_phase_lanes(const tlua_BankModel *m, int bytes);

/* The conflict degree of one access. Optional outputs (NULL to skip): phase_degree[] receives
 * each phase's degree (capacity phase_cap; phases beyond it are still counted in *r), bank_of[]
 * the bank of each thread's first word (capacity a->threads). Errors (status -1, message in err):
 * threads out of 1..warp, negative offsets, sizes out of range, an address not aligned to its
 * access width (the hardware faults on those), byte addresses overflowing, bad explicit phases.
 * Allocates temporary memory; -1 with "out of memory" if that fails. */
TLUA_HIDDEN int tlua_bank_conflicts(const tlua_BankModel *m, const tlua_BankAccess *a,
                                    tlua_BankResult *r, int *phase_degree, int phase_cap,
                                    int *bank_of, char err[256]);

#endif
