/* ir.h - the kernel IR: typed SSA values in structured regions (for/if), memory ops, barriers,
 * shuffles and atomics. Built by the tracer, checked by the verifier, walked by the HIP emitter and
 * by the CPU executor. Pure C.
 *
 * Shape. A tlua_IR is one traced kernel specialization. Every instruction lives in exactly one
 * region and defines at most one value; the value's id is the instruction's index. Region 0 is the
 * kernel body. Structured control flow:
 *   FOR   operands (lo, hi, step, init_0..init_{n-1}); region[0] = body. The body starts with
 *         LOOP_IV (the induction variable, i32/i64 as lo) and n LOOP_CARRY k instructions (the
 *         carried values, typed as init_k), and ends with YIELD (next_0..next_{n-1}). After the
 *         FOR instruction come n FOR_RESULT instructions (operand: the FOR, imm k): the carried
 *         values after the last iteration (= init when the loop runs zero times).
 *         Semantics: for (iv = lo; iv < hi; iv += step) (step > 0). Per thread.
 *   IF    operands (cond, init_0..init_{n-1}); region[0] = then, region[1] = else (may be empty,
 *         then the results are the inits). Each non-empty region ends with YIELD (v_0..v_{n-1}).
 *         After the IF come n IF_RESULT instructions (operand: the IF, imm k).
 * Values are per-thread scalars of a dtype (tlua_DType); booleans are TLUA_BOOL.
 *
 * Memory. Tensor parameters are addressed by (param index, element offset); the offset is an i64 or
 * i32 value in elements, already including strides. LDS buffers are declared on the IR (dtype,
 * count) and addressed by (buffer index, element offset). Masked loads give `pad` where the mask is
 * false; masked stores/atomics do nothing there. A LOAD/STORE may carry a vector group: `vec` > 1
 * and `vec_lane` in 0..vec-1 on vec consecutive instructions with consecutive offsets; the HIP
 * emitter may fuse them into one vector access, the executor ignores the grouping.
 */
#ifndef TLUA_IR_H
#define TLUA_IR_H

#include <stdint.h>
#include "dtype.h"
#include "tlua.h"

#define TLUA_IR_MAX_PARAMS 64
#define TLUA_IR_MAX_LDS 16
#define TLUA_IR_MAX_RANK 8
/* LDS bytes one block may have: 227 KiB, the most any target allows (NVIDIA sm_90, opting in above
 * 48 KiB). The tracer (tl._lds_max) and the executor enforce it; a launch on a device with less
 * fails naming both numbers (backend_driver.c). */
#define TLUA_LDS_MAX 232448
#define TLUA_IR_MAX_MBAR 16
#define TLUA_IR_MAX_TMA 16
/* the longest kernel or parameter name the IR holds (tl.kernel refuses longer ones: codegen_hip_names.c) */
#define TLUA_IR_NAME_MAX 63
#define TLUA_XOR_STAY 1   /* TLUA_OP_XOR's imm: see the op */
#define TLUA_FOR_WHILE 1  /* TLUA_OP_FOR's imm: see the op */

typedef enum tlua_Op {
  /* leaves */
  TLUA_OP_CONST,        /* imm (integers, bool) or fimm (floats) */
  TLUA_OP_PARAM,        /* scalar parameter imm */
  TLUA_OP_SHAPE,        /* tensor parameter imm: shape[imm2] (i64) */
  TLUA_OP_STRIDE,       /* tensor parameter imm: stride[imm2] in elements (i64) */
  TLUA_OP_THREAD_ID,    /* flat thread id in the block, 0..block-1 (i32) */
  TLUA_OP_BLOCK_ID,     /* block id along grid dim imm (0 = x) (i32) */
  TLUA_OP_GRID_DIM,     /* number of blocks along grid dim imm (i32) */
  /* arithmetic: C semantics on the result dtype (operands already of that dtype) */
  TLUA_OP_ADD, TLUA_OP_SUB, TLUA_OP_MUL, TLUA_OP_DIV, TLUA_OP_REM,
  TLUA_OP_MIN, TLUA_OP_MAX,
  TLUA_OP_AND, TLUA_OP_OR, TLUA_OP_XOR, TLUA_OP_SHL, TLUA_OP_SHR,  /* integers and bool; XOR imm 1
                        (TLUA_XOR_STAY): computed where it stands, not hoisted out of a loop (a register
                        pressure hint: the value is the same) */
  TLUA_OP_NEG, TLUA_OP_NOT, TLUA_OP_ABS,
  TLUA_OP_EXP, TLUA_OP_LOG, TLUA_OP_EXP2, TLUA_OP_LOG2, TLUA_OP_SQRT, TLUA_OP_RSQRT,  /* EXP2 imm 1: f32
                        results below 2^-126 may be flushed to 0 (flush_to_zero; NVIDIA's ex2.approx.ftz) */
  TLUA_OP_SIN, TLUA_OP_COS, TLUA_OP_TANH, TLUA_OP_FLOOR, TLUA_OP_CEIL, TLUA_OP_POW,
  TLUA_OP_FMA,          /* a * b + c */
  TLUA_OP_LT, TLUA_OP_LE, TLUA_OP_GT, TLUA_OP_GE, TLUA_OP_EQ, TLUA_OP_NE,  /* -> bool */
  TLUA_OP_SELECT,       /* (cond, a, b) */
  TLUA_OP_CAST,         /* (a) converted to the instruction's dtype (C conversion rules) */
  /* memory */
  TLUA_OP_LOAD,         /* (offset, mask|-1) from tensor param imm; pad in fimm/imm */
  TLUA_OP_STORE,        /* (offset, value, mask|-1) into tensor param imm; no value */
  TLUA_OP_LDS_LOAD,     /* (offset, mask|-1) from LDS buffer imm */
  TLUA_OP_LDS_STORE,    /* (offset, value, mask|-1) into LDS buffer imm */
  TLUA_OP_ATOMIC,       /* (offset, value, cmp|-1, mask|-1); space/target/op/order/scope in
                           the atomic fields; defines the old value when want_old */
  TLUA_OP_BARRIER,      /* block-wide barrier (LDS and global visibility within the block); imm > 0: a
                           group barrier: every thread of the block reaches it, each waits only for the
                           imm threads of its aligned group (threads [g*imm, (g+1)*imm): named barrier
                           1 + g on NVIDIA, at most 15 groups; a block barrier on AMD, which has no
                           named barriers) */
  /* warp collectives (warp size from the IR) */
  TLUA_OP_SHFL_XOR,     /* (value): the value of lane (lane ^ imm) of the same warp */
  TLUA_OP_SHFL_IDX,     /* (value, src_lane): the value of lane src_lane (mod warp) of the warp */
  /* structure */
  /* FOR (lo, hi, step, inits...): body region of LOOP_IV, LOOP_CARRY #0.., ..., YIELD; FOR imm 1 (TLUA_FOR_WHILE):
     each thread also leaves the loop once its carry #0 (bool) is false, checked before every iteration (the
     init before the first): a loop whose trip count is decided while it runs */
  TLUA_OP_FOR, TLUA_OP_LOOP_IV, TLUA_OP_LOOP_CARRY, TLUA_OP_FOR_RESULT,
  TLUA_OP_IF, TLUA_OP_IF_RESULT,
  TLUA_OP_YIELD,
  /* warp matrix multiply-accumulate (mma.h): operands (a_0..a_{na-1}, b_0..b_{nb-1}, c_0..c_{nc-1}),
     the lane's fragments in register order; imm = tlua_MmaLayout; no value. After it come nc
     MMA_RESULT instructions (operand: the MMA, imm k, f32): the lane's elements of D = A*B + C.
     A and B are all f16 or all bf16, C f32; the IR's warp is the layout's; every lane of a warp
     executes it together (the executor reports a partly active warp). Added after YIELD so the
     numbers of the older ops (serialized IR) do not change. */
  TLUA_OP_MMA, TLUA_OP_MMA_RESULT,
  /* warp-wide load of 8x8 matrices of 16-bit elements from LDS buffer imm (NVIDIA ldmatrix): one
     instruction per element of the lane's fragment, a group of vec (2, 4 or 8: 1, 2 or 4 matrices)
     consecutive instructions with vec_lane 0..vec-1 and the same operand (row_offset): the element
     offset of one matrix row (8 contiguous elements) that this lane supplies. Element e of lane L,
     register r = e / 2, half h = e % 2, where R(x) is the row_offset of lane x of the same warp:
       imm2 = 0: lds[R(8r + L/4) + 2*(L%4) + h]      (lane L holds row L/4, columns 2*(L%4) + h)
       imm2 = 1: lds[R(8r + 2*(L%4) + h) + L/4]      (transposed: row 2*(L%4) + h, column L/4)
     Warp 32 only; every lane of a warp executes it together. */
  TLUA_OP_LDS_MATRIX,
  /* asynchronous copy global -> LDS (NVIDIA cp.async on sm_80+; a plain copy elsewhere and in the
     executor): LDS_COPY (lds_offset, offset, mask|-1) copies element `offset` of tensor parameter
     imm2 (0 where the mask is false) to element lds_offset of LDS buffer imm; no value; vector
     groups as LOAD/STORE (vec, vec_lane). The copies are visible to the block once this thread has
     run ASYNC_WAIT and then a BARRIER. ASYNC_COMMIT (no operands) closes the group of copies issued
     since the last one; ASYNC_WAIT waits until at most imm (0..7) of the thread's groups are still
     in flight. In a kernel with copy groups (tlua_IR.copy_groups: plain k:copy lowered to TMA box
     copies, each TMA_LOAD on barrier COPY_GROUP & 7 of that mbarrier array), every thread counts its
     committed and its waited groups: ASYNC_COMMIT also arrives (thread 0) on the barrier of the group
     it closes and then, with 8 groups not waited for, waits for the oldest (the next group reuses its
     barrier); ASYNC_WAIT also waits for the barriers of its committed groups but the imm newest, in
     order (group g: barrier g % 8, parity (g / 8) % 2). COPY_GROUP (no operands) -> i32: the number
     of groups this thread has committed (the open group's number; listed last, after TMA_STORE_WAIT). */
  TLUA_OP_LDS_COPY, TLUA_OP_ASYNC_COMMIT, TLUA_OP_ASYNC_WAIT,
  /* warpgroup matrix multiply-accumulate with A and B in LDS (NVIDIA wgmma.mma_async, sm_90a):
     operands (c_0..c_{n/2-1}, a_start, b_start), imm/imm2 and the layouts in wgmma.h; no value;
     n/2 MMA_RESULT instructions follow (f32). Warp 32, every lane of a warpgroup together. */
  TLUA_OP_WGMMA,
  /* waits until at most imm (0 or 1) of this warpgroup's WGMMA groups are still in flight (a WGMMA
     whose `pending` field is 1 returns with its own group in flight: its results and the LDS it
     reads may be used only after a WGMMA_WAIT 0, or a later WGMMA with pending 0 or 1) */
  TLUA_OP_WGMMA_WAIT,
  /* a float value nothing defines (no operands): the initial accumulators of a WGMMA chain whose
     first step does not accumulate (its accumulate operand is 0), so no instruction writes those
     registers while a group is in flight. The executor gives NaN, which any read propagates. */
  TLUA_OP_UNDEF,
  /* mbarriers (NVIDIA sm_90 mbarrier objects in LDS; the executor models phases, arrivals and
     transaction bytes, exec_async.c). An IR declares arrays of them (tlua_MbarArray); imm names the
     array, operand 0 the barrier's index in it. A barrier completes its current phase when all of its
     `arrivals` have arrived and the transaction bytes expected of the phase have landed; the next phase
     then starts.
     MBAR_ARRIVE (index[, tx]): every active thread arrives once; with tx, it first adds tx bytes to
       the phase's expected transaction count (arrive.expect_tx).
     MBAR_WAIT (index, parity): waits until the phase of that parity (0 or 1) has completed: phase p
       of a barrier has parity p % 2, and a wait on the parity of the phase before the current one
       returns at once (so a producer's first wait on a fresh "empty" barrier uses parity 1). */
  TLUA_OP_MBAR_ARRIVE, TLUA_OP_MBAR_WAIT,
  /* TMA_LOAD (lds_offset, mbar_index, c_0..c_{r-1}): a box copy global -> LDS by the tensor memory
     accelerator (cp.async.bulk.tensor on sm_90): imm = TMA descriptor (tlua_TmaDesc: the tensor
     parameter, the box, the swizzle), imm2 = mbarrier array, fimm = the one thread that issues it
     (the copy happens once, when that thread is active). The box starts at element coordinates
     c_0..c_{r-1} of the tensor (outermost first; outside the tensor it reads zeros) and lands at
     element lds_offset of the descriptor's LDS buffer in TMA's layout: the box row-major, each
     byte offset o (from the box's start, which must be a multiple of the swizzle's 8 rows)
     XOR-swizzled, o ^ (((o >> 7) & m) << 4) with m = 7, 3, 1, 0 for swizzle 128, 64, 32, none.
     Issuing adds the box's bytes to the barrier's expected transaction count; the bytes land in LDS
     when that barrier's phase completes (the executor lands them as late as it may: at a wait on
     the barrier), so a thread that reads them without waiting reads old bytes -- the executor
     reports any access to LDS bytes in flight. */
  TLUA_OP_TMA_LOAD,
  /* ROLE (no operands): region[0] runs on the threads [imm, imm + imm2) of the block (those active),
     concurrently with the ROLE instructions next to it in the same region (warp specialization: a
     producer warp and consumer warpgroups). fimm: the registers per thread the role asks for
     (setmaxnreg on sm_90a; 0 = none). A role's body yields nothing; a block-wide BARRIER inside it is
     an error (the other roles never reach it): ROLE_SYNC synchronizes the role's own threads
     (imm = named barrier 1..15, imm2 = the role's thread count); with fimm > 0 it is a group barrier
     within the role: every thread of the role reaches it, each waits only for the fimm threads of its
     aligned group, on named barrier imm + (thread / fimm) % (imm2 / fimm). */
  TLUA_OP_ROLE, TLUA_OP_ROLE_SYNC,
  /* thread-block clusters (sm_90; tlua_IR.cluster blocks along x form one, the executor runs them
     at once): CLUSTER_RANK (no operands) -> i32, the block's rank in its cluster (block_id.x %
     cluster); CLUSTER_SYNC (no operands): every thread of every block of the cluster arrives, then
     waits for all (barrier.cluster), like BARRIER not inside a role.
     An MBAR_ARRIVE with a third operand (index, tx, cta) arrives on barrier `index` of the block of
     rank cta of the cluster. A TMA_LOAD with vec = 1 is multicast: a last operand (i32 mask, bit r =
     rank r) names the blocks of the cluster whose LDS (at the same offset) and barrier (the same
     one) receive the box; the issuer's barrier expects the box's bytes once per block of the mask
     (every block of the mask issues one box of that size: symmetric multicast). */
  TLUA_OP_CLUSTER_RANK, TLUA_OP_CLUSTER_SYNC,
  /* TMA_STORE (lds_offset, c_0..c_{r-1}): the reverse of TMA_LOAD without a barrier: the box at
     element lds_offset of the descriptor's LDS buffer (TMA's layout) goes to the tensor at element
     coordinates c (elements outside the tensor are not written), issued once by thread fimm (imm =
     descriptor); imm2 = 1 adds the box into the tensor instead (TMA reduce-add, f32/i32/u32: atomic
     per element against every other block's), 0 stores it. The LDS bytes are read asynchronously: they may be written again only after
     TMA_STORE_WAIT by the issuing thread (cp.async.bulk.wait_group.read 0) and a barrier; the
     threads that wrote them must have passed a barrier before the store (the generated code fences
     the async proxy at barriers). TMA_STORE_WAIT (no operands; fimm = the issuing thread): the
     thread's stores have read their LDS but for the imm (0..7) newest (cp.async.bulk.wait_group.read); imm2 = 1
     (written): have written their data too, then a proxy fence orders those writes before the thread's later
     generic accesses (cp.async.bulk.wait_group, fence.proxy.async.global), so a release atomic publishes them. */
  TLUA_OP_TMA_STORE, TLUA_OP_TMA_STORE_WAIT,
  TLUA_OP_COPY_GROUP,
  /* (a) reinterpreted as the instruction's dtype, whose width is a's (8, 16, 32 or 64 bits; not bool):
     the same bits (k:range carries 16-bit distributed tensors as pairs in 32-bit integers with it) */
  TLUA_OP_BITCAST,
  /* NAMED_BAR (i): the active warps arrive at named barrier imm + i (i32, 0 <= i < vec; imm + vec - 1 <= 15) of
     their role, which completes once imm2 threads (whole warps) have arrived; fimm = 0 waits for that (bar.sync),
     fimm = 1 goes on (bar.arrive). Inside a role; its barriers are the role's own (role:named_barriers). */
  TLUA_OP_NAMED_BAR,
  TLUA_NOPS
} tlua_Op;

typedef enum tlua_AtomicOp {
  TLUA_ATOMIC_ADD, TLUA_ATOMIC_AND, TLUA_ATOMIC_OR, TLUA_ATOMIC_XOR, TLUA_ATOMIC_MAX,
  TLUA_ATOMIC_MIN, TLUA_ATOMIC_XCHG, TLUA_ATOMIC_CAS
} tlua_AtomicOp;
typedef enum tlua_MemOrder {
  TLUA_ORDER_RELAXED, TLUA_ORDER_ACQUIRE, TLUA_ORDER_RELEASE, TLUA_ORDER_ACQ_REL
} tlua_MemOrder;
typedef enum tlua_MemScope { TLUA_SCOPE_BLOCK, TLUA_SCOPE_DEVICE, TLUA_SCOPE_SYSTEM } tlua_MemScope;
typedef enum tlua_Space { TLUA_SPACE_GLOBAL, TLUA_SPACE_LDS } tlua_Space;

typedef struct tlua_Instr {
  uint16_t op;          /* tlua_Op */
  uint8_t dtype;        /* tlua_DType of the value defined (unused when none) */
  uint8_t has_value;    /* 1 when the instruction defines a value */
  int32_t nops;         /* operand count */
  int32_t ops;          /* index of the first operand in tlua_IR.operands */
  int32_t region[2];    /* FOR: body; IF: then, else; -1 otherwise */
  int64_t imm;          /* integer immediate (see each op) */
  int64_t imm2;
  double fimm;          /* float immediate (CONST of a float dtype, float pad) */
  /* vector grouping of LOAD/STORE/LDS_* (vec 0 or 1 = none) */
  uint8_t vec, vec_lane;
  /* ATOMIC */
  uint8_t atomic_op, order, scope, space, want_old;
  int32_t line;         /* script line that created it (0 = unknown), for #line and errors */
  /* in a kernel whose body is tilelua's own (the stdlib's), the line of the body's file that created it, for
     #line (source_name names that file; profilers then map the code to the stdlib's lines); -1 when no frame of
     that file was running; 0 in the user's kernels (line serves both) */
  int32_t src_line;
} tlua_Instr;

typedef struct tlua_Region { int32_t *instrs; int32_t n, cap; } tlua_Region;

typedef enum tlua_ParamKind { TLUA_PARAM_SCALAR, TLUA_PARAM_TENSOR } tlua_ParamKind;
/* the last dimension's power-of-two divisor in a tlua_Param's shape_div16 (1 << this, 1 to 16) */
#define TLUA_SHAPE_LAST_DIV(bits) (1u << (((bits) >> 8) & 7u))

typedef struct tlua_Param {
  char name[TLUA_IR_NAME_MAX + 1];
  uint8_t kind, dtype, rank;
  /* specialization facts (tensors): bit d set = shape[d] % 16 == 0 / stride[d] * element size
     % 16 == 0 (strides in bytes); shape_div16 bits 8..10 (TLUA_SHAPE_LAST_DIV): log2 of the power of
     two, at most 16, that divides the last dimension's length (tlua_tensor_last_div);
     aligned16 = base pointer 16-byte aligned; contiguous = last stride is 1 */
  uint32_t shape_div16, stride_div16;
  uint8_t aligned16, last_contiguous;
} tlua_Param;

typedef struct tlua_LdsBuffer { uint8_t dtype; int64_t count; } tlua_LdsBuffer;
/* An array of `count` mbarriers in LDS, each completing a phase after `arrivals` arrivals. */
typedef struct tlua_MbarArray { int32_t count, arrivals; } tlua_MbarArray;
/* A TMA box copy of tensor parameter `param` into LDS buffer `lds`: box lengths (outermost first,
 * the tensor's rank), swizzle in bytes (0, 32, 64, 128). On NVIDIA each descriptor is a kernel
 * parameter `tl_tmap<j>` after the ordinary ones, encoded by the host at launch. */
typedef struct tlua_TmaDesc { int32_t param, lds, rank, swizzle; int32_t box[TLUA_IR_MAX_RANK]; } tlua_TmaDesc;

typedef struct tlua_IR {
  char name[TLUA_IR_NAME_MAX + 1];
  int32_t block;        /* threads per block */
  int32_t warp;         /* warp size of the target this was traced for */
  int32_t nparams;
  tlua_Param params[TLUA_IR_MAX_PARAMS];
  int32_t nlds;
  tlua_LdsBuffer lds[TLUA_IR_MAX_LDS];
  tlua_Instr *instrs; int32_t ninstrs, cap_instrs;
  int32_t *operands; int32_t noperands, cap_operands;
  tlua_Region *regions; int32_t nregions, cap_regions;   /* region 0 = body */
  int32_t nmbar;
  tlua_MbarArray mbar[TLUA_IR_MAX_MBAR];
  int32_t ntma;
  tlua_TmaDesc tma[TLUA_IR_MAX_TMA];
  int32_t cluster;      /* blocks per thread-block cluster along x (1, 2, 4, 8, 16; 0 counts as 1) */
  int32_t copy_groups;  /* 1 + the mbarrier array (8 barriers of 1 arrival) of the copy groups (ASYNC_COMMIT);
                           0: none */
  char source_name[256];  /* the file #line names: the user's script, or the body's file in tilelua's own kernels */
  /* 1 once tlua_ir_verified() accepted the IR; every builder call clears it. Consumers (executor,
     HIP emitter) verify only when it is 0, so a launch does not re-check a traced kernel. Whoever
     edits instructions through tlua_ir_instr() after that must clear it. */
  uint8_t verified;
} tlua_IR;

/* Lifetime. tlua_ir_new returns NULL when out of memory. tlua_ir_free(NULL) is a no-op. */
TLUA_HIDDEN tlua_IR *tlua_ir_new(const char *name, int block, int warp);
TLUA_HIDDEN void tlua_ir_free(tlua_IR *ir);

/* Building. Each returns the new id (>= 0), or -1 when out of memory. */
TLUA_HIDDEN int tlua_ir_add_param(tlua_IR *ir, const char *name, tlua_ParamKind kind, tlua_DType dt, int rank);
TLUA_HIDDEN int tlua_ir_add_lds(tlua_IR *ir, tlua_DType dt, int64_t count);
TLUA_HIDDEN int tlua_ir_new_region(tlua_IR *ir);
/* An array of `count` mbarriers of `arrivals` each; a TMA descriptor (copied). */
TLUA_HIDDEN int tlua_ir_add_mbar(tlua_IR *ir, int32_t count, int32_t arrivals);
TLUA_HIDDEN int tlua_ir_add_tma(tlua_IR *ir, const tlua_TmaDesc *d);
/* dep[i] = 1 when value i may differ between the threads of a block (ir_uniform.c); dep has
   ninstrs entries. 0, or -1 when out of memory. */
TLUA_HIDDEN int tlua_ir_thread_dependent(const tlua_IR *ir, uint8_t *dep);
/* Appends an instruction to `region` with the given operands; the caller fills the remaining
 * fields (imm, fimm, vec, atomic fields, region[]) through tlua_ir_instr afterwards. */
TLUA_HIDDEN int tlua_ir_emit(tlua_IR *ir, int region, tlua_Op op, tlua_DType dt, int has_value,
                             const int32_t *ops, int nops, int line);
static inline tlua_Instr *tlua_ir_instr(tlua_IR *ir, int id) { return &ir->instrs[id]; }
/* The operands of in; NULL when it has none (an IR without any operand, e.g. an empty kernel body,
 * has operands == NULL, and no pointer arithmetic may be done on it). */
static inline const int32_t *tlua_ir_ops(const tlua_IR *ir, const tlua_Instr *in) {
  return in->nops ? ir->operands + in->ops : NULL;
}
/* For each region, the ids its final YIELD writes: the FOR's carried values (the body's
 * LOOP_CARRY instructions) or the IF's IF_RESULTs; NULL for regions that yield nothing (region 0).
 * dst has ir->nregions entries. */
TLUA_HIDDEN void tlua_ir_yield_dests(const tlua_IR *ir, const int32_t **dst);

/* Checks every structural and typing rule (operands defined before use and visible from the use's
 * region, operand dtypes match the op, regions well-formed, param/LDS indices in range, FOR/IF
 * carry and yield counts and types agree, barriers not inside IF regions or FORs whose bounds vary
 * per thread is NOT checked here — that is the executor's run-time check). Returns 0, or -1 with a
 * message naming the instruction (index, op name, script line) in err. */
TLUA_HIDDEN int tlua_ir_verify(const tlua_IR *ir, char *err, size_t errsz);

/* tlua_ir_verify, remembering success in ir->verified (skips the check when already set). */
TLUA_HIDDEN int tlua_ir_verified(tlua_IR *ir, char *err, size_t errsz);
/* For consumers of a const IR: 0 when it is verified or passes tlua_ir_verify now. */
static inline int tlua_ir_check(const tlua_IR *ir, char *err, size_t errsz) {
  return ir->verified ? 0 : tlua_ir_verify(ir, err, errsz);
}

/* The registers per thread at entry of a block of `block` threads alone on an SM (64K registers,
 * multiples of 8, at most 255): what ROLE registers (setmaxnreg) lower or raise from. */
static inline int tlua_ir_entry_regs(int block) {
  int r = block > 0 ? 65536 / block : 255;
  if (r > 255) r = 255;
  return r / 8 * 8;
}

/* Readable text of the IR (kernel:ir()): malloc'd, caller frees; NULL when out of memory. */
TLUA_HIDDEN char *tlua_ir_print(const tlua_IR *ir);
TLUA_HIDDEN const char *tlua_op_name(tlua_Op op);

/* --- added with the executor (declarations above unchanged) ------------------------------------ */

/* Operand roles of LOAD/LDS_LOAD, STORE/LDS_STORE and ATOMIC. Two encodings are accepted: the full
 * one documented above (optional operands present as -1) and a compact one that leaves absent
 * optional operands out: loads (offset[, mask]), stores (offset, value[, mask]), atomics with fewer
 * than 4 operands (offset, value[, cmp when the op is cas][, mask]). An atomic with 4 operands is
 * always the full form. Ids are -1 when absent (value for loads); at[] gives the positions of
 * (offset, value, cmp, mask) in the instruction's operand list, -1 when not there. Returns 0, or -1
 * when the operand count fits neither encoding (or the op is not one of these). */
typedef struct tlua_MemOperands {
  int32_t offset, value, cmp, mask;
  int8_t at[4];
} tlua_MemOperands;
TLUA_HIDDEN int tlua_ir_mem_operands(const tlua_IR *ir, const tlua_Instr *in, tlua_MemOperands *mo);

/* The padding value of a masked LOAD/LDS_LOAD is fimm for float dtypes and imm2 for integer and
 * bool dtypes (imm names the tensor / LDS buffer). */

#endif
