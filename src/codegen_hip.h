/* codegen_hip.h - the HIP code generator: one tlua_IR specialization -> HIP/CUDA C++ source text. */
#ifndef TLUA_CODEGEN_HIP_H
#define TLUA_CODEGEN_HIP_H

#include <stddef.h>
#include "ir.h"
#include "tlua.h"

typedef enum tlua_Vendor { TLUA_VENDOR_NVIDIA, TLUA_VENDOR_AMD } tlua_Vendor;

/* What the source is generated for. occupancy is the `occupancy` hint (minimum resident blocks per
 * SM/CU), 0 when absent. */
typedef struct tlua_Target {
  char arch[32];        /* "sm_90", "gfx90a", "gfx1030", ... */
  int vendor;           /* tlua_Vendor */
  int warp_size;        /* 32 on NVIDIA and RDNA (gfx10+, wave32), 64 on CDNA/GCN (gfx8/gfx9) */
  int occupancy;
  int num_ctas;         /* the `num_ctas` hint: thread-block cluster size on sm_90+, 0 when absent */
  int uniform_warp;     /* the `uniform_warp` hint: the warp index broadcast from lane 0 (NVIDIA), 0 when absent */
} tlua_Target;

/* Fills *t from an architecture name (sm_NN, gfxNNN[x]); occupancy 0. Returns 0, or -1 with a
 * message for a name that is neither. */
TLUA_HIDDEN int tlua_target_from_arch(const char *arch, tlua_Target *t, char *err, size_t n);

/* Why `name` cannot name the generated kernel or one of its parameters (a C++ keyword, a prefix the generated
 * code uses for its own names, not an identifier): a static sentence, or NULL when it can. */
TLUA_HIDDEN const char *tlua_hip_name_problem(const char *name);

/* The HIP source of `ir` for `target`: malloc'd text (caller frees), or NULL with a message in err
 * (unsupported construct, warp mismatch, bad parameter name, out of memory). The IR must verify. */
TLUA_HIDDEN char *tlua_hip_source(const tlua_IR *ir, const tlua_Target *target, char *err, size_t n);

/* The most LDS a block may declare statically on NVIDIA (48 KiB); above it the source declares one
 * dynamic block and the launch must pass its size (and raise the kernel's limit on the device). */
#define TLUA_HIP_STATIC_LDS 49152
/* Each LDS buffer's byte offset in the block's LDS and its alignment (offset[ir->nlds],
 * align[ir->nlds]); returns the bytes of dynamic LDS the source for `target` declares: 0 when the
 * buffers are declared statically. */
TLUA_HIDDEN int64_t tlua_hip_lds_layout(const tlua_IR *ir, const tlua_Target *target, int64_t *offset, int *align);
/* The architecture to compile the source for `target` with: the arch-specific sm_90a when the
 * kernel has a WGMMA and the target is sm_90, else the target's. */
TLUA_HIDDEN const char *tlua_hip_compile_arch(const tlua_IR *ir, const tlua_Target *target);

#endif
