/* test_mma.c - unit tests of the warp MMA: the fragment layouts (src/mma.c) against the vendors'
 * tables, the reference computation, and TLUA_OP_MMA through the verifier, the CPU executor, the
 * serializer and the HIP generator, on hand-built IR. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "codegen_hip.h"
#include "dtype.h"
#include "exec.h"
#include "ir_serial.h"
#include "mma.h"
#include "ir_build.h"
#include "tu.h"

/* --- the layouts ------------------------------------------------------------------------------------ */

static int operand_count(const tlua_MmaInfo *mi, int op) { return op == 0 ? mi->na : op == 1 ? mi->nb : mi->nc; }
static int operand_rows(const tlua_MmaInfo *mi, int op) { return op == 1 ? mi->k : mi->m; }
static int operand_cols(const tlua_MmaInfo *mi, int op) { return op == 0 ? mi->k : mi->n; }

/* every element of every operand's matrix is held by exactly one (lane, element) */
TU_TEST(layouts_cover_each_element_once) {
  for (int lay = 0; lay < TLUA_MMA_NLAYOUTS; lay++) {
    const tlua_MmaInfo *mi = tlua_mma_info(lay);
    ASSERT(mi != NULL);
    for (int op = 0; op < 3; op++) {
      int seen[32][32] = {{0}};
      const int rows = operand_rows(mi, op), cols = operand_cols(mi, op);
      ASSERT_EQ(mi->warp * operand_count(mi, op), rows * cols);
      for (int l = 0; l < mi->warp; l++)
        for (int i = 0; i < operand_count(mi, op); i++) {
          int r, c;
          tlua_mma_coord((tlua_MmaLayout)lay, op, l, i, &r, &c);
          ASSERT(r >= 0 && r < rows && c >= 0 && c < cols);
          seen[r][c]++;
        }
      for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++)
          if (seen[r][c] != 1) TU_FAIL_("layout %s operand %d: (%d, %d) held %d times", mi->name, op, r, c, seen[r][c]);
    }
  }
  ASSERT(tlua_mma_info(-1) == NULL);
  ASSERT(tlua_mma_info(TLUA_MMA_NLAYOUTS) == NULL);
}

/* the PTX ISA's tables for mma.m16n8k16 .f16/.bf16, written the way the manual states them */
TU_TEST(nvidia_layout_is_the_ptx_table) {
  for (int lane = 0; lane < 32; lane++) {
    const int group = lane >> 2, tig = lane % 4;
    for (int i = 0; i < 8; i++) {
      int r, c;
      tlua_mma_coord(TLUA_MMA_NV_M16N8K16, TLUA_MMA_A, lane, i, &r, &c);
      ASSERT_EQ(r, (i < 2 || (i >= 4 && i < 6)) ? group : group + 8);
      ASSERT_EQ(c, i < 4 ? tig * 2 + (i & 1) : tig * 2 + (i & 1) + 8);
    }
    for (int i = 0; i < 4; i++) {
      int r, c;
      tlua_mma_coord(TLUA_MMA_NV_M16N8K16, TLUA_MMA_B, lane, i, &r, &c);
      ASSERT_EQ(r, i < 2 ? tig * 2 + (i & 1) : tig * 2 + (i & 1) + 8);
      ASSERT_EQ(c, group);
      tlua_mma_coord(TLUA_MMA_NV_M16N8K16, TLUA_MMA_C, lane, i, &r, &c);
      ASSERT_EQ(r, i < 2 ? group : group + 8);
      ASSERT_EQ(c, tig * 2 + (i & 1));
    }
  }
}

/* the MFMA accumulator of 32x32: four groups of four rows, eight rows apart, the upper half-wave
 * four rows down; one column per lane */
TU_TEST(amd_32x32_accumulator_groups) {
  int r, c;
  tlua_mma_coord(TLUA_MMA_AMD_M32N32K8, TLUA_MMA_C, 0, 0, &r, &c);
  ASSERT(r == 0 && c == 0);
  tlua_mma_coord(TLUA_MMA_AMD_M32N32K8, TLUA_MMA_C, 33, 5, &r, &c);
  ASSERT(r == 8 + 4 + 1 && c == 1);
  tlua_mma_coord(TLUA_MMA_AMD_M32N32K8, TLUA_MMA_C, 63, 15, &r, &c);
  ASSERT(r == 31 && c == 31);
  tlua_mma_coord(TLUA_MMA_AMD_M32N32K8, TLUA_MMA_A, 40, 3, &r, &c);
  ASSERT(r == 8 && c == 7);
  tlua_mma_coord(TLUA_MMA_AMD_M16N16K16, TLUA_MMA_B, 50, 2, &r, &c);
  ASSERT(r == 14 && c == 2);
}

/* --- the computation -------------------------------------------------------------------------------- */

static uint64_t rng = 88172645463325252ULL;
static double rnd(void) {   /* xorshift64, in [-2, 2) */
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (double)(rng >> 11) / (double)(1ULL << 53) * 4.0 - 2.0;
}
static float round_in(tlua_DType dt, double v) {
  return dt == TLUA_F16 ? tlua_half_to_float(tlua_float_to_half((float)v)) : tlua_bf16_to_float(tlua_float_to_bf16((float)v));
}

TU_TEST(compute_matches_double_reference) {
  static float a[64 * 16], b[64 * 16], c[64 * 16], d[64 * 16];
  for (int lay = 0; lay < TLUA_MMA_NLAYOUTS; lay++) {
    const tlua_MmaInfo *mi = tlua_mma_info(lay);
    for (int rep = 0; rep < 4; rep++) {
      double A[32][32], B[32][32], C[32][32];
      for (int l = 0; l < mi->warp; l++) {
        int r, col;
        for (int i = 0; i < mi->na; i++) {
          a[l * mi->na + i] = round_in(rep & 1 ? TLUA_BF16 : TLUA_F16, rnd());
          tlua_mma_coord((tlua_MmaLayout)lay, 0, l, i, &r, &col);
          A[r][col] = a[l * mi->na + i];
        }
        for (int i = 0; i < mi->nb; i++) {
          b[l * mi->nb + i] = round_in(rep & 1 ? TLUA_BF16 : TLUA_F16, rnd());
          tlua_mma_coord((tlua_MmaLayout)lay, 1, l, i, &r, &col);
          B[r][col] = b[l * mi->nb + i];
        }
        for (int i = 0; i < mi->nc; i++) {
          c[l * mi->nc + i] = (float)rnd();
          tlua_mma_coord((tlua_MmaLayout)lay, 2, l, i, &r, &col);
          C[r][col] = c[l * mi->nc + i];
        }
      }
      tlua_mma_compute((tlua_MmaLayout)lay, a, b, c, d);
      for (int l = 0; l < mi->warp; l++)
        for (int i = 0; i < mi->nc; i++) {
          int r, col;
          tlua_mma_coord((tlua_MmaLayout)lay, 2, l, i, &r, &col);
          double ref = C[r][col];
          for (int k = 0; k < mi->k; k++) ref += A[r][k] * B[k][col];
          ASSERT_NEAR(d[l * mi->nc + i], ref, fabs(ref) * ldexp(1.0, -24) + 1e-30);
        }
    }
  }
}

/* --- the op through verifier, executor, serializer and generator --------------------------------------- */

static int bin(tlua_IR *ir, int r, tlua_Op op, tlua_DType dt, int a, int b) {
  int32_t o[2] = {a, b};
  return tlua_ir_emit(ir, r, op, dt, 1, o, 2, 0);
}

/* d[t*nc + i] = the lane's D fragment, from a[t*na + i], b[t*nb + i], c[t*nc + i] (lane-major
 * fragments); `active` < block puts the whole thing under if (t < active). */
static tlua_IR *mma_ir(tlua_MmaLayout lay, tlua_DType in_dt, int warps, int active) {
  const tlua_MmaInfo *mi = tlua_mma_info(lay);
  tlua_IR *ir = tlua_ir_new("mma_unit", warps * mi->warp, mi->warp);
  const int p[4] = {tlua_ir_add_param(ir, "a", TLUA_PARAM_TENSOR, in_dt, 1),
                    tlua_ir_add_param(ir, "b", TLUA_PARAM_TENSOR, in_dt, 1),
                    tlua_ir_add_param(ir, "c", TLUA_PARAM_TENSOR, TLUA_F32, 1),
                    tlua_ir_add_param(ir, "d", TLUA_PARAM_TENSOR, TLUA_F32, 1)};
  int t = tlua_ir_emit(ir, 0, TLUA_OP_THREAD_ID, TLUA_I32, 1, NULL, 0, 0), r = 0;
  if (active < ir->block) {
    int cond = bin(ir, 0, TLUA_OP_LT, TLUA_BOOL, t, cint(ir, 0, TLUA_I32, active));
    r = tlua_ir_new_region(ir);
    int f = tlua_ir_emit(ir, 0, TLUA_OP_IF, TLUA_I32, 0, &cond, 1, 0);
    ir->instrs[f].region[0] = r;
  }
  int32_t ops[40];
  const int cnt[3] = {mi->na, mi->nb, mi->nc};
  int n = 0;
  for (int q = 0; q < 3; q++) {
    int base = bin(ir, r, TLUA_OP_MUL, TLUA_I32, t, cint(ir, r, TLUA_I32, cnt[q]));
    for (int i = 0; i < cnt[q]; i++) {
      int32_t off = bin(ir, r, TLUA_OP_ADD, TLUA_I32, base, cint(ir, r, TLUA_I32, i));
      int ld = tlua_ir_emit(ir, r, TLUA_OP_LOAD, q < 2 ? in_dt : TLUA_F32, 1, &off, 1, 0);
      ir->instrs[ld].imm = p[q];
      ops[n++] = ld;
    }
  }
  int32_t mma = tlua_ir_emit(ir, r, TLUA_OP_MMA, TLUA_I32, 0, ops, n, 7);
  ir->instrs[mma].imm = lay;
  int res[16];
  for (int k = 0; k < mi->nc; k++) {
    res[k] = tlua_ir_emit(ir, r, TLUA_OP_MMA_RESULT, TLUA_F32, 1, &mma, 1, 7);
    ir->instrs[res[k]].imm = k;
  }
  int base = bin(ir, r, TLUA_OP_MUL, TLUA_I32, t, cint(ir, r, TLUA_I32, mi->nc));
  for (int k = 0; k < mi->nc; k++) {
    int32_t st[2] = {bin(ir, r, TLUA_OP_ADD, TLUA_I32, base, cint(ir, r, TLUA_I32, k)), res[k]};
    int s = tlua_ir_emit(ir, r, TLUA_OP_STORE, TLUA_I32, 0, st, 2, 0);
    ir->instrs[s].imm = p[3];
  }
  return ir;
}

TU_TEST(executor_runs_each_warp) {
  for (int lay = 0; lay < TLUA_MMA_NLAYOUTS; lay++)
    for (int bf = 0; bf < 2; bf++) {
      const tlua_MmaInfo *mi = tlua_mma_info(lay);
      const tlua_DType dt = bf ? TLUA_BF16 : TLUA_F16;
      const int warps = 3, L = warps * mi->warp;
      tlua_IR *ir = mma_ir((tlua_MmaLayout)lay, dt, warps, L);
      char err[256];
      if (tlua_ir_verify(ir, err, sizeof err)) { tlua_ir_free(ir); TU_FAIL_("verify: %s", err); }
      uint16_t *ah = malloc(sizeof *ah * (size_t)L * mi->na), *bh = malloc(sizeof *bh * (size_t)L * mi->nb);
      float *af = malloc(sizeof *af * (size_t)L * mi->na), *bfl = malloc(sizeof *bfl * (size_t)L * mi->nb);
      float *c = malloc(sizeof *c * (size_t)L * mi->nc), *d = calloc((size_t)L * mi->nc, sizeof *d);
      float *want = malloc(sizeof *want * (size_t)L * mi->nc);
      for (int i = 0; i < L * mi->na; i++) {
        ah[i] = bf ? tlua_float_to_bf16((float)rnd()) : tlua_float_to_half((float)rnd());
        af[i] = bf ? tlua_bf16_to_float(ah[i]) : tlua_half_to_float(ah[i]);
      }
      for (int i = 0; i < L * mi->nb; i++) {
        bh[i] = bf ? tlua_float_to_bf16((float)rnd()) : tlua_float_to_half((float)rnd());
        bfl[i] = bf ? tlua_bf16_to_float(bh[i]) : tlua_half_to_float(bh[i]);
      }
      for (int i = 0; i < L * mi->nc; i++) c[i] = (float)rnd();
      for (int w = 0; w < warps; w++)
        tlua_mma_compute((tlua_MmaLayout)lay, af + w * mi->warp * mi->na, bfl + w * mi->warp * mi->nb,
                         c + w * mi->warp * mi->nc, want + w * mi->warp * mi->nc);
      tlua_ExecArg args[4] = {tensor_arg(ah, L * mi->na), tensor_arg(bh, L * mi->nb), tensor_arg(c, L * mi->nc), tensor_arg(d, L * mi->nc)};
      int64_t grid[3] = {1, 1, 1};
      int rc = tlua_exec_run(ir, args, grid, NULL, NULL, err, sizeof err);
      int bad = -1;
      for (int i = 0; i < L * mi->nc && bad < 0; i++) if (d[i] != want[i]) bad = i;
      free(ah); free(bh); free(af); free(bfl); free(c); free(d); free(want);
      tlua_ir_free(ir);
      if (rc) TU_FAIL_("run: %s", err);
      if (bad >= 0) TU_FAIL_("layout %s %s: element %d differs from tlua_mma_compute", mi->name, bf ? "bf16" : "f16", bad);
    }
}

TU_TEST(executor_refuses_a_partial_warp) {
  tlua_IR *ir = mma_ir(TLUA_MMA_NV_M16N8K16, TLUA_F16, 2, 48);
  char err[256];
  ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), 0);
  static uint16_t a[64 * 8], b[64 * 4];
  static float c[64 * 4], d[64 * 4];
  tlua_ExecArg args[4] = {tensor_arg(a, 64 * 8), tensor_arg(b, 64 * 4), tensor_arg(c, 64 * 4), tensor_arg(d, 64 * 4)};
  int64_t grid[3] = {1, 1, 1};
  int rc = tlua_exec_run(ir, args, grid, NULL, NULL, err, sizeof err);
  tlua_ir_free(ir);
  ASSERT_EQ(rc, -1);
  ASSERT_CONTAINS(err, "mma reached by 16 of the 32 lanes of warp 1");
  ASSERT_CONTAINS(err, "line 7");
}

TU_TEST(verifier_checks_the_mma) {
  char err[256];
  tlua_IR *ir = mma_ir(TLUA_MMA_NV_M16N8K16, TLUA_BF16, 1, 32);
  ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), 0);
  int mma = -1;
  for (int i = 0; i < ir->ninstrs; i++) if (ir->instrs[i].op == TLUA_OP_MMA) mma = i;
  ASSERT(mma >= 0);
  ir->warp = 64;   /* the layout runs on warps of 32 */
  ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), -1);
  ASSERT_CONTAINS(err, "runs on warps of 32, the kernel is traced for warp 64");
  ir->warp = 32;
  ir->block = 48;
  ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), -1);
  ASSERT_CONTAINS(err, "not a whole number of warps");
  ir->block = 32;
  ir->instrs[mma].imm = 9;
  ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), -1);
  ASSERT_CONTAINS(err, "unknown layout 9");
  ir->instrs[mma].imm = TLUA_MMA_AMD_M16N16K16;   /* warp 64 */
  ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), -1);
  ir->instrs[mma].imm = TLUA_MMA_NV_M16N8K16;
  ir->instrs[mma + 2].imm = 0;                    /* result #1 says #0 */
  ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), -1);
  ASSERT_CONTAINS(err, "mma_result");
  ir->instrs[mma + 2].imm = 1;
  int32_t *o = ir->operands + ir->instrs[mma].ops;
  o[9] = o[12];                                   /* a b operand that is an f32 c value */
  ASSERT_EQ(tlua_ir_verify(ir, err, sizeof err), -1);
  ASSERT_CONTAINS(err, "operand 9 (b, ");
  ASSERT_CONTAINS(err, "is f32, expected bf16");
  tlua_ir_free(ir);
}

TU_TEST(serializes_and_prints) {
  tlua_IR *ir = mma_ir(TLUA_MMA_AMD_M32N32K8, TLUA_F16, 1, 64);
  char err[256];
  void *buf;
  size_t len;
  ASSERT_EQ(tlua_ir_serialize(ir, &buf, &len, err, sizeof err), 0);
  tlua_IR *back = NULL;
  int rc = tlua_ir_deserialize(buf, len, &back, err, sizeof err);
  free(buf);
  if (rc) { tlua_ir_free(ir); TU_FAIL_("deserialize: %s", err); }
  char *p1 = tlua_ir_print(ir), *p2 = tlua_ir_print(back);
  int same = p1 && p2 && strcmp(p1, p2) == 0;
  int has = p1 && strstr(p1, "mma amd m32n32k8 a(") && strstr(p1, "mma_result");
  free(p1); free(p2);
  tlua_ir_free(ir); tlua_ir_free(back);
  ASSERT(same);
  ASSERT(has);
}

static char *source(const tlua_IR *ir, const char *arch, char *err, size_t n) {
  tlua_Target t;
  if (tlua_target_from_arch(arch, &t, err, n)) return NULL;
  return tlua_hip_source(ir, &t, err, n);
}

TU_TEST(generates_each_vendors_instruction) {
  char err[512];
  tlua_IR *nv = mma_ir(TLUA_MMA_NV_M16N8K16, TLUA_BF16, 2, 64);
  char *s = source(nv, "sm_90", err, sizeof err);
  if (!s) { tlua_ir_free(nv); TU_FAIL_("sm_90: %s", err); }
  ASSERT_CONTAINS(s, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32");
  ASSERT_CONTAINS(s, "__bfloat16_as_ushort");
  free(s);
  ASSERT(source(nv, "sm_75", err, sizeof err) == NULL);
  ASSERT_CONTAINS(err, "needs sm_80 or newer");
  ASSERT(source(nv, "gfx90a", err, sizeof err) == NULL);
  ASSERT_CONTAINS(err, "traced for warp 32");
  ASSERT(source(nv, "gfx1030", err, sizeof err) == NULL);
  ASSERT_CONTAINS(err, "no instruction on gfx1030");
  tlua_ir_free(nv);
  const struct { tlua_MmaLayout lay; tlua_DType dt; const char *builtin; } amd[] = {
    {TLUA_MMA_AMD_M32N32K8, TLUA_F16, "__builtin_amdgcn_mfma_f32_32x32x8f16("},
    {TLUA_MMA_AMD_M32N32K8, TLUA_BF16, "__builtin_amdgcn_mfma_f32_32x32x8bf16_1k("},
    {TLUA_MMA_AMD_M16N16K16, TLUA_F16, "__builtin_amdgcn_mfma_f32_16x16x16f16("},
    {TLUA_MMA_AMD_M16N16K16, TLUA_BF16, "__builtin_amdgcn_mfma_f32_16x16x16bf16_1k("},
  };
  for (size_t i = 0; i < sizeof amd / sizeof amd[0]; i++) {
    tlua_IR *ir = mma_ir(amd[i].lay, amd[i].dt, 1, 64);
    s = source(ir, "gfx90a", err, sizeof err);
    if (!s) { tlua_ir_free(ir); TU_FAIL_("gfx90a: %s", err); }
    ASSERT_CONTAINS(s, amd[i].builtin);
    free(s);
    s = source(ir, "gfx908", err, sizeof err);
    if (amd[i].dt == TLUA_BF16) {
      ASSERT(s == NULL);
      ASSERT_CONTAINS(err, "needs gfx90a");
    } else {
      ASSERT(s != NULL);
    }
    free(s);
    ASSERT(source(ir, "sm_90", err, sizeof err) == NULL);
    ASSERT_CONTAINS(err, "traced for warp 64 but target sm_90 runs warps of 32");
    tlua_ir_free(ir);
  }
}

TU_MAIN(TU_ENTRY(layouts_cover_each_element_once), TU_ENTRY(nvidia_layout_is_the_ptx_table),
        TU_ENTRY(amd_32x32_accumulator_groups), TU_ENTRY(compute_matches_double_reference),
        TU_ENTRY(executor_runs_each_warp), TU_ENTRY(executor_refuses_a_partial_warp),
        TU_ENTRY(verifier_checks_the_mma), TU_ENTRY(serializes_and_prints),
        TU_ENTRY(generates_each_vendors_instruction))
