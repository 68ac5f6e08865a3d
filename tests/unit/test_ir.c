/* test_ir.c - unit tests of the kernel IR: builder, op names, printer and verifier (src/ir*.c). */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "ir_build.h"
#include "tu.h"

/* The reference kernel: x[t] = x[t] * 2 for t < n, with a loop summing and an if. */
typedef struct Good { tlua_IR *ir; int t, x, two, mul, store, body, f, iv, acc, yield, res, rt, fif, ires; } Good;

static Good good_kernel(void) {
  Good g;
  tlua_IR *ir = g.ir = tlua_ir_new("good", 64, 32);
  tlua_ir_add_param(ir, "x", TLUA_PARAM_TENSOR, TLUA_F32, 1);
  tlua_ir_add_param(ir, "n", TLUA_PARAM_SCALAR, TLUA_I32, 0);
  tlua_ir_add_lds(ir, TLUA_F32, 64);
  g.t = OP0(0, THREAD_ID, TLUA_I32);
  int n = set_imm(ir, OP0(0, PARAM, TLUA_I32), 1);
  int in = OP2(0, LT, TLUA_BOOL, g.t, n);
  g.x = set_imm(ir, OP2(0, LOAD, TLUA_F32, g.t, in), 0);
  g.two = cflt(ir, 0, TLUA_F32, 2.0);
  g.mul = OP2(0, MUL, TLUA_F32, g.x, g.two);
  g.body = tlua_ir_new_region(ir);
  int zero = cint(ir, 0, TLUA_I32, 0), one = cint(ir, 0, TLUA_I32, 1);
  g.f = OP4(0, FOR, 0, zero, n, one, g.mul);
  ir->instrs[g.f].region[0] = g.body;
  g.iv = OP0(g.body, LOOP_IV, TLUA_I32);
  g.acc = set_imm(ir, OP0(g.body, LOOP_CARRY, TLUA_F32), 0);
  int add = OP2(g.body, ADD, TLUA_F32, g.acc, g.two);
  g.yield = OP1(g.body, YIELD, 0, add);
  g.res = set_imm(ir, OP1(0, FOR_RESULT, TLUA_F32, g.f), 0);
  g.rt = tlua_ir_new_region(ir);
  g.fif = OP2(0, IF, 0, in, g.res);
  ir->instrs[g.fif].region[0] = g.rt;
  OP1(g.rt, YIELD, 0, OP1(g.rt, NEG, TLUA_F32, g.res));
  g.ires = set_imm(ir, OP1(0, IF_RESULT, TLUA_F32, g.fif), 0);
  g.store = set_imm(ir, OP3(0, STORE, 0, g.t, g.ires, in), 0);
  return g;
}

/* Verification fails with a message containing want (and naming the instruction when it is one). */
static int rejects(tlua_IR *ir, const char *want, char *got) {
  int rc = tlua_ir_verify(ir, got, 256);
  tlua_ir_free(ir);
  return rc == -1 && strstr(got, want) != NULL;
}
#define REJECTS(ir, want) do { char got_[256] = ""; \
    if (!rejects(ir, want, got_)) TU_FAIL_("expected rejection containing \"%s\", got \"%s\"", want, got_); \
  } while (0)

/* --- builder -------------------------------------------------------------------------------------- */

TU_TEST(builder_ids_regions_growth) {
  tlua_IR *ir = tlua_ir_new("k", 128, 64);
  ASSERT(ir != NULL);
  ASSERT_STR_EQ(ir->name, "k");
  ASSERT_EQ(ir->block, 128);
  ASSERT_EQ(ir->warp, 64);
  ASSERT_EQ(ir->nregions, 1);
  ASSERT_EQ(tlua_ir_new_region(ir), 1);
  int a = cint(ir, 0, TLUA_I32, 1), b = cint(ir, 1, TLUA_I32, 2);
  ASSERT_EQ(a, 0);
  ASSERT_EQ(b, 1);
  int c = OP2(0, ADD, TLUA_I32, a, b);
  ASSERT_EQ(c, 2);
  ASSERT_EQ(ir->instrs[c].nops, 2);
  ASSERT_EQ(tlua_ir_ops(ir, &ir->instrs[c])[1], b);
  ASSERT_EQ(ir->instrs[c].region[0], -1);
  ASSERT_EQ(ir->regions[0].n, 2);
  ASSERT_EQ(ir->regions[1].n, 1);
  for (int i = 0; i < 100000; i++) ASSERT_EQ(cint(ir, 0, TLUA_I32, i), 3 + i);
  ASSERT_EQ(ir->regions[0].n, 100002);
  ASSERT_EQ(tlua_ir_instr(ir, 50000)->imm, 49997);
  ASSERT_EQ(tlua_ir_emit(ir, 7, TLUA_OP_CONST, TLUA_I32, 1, NULL, 0, 0), -1);   /* no region 7 */
  for (int i = 0; i < TLUA_IR_MAX_PARAMS; i++)
    ASSERT_EQ(tlua_ir_add_param(ir, "p", TLUA_PARAM_SCALAR, TLUA_F32, 0), i);
  ASSERT_EQ(tlua_ir_add_param(ir, "p", TLUA_PARAM_SCALAR, TLUA_F32, 0), -1);
  for (int i = 0; i < TLUA_IR_MAX_LDS; i++) ASSERT_EQ(tlua_ir_add_lds(ir, TLUA_F32, 16), i);
  ASSERT_EQ(tlua_ir_add_lds(ir, TLUA_F32, 16), -1);
  tlua_ir_free(ir);
  tlua_ir_free(NULL);
  /* names longer than the field are truncated, not overflowed */
  char longname[200];
  memset(longname, 'a', sizeof longname - 1);
  longname[199] = '\0';
  ir = tlua_ir_new(longname, 1, 32);
  ASSERT_EQ(strlen(ir->name), sizeof ir->name - 1);
  ASSERT_EQ(tlua_ir_add_param(ir, longname, TLUA_PARAM_TENSOR, TLUA_F32, 9), -1);   /* rank > 8 */
  ASSERT_EQ(tlua_ir_add_param(ir, longname, TLUA_PARAM_TENSOR, TLUA_F32, 2), 0);
  ASSERT_EQ(strlen(ir->params[0].name), sizeof ir->params[0].name - 1);
  tlua_ir_free(ir);
}

TU_TEST(op_names) {
  for (int op = 0; op < TLUA_NOPS; op++) ASSERT(strcmp(tlua_op_name((tlua_Op)op), "?") != 0);
  ASSERT_STR_EQ(tlua_op_name(TLUA_OP_ADD), "add");
  ASSERT_STR_EQ(tlua_op_name(TLUA_OP_LDS_STORE), "lds_store");
  ASSERT_STR_EQ(tlua_op_name(TLUA_OP_FOR_RESULT), "for_result");
  ASSERT_STR_EQ(tlua_op_name(TLUA_NOPS), "?");
}

/* --- printer ---------------------------------------------------------------------------------------- */

TU_TEST(printer_output) {
  Good g = good_kernel();
  tlua_IR *ir = g.ir;
  ir->instrs[g.mul].line = 14;
  int a = cint(ir, 0, TLUA_I32, 0);
  int at = OP4(0, ATOMIC, 0, a, cflt(ir, 0, TLUA_F32, 1.5), -1, -1);
  set_imm(ir, at, 0);
  ir->instrs[at].line = 0;
  ir->instrs[at].atomic_op = TLUA_ATOMIC_ADD;
  ir->instrs[at].order = TLUA_ORDER_RELAXED;
  ir->instrs[at].scope = TLUA_SCOPE_BLOCK;
  for (int i = 0; i < ir->ninstrs; i++)
    if (i != g.mul) ir->instrs[i].line = 0;
  char err[256];
  ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), 0);
  char *s = tlua_ir_print(ir);
  ASSERT_STR_EQ(s,
    "kernel good (block 64, warp 32)\n"
    "  param 0 x: tensor(f32, 1)\n"
    "  param 1 n: i32\n"
    "  lds0: f32[64]\n"
    "body {\n"
    "  %0:i32 = thread_id\n"
    "  %1:i32 = param n\n"
    "  %2:bool = lt %0, %1\n"
    "  %3:f32 = load x[%0] mask %2 pad 0\n"
    "  %4:f32 = const 2\n"
    "  %5:f32 = mul %3, %4    ; line 14\n"
    "  %6:i32 = const 0\n"
    "  %7:i32 = const 1\n"
    "  for %6, %1, %7 iter(%5) {\n"
    "    %9:i32 = loop_iv\n"
    "    %10:f32 = loop_carry #0\n"
    "    %11:f32 = add %10, %4\n"
    "    yield %11\n"
    "  }\n"
    "  %13:f32 = for_result %8 #0\n"
    "  if %2 init(%13) {\n"
    "    %15:f32 = neg %13\n"
    "    yield %15\n"
    "  }\n"
    "  %17:f32 = if_result %14 #0\n"
    "  store x[%0] = %17 mask %2\n"
    "  %19:i32 = const 0\n"
    "  %20:f32 = const 1.5\n"
    "  atomic add x[%19], %20 relaxed block\n"
    "}\n");
  free(s);
  tlua_ir_free(ir);
}

/* --- verifier ------------------------------------------------------------------------------------- */

TU_TEST(verifier_accepts_good_kernel) {
  Good g = good_kernel();
  char err[256];
  int rc = tlua_ir_verify(g.ir, err, sizeof err);
  if (rc) TU_FAIL_("rejected: %s", err);
  tlua_ir_free(g.ir);
}

TU_TEST(verifier_message_names_index_op_line) {
  Good g = good_kernel();
  g.ir->instrs[g.mul].line = 33;
  g.ir->operands[g.ir->instrs[g.mul].ops + 1] = g.t;   /* f32 * i32 */
  char err[256];
  ASSERT_EQ(tlua_ir_verify(g.ir, err, sizeof err), -1);
  ASSERT_STR_EQ(err, "instruction 5 (mul, line 33): operand 1 (b, %0) is i32, expected f32");
  tlua_ir_free(g.ir);
}

TU_TEST(verifier_rejects_operand_errors) {
  Good g;
  tlua_IR *ir;
  int c;
  /* used before defined (a later instruction of the same region) */
  g = good_kernel();
  g.ir->operands[g.ir->instrs[g.mul].ops] = g.store - 1;
  REJECTS(g.ir, "is not defined before this use");
  /* used outside the region defining it */
  g = good_kernel();
  g.ir->operands[g.ir->instrs[g.store].ops + 1] = g.ires - 2;   /* the neg inside the if */
  REJECTS(g.ir, "not visible from its region");
  /* operand out of range, operand without value */
  g = good_kernel();
  g.ir->operands[g.ir->instrs[g.mul].ops] = 9999;
  REJECTS(g.ir, "operand 0 (9999) is not an instruction");
  g = good_kernel();
  g.ir->operands[g.ir->instrs[g.mul].ops] = g.f;
  REJECTS(g.ir, "defines no value");
  /* operand count */
  g = good_kernel();
  g.ir->instrs[g.mul].nops = 1;
  REJECTS(g.ir, "instruction 5 (mul, line");
  ir = tlua_ir_new("k", 4, 32);
  OP1(0, ADD, TLUA_I32, cint(ir, 0, TLUA_I32, 1));
  REJECTS(ir, "has 1 operands, expected 2");
  /* typing */
  ir = tlua_ir_new("k", 4, 32);
  OP2(0, ADD, TLUA_BOOL, cint(ir, 0, TLUA_BOOL, 1), cint(ir, 0, TLUA_BOOL, 1));
  REJECTS(ir, "arithmetic on bool");
  ir = tlua_ir_new("k", 4, 32);
  OP2(0, LT, TLUA_I32, cint(ir, 0, TLUA_I32, 1), cint(ir, 0, TLUA_I32, 1));
  REJECTS(ir, "comparison result is i32, expected bool");
  ir = tlua_ir_new("k", 4, 32);
  OP1(0, EXP, TLUA_I32, cint(ir, 0, TLUA_I32, 1));
  REJECTS(ir, "needs a float type, not i32");
  ir = tlua_ir_new("k", 4, 32);
  OP2(0, SHL, TLUA_F32, cflt(ir, 0, TLUA_F32, 1), cflt(ir, 0, TLUA_F32, 1));
  REJECTS(ir, "needs an integer type or bool, not f32");
  ir = tlua_ir_new("k", 4, 32);
  OP3(0, SELECT, TLUA_F32, cint(ir, 0, TLUA_I32, 1), cflt(ir, 0, TLUA_F32, 1), cflt(ir, 0, TLUA_F32, 1));
  REJECTS(ir, "operand 0 (condition");
  ir = tlua_ir_new("k", 4, 32);
  c = cint(ir, 0, TLUA_I32, 1);
  ir->instrs[c].dtype = 99;
  REJECTS(ir, "invalid dtype 99");
  ir = tlua_ir_new("k", 4, 32);
  c = cint(ir, 0, TLUA_I32, 1);
  ir->instrs[c].has_value = 0;
  REJECTS(ir, "must define a value");
  ir = tlua_ir_new("k", 4, 32);
  c = OP0(0, BARRIER, 0);
  ir->instrs[c].has_value = 1;
  REJECTS(ir, "must not define a value");
  ir = tlua_ir_new("k", 4, 32);
  c = OP0(0, THREAD_ID, TLUA_I32);
  ir->instrs[c].op = 999;
  REJECTS(ir, "unknown op 999");
}

TU_TEST(verifier_rejects_params_and_memory) {
  Good g;
  tlua_IR *ir;
  g = good_kernel();
  set_imm(g.ir, g.t + 1, 9);   /* PARAM 9 */
  REJECTS(g.ir, "parameter 9 does not exist");
  g = good_kernel();
  set_imm(g.ir, g.t + 1, 0);   /* PARAM of the tensor */
  REJECTS(g.ir, "parameter x is a tensor, not a scalar");
  g = good_kernel();
  g.ir->instrs[g.t + 1].dtype = TLUA_I64;
  REJECTS(g.ir, "is i64, parameter n is i32");
  g = good_kernel();
  set_imm(g.ir, g.x, 1);       /* LOAD from the scalar */
  REJECTS(g.ir, "parameter n is not a tensor");
  g = good_kernel();
  g.ir->instrs[g.x].dtype = TLUA_I32;
  REJECTS(g.ir, "is i32, the tensor holds f32");
  g = good_kernel();
  g.ir->operands[g.ir->instrs[g.x].ops] = g.x - 1;   /* the bool */
  REJECTS(g.ir, "offset is bool, expected an integer type");
  g = good_kernel();
  g.ir->operands[g.ir->instrs[g.x].ops + 1] = g.t;
  REJECTS(g.ir, "mask is i32, expected bool");
  g = good_kernel();
  g.ir->operands[g.ir->instrs[g.store].ops + 1] = g.t;
  REJECTS(g.ir, "operand 1 (value");
  ir = tlua_ir_new("k", 4, 32);
  set_imm(ir, OP2(0, LDS_LOAD, TLUA_F32, cint(ir, 0, TLUA_I32, 0), -1), 0);
  REJECTS(ir, "LDS buffer 0 does not exist");
  ir = tlua_ir_new("k", 4, 32);
  tlua_ir_add_param(ir, "x", TLUA_PARAM_TENSOR, TLUA_F32, 2);
  int sh = set_imm(ir, OP0(0, SHAPE, TLUA_I64), 0);
  ir->instrs[sh].imm2 = 2;
  REJECTS(ir, "dimension 2 of x (rank 2)");
  ir = tlua_ir_new("k", 4, 32);
  tlua_ir_add_lds(ir, TLUA_F32, 0);
  REJECTS(ir, "LDS buffer 0 has an invalid dtype or count 0");
  /* vector groups must be consecutive */
  g = good_kernel();
  g.ir->instrs[g.x].vec = 2;
  REJECTS(g.ir, "vector group of 2 is not followed by its lane 1");
  g = good_kernel();
  g.ir->instrs[g.x].vec = 2;
  g.ir->instrs[g.x].vec_lane = 2;
  REJECTS(g.ir, "vec_lane 2 is not below vec 2");
}

static tlua_IR *atomic_kernel(tlua_DType dt, tlua_AtomicOp aop, int with_cmp, int want_old, int has_value) {
  tlua_IR *ir = tlua_ir_new("k", 4, 32);
  tlua_ir_add_param(ir, "m", TLUA_PARAM_TENSOR, dt, 1);
  int off = cint(ir, 0, TLUA_I32, 0), v = cint(ir, 0, dt, 1);
  int32_t ops[4] = {off, v, with_cmp ? v : -1, -1};
  int a = tlua_ir_emit(ir, 0, TLUA_OP_ATOMIC, dt, has_value, ops, 4, 5);
  ir->instrs[a].atomic_op = (uint8_t)aop;
  ir->instrs[a].want_old = (uint8_t)want_old;
  return ir;
}

TU_TEST(verifier_rejects_atomics_and_shuffles) {
  char err[256];
  tlua_IR *ok = atomic_kernel(TLUA_I32, TLUA_ATOMIC_CAS, 1, 1, 1);
  ASSERT_EQ(tlua_ir_verify(ok, err, sizeof err), 0);
  tlua_ir_free(ok);
  REJECTS(atomic_kernel(TLUA_F32, TLUA_ATOMIC_AND, 0, 0, 0), "bitwise atomic on f32");
  REJECTS(atomic_kernel(TLUA_BOOL, TLUA_ATOMIC_ADD, 0, 0, 0), "arithmetic atomic on bool");
  REJECTS(atomic_kernel(TLUA_I32, TLUA_ATOMIC_CAS, 0, 1, 1), "cas needs a compare operand");
  REJECTS(atomic_kernel(TLUA_I32, TLUA_ATOMIC_ADD, 1, 0, 0), "only cas takes a compare operand");
  REJECTS(atomic_kernel(TLUA_I32, TLUA_ATOMIC_ADD, 0, 1, 0), "must define a value");
  REJECTS(atomic_kernel(TLUA_I32, TLUA_ATOMIC_ADD, 0, 0, 1), "must not define a value");
  REJECTS(atomic_kernel(TLUA_I32, (tlua_AtomicOp)9, 0, 0, 0), "unknown atomic op 9");
  tlua_IR *ir = atomic_kernel(TLUA_I32, TLUA_ATOMIC_ADD, 0, 0, 0);
  ir->instrs[ir->ninstrs - 1].space = 5;
  REJECTS(ir, "unknown memory space 5");
  ir = tlua_ir_new("k", 64, 32);
  set_imm(ir, OP1(0, SHFL_XOR, TLUA_I32, OP0(0, THREAD_ID, TLUA_I32)), 32);
  REJECTS(ir, "lane mask 32 is not in [0, warp 32)");
  ir = tlua_ir_new("k", 64, 32);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  OP2(0, SHFL_IDX, TLUA_I32, t, cflt(ir, 0, TLUA_F32, 1));
  REJECTS(ir, "source lane is f32");
}

/* memory operands in the compact encoding (absent optional operands left out) */
TU_TEST(verifier_compact_memory_operands) {
  char err[256];
  tlua_IR *ir = tlua_ir_new("k", 4, 32);
  tlua_ir_add_param(ir, "m", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int b = OP2(0, LT, TLUA_BOOL, t, t);
  set_imm(ir, OP1(0, LOAD, TLUA_I32, t), 0);
  set_imm(ir, OP2(0, STORE, 0, t, t), 0);
  int32_t o3[3] = {t, t, b};
  int a = tlua_ir_emit(ir, 0, TLUA_OP_ATOMIC, TLUA_I32, 0, o3, 3, 1);   /* add (offset, value, mask) */
  int32_t o3c[3] = {t, t, t};
  int c = tlua_ir_emit(ir, 0, TLUA_OP_ATOMIC, TLUA_I32, 1, o3c, 3, 1);  /* cas (offset, value, cmp) */
  ir->instrs[c].atomic_op = TLUA_ATOMIC_CAS;
  ir->instrs[c].want_old = 1;
  int rc = tlua_ir_verify(ir, err, sizeof err);
  if (rc) TU_FAIL_("rejected: %s", err);
  tlua_MemOperands mo;
  ASSERT_EQ(tlua_ir_mem_operands(ir, &ir->instrs[a], &mo), 0);
  ASSERT(mo.offset == t && mo.value == t && mo.cmp == -1 && mo.mask == b && mo.at[2] == -1 && mo.at[3] == 2);
  ASSERT_EQ(tlua_ir_mem_operands(ir, &ir->instrs[c], &mo), 0);
  ASSERT(mo.cmp == t && mo.mask == -1 && mo.at[2] == 2);
  ir->instrs[c].atomic_op = TLUA_ATOMIC_ADD;   /* now its third operand is a mask, and i32 */
  ir->instrs[c].want_old = 1;
  REJECTS(ir, "mask is i32, expected bool");
  ir = tlua_ir_new("k", 4, 32);
  tlua_ir_add_param(ir, "m", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  t = OP0(0, THREAD_ID, TLUA_I32);
  set_imm(ir, OP3(0, LOAD, TLUA_I32, t, -1, -1), 0);
  REJECTS(ir, "has 3 operands, expected (offset[, mask])");
  ir = tlua_ir_new("k", 4, 32);
  tlua_ir_add_param(ir, "m", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  t = OP0(0, THREAD_ID, TLUA_I32);
  set_imm(ir, OP1(0, STORE, 0, t), 0);
  REJECTS(ir, "has 1 operands, expected (offset, value[, mask])");
  ir = tlua_ir_new("k", 4, 32);
  tlua_ir_add_param(ir, "m", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  t = OP0(0, THREAD_ID, TLUA_I32);
  int32_t o5[5] = {t, t, -1, -1, -1};
  tlua_ir_emit(ir, 0, TLUA_OP_ATOMIC, TLUA_I32, 0, o5, 5, 1);
  REJECTS(ir, "has 5 operands, expected (offset, value, cmp|-1, mask|-1)");
}

/* NAMED_BAR: inside a role, on named barriers past the roles' own (1..roles) and within 15, counting whole warps */
TU_TEST(verifier_named_bar) {
  char err[256];
  for (int k = 0; k < 5; k++) {
    tlua_IR *ir = tlua_ir_new("k", 128, 32);
    int body[2] = {tlua_ir_new_region(ir), tlua_ir_new_region(ir)};
    for (int r = 0; r < 2; r++) {
      int role = tlua_ir_emit(ir, 0, TLUA_OP_ROLE, 0, 0, NULL, 0, 1);
      ir->instrs[role].imm = 64 * r, ir->instrs[role].imm2 = 64, ir->instrs[role].region[0] = body[r];
    }
    int where = k == 4 ? 0 : body[0];
    int32_t i = (int32_t)cint(ir, where, TLUA_I32, 0);
    int nb = tlua_ir_emit(ir, where, TLUA_OP_NAMED_BAR, 0, 0, &i, 1, 1);
    ir->instrs[nb].imm = k == 1 ? 2 : 3, ir->instrs[nb].imm2 = k == 2 ? 48 : 64, ir->instrs[nb].vec = k == 3 ? 14 : 1;
    ir->instrs[nb].fimm = 1;
    if (k == 0) {
      ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), 0);
      tlua_ir_free(ir);
    } else {
      REJECTS(ir, k == 4 ? "named_bar outside a role" : "expected barriers past the roles' 1..2, within 15");
    }
  }
}

/* an if that carries nothing may leave out its yields; one that carries values may not */
TU_TEST(verifier_if_yield_optional_without_values) {
  char err[256];
  tlua_IR *ir = tlua_ir_new("k", 4, 32);
  int cond = cint(ir, 0, TLUA_BOOL, 1);
  int rt = tlua_ir_new_region(ir), re = tlua_ir_new_region(ir);
  int f = OP1(0, IF, 0, cond);
  ir->instrs[f].region[0] = rt;
  ir->instrs[f].region[1] = re;
  OP0(rt, BARRIER, 0);
  ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), 0);
  tlua_ir_free(ir);
  ir = tlua_ir_new("k", 4, 32);
  cond = cint(ir, 0, TLUA_BOOL, 1);
  rt = tlua_ir_new_region(ir);
  f = OP2(0, IF, 0, cond, cond);
  ir->instrs[f].region[0] = rt;
  OP0(rt, BARRIER, 0);
  set_imm(ir, OP1(0, IF_RESULT, TLUA_BOOL, f), 0);
  REJECTS(ir, "does not end with yield");
}

TU_TEST(verifier_rejects_control_flow) {
  Good g;
  tlua_IR *ir;
  /* FOR body shape */
  g = good_kernel();
  g.ir->instrs[g.iv].op = TLUA_OP_CONST;
  REJECTS(g.ir, "body does not start with loop_iv");
  g = good_kernel();
  g.ir->instrs[g.iv].dtype = TLUA_I64;
  REJECTS(g.ir, "induction variable is i64, the bounds are i32");
  g = good_kernel();
  set_imm(g.ir, g.acc, 1);
  REJECTS(g.ir, "must be loop_carry #0");
  g = good_kernel();
  g.ir->instrs[g.acc].dtype = TLUA_F64;
  REJECTS(g.ir, "carried value 0 is f64, its init is f32");
  g = good_kernel();
  g.ir->instrs[g.yield].nops = 0;
  REJECTS(g.ir, "yields 0 values, the for carries 1");
  g = good_kernel();
  g.ir->operands[g.ir->instrs[g.yield].ops] = g.iv;
  REJECTS(g.ir, "value 0 is i32, the carried value is f32");
  g = good_kernel();
  g.ir->operands[g.ir->instrs[g.f].ops + 1] = g.x - 1;   /* hi: the bool */
  REJECTS(g.ir, "operand 1 (hi");
  g = good_kernel();
  g.ir->regions[g.body].n--;                            /* drop the yield from the body */
  REJECTS(g.ir, "is in no region");
  g = good_kernel();
  g.ir->instrs[g.res].op = TLUA_OP_IF_RESULT;
  REJECTS(g.ir, "needs 1 for_result instructions right after it");
  g = good_kernel();
  g.ir->instrs[g.f].region[1] = tlua_ir_new_region(g.ir);
  REJECTS(g.ir, "needs a body region and no second region");
  /* a while loop (k:range_while): imm 1, its carry #0 a bool (here f32) */
  g = good_kernel();
  set_imm(g.ir, g.f, 1);
  REJECTS(g.ir, "a while loop's carry #0 must be a bool (its condition)");
  g = good_kernel();
  set_imm(g.ir, g.f, 2);
  REJECTS(g.ir, "imm 2 (0, or 1: while carry #0)");
  /* IF */
  g = good_kernel();
  g.ir->operands[g.ir->instrs[g.fif].ops] = g.t;
  REJECTS(g.ir, "operand 0 (condition");
  g = good_kernel();
  g.ir->instrs[g.ires].dtype = TLUA_I32;
  REJECTS(g.ir, "result 0 is i32, the carried value is f32");
  /* placement */
  ir = tlua_ir_new("k", 4, 32);
  OP0(0, YIELD, 0);
  REJECTS(ir, "yield must be the last instruction of a for body or an if branch");
  ir = tlua_ir_new("k", 4, 32);
  OP0(0, LOOP_IV, TLUA_I32);
  REJECTS(ir, "must be at the start of a for body");
  ir = tlua_ir_new("k", 4, 32);
  OP1(0, FOR_RESULT, TLUA_I32, cint(ir, 0, TLUA_I32, 0));
  REJECTS(ir, "must follow its for as result #0");
  g = good_kernel();
  g.ir->instrs[g.fif].region[1] = g.body;               /* owned twice */
  REJECTS(g.ir, "is already owned by instruction");
  g = good_kernel();
  g.ir->instrs[g.fif].region[0] = 0;
  REJECTS(g.ir, "region 0 is the kernel body and cannot be nested");
  g = good_kernel();
  g.ir->instrs[g.mul].region[0] = g.rt;
  REJECTS(g.ir, "only for/if/role own regions");
  g = good_kernel();
  g.ir->instrs[g.fif].region[0] = 77;
  REJECTS(g.ir, "region 77 does not exist");
  ir = tlua_ir_new("k", 4, 32);
  int r1 = tlua_ir_new_region(ir);
  cint(ir, r1, TLUA_I32, 0);
  REJECTS(ir, "which no for/if owns");
  ir = tlua_ir_new("k", 4, 32);                         /* listed in two regions */
  int c = cint(ir, 0, TLUA_I32, 0);
  ir->regions[0].instrs[ir->regions[0].n++] = c;
  REJECTS(ir, "listed twice");
  /* a cycle: the if in region 1 owns region 2, the if in region 2 owns region 1 */
  ir = tlua_ir_new("k", 4, 32);
  int ra = tlua_ir_new_region(ir), rb = tlua_ir_new_region(ir);
  int cond = cint(ir, 0, TLUA_BOOL, 1);
  int ia = OP1(ra, IF, 0, cond), ib = OP1(rb, IF, 0, cond);
  ir->instrs[ia].region[0] = rb;
  ir->instrs[ib].region[0] = ra;
  REJECTS(ir, "is not nested in the kernel body (cycle)");
  /* header */
  ir = tlua_ir_new("k", 0, 32);
  REJECTS(ir, "block 0 is not in [1, 1024]");
  ir = tlua_ir_new("k", 64, 48);
  REJECTS(ir, "warp 48 is not a power of two");
}

/* A verified IR is not re-verified by its consumers, and any builder call invalidates that. */
TU_TEST(verified_flag_remembered_and_cleared) {
  tlua_IR *ir = tlua_ir_new("flag", 32, 32);
  ASSERT(ir != NULL);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int one = cint(ir, 0, TLUA_I32, 1);
  OP2(0, ADD, TLUA_I32, t, one);
  char err[256];
  ASSERT_EQ(ir->verified, 0);
  ASSERT_EQ(tlua_ir_verified(ir, err, sizeof err), 0);
  ASSERT_EQ(ir->verified, 1);
  ASSERT_EQ(tlua_ir_check(ir, err, sizeof err), 0);
  /* a type error appended afterwards clears the flag, so the check runs and rejects it */
  int f = cflt(ir, 0, TLUA_F32, 2.0);
  ASSERT_EQ(ir->verified, 0);
  OP2(0, ADD, TLUA_I32, t, f);
  ASSERT_NE(tlua_ir_check(ir, err, sizeof err), 0);
  ASSERT_NE(tlua_ir_verified(ir, err, sizeof err), 0);
  ASSERT_EQ(ir->verified, 0);
  tlua_ir_free(ir);
}

TU_MAIN(TU_ENTRY(verified_flag_remembered_and_cleared), TU_ENTRY(builder_ids_regions_growth), TU_ENTRY(op_names), TU_ENTRY(printer_output),
        TU_ENTRY(verifier_accepts_good_kernel), TU_ENTRY(verifier_message_names_index_op_line),
        TU_ENTRY(verifier_rejects_operand_errors), TU_ENTRY(verifier_rejects_params_and_memory),
        TU_ENTRY(verifier_rejects_atomics_and_shuffles),
        TU_ENTRY(verifier_compact_memory_operands), TU_ENTRY(verifier_if_yield_optional_without_values),
        TU_ENTRY(verifier_named_bar),
        TU_ENTRY(verifier_rejects_control_flow))
