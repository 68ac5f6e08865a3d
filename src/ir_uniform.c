/* ir_uniform.c - which values may differ between the threads of a block (ir.h). A value is
 * thread-dependent when it is the thread id, the result of a warp collective or a matrix unit, an
 * atomic's old value, or computed from a thread-dependent value. Through structured control flow:
 * a YIELD passes its operands' dependence to what it writes (tlua_ir_yield_dests: the loop carries,
 * the IF's results); a loop carry also takes its init's, the induction variable lo's and step's; a
 * FOR_RESULT its carry's and the trip count's (lo, hi, step); an IF_RESULT its init's and the
 * condition's.
 * Everything else (constants, parameters, shapes, block ids, loads from uniform addresses) is the
 * same in every thread. The lowering of a plain k:copy to one TMA copy per block asks this of the
 * windows' origins: a copy issued by one thread must mean the same box for all. */
#include <stdlib.h>

#include "ir.h"

static int is_source(int op) {
  return op == TLUA_OP_THREAD_ID || op == TLUA_OP_SHFL_XOR || op == TLUA_OP_SHFL_IDX || op == TLUA_OP_MMA_RESULT ||
         op == TLUA_OP_ATOMIC || op == TLUA_OP_LDS_MATRIX || op == TLUA_OP_UNDEF;
}

/* dep[i] for every instruction, by iterating to the least fixed point; 0 or -1 (out of memory). */
int tlua_ir_thread_dependent(const tlua_IR *ir, uint8_t *dep) {
  const int32_t **dst = malloc(((size_t)ir->nregions + 1) * sizeof *dst);
  int32_t *owner = malloc(((size_t)ir->nregions + 1) * sizeof *owner);       /* FOR/IF of a region */
  int32_t *region_of = malloc(((size_t)ir->ninstrs + 1) * sizeof *region_of);
  if (!dst || !owner || !region_of) {
    free(dst);
    free(owner);
    free(region_of);
    return -1;
  }
  tlua_ir_yield_dests(ir, dst);
  for (int32_t r = 0; r < ir->nregions; r++) {
    owner[r] = -1;
    for (int32_t p = 0; p < ir->regions[r].n; p++) region_of[ir->regions[r].instrs[p]] = r;
  }
  for (int32_t i = 0; i < ir->ninstrs; i++)
    for (int s = 0; s < 2; s++)
      if (ir->instrs[i].region[s] >= 0) owner[ir->instrs[i].region[s]] = i;
  for (int32_t i = 0; i < ir->ninstrs; i++) dep[i] = (uint8_t)is_source(ir->instrs[i].op);
  for (int changed = 1; changed;) {
    changed = 0;
    for (int32_t i = 0; i < ir->ninstrs; i++) {
      const tlua_Instr *in = &ir->instrs[i];
      const int32_t *o = tlua_ir_ops(ir, in);
      int d = dep[i];
      switch (in->op) {
      case TLUA_OP_FOR: case TLUA_OP_IF:
        continue;  /* no value: their results below look at what they need */
      case TLUA_OP_YIELD: {
        const int32_t *w = dst[region_of[i]];
        for (int k = 0; w && k < in->nops; k++)
          if (dep[o[k]] && !dep[w[k]]) dep[w[k]] = changed = 1;
        continue;
      }
      case TLUA_OP_LOOP_IV: case TLUA_OP_LOOP_CARRY: {
        /* the induction variable starts at lo and steps by step; a carry starts from its init */
        const int32_t *fo = tlua_ir_ops(ir, &ir->instrs[owner[region_of[i]]]);
        d = d || (in->op == TLUA_OP_LOOP_IV ? dep[fo[0]] || dep[fo[2]] : dep[fo[3 + in->imm]]);
        break;
      }
      case TLUA_OP_FOR_RESULT: {
        /* the carry after the last iteration: also how many iterations ran (lo, hi, step) */
        const tlua_Instr *f = &ir->instrs[o[0]];
        const int32_t *fo = tlua_ir_ops(ir, f);
        d = d || dep[ir->regions[f->region[0]].instrs[1 + in->imm]] || dep[fo[0]] || dep[fo[1]] || dep[fo[2]];
        if (f->imm == TLUA_FOR_WHILE) d = d || dep[ir->regions[f->region[0]].instrs[1]];  /* (and its condition) */
        break;
      }
      case TLUA_OP_IF_RESULT: {
        /* which branch ran (the condition), or the init when the branch yields nothing */
        const int32_t *fo = tlua_ir_ops(ir, &ir->instrs[o[0]]);
        d = d || dep[fo[0]] || dep[fo[1 + in->imm]];
        break;
      }
      default:
        for (int k = 0; k < in->nops && !d; k++) d = dep[o[k]];
      }
      if (d && !dep[i]) dep[i] = changed = 1;
    }
  }
  free(dst);
  free(owner);
  free(region_of);
  return 0;
}
