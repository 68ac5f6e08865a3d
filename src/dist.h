/* dist.h - collectives between devices: names, the reference implementation (what every rank gets,
 * computed on the host) and the simulated multi-process exchange through a shared directory. Pure C.
 *
 * Semantics are NCCL's (and RCCL's). `count` is the element count the call names:
 *   all_reduce      every rank: out[i] = op over ranks of in_r[i]         in, out: count elements
 *   broadcast       every rank: out = in_root                             in, out: count
 *   all_gather      every rank: out = in_0 .. in_{world-1} concatenated   in: count, out: world*count
 *   reduce_scatter  rank r: out[i] = op over ranks of in_k[r*count + i]   in: world*count, out: count
 * Reductions run in rank order 0, 1, ..., world-1 in the tensor's dtype, rounding (floats) or
 * wrapping (integers) after every step; avg is the sum divided by world (integer division for integer
 * dtypes, as NCCL's avg does). Supported dtypes are NCCL's: f16, bf16, f32, f64, i8, u8, i32, u32,
 * i64, u64.
 *
 * Thread safety: the functions share no state; a simulated exchange belongs to one thread. */
#ifndef TLUA_DIST_H
#define TLUA_DIST_H

#include <stddef.h>
#include <stdint.h>

#include "dtype.h"
#include "tlua.h"

typedef enum { TLUA_RED_SUM, TLUA_RED_PROD, TLUA_RED_MAX, TLUA_RED_MIN, TLUA_RED_AVG, TLUA_NREDOPS } tlua_RedOp;
typedef enum {
  TLUA_COLL_ALL_REDUCE, TLUA_COLL_BROADCAST, TLUA_COLL_ALL_GATHER, TLUA_COLL_REDUCE_SCATTER, TLUA_COLL_SEND,
  TLUA_COLL_RECV, TLUA_NCOLLS
} tlua_Coll;

#define TLUA_DIST_DTYPES "f16, bf16, f32, f64, i8, u8, i32, u32, i64, u64"
#define TLUA_DIST_OPS "sum, prod, max, min, avg"

/* "sum" -> TLUA_RED_SUM ...; -1 for an unknown name. */
TLUA_HIDDEN int tlua_redop_from_name(const char *name);
TLUA_HIDDEN const char *tlua_redop_name(int op);
TLUA_HIDDEN const char *tlua_coll_name(int coll);
/* Non-zero when NCCL has the dtype. */
TLUA_HIDDEN int tlua_dist_dtype_ok(tlua_DType dt);

/* out[i] = op over r of in[r][first + i] for i < count (see above); out may alias in[0] when first is 0. */
TLUA_HIDDEN void tlua_dist_reduce(tlua_DType dt, int op, int world, const void *const *in, size_t first, size_t count,
                                  void *out);
/* The result of collective `coll` on rank `rank` given every rank's input bytes (in[r]), into out
 * (which must not alias any in[r]); count as in the table above. */
TLUA_HIDDEN void tlua_dist_reference(int coll, tlua_DType dt, int op, int root, int world, const void *const *in,
                                     size_t count, int rank, void *out);

/* --- the simulated multi-process exchange --------------------------------------------------------
 * Processes that share a directory (rank and world from the caller) exchange the inputs of each
 * collective through files: call `seq` of rank r writes <dir>/c<seq>.r<r> (a header and its bytes, to
 * a temporary name then renamed), then waits for the files of every other rank and reads them. Each
 * rank computes its result with tlua_dist_reference, so all get what NCCL would give. A rank removes
 * its file of call seq-1 once it has read every file of call seq (every reader is done with it then).
 * Point-to-point: send writes <dir>/p<from>-<to>.<n> (n counts the messages of that pair), recv waits
 * for it, reads and removes it. A send completes when its message was received (NCCL's send waits
 * for the matching recv too: its stream goes no further), so a program whose ranks all send before
 * they receive fails here as it would hang on GPUs; a send and a recv issued together (sendrecv,
 * NCCL's group) write first and wait for delivery after the recv. A wait longer than `timeout` seconds is an error naming the missing
 * rank; a header that disagrees with this rank's (collective, dtype, count, op, root, world) is an
 * error naming both ranks and the rule. */
typedef struct tlua_DistHeader {
  char magic[8]; /* "TLDIST1" */
  int32_t coll, dtype, op, root, world, rank;
  uint64_t count, seq;
} tlua_DistHeader;

/* in: this rank's nbytes; *all gets world malloc'd buffers (all[rank] a copy of in), freed by
 * tlua_dist_free_all. */
TLUA_HIDDEN int tlua_dist_sim_exchange(const char *dir, const tlua_DistHeader *mine, const void *in, size_t nbytes,
                                       double timeout, void ***all, char *err, size_t n);
TLUA_HIDDEN void tlua_dist_free_all(void **all, int world);
TLUA_HIDDEN int tlua_dist_sim_send(const char *dir, const tlua_DistHeader *mine, int peer, uint64_t msg,
                                   const void *in, size_t nbytes, char *err, size_t n);
/* Waits until message `msg` from `rank` to `peer` has been received (its file removed); past timeout
 * seconds an error that names the deadlock of ranks that all send first. */
TLUA_HIDDEN int tlua_dist_sim_delivered(const char *dir, int rank, int peer, uint64_t msg, double timeout, char *err,
                                        size_t n);
/* Waits for message `msg` from `peer` and reads its nbytes into out after checking its header. */
TLUA_HIDDEN int tlua_dist_sim_recv(const char *dir, const tlua_DistHeader *mine, int peer, uint64_t msg, void *out,
                                   size_t nbytes, double timeout, char *err, size_t n);

#endif
