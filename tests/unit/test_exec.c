/* test_exec.c - unit tests of the CPU executor (src/exec.c, src/exec_ops.c) on hand-built IR. */
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "exec.h"
#include "ir_build.h"
#include "tu.h"

/* --- building IR by hand -------------------------------------------------------------------------- */

static int set_pad(tlua_IR *ir, int id, int64_t imm2, double fimm) {
  ir->instrs[id].imm2 = imm2;
  ir->instrs[id].fimm = fimm;
  return id;
}
static int load(tlua_IR *ir, int r, int param, int off, int mask) {
  return set_imm(ir, emv(ir, r, 100, TLUA_OP_LOAD, ir->params[param].dtype, 2, off, mask), param);
}
static int store(tlua_IR *ir, int r, int param, int off, int val, int mask) {
  return set_imm(ir, emv(ir, r, 200, TLUA_OP_STORE, 0, 3, off, val, mask), param);
}
static int atomic(tlua_IR *ir, int r, int space, int target, tlua_AtomicOp aop, int want_old,
                  tlua_DType dt, int off, int val, int cmp, int mask) {
  int32_t ops[4] = {off, val, cmp, mask};
  int id = tlua_ir_emit(ir, r, TLUA_OP_ATOMIC, dt, want_old, ops, 4, 300);
  tlua_Instr *in = &ir->instrs[id];
  in->imm = target;
  in->space = (uint8_t)space;
  in->atomic_op = (uint8_t)aop;
  in->want_old = (uint8_t)want_old;
  in->order = TLUA_ORDER_ACQ_REL;
  in->scope = TLUA_SCOPE_DEVICE;
  return id;
}
/* out[tid] = v (out = parameter p, offset tid as i32) */
static void store_tid(tlua_IR *ir, int r, int p, int v) {
  int t = OP0(r, THREAD_ID, TLUA_I32);
  store(ir, r, p, t, v, -1);
}

static int run(tlua_IR *ir, tlua_ExecArg *args, int64_t gx, char *err) {
  int64_t grid[3] = {gx, 1, 1};
  return tlua_exec_run(ir, args, grid, NULL, NULL, err, 256);
}

#define RUN_OK(ir, args, gx) do { char e_[256]; int rc_ = run(ir, args, gx, e_); \
    if (rc_ != 0) TU_FAIL_("run failed: %s", e_); } while (0)

static uint32_t f32_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }

/* --- arithmetic ----------------------------------------------------------------------------------- */

/* y[t] = fma(x, x, -1) / 3 + sqrt(x) * x - min(x, 2), all f32, compared bit for bit with C floats */
TU_TEST(f32_arith_matches_c_float) {
  tlua_IR *ir = tlua_ir_new("f32", 64, 32);
  int px = tlua_ir_add_param(ir, "x", TLUA_PARAM_TENSOR, TLUA_F32, 1);
  int py = tlua_ir_add_param(ir, "y", TLUA_PARAM_TENSOR, TLUA_F32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int x = load(ir, 0, px, t, -1);
  int m1 = cflt(ir, 0, TLUA_F32, -1.0), three = cflt(ir, 0, TLUA_F32, 3.0), two = cflt(ir, 0, TLUA_F32, 2.0);
  int f = OP3(0, FMA, TLUA_F32, x, x, m1);
  int q = OP2(0, DIV, TLUA_F32, f, three);
  int s = OP2(0, MUL, TLUA_F32, OP1(0, SQRT, TLUA_F32, x), x);
  int a = OP2(0, ADD, TLUA_F32, q, s);
  int r = OP2(0, SUB, TLUA_F32, a, OP2(0, MIN, TLUA_F32, x, two));
  int e = OP2(0, ADD, TLUA_F32, r, OP1(0, EXP, TLUA_F32, OP1(0, NEG, TLUA_F32, x)));
  store(ir, 0, py, t, e, -1);
  float xs[64], ys[64];
  for (int i = 0; i < 64; i++) xs[i] = 0.1f * (float)i + 0.37f;
  tlua_ExecArg args[2] = {tensor_arg(xs, 64), tensor_arg(ys, 64)};
  RUN_OK(ir, args, 1);
  for (int i = 0; i < 64; i++) {
    float v = xs[i];
    volatile float fm = fmaf(v, v, -1.0f), qq = fm / 3.0f, ss = sqrtf(v) * v, aa = qq + ss;
    volatile float rr = aa - fminf(v, 2.0f), ee = rr + expf(-v);
    ASSERT_EQ(f32_bits(ys[i]), f32_bits(ee));
  }
  tlua_ir_free(ir);
}

/* f16/bf16 results are rounded to their format after every operation */
TU_TEST(f16_bf16_round_after_each_op) {
  tlua_IR *ir = tlua_ir_new("half", 4, 32);
  int ph = tlua_ir_add_param(ir, "h", TLUA_PARAM_TENSOR, TLUA_F16, 1);
  int pb = tlua_ir_add_param(ir, "b", TLUA_PARAM_TENSOR, TLUA_BF16, 1);
  int c2048 = cflt(ir, 0, TLUA_F16, 2048), one = cflt(ir, 0, TLUA_F16, 1);
  int s1 = OP2(0, ADD, TLUA_F16, c2048, one);           /* 2049 is not a half: ties to 2048 */
  int s2 = OP2(0, SUB, TLUA_F16, s1, c2048);            /* 0, not 1 */
  int big = cflt(ir, 0, TLUA_F16, 65504);
  int inf = OP2(0, ADD, TLUA_F16, big, big);
  int third = OP2(0, DIV, TLUA_F16, one, cflt(ir, 0, TLUA_F16, 3));
  store(ir, 0, ph, cint(ir, 0, TLUA_I32, 0), s2, -1);
  store(ir, 0, ph, cint(ir, 0, TLUA_I32, 1), inf, -1);
  store(ir, 0, ph, cint(ir, 0, TLUA_I32, 2), third, -1);
  int b256 = cflt(ir, 0, TLUA_BF16, 256), b1 = cflt(ir, 0, TLUA_BF16, 1);
  int bs = OP2(0, SUB, TLUA_BF16, OP2(0, ADD, TLUA_BF16, b256, b1), b256);  /* 257 -> 256: 0 */
  store(ir, 0, pb, cint(ir, 0, TLUA_I32, 0), bs, -1);
  int bc = OP1(0, CAST, TLUA_BF16, cflt(ir, 0, TLUA_F32, 1.00390625));        /* 1 + 2^-8: tie to 1 */
  store(ir, 0, pb, cint(ir, 0, TLUA_I32, 1), bc, -1);
  uint16_t h[3] = {7, 7, 7}, b[2] = {7, 7};
  tlua_ExecArg args[2] = {tensor_arg(h, 3), tensor_arg(b, 2)};
  RUN_OK(ir, args, 1);
  ASSERT_EQ(h[0], 0x0000);
  ASSERT_EQ(h[1], 0x7c00);          /* +inf */
  ASSERT_EQ(h[2], 0x3555);          /* 1/3 in half */
  ASSERT_EQ(b[0], 0x0000);
  ASSERT_EQ(b[1], 0x3f80);          /* 1.0 */
  tlua_ir_free(ir);
}

/* integer ops wrap like C unsigned arithmetic; shifts are masked to the width */
TU_TEST(integer_wrap_and_shifts) {
  tlua_IR *ir = tlua_ir_new("ints", 1, 32);
  int pi = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_I64, 1);
  int vals[16], n = 0;
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, ADD, TLUA_I32, cint(ir, 0, TLUA_I32, INT32_MAX), cint(ir, 0, TLUA_I32, 1)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, ADD, TLUA_I8, cint(ir, 0, TLUA_I8, 127), cint(ir, 0, TLUA_I8, 1)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, SUB, TLUA_U8, cint(ir, 0, TLUA_U8, 0), cint(ir, 0, TLUA_U8, 1)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, MUL, TLUA_U16, cint(ir, 0, TLUA_U16, 65535), cint(ir, 0, TLUA_U16, 65535)));
  vals[n++] = OP2(0, DIV, TLUA_I64, cint(ir, 0, TLUA_I64, INT64_MIN), cint(ir, 0, TLUA_I64, -1));
  vals[n++] = OP2(0, REM, TLUA_I64, cint(ir, 0, TLUA_I64, INT64_MIN), cint(ir, 0, TLUA_I64, -1));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, DIV, TLUA_I32, cint(ir, 0, TLUA_I32, -7), cint(ir, 0, TLUA_I32, 2)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, REM, TLUA_I32, cint(ir, 0, TLUA_I32, -7), cint(ir, 0, TLUA_I32, 2)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, SHL, TLUA_I32, cint(ir, 0, TLUA_I32, 1), cint(ir, 0, TLUA_I32, 33)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, SHR, TLUA_I32, cint(ir, 0, TLUA_I32, -8), cint(ir, 0, TLUA_I32, 1)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, SHR, TLUA_U32, cint(ir, 0, TLUA_U32, 0x80000000u), cint(ir, 0, TLUA_U32, 31)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP1(0, NEG, TLUA_I32, cint(ir, 0, TLUA_I32, INT32_MIN)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP1(0, ABS, TLUA_I16, cint(ir, 0, TLUA_I16, -300)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, MAX, TLUA_U32, cint(ir, 0, TLUA_U32, 0xffffffffu), cint(ir, 0, TLUA_U32, 1)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP1(0, NOT, TLUA_U8, cint(ir, 0, TLUA_U8, 0x0f)));
  vals[n++] = OP1(0, CAST, TLUA_I64, OP2(0, SHL, TLUA_U8, cint(ir, 0, TLUA_U8, 0xff), cint(ir, 0, TLUA_U8, 4)));
  for (int i = 0; i < n; i++) store(ir, 0, pi, cint(ir, 0, TLUA_I32, i), vals[i], -1);
  int64_t o[16];
  tlua_ExecArg args[1] = {tensor_arg(o, 16)};
  RUN_OK(ir, args, 1);
  const int64_t want[16] = {INT32_MIN, -128, 255, 1, INT64_MIN, 0, -3, -1, 2, -4, 1, INT32_MIN, 300,
                            0xffffffffu, 0xf0, 0xf0};
  for (int i = 0; i < n; i++) {
    if (o[i] != want[i]) TU_FAIL_("value %d: got %lld, want %lld", i, (long long)o[i], (long long)want[i]);
  }
  tlua_ir_free(ir);
}

TU_TEST(integer_division_by_zero_is_an_error) {
  tlua_IR *ir = tlua_ir_new("divz", 8, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int d = OP2(0, SUB, TLUA_I32, t, cint(ir, 0, TLUA_I32, 5));   /* zero at thread 5 */
  int q = OP2(0, DIV, TLUA_I32, cint(ir, 0, TLUA_I32, 100), d);
  store(ir, 0, po, t, q, -1);
  int32_t o[8];
  tlua_ExecArg args[1] = {tensor_arg(o, 8)};
  char err[256];
  ASSERT_EQ(run(ir, args, 1, err), -1);
  ASSERT_CONTAINS(err, "kernel divz: integer division by zero at line");
  ASSERT_CONTAINS(err, "thread 5,");
  tlua_ir_free(ir);
}

/* (a, b) = (7, 3) in every dtype: + - * / rem min max and b - a, read back as f64 */
TU_TEST(arith_each_dtype) {
  static const tlua_DType dts[12] = {TLUA_F16, TLUA_BF16, TLUA_F32, TLUA_F64, TLUA_I8, TLUA_U8,
                                     TLUA_I16, TLUA_U16, TLUA_I32, TLUA_U32, TLUA_I64, TLUA_U64};
  static const tlua_Op ops[7] = {TLUA_OP_ADD, TLUA_OP_SUB, TLUA_OP_MUL, TLUA_OP_DIV, TLUA_OP_REM,
                                 TLUA_OP_MIN, TLUA_OP_MAX};
  tlua_IR *ir = tlua_ir_new("each", 1, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_F64, 1);
  int k = 0;
  for (int d = 0; d < 12; d++) {
    tlua_DType dt = dts[d];
    const tlua_DTypeInfo *di = tlua_dtype_info(dt);
    int a = di->is_float ? cflt(ir, 0, dt, 7) : cint(ir, 0, dt, 7);
    int b = di->is_float ? cflt(ir, 0, dt, 3) : cint(ir, 0, dt, 3);
    for (int j = 0; j < 8; j++) {
      int r = j < 7 ? emv(ir, 0, 1, ops[j], dt, 2, a, b) : OP2(0, SUB, dt, b, a);
      store(ir, 0, po, cint(ir, 0, TLUA_I32, k++), OP1(0, CAST, TLUA_F64, r), -1);
    }
  }
  /* bool logic */
  int t1 = cint(ir, 0, TLUA_BOOL, 1), f0 = cint(ir, 0, TLUA_BOOL, 0);
  int bl[4] = {OP2(0, AND, TLUA_BOOL, t1, f0), OP2(0, OR, TLUA_BOOL, t1, f0),
               OP2(0, XOR, TLUA_BOOL, t1, t1), OP1(0, NOT, TLUA_BOOL, f0)};
  for (int j = 0; j < 4; j++) store(ir, 0, po, cint(ir, 0, TLUA_I32, k++), OP1(0, CAST, TLUA_F64, bl[j]), -1);
  double o[12 * 8 + 4];
  tlua_ExecArg args[1] = {tensor_arg(o, 12 * 8 + 4)};
  RUN_OK(ir, args, 1);
  for (int d = 0; d < 12; d++) {
    const tlua_DTypeInfo *di = tlua_dtype_info(dts[d]);
    double q = dts[d] == TLUA_F64 ? 7.0 / 3.0 : (double)(7.0f / 3.0f);
    if (dts[d] == TLUA_F16) q = tlua_half_to_float(tlua_float_to_half(7.0f / 3.0f));
    if (dts[d] == TLUA_BF16) q = tlua_bf16_to_float(tlua_float_to_bf16(7.0f / 3.0f));
    double neg4 = di->is_float || di->is_signed ? -4.0 : ldexp(1.0, 8 * di->size) - 4.0;
    const double want[8] = {10, 4, 21, di->is_float ? q : 2, 1, 3, 7, neg4};
    for (int j = 0; j < 8; j++)
      if (o[d * 8 + j] != want[j]) TU_FAIL_("%s op %d: got %.17g, want %.17g", di->name, j, o[d * 8 + j], want[j]);
  }
  ASSERT(o[96] == 0 && o[97] == 1 && o[98] == 0 && o[99] == 1);
  tlua_ir_free(ir);
}

/* a zero divisor on lanes that are not active (another branch) is no error */
TU_TEST(division_by_zero_on_inactive_lanes_is_fine) {
  tlua_IR *ir = tlua_ir_new("divok", 8, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int d = OP2(0, SUB, TLUA_I32, t, cint(ir, 0, TLUA_I32, 5));
  int nz = OP2(0, NE, TLUA_BOOL, d, cint(ir, 0, TLUA_I32, 0));
  int rt = tlua_ir_new_region(ir);
  int f = OP2(0, IF, 0, nz, cint(ir, 0, TLUA_I32, -99));
  ir->instrs[f].region[0] = rt;
  OP1(rt, YIELD, 0, OP2(rt, DIV, TLUA_I32, cint(ir, rt, TLUA_I32, 100), d));
  store(ir, 0, po, t, set_imm(ir, OP1(0, IF_RESULT, TLUA_I32, f), 0), -1);
  int32_t o[8];
  tlua_ExecArg args[1] = {tensor_arg(o, 8)};
  RUN_OK(ir, args, 1);
  for (int i = 0; i < 8; i++) ASSERT_EQ(o[i], i == 5 ? -99 : 100 / (i - 5));
  tlua_ir_free(ir);
}

/* --- casts ------------------------------------------------------------------------------------------- */

TU_TEST(casts_follow_c_and_clamp) {
  tlua_IR *ir = tlua_ir_new("casts", 1, 32);
  int pi = tlua_ir_add_param(ir, "i", TLUA_PARAM_TENSOR, TLUA_I64, 1);
  int pf = tlua_ir_add_param(ir, "f", TLUA_PARAM_TENSOR, TLUA_F64, 1);
  int iv[16], ni = 0;
#define TO_I64(dt, x) OP1(0, CAST, TLUA_I64, OP1(0, CAST, dt, x))
  iv[ni++] = TO_I64(TLUA_I32, cflt(ir, 0, TLUA_F32, -2.7));
  iv[ni++] = TO_I64(TLUA_I32, cflt(ir, 0, TLUA_F32, 1e10));
  iv[ni++] = TO_I64(TLUA_I32, cflt(ir, 0, TLUA_F32, -1e10));
  iv[ni++] = TO_I64(TLUA_I32, cflt(ir, 0, TLUA_F32, NAN));
  iv[ni++] = TO_I64(TLUA_U8, cflt(ir, 0, TLUA_F32, 300));
  iv[ni++] = TO_I64(TLUA_U8, cflt(ir, 0, TLUA_F32, -5));
  iv[ni++] = TO_I64(TLUA_I8, cint(ir, 0, TLUA_I32, 300));
  iv[ni++] = TO_I64(TLUA_U16, cint(ir, 0, TLUA_I32, -1));
  iv[ni++] = TO_I64(TLUA_BOOL, cflt(ir, 0, TLUA_F32, 0.5));
  iv[ni++] = TO_I64(TLUA_BOOL, cint(ir, 0, TLUA_I32, 0));
  iv[ni++] = OP1(0, CAST, TLUA_I64, cflt(ir, 0, TLUA_F64, 1e300));
  iv[ni++] = TO_I64(TLUA_U32, cint(ir, 0, TLUA_I8, -1));
  for (int i = 0; i < ni; i++) store(ir, 0, pi, cint(ir, 0, TLUA_I32, i), iv[i], -1);
  int fv[8], nf = 0;
#define TO_F64(dt, x) OP1(0, CAST, TLUA_F64, OP1(0, CAST, dt, x))
  fv[nf++] = TO_F64(TLUA_F32, cflt(ir, 0, TLUA_F64, 0.1));
  fv[nf++] = TO_F64(TLUA_F16, cflt(ir, 0, TLUA_F64, 0.1));
  fv[nf++] = TO_F64(TLUA_F16, cint(ir, 0, TLUA_I64, 2049));           /* tie: to 2048 */
  fv[nf++] = TO_F64(TLUA_F16, cint(ir, 0, TLUA_I64, 2051));           /* tie: to 2052 */
  fv[nf++] = TO_F64(TLUA_F32, cint(ir, 0, TLUA_U64, (int64_t)UINT64_MAX));
  fv[nf++] = TO_F64(TLUA_BF16, cint(ir, 0, TLUA_I32, 257));           /* tie: to 256 */
  fv[nf++] = TO_F64(TLUA_F16, cint(ir, 0, TLUA_I32, 70000));          /* overflow: inf */
  for (int i = 0; i < nf; i++) store(ir, 0, pf, cint(ir, 0, TLUA_I32, i), fv[i], -1);
  int64_t io[16];
  double fo[8];
  tlua_ExecArg args[2] = {tensor_arg(io, 16), tensor_arg(fo, 8)};
  RUN_OK(ir, args, 1);
  const int64_t iw[] = {-2, INT32_MAX, INT32_MIN, 0, 255, 0, 44, 65535, 1, 0, INT64_MAX, 0xffffffffLL};
  for (int i = 0; i < ni; i++)
    if (io[i] != iw[i]) TU_FAIL_("int cast %d: got %lld, want %lld", i, (long long)io[i], (long long)iw[i]);
  ASSERT(fo[0] == (double)0.1f);
  ASSERT(fo[1] == 0.0999755859375);
  ASSERT(fo[2] == 2048.0);
  ASSERT(fo[3] == 2052.0);
  ASSERT(fo[4] == 18446744073709551616.0);
  ASSERT(fo[5] == 256.0);
  ASSERT(isinf(fo[6]));
  tlua_ir_free(ir);
}

TU_TEST(select_and_comparisons) {
  tlua_IR *ir = tlua_ir_new("sel", 8, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_F32, 1);
  int pb = tlua_ir_add_param(ir, "b", TLUA_PARAM_TENSOR, TLUA_BOOL, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int lt = OP2(0, LT, TLUA_BOOL, t, cint(ir, 0, TLUA_I32, 3));
  int v = OP3(0, SELECT, TLUA_F32, lt, cflt(ir, 0, TLUA_F32, 1.5), cflt(ir, 0, TLUA_F32, -2.5));
  store(ir, 0, po, t, v, -1);
  int nan = cflt(ir, 0, TLUA_F32, NAN);
  int ne = OP2(0, NE, TLUA_BOOL, nan, nan), eq = OP2(0, EQ, TLUA_BOOL, nan, nan);
  int uge = OP2(0, GE, TLUA_BOOL, cint(ir, 0, TLUA_U32, 0xffffffffu), cint(ir, 0, TLUA_U32, 1));
  int sge = OP2(0, GE, TLUA_BOOL, cint(ir, 0, TLUA_I32, -1), cint(ir, 0, TLUA_I32, 1));
  store(ir, 0, pb, cint(ir, 0, TLUA_I32, 0), ne, -1);
  store(ir, 0, pb, cint(ir, 0, TLUA_I32, 1), eq, -1);
  store(ir, 0, pb, cint(ir, 0, TLUA_I32, 2), uge, -1);
  store(ir, 0, pb, cint(ir, 0, TLUA_I32, 3), sge, -1);
  float o[8];
  uint8_t b[4];
  tlua_ExecArg args[2] = {tensor_arg(o, 8), tensor_arg(b, 4)};
  RUN_OK(ir, args, 1);
  for (int i = 0; i < 8; i++) ASSERT(o[i] == (i < 3 ? 1.5f : -2.5f));
  ASSERT_EQ(b[0], 1);
  ASSERT_EQ(b[1], 0);
  ASSERT_EQ(b[2], 1);
  ASSERT_EQ(b[3], 0);
  tlua_ir_free(ir);
}

/* --- memory ------------------------------------------------------------------------------------------- */

/* 16 threads over a 10-element tensor: lanes 10..15 are masked, get the pad and touch nothing */
TU_TEST(masked_load_gives_pad) {
  tlua_IR *ir = tlua_ir_new("masked", 16, 32);
  int px = tlua_ir_add_param(ir, "x", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int py = tlua_ir_add_param(ir, "y", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int n = set_imm(ir, OP0(0, SHAPE, TLUA_I64), px);   /* shape[0] of x */
  int in = OP2(0, LT, TLUA_BOOL, OP1(0, CAST, TLUA_I64, t), n);
  int v = load(ir, 0, px, t, in);
  set_pad(ir, v, -7, 0);   /* integer pads are in imm2 (imm names the tensor) */
  store(ir, 0, py, t, v, -1);
  /* masked store: only lanes < 10 write the tensor z */
  int pz = tlua_ir_add_param(ir, "z", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  store(ir, 0, pz, t, t, in);
  int32_t x[10], y[16], z[10];
  for (int i = 0; i < 10; i++) x[i] = 100 + i, z[i] = -1;
  tlua_ExecArg args[3] = {tensor_arg(x, 10), tensor_arg(y, 16), tensor_arg(z, 10)};
  RUN_OK(ir, args, 1);
  for (int i = 0; i < 16; i++) ASSERT_EQ(y[i], i < 10 ? 100 + i : -7);
  for (int i = 0; i < 10; i++) ASSERT_EQ(z[i], i);
  tlua_ir_free(ir);
}

/* the compact encoding of memory operands (absent optional operands left out, as the tracer
 * emits them): load (offset[, mask]), store (offset, value[, mask]), atomic (offset, value[, mask]) */
TU_TEST(compact_memory_operands) {
  tlua_IR *ir = tlua_ir_new("compact", 8, 32);
  int px = tlua_ir_add_param(ir, "x", TLUA_PARAM_TENSOR, TLUA_F32, 1);
  int pc = tlua_ir_add_param(ir, "c", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int lt4 = OP2(0, LT, TLUA_BOOL, t, cint(ir, 0, TLUA_I32, 4));
  int v = set_imm(ir, OP1(0, LOAD, TLUA_F32, t), px);                      /* no mask */
  int w = set_pad(ir, set_imm(ir, OP2(0, LOAD, TLUA_F32, t, lt4), px), 0, 2.5);
  int sum = OP2(0, ADD, TLUA_F32, v, w);
  set_imm(ir, OP3(0, STORE, 0, t, sum, lt4), px);                          /* masked */
  set_imm(ir, OP2(0, STORE, 0, OP2(0, ADD, TLUA_I32, t, cint(ir, 0, TLUA_I32, 8)), v), px);
  int one = cint(ir, 0, TLUA_I32, 1), zero = cint(ir, 0, TLUA_I32, 0);
  int32_t ops3[3] = {zero, one, lt4};
  int a = tlua_ir_emit(ir, 0, TLUA_OP_ATOMIC, TLUA_I32, 0, ops3, 3, 1);     /* add with a mask */
  ir->instrs[a].imm = pc;
  int32_t ops2[2] = {one, one};
  a = tlua_ir_emit(ir, 0, TLUA_OP_ATOMIC, TLUA_I32, 0, ops2, 2, 1);         /* add, no mask */
  ir->instrs[a].imm = pc;
  int32_t opsc[3] = {one, cint(ir, 0, TLUA_I32, 100), cint(ir, 0, TLUA_I32, 8)};
  a = tlua_ir_emit(ir, 0, TLUA_OP_ATOMIC, TLUA_I32, 1, opsc, 3, 1);         /* cas, no mask */
  ir->instrs[a].imm = pc;
  ir->instrs[a].atomic_op = TLUA_ATOMIC_CAS;
  ir->instrs[a].want_old = 1;
  store(ir, 0, pc, OP2(0, ADD, TLUA_I32, t, cint(ir, 0, TLUA_I32, 2)), a, -1);
  float x[16];
  int32_t c[10] = {0};
  for (int i = 0; i < 8; i++) x[i] = (float)i;
  tlua_ExecArg args[2] = {tensor_arg(x, 16), tensor_arg(c, 10)};
  RUN_OK(ir, args, 1);
  for (int i = 0; i < 8; i++) {
    ASSERT(x[i] == (i < 4 ? 2.0f * (float)i : (float)i));   /* lanes >= 4: store masked off */
    ASSERT(x[8 + i] == (float)i);
  }
  ASSERT_EQ(c[0], 4);
  ASSERT_EQ(c[1], 100);            /* 8 adds give 8, then lane 0's cas swaps in 100 */
  ASSERT_EQ(c[2], 8);              /* lane 0 saw 8 */
  for (int i = 1; i < 8; i++) ASSERT_EQ(c[2 + i], 100);
  tlua_ir_free(ir);
}

TU_TEST(out_of_bounds_names_tensor_offset_extent_line) {
  tlua_IR *ir = tlua_ir_new("oob", 16, 32);
  int px = tlua_ir_add_param(ir, "x", TLUA_PARAM_TENSOR, TLUA_F32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int v = load(ir, 0, px, t, -1);
  ir->instrs[v].line = 42;
  store_tid(ir, 0, px, v);
  float x[10] = {0};
  tlua_ExecArg args[1] = {tensor_arg(x, 10)};
  char err[256];
  ASSERT_EQ(run(ir, args, 1, err), -1);
  ASSERT_STR_EQ(err, "kernel oob: load from x: offset 10 is outside [0, 10) at line 42 (thread 10, block (0, 0, 0))");
  tlua_ir_free(ir);
  /* a negative offset in a store, and an LDS buffer */
  ir = tlua_ir_new("oob2", 4, 32);
  tlua_ir_add_lds(ir, TLUA_F32, 4);
  t = OP0(0, THREAD_ID, TLUA_I32);
  int off = OP2(0, SUB, TLUA_I32, t, cint(ir, 0, TLUA_I32, 2));
  int s = set_imm(ir, OP3(0, LDS_STORE, 0, off, cflt(ir, 0, TLUA_F32, 1), -1), 0);
  ir->instrs[s].line = 7;
  ASSERT_EQ(run(ir, NULL, 1, err), -1);
  ASSERT_CONTAINS(err, "store to LDS buffer 0 (f32[4]): offset -2 is outside [0, 4) at line 7 (thread 0");
  tlua_ir_free(ir);
}

/* --- control flow ------------------------------------------------------------------------------------ */

/* if (t is even) r = t * 10 else r = -t; plus an if without else keeping its init for odd lanes */
TU_TEST(if_divergence_with_results) {
  tlua_IR *ir = tlua_ir_new("ifs", 32, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int pq = tlua_ir_add_param(ir, "q", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int even = OP2(0, EQ, TLUA_BOOL, OP2(0, AND, TLUA_I32, t, cint(ir, 0, TLUA_I32, 1)), cint(ir, 0, TLUA_I32, 0));
  int init = cint(ir, 0, TLUA_I32, 5);
  int rt = tlua_ir_new_region(ir), re = tlua_ir_new_region(ir);
  int f = OP2(0, IF, 0, even, init);
  ir->instrs[f].region[0] = rt;
  ir->instrs[f].region[1] = re;
  OP1(rt, YIELD, 0, OP2(rt, MUL, TLUA_I32, t, cint(ir, rt, TLUA_I32, 10)));
  OP1(re, YIELD, 0, OP1(re, NEG, TLUA_I32, t));
  int res = set_imm(ir, OP1(0, IF_RESULT, TLUA_I32, f), 0);
  store(ir, 0, po, t, res, -1);
  int rt2 = tlua_ir_new_region(ir);
  int f2 = OP2(0, IF, 0, even, init);
  ir->instrs[f2].region[0] = rt2;
  OP1(rt2, YIELD, 0, t);
  int res2 = set_imm(ir, OP1(0, IF_RESULT, TLUA_I32, f2), 0);
  store(ir, 0, pq, t, res2, -1);
  int32_t o[32], q[32];
  tlua_ExecArg args[2] = {tensor_arg(o, 32), tensor_arg(q, 32)};
  RUN_OK(ir, args, 1);
  for (int i = 0; i < 32; i++) {
    ASSERT_EQ(o[i], i % 2 == 0 ? i * 10 : -i);
    ASSERT_EQ(q[i], i % 2 == 0 ? i : 5);
  }
  tlua_ir_free(ir);
}

/* k:when style: an if carrying nothing, without yields, storing only in its then branch */
TU_TEST(if_without_values_or_yields) {
  tlua_IR *ir = tlua_ir_new("when", 16, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int c = OP2(0, GE, TLUA_BOOL, t, cint(ir, 0, TLUA_I32, 10));
  int rt = tlua_ir_new_region(ir), re = tlua_ir_new_region(ir);
  int f = OP1(0, IF, 0, c);
  ir->instrs[f].region[0] = rt;
  ir->instrs[f].region[1] = re;
  store(ir, rt, po, t, OP2(rt, MUL, TLUA_I32, t, t), -1);
  int32_t o[16];
  for (int i = 0; i < 16; i++) o[i] = -1;
  tlua_ExecArg args[1] = {tensor_arg(o, 16)};
  RUN_OK(ir, args, 1);
  for (int i = 0; i < 16; i++) ASSERT_EQ(o[i], i >= 10 ? i * i : -1);
  tlua_ir_free(ir);
}

/* for (i = 0; i < t; i++) acc += i: per-lane trip counts; (a, b) -> (b, a + b) swaps carries */
TU_TEST(for_carried_values_per_lane_trip_counts) {
  tlua_IR *ir = tlua_ir_new("loops", 32, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int pf = tlua_ir_add_param(ir, "f", TLUA_PARAM_TENSOR, TLUA_I64, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int zero = cint(ir, 0, TLUA_I32, 0), one = cint(ir, 0, TLUA_I32, 1);
  int body = tlua_ir_new_region(ir);
  int f = OP4(0, FOR, 0, zero, t, one, zero);
  ir->instrs[f].region[0] = body;
  int iv = OP0(body, LOOP_IV, TLUA_I32);
  int acc = set_imm(ir, OP0(body, LOOP_CARRY, TLUA_I32), 0);
  OP1(body, YIELD, 0, OP2(body, ADD, TLUA_I32, acc, iv));
  int sum = set_imm(ir, OP1(0, FOR_RESULT, TLUA_I32, f), 0);
  store(ir, 0, po, t, sum, -1);
  /* fibonacci: a, b = 0, 1; for i < t: a, b = b, a + b */
  int b2 = tlua_ir_new_region(ir);
  int a0 = cint(ir, 0, TLUA_I64, 0), b0 = cint(ir, 0, TLUA_I64, 1);
  int f2 = OP5(0, FOR, 0, zero, t, one, a0, b0);
  ir->instrs[f2].region[0] = b2;
  OP0(b2, LOOP_IV, TLUA_I32);
  int ca = set_imm(ir, OP0(b2, LOOP_CARRY, TLUA_I64), 0);
  int cb = set_imm(ir, OP0(b2, LOOP_CARRY, TLUA_I64), 1);
  OP2(b2, YIELD, 0, cb, OP2(b2, ADD, TLUA_I64, ca, cb));
  int fa = set_imm(ir, OP1(0, FOR_RESULT, TLUA_I64, f2), 0);
  set_imm(ir, OP1(0, FOR_RESULT, TLUA_I64, f2), 1);
  store(ir, 0, pf, t, fa, -1);
  int32_t o[32];
  int64_t fo[32];
  tlua_ExecArg args[2] = {tensor_arg(o, 32), tensor_arg(fo, 32)};
  RUN_OK(ir, args, 1);
  int64_t fa_ = 0, fb_ = 1;
  for (int i = 0; i < 32; i++) {
    ASSERT_EQ(o[i], i * (i - 1) / 2);
    ASSERT_EQ(fo[i], fa_);
    int64_t nx = fa_ + fb_;
    fa_ = fb_;
    fb_ = nx;
  }
  tlua_ir_free(ir);
}

/* for i in [0, t): for j in [i, t) step 2: acc += i * j, with an if inside the inner loop */
TU_TEST(nested_loops) {
  tlua_IR *ir = tlua_ir_new("nest", 16, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int zero = cint(ir, 0, TLUA_I32, 0), one = cint(ir, 0, TLUA_I32, 1), two = cint(ir, 0, TLUA_I32, 2);
  int outer = tlua_ir_new_region(ir), inner = tlua_ir_new_region(ir), then = tlua_ir_new_region(ir);
  int fo = OP4(0, FOR, 0, zero, t, one, zero);
  ir->instrs[fo].region[0] = outer;
  int i = OP0(outer, LOOP_IV, TLUA_I32);
  int acc = set_imm(ir, OP0(outer, LOOP_CARRY, TLUA_I32), 0);
  int fi = OP4(outer, FOR, 0, i, t, two, acc);
  ir->instrs[fi].region[0] = inner;
  int j = OP0(inner, LOOP_IV, TLUA_I32);
  int acc2 = set_imm(ir, OP0(inner, LOOP_CARRY, TLUA_I32), 0);
  int prod = OP2(inner, MUL, TLUA_I32, i, j);
  int big = OP2(inner, GT, TLUA_BOOL, prod, cint(ir, inner, TLUA_I32, 20));
  int fif = OP2(inner, IF, 0, big, prod);
  ir->instrs[fif].region[0] = then;
  OP1(then, YIELD, 0, OP2(then, MUL, TLUA_I32, prod, cint(ir, then, TLUA_I32, 3)));
  int contrib = set_imm(ir, OP1(inner, IF_RESULT, TLUA_I32, fif), 0);
  OP1(inner, YIELD, 0, OP2(inner, ADD, TLUA_I32, acc2, contrib));
  int inner_res = set_imm(ir, OP1(outer, FOR_RESULT, TLUA_I32, fi), 0);
  OP1(outer, YIELD, 0, inner_res);
  int res = set_imm(ir, OP1(0, FOR_RESULT, TLUA_I32, fo), 0);
  store(ir, 0, po, t, res, -1);
  int32_t o[16];
  tlua_ExecArg args[1] = {tensor_arg(o, 16)};
  RUN_OK(ir, args, 1);
  for (int l = 0; l < 16; l++) {
    int want = 0;
    for (int a = 0; a < l; a++)
      for (int b = a; b < l; b += 2) want += a * b > 20 ? a * b * 3 : a * b;
    ASSERT_EQ(o[l], want);
  }
  tlua_ir_free(ir);
}

TU_TEST(loop_step_must_be_positive) {
  tlua_IR *ir = tlua_ir_new("step", 4, 32);
  int zero = cint(ir, 0, TLUA_I32, 0);
  int body = tlua_ir_new_region(ir);
  int f = OP3(0, FOR, 0, zero, cint(ir, 0, TLUA_I32, 10), zero);
  ir->instrs[f].region[0] = body;
  ir->instrs[f].line = 9;
  OP0(body, LOOP_IV, TLUA_I32);
  OP0(body, YIELD, 0);
  char err[256];
  ASSERT_EQ(run(ir, NULL, 1, err), -1);
  ASSERT_CONTAINS(err, "loop step must be positive, got 0 at line 9");
  tlua_ir_free(ir);
}

/* --- barriers and LDS -------------------------------------------------------------------------------- */

TU_TEST(barrier_in_divergent_if_is_an_error) {
  tlua_IR *ir = tlua_ir_new("div", 32, 32);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int c = OP2(0, LT, TLUA_BOOL, t, cint(ir, 0, TLUA_I32, 5));
  int rt = tlua_ir_new_region(ir);
  int f = OP1(0, IF, 0, c);
  ir->instrs[f].region[0] = rt;
  int b = OP0(rt, BARRIER, 0);
  ir->instrs[b].line = 17;
  OP0(rt, YIELD, 0);
  char err[256];
  ASSERT_EQ(run(ir, NULL, 1, err), -1);
  ASSERT_STR_EQ(err, "kernel div: barrier reached by 5 of 32 threads (divergent control flow) at line 17");
  tlua_ir_free(ir);
}

/* a barrier in a loop is fine while every lane iterates, an error once some have left */
TU_TEST(barrier_in_loops) {
  for (int uniform = 0; uniform < 2; uniform++) {
    tlua_IR *ir = tlua_ir_new("loopbar", 8, 32);
    int t = OP0(0, THREAD_ID, TLUA_I32);
    int zero = cint(ir, 0, TLUA_I32, 0), one = cint(ir, 0, TLUA_I32, 1);
    int hi = uniform ? cint(ir, 0, TLUA_I32, 4) : OP2(0, ADD, TLUA_I32, t, one);
    int body = tlua_ir_new_region(ir);
    int f = OP3(0, FOR, 0, zero, hi, one);
    ir->instrs[f].region[0] = body;
    OP0(body, LOOP_IV, TLUA_I32);
    int b = OP0(body, BARRIER, 0);
    ir->instrs[b].line = 3;
    OP0(body, YIELD, 0);
    char err[256];
    int rc = run(ir, NULL, 1, err);
    if (uniform) {
      ASSERT_EQ(rc, 0);
    } else {
      ASSERT_EQ(rc, -1);
      ASSERT_CONTAINS(err, "barrier reached by 7 of 8 threads (divergent control flow) at line 3");
    }
    tlua_ir_free(ir);
  }
}

/* thread t writes lds[t], barrier, thread t reads lds[block-1-t]; two blocks, LDS zeroed per block */
TU_TEST(lds_round_trip_through_barrier) {
  enum { B = 64 };
  tlua_IR *ir = tlua_ir_new("lds", B, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_F32, 1);
  int pz = tlua_ir_add_param(ir, "z", TLUA_PARAM_TENSOR, TLUA_F32, 1);
  tlua_ir_add_lds(ir, TLUA_F32, B);
  tlua_ir_add_lds(ir, TLUA_F32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int bid = OP0(0, BLOCK_ID, TLUA_I32);
  /* lds1[0] is read before anything writes it: 0 in every block */
  int z0 = set_imm(ir, OP2(0, LDS_LOAD, TLUA_F32, cint(ir, 0, TLUA_I32, 0), -1), 1);
  int tf = OP1(0, CAST, TLUA_F32, OP2(0, ADD, TLUA_I32, t, OP2(0, MUL, TLUA_I32, bid, cint(ir, 0, TLUA_I32, 1000))));
  set_imm(ir, OP3(0, LDS_STORE, 0, t, OP2(0, MUL, TLUA_F32, tf, cflt(ir, 0, TLUA_F32, 0.5)), -1), 0);
  set_imm(ir, OP3(0, LDS_STORE, 0, cint(ir, 0, TLUA_I32, 0), tf, -1), 1);
  OP0(0, BARRIER, 0);
  int rev = OP2(0, SUB, TLUA_I32, cint(ir, 0, TLUA_I32, B - 1), t);
  int v = set_imm(ir, OP2(0, LDS_LOAD, TLUA_F32, rev, -1), 0);
  int gidx = OP2(0, ADD, TLUA_I32, t, OP2(0, MUL, TLUA_I32, bid, cint(ir, 0, TLUA_I32, B)));
  store(ir, 0, po, gidx, v, -1);
  store(ir, 0, pz, gidx, z0, -1);
  float o[2 * B], z[2 * B];
  tlua_ExecArg args[2] = {tensor_arg(o, 2 * B), tensor_arg(z, 2 * B)};
  RUN_OK(ir, args, 2);
  for (int b = 0; b < 2; b++)
    for (int i = 0; i < B; i++) {
      ASSERT(o[b * B + i] == 0.5f * (float)(B - 1 - i + 1000 * b));
      ASSERT(z[b * B + i] == 0.0f);
    }
  tlua_ir_free(ir);
}

TU_TEST(lds_over_limit_and_bad_grid) {
  tlua_IR *ir = tlua_ir_new("big", 32, 32);
  tlua_ir_add_lds(ir, TLUA_F64, 29056);
  tlua_ir_add_lds(ir, TLUA_F32, 1);
  char err[256];
  int64_t grid[3] = {1, 1, 1};
  ASSERT_EQ(tlua_exec_run(ir, NULL, grid, NULL, NULL, err, sizeof err), -1);
  ASSERT_STR_EQ(err, "kernel big: LDS use of 232452 bytes is over the limit of 232448 bytes");
  tlua_ExecLimits lim = {1 << 20, 0};
  ASSERT_EQ(tlua_exec_run(ir, NULL, grid, &lim, NULL, err, sizeof err), 0);
  grid[1] = 0;
  ASSERT_EQ(tlua_exec_run(ir, NULL, grid, &lim, NULL, err, sizeof err), -1);
  ASSERT_CONTAINS(err, "kernel big: grid dimension 1 is 0");
  tlua_ir_free(ir);
}

/* --- shuffles ---------------------------------------------------------------------------------------- */

/* xor butterfly: after log2(warp) steps every lane holds its warp's sum; shfl_idx broadcasts lane 3 */
TU_TEST(shuffle_butterfly_warp32_and_64) {
  for (int w = 32; w <= 64; w *= 2) {
    enum { B = 128 };
    tlua_IR *ir = tlua_ir_new("shfl", B, w);
    int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_I32, 1);
    int pb = tlua_ir_add_param(ir, "b", TLUA_PARAM_TENSOR, TLUA_I32, 1);
    int t = OP0(0, THREAD_ID, TLUA_I32);
    int v = OP2(0, MUL, TLUA_I32, t, t);
    for (int s = w / 2; s >= 1; s /= 2) v = OP2(0, ADD, TLUA_I32, v, set_imm(ir, OP1(0, SHFL_XOR, TLUA_I32, v), s));
    store(ir, 0, po, t, v, -1);
    int bc = OP2(0, SHFL_IDX, TLUA_I32, t, cint(ir, 0, TLUA_I32, w + 3));  /* lane (w+3) mod w = 3 */
    store(ir, 0, pb, t, bc, -1);
    int32_t o[B], b[B];
    tlua_ExecArg args[2] = {tensor_arg(o, B), tensor_arg(b, B)};
    RUN_OK(ir, args, 1);
    for (int i = 0; i < B; i++) {
      int base = i / w * w, want = 0;
      for (int l = base; l < base + w; l++) want += l * l;
      ASSERT_EQ(o[i], want);
      ASSERT_EQ(b[i], base + 3);
    }
    tlua_ir_free(ir);
  }
}

/* a partial last warp: a source lane past the block gives the caller's own value */
TU_TEST(shuffle_partial_warp) {
  tlua_IR *ir = tlua_ir_new("shflp", 40, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  store(ir, 0, po, t, set_imm(ir, OP1(0, SHFL_XOR, TLUA_I32, t), 16), -1);
  int32_t o[40];
  tlua_ExecArg args[1] = {tensor_arg(o, 40)};
  RUN_OK(ir, args, 1);
  for (int i = 0; i < 32; i++) ASSERT_EQ(o[i], i ^ 16);
  for (int i = 32; i < 40; i++) ASSERT_EQ(o[i], i);  /* partner 48..55 does not exist */
  tlua_ir_free(ir);
}

/* --- atomics ---------------------------------------------------------------------------------------- */

TU_TEST(atomic_add_contention) {
  enum { B = 256, G = 3 };
  tlua_IR *ir = tlua_ir_new("count", B, 64);
  int pc = tlua_ir_add_param(ir, "c", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int pf = tlua_ir_add_param(ir, "f", TLUA_PARAM_TENSOR, TLUA_F32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int zero = cint(ir, 0, TLUA_I32, 0);
  atomic(ir, 0, TLUA_SPACE_GLOBAL, pc, TLUA_ATOMIC_ADD, 0, TLUA_I32, zero, cint(ir, 0, TLUA_I32, 1), -1, -1);
  atomic(ir, 0, TLUA_SPACE_GLOBAL, pc, TLUA_ATOMIC_ADD, 0, TLUA_I32, cint(ir, 0, TLUA_I32, 1), t, -1, -1);
  atomic(ir, 0, TLUA_SPACE_GLOBAL, pf, TLUA_ATOMIC_ADD, 0, TLUA_F32, zero, cflt(ir, 0, TLUA_F32, 0.5), -1, -1);
  int32_t c[2] = {0, 0};
  float f[1] = {0};
  tlua_ExecArg args[2] = {tensor_arg(c, 2), tensor_arg(f, 1)};
  RUN_OK(ir, args, G);
  ASSERT_EQ(c[0], B * G);
  ASSERT_EQ(c[1], G * B * (B - 1) / 2);
  ASSERT(f[0] == 0.5f * B * G);
  tlua_ir_free(ir);
}

/* cas(x, cmp = t, val = t + 1) succeeds in lane order, returning old = t; cas(y, 0, 100 + t) only
 * succeeds for lane 0; xchg hands each lane the previous lane's value; max/min/or on LDS */
TU_TEST(atomic_cas_xchg_max_min_old_values) {
  enum { B = 32 };
  tlua_IR *ir = tlua_ir_new("cas", B, 32);
  int pm = tlua_ir_add_param(ir, "mem", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  int po = tlua_ir_add_param(ir, "old", TLUA_PARAM_TENSOR, TLUA_I32, 1);
  tlua_ir_add_lds(ir, TLUA_U32, 3);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int k0 = cint(ir, 0, TLUA_I32, 0), k1 = cint(ir, 0, TLUA_I32, 1), k2 = cint(ir, 0, TLUA_I32, 2);
  int tp1 = OP2(0, ADD, TLUA_I32, t, k1);
  int o1 = atomic(ir, 0, TLUA_SPACE_GLOBAL, pm, TLUA_ATOMIC_CAS, 1, TLUA_I32, k0, tp1, t, -1);
  int o2 = atomic(ir, 0, TLUA_SPACE_GLOBAL, pm, TLUA_ATOMIC_CAS, 1, TLUA_I32, k1,
                  OP2(0, ADD, TLUA_I32, t, cint(ir, 0, TLUA_I32, 100)), k0, -1);
  int o3 = atomic(ir, 0, TLUA_SPACE_GLOBAL, pm, TLUA_ATOMIC_XCHG, 1, TLUA_I32, k2, t, -1, -1);
  int key = OP1(0, CAST, TLUA_U32, OP2(0, REM, TLUA_I32, OP2(0, MUL, TLUA_I32, t, cint(ir, 0, TLUA_I32, 7)),
                                       cint(ir, 0, TLUA_I32, 13)));
  atomic(ir, 0, TLUA_SPACE_LDS, 0, TLUA_ATOMIC_MAX, 0, TLUA_U32, k0, key, -1, -1);
  set_imm(ir, OP3(0, LDS_STORE, 0, k1, cint(ir, 0, TLUA_U32, 1000), -1), 0);  /* lane 31 writes last */
  OP0(0, BARRIER, 0);
  atomic(ir, 0, TLUA_SPACE_LDS, 0, TLUA_ATOMIC_MIN, 0, TLUA_U32, k1, OP2(0, ADD, TLUA_U32, key, cint(ir, 0, TLUA_U32, 5)), -1, -1);
  int odd = OP2(0, NE, TLUA_BOOL, OP2(0, AND, TLUA_I32, t, k1), k0);
  int bit = OP2(0, SHL, TLUA_U32, cint(ir, 0, TLUA_U32, 1), OP1(0, CAST, TLUA_U32, t));
  int o4 = atomic(ir, 0, TLUA_SPACE_LDS, 0, TLUA_ATOMIC_OR, 1, TLUA_U32, k2, bit, -1, odd);  /* masked */
  OP0(0, BARRIER, 0);
  for (int k = 0; k < 3; k++) {
    int v = OP1(0, CAST, TLUA_I32, set_imm(ir, OP2(0, LDS_LOAD, TLUA_U32, cint(ir, 0, TLUA_I32, k), -1), 0));
    store(ir, 0, pm, cint(ir, 0, TLUA_I32, 3 + k), v, -1);
  }
  int olds[4] = {o1, o2, o3, OP1(0, CAST, TLUA_I32, o4)};
  for (int k = 0; k < 4; k++)
    store(ir, 0, po, OP2(0, ADD, TLUA_I32, t, cint(ir, 0, TLUA_I32, k * B)), olds[k], -1);
  int32_t mem[6] = {0, 0, -1, 0, 0, 0}, old[4 * B];
  tlua_ExecArg args[2] = {tensor_arg(mem, 6), tensor_arg(old, 4 * B)};
  RUN_OK(ir, args, 1);
  ASSERT_EQ(mem[0], B);
  ASSERT_EQ(mem[1], 100);
  ASSERT_EQ(mem[2], B - 1);
  ASSERT_EQ(mem[3], 12);                      /* max of 7t mod 13 */
  ASSERT_EQ(mem[4], 5);                       /* min of (7t mod 13) + 5 and 1000 */
  ASSERT_EQ((uint32_t)mem[5], 0xaaaaaaaau);   /* odd lanes' bits */
  uint32_t acc = 0;
  for (int i = 0; i < B; i++) {
    ASSERT_EQ(old[i], i);
    ASSERT_EQ(old[B + i], i == 0 ? 0 : 100);
    ASSERT_EQ(old[2 * B + i], i == 0 ? -1 : i - 1);
    ASSERT_EQ((uint32_t)old[3 * B + i], i % 2 ? acc : 0u);  /* masked lanes: 0 */
    if (i % 2) acc |= 1u << i;
  }
  tlua_ir_free(ir);
}

/* --- launch facts, stats --------------------------------------------------------------------------- */

TU_TEST(params_shapes_block_ids_and_stats) {
  tlua_IR *ir = tlua_ir_new("ids", 2, 32);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_I64, 2);
  int ps = tlua_ir_add_param(ir, "s", TLUA_PARAM_SCALAR, TLUA_I64, 0);
  int pa = tlua_ir_add_param(ir, "alpha", TLUA_PARAM_SCALAR, TLUA_F32, 0);
  int t = OP1(0, CAST, TLUA_I64, OP0(0, THREAD_ID, TLUA_I32));
  int bx = OP1(0, CAST, TLUA_I64, OP0(0, BLOCK_ID, TLUA_I32));
  int by = OP1(0, CAST, TLUA_I64, set_imm(ir, OP0(0, BLOCK_ID, TLUA_I32), 1));
  int gx = OP1(0, CAST, TLUA_I64, OP0(0, GRID_DIM, TLUA_I32));
  int st0 = set_imm(ir, OP0(0, STRIDE, TLUA_I64), po);
  int sh1 = set_imm(ir, OP0(0, SHAPE, TLUA_I64), po);
  ir->instrs[sh1].imm2 = 1;
  /* row = by * gx + bx, o[row, t] = s + 10 * row + t + alpha*0 (alpha cast back) */
  int row = OP2(0, ADD, TLUA_I64, OP2(0, MUL, TLUA_I64, by, gx), bx);
  int val = OP2(0, ADD, TLUA_I64, OP2(0, ADD, TLUA_I64, set_imm(ir, OP0(0, PARAM, TLUA_I64), ps),
                                      OP2(0, MUL, TLUA_I64, row, cint(ir, 0, TLUA_I64, 10))), t);
  int al = OP1(0, CAST, TLUA_I64, set_imm(ir, OP0(0, PARAM, TLUA_F32), pa));
  val = OP2(0, ADD, TLUA_I64, val, al);
  int off = OP2(0, ADD, TLUA_I64, OP2(0, MUL, TLUA_I64, row, st0), t);
  store(ir, 0, po, off, OP2(0, ADD, TLUA_I64, val, OP2(0, MUL, TLUA_I64, sh1, cint(ir, 0, TLUA_I64, 1000))), -1);
  int64_t o[12];
  tlua_ExecArg args[3];
  memset(args, 0, sizeof args);
  args[0] = tensor_arg(o, 12);
  args[0].shape[0] = 6, args[0].shape[1] = 2, args[0].strides[0] = 2, args[0].strides[1] = 1;
  args[1].i = 7;
  args[2].f = 0.75;  /* truncates to 0 */
  int64_t grid[3] = {3, 2, 1};
  tlua_ExecStats st;
  char err[256];
  ASSERT_EQ(tlua_exec_run(ir, args, grid, NULL, &st, err, sizeof err), 0);
  for (int r = 0; r < 6; r++)
    for (int c = 0; c < 2; c++) ASSERT_EQ(o[r * 2 + c], 2007 + 10 * r + c);
  ASSERT_EQ(st.blocks, 6);
  ASSERT_EQ(st.lane_ops, (uint64_t)ir->ninstrs * 2 * 6);
  tlua_ir_free(ir);
}

TU_TEST(invalid_ir_is_refused) {
  tlua_IR *ir = tlua_ir_new("bad", 4, 32);
  OP2(0, ADD, TLUA_F32, cint(ir, 0, TLUA_I32, 1), cint(ir, 0, TLUA_I32, 2));
  char err[256];
  ASSERT_EQ(run(ir, NULL, 1, err), -1);
  ASSERT_CONTAINS(err, "kernel bad: invalid IR: instruction 2 (add, line");
  tlua_ir_free(ir);
}

/* --- throughput ------------------------------------------------------------------------------------ */

/* A long chain of f32 adds and muls over a 256-thread block: prints M lane-ops/s (goal >= 100 per
 * core); fails only if the result is wrong, never on speed. */
TU_TEST(throughput_f32_chain) {
  enum { B = 256, CHAIN = 2000 };
  tlua_IR *ir = tlua_ir_new("chain", B, 64);
  int po = tlua_ir_add_param(ir, "o", TLUA_PARAM_TENSOR, TLUA_F32, 1);
  int t = OP0(0, THREAD_ID, TLUA_I32);
  int v = OP1(0, CAST, TLUA_F32, t);
  int a = cflt(ir, 0, TLUA_F32, 0.999), b = cflt(ir, 0, TLUA_F32, 0.001);
  for (int i = 0; i < CHAIN; i++) v = i % 2 ? OP2(0, ADD, TLUA_F32, v, b) : OP2(0, MUL, TLUA_F32, v, a);
  store(ir, 0, po, t, v, -1);
  float o[B];
  tlua_ExecArg args[1] = {tensor_arg(o, B)};
  int64_t grid[3] = {200, 1, 1};
  tlua_ExecStats st;
  char err[256];
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  int rc = tlua_exec_run(ir, args, grid, NULL, &st, err, sizeof err);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  if (rc) TU_FAIL_("run failed: %s", err);
  double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
  printf("  throughput: %.0f M lane-ops/s (%llu lane-ops in %.3f s, one core)\n",
         (double)st.lane_ops / s / 1e6, (unsigned long long)st.lane_ops, s);
  for (int l = 0; l < B; l += 37) {
    volatile float x = (float)l;
    for (int i = 0; i < CHAIN; i++) x = i % 2 ? x + 0.001f : x * 0.999f;
    ASSERT_EQ(f32_bits(o[l]), f32_bits(x));
  }
  tlua_ir_free(ir);
}

TU_MAIN(TU_ENTRY(f32_arith_matches_c_float), TU_ENTRY(f16_bf16_round_after_each_op),
        TU_ENTRY(integer_wrap_and_shifts), TU_ENTRY(integer_division_by_zero_is_an_error),
        TU_ENTRY(arith_each_dtype), TU_ENTRY(division_by_zero_on_inactive_lanes_is_fine),
        TU_ENTRY(casts_follow_c_and_clamp), TU_ENTRY(select_and_comparisons),
        TU_ENTRY(masked_load_gives_pad), TU_ENTRY(compact_memory_operands),
        TU_ENTRY(out_of_bounds_names_tensor_offset_extent_line),
        TU_ENTRY(if_divergence_with_results), TU_ENTRY(if_without_values_or_yields),
        TU_ENTRY(for_carried_values_per_lane_trip_counts),
        TU_ENTRY(nested_loops), TU_ENTRY(loop_step_must_be_positive),
        TU_ENTRY(barrier_in_divergent_if_is_an_error), TU_ENTRY(barrier_in_loops),
        TU_ENTRY(lds_round_trip_through_barrier), TU_ENTRY(lds_over_limit_and_bad_grid),
        TU_ENTRY(shuffle_butterfly_warp32_and_64), TU_ENTRY(shuffle_partial_warp),
        TU_ENTRY(atomic_add_contention), TU_ENTRY(atomic_cas_xchg_max_min_old_values),
        TU_ENTRY(params_shapes_block_ids_and_stats), TU_ENTRY(invalid_ir_is_refused),
        TU_ENTRY(throughput_f32_chain))
