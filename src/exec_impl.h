/* exec_impl.h - the CPU executor's internals shared by exec.c (blocks, values, control flow, memory)
 * and exec_tasks.c (mbarriers, TMA copies, warp roles, thread-block clusters). Never installed. */
#ifndef TLUA_EXEC_IMPL_H
#define TLUA_EXEC_IMPL_H

#include "exec.h"
#include "exec_async.h"
#include "exec_ops.h"
#include "exec_sched.h"

typedef struct Exec {
  const tlua_IR *ir;
  const tlua_ExecArg *args;
  int B;                      /* lanes = threads per block */
  tlua_Slot *vals;            /* value slot arrays, B slots each */
  int32_t *slot;              /* per instruction: its value's index in vals, or -1 */
  tlua_LaneMask *masks;       /* per region: the lanes active in it while it runs */
  const int32_t **ydst;       /* per region: the ids its YIELD writes (loop carries / if results) */
  uint8_t *ydirect;           /* per region: YIELD may write them in place (no read-after-write) */
  tlua_Slot *scratch;         /* staging for YIELDs that are not direct */
  uint8_t *lds[TLUA_IR_MAX_LDS];
  uint8_t *lds_mem;
  size_t lds_bytes;
  int64_t bid[3], grid[3];
  uint64_t lane_ops, max_lane_ops;
  int64_t *cgroup;            /* copy groups (ir.h ASYNC_COMMIT): per lane, committed; then per lane, waited */
  tlua_Async async;           /* mbarriers and TMA copies in flight (exec_async.h) */
  tlua_Sched *sched;          /* the run's tasks (exec_sched.h): roles, the blocks of a cluster */
  struct Cluster *cluster;    /* the blocks running with this one (NULL: no clusters) */
  int rank, finished;         /* rank in the cluster; the block has ended */
  uint8_t *roles_in;          /* per instruction: a region of it holds a ROLE group (a loop or an if
                                 whose lanes split into roles, tlua_exec_split) */
  int bar_arrived;            /* lanes at the block barrier, while split tasks reach it apart */
  int64_t bar_phase;
  int role_arrived[16];       /* per named barrier (1..15): lanes at a role's barrier, while the role's groups
                                 (k:roles' groups) run as tasks of their own and reach it apart */
  int64_t role_phase[16];
  char *err;
  size_t errsz;
} Exec;

/* The blocks of one thread-block cluster, run at once; a cluster barrier's arrivals and phase. */
typedef struct Cluster {
  int n;
  struct Exec *blocks[16];
  int arrived;
  int64_t phase;
} Cluster;

#define VAL(ex, id) ((ex)->vals + (size_t)(ex)->slot[id] * (size_t)(ex)->B)
#define OPS(ex, in) tlua_ir_ops((ex)->ir, (in))

/* "kernel K: <what> at line L (thread t, block (x, y, z))"; lane < 0 leaves the thread out, in ==
 * NULL the line. Returns -1. */
TLUA_HIDDEN int tlua_exec_error(Exec *ex, const tlua_Instr *in, int lane, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#define rt_error tlua_exec_error
/* Runs region r on the active lanes m. */
TLUA_HIDDEN int tlua_exec_region(Exec *ex, int r, const tlua_LaneMask *m);
#define run_region tlua_exec_region

/* The lanes active in region r while it runs: the calling task's own (a split task runs regions
 * that another task runs too, tlua_exec_split) or the block's. */
TLUA_HIDDEN tlua_LaneMask *tlua_exec_mask(Exec *ex, int r);
/* One instruction (id at position p of region r) on the lanes m. */
TLUA_HIDDEN int tlua_exec_instr(Exec *ex, int id, int r, int p, const tlua_LaneMask *m);

/* A tensor parameter or an LDS buffer, as the memory instructions see it. */
typedef struct Target { uint8_t *base; uint64_t extent; int dt, size, lds; int64_t index; } Target;
TLUA_HIDDEN Target tlua_exec_target(const Exec *ex, int lds, int64_t index);
#define target_of tlua_exec_target
/* Counts the active lanes of every warp of W lanes into active[]: a warp with some but not all of
 * its lanes active (divergent control flow, or a block that ends inside it) is an error naming the
 * instruction; `hint` ends the message. Returns 0 or -1. */
TLUA_HIDDEN int tlua_exec_whole_warps(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m, int W, const char *hint,
                                      int *active);
#define whole_warps tlua_exec_whole_warps

/* exec_mma.c: MMA (warp-wide) and WGMMA (per warpgroup), the instruction at position p of region r. */
TLUA_HIDDEN int tlua_exec_mma(Exec *ex, const tlua_Instr *in, int r, int p, const tlua_LaneMask *m);
TLUA_HIDDEN int tlua_exec_wgmma(Exec *ex, const tlua_Instr *in, int r, int p, const tlua_LaneMask *m);

/* exec_tasks.c: the ROLE instructions at positions p..q-1 of region r; the instructions. */
TLUA_HIDDEN int tlua_exec_roles(Exec *ex, int r, int p, int q, const tlua_LaneMask *m);
TLUA_HIDDEN int tlua_exec_mbar(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m);
TLUA_HIDDEN int tlua_exec_tma_load(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m);
TLUA_HIDDEN int tlua_exec_tma_store(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m);
TLUA_HIDDEN int tlua_exec_copy_groups(Exec *ex, int id, const tlua_Instr *in, const tlua_LaneMask *m);
TLUA_HIDDEN int tlua_exec_cluster_sync(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m);
/* A loop or an if (id, at position p of region r) whose body holds warp roles: on a GPU each role's
 * warps go through it on their own (a producer may run iterations ahead of its consumer), so its
 * lanes m run it as one task per role (and one for the lanes in no role), each with its own masks,
 * taking turns. 1 when m falls into one part only (the caller runs it), else 0 or -1. */
TLUA_HIDDEN int tlua_exec_split(Exec *ex, int id, int r, int p, const tlua_LaneMask *m);
/* BARRIER reached by m, part of the block's lanes, in a split task: waits for the rest. */
TLUA_HIDDEN int tlua_exec_split_barrier(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m);
/* ROLE_SYNC: the lanes of the role (or of a group barrier within it) meet; a role whose groups run apart
   (k:roles' groups) meets across their tasks */
TLUA_HIDDEN int tlua_exec_role_sync(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m);
/* NAMED_BAR: the lanes (whole warps, one barrier index) arrive at a role's named barrier; a sync waits for its phase */
TLUA_HIDDEN int tlua_exec_named_bar(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m);

#endif
