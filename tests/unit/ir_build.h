/* ir_build.h - building IR by hand in the C unit tests (test_ir.c, test_exec.c, test_mma.c):
 * OPn(region, OP, dtype, operands...) emits an instruction at the caller's line, cint/cflt a
 * constant, set_imm sets the immediate; tensor_arg describes a 1-D buffer for the executor. */
#ifndef TLUA_TEST_IR_BUILD_H
#define TLUA_TEST_IR_BUILD_H

#include <stdarg.h>
#include <stdint.h>
#include <string.h>

#include "exec.h"
#include "ir.h"

static inline int emv(tlua_IR *ir, int r, int line, tlua_Op op, tlua_DType dt, int n, ...) {
  int32_t ops[64];
  va_list ap;
  va_start(ap, n);
  for (int i = 0; i < n; i++) ops[i] = va_arg(ap, int32_t);
  va_end(ap);
  int has = !(op == TLUA_OP_STORE || op == TLUA_OP_LDS_STORE || op == TLUA_OP_BARRIER ||
              op == TLUA_OP_FOR || op == TLUA_OP_IF || op == TLUA_OP_YIELD || op == TLUA_OP_ATOMIC ||
              op == TLUA_OP_LDS_COPY || op == TLUA_OP_ASYNC_COMMIT || op == TLUA_OP_ASYNC_WAIT);
  return tlua_ir_emit(ir, r, op, dt, has, ops, n, line);
}
#define OP0(r, op, dt) emv(ir, r, __LINE__, TLUA_OP_##op, dt, 0)
#define OP1(r, op, dt, a) emv(ir, r, __LINE__, TLUA_OP_##op, dt, 1, (int32_t)(a))
#define OP2(r, op, dt, a, b) emv(ir, r, __LINE__, TLUA_OP_##op, dt, 2, (int32_t)(a), (int32_t)(b))
#define OP3(r, op, dt, a, b, c) emv(ir, r, __LINE__, TLUA_OP_##op, dt, 3, (int32_t)(a), (int32_t)(b), (int32_t)(c))
#define OP4(r, op, dt, a, b, c, d) \
  emv(ir, r, __LINE__, TLUA_OP_##op, dt, 4, (int32_t)(a), (int32_t)(b), (int32_t)(c), (int32_t)(d))
#define OP5(r, op, dt, a, b, c, d, e) \
  emv(ir, r, __LINE__, TLUA_OP_##op, dt, 5, (int32_t)(a), (int32_t)(b), (int32_t)(c), (int32_t)(d), (int32_t)(e))

static inline int cint(tlua_IR *ir, int r, tlua_DType dt, int64_t v) {
  int id = tlua_ir_emit(ir, r, TLUA_OP_CONST, dt, 1, NULL, 0, 0);
  ir->instrs[id].imm = v;
  return id;
}
static inline int cflt(tlua_IR *ir, int r, tlua_DType dt, double v) {
  int id = tlua_ir_emit(ir, r, TLUA_OP_CONST, dt, 1, NULL, 0, 0);
  ir->instrs[id].fimm = v;
  return id;
}
static inline int set_imm(tlua_IR *ir, int id, int64_t imm) { ir->instrs[id].imm = imm; return id; }

/* A contiguous 1-D executor argument of n elements at data. */
static inline tlua_ExecArg tensor_arg(void *data, int64_t n) {
  tlua_ExecArg a;
  memset(&a, 0, sizeof a);
  a.data = data;
  a.extent = n;
  a.shape[0] = n;
  a.strides[0] = 1;
  return a;
}

#endif
