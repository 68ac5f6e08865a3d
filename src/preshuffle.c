/* preshuffle.c - seed 003's XOR preshuffle (LDS index swapping) as a chain of descriptor transforms. */
#include "preshuffle.h"

#include <stdio.h>

#define fail(err, ...) tlua_errorf(-1, err, TLUA_DESC_ERR, __VA_ARGS__)

/* Re-labels an error from the transform layer so the user sees which preshuffle step failed
 * (it cannot for valid parameters; this is a guard, not a path). */
static int step_failed(char *err, const char *step) {
  char inner[TLUA_DESC_ERR];
  snprintf(inner, sizeof inner, "%s", err);
  return fail(err, "xor_preshuffle: %s: %s", step, inner);
}

static void use(tlua_TransformUse *u, const tlua_Transform *t, int nlow, const int *lower,
                int nup, const int *upper) {
  u->transform = *t;
  for (int i = 0; i < nlow; i++) u->lower[i] = lower[i];
  for (int i = 0; i < nup; i++) u->upper[i] = upper[i];
}

int tlua_xor_preshuffle(const tlua_PreshuffleParams *p, tlua_Descriptor *out,
                        tlua_Descriptor stages[3], char *err) {
  const long long K = p->k_per_block, KPack = p->kpack, L = p->m_lds_layer, M = p->m_per_block;
  const struct { const char *name; long long v; } fields[] = {
    {"k_per_block", K}, {"kpack", KPack}, {"m_lds_layer", L}, {"m_per_block", M}};
  for (int i = 0; i < 4; i++)
    if (fields[i].v < 1)
      return fail(err, "xor_preshuffle: %s must be a positive integer (got %lld)", fields[i].name,
                  fields[i].v);
  if (K > TLUA_DESC_MAX_ELEMENTS / M)
    return fail(err, "xor_preshuffle: m_per_block*k_per_block (%lld*%lld) exceeds %lld elements", M, K,
                TLUA_DESC_MAX_ELEMENTS);
  if (K % KPack)
    return fail(err, "xor_preshuffle: k_per_block (%lld) is not a multiple of kpack (%lld)", K, KPack);
  if (M % L)
    return fail(err, "xor_preshuffle: m_per_block (%lld) is not a multiple of m_lds_layer (%lld)", M, L);
  const long long K0 = K / KPack, ML = M / L, K0L = K0 * L;
  if (K0L & (K0L - 1))
    return fail(err, "xor_preshuffle: k_per_block/kpack*m_lds_layer (%lld/%lld*%lld = %lld) must be a "
                "power of two (it is the XOR length)", K, KPack, L, K0L);

  /* Seed 003, "C++ Implementation": BaseLengths [K0*L, M/L, KPack], BaseStrides [KPack, K*L, 1]. */
  tlua_Descriptor d, st[3];
  const long long base_len[3] = {K0L, ML, KPack}, base_str[3] = {KPack, K * L, 1};
  if (tlua_descriptor_naive(&d, 3, base_len, base_str, err)) return step_failed(err, "base");
  st[0] = d;

  /* Step 1: xor on dims (M, K0) -> K0' = K0 ^ (M % (K0*L)); KPack passes through. */
  tlua_Transform x, pt;
  tlua_TransformUse u[3];
  if (tlua_transform_xor(&x, ML, K0L, err) || tlua_transform_pass_through(&pt, KPack, err))
    return step_failed(err, "xor");
  use(&u[0], &x, 2, (const int[]){1, 0}, 2, (const int[]){1, 0});
  use(&u[1], &pt, 1, (const int[]){2}, 1, (const int[]){2});
  if (tlua_descriptor_transform(&d, u, 2, &d, err)) return step_failed(err, "xor");
  st[1] = d;

  /* Step 2: unmerge K0' into (L, K0''): L = K0' / K0, K0'' = K0' % K0 -> [L, M/L, K0'', KPack]. */
  tlua_Transform um, pm;
  if (tlua_transform_unmerge(&um, (const long long[]){L, K0}, 2, err) ||
      tlua_transform_pass_through(&pm, ML, err))
    return step_failed(err, "unmerge");
  use(&u[0], &um, 1, (const int[]){0}, 2, (const int[]){0, 2});
  use(&u[1], &pm, 1, (const int[]){1}, 1, (const int[]){1});
  use(&u[2], &pt, 1, (const int[]){2}, 1, (const int[]){3});
  if (tlua_descriptor_transform(&d, u, 3, &d, err)) return step_failed(err, "unmerge");
  st[2] = d;

  /* Step 3: merge (L, M/L) -> M' and (K0'', KPack) -> K'. The seed's diagram and issue 3 both
   * merge (L, M), L the slower digit: m = l*(M/L) + m_. (CK Tile's GEMM pipeline source merges
   * (M/L, L) instead, L fastest; both are bijections, so the permutation property holds either
   * way; we follow the issue, which is the contract.) */
  tlua_Transform mm, mk;
  if (tlua_transform_merge(&mm, (const long long[]){L, ML}, 2, err) ||
      tlua_transform_merge(&mk, (const long long[]){K0, KPack}, 2, err))
    return step_failed(err, "merge");
  use(&u[0], &mm, 2, (const int[]){0, 1}, 1, (const int[]){0});
  use(&u[1], &mk, 2, (const int[]){2, 3}, 1, (const int[]){1});
  if (tlua_descriptor_transform(&d, u, 2, &d, err)) return step_failed(err, "merge");
  snprintf(d.label, sizeof d.label, "xor_preshuffle{k_per_block=%lld, kpack=%lld, m_lds_layer=%lld, "
           "m_per_block=%lld}", K, KPack, L, M);
  *out = d;
  if (stages)
    for (int i = 0; i < 3; i++) stages[i] = st[i];
  return 0;
}
