/* ir_uniform.c - which values may differ between the threads of a block (ir.h). A value is
 * thread-dependent when it is the thread id, the result of a warp collective or a matrix unit, an
 * atomic's old value, or computed from a thread-dependent value; a loop carry or an if result is
 * thread-dependent when a value flowing into it is, or (if results) when the branch condition is.
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
  int32_t *owner = malloc(((size_t)ir->nregions + 1) * sizeof *owner);
  int32_t *region_of = malloc(((size_t)ir->ninstrs + 1) * sizeof *region_of);
  if (!owner || !region_of) {
    free(owner);
    free(region_of);
    return -1;
  }
  for (int32_t r = 0; r < ir->nregions; r++) owner[r] = -1;
  for (int32_t i = 0; i < ir->ninstrs; i++) region_of[i] = -1;
  for (int32_t r = 0; r < ir->nregions; r++)
    for (int32_t p = 0; p < ir->regions[r].n; p++)
      if (ir->regions[r].instrs[p] >= 0 && ir->regions[r].instrs[p] < ir->ninstrs) region_of[ir->regions[r].instrs[p]] = r;
  for (int32_t i = 0; i < ir->ninstrs; i++) {
    dep[i] = (uint8_t)is_source(ir->instrs[i].op);
    for (int s = 0; s < 2; s++)
      if (ir->instrs[i].region[s] >= 0 && ir->instrs[i].region[s] < ir->nregions) owner[ir->instrs[i].region[s]] = i;
  }
  for (int changed = 1; changed;) {
    changed = 0;
    for (int32_t i = 0; i < ir->ninstrs; i++) {
      const tlua_Instr *in = &ir->instrs[i];
      const int32_t *o = tlua_ir_ops(ir, in);
      int d = dep[i];
      for (int k = 0; k < in->nops && !d; k++)
        if (o[k] >= 0 && o[k] < ir->ninstrs) d = dep[o[k]];
      if (in->op == TLUA_OP_YIELD) {
        /* the values a yield writes take its operands' dependence (the carries of a for body, the
           results of an if) */
        const int r = region_of[i], w = r >= 0 ? owner[r] : -1;
        if (w >= 0) {
          const tlua_Instr *f = &ir->instrs[w];
          const int32_t *fo = tlua_ir_ops(ir, f);
          for (int k = 0; k < in->nops; k++) {
            if (o[k] < 0 || o[k] >= ir->ninstrs) continue;
            int dk = dep[o[k]] || (f->op == TLUA_OP_IF && dep[fo[0]]);
            if (!dk) continue;
            if (f->op == TLUA_OP_FOR) {
              const tlua_Region *body = &ir->regions[f->region[0]];
              const int carry = body->n > 1 + k ? body->instrs[1 + k] : -1;
              if (carry >= 0 && !dep[carry]) { dep[carry] = 1; changed = 1; }
            }
            /* for and if results follow the instruction (result #k at position + 1 + k) */
            for (int32_t j = w + 1; j < ir->ninstrs; j++) {
              const tlua_Instr *x = &ir->instrs[j];
              if ((x->op != TLUA_OP_FOR_RESULT && x->op != TLUA_OP_IF_RESULT) || tlua_ir_ops(ir, x)[0] != w) continue;
              if (x->imm == k && !dep[j]) { dep[j] = 1; changed = 1; }
            }
          }
        }
        d = 0;
      }
      if (in->op == TLUA_OP_LOOP_CARRY || in->op == TLUA_OP_LOOP_IV) {
        /* a carry starts from the for's initial value; the induction variable from lo and step */
        const int r = region_of[i], w = r >= 0 ? owner[r] : -1;
        if (w >= 0) {
          const int32_t *fo = tlua_ir_ops(ir, &ir->instrs[w]);
          if (in->op == TLUA_OP_LOOP_IV) d = d || dep[fo[0]] || dep[fo[2]];
          else d = d || dep[fo[3 + in->imm]];
        }
      }
      if (d && !dep[i]) { dep[i] = 1; changed = 1; }
    }
  }
  free(owner);
  free(region_of);
  return 0;
}
