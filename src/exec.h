/* exec.h - the CPU executor: runs a verified tlua_IR on the host, one block at a time, each value
 * a vector over the block's threads with an active mask for divergent control flow. It is the
 * reference semantics the GPU backends are checked against. Pure C. */
#ifndef TLUA_EXEC_H
#define TLUA_EXEC_H

#include <stddef.h>
#include <stdint.h>
#include "ir.h"

/* One argument per IR parameter, in order. */
typedef struct tlua_ExecArg {
  /* tensors: host memory of the elements; element (i0..ir-1) is at
     data + (offset + sum(i_d * strides[d])) * dtype size. Offsets computed by the kernel are
     checked against [0, extent) before any access. */
  void *data;
  int64_t extent;                 /* elements addressable from data */
  int64_t shape[TLUA_IR_MAX_RANK];
  int64_t strides[TLUA_IR_MAX_RANK];
  /* scalars: the value (use f for float dtypes, i for integers and bool) */
  double f;
  int64_t i;
} tlua_ExecArg;

typedef struct tlua_ExecStats {
  uint64_t lane_ops;     /* instructions executed x active lanes */
  uint64_t blocks;
} tlua_ExecStats;

/* Limits the executor enforces (defaults when 0): LDS bytes per block (default 65536); lane
 * operations per run (default: none), so that a sandboxed launch cannot run for ever. */
typedef struct tlua_ExecLimits {
  int64_t lds_bytes;
  uint64_t max_lane_ops;
} tlua_ExecLimits;

/* Runs the kernel over grid[0] x grid[1] x grid[2] blocks (blocks in order x fastest, one after
 * another, deterministic). Returns 0, or -1 with a message in err naming the kernel, the
 * instruction's script line and the rule broken: an offset out of a tensor's extent or an LDS
 * buffer, integer division by zero, a barrier reached by only part of the block (divergent
 * control flow), LDS over the limit, a grid dimension < 1, the lane-operation budget spent, out of
 * memory. stats may be NULL. */
TLUA_HIDDEN int tlua_exec_run(const tlua_IR *ir, const tlua_ExecArg *args, const int64_t grid[3],
                              const tlua_ExecLimits *limits, tlua_ExecStats *stats,
                              char *err, size_t errsz);

#endif
