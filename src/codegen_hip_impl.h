/* codegen_hip_impl.h - internals shared by the HIP generator's files (codegen_hip.c: values,
 * control flow, memory; codegen_hip_sync.c: atomics, warp shuffles and warp MMAs). Never installed. */
#ifndef TLUA_CODEGEN_HIP_IMPL_H
#define TLUA_CODEGEN_HIP_IMPL_H

#include <stddef.h>
#include <stdint.h>

#include "codegen_hip.h"

typedef struct Buf { char *s; size_t n, cap; int oom; } Buf;

typedef struct Gen {
  const tlua_IR *ir;
  const tlua_Target *t;
  Buf b;
  int nv;                   /* NVIDIA */
  int depth;
  int presumed;             /* the line the compiler presumes for the next output line (0: none) */
  const int32_t **ydst;     /* per region: ids its YIELD assigns */
  int *div;                 /* per value: known power-of-two divisor (1..16) */
  int *uses;                /* per value: how many operands name it (WGMMA accumulates in place) */
  int *root;                /* per value: the loop carry a WGMMA result is a reference to, else -1 */
  int uses_f16, uses_bf16, uses_fp8;
  int fence_arrivals;       /* NVIDIA: a TMA destination is also read by ordinary loads (async prelude) */
  int uses_wgmma;           /* NVIDIA: barriers also order LDS writes before the async proxy */
  int uses_wgmma_rs;        /* a WGMMA takes A from registers (the prelude's tl_pack2) */
  int uses_bitcast;         /* a BITCAST (the prelude's tl_bitcast) */
  int uses_ex2_ftz;         /* an f32 EXP2 with flush_to_zero on NVIDIA (the prelude's tl_ex2_ftz) */
  int uses_xor_stay;        /* a 32-bit XOR that stays where it stands on NVIDIA (the prelude's tl_xor_stay) */
  int role_first;           /* the first thread of the role whose body is being written (0: none) */
  char *err;
  size_t errsz;
  int failed;
} Gen;

/* The hint uniform_warp (codegen_hip_warp.c): the body's tl_wid_, and a division of a thread id by a
 * multiple of 32 as an expression of it (1 when written into out, else 0). */
TLUA_HIDDEN void tlua_hg_warp_index_decl(Gen *g);
TLUA_HIDDEN int tlua_hg_warp_index(const Gen *g, const tlua_Instr *in, char *out, size_t n);

/* Appends formatted text (sets b->oom instead of failing). */
TLUA_HIDDEN void tlua_hg_put(Buf *b, const char *fmt, ...);
/* Records the first error (kernel name, message, script line of `in`); returns -1. */
TLUA_HIDDEN int tlua_hg_fail(Gen *g, const tlua_Instr *in, const char *fmt, ...);
/* Writes text keeping the #line bookkeeping exact; emits `#line` for `in` when needed. */
TLUA_HIDDEN void tlua_hg_text(Gen *g, const char *fmt, ...);
TLUA_HIDDEN void tlua_hg_line(Gen *g, const tlua_Instr *in);
/* "x" for a tensor parameter, "lds1" for an LDS buffer, and the element dtype there. */
TLUA_HIDDEN void tlua_hg_target_name(const Gen *g, int lds, int64_t idx, char *out, size_t n);
TLUA_HIDDEN int tlua_hg_mem_dtype(const Gen *g, int lds, int64_t idx);
/* codegen_hip_prelude.c: the source's first lines (uses_*: what the body needs defined) */
TLUA_HIDDEN void tlua_hg_prelude(Gen *g, int uses_div, int uses_vec, int uses_mma);
/* codegen_hip_sync.c */
TLUA_HIDDEN int tlua_hg_atomic(Gen *g, int id, const tlua_Instr *in);
TLUA_HIDDEN int tlua_hg_shuffle(Gen *g, int id, const tlua_Instr *in);
/* An MMA at position p of region rg (its MMA_RESULTs follow it); the vector types it needs go in
 * the prelude (tlua_hg_mma_prelude, when the IR has an MMA). */
TLUA_HIDDEN int tlua_hg_mma(Gen *g, const tlua_Region *rg, int p, const tlua_Instr *in);
TLUA_HIDDEN void tlua_hg_mma_prelude(Gen *g);
/* codegen_hip_amd.c: the freestanding definitions (skipped under hiprtc) an AMD source needs */
TLUA_HIDDEN void tlua_hg_amd_prelude(Gen *g);
/* codegen_hip_wgmma.c: a WGMMA at position p of rg (its MMA_RESULTs follow); its prelude helper */
TLUA_HIDDEN int tlua_hg_wgmma(Gen *g, const tlua_Region *rg, int p, const tlua_Instr *in);
TLUA_HIDDEN void tlua_hg_wgmma_prelude(Gen *g);
/* codegen_hip_async.c: mbarriers, TMA copies and roles (NVIDIA sm_90; roles everywhere). The
 * prelude helpers (-1 after an error: the IR uses what the target lacks), the tensor-map
 * parameters after the ordinary ones, the mbarrier arrays and their initialization at the top of
 * the body, and the instructions. */
TLUA_HIDDEN int tlua_hg_async_prelude(Gen *g);
TLUA_HIDDEN void tlua_hg_async_params(Gen *g, const char *sep);
TLUA_HIDDEN void tlua_hg_async_decls(Gen *g);
TLUA_HIDDEN int tlua_hg_async(Gen *g, const tlua_Instr *in, int id);
/* a group barrier: the threads of each aligned group of `group` meet on named barrier first + their group's
   index (modulo groups when groups > 0: a role's groups, counted from the role's first one) */
TLUA_HIDDEN void tlua_hg_group_barrier(Gen *g, const tlua_Instr *in, int first, unsigned group, unsigned groups);
/* ASYNC_COMMIT / ASYNC_WAIT of a kernel with copy groups, COPY_GROUP (codegen_hip_async.c) */
TLUA_HIDDEN int tlua_hg_copy_groups(Gen *g, const tlua_Instr *in, int id);
/* codegen_hip.c: the statements of region r */
TLUA_HIDDEN int tlua_hg_region(Gen *g, int r);
/* The LDS_MATRIX group at position p of rg (ldmatrix on NVIDIA); returns its length, -1 on error. */
TLUA_HIDDEN int tlua_hg_lds_matrix(Gen *g, const tlua_Region *rg, int p);
/* two f32 -> bf16 casts in a row as one pair conversion (NVIDIA sm_80 on; codegen_hip_bf16.c): 2 if emitted, else 0 */
TLUA_HIDDEN int tlua_hg_bf16_pair(Gen *g, const tlua_Region *rg, int p);
/* whether the target takes those pairs (NVIDIA sm_80 on: the prelude's tl_bf2) */
TLUA_HIDDEN int tlua_hg_bf16_pairs_apply(const Gen *g);

#define put tlua_hg_put
#define fail tlua_hg_fail
#define line_text tlua_hg_text
#define line_dir tlua_hg_line
#define target_name tlua_hg_target_name
#define mem_dtype tlua_hg_mem_dtype
#define emit_atomic tlua_hg_atomic
#define emit_shuffle tlua_hg_shuffle
#define emit_mma tlua_hg_mma
#define emit_lds_matrix tlua_hg_lds_matrix

static inline void indent(Gen *g) { put(&g->b, "%*s", 2 * g->depth, ""); }

/* A statement of instruction `in` (one or more lines, each indented by the caller's format). */
#define STMT(g, in, ...) do { line_dir(g, in); indent(g); line_text(g, __VA_ARGS__); } while (0)

/* --- types ---------------------------------------------------------------------------------------- */

static inline int dsize(int dt) {
  const tlua_DTypeInfo *di = tlua_dtype_info((tlua_DType)dt);
  return di ? di->size : 1;
}
static inline int is_small_float(int dt) { return dt == TLUA_F16 || dt == TLUA_BF16 || tlua_dtype_is_fp8(dt); }
/* the function that rounds a float to small float dt in the generated source */
static inline const char *small_ctor(int dt) {
  return dt == TLUA_F16 ? "tl_h" : dt == TLUA_BF16 ? "tl_bf" : dt == TLUA_F8E4M3 ? "tl_f8e4m3" : "tl_f8e5m2";
}
static inline int is_float(int dt) { return dt == TLUA_F32 || dt == TLUA_F64 || is_small_float(dt); }
static inline int is_signed_int(int dt) { return dt == TLUA_I8 || dt == TLUA_I16 || dt == TLUA_I32 || dt == TLUA_I64; }
static inline int is_int(int dt) { return !is_float(dt) && dt != TLUA_BOOL; }

static inline const char *ctype(const Gen *g, int dt) {
  switch (dt) {
  case TLUA_F16: return "__half";
  case TLUA_BF16: return g->nv ? "__nv_bfloat16" : "tl_bf16"; /* tl_bf16: the AMD prelude's struct */
  case TLUA_F32: return "float";
  case TLUA_F64: return "double";
  case TLUA_I8: return "signed char";
  case TLUA_U8: return "unsigned char";
  case TLUA_I16: return "short";
  case TLUA_U16: return "unsigned short";
  case TLUA_I32: return "int";
  case TLUA_U32: return "unsigned int";
  case TLUA_I64: return "long long";
  case TLUA_U64: return "unsigned long long";
  case TLUA_F8E4M3: return "__nv_fp8_e4m3";
  case TLUA_F8E5M2: return "__nv_fp8_e5m2";
  default: return "bool";
  }
}
/* The unsigned type integer arithmetic of dt is done in (at least 32 bits: C promotes anyway). */
static inline const char *utype(int dt) {
  return dt == TLUA_I64 || dt == TLUA_U64 ? "unsigned long long" : "unsigned int";
}
static inline int width(int dt) { return dsize(dt) * 8; }

#endif
