/* exec_ops.h - private to the CPU executor: lane slots, lane masks and the arithmetic kernels. */
#ifndef TLUA_EXEC_OPS_H
#define TLUA_EXEC_OPS_H

#include <stdint.h>
#include "ir.h"

/* One lane's value. Floats f32/f16/bf16 live in f (f16/bf16 already rounded to their format),
 * f64 in d; integer types in i/u as their value (signed types sign-extended, unsigned types
 * zero-extended to 64 bits), bool as 0/1 in u. */
typedef union tlua_Slot { double d; float f; int64_t i; uint64_t u; } tlua_Slot;

/* The active lanes of a region: ascending lane indices. n == block means every lane, and then
 * idx[i] == i. */
typedef struct tlua_LaneMask { int32_t *idx; int32_t n; } tlua_LaneMask;

/* Runs lanes `i` of BODY over the active lanes: a plain counted loop when all lanes are active
 * (so the compiler can vectorise it), the index list otherwise. */
#define TLUA_LANES(m, B, ...) do {                                                           \
    if ((m)->n == (B)) {                                                                      \
      for (int i = 0; i < (B); i++) { __VA_ARGS__; }                                          \
    } else {                                                                                  \
      const int32_t *tlua_ix_ = (m)->idx;                                                     \
      for (int32_t tlua_j_ = 0, tlua_n_ = (m)->n; tlua_j_ < tlua_n_; tlua_j_++) {             \
        int i = tlua_ix_[tlua_j_]; __VA_ARGS__;                                               \
      }                                                                                       \
    }                                                                                         \
  } while (0)

/* Computes instruction `in` (arithmetic, math, comparison, select, cast: every op from ADD to
 * CAST in tlua_Op) into d for the active lanes; src holds its operands' slot arrays and src_dt the
 * dtype of operand 0. Returns 0, or -1 for an integer division by zero with the lane in *bad_lane
 * (the lowest such lane; the other lanes are computed). */
TLUA_HIDDEN int tlua_exec_compute(const tlua_Instr *in, int src_dt, tlua_Slot *d,
                                  const tlua_Slot *const *src, const tlua_LaneMask *m, int B,
                                  int *bad_lane);

/* A value of dtype dt from an integer (integer types, bool) or a double (float types), converted
 * as a C cast would: wrapped to the width, rounded to f16/bf16. */
TLUA_HIDDEN tlua_Slot tlua_exec_scalar(int dt, int64_t i, double f);
/* Wraps a 64-bit pattern to integer dtype dt (sign- or zero-extended back to 64 bits). */
TLUA_HIDDEN uint64_t tlua_exec_wrap(int dt, uint64_t x);
/* Rounds a float to the nearest f16 / bf16 value (dt), returned as a float; other dtypes: x. */
TLUA_HIDDEN float tlua_exec_round(int dt, float x);

#endif
