/* wgmma.h - warpgroup matrix multiply-accumulate from LDS (TLUA_OP_WGMMA; NVIDIA Hopper
 * wgmma.mma_async, sm_90a): the operand layouts the matrix units read through 64-bit shared-memory
 * matrix descriptors, shared by the verifier, the CPU executor and the HIP generator.
 *
 * One WGMMA computes, for each warpgroup (4 consecutive warps of 32, the first a multiple of 4),
 * D = C + sum over ksteps s of A_s * B_s with A_s 64 x 16 and B_s 16 x n (n a multiple of 8 in
 * 8..256), A and B f16 or bf16 read from LDS buffers lds_a / lds_b, C and D f32 in registers:
 * thread w*32 + 4g + t of the warpgroup holds, in register i (0..n/2-1),
 *     D[16w + g + 8*((i>>1)&1)][8*(i>>2) + 2t + (i&1)]
 * (PTX ISA, "Register fragment layout for accumulator matrix D" of wgmma .m64nNk16).
 *
 * Operand layouts: the 128-byte swizzle mode of the descriptors (PTX ISA "Shared memory matrix
 * layout", "Matrix descriptor format"). Step s of operand X starts at byte start_X + s * step_X of
 * its buffer (the buffer 1024-byte aligned); element (mn, k) (mn = row of A / column of B) is at
 *     K-major  (trans 0): swz(start + (mn / 8) * sbo + (mn % 8) * 128 + e k)   (e: element bytes)
 *     MN-major (trans 1): swz(start + (mn / 64) * lbo + (k / 8) * sbo + (k % 8) * 128 + 2 (mn % 64))
 * with swz(a) = a ^ (((a >> 7) & 7) << 4): the 16-byte chunk index XOR the row within a 1024-byte
 * atom. These are the formulas the hardware applies to the descriptor's fields; lua/wgmma.lua
 * fits them to a buffer's tilelua layout (seed 003's XOR preshuffle) and the executor reads LDS
 * through them, so a CPU run checks the fit.
 *
 * IR form: operands (c_0..c_{n/2-1}, a_start, b_start[, accumulate]), starts i32 byte offsets in the
 * buffers (the same in every lane of a warpgroup), accumulate (with scale_op) an i32 read from lane 0
 * of the warpgroup: 0 computes D = A * B, ignoring C (wgmma's scale-d); imm and imm2 pack the rest
 * (tlua_wgmma_pack); no value. With a_regs, A comes from registers (wgmma's RS form, FlashAttention-3's
 * P V): a_0..a_{8 ksteps - 1} (f16 or bf16, the input dtype) replace a_start; thread `lane` of the
 * warpgroup holds in a_{8s + i} (i = 0..7) the element of A at tlua_wgmma_coord(lane, i) with 16 s added
 * to its column: the layout of an m64n(16 ksteps) accumulator, so such an accumulator, converted,
 * is the A of the next product;
 * n/2 MMA_RESULT instructions follow it (operand: the WGMMA, imm k, f32). Pure C, reentrant. */
#ifndef TLUA_WGMMA_H
#define TLUA_WGMMA_H

#include <stdint.h>
#include "tlua.h"

#define TLUA_WGMMA_MAX_N 256
/* the most wgmma groups an mma may leave in flight (wgmma.wait_group takes 0..7) */
#define TLUA_WGMMA_MAX_PENDING 7
#define TLUA_WGMMA_THREADS 128
#define TLUA_WGMMA_ALIGN 1024   /* byte alignment of an LDS buffer the descriptors read */

typedef struct tlua_Wgmma {
  int lds_a, lds_b;          /* LDS buffer indices (0..15) */
  int n;                     /* 8..256, a multiple of 8 */
  int bf16;                  /* inputs bf16 (else f16) */
  int fp8;                   /* 0: 16-bit inputs; 1: e4m3, 2: e5m2 (k32 steps, K-major only) */
  int trans_a, trans_b;      /* 0 K-major, 1 MN-major */
  int ksteps;                /* 1..31 instructions of k 16 */
  int a_step, b_step;        /* bytes between consecutive steps' starts (multiples of 16, < 256 KiB) */
  int a_lbo, a_sbo, b_lbo, b_sbo; /* descriptor byte offsets (multiples of 16, < 256 KiB) */
  int pending;               /* 0: wait for this group; n (1..7): return with at most the n newest groups,
                                this one among them, in flight (wgmma.wait_group n) */
  int scale_op;              /* 1: the operand after b_start (i32) says whether to accumulate: 0 gives D = A*B */
  int a_regs;                /* 1: A from registers (16-bit inputs only): lds_a, trans_a and A's descriptor
                                fields unused; operands a_0.. replace a_start (see the IR form) */
} tlua_Wgmma;

/* Operand index of b_start (after the accumulators and A's start offset or register values), and the
 * operand count. */
static inline int tlua_wgmma_bop(const tlua_Wgmma *w) { return w->n / 2 + (w->a_regs ? 8 * w->ksteps : 1); }
static inline int tlua_wgmma_nops(const tlua_Wgmma *w) { return tlua_wgmma_bop(w) + 1 + w->scale_op; }

/* imm/imm2 of the IR instruction; -1 when a field is out of range. */
TLUA_HIDDEN int tlua_wgmma_pack(const tlua_Wgmma *w, int64_t *imm, int64_t *imm2);
/* The fields back; -1 when they are out of range (a bad IR immediate). */
TLUA_HIDDEN int tlua_wgmma_unpack(int64_t imm, int64_t imm2, tlua_Wgmma *w);

/* Byte offset of element (mn, k) of step s of operand A (b = 0) or B (b = 1) in its buffer. */
TLUA_HIDDEN int64_t tlua_wgmma_addr(const tlua_Wgmma *w, int b, int64_t start, int s, int mn, int k);
/* The 128-byte swizzle of a byte offset (its own inverse): a ^ (((a >> 7) & 7) << 4). */
TLUA_HIDDEN int64_t tlua_wgmma_swizzle(int64_t a);
/* K of one instruction (16 for 16-bit inputs, 32 for 8-bit floats) and the element bytes. */
static inline int tlua_wgmma_k(const tlua_Wgmma *w) { return w->fp8 ? 32 : 16; }
static inline int tlua_wgmma_esize(const tlua_Wgmma *w) { return w->fp8 ? 1 : 2; }
/* Row and column of D held in register i by thread `lane` (0..127) of the warpgroup. */
TLUA_HIDDEN void tlua_wgmma_coord(int lane, int i, int *row, int *col);

#endif
