/* codegen_hip_prelude.c - the definitions a generated source starts with: the header comment, the
 * small-float types and their conversions (f16, bf16, FP8), the vector type, the integer division
 * helpers, and the target's own prelude hooks (AMD's freestanding definitions, the MMA types). */
#include "codegen_hip_impl.h"

void tlua_hg_prelude(Gen *g, int uses_div, int uses_vec, int uses_mma) {
  const char *v = g->nv ? "NVIDIA, NVRTC" : "AMD, hiprtc or clang";
  put(&g->b, "// tilelua HIP source of kernel %s for %s (%s, warp %d)\n", g->ir->name, g->t->arch, v, g->t->warp_size);
  if (!g->nv) tlua_hg_amd_prelude(g);
  if (g->nv) {
    if (g->uses_f16) put(&g->b, "#include <cuda_fp16.h>\n");
    if (g->uses_bf16) put(&g->b, "#include <cuda_bf16.h>\n");
    if (g->uses_fp8)
      put(&g->b, "#include <cuda_fp8.h>\n"
                 "static __device__ __forceinline__ float tl_f(__nv_fp8_e4m3 x) { return (float)x; }\n"
                 "static __device__ __forceinline__ float tl_f(__nv_fp8_e5m2 x) { return (float)x; }\n"
                 "/* round to nearest even, saturating to the largest finite value (the executor's rule) */\n"
                 "static __device__ __forceinline__ __nv_fp8_e4m3 tl_f8e4m3(float x) { return __nv_fp8_e4m3(x); }\n"
                 "static __device__ __forceinline__ __nv_fp8_e5m2 tl_f8e5m2(float x) { return __nv_fp8_e5m2(x); }\n");
  }
  /* AMD: hiprtc's built-in runtime header already defines __half and its conversions (including
   * <hip/hip_fp16.h> again redefines them), and HIP 5.2 has no <hip/hip_bf16.h>: bf16 is a struct
   * of its bits here, converted as the CPU executor does (round to nearest even, NaN kept quiet). */
  if (g->uses_f16)
    put(&g->b, "static __device__ __forceinline__ float tl_f(__half x) { return __half2float(x); }\n"
               "static __device__ __forceinline__ __half tl_h(float x) { return __float2half_rn(x); }\n");
  /* (NVIDIA's bf16 from f32: from sm_80 on, the pair conversion with x twice, its low half taken: ptxas makes the
     single conversion an F2F.BF16.F32 (by NVIDIA's throughput tables a quarter-rate conversion, as MUFU.EX2 is), the
     pair an F2FP.BF16.F32.PACK_AB; f16's single conversions it pairs itself. With 192 F2F the bf16 D = 64 backward
     kernel ran 1.15x as long as f16's with clocks locked; as pairs the backward was 1.04-1.07x faster on an H200:
     bench/RESULTS.md 2026-11-28 session 30). Two casts in a row are one tl_bf2 (codegen_hip_bf16.c): 1.04-1.07x
     again (session 31). */
  if (g->uses_bf16 && g->nv)
    put(&g->b, "static __device__ __forceinline__ float tl_f(%s x) { return __bfloat162float(x); }\n"
               "static __device__ __forceinline__ %s tl_bf(float x) {\n"
               "#if __CUDA_ARCH__ >= 800\n"
               "  unsigned int r;\n  asm(\"cvt.rn.bf16x2.f32 %%0, %%1, %%1;\" : \"=r\"(r) : \"f\"(x));\n"
               "  return __ushort_as_bfloat16((unsigned short)(r & 0xffffu));\n"
               "#else\n  return __float2bfloat16_rn(x);\n#endif\n}\n",
        ctype(g, TLUA_BF16), ctype(g, TLUA_BF16));
  if (g->uses_bf16 && tlua_hg_bf16_pairs_apply(g))
    put(&g->b, "/* lo and hi as bf16, lo in the low half (codegen_hip_bf16.c) */\n"
               "static __device__ __forceinline__ unsigned int tl_bf2(float lo, float hi) {\n"
               "  unsigned int r;\n  asm(\"cvt.rn.bf16x2.f32 %%0, %%1, %%2;\" : \"=r\"(r) : \"f\"(hi), \"f\"(lo));\n  return r;\n}\n");
  if (g->uses_bf16 && !g->nv)
    put(&g->b, "struct tl_bf16 { unsigned short bits; };\n"
               "static __device__ __forceinline__ float tl_f(tl_bf16 x) { return __uint_as_float((unsigned int)x.bits << 16); }\n"
               "static __device__ __forceinline__ tl_bf16 tl_bf(float x) {\n"
               "  const unsigned int u = __float_as_uint(x);\n"
               "  tl_bf16 r;\n"
               "  r.bits = (unsigned short)(x != x ? (u >> 16) | 0x40u : (u + 0x7fffu + ((u >> 16) & 1u)) >> 16);\n"
               "  return r;\n"
               "}\n");
  if (uses_vec) {
    put(&g->b, "template <typename T, int N> struct alignas(sizeof(T) * N) tl_vec { T v[N]; };\n");
    /* (an LDS vector access of 2 to 8 bytes is one access of an integer as wide, its elements shifted into place one
       by one: codegen_hip.c vbits_type; a memcpy of the whole vector left NVRTC's f32 pairs as scalar stores) */
    if (uses_vec > 1)
      put(&g->b, "template <int S> struct tl_uint;\n"
                 "template <> struct tl_uint<1> { typedef unsigned char t; };\n"
                 "template <> struct tl_uint<2> { typedef unsigned short t; };\n"
                 "template <> struct tl_uint<4> { typedef unsigned int t; };\n"
                 "template <typename U, typename T, int N> static __device__ __forceinline__ U tl_vbits(const tl_vec<T, N>& t) {\n"
                 "  static_assert(sizeof(U) == sizeof(t), \"tl_vbits: the widths differ\");\n"
                 "  U u = 0;\n"
                 "  for (int k = 0; k < N; k++) {\n"
                 "    typename tl_uint<sizeof(T)>::t b;\n    %s(&b, &t.v[k], sizeof b);\n"
                 "    u |= (U)b << (8 * sizeof(T) * k);\n  }\n  return u;\n}\n"
                 "template <typename T, int N, typename U> static __device__ __forceinline__ tl_vec<T, N> tl_vfrom(U u) {\n"
                 "  static_assert(sizeof(U) == sizeof(tl_vec<T, N>), \"tl_vfrom: the widths differ\");\n"
                 "  tl_vec<T, N> t;\n"
                 "  for (int k = 0; k < N; k++) {\n"
                 "    const typename tl_uint<sizeof(T)>::t b = (typename tl_uint<sizeof(T)>::t)(u >> (8 * sizeof(T) * k));\n"
                 "    %s(&t.v[k], &b, sizeof b);\n  }\n  return t;\n}\n", g->nv ? "memcpy" : "__builtin_memcpy",
          g->nv ? "memcpy" : "__builtin_memcpy");
  }
  /* (NVRTC declares memcpy for device code; AMD's freestanding source has the clang builtin) */
  if (g->uses_bitcast)
    put(&g->b, "template <typename To, typename From> static __device__ __forceinline__ To tl_bitcast(From x) {\n"
               "  static_assert(sizeof(To) == sizeof(From), \"tl_bitcast: the widths differ\");\n"
               "  To r;\n  %s(&r, &x, sizeof r);\n  return r;\n}\n", g->nv ? "memcpy" : "__builtin_memcpy");
  if (g->uses_ex2_ftz)
    put(&g->b, "static __device__ __forceinline__ float tl_ex2_ftz(float x) {\n"
               "  float y;\n  asm(\"ex2.approx.ftz.f32 %%0, %%1;\" : \"=f\"(y) : \"f\"(x));\n  return y;\n}\n");
  /* (volatile: NVVM would hoist an XOR of loop-invariant operands out of the loop, and ptxas then kept every
     such offset live across it; bench/RESULTS.md, 2026-11-27 session 22) */
  if (g->uses_xor_stay)
    put(&g->b, "static __device__ __forceinline__ unsigned int tl_xor_stay(unsigned int a, unsigned int b) {\n"
               "  unsigned int r;\n  asm volatile(\"xor.b32 %%0, %%1, %%2;\" : \"=r\"(r) : \"r\"(a), \"r\"(b));\n"
               "  return r;\n}\n");
  if (uses_mma) tlua_hg_mma_prelude(g);
  if (uses_div) {
    /* division by zero gives 0 (the executor reports an error; see codegen_hip.c) */
    static const char *const ty[][2] = {{"int", "unsigned int"}, {"long long", "unsigned long long"}};
    for (int i = 0; i < 2; i++) {
      put(&g->b, "static __device__ __forceinline__ %s tl_div(%s a, %s b) { return b == 0 ? 0 : b == -1 ? (%s)(0u - (%s)a) : a / b; }\n",
          ty[i][0], ty[i][0], ty[i][0], ty[i][0], ty[i][1]);
      put(&g->b, "static __device__ __forceinline__ %s tl_rem(%s a, %s b) { return b == 0 || b == -1 ? 0 : a %% b; }\n",
          ty[i][0], ty[i][0], ty[i][0]);
      put(&g->b, "static __device__ __forceinline__ %s tl_div(%s a, %s b) { return b == 0 ? 0 : a / b; }\n",
          ty[i][1], ty[i][1], ty[i][1]);
      put(&g->b, "static __device__ __forceinline__ %s tl_rem(%s a, %s b) { return b == 0 ? 0 : a %% b; }\n",
          ty[i][1], ty[i][1], ty[i][1]);
    }
  }
}
