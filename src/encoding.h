/* encoding.h - tile distributions: CK Tile's R/H/P/Y encoding, the seed's raked 2D patterns.
 *
 * A tile distribution says which thread owns which element of a tile, and in which order a
 * thread holds its elements. It is described the way CK Tile describes it (seed 001 and CK Tile's
 * tile_distribution_encoding):
 *
 *   R     replication lengths: components that thread ids run over but the tile does not;
 *         threads that differ only in R digits own the same elements (replicas).
 *   H     one hierarchy per tensor dimension d: lengths h[d][0..nh-1]; the coordinate along d is
 *         the mixed-radix number of the component digits, the FIRST component most significant:
 *         x_d = ((c0 * h1 + c1) * h2 + c2) ...
 *   P     "partition" dims (thread ids). Each lists the R/H components it runs over, first listed
 *         most significant. With one P dim its index is the flat thread id; with two, P0 is the
 *         warp id and P1 the lane id, and the flat thread id is t = p0 * len(P1) + p1 (for the
 *         raked patterns len(P1) is the warp size, so t = warp * warp_size + lane). In general
 *         t is the mixed-radix number of the P indices, P0 most significant.
 *   Y     per-thread element dims; each is one H component. A thread's element index y is the
 *         mixed-radix number of the Y digits, the LAST Y dim fastest (for the raked patterns
 *         y = iteration * vector + lane_in_vector).
 *
 * A component is named by (major, minor): major 0 = R, major d+1 = H of tensor dimension d;
 * minor is the 0-BASED position inside R or that H (CK Tile also counts minors from 0; the
 * project's convention is 0-based everywhere). Every H component is used exactly once, by a P or
 * a Y dim; R components are used only by P dims, at most once each (an R component of length 1
 * may be left unused, as CK Tile's sequence<1> is).
 *
 * Because each thread's coordinate splits into a part that depends only on t and a part that
 * depends only on y, coord(t, y) = origin(t) + offset(y): the kernel language emits a thread's
 * elements as constant offsets from one per-thread base (tlua_dist_origin / tlua_dist_offset).
 *
 * Pure C, no Lua, no allocation except in tlua_dist_check. Objects are plain values (copyable,
 * no ownership); functions are reentrant and thread-safe on distinct or read-only objects.
 * Errors are a status (0 ok, -1 error) plus a message in a caller's char[TLUA_ENC_ERRLEN]. */
#ifndef TLUA_ENCODING_H
#define TLUA_ENCODING_H

#include "tlua.h"

#define TLUA_ENC_MAX_DIMS 4   /* tensor dimensions (H hierarchies) */
#define TLUA_ENC_MAX_H 8      /* components per H hierarchy */
#define TLUA_ENC_MAX_R 4      /* R components */
#define TLUA_ENC_MAX_P 4      /* P dims */
#define TLUA_ENC_MAX_PC 8     /* components per P dim */
#define TLUA_ENC_MAX_Y 16     /* Y dims */
#define TLUA_ENC_MAX_TERMS (TLUA_ENC_MAX_P * TLUA_ENC_MAX_PC + TLUA_ENC_MAX_Y)
#define TLUA_ENC_LIMIT (1LL << 31) /* cap on every length and on threads * elements per thread */
#define TLUA_ENC_ERRLEN 256

/* A reference to one R or H component: major 0 = R, major d+1 = H of dimension d; minor 0-based. */
typedef struct tlua_RH { int major, minor; } tlua_RH;

/* The encoding as the user wrote it. */
typedef struct tlua_Encoding {
  int nr;                                          /* R components (0 allowed) */
  long long r[TLUA_ENC_MAX_R];
  int ndim;                                        /* tensor dimensions, 1..MAX_DIMS */
  int nh[TLUA_ENC_MAX_DIMS];                       /* components of each H, 1..MAX_H */
  long long h[TLUA_ENC_MAX_DIMS][TLUA_ENC_MAX_H];
  int np;                                          /* P dims, 1..MAX_P */
  int npc[TLUA_ENC_MAX_P];                         /* components of each P dim, 1..MAX_PC */
  tlua_RH p[TLUA_ENC_MAX_P][TLUA_ENC_MAX_PC];
  int ny;                                          /* Y dims, 0..MAX_Y (0: one element each) */
  tlua_RH y[TLUA_ENC_MAX_Y];
} tlua_Encoding;

/* One digit of a thread id or element index and where it lands. The digit is
 * (index / div) % len; it adds digit * stride to coordinate `dim`, or, when dim < 0 (an R
 * component), to no coordinate: threads differing in it are replicas. */
typedef struct tlua_DistTerm {
  long long div, len;
  int dim;              /* tensor dimension, or -1 for replication */
  long long stride;     /* coordinate stride along dim (product of the later H components) */
  tlua_RH rh;           /* the component this term is */
  int owner;            /* index of the P or Y dim using it */
} tlua_DistTerm;

/* The seed's 2D raked patterns (seed 001). TLUA_PATTERN_NONE marks a general encoding. */
typedef enum tlua_Pattern {
  TLUA_PATTERN_NONE = 0,
  TLUA_PATTERN_THREAD_RAKED,
  TLUA_PATTERN_WARP_RAKED,
  TLUA_PATTERN_BLOCK_RAKED
} tlua_Pattern;

typedef struct tlua_Pattern2D {
  /* requested */
  tlua_Pattern pattern;
  long long block, rows, cols, vec, warp, wave_groups;
  /* resolved (filled by tlua_pattern2d_resolve) */
  long long vector;         /* min(vec, rows*cols/block): contiguous elements per access */
  long long x_threads;      /* cols / vector: threads along X, all in one warp */
  long long rows_per_warp;  /* warp / x_threads: rows one warp covers per iteration */
  long long warps;          /* block / warp / wave_groups: warps of one wave group */
  long long iters;          /* rows / (rows_per_warp * warps): iterations along Y */
} tlua_Pattern2D;

/* A validated encoding plus everything derived from it. A plain value: copy it freely. */
typedef struct tlua_Distribution {
  tlua_Encoding enc;
  long long lengths[TLUA_ENC_MAX_DIMS]; /* tile lengths: product of each H */
  long long tile;                       /* product of lengths */
  long long threads;                    /* product of the P lengths */
  long long elements;                   /* per thread: product of the Y lengths */
  long long replicas;                   /* product of the used R lengths */
  long long p_len[TLUA_ENC_MAX_P];
  long long y_len[TLUA_ENC_MAX_Y];
  int nt, ny;                           /* thread terms (digits of t), element terms (of y) */
  tlua_DistTerm tterm[TLUA_ENC_MAX_P * TLUA_ENC_MAX_PC];
  tlua_DistTerm yterm[TLUA_ENC_MAX_Y];
  /* for each H component: 1 + index into tterm, or -(1 + index into yterm) */
  int hterm[TLUA_ENC_MAX_DIMS][TLUA_ENC_MAX_H];
  tlua_Pattern2D pattern;               /* pattern.pattern == NONE for a general encoding */
} tlua_Distribution;

/* Checks the encoding's rules (see the top of this file) and lengths (each positive, every
 * product at most TLUA_ENC_LIMIT). Returns 0, or -1 with a message naming the rule and values. */
TLUA_HIDDEN int tlua_encoding_validate(const tlua_Encoding *e, char err[TLUA_ENC_ERRLEN]);

/* Validates e and fills d (d->pattern.pattern = NONE). Returns 0 or -1 with a message. */
TLUA_HIDDEN int tlua_dist_init(tlua_Distribution *d, const tlua_Encoding *e,
                               char err[TLUA_ENC_ERRLEN]);

/* Resolves the seed's factors of p (pattern, block, rows, cols, vec, warp, wave_groups set by
 * the caller) and checks the relations between them, e.g.
 * "pattern2d: warp (64) is not a multiple of cols/vector (48/8 = 6)". Returns 0 or -1. */
TLUA_HIDDEN int tlua_pattern2d_resolve(tlua_Pattern2D *p, char err[TLUA_ENC_ERRLEN]);

/* Builds the encoding of a resolved pattern (no checks: call resolve first). */
TLUA_HIDDEN void tlua_pattern2d_encoding(const tlua_Pattern2D *p, tlua_Encoding *out);

/* resolve + encoding + dist_init; d->pattern keeps the resolved factors. Returns 0 or -1. */
TLUA_HIDDEN int tlua_pattern2d_init(tlua_Distribution *d, const tlua_Pattern2D *p,
                                    char err[TLUA_ENC_ERRLEN]);

/* "thread_raked" etc.; tlua_pattern_parse returns NONE for an unknown name. */
TLUA_HIDDEN const char *tlua_pattern_name(tlua_Pattern p);
TLUA_HIDDEN tlua_Pattern tlua_pattern_parse(const char *name);

/* Sizes. */
static inline long long tlua_dist_elements(const tlua_Distribution *d) { return d->elements; }
static inline long long tlua_dist_threads(const tlua_Distribution *d) { return d->threads; }
static inline int tlua_dist_ndim(const tlua_Distribution *d) { return d->enc.ndim; }

/* The coordinate (ndim values) of thread t's element y: origin(t) + offset(y).
 * Returns 0, or -1 when t is outside [0, threads) or y outside [0, elements) (out untouched). */
TLUA_HIDDEN int tlua_dist_coord(const tlua_Distribution *d, long long t, long long y,
                                long long *out);
/* The thread-dependent part of the coordinate (= coord(t, 0)); no range check. */
TLUA_HIDDEN void tlua_dist_origin(const tlua_Distribution *d, long long t, long long *out);
/* The element-dependent part (= coord(t, y) - coord(t, 0), the same for every t); no check. */
TLUA_HIDDEN void tlua_dist_offset(const tlua_Distribution *d, long long y, long long *out);

/* The owner of a coordinate: the lowest thread t among its replicas and that thread's element
 * index y. Returns 0, or -1 when the coordinate is outside the tile. */
TLUA_HIDDEN int tlua_dist_owner(const tlua_Distribution *d, const long long *coord, long long *t,
                                long long *y);

/* Replica group of thread t (0 .. replicas-1): the mixed-radix number of its R digits. */
TLUA_HIDDEN long long tlua_dist_replica(const tlua_Distribution *d, long long t);

/* Threads that hold the same coordinates as t in every dimension except `dim` (t included, same
 * replica group as t, ascending): the partners of a cross-thread reduction along dim. Writes at
 * most max ids, returns how many there are (may exceed max), or -1 for a bad t or dim. */
TLUA_HIDDEN long long tlua_dist_axis_peers(const tlua_Distribution *d, long long t, int dim,
                                           long long *out, long long max);

/* Contiguous elements along the last dimension held at consecutive y (the fastest Y dims mapped
 * onto the fastest components of the last H): the widest vector access a thread can make. */
TLUA_HIDDEN long long tlua_dist_vector(const tlua_Distribution *d);

/* Checks that within every replica group each tile element is owned by exactly one (t, y), by
 * enumeration. Returns 1 when so, 0 with a message naming the first element covered 0 or 2+
 * times, -1 with a message when out of memory or too large to enumerate (> 2^28 elements). */
TLUA_HIDDEN int tlua_dist_check(const tlua_Distribution *d, char err[TLUA_ENC_ERRLEN]);

/* Writes a description into buf (always NUL-terminated, truncated to n):
 * Distribution{pattern="thread_raked", block=256, ...} (a raked pattern) or
 * Distribution{r={}, h={{..},..}, p={{{1,0}},..}, y={..}, minors=0-based, lengths={..},
 *              threads=.., elements=..}
 * (minor indices 0-based). Returns the length it needed (as snprintf). */
TLUA_HIDDEN int tlua_dist_describe(const tlua_Distribution *d, char *buf, size_t n);

#endif
