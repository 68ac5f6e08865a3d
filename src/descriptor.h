/* descriptor.h - tensor descriptors: a naive lengths+strides layout under a chain of CK-style transforms.
 *
 * Seed 003 (CK Tile LDS index swapping) builds its XOR-preshuffled LDS layout by composing index
 * transforms on a naive descriptor; this file is that machinery, in plain C, no Lua.
 *
 * Model (as in CK Tile's transform_tensor_descriptor): a descriptor is a stack of stages. Stage 0
 * is the naive ("bottom") tensor with lengths and strides. Each later stage is a set of transforms;
 * every transform maps some of the stage's new *upper* dims onto some of the previous stage's
 * *lower* dims. Every lower dim is consumed by exactly one transform and every upper dim produced by
 * exactly one. An index of the top stage is pushed down through the stages to a bottom index, whose
 * dot product with the strides is the offset. Dim ids are 0-based.
 *
 * Transforms (upper index u -> lower index l):
 *   pass_through(n)          1 -> 1   l = u                              upper length n
 *   merge{l0..lk}            1 -> k   l = digits of u, l0 most significant   upper length prod(l_i)
 *   unmerge{u0..uk}          k -> 1   l = sum u_i * rowmajor_stride_i    lower length prod(u_i)
 *   xor{la, lb}              2 -> 2   l = (a, b ^ (a % lb)), lb a power of two (so b ^ .. stays < lb)
 *   embed{lens, coeffs}      k -> 1   l = sum u_i * coeff_i              must stay inside the lower dim
 *   pad(n, left, right)      1 -> 1   l = u - left; valid only when left <= u < left + n
 *
 * Thread safety: all functions are pure (no global state); a descriptor may be read concurrently.
 * Errors: functions returning int give 0 on success, -1 on failure with a message in err (256 bytes),
 * which names the object, the violated rule and the values. */
#ifndef TLUA_DESCRIPTOR_H
#define TLUA_DESCRIPTOR_H

#include <stddef.h>
#include "tlua.h"

#define TLUA_DESC_MAX_DIMS 8          /* dims of any one stage, and of any one transform */
#define TLUA_DESC_MAX_STAGES 16       /* transform() calls on top of the naive descriptor */
#define TLUA_DESC_MAX_TRANSFORMS 32   /* transforms over all stages */
#define TLUA_DESC_MAX_ELEMENTS (1LL << 31) /* cap on any stage's element count and on the element space */
#define TLUA_DESC_ERR 256

typedef enum tlua_TransformKind {
  TLUA_TRANSFORM_PASS_THROUGH,
  TLUA_TRANSFORM_MERGE,
  TLUA_TRANSFORM_UNMERGE,
  TLUA_TRANSFORM_XOR,
  TLUA_TRANSFORM_EMBED,
  TLUA_TRANSFORM_PAD
} tlua_TransformKind;

/* One transform, independent of where it is applied. Build it with the tlua_transform_* constructors
 * below, which validate the parameters. */
typedef struct tlua_Transform {
  tlua_TransformKind kind;
  int nlow, nup;
  /* pass_through, pad: {n}; merge: the lower lengths; unmerge, embed: the upper lengths;
   * xor: {la, lb} (both the lower and the upper lengths) */
  long long lengths[TLUA_DESC_MAX_DIMS];
  /* embed: coefficients (one per upper dim); pad: {left, right} */
  long long coefficients[TLUA_DESC_MAX_DIMS];
} tlua_Transform;

/* A transform placed in a stage: lower[] are dim ids of the previous stage's top, upper[] the ids
 * of the new top dims it produces. */
typedef struct tlua_TransformUse {
  tlua_Transform transform;
  int lower[TLUA_DESC_MAX_DIMS];
  int upper[TLUA_DESC_MAX_DIMS];
} tlua_TransformUse;

/* A descriptor is a plain value (no heap memory): copy it with =, free nothing. */
typedef struct tlua_Descriptor {
  int nstages;                                        /* 0: naive */
  int ndims[TLUA_DESC_MAX_STAGES + 1];                /* dims of each stage; [0] = bottom */
  long long lengths[TLUA_DESC_MAX_STAGES + 1][TLUA_DESC_MAX_DIMS];
  long long strides[TLUA_DESC_MAX_DIMS];              /* of the bottom stage */
  long long element_space;                            /* 1 + the largest bottom offset */
  int stage_end[TLUA_DESC_MAX_STAGES + 1];            /* stage s uses [stage_end[s-1], stage_end[s]) */
  tlua_TransformUse uses[TLUA_DESC_MAX_TRANSFORMS];
  char label[136];                                    /* optional name shown by format (e.g. preshuffle) */
} tlua_Descriptor;

/* --- transforms -------------------------------------------------------------------------------- */
TLUA_HIDDEN int tlua_transform_pass_through(tlua_Transform *t, long long n, char *err);
TLUA_HIDDEN int tlua_transform_merge(tlua_Transform *t, const long long *lower_lengths, int n, char *err);
TLUA_HIDDEN int tlua_transform_unmerge(tlua_Transform *t, const long long *upper_lengths, int n, char *err);
TLUA_HIDDEN int tlua_transform_xor(tlua_Transform *t, long long la, long long lb, char *err);
TLUA_HIDDEN int tlua_transform_embed(tlua_Transform *t, const long long *upper_lengths,
                                     const long long *coefficients, int n, char *err);
TLUA_HIDDEN int tlua_transform_pad(tlua_Transform *t, long long n, long long left, long long right,
                                   char *err);
/* The transform's name in the Lua API: "pass_through", "merge", ... */
TLUA_HIDDEN const char *tlua_transform_name(tlua_TransformKind kind);
/* Writes the upper lengths (nup of them) to out; returns nup. */
TLUA_HIDDEN int tlua_transform_upper_lengths(const tlua_Transform *t, long long *out);
/* The lower lengths the transform expects of the dims it consumes (nlow of them); returns nlow.
 * Embed answers -1 instead: it accepts any lower length its reach fits in. */
TLUA_HIDDEN int tlua_transform_lower_lengths(const tlua_Transform *t, long long *out);
/* "merge{4, 8}", "pad(8, 1, 2)", ... into buf (always NUL-terminated); returns the length wanted. */
TLUA_HIDDEN int tlua_transform_format(const tlua_Transform *t, char *buf, size_t cap);

/* --- descriptors -------------------------------------------------------------------------------- */
/* The naive descriptor: ndim lengths (each >= 1) and strides (each >= 0; NULL = row-major, the
 * last dim contiguous). Element count and element space are capped at TLUA_DESC_MAX_ELEMENTS. */
TLUA_HIDDEN int tlua_descriptor_naive(tlua_Descriptor *d, int ndim, const long long *lengths,
                                      const long long *strides, char *err);
/* out = in with one more stage of n transforms (out may be the same object as in). Checks: every
 * lower dim of in's top used exactly once, upper ids 0..k-1 each produced exactly once, id lists
 * of the transforms' arity, lower lengths matching the transforms' parameters. */
TLUA_HIDDEN int tlua_descriptor_transform(const tlua_Descriptor *in, const tlua_TransformUse *uses,
                                          int n, tlua_Descriptor *out, char *err);

static inline int tlua_descriptor_ndim(const tlua_Descriptor *d) { return d->ndims[d->nstages]; }
static inline const long long *tlua_descriptor_lengths(const tlua_Descriptor *d) {
  return d->lengths[d->nstages];
}
/* Product of the top lengths (fits, by the cap). */
TLUA_HIDDEN long long tlua_descriptor_size(const tlua_Descriptor *d);

/* The fast path (called per element by maps, bank reports and the kernel language): idx holds
 * ndim top indices. Returns 1 and sets *offset when idx is inside the lengths and maps to a real
 * element; returns 0 and sets *offset = -1 for an index out of range or in padding. */
TLUA_HIDDEN int tlua_descriptor_offset(const tlua_Descriptor *d, const long long *idx,
                                       long long *offset);
/* Offsets of all elements in row-major order of the top index (out: tlua_descriptor_size(d)
 * entries; -1 where invalid). */
TLUA_HIDDEN void tlua_descriptor_offsets(const tlua_Descriptor *d, long long *out);
/* Range check of a top index with a message: "index {3, 40} is out of range: dim 1 is 40, not in
 * [0, 32)". Returns 0 when inside. */
TLUA_HIDDEN int tlua_descriptor_check_index(const tlua_Descriptor *d, const long long *idx, char *err);

/* Human-readable summary, e.g. "Descriptor{lengths={4, 8}, strides={8, 1}}" or, when
 * transformed, the top lengths, the base and each stage's transforms written
 * "xor{32, 8} {1, 0}->{1, 0}" (lower ids -> upper ids). A labelled descriptor (label[0] != 0) names
 * its label and skips the transforms unless verbose. Always NUL-terminated; truncated with "..."
 * when cap is too small. Returns the length written. */
TLUA_HIDDEN int tlua_descriptor_format(const tlua_Descriptor *d, char *buf, size_t cap, int verbose);

#endif
