/* exec_tasks.c - the CPU executor's asynchronous instructions (exec_impl.h): mbarrier arrivals and
 * waits, TMA loads (multicast into a cluster's blocks) and stores, warp roles and cluster barriers.
 * What may run at once on a GPU (roles, a cluster's blocks) runs here as tasks taking turns
 * (exec_sched.h); a wait that cannot be met hands the turn on. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec_impl.h"

/* The masks of the calling task when it runs regions that another task runs too (a split task and
 * the roles it starts), else NULL: the block's (Exec.masks). */
static _Thread_local tlua_LaneMask *task_masks;
/* The calling thread runs a split task of that many lanes (a barrier it reaches with all of them
 * waits for the other parts), else 0. */
static _Thread_local int in_split;
/* The calling thread runs one group of a role whose groups progress apart (k:roles' groups): its lanes, else 0. */
static _Thread_local int in_group;

tlua_LaneMask *tlua_exec_mask(Exec *ex, int r) { return task_masks ? &task_masks[r] : &ex->masks[r]; }

/* The roles of one group of consecutive ROLE instructions run as tasks of the scheduler
 * (exec_sched.h): each on its own thread, taking turns with every other task of the run (the
 * block's other roles, the other blocks of its cluster). */
typedef struct RoleArg { Exec *ex; int body, group; tlua_LaneMask mask; tlua_LaneMask *masks; } RoleArg;

static int role_task(void *arg) {
  RoleArg *a = arg;
  task_masks = a->masks;
  in_group = a->group;
  return run_region(a->ex, a->body, &a->mask);
}

/* masks for a task of its own, one per region (a group of a role running apart), or NULL when out of memory */
static tlua_LaneMask *own_masks(const Exec *ex) {
  tlua_LaneMask *ms = calloc((size_t)ex->ir->nregions, sizeof *ms);
  for (int32_t q = 0; ms && q < ex->ir->nregions; q++)
    if (!(ms[q].idx = malloc((size_t)ex->B * sizeof(int32_t)))) {
      for (int32_t k = 0; k < q; k++) free(ms[k].idx);
      free(ms);
      ms = NULL;
    }
  return ms;
}
static void free_masks(const Exec *ex, tlua_LaneMask *ms) {
  if (!ms) return;
  for (int32_t q = 0; q < ex->ir->nregions; q++) free(ms[q].idx);
  free(ms);
}

/* The group of ROLE instructions at positions p..q-1 of region r, on the active lanes m. */
/* (A role with groups, ROLE's vec warps each, runs a task per group, each with masks of its own: its warps go on
   while another group's wait for a barrier phase, as on a GPU; its lanes still run together.) */
#define MAX_ROLE_TASKS 16 /* (tlua_sched_spawn's children at most) */
static int wait_turn(Exec *ex, const tlua_Instr *in, int lane, const char *what, const char *alone);
int tlua_exec_roles(Exec *ex, int r, int p, int q, const tlua_LaneMask *m) {
  const tlua_IR *ir = ex->ir;
  RoleArg args[MAX_ROLE_TASKS];
  void *argp[MAX_ROLE_TASKS];
  int n = 0, rc = 0;
  for (int j = p; j < q && !rc; j++) {
    const tlua_Instr *in = &ir->instrs[ir->regions[r].instrs[j]];
    if (in->region[0] < 0) continue;
    const int64_t g = in->vec > 0 ? (int64_t)in->vec * ir->warp : in->imm2; /* lanes a task */
    for (int64_t lo = in->imm; lo < in->imm + in->imm2; lo += g) {
      if (n == MAX_ROLE_TASKS) {
        rc = rt_error(ex, in, -1, "more than %d roles and role groups run at once", MAX_ROLE_TASKS);
        break;
      }
      RoleArg *a = &args[n];
      a->ex = ex, a->body = in->region[0], a->group = in->vec > 0 ? (int)g : 0;
      a->masks = in->vec > 0 ? own_masks(ex) : task_masks;
      if (in->vec > 0 && !a->masks) {
        rc = rt_error(ex, in, -1, "out of memory running a role's groups apart");
        break;
      }
      a->mask.idx = in->vec > 0 ? a->masks[in->region[0]].idx : tlua_exec_mask(ex, in->region[0])->idx;
      a->mask.n = 0;
      TLUA_LANES(m, ex->B, if (i >= lo && i < lo + g) a->mask.idx[a->mask.n++] = i);
      if (a->mask.n == 0) {
        if (in->vec > 0) free_masks(ex, a->masks);
        continue;
      }
      if (in->vec > 0) a->masks[in->region[0]].n = a->mask.n;
      else tlua_exec_mask(ex, in->region[0])->n = a->mask.n;
      argp[n] = a;
      n++;
    }
  }
  if (!rc) rc = tlua_sched_spawn(ex->sched, n, role_task, argp);
  for (int j = 0; j < n; j++)
    if (args[j].group) free_masks(ex, args[j].masks);
  return rc;
}

/* n lanes arrive at named barrier b, which completes a phase every `threads` arrivals (more lanes than that at once
   complete several, as on a GPU); returns the phase the last lane's arrival falls in, which a sync waits past */
static int64_t arrive_named(Exec *ex, int b, int n, int threads) {
  const int64_t target = ex->role_phase[b] + (ex->role_arrived[b] + (int64_t)n - 1) / threads + 1;
  ex->role_arrived[b] += n;
  if (ex->role_arrived[b] >= threads) {
    ex->role_phase[b] += ex->role_arrived[b] / threads;
    ex->role_arrived[b] %= threads;
    tlua_sched_progress(ex->sched);
  }
  return target;
}

int tlua_exec_role_sync(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m) {
  const int threads = in->fimm > 0 ? (int)in->fimm : (int)in->imm2; /* the lanes that meet */
  if (!in_group || threads <= in_group) {
    /* the lanes of one task: all of them (a group barrier of fewer lanes: each of its groups reaches it together) */
    const int want = in_group ? in_group : (int)in->imm2;
    if (m->n != want)
      return rt_error(ex, in, -1, "role:sync() reached by %d of the role's %d threads (divergent control flow)", (int)m->n, want);
    return 0;
  }
  if (in->fimm > 0)
    return rt_error(ex, in, -1, "role:sync{warps = %d}: a group barrier across the role's groups of %d threads, which run "
                    "apart (k:roles' groups): meet the whole role or one group", threads / (int)ex->ir->warp, in_group);
  if (m->n != in_group)
    return rt_error(ex, in, -1, "role:sync() reached by %d of a group's %d threads (divergent control flow)", (int)m->n, in_group);
  const int b = (int)in->imm;
  const int64_t target = arrive_named(ex, b, (int)m->n, threads);
  while (ex->role_phase[b] < target) {
    char what[300];
    snprintf(what, sizeof what, "threads %d..%d wait at their role's barrier at line %d (%d of %d threads arrived)",
             (int)m->idx[0], (int)m->idx[m->n - 1], (int)in->line, ex->role_arrived[b], threads);
    if (wait_turn(ex, in, -1, what, what)) return -1;
  }
  return 0;
}

int tlua_exec_named_bar(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m) {
  const int W = (int)ex->ir->warp, threads = (int)in->imm2, arrive = in->fimm > 0;
  const char *what = arrive ? "arrive" : "sync";
  if (m->n == 0) return 0;
  /* a GPU counts a warp's arrival as its whole width: the lanes must be whole warps */
  for (int32_t j = 0; j < m->n; j += W)
    if (m->n % W != 0 || m->idx[j] % W != 0 || m->idx[j + W - 1] != m->idx[j] + W - 1)
      return rt_error(ex, in, m->idx[j], "named barriers:%s reached by part of a warp (threads %d..%d active): a named "
                      "barrier counts whole warps, so every lane of a warp arrives together", what, (int)m->idx[0],
                      (int)m->idx[m->n - 1]);
  const tlua_Slot *idx = VAL(ex, OPS(ex, in)[0]);
  const int64_t i = idx[m->idx[0]].i;
  for (int32_t j = 1; j < m->n; j++)
    if (idx[m->idx[j]].i != i)
      return rt_error(ex, in, m->idx[j], "named barriers:%s(i): i = %" PRId64 " here but %" PRId64 " at thread %d, which runs "
                      "with it: the executor runs a role's threads together, so threads that arrive at different barriers "
                      "must be in different groups (k:roles' groups)", what, idx[m->idx[j]].i, i, (int)m->idx[0]);
  if (i < 0 || i >= in->vec)
    return rt_error(ex, in, m->idx[0], "named barriers:%s(i): i = %" PRId64 " is outside 0..%d", what, i, (int)in->vec - 1);
  const int b = (int)(in->imm + i);
  /* (the lanes whose arrival completes an earlier phase: on a GPU their warps would go on; here they wait with the rest) */
  const int split = (int)(((int64_t)threads - ex->role_arrived[b]) % threads);
  const int64_t target = arrive_named(ex, b, (int)m->n, threads);
  while (!arrive && ex->role_phase[b] < target) {
    char msg[600];
    int q = snprintf(msg, sizeof msg, "threads %d..%d wait at named barrier %" PRId64 " of their role at line %d (%d of %d "
                     "threads arrived)", (int)m->idx[0], (int)m->idx[m->n - 1], i, (int)in->line, ex->role_arrived[b], threads);
    if (split > 0 && split < m->n && q > 0 && (size_t)q < sizeof msg)
      snprintf(msg + q, sizeof msg - (size_t)q, "; threads %d..%d of them completed the phase before, and on a GPU would go "
               "on, but the executor runs a group's warps together: make the count a multiple of the group's %d threads",
               (int)m->idx[0], (int)m->idx[split - 1], (int)m->n);
    if (wait_turn(ex, in, -1, msg, msg)) return -1;
  }
  return 0;
}

/* --- loops and ifs holding roles: one task per role ---------------------------------------------- */

typedef struct SplitArg {
  Exec *ex;
  int id, r, p;
  tlua_LaneMask mask;
  tlua_LaneMask *masks; /* its own, one per region */
} SplitArg;

static int split_task(void *arg) {
  SplitArg *a = arg;
  task_masks = a->masks;
  in_split = (int)a->mask.n;
  return tlua_exec_instr(a->ex, a->id, a->r, a->p, &a->mask);
}

/* The first group of ROLE instructions inside region r (depth first): its lane ranges into lo/hi;
 * the number found (0: none). */
static int first_roles(const tlua_IR *ir, int r, int64_t *lo, int64_t *hi) {
  const tlua_Region *rg = &ir->regions[r];
  for (int32_t p = 0; p < rg->n; p++) {
    const tlua_Instr *in = &ir->instrs[rg->instrs[p]];
    if (in->op == TLUA_OP_ROLE) {
      int n = 0;
      for (int32_t q = p; q < rg->n && n < 16 && ir->instrs[rg->instrs[q]].op == TLUA_OP_ROLE; q++) {
        lo[n] = ir->instrs[rg->instrs[q]].imm;
        hi[n] = lo[n] + ir->instrs[rg->instrs[q]].imm2;
        n++;
      }
      return n;
    }
    for (int k = 0; k < 2; k++) {
      int n = in->region[k] >= 0 ? first_roles(ir, in->region[k], lo, hi) : 0;
      if (n) return n;
    }
  }
  return 0;
}

int tlua_exec_split(Exec *ex, int id, int r, int p, const tlua_LaneMask *m) {
  const tlua_IR *ir = ex->ir;
  const tlua_Instr *in = &ir->instrs[id];
  int64_t lo[16], hi[16];
  int nroles = 0;
  for (int k = 0; k < 2 && !nroles; k++)
    if (in->region[k] >= 0) nroles = first_roles(ir, in->region[k], lo, hi);
  /* the part of a lane: its role's index, or nroles for lanes in none */
#define PART_OF(i, part)                                                                                   \
  int part = nroles;                                                                                       \
  for (int j_ = 0; j_ < nroles; j_++)                                                                      \
    if ((i) >= lo[j_] && (i) < hi[j_]) { part = j_; break; }
  int count[17] = {0};
  TLUA_LANES(m, ex->B, { PART_OF(i, part) count[part]++; });
  int n = 0;
  for (int j = 0; j <= nroles; j++) n += count[j] > 0;
  if (n <= 1 || n > 16) return 1; /* one part runs as it is (roles cover the block: at most 16) */
  SplitArg args[17];
  void *argp[17];
  memset(args, 0, sizeof args);
  int rc = 0;
  for (int j = 0; j <= nroles && !rc; j++) {
    if (!count[j]) continue;
    SplitArg *a = &args[j];
    a->ex = ex, a->id = id, a->r = r, a->p = p;
    int ok = (a->mask.idx = malloc((size_t)ex->B * sizeof *a->mask.idx)) != NULL &&
             (a->masks = calloc((size_t)ir->nregions, sizeof *a->masks)) != NULL;
    for (int32_t q = 0; ok && q < ir->nregions; q++) ok = (a->masks[q].idx = malloc((size_t)ex->B * sizeof(int32_t))) != NULL;
    if (!ok) rc = rt_error(ex, in, -1, "out of memory splitting %d threads into their roles", (int)m->n);
  }
  if (!rc) {
    TLUA_LANES(m, ex->B, { PART_OF(i, part) args[part].mask.idx[args[part].mask.n++] = i; });
#undef PART_OF
    n = 0;
    for (int j = 0; j <= nroles; j++)
      if (count[j]) argp[n++] = &args[j];
    rc = tlua_sched_spawn(ex->sched, n, split_task, argp);
  }
  for (int j = 0; j <= nroles; j++) {
    if (args[j].masks)
      for (int32_t q = 0; q < ir->nregions; q++) free(args[j].masks[q].idx);
    free(args[j].masks);
    free(args[j].mask.idx);
  }
  return rc ? -1 : 0;
}

/* The calling task cannot go on (what: its wait, for a deadlock message): 0 to check again, -1
 * after an error (reported here when it is a deadlock). */
static int wait_turn(Exec *ex, const tlua_Instr *in, int lane, const char *what, const char *alone) {
  char msg[1500];
  int waiting = 0;
  int rc = tlua_sched_block(ex->sched, what, msg, sizeof msg, &waiting);
  if (rc == 1) {
    if (waiting <= 1)
      return rt_error(ex, in, lane, "deadlock: %s, and no other role or block runs to change that", alone);
    return rt_error(ex, in, -1, "deadlock: every role waits for a barrier phase that cannot complete: %s", msg);
  }
  return rc;
}

/* "threads a..b" (or "thread a"), and "of block (x, y, z)" in a cluster, for messages */
static void who_waits(Exec *ex, const tlua_LaneMask *m, char *out, size_t n) {
  int k = m->n == 1 ? snprintf(out, n, "thread %d", (int)m->idx[0])
                    : snprintf(out, n, "threads %d..%d", (int)m->idx[0], (int)m->idx[m->n - 1]);
  if (ex->cluster && k > 0 && (size_t)k < n)
    snprintf(out + k, n - (size_t)k, " of block (%" PRId64 ", %" PRId64 ", %" PRId64 ")", ex->bid[0], ex->bid[1], ex->bid[2]);
}

/* The block of rank r of ex's cluster, or NULL after an error naming the action (verb). */
static Exec *peer(Exec *ex, const tlua_Instr *in, int lane, int64_t r, const char *verb) {
  if (!ex->cluster) {
    if (r == 0) return ex;
    rt_error(ex, in, lane, "%s block %" PRId64 " of the cluster, but the kernel runs without clusters (the hint num_ctas)", verb, r);
    return NULL;
  }
  if (r < 0 || r >= ex->cluster->n) {
    rt_error(ex, in, lane, "%s block %" PRId64 " of a cluster of %d", verb, r, ex->cluster->n);
    return NULL;
  }
  Exec *p = ex->cluster->blocks[r];
  if (p->finished) {
    rt_error(ex, in, lane, "%s block %" PRId64 " of the cluster, which has ended: end the kernel with k:cluster_sync() so "
             "no block ends while another still uses its LDS or barriers", verb, r);
    return NULL;
  }
  return p;
}

/* CLUSTER_SYNC: the whole block arrives; it goes on once every block of the cluster has. */
int tlua_exec_cluster_sync(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m) {
  if (m->n != ex->B)
    return rt_error(ex, in, -1, "cluster barrier reached by %d of %d threads (divergent control flow)", (int)m->n, ex->B);
  Cluster *c = ex->cluster;
  if (!c) return 0;  /* a cluster of one */
  const int64_t mine = c->phase;
  if (++c->arrived == c->n) {
    c->arrived = 0;
    c->phase++;
    tlua_sched_progress(ex->sched);
  }
  while (c->phase == mine) {
    char what[200];
    snprintf(what, sizeof what, "block (%" PRId64 ", %" PRId64 ", %" PRId64 ") waits at the cluster barrier at line %d "
             "(%d of %d blocks arrived)", ex->bid[0], ex->bid[1], ex->bid[2], (int)in->line, c->arrived, c->n);
    if (wait_turn(ex, in, -1, what, what)) return -1;
  }
  return 0;
}

int tlua_exec_split_barrier(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m) {
  if (!in_split || m->n < in_split) /* (a split task's lanes reach it together, or it diverges) */
    return rt_error(ex, in, -1, "barrier reached by %d of %d threads (divergent control flow)", (int)m->n, ex->B);
  const int64_t mine = ex->bar_phase;
  ex->bar_arrived += (int)m->n;
  if (ex->bar_arrived >= ex->B) {
    ex->bar_arrived = 0;
    ex->bar_phase++;
    tlua_sched_progress(ex->sched);
  }
  while (ex->bar_phase == mine) {
    char what[300];
    snprintf(what, sizeof what, "threads %d..%d wait at the block barrier at line %d (%d of %d threads arrived)",
             (int)m->idx[0], (int)m->idx[m->n - 1], (int)in->line, ex->bar_arrived, ex->B);
    if (wait_turn(ex, in, -1, what, what)) return -1;
  }
  return 0;
}

/* Waits, for lane i of m, until the phase of that parity of barrier `index` of array `array` has
 * completed (other tasks take turns meanwhile). */
static int wait_lane(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m, int i, int array, int64_t index, int64_t parity) {
  char e[512];
  for (;;) {
    int done = 0;
    if (tlua_async_wait(&ex->async, array, index, parity, &done, e, sizeof e)) return rt_error(ex, in, i, "%s", e);
    if (done) return 0;
    const tlua_MbarState *b = &ex->async.mbar[array][index];
    char who[128], what[400], alone[300];
    who_waits(ex, m, who, sizeof who);
    snprintf(what, sizeof what, "%s waits on mbar%d[%" PRId64 "] parity %" PRId64 " at line %d (phase %" PRId64
             ", %d arrivals and %" PRId64 " bytes missing)", who, array, index, parity, (int)in->line, b->phase,
             (int)b->pending, b->tx);
    snprintf(alone, sizeof alone, "wait on mbar%d[%" PRId64 "] for parity %" PRId64 " cannot complete: phase %" PRId64
             " misses %d arrivals and %" PRId64 " bytes", array, index, parity, b->phase, (int)b->pending, b->tx);
    if (wait_turn(ex, in, i, what, alone)) return -1;
  }
}

int tlua_exec_mbar(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m) {
  const int32_t *o = OPS(ex, in);
  const int array = (int)in->imm;
  const tlua_Slot *idx = VAL(ex, o[0]);
  char e[512];
  if (in->op == TLUA_OP_MBAR_ARRIVE) {
    const tlua_Slot *tx = in->nops > 1 ? VAL(ex, o[1]) : NULL, *cta = in->nops > 2 ? VAL(ex, o[2]) : NULL;
    for (int32_t j = 0; j < m->n; j++) {
      const int i = m->idx[j];
      Exec *dst = ex;
      if (cta && !(dst = peer(ex, in, i, cta[i].i, "arrives on a barrier of"))) return -1;
      if (tlua_async_arrive(&dst->async, array, idx[i].i, tx ? tx[i].i : 0, e, sizeof e)) return rt_error(ex, in, i, "%s", e);
    }
    return 0;
  }
  const tlua_Slot *par = VAL(ex, o[1]);
  for (int32_t j = 0; j < m->n; j++) {
    const int i = m->idx[j];
    if (wait_lane(ex, in, m, i, array, idx[i].i, par[i].i)) return -1;
  }
  return 0;
}

/* Lane i waits for its copy group g (barrier g % 8, parity (g / 8) % 2). The barrier must not have
 * moved on to group g + 16: the parity would then name a later phase. */
static int wait_group(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m, int i, int64_t g) {
  const int array = ex->ir->copy_groups - 1;
  const tlua_MbarState *b = &ex->async.mbar[array][g % 8];
  if (b->phase > g / 8 + 1)
    return rt_error(ex, in, i, "waits for copy group %" PRId64 ", but its barrier has completed the phases of groups %" PRId64
                    " and %" PRId64 " since: this thread is more than 8 groups behind the one issuing the copies",
                    g, g + 8, g + 16);
  return wait_lane(ex, in, m, i, array, g % 8, (g / 8) % 2);
}

/* ASYNC_COMMIT and ASYNC_WAIT in a kernel with copy groups, and COPY_GROUP (ir.h): per thread, the
 * groups committed (cgroup[i]) and waited for (cgroup[B + i]). */
int tlua_exec_copy_groups(Exec *ex, int id, const tlua_Instr *in, const tlua_LaneMask *m) {
  int64_t *done = ex->cgroup, *waited = ex->cgroup + ex->B;
  char e[512];
  if (in->op == TLUA_OP_COPY_GROUP) {
    tlua_Slot *v = VAL(ex, id);
    for (int32_t j = 0; j < m->n; j++) v[m->idx[j]].i = done[m->idx[j]];
    return 0;
  }
  if (in->op == TLUA_OP_ASYNC_COMMIT) {
    if (m->n > 0 && m->idx[0] != 0)
      return rt_error(ex, in, m->idx[0], "k:copy_commit() is reached without thread 0, which arrives on the barrier of "
                      "the group's TMA copies: the group would never complete");
    for (int32_t j = 0; j < m->n; j++) {
      const int i = m->idx[j];
      if (i == 0 && tlua_async_arrive(&ex->async, ex->ir->copy_groups - 1, done[0] % 8, 0, e, sizeof e))
        return rt_error(ex, in, i, "%s", e);
      done[i]++;
      /* the next group reuses the barrier of the oldest one still not waited for */
      for (; done[i] - waited[i] >= 8; waited[i]++)
        if (wait_group(ex, in, m, i, waited[i])) return -1;
    }
    return 0;
  }
  for (int32_t j = 0; j < m->n; j++) {
    const int i = m->idx[j];
    for (; waited[i] < done[i] - in->imm; waited[i]++)
      if (wait_group(ex, in, m, i, waited[i])) return -1;
  }
  return 0;
}

/* TMA_STORE / TMA_STORE_WAIT: once, by the issuing thread, which must be active. */
int tlua_exec_tma_store(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m) {
  const int lane = (int)in->fimm;
  int found = 0;
  for (int32_t j = 0; j < m->n && !found; j++) found = m->idx[j] == lane;
  if (!found)
    return rt_error(ex, in, m->idx[0], "a TMA store%s of thread %d is reached without that thread",
                    in->op == TLUA_OP_TMA_STORE_WAIT ? " wait" : "", lane);
  if (in->op == TLUA_OP_TMA_STORE_WAIT) {
    tlua_async_store_wait(&ex->async, (int)in->imm, lane);
    return 0;
  }
  const int32_t *o = OPS(ex, in);
  const tlua_TmaDesc *d = &ex->ir->tma[in->imm];
  const tlua_ExecArg *a = &ex->args[d->param];
  int64_t c[TLUA_IR_MAX_RANK];
  for (int k = 0; k < d->rank; k++) c[k] = VAL(ex, o[1 + k])[lane].i;
  char e[512];
  if (tlua_async_tma_store(&ex->async, d, (uint8_t *)a->data, a->extent, a->shape, a->strides, c, VAL(ex, o[0])[lane].i,
                           in->imm2 == 1, lane, (int)in->line, e, sizeof e))
    return rt_error(ex, in, lane, "%s", e);
  return 0;
}

/* TMA_LOAD: once, by its issuing thread, which must be active when any thread is. */
int tlua_exec_tma_load(Exec *ex, const tlua_Instr *in, const tlua_LaneMask *m) {
  const int32_t *o = OPS(ex, in);
  const int lane = (int)in->fimm;
  int found = 0;
  for (int32_t j = 0; j < m->n && !found; j++) found = m->idx[j] == lane;
  if (!found)
    return rt_error(ex, in, m->idx[0], "a TMA copy issued by thread %d is reached without that thread: the copy "
                    "would never start", lane);
  const tlua_TmaDesc *d = &ex->ir->tma[in->imm];
  const tlua_ExecArg *a = &ex->args[d->param];
  int64_t c[TLUA_IR_MAX_RANK];
  for (int k = 0; k < d->rank; k++) c[k] = VAL(ex, o[2 + k])[lane].i;
  char e[512];
  const int64_t index = VAL(ex, o[1])[lane].i, at = VAL(ex, o[0])[lane].i;
  if (in->vec != 1) {
    if (tlua_async_tma(&ex->async, d, (int)in->imm2, index, (const uint8_t *)a->data, a->extent, a->shape, a->strides, c,
                       at, (int)in->line, 1, e, sizeof e))
      return rt_error(ex, in, lane, "%s", e);
    return 0;
  }
  /* multicast: the box lands in every block of the mask; this block's barrier expects it once per
     block of the mask (each issues one: symmetric) */
  const int64_t mask = VAL(ex, o[2 + d->rank])[lane].i;
  if (mask <= 0 || mask >= ((int64_t)1 << ex->cluster->n))
    return rt_error(ex, in, lane, "multicast mask 0x%" PRIx64 " names no block or a block outside the cluster of %d",
                    (uint64_t)mask, ex->cluster->n);
  int copies = 0;
  for (int r = 0; r < ex->cluster->n; r++) {
    if (!(mask >> r & 1)) continue;
    Exec *dst = peer(ex, in, lane, r, "multicasts a TMA copy into");
    if (!dst) return -1;
    if (tlua_async_tma(&dst->async, d, (int)in->imm2, index, (const uint8_t *)a->data, a->extent, a->shape, a->strides, c,
                       at, (int)in->line, 0, e, sizeof e))
      return rt_error(ex, in, lane, "%s", e);
    copies++;
  }
  int64_t bytes = tlua_async_box_bytes(&ex->async, d) * copies;
  if (tlua_async_expect(&ex->async, (int)in->imm2, index, bytes, e, sizeof e)) return rt_error(ex, in, lane, "%s", e);
  return 0;
}

