/* exec_async.h - the CPU executor's model of Hopper's asynchronous machinery (ir.h: MBAR_ARRIVE,
 * MBAR_WAIT, TMA_LOAD): mbarrier phases with arrival and transaction counts, TMA box copies in
 * flight, and the LDS elements they will write. Pure C; exec.c drives it per block.
 *
 * The model is adversarial on purpose: a TMA copy reads its box when issued but writes LDS only
 * when its barrier's phase is waited for (the latest moment the hardware may), and every access to
 * LDS elements a copy in flight will write is an error. So a consumer that forgets a wait, or waits
 * on the wrong barrier, fails on the CPU as it would (sometimes) on the GPU. */
#ifndef TLUA_EXEC_ASYNC_H
#define TLUA_EXEC_ASYNC_H

#include <stddef.h>
#include <stdint.h>

#include "ir.h"

typedef struct tlua_MbarState {
  int64_t phase;      /* phases completed so far; the current phase is number `phase` */
  int32_t pending;    /* arrivals still missing in the current phase */
  int64_t tx;         /* transaction bytes expected and not landed in the current phase */
} tlua_MbarState;

typedef struct tlua_TmaFlight {
  int array, index;   /* the barrier it completes on */
  int lds, esize;     /* destination buffer, element bytes */
  int64_t n;          /* elements */
  int64_t *dst;       /* element offset in the buffer of each element */
  uint8_t *bytes;     /* n * esize bytes read from the tensor when issued */
  int line;           /* script line of the TMA_LOAD, for errors */
} tlua_TmaFlight;

typedef struct tlua_TmaStore { int lds, issuer; int64_t n; int64_t *at; } tlua_TmaStore;

typedef struct tlua_Async {
  const tlua_IR *ir;
  tlua_MbarState *mbar[TLUA_IR_MAX_MBAR];
  tlua_TmaFlight *flights;
  int nflights, cap;
  uint8_t *busy[TLUA_IR_MAX_LDS];   /* per element: copies in flight that write it */
  uint8_t *reading[TLUA_IR_MAX_LDS];/* per element: TMA stores that still read it */
  int stores, store_line;           /* TMA stores not yet waited for; the line of the last */
  struct tlua_TmaStore *pending;    /* those stores, oldest first (their LDS elements) */
  int cap_pending;
  uint8_t *lds[TLUA_IR_MAX_LDS];    /* the block's LDS buffers (exec.c sets them) */
  uint64_t own_progress;
  uint64_t *progress;               /* arrivals and landings so far (deadlock detection; exec.c points
                                       it at the scheduler's counter) */
} tlua_Async;

/* Allocates the state of ir's mbarriers and LDS busy maps; 0 or -1 (out of memory). */
TLUA_HIDDEN int tlua_async_init(tlua_Async *a, const tlua_IR *ir);
TLUA_HIDDEN void tlua_async_free(tlua_Async *a);
/* A new block: fresh barriers (phase 0, all arrivals pending), nothing in flight. */
TLUA_HIDDEN void tlua_async_block(tlua_Async *a);
/* Whether any copy is in flight (the checks below cost nothing when none is). */
static inline int tlua_async_busy(const tlua_Async *a) { return a->nflights > 0; }

/* Each returns 0, or -1 with a message in err (without kernel name or line: exec.c adds them). */
/* Barrier `index` of array `array` exists. */
TLUA_HIDDEN int tlua_async_check_index(const tlua_Async *a, int array, int64_t index, char *err, size_t n);
/* One arrival, after adding tx bytes (>= 0) to the phase's expected transactions. */
TLUA_HIDDEN int tlua_async_arrive(tlua_Async *a, int array, int64_t index, int64_t tx, char *err, size_t n);
/* Whether the phase of parity `parity` has completed (*done); when it has not, first lands the
 * copies in flight on the barrier (which may complete it). A wait that passes at once while copies
 * of the current phase are in flight is an error (it waits for the phase before theirs: the wrong
 * parity). */
TLUA_HIDDEN int tlua_async_wait(tlua_Async *a, int array, int64_t index, int64_t parity, int *done, char *err, size_t n);
/* A TMA box copy (descriptor d) from tensor memory `base` (extent elements, shape, strides) with
 * the box's first element at coordinates c[0..rank-1], landing at element lds_offset of the
 * descriptor's buffer (lds of count elements); adds its bytes to the barrier's transactions. */
TLUA_HIDDEN int tlua_async_tma(tlua_Async *a, const tlua_TmaDesc *d, int array, int64_t index, const uint8_t *base,
                               int64_t extent, const int64_t *shape, const int64_t *strides, const int64_t *c,
                               int64_t lds_offset, int line, int expect, char *err, size_t n);
/* (expect = 0: the copy's barrier does not expect its bytes here: a multicast copy, whose issuer
 * expects them with tlua_async_expect.) The bytes of one box of d. */
TLUA_HIDDEN int64_t tlua_async_box_bytes(const tlua_Async *a, const tlua_TmaDesc *d);
/* Adds bytes to the current phase's expected transactions of a barrier (no arrival). */
TLUA_HIDDEN int tlua_async_expect(tlua_Async *a, int array, int64_t index, int64_t bytes, char *err, size_t n);
/* Elements [off, off + count) of LDS buffer `lds`: 0 when no copy in flight writes one, else -1
 * with "<verb> lds<b>[<i>] while a TMA copy into it is in flight (issued at line L; wait on
 * mbar<a>[<i>] first)". */
TLUA_HIDDEN int tlua_async_lds_access(const tlua_Async *a, int lds, uint64_t off, uint64_t count, const char *verb,
                                      char *err, size_t n);
/* A TMA store (descriptor d) of the box at element lds_offset of its buffer to the tensor (base,
 * extent elements, shape, strides) at coordinates c, issued by thread `issuer`: the tensor is written
 * now (add: the box added into it, f32/i32/u32), the LDS elements stay read (writes to them are
 * errors) until that thread's tlua_async_store_wait. */
TLUA_HIDDEN int tlua_async_tma_store(tlua_Async *a, const tlua_TmaDesc *d, uint8_t *base, int64_t extent,
                                     const int64_t *shape, const int64_t *strides, const int64_t *c, int64_t lds_offset,
                                     int add, int issuer, int line, char *err, size_t n);
/* The stores thread `issuer` issued so far have read their LDS, but for its `keep` newest (bulk groups
 * in flight: each thread's own). */
TLUA_HIDDEN void tlua_async_store_wait(tlua_Async *a, int keep, int issuer);
/* Elements [off, off + count) of buffer lds about to be written: -1 with a message when a TMA
 * store still reads one. */
TLUA_HIDDEN int tlua_async_lds_write(const tlua_Async *a, int lds, uint64_t off, uint64_t count, const char *verb,
                                     char *err, size_t n);
/* End of a block: an error when copies are still in flight (nobody waited for them). */
TLUA_HIDDEN int tlua_async_block_end(const tlua_Async *a, char *err, size_t n);
/* The byte offset (from a box's start) TMA writes box byte o to under swizzle s (0/32/64/128). */
static inline int64_t tlua_tma_swizzle(int64_t o, int s) {
  const int64_t m = s == 128 ? 7 : s == 64 ? 3 : s == 32 ? 1 : 0;
  return o ^ (((o >> 7) & m) << 4);
}

#endif
