/* preshuffle.h - seed 003's XOR-preshuffled LDS descriptor, built from descriptor.h transforms. */
#ifndef TLUA_PRESHUFFLE_H
#define TLUA_PRESHUFFLE_H

#include "descriptor.h"

typedef struct tlua_PreshuffleParams {
  long long k_per_block;  /* KPerBlock: K extent of the tile */
  long long kpack;        /* KPack (K1): the per-thread vector along K */
  long long m_lds_layer;  /* MLdsLayer (L): rows of M sharing one LDS row; 1 = none */
  long long m_per_block;  /* MPerBlock: M extent of the tile */
} tlua_PreshuffleParams;

/* Builds the seed's chain on a naive base [K0*L, M/L, KPack] with strides [KPack, KPerBlock*L, 1]
 * (K0 = KPerBlock/KPack, L = MLdsLayer, M = MPerBlock):
 *   1. xor{M/L, K0*L} on dims (M, K0): K0' = K0 ^ (M % (K0*L)), KPack passed through;
 *   2. unmerge K0' into (L, K0'') -> [L, M/L, K0'', KPack];
 *   3. merge (L, M/L) -> M' and (K0'', KPack) -> K'.
 * The result is indexed {m, k} (lengths {MPerBlock, KPerBlock}) and its offsets are a permutation
 * of 0 .. MPerBlock*KPerBlock-1. Validates the parameters (positive, KPack | KPerBlock,
 * MLdsLayer | MPerBlock, K0*L a power of two, tile within TLUA_DESC_MAX_ELEMENTS); returns 0, or -1
 * with a message in err ("xor_preshuffle: ..."). If stages is not NULL it receives the
 * intermediate descriptors: [0] base, [1] after the XOR, [2] the 4D [L, M/L, K0'', KPack]. */
TLUA_HIDDEN int tlua_xor_preshuffle(const tlua_PreshuffleParams *p, tlua_Descriptor *out,
                                    tlua_Descriptor stages[3], char *err);

#endif
