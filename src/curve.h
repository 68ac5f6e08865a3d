/* curve.h - space-filling curves: the order in which a tile's (vector) accesses visit a tensor.
 *
 * The model is CK Tile's space_filling_curve (seed 000): an N-d tensor of `lengths`, visited in
 * accesses of `vector[d]` scalars per dimension, dimensions nested as `order` lists them (slowest
 * first), optionally snake-curved. Access i maps to the N-d coordinate of its first scalar.
 *
 * Conventions: dimensions, coordinates and access indices are 0-based. A tlua_Curve is a plain
 * value (no heap memory): copy it freely; every function is pure and thread-safe on a const curve.
 * Functions that can fail return 0 on success and -1 on failure with a one-line message in `err`
 * (TLUA_CURVE_ERRLEN bytes; err may be NULL when the caller does not want the text).
 * Pure C: no Lua includes. */
#ifndef TLUA_CURVE_H
#define TLUA_CURVE_H

#include "tlua.h"

#define TLUA_CURVE_MAX_DIMS 8
#define TLUA_CURVE_ERRLEN 256
/* The largest tensor a curve may describe, in elements: keeps every product and every
 * coordinate far from long long overflow, and any label grid addressable. */
#define TLUA_CURVE_MAX_ELEMENTS (1LL << 31)
/* Seed 000's analyzer counts a step as "within a cache line" when the Manhattan distance between
 * consecutive accesses is at most 16 (elements); that is the default `line` of analyze. */
#define TLUA_CURVE_DEFAULT_LINE 16

typedef struct tlua_Curve {
  int ndim;                                        /* 1 .. TLUA_CURVE_MAX_DIMS */
  int snake;                                       /* 0 or 1 */
  long long lengths[TLUA_CURVE_MAX_DIMS];          /* tensor lengths, per dimension */
  long long order[TLUA_CURVE_MAX_DIMS];            /* dimension numbers, slowest -> fastest */
  long long vector[TLUA_CURVE_MAX_DIMS];           /* scalars per access, per dimension */
  long long access_lengths[TLUA_CURVE_MAX_DIMS];   /* ceil(lengths / vector), per dimension */
  long long num_access;                            /* product of access_lengths */
  long long num_elements;                          /* product of lengths */
} tlua_Curve;

/* Locality classes of seed 000's access_pattern_analyzer: for each of the num_access - 1 steps
 * between consecutive accesses, the Manhattan distance of index(i+1) - index(i) (in elements)
 * is <= 1: sequential; <= line: within_line; else large_jump. */
typedef struct tlua_CurveLocality {
  long long steps;          /* num_access - 1 (0 for a single access) */
  long long sequential;
  long long within_line;
  long long large_jump;
  long long line;           /* the threshold used, in elements */
  long long max_distance;   /* largest Manhattan distance of a step (0 when no step) */
  long long total_distance; /* sum of the Manhattan distances of all steps */
} tlua_CurveLocality;

/* Builds a curve. order == NULL means row-major {0, 1, .., ndim-1}; vector == NULL means all 1.
 * Fails (err names the rule and the values) when ndim is outside 1..8, a length or vector width
 * is not positive, a vector width exceeds its length, order is not a permutation of 0..ndim-1,
 * or the tensor has more than TLUA_CURVE_MAX_ELEMENTS elements. *c is written only on success. */
TLUA_HIDDEN int tlua_curve_init(tlua_Curve *c, int ndim, const long long *lengths,
                                const long long *order, const long long *vector, int snake,
                                char *err);

/* The coordinates of access i's first scalar, out[0..ndim-1] (already scaled by the vector
 * widths), for 0 <= i < num_access; fails on an out-of-range i. */
TLUA_HIDDEN int tlua_curve_index(const tlua_Curve *c, long long i, long long *out, char *err);

/* out = index(j) - index(i), per dimension. */
TLUA_HIDDEN int tlua_curve_step(const tlua_Curve *c, long long i, long long j, long long *out,
                                char *err);

/* Per dimension, how many of access i's scalars lie inside the tensor: vector[d], or fewer for
 * the last access of a dimension whose length the vector width does not divide. Always >= 1. */
TLUA_HIDDEN int tlua_curve_valid(const tlua_Curve *c, long long i, long long *out, char *err);

/* Counts seed 000's locality classes over all consecutive steps; line >= 1 is the "within a
 * cache line" threshold in elements (TLUA_CURVE_DEFAULT_LINE in the seed). */
TLUA_HIDDEN int tlua_curve_analyze(const tlua_Curve *c, long long line, tlua_CurveLocality *out,
                                   char *err);

/* Fills labels[0 .. num_elements-1] (row-major over lengths) with the number of the access that
 * covers each element. Each element is covered by exactly one access, so every label is written.
 * The caller owns labels. */
TLUA_HIDDEN void tlua_curve_label_grid(const tlua_Curve *c, long long *labels);

#endif
