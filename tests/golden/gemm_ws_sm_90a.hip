// tilelua HIP source of kernel std_gemm_f16_nn_64x64x64_ws for sm_90 (NVIDIA, NVRTC, warp 32)
#include <cuda_fp16.h>
static __device__ __forceinline__ float tl_f(__half x) { return __half2float(x); }
static __device__ __forceinline__ __half tl_h(float x) { return __float2half_rn(x); }
template <typename T, int N> struct alignas(sizeof(T) * N) tl_vec { T v[N]; };
static __device__ __forceinline__ int tl_div(int a, int b) { return b == 0 ? 0 : b == -1 ? (int)(0u - (unsigned int)a) : a / b; }
static __device__ __forceinline__ int tl_rem(int a, int b) { return b == 0 || b == -1 ? 0 : a % b; }
static __device__ __forceinline__ unsigned int tl_div(unsigned int a, unsigned int b) { return b == 0 ? 0 : a / b; }
static __device__ __forceinline__ unsigned int tl_rem(unsigned int a, unsigned int b) { return b == 0 ? 0 : a % b; }
static __device__ __forceinline__ long long tl_div(long long a, long long b) { return b == 0 ? 0 : b == -1 ? (long long)(0u - (unsigned long long)a) : a / b; }
static __device__ __forceinline__ long long tl_rem(long long a, long long b) { return b == 0 || b == -1 ? 0 : a % b; }
static __device__ __forceinline__ unsigned long long tl_div(unsigned long long a, unsigned long long b) { return b == 0 ? 0 : a / b; }
static __device__ __forceinline__ unsigned long long tl_rem(unsigned long long a, unsigned long long b) { return b == 0 ? 0 : a % b; }
static __device__ __forceinline__ unsigned long long tl_wgmma_desc(unsigned int addr, unsigned int lbo, unsigned int sbo) {
  return (unsigned long long)((addr & 0x3FFFF) >> 4) | ((unsigned long long)((lbo & 0x3FFFF) >> 4) << 16) |
         ((unsigned long long)((sbo & 0x3FFFF) >> 4) << 32) | (1ull << 62); /* 128-byte swizzle */
}

/* mbarriers and TMA (sm_90) */
typedef struct __align__(64) { unsigned long long opaque[16]; } tl_TensorMap;  /* CUtensorMap */
static __device__ __forceinline__ unsigned tl_smem(const void* p) {
  return (unsigned)__cvta_generic_to_shared(p);
}
static __device__ __forceinline__ void tl_mbar_init(unsigned long long* b, unsigned n) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(tl_smem(b)), "r"(n) : "memory");
}
static __device__ __forceinline__ void tl_mbar_arrive(unsigned long long* b) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(tl_smem(b)) : "memory");
}
static __device__ __forceinline__ void tl_mbar_arrive_tx(unsigned long long* b, unsigned tx) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(tl_smem(b)), "r"(tx) : "memory");
}
static __device__ __forceinline__ void tl_mbar_expect_tx(unsigned long long* b, unsigned tx) {
  asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" :: "r"(tl_smem(b)), "r"(tx) : "memory");
}
static __device__ __forceinline__ void tl_mbar_wait(unsigned long long* b, unsigned parity) {
  unsigned done;
  do {
    asm volatile("{\n .reg .pred p;\n mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n selp.u32 %0, 1, 0, p;\n}"
                 : "=r"(done) : "r"(tl_smem(b)), "r"(parity) : "memory");
  } while (!done);
}
/* barrier i of the block of rank cta of the cluster; the arrive releases at CTA scope, as CUTLASS's
   ClusterBarrier does: at cluster scope it made a 4096^3 GEMM with clusters 2x slower on an H100 */
static __device__ __forceinline__ void tl_mbar_arrive_remote(unsigned long long* b, unsigned cta, unsigned tx) {
  unsigned remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(tl_smem(b)), "r"(cta));
  if (tx) asm volatile("mbarrier.arrive.expect_tx.shared::cluster.b64 _, [%0], %1;" :: "r"(remote), "r"(tx) : "memory");
  else asm volatile("mbarrier.arrive.shared::cluster.b64 _, [%0];" :: "r"(remote) : "memory");
}

extern "C" __global__ void __launch_bounds__(256) std_gemm_f16_nn_64x64x64_ws(
    __half* __restrict__ a, const long long a_shape0, const long long a_shape1, const long long a_stride0, const long long a_stride1,
    __half* __restrict__ b, const long long b_shape0, const long long b_shape1, const long long b_stride0, const long long b_stride1,
    float* __restrict__ c, const long long c_shape0, const long long c_shape1, const long long c_stride0, const long long c_stride1,
    const float alpha,
    const __grid_constant__ tl_TensorMap tl_tmap0,
    const __grid_constant__ tl_TensorMap tl_tmap1) {
  extern __shared__ __align__(16) unsigned char tl_lds_raw[];
  unsigned char* const tl_lds = tl_lds_raw + ((1024u - ((unsigned int)__cvta_generic_to_shared(tl_lds_raw) & 1023u)) & 1023u);
  __half* const lds0 = reinterpret_cast<__half*>(tl_lds + 0);
  __half* const lds1 = reinterpret_cast<__half*>(tl_lds + 32768);
  __shared__ __align__(8) unsigned long long tl_mbar0[4];
  __shared__ __align__(8) unsigned long long tl_mbar1[4];
  if (threadIdx.x == 0) {
    for (int i = 0; i < 4; i++) tl_mbar_init(&tl_mbar0[i], 1u);
    for (int i = 0; i < 4; i++) tl_mbar_init(&tl_mbar1[i], 1u);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  const int v0 = (int)threadIdx.x;
  const int v1 = (int)blockIdx.x;
  const int v2 = (int)blockIdx.y;
  const int v3 = (int)blockIdx.z;
  const int v4 = (int)gridDim.x;
  const int v5 = (int)gridDim.y;
  const int v6 = (int)gridDim.z;
  const long long v7 = a_shape0;
  const long long v8 = a_stride0;
  const long long v9 = a_shape1;
  const long long v10 = a_stride1;
  const long long v11 = b_shape0;
  const long long v12 = b_stride0;
  const long long v13 = b_shape1;
  const long long v14 = b_stride1;
  const long long v15 = c_shape0;
  const long long v16 = c_stride0;
  const long long v17 = c_shape1;
  const long long v18 = c_stride1;
  const float v19 = alpha;
#line 488 "tilelua/std/gemm.lua"
  const long long v20 = 255LL;
#line 488 "tilelua/std/gemm.lua"
  const long long v21 = (long long)((unsigned long long)v9 + (unsigned long long)v20);
#line 488 "tilelua/std/gemm.lua"
  const long long v22 = 256LL;
#line 488 "tilelua/std/gemm.lua"
  const long long v23 = tl_div(v21, v22);
#line 488 "tilelua/std/gemm.lua"
  if (threadIdx.x >= 0u && threadIdx.x < 128u) {  /* role: threads 0..127 */
#line 488 "tilelua/std/gemm.lua"
    const int v25 = 0;
#line 488 "tilelua/std/gemm.lua"
    const bool v26 = v0 == v25;
#line 488 "tilelua/std/gemm.lua"
    if (v26) {
#line 366 "tilelua/std/gemm.lua"
      const int v28 = (int)((unsigned int)v2 * (unsigned int)v4);
#line 366 "tilelua/std/gemm.lua"
      const int v29 = (int)((unsigned int)v28 + (unsigned int)v1);
#line 341 "tilelua/std/gemm.lua"
      const int v30 = 8;
#line 341 "tilelua/std/gemm.lua"
      const int v31 = (int)((unsigned int)v4 * (unsigned int)v30);
      const int v32 = tl_div(v29, v31);
#line 342 "tilelua/std/gemm.lua"
      const int v33 = (int)((unsigned int)v32 * (unsigned int)v30);
      const int v34 = (int)((unsigned int)v5 - (unsigned int)v33);
#line 343 "tilelua/std/gemm.lua"
      const int v35 = v34 < v30 ? v34 : v30;
      const int v36 = tl_rem(v29, v31);
      const int v37 = tl_rem(v36, v35);
#line 345 "tilelua/std/gemm.lua"
      const int v38 = (int)((unsigned int)v33 + (unsigned int)v37);
#line 345 "tilelua/std/gemm.lua"
      const int v39 = tl_div(v36, v35);
#line 349 "tilelua/std/gemm.lua"
      const int v40 = 64;
#line 349 "tilelua/std/gemm.lua"
      const int v41 = (int)((unsigned int)v38 * (unsigned int)v40);
#line 349 "tilelua/std/gemm.lua"
      const int v42 = (int)((unsigned int)v39 * (unsigned int)v40);
#line 488 "tilelua/std/gemm.lua"
      const long long v43 = 0LL;
#line 488 "tilelua/std/gemm.lua"
      const long long v44 = 256LL;
#line 488 "tilelua/std/gemm.lua"
      for (long long v46 = v43; v46 < v9; v46 += v44) {
#line 488 "tilelua/std/gemm.lua"
        const long long v47 = 256LL;
#line 488 "tilelua/std/gemm.lua"
        const long long v48 = tl_div(v46, v47);
#line 488 "tilelua/std/gemm.lua"
        const long long v49 = 2LL;
#line 488 "tilelua/std/gemm.lua"
        const long long v50 = tl_rem(v48, v49);
#line 488 "tilelua/std/gemm.lua"
        const long long v51 = 1LL;
#line 488 "tilelua/std/gemm.lua"
        const long long v52 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 488 "tilelua/std/gemm.lua"
        const int v53 = 0;
#line 488 "tilelua/std/gemm.lua"
        const int v54 = (int)v52;
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_wait(&tl_mbar1[v53], (unsigned)v54);
#line 488 "tilelua/std/gemm.lua"
        const long long v56 = 0LL;
#line 488 "tilelua/std/gemm.lua"
        const long long v57 = (long long)((unsigned long long)v46 + (unsigned long long)v56);
#line 494 "tilelua/std/gemm.lua"
        const int v58 = 256;
#line 494 "tilelua/std/gemm.lua"
        const int v59 = tl_rem(v53, v58);
#line 494 "tilelua/std/gemm.lua"
        const int v60 = tl_div(v53, v58);
#line 494 "tilelua/std/gemm.lua"
        const int v61 = 8;
#line 494 "tilelua/std/gemm.lua"
        const int v62 = tl_rem(v53, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v63 = tl_div(v53, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v64 = (int)((unsigned int)v60 * (unsigned int)v61);
#line 494 "tilelua/std/gemm.lua"
        const int v65 = (int)((unsigned int)v64 + (unsigned int)v63);
#line 494 "tilelua/std/gemm.lua"
        const int v66 = tl_rem(v59, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v67 = (int)(v65 ^ v66);
#line 494 "tilelua/std/gemm.lua"
        const int v68 = (int)((unsigned int)v67 * (unsigned int)v61);
#line 494 "tilelua/std/gemm.lua"
        const int v69 = 64;
#line 494 "tilelua/std/gemm.lua"
        const int v70 = (int)((unsigned int)v59 * (unsigned int)v69);
#line 494 "tilelua/std/gemm.lua"
        const int v71 = (int)((unsigned int)v68 + (unsigned int)v70);
#line 494 "tilelua/std/gemm.lua"
        const int v72 = (int)((unsigned int)v71 + (unsigned int)v62);
#line 494 "tilelua/std/gemm.lua"
        const int v73 = (int)v57;
#line 494 "tilelua/std/gemm.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 494 "tilelua/std/gemm.lua"
          tl_mbar_expect_tx(&tl_mbar0[v53], 8192u);
#line 494 "tilelua/std/gemm.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v72)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v53])), "r"(v73), "r"(v41) : "memory");
        }
#line 488 "tilelua/std/gemm.lua"
        const long long v75 = (long long)((unsigned long long)v46 + (unsigned long long)v56);
#line 498 "tilelua/std/gemm.lua"
        const int v76 = tl_rem(v53, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v77 = tl_div(v53, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v78 = tl_rem(v77, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v79 = tl_div(v77, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v80 = tl_rem(v53, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v81 = (int)(v78 ^ v80);
#line 498 "tilelua/std/gemm.lua"
        const int v82 = 16384;
#line 498 "tilelua/std/gemm.lua"
        const int v83 = (int)((unsigned int)v79 * (unsigned int)v82);
#line 498 "tilelua/std/gemm.lua"
        const int v84 = (int)((unsigned int)v53 * (unsigned int)v69);
#line 498 "tilelua/std/gemm.lua"
        const int v85 = (int)((unsigned int)v83 + (unsigned int)v84);
#line 498 "tilelua/std/gemm.lua"
        const int v86 = (int)((unsigned int)v81 * (unsigned int)v61);
#line 498 "tilelua/std/gemm.lua"
        const int v87 = (int)((unsigned int)v85 + (unsigned int)v86);
#line 498 "tilelua/std/gemm.lua"
        const int v88 = (int)((unsigned int)v87 + (unsigned int)v76);
#line 498 "tilelua/std/gemm.lua"
        const int v89 = (int)v75;
#line 498 "tilelua/std/gemm.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 498 "tilelua/std/gemm.lua"
          tl_mbar_expect_tx(&tl_mbar0[v53], 8192u);
#line 498 "tilelua/std/gemm.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v88)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v53])), "r"(v42), "r"(v89) : "memory");
        }
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_arrive(&tl_mbar0[v53]);
#line 488 "tilelua/std/gemm.lua"
        const long long v92 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 488 "tilelua/std/gemm.lua"
        const int v93 = 1;
#line 488 "tilelua/std/gemm.lua"
        const int v94 = (int)v92;
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_wait(&tl_mbar1[v93], (unsigned)v94);
#line 488 "tilelua/std/gemm.lua"
        const long long v96 = 64LL;
#line 488 "tilelua/std/gemm.lua"
        const long long v97 = (long long)((unsigned long long)v46 + (unsigned long long)v96);
#line 494 "tilelua/std/gemm.lua"
        const int v98 = tl_rem(v69, v58);
#line 494 "tilelua/std/gemm.lua"
        const int v99 = tl_div(v69, v58);
#line 494 "tilelua/std/gemm.lua"
        const int v100 = tl_rem(v53, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v101 = tl_div(v53, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v102 = (int)((unsigned int)v99 * (unsigned int)v61);
#line 494 "tilelua/std/gemm.lua"
        const int v103 = (int)((unsigned int)v102 + (unsigned int)v101);
#line 494 "tilelua/std/gemm.lua"
        const int v104 = tl_rem(v98, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v105 = (int)(v103 ^ v104);
#line 494 "tilelua/std/gemm.lua"
        const int v106 = (int)((unsigned int)v105 * (unsigned int)v61);
#line 494 "tilelua/std/gemm.lua"
        const int v107 = (int)((unsigned int)v98 * (unsigned int)v69);
#line 494 "tilelua/std/gemm.lua"
        const int v108 = (int)((unsigned int)v106 + (unsigned int)v107);
#line 494 "tilelua/std/gemm.lua"
        const int v109 = (int)((unsigned int)v108 + (unsigned int)v100);
#line 494 "tilelua/std/gemm.lua"
        const int v110 = (int)v97;
#line 494 "tilelua/std/gemm.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 494 "tilelua/std/gemm.lua"
          tl_mbar_expect_tx(&tl_mbar0[v93], 8192u);
#line 494 "tilelua/std/gemm.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v109)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v93])), "r"(v110), "r"(v41) : "memory");
        }
#line 488 "tilelua/std/gemm.lua"
        const long long v112 = (long long)((unsigned long long)v46 + (unsigned long long)v96);
#line 498 "tilelua/std/gemm.lua"
        const int v113 = tl_rem(v53, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v114 = tl_div(v53, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v115 = tl_rem(v114, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v116 = tl_div(v114, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v117 = tl_rem(v69, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v118 = (int)(v115 ^ v117);
#line 498 "tilelua/std/gemm.lua"
        const int v119 = (int)((unsigned int)v116 * (unsigned int)v82);
#line 498 "tilelua/std/gemm.lua"
        const int v120 = (int)((unsigned int)v69 * (unsigned int)v69);
#line 498 "tilelua/std/gemm.lua"
        const int v121 = (int)((unsigned int)v119 + (unsigned int)v120);
#line 498 "tilelua/std/gemm.lua"
        const int v122 = (int)((unsigned int)v118 * (unsigned int)v61);
#line 498 "tilelua/std/gemm.lua"
        const int v123 = (int)((unsigned int)v121 + (unsigned int)v122);
#line 498 "tilelua/std/gemm.lua"
        const int v124 = (int)((unsigned int)v123 + (unsigned int)v113);
#line 498 "tilelua/std/gemm.lua"
        const int v125 = (int)v112;
#line 498 "tilelua/std/gemm.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 498 "tilelua/std/gemm.lua"
          tl_mbar_expect_tx(&tl_mbar0[v93], 8192u);
#line 498 "tilelua/std/gemm.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v124)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v93])), "r"(v42), "r"(v125) : "memory");
        }
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_arrive(&tl_mbar0[v93]);
#line 488 "tilelua/std/gemm.lua"
        const long long v128 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 488 "tilelua/std/gemm.lua"
        const int v129 = 2;
#line 488 "tilelua/std/gemm.lua"
        const int v130 = (int)v128;
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_wait(&tl_mbar1[v129], (unsigned)v130);
#line 488 "tilelua/std/gemm.lua"
        const long long v132 = 128LL;
#line 488 "tilelua/std/gemm.lua"
        const long long v133 = (long long)((unsigned long long)v46 + (unsigned long long)v132);
#line 494 "tilelua/std/gemm.lua"
        const int v134 = 128;
#line 494 "tilelua/std/gemm.lua"
        const int v135 = tl_rem(v134, v58);
#line 494 "tilelua/std/gemm.lua"
        const int v136 = tl_div(v134, v58);
#line 494 "tilelua/std/gemm.lua"
        const int v137 = tl_rem(v53, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v138 = tl_div(v53, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v139 = (int)((unsigned int)v136 * (unsigned int)v61);
#line 494 "tilelua/std/gemm.lua"
        const int v140 = (int)((unsigned int)v139 + (unsigned int)v138);
#line 494 "tilelua/std/gemm.lua"
        const int v141 = tl_rem(v135, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v142 = (int)(v140 ^ v141);
#line 494 "tilelua/std/gemm.lua"
        const int v143 = (int)((unsigned int)v142 * (unsigned int)v61);
#line 494 "tilelua/std/gemm.lua"
        const int v144 = (int)((unsigned int)v135 * (unsigned int)v69);
#line 494 "tilelua/std/gemm.lua"
        const int v145 = (int)((unsigned int)v143 + (unsigned int)v144);
#line 494 "tilelua/std/gemm.lua"
        const int v146 = (int)((unsigned int)v145 + (unsigned int)v137);
#line 494 "tilelua/std/gemm.lua"
        const int v147 = (int)v133;
#line 494 "tilelua/std/gemm.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 494 "tilelua/std/gemm.lua"
          tl_mbar_expect_tx(&tl_mbar0[v129], 8192u);
#line 494 "tilelua/std/gemm.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v146)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v129])), "r"(v147), "r"(v41) : "memory");
        }
#line 488 "tilelua/std/gemm.lua"
        const long long v149 = (long long)((unsigned long long)v46 + (unsigned long long)v132);
#line 498 "tilelua/std/gemm.lua"
        const int v150 = tl_rem(v53, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v151 = tl_div(v53, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v152 = tl_rem(v151, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v153 = tl_div(v151, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v154 = tl_rem(v134, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v155 = (int)(v152 ^ v154);
#line 498 "tilelua/std/gemm.lua"
        const int v156 = (int)((unsigned int)v153 * (unsigned int)v82);
#line 498 "tilelua/std/gemm.lua"
        const int v157 = (int)((unsigned int)v134 * (unsigned int)v69);
#line 498 "tilelua/std/gemm.lua"
        const int v158 = (int)((unsigned int)v156 + (unsigned int)v157);
#line 498 "tilelua/std/gemm.lua"
        const int v159 = (int)((unsigned int)v155 * (unsigned int)v61);
#line 498 "tilelua/std/gemm.lua"
        const int v160 = (int)((unsigned int)v158 + (unsigned int)v159);
#line 498 "tilelua/std/gemm.lua"
        const int v161 = (int)((unsigned int)v160 + (unsigned int)v150);
#line 498 "tilelua/std/gemm.lua"
        const int v162 = (int)v149;
#line 498 "tilelua/std/gemm.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 498 "tilelua/std/gemm.lua"
          tl_mbar_expect_tx(&tl_mbar0[v129], 8192u);
#line 498 "tilelua/std/gemm.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v161)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v129])), "r"(v42), "r"(v162) : "memory");
        }
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_arrive(&tl_mbar0[v129]);
#line 488 "tilelua/std/gemm.lua"
        const long long v165 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 488 "tilelua/std/gemm.lua"
        const int v166 = 3;
#line 488 "tilelua/std/gemm.lua"
        const int v167 = (int)v165;
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_wait(&tl_mbar1[v166], (unsigned)v167);
#line 488 "tilelua/std/gemm.lua"
        const long long v169 = 192LL;
#line 488 "tilelua/std/gemm.lua"
        const long long v170 = (long long)((unsigned long long)v46 + (unsigned long long)v169);
#line 494 "tilelua/std/gemm.lua"
        const int v171 = 192;
#line 494 "tilelua/std/gemm.lua"
        const int v172 = tl_rem(v171, v58);
#line 494 "tilelua/std/gemm.lua"
        const int v173 = tl_div(v171, v58);
#line 494 "tilelua/std/gemm.lua"
        const int v174 = tl_rem(v53, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v175 = tl_div(v53, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v176 = (int)((unsigned int)v173 * (unsigned int)v61);
#line 494 "tilelua/std/gemm.lua"
        const int v177 = (int)((unsigned int)v176 + (unsigned int)v175);
#line 494 "tilelua/std/gemm.lua"
        const int v178 = tl_rem(v172, v61);
#line 494 "tilelua/std/gemm.lua"
        const int v179 = (int)(v177 ^ v178);
#line 494 "tilelua/std/gemm.lua"
        const int v180 = (int)((unsigned int)v179 * (unsigned int)v61);
#line 494 "tilelua/std/gemm.lua"
        const int v181 = (int)((unsigned int)v172 * (unsigned int)v69);
#line 494 "tilelua/std/gemm.lua"
        const int v182 = (int)((unsigned int)v180 + (unsigned int)v181);
#line 494 "tilelua/std/gemm.lua"
        const int v183 = (int)((unsigned int)v182 + (unsigned int)v174);
#line 494 "tilelua/std/gemm.lua"
        const int v184 = (int)v170;
#line 494 "tilelua/std/gemm.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 494 "tilelua/std/gemm.lua"
          tl_mbar_expect_tx(&tl_mbar0[v166], 8192u);
#line 494 "tilelua/std/gemm.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v183)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v166])), "r"(v184), "r"(v41) : "memory");
        }
#line 488 "tilelua/std/gemm.lua"
        const long long v186 = (long long)((unsigned long long)v46 + (unsigned long long)v169);
#line 498 "tilelua/std/gemm.lua"
        const int v187 = tl_rem(v53, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v188 = tl_div(v53, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v189 = tl_rem(v188, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v190 = tl_div(v188, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v191 = tl_rem(v171, v61);
#line 498 "tilelua/std/gemm.lua"
        const int v192 = (int)(v189 ^ v191);
#line 498 "tilelua/std/gemm.lua"
        const int v193 = (int)((unsigned int)v190 * (unsigned int)v82);
#line 498 "tilelua/std/gemm.lua"
        const int v194 = (int)((unsigned int)v171 * (unsigned int)v69);
#line 498 "tilelua/std/gemm.lua"
        const int v195 = (int)((unsigned int)v193 + (unsigned int)v194);
#line 498 "tilelua/std/gemm.lua"
        const int v196 = (int)((unsigned int)v192 * (unsigned int)v61);
#line 498 "tilelua/std/gemm.lua"
        const int v197 = (int)((unsigned int)v195 + (unsigned int)v196);
#line 498 "tilelua/std/gemm.lua"
        const int v198 = (int)((unsigned int)v197 + (unsigned int)v187);
#line 498 "tilelua/std/gemm.lua"
        const int v199 = (int)v186;
#line 498 "tilelua/std/gemm.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 498 "tilelua/std/gemm.lua"
          tl_mbar_expect_tx(&tl_mbar0[v166], 8192u);
#line 498 "tilelua/std/gemm.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v198)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v166])), "r"(v42), "r"(v199) : "memory");
        }
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_arrive(&tl_mbar0[v166]);
      }
    }
  }
#line 488 "tilelua/std/gemm.lua"
  if (threadIdx.x >= 128u && threadIdx.x < 256u) {  /* role: threads 128..255 */
#line 488 "tilelua/std/gemm.lua"
    const int v204 = 128;
#line 488 "tilelua/std/gemm.lua"
    const int v205 = (int)((unsigned int)v0 - (unsigned int)v204);
#line 366 "tilelua/std/gemm.lua"
    const int v206 = (int)((unsigned int)v2 * (unsigned int)v4);
#line 366 "tilelua/std/gemm.lua"
    const int v207 = (int)((unsigned int)v206 + (unsigned int)v1);
#line 341 "tilelua/std/gemm.lua"
    const int v208 = 8;
#line 341 "tilelua/std/gemm.lua"
    const int v209 = (int)((unsigned int)v4 * (unsigned int)v208);
    const int v210 = tl_div(v207, v209);
#line 342 "tilelua/std/gemm.lua"
    const int v211 = (int)((unsigned int)v210 * (unsigned int)v208);
    const int v212 = (int)((unsigned int)v5 - (unsigned int)v211);
#line 343 "tilelua/std/gemm.lua"
    const int v213 = v212 < v208 ? v212 : v208;
    const int v214 = tl_rem(v207, v209);
    const int v215 = tl_rem(v214, v213);
#line 345 "tilelua/std/gemm.lua"
    const int v216 = (int)((unsigned int)v211 + (unsigned int)v215);
#line 345 "tilelua/std/gemm.lua"
    const int v217 = tl_div(v214, v213);
#line 349 "tilelua/std/gemm.lua"
    const int v218 = 64;
#line 349 "tilelua/std/gemm.lua"
    const int v219 = (int)((unsigned int)v216 * (unsigned int)v218);
#line 349 "tilelua/std/gemm.lua"
    const int v220 = (int)((unsigned int)v217 * (unsigned int)v218);
#line 488 "tilelua/std/gemm.lua"
    float v221; /* undefined: the first wgmma does not read it */
#line 488 "tilelua/std/gemm.lua"
    const long long v222 = 0LL;
#line 488 "tilelua/std/gemm.lua"
    const long long v223 = 256LL;
#line 488 "tilelua/std/gemm.lua"
    float v226 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v227 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v228 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v229 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v230 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v231 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v232 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v233 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v234 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v235 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v236 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v237 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v238 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v239 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v240 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v241 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v242 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v243 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v244 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v245 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v246 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v247 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v248 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v249 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v250 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v251 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v252 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v253 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v254 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v255 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v256 = v221;
#line 488 "tilelua/std/gemm.lua"
    float v257 = v221;
#line 488 "tilelua/std/gemm.lua"
    for (long long v225 = v222; v225 < v9; v225 += v223) {
#line 488 "tilelua/std/gemm.lua"
      const long long v258 = 256LL;
#line 488 "tilelua/std/gemm.lua"
      const long long v259 = tl_div(v225, v258);
#line 488 "tilelua/std/gemm.lua"
      const long long v260 = 2LL;
#line 488 "tilelua/std/gemm.lua"
      const long long v261 = tl_rem(v259, v260);
#line 488 "tilelua/std/gemm.lua"
      const int v262 = 0;
#line 488 "tilelua/std/gemm.lua"
      const int v263 = (int)v261;
#line 488 "tilelua/std/gemm.lua"
      tl_mbar_wait(&tl_mbar0[v262], (unsigned)v263);
#line 488 "tilelua/std/gemm.lua"
      const long long v265 = 0LL;
#line 488 "tilelua/std/gemm.lua"
      const bool v266 = v225 != v265;
#line 488 "tilelua/std/gemm.lua"
      const int v267 = 1;
#line 488 "tilelua/std/gemm.lua"
      const int v268 = v266 ? v267 : v262;
#line 488 "tilelua/std/gemm.lua"
      float &v270 = v226, &v271 = v227, &v272 = v228, &v273 = v229, &v274 = v230, &v275 = v231, &v276 = v232, &v277 = v233, &v278 = v234, &v279 = v235, &v280 = v236, &v281 = v237, &v282 = v238, &v283 = v239, &v284 = v240, &v285 = v241, &v286 = v242, &v287 = v243, &v288 = v244, &v289 = v245, &v290 = v246, &v291 = v247, &v292 = v248, &v293 = v249, &v294 = v250, &v295 = v251, &v296 = v252, &v297 = v253, &v298 = v254, &v299 = v255, &v300 = v256, &v301 = v257;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v262, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v262, 16, 1024);
        asm volatile("" : "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277) :: "memory");
        asm volatile("" : "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285) :: "memory");
        asm volatile("" : "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289), "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293) :: "memory");
        asm volatile("" : "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285), "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289), "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"((int)(v268 != 0)));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285), "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289), "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285), "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289), "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285), "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289), "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277) :: "memory");
        asm volatile("" : "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285) :: "memory");
        asm volatile("" : "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289), "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293) :: "memory");
        asm volatile("" : "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301) :: "memory");
      }
#line 488 "tilelua/std/gemm.lua"
      const bool v302 = v225 != v265;
#line 488 "tilelua/std/gemm.lua"
      if (v302) {
#line 488 "tilelua/std/gemm.lua"
        const int v304 = 128;
#line 488 "tilelua/std/gemm.lua"
        const int v305 = tl_rem(v205, v304);
#line 488 "tilelua/std/gemm.lua"
        const int v306 = 0;
#line 488 "tilelua/std/gemm.lua"
        const bool v307 = v305 == v306;
#line 488 "tilelua/std/gemm.lua"
        if (v307) {
#line 488 "tilelua/std/gemm.lua"
          const int v309 = 3;
#line 488 "tilelua/std/gemm.lua"
          tl_mbar_arrive(&tl_mbar1[v309]);
        }
      }
#line 488 "tilelua/std/gemm.lua"
      const int v311 = (int)v261;
#line 488 "tilelua/std/gemm.lua"
      tl_mbar_wait(&tl_mbar0[v267], (unsigned)v311);
#line 488 "tilelua/std/gemm.lua"
      const int v313 = 8192;
#line 488 "tilelua/std/gemm.lua"
      float &v315 = v270, &v316 = v271, &v317 = v272, &v318 = v273, &v319 = v274, &v320 = v275, &v321 = v276, &v322 = v277, &v323 = v278, &v324 = v279, &v325 = v280, &v326 = v281, &v327 = v282, &v328 = v283, &v329 = v284, &v330 = v285, &v331 = v286, &v332 = v287, &v333 = v288, &v334 = v289, &v335 = v290, &v336 = v291, &v337 = v292, &v338 = v293, &v339 = v294, &v340 = v295, &v341 = v296, &v342 = v297, &v343 = v298, &v344 = v299, &v345 = v300, &v346 = v301;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v313, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v313, 16, 1024);
        asm volatile("" : "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322) :: "memory");
        asm volatile("" : "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330) :: "memory");
        asm volatile("" : "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338) :: "memory");
        asm volatile("" : "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322) :: "memory");
        asm volatile("" : "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330) :: "memory");
        asm volatile("" : "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338) :: "memory");
        asm volatile("" : "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346) :: "memory");
      }
#line 488 "tilelua/std/gemm.lua"
      const int v347 = 128;
#line 488 "tilelua/std/gemm.lua"
      const int v348 = tl_rem(v205, v347);
#line 488 "tilelua/std/gemm.lua"
      const bool v349 = v348 == v262;
#line 488 "tilelua/std/gemm.lua"
      if (v349) {
#line 488 "tilelua/std/gemm.lua"
        const int v351 = 0;
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_arrive(&tl_mbar1[v351]);
      }
#line 488 "tilelua/std/gemm.lua"
      const int v353 = 2;
#line 488 "tilelua/std/gemm.lua"
      const int v354 = (int)v261;
#line 488 "tilelua/std/gemm.lua"
      tl_mbar_wait(&tl_mbar0[v353], (unsigned)v354);
#line 488 "tilelua/std/gemm.lua"
      const int v356 = 16384;
#line 488 "tilelua/std/gemm.lua"
      float &v358 = v315, &v359 = v316, &v360 = v317, &v361 = v318, &v362 = v319, &v363 = v320, &v364 = v321, &v365 = v322, &v366 = v323, &v367 = v324, &v368 = v325, &v369 = v326, &v370 = v327, &v371 = v328, &v372 = v329, &v373 = v330, &v374 = v331, &v375 = v332, &v376 = v333, &v377 = v334, &v378 = v335, &v379 = v336, &v380 = v337, &v381 = v338, &v382 = v339, &v383 = v340, &v384 = v341, &v385 = v342, &v386 = v343, &v387 = v344, &v388 = v345, &v389 = v346;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v356, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v356, 16, 1024);
        asm volatile("" : "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365) :: "memory");
        asm volatile("" : "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373) :: "memory");
        asm volatile("" : "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381) :: "memory");
        asm volatile("" : "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365) :: "memory");
        asm volatile("" : "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373) :: "memory");
        asm volatile("" : "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381) :: "memory");
        asm volatile("" : "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389) :: "memory");
      }
#line 488 "tilelua/std/gemm.lua"
      const int v390 = tl_rem(v205, v347);
#line 488 "tilelua/std/gemm.lua"
      const bool v391 = v390 == v262;
#line 488 "tilelua/std/gemm.lua"
      if (v391) {
#line 488 "tilelua/std/gemm.lua"
        const int v393 = 1;
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_arrive(&tl_mbar1[v393]);
      }
#line 488 "tilelua/std/gemm.lua"
      const int v395 = 3;
#line 488 "tilelua/std/gemm.lua"
      const int v396 = (int)v261;
#line 488 "tilelua/std/gemm.lua"
      tl_mbar_wait(&tl_mbar0[v395], (unsigned)v396);
#line 488 "tilelua/std/gemm.lua"
      const int v398 = 24576;
#line 488 "tilelua/std/gemm.lua"
      float &v400 = v358, &v401 = v359, &v402 = v360, &v403 = v361, &v404 = v362, &v405 = v363, &v406 = v364, &v407 = v365, &v408 = v366, &v409 = v367, &v410 = v368, &v411 = v369, &v412 = v370, &v413 = v371, &v414 = v372, &v415 = v373, &v416 = v374, &v417 = v375, &v418 = v376, &v419 = v377, &v420 = v378, &v421 = v379, &v422 = v380, &v423 = v381, &v424 = v382, &v425 = v383, &v426 = v384, &v427 = v385, &v428 = v386, &v429 = v387, &v430 = v388, &v431 = v389;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v398, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v398, 16, 1024);
        asm volatile("" : "+f"(v400), "+f"(v401), "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407) :: "memory");
        asm volatile("" : "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415) :: "memory");
        asm volatile("" : "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419), "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423) :: "memory");
        asm volatile("" : "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427), "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v400), "+f"(v401), "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419), "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423), "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427), "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v400), "+f"(v401), "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419), "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423), "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427), "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v400), "+f"(v401), "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419), "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423), "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427), "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v400), "+f"(v401), "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419), "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423), "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427), "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v400), "+f"(v401), "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407) :: "memory");
        asm volatile("" : "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415) :: "memory");
        asm volatile("" : "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419), "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423) :: "memory");
        asm volatile("" : "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427), "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431) :: "memory");
      }
#line 488 "tilelua/std/gemm.lua"
      const int v432 = tl_rem(v205, v347);
#line 488 "tilelua/std/gemm.lua"
      const bool v433 = v432 == v262;
#line 488 "tilelua/std/gemm.lua"
      if (v433) {
#line 488 "tilelua/std/gemm.lua"
        const int v435 = 2;
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_arrive(&tl_mbar1[v435]);
      }
    }
#line 488 "tilelua/std/gemm.lua"
    const float v438 = v226;
#line 488 "tilelua/std/gemm.lua"
    const float v439 = v227;
#line 488 "tilelua/std/gemm.lua"
    const float v440 = v228;
#line 488 "tilelua/std/gemm.lua"
    const float v441 = v229;
#line 488 "tilelua/std/gemm.lua"
    const float v442 = v230;
#line 488 "tilelua/std/gemm.lua"
    const float v443 = v231;
#line 488 "tilelua/std/gemm.lua"
    const float v444 = v232;
#line 488 "tilelua/std/gemm.lua"
    const float v445 = v233;
#line 488 "tilelua/std/gemm.lua"
    const float v446 = v234;
#line 488 "tilelua/std/gemm.lua"
    const float v447 = v235;
#line 488 "tilelua/std/gemm.lua"
    const float v448 = v236;
#line 488 "tilelua/std/gemm.lua"
    const float v449 = v237;
#line 488 "tilelua/std/gemm.lua"
    const float v450 = v238;
#line 488 "tilelua/std/gemm.lua"
    const float v451 = v239;
#line 488 "tilelua/std/gemm.lua"
    const float v452 = v240;
#line 488 "tilelua/std/gemm.lua"
    const float v453 = v241;
#line 488 "tilelua/std/gemm.lua"
    const float v454 = v242;
#line 488 "tilelua/std/gemm.lua"
    const float v455 = v243;
#line 488 "tilelua/std/gemm.lua"
    const float v456 = v244;
#line 488 "tilelua/std/gemm.lua"
    const float v457 = v245;
#line 488 "tilelua/std/gemm.lua"
    const float v458 = v246;
#line 488 "tilelua/std/gemm.lua"
    const float v459 = v247;
#line 488 "tilelua/std/gemm.lua"
    const float v460 = v248;
#line 488 "tilelua/std/gemm.lua"
    const float v461 = v249;
#line 488 "tilelua/std/gemm.lua"
    const float v462 = v250;
#line 488 "tilelua/std/gemm.lua"
    const float v463 = v251;
#line 488 "tilelua/std/gemm.lua"
    const float v464 = v252;
#line 488 "tilelua/std/gemm.lua"
    const float v465 = v253;
#line 488 "tilelua/std/gemm.lua"
    const float v466 = v254;
#line 488 "tilelua/std/gemm.lua"
    const float v467 = v255;
#line 488 "tilelua/std/gemm.lua"
    const float v468 = v256;
#line 488 "tilelua/std/gemm.lua"
    const float v469 = v257;
#line 488 "tilelua/std/gemm.lua"
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#line 488 "tilelua/std/gemm.lua"
    const bool v471 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    if (v471) {
#line 488 "tilelua/std/gemm.lua"
      const int v473 = 128;
#line 488 "tilelua/std/gemm.lua"
      const int v474 = tl_rem(v205, v473);
#line 488 "tilelua/std/gemm.lua"
      const int v475 = 0;
#line 488 "tilelua/std/gemm.lua"
      const bool v476 = v474 == v475;
#line 488 "tilelua/std/gemm.lua"
      if (v476) {
#line 488 "tilelua/std/gemm.lua"
        const int v478 = 3;
#line 488 "tilelua/std/gemm.lua"
        tl_mbar_arrive(&tl_mbar1[v478]);
      }
    }
#line 488 "tilelua/std/gemm.lua"
    const bool v480 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v481 = 0.0f;
#line 488 "tilelua/std/gemm.lua"
    const float v482 = v480 ? v438 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v483 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v484 = v483 ? v439 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v485 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v486 = v485 ? v440 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v487 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v488 = v487 ? v441 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v489 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v490 = v489 ? v442 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v491 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v492 = v491 ? v443 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v493 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v494 = v493 ? v444 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v495 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v496 = v495 ? v445 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v497 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v498 = v497 ? v446 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v499 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v500 = v499 ? v447 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v501 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v502 = v501 ? v448 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v503 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v504 = v503 ? v449 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v505 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v506 = v505 ? v450 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v507 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v508 = v507 ? v451 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v509 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v510 = v509 ? v452 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v511 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v512 = v511 ? v453 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v513 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v514 = v513 ? v454 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v515 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v516 = v515 ? v455 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v517 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v518 = v517 ? v456 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v519 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v520 = v519 ? v457 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v521 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v522 = v521 ? v458 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v523 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v524 = v523 ? v459 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v525 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v526 = v525 ? v460 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v527 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v528 = v527 ? v461 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v529 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v530 = v529 ? v462 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v531 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v532 = v531 ? v463 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v533 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v534 = v533 ? v464 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v535 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v536 = v535 ? v465 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v537 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v538 = v537 ? v466 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v539 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v540 = v539 ? v467 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v541 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v542 = v541 ? v468 : v481;
#line 488 "tilelua/std/gemm.lua"
    const bool v543 = v9 > v222;
#line 488 "tilelua/std/gemm.lua"
    const float v544 = v543 ? v469 : v481;
#line 488 "tilelua/std/gemm.lua"
    const int v545 = 32;
#line 488 "tilelua/std/gemm.lua"
    const int v546 = tl_div(v205, v545);
#line 488 "tilelua/std/gemm.lua"
    const int v547 = 4;
#line 488 "tilelua/std/gemm.lua"
    const int v548 = tl_div(v546, v547);
#line 488 "tilelua/std/gemm.lua"
    const int v549 = (int)((unsigned int)v218 * (unsigned int)v548);
#line 508 "tilelua/std/gemm.lua"
    const int v550 = (int)((unsigned int)v219 + (unsigned int)v549);
#line 430 "tilelua/std/gemm.lua"
    const float v551 = v482 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v552 = v484 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v553 = v486 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v554 = v488 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v555 = v490 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v556 = v492 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v557 = v494 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v558 = v496 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v559 = v498 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v560 = v500 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v561 = v502 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v562 = v504 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v563 = v506 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v564 = v508 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v565 = v510 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v566 = v512 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v567 = v514 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v568 = v516 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v569 = v518 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v570 = v520 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v571 = v522 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v572 = v524 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v573 = v526 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v574 = v528 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v575 = v530 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v576 = v532 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v577 = v534 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v578 = v536 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v579 = v538 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v580 = v540 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v581 = v542 * v19;
#line 430 "tilelua/std/gemm.lua"
    const float v582 = v544 * v19;
#line 435 "tilelua/std/gemm.lua"
    const int v583 = tl_div(v205, v545);
#line 435 "tilelua/std/gemm.lua"
    const int v584 = tl_rem(v583, v547);
#line 435 "tilelua/std/gemm.lua"
    const int v585 = 16;
#line 435 "tilelua/std/gemm.lua"
    const int v586 = (int)((unsigned int)v584 * (unsigned int)v585);
#line 435 "tilelua/std/gemm.lua"
    const int v587 = tl_div(v205, v547);
#line 435 "tilelua/std/gemm.lua"
    const int v588 = tl_rem(v587, v208);
#line 435 "tilelua/std/gemm.lua"
    const int v589 = (int)((unsigned int)v586 + (unsigned int)v588);
#line 435 "tilelua/std/gemm.lua"
    const int v590 = tl_rem(v205, v547);
#line 435 "tilelua/std/gemm.lua"
    const int v591 = 2;
#line 435 "tilelua/std/gemm.lua"
    const int v592 = (int)((unsigned int)v590 * (unsigned int)v591);
#line 435 "tilelua/std/gemm.lua"
    const long long v593 = (long long)v550;
#line 435 "tilelua/std/gemm.lua"
    const long long v594 = (long long)v589;
#line 435 "tilelua/std/gemm.lua"
    const long long v595 = (long long)((unsigned long long)v593 + (unsigned long long)v594);
#line 435 "tilelua/std/gemm.lua"
    const long long v596 = (long long)v220;
#line 435 "tilelua/std/gemm.lua"
    const long long v597 = (long long)v592;
#line 435 "tilelua/std/gemm.lua"
    const long long v598 = (long long)((unsigned long long)v596 + (unsigned long long)v597);
#line 435 "tilelua/std/gemm.lua"
    const long long v599 = (long long)((unsigned long long)v595 * (unsigned long long)v16);
#line 435 "tilelua/std/gemm.lua"
    const long long v600 = (long long)((unsigned long long)v599 + (unsigned long long)v598);
#line 435 "tilelua/std/gemm.lua"
    const bool v601 = v595 >= v222;
#line 435 "tilelua/std/gemm.lua"
    const bool v602 = v595 < v15;
#line 435 "tilelua/std/gemm.lua"
    const bool v603 = v601 && v602;
#line 435 "tilelua/std/gemm.lua"
    const bool v604 = v598 >= v222;
#line 435 "tilelua/std/gemm.lua"
    const bool v605 = v598 < v17;
#line 435 "tilelua/std/gemm.lua"
    const bool v606 = v604 && v605;
#line 435 "tilelua/std/gemm.lua"
    const bool v607 = v603 && v606;
#line 435 "tilelua/std/gemm.lua"
    const long long v608 = 1LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v609 = (long long)((unsigned long long)v600 + (unsigned long long)v608);
#line 435 "tilelua/std/gemm.lua"
    const long long v610 = 8LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v611 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v612 = (long long)((unsigned long long)v595 + (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const bool v613 = v612 >= v222;
#line 435 "tilelua/std/gemm.lua"
    const bool v614 = v612 < v15;
#line 435 "tilelua/std/gemm.lua"
    const bool v615 = v613 && v614;
#line 435 "tilelua/std/gemm.lua"
    const bool v616 = v615 && v606;
#line 435 "tilelua/std/gemm.lua"
    const long long v617 = (long long)((unsigned long long)v600 + (unsigned long long)v611);
#line 435 "tilelua/std/gemm.lua"
    const long long v618 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v619 = (long long)((unsigned long long)v617 + (unsigned long long)v608);
#line 435 "tilelua/std/gemm.lua"
    const long long v620 = (long long)((unsigned long long)v598 + (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const bool v621 = v620 >= v222;
#line 435 "tilelua/std/gemm.lua"
    const bool v622 = v620 < v17;
#line 435 "tilelua/std/gemm.lua"
    const bool v623 = v621 && v622;
#line 435 "tilelua/std/gemm.lua"
    const bool v624 = v603 && v623;
#line 435 "tilelua/std/gemm.lua"
    const long long v625 = (long long)((unsigned long long)v600 + (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v626 = 9LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v627 = (long long)((unsigned long long)v600 + (unsigned long long)v626);
#line 435 "tilelua/std/gemm.lua"
    const long long v628 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const bool v629 = v615 && v623;
#line 435 "tilelua/std/gemm.lua"
    const long long v630 = (long long)((unsigned long long)v617 + (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v631 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v632 = (long long)((unsigned long long)v617 + (unsigned long long)v626);
#line 435 "tilelua/std/gemm.lua"
    const long long v633 = 16LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v634 = (long long)((unsigned long long)v598 + (unsigned long long)v633);
#line 435 "tilelua/std/gemm.lua"
    const bool v635 = v634 >= v222;
#line 435 "tilelua/std/gemm.lua"
    const bool v636 = v634 < v17;
#line 435 "tilelua/std/gemm.lua"
    const bool v637 = v635 && v636;
#line 435 "tilelua/std/gemm.lua"
    const bool v638 = v603 && v637;
#line 435 "tilelua/std/gemm.lua"
    const long long v639 = (long long)((unsigned long long)v600 + (unsigned long long)v633);
#line 435 "tilelua/std/gemm.lua"
    const long long v640 = 17LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v641 = (long long)((unsigned long long)v600 + (unsigned long long)v640);
#line 435 "tilelua/std/gemm.lua"
    const long long v642 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const bool v643 = v615 && v637;
#line 435 "tilelua/std/gemm.lua"
    const long long v644 = (long long)((unsigned long long)v617 + (unsigned long long)v633);
#line 435 "tilelua/std/gemm.lua"
    const long long v645 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v646 = (long long)((unsigned long long)v617 + (unsigned long long)v640);
#line 435 "tilelua/std/gemm.lua"
    const long long v647 = 24LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v648 = (long long)((unsigned long long)v598 + (unsigned long long)v647);
#line 435 "tilelua/std/gemm.lua"
    const bool v649 = v648 >= v222;
#line 435 "tilelua/std/gemm.lua"
    const bool v650 = v648 < v17;
#line 435 "tilelua/std/gemm.lua"
    const bool v651 = v649 && v650;
#line 435 "tilelua/std/gemm.lua"
    const bool v652 = v603 && v651;
#line 435 "tilelua/std/gemm.lua"
    const long long v653 = (long long)((unsigned long long)v600 + (unsigned long long)v647);
#line 435 "tilelua/std/gemm.lua"
    const long long v654 = 25LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v655 = (long long)((unsigned long long)v600 + (unsigned long long)v654);
#line 435 "tilelua/std/gemm.lua"
    const long long v656 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const bool v657 = v615 && v651;
#line 435 "tilelua/std/gemm.lua"
    const long long v658 = (long long)((unsigned long long)v617 + (unsigned long long)v647);
#line 435 "tilelua/std/gemm.lua"
    const long long v659 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v660 = (long long)((unsigned long long)v617 + (unsigned long long)v654);
#line 435 "tilelua/std/gemm.lua"
    const long long v661 = 32LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v662 = (long long)((unsigned long long)v598 + (unsigned long long)v661);
#line 435 "tilelua/std/gemm.lua"
    const bool v663 = v662 >= v222;
#line 435 "tilelua/std/gemm.lua"
    const bool v664 = v662 < v17;
#line 435 "tilelua/std/gemm.lua"
    const bool v665 = v663 && v664;
#line 435 "tilelua/std/gemm.lua"
    const bool v666 = v603 && v665;
#line 435 "tilelua/std/gemm.lua"
    const long long v667 = (long long)((unsigned long long)v600 + (unsigned long long)v661);
#line 435 "tilelua/std/gemm.lua"
    const long long v668 = 33LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v669 = (long long)((unsigned long long)v600 + (unsigned long long)v668);
#line 435 "tilelua/std/gemm.lua"
    const long long v670 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const bool v671 = v615 && v665;
#line 435 "tilelua/std/gemm.lua"
    const long long v672 = (long long)((unsigned long long)v617 + (unsigned long long)v661);
#line 435 "tilelua/std/gemm.lua"
    const long long v673 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v674 = (long long)((unsigned long long)v617 + (unsigned long long)v668);
#line 435 "tilelua/std/gemm.lua"
    const long long v675 = 40LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v676 = (long long)((unsigned long long)v598 + (unsigned long long)v675);
#line 435 "tilelua/std/gemm.lua"
    const bool v677 = v676 >= v222;
#line 435 "tilelua/std/gemm.lua"
    const bool v678 = v676 < v17;
#line 435 "tilelua/std/gemm.lua"
    const bool v679 = v677 && v678;
#line 435 "tilelua/std/gemm.lua"
    const bool v680 = v603 && v679;
#line 435 "tilelua/std/gemm.lua"
    const long long v681 = (long long)((unsigned long long)v600 + (unsigned long long)v675);
#line 435 "tilelua/std/gemm.lua"
    const long long v682 = 41LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v683 = (long long)((unsigned long long)v600 + (unsigned long long)v682);
#line 435 "tilelua/std/gemm.lua"
    const long long v684 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const bool v685 = v615 && v679;
#line 435 "tilelua/std/gemm.lua"
    const long long v686 = (long long)((unsigned long long)v617 + (unsigned long long)v675);
#line 435 "tilelua/std/gemm.lua"
    const long long v687 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v688 = (long long)((unsigned long long)v617 + (unsigned long long)v682);
#line 435 "tilelua/std/gemm.lua"
    const long long v689 = 48LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v690 = (long long)((unsigned long long)v598 + (unsigned long long)v689);
#line 435 "tilelua/std/gemm.lua"
    const bool v691 = v690 >= v222;
#line 435 "tilelua/std/gemm.lua"
    const bool v692 = v690 < v17;
#line 435 "tilelua/std/gemm.lua"
    const bool v693 = v691 && v692;
#line 435 "tilelua/std/gemm.lua"
    const bool v694 = v603 && v693;
#line 435 "tilelua/std/gemm.lua"
    const long long v695 = (long long)((unsigned long long)v600 + (unsigned long long)v689);
#line 435 "tilelua/std/gemm.lua"
    const long long v696 = 49LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v697 = (long long)((unsigned long long)v600 + (unsigned long long)v696);
#line 435 "tilelua/std/gemm.lua"
    const long long v698 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const bool v699 = v615 && v693;
#line 435 "tilelua/std/gemm.lua"
    const long long v700 = (long long)((unsigned long long)v617 + (unsigned long long)v689);
#line 435 "tilelua/std/gemm.lua"
    const long long v701 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v702 = (long long)((unsigned long long)v617 + (unsigned long long)v696);
#line 435 "tilelua/std/gemm.lua"
    const long long v703 = 56LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v704 = (long long)((unsigned long long)v598 + (unsigned long long)v703);
#line 435 "tilelua/std/gemm.lua"
    const bool v705 = v704 >= v222;
#line 435 "tilelua/std/gemm.lua"
    const bool v706 = v704 < v17;
#line 435 "tilelua/std/gemm.lua"
    const bool v707 = v705 && v706;
#line 435 "tilelua/std/gemm.lua"
    const bool v708 = v603 && v707;
#line 435 "tilelua/std/gemm.lua"
    const long long v709 = (long long)((unsigned long long)v600 + (unsigned long long)v703);
#line 435 "tilelua/std/gemm.lua"
    const long long v710 = 57LL;
#line 435 "tilelua/std/gemm.lua"
    const long long v711 = (long long)((unsigned long long)v600 + (unsigned long long)v710);
#line 435 "tilelua/std/gemm.lua"
    const long long v712 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const bool v713 = v615 && v707;
#line 435 "tilelua/std/gemm.lua"
    const long long v714 = (long long)((unsigned long long)v617 + (unsigned long long)v703);
#line 435 "tilelua/std/gemm.lua"
    const long long v715 = (long long)((unsigned long long)v16 * (unsigned long long)v610);
#line 435 "tilelua/std/gemm.lua"
    const long long v716 = (long long)((unsigned long long)v617 + (unsigned long long)v710);
    if (v607 && v607) {
      tl_vec<float, 2> t717; t717.v[0] = v551; t717.v[1] = v552;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v600) = t717;
    } else {
      if (v607) c[v600] = v551;
      if (v607) c[v609] = v552;
    }
    if (v616 && v616) {
      tl_vec<float, 2> t719; t719.v[0] = v553; t719.v[1] = v554;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v617) = t719;
    } else {
      if (v616) c[v617] = v553;
      if (v616) c[v619] = v554;
    }
    if (v624 && v624) {
      tl_vec<float, 2> t721; t721.v[0] = v555; t721.v[1] = v556;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v625) = t721;
    } else {
      if (v624) c[v625] = v555;
      if (v624) c[v627] = v556;
    }
    if (v629 && v629) {
      tl_vec<float, 2> t723; t723.v[0] = v557; t723.v[1] = v558;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v630) = t723;
    } else {
      if (v629) c[v630] = v557;
      if (v629) c[v632] = v558;
    }
    if (v638 && v638) {
      tl_vec<float, 2> t725; t725.v[0] = v559; t725.v[1] = v560;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v639) = t725;
    } else {
      if (v638) c[v639] = v559;
      if (v638) c[v641] = v560;
    }
    if (v643 && v643) {
      tl_vec<float, 2> t727; t727.v[0] = v561; t727.v[1] = v562;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v644) = t727;
    } else {
      if (v643) c[v644] = v561;
      if (v643) c[v646] = v562;
    }
    if (v652 && v652) {
      tl_vec<float, 2> t729; t729.v[0] = v563; t729.v[1] = v564;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v653) = t729;
    } else {
      if (v652) c[v653] = v563;
      if (v652) c[v655] = v564;
    }
    if (v657 && v657) {
      tl_vec<float, 2> t731; t731.v[0] = v565; t731.v[1] = v566;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v658) = t731;
    } else {
      if (v657) c[v658] = v565;
      if (v657) c[v660] = v566;
    }
    if (v666 && v666) {
      tl_vec<float, 2> t733; t733.v[0] = v567; t733.v[1] = v568;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v667) = t733;
    } else {
      if (v666) c[v667] = v567;
      if (v666) c[v669] = v568;
    }
    if (v671 && v671) {
      tl_vec<float, 2> t735; t735.v[0] = v569; t735.v[1] = v570;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v672) = t735;
    } else {
      if (v671) c[v672] = v569;
      if (v671) c[v674] = v570;
    }
    if (v680 && v680) {
      tl_vec<float, 2> t737; t737.v[0] = v571; t737.v[1] = v572;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v681) = t737;
    } else {
      if (v680) c[v681] = v571;
      if (v680) c[v683] = v572;
    }
    if (v685 && v685) {
      tl_vec<float, 2> t739; t739.v[0] = v573; t739.v[1] = v574;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v686) = t739;
    } else {
      if (v685) c[v686] = v573;
      if (v685) c[v688] = v574;
    }
    if (v694 && v694) {
      tl_vec<float, 2> t741; t741.v[0] = v575; t741.v[1] = v576;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v695) = t741;
    } else {
      if (v694) c[v695] = v575;
      if (v694) c[v697] = v576;
    }
    if (v699 && v699) {
      tl_vec<float, 2> t743; t743.v[0] = v577; t743.v[1] = v578;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v700) = t743;
    } else {
      if (v699) c[v700] = v577;
      if (v699) c[v702] = v578;
    }
    if (v708 && v708) {
      tl_vec<float, 2> t745; t745.v[0] = v579; t745.v[1] = v580;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v709) = t745;
    } else {
      if (v708) c[v709] = v579;
      if (v708) c[v711] = v580;
    }
    if (v713 && v713) {
      tl_vec<float, 2> t747; t747.v[0] = v581; t747.v[1] = v582;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v714) = t747;
    } else {
      if (v713) c[v714] = v581;
      if (v713) c[v716] = v582;
    }
  }
}
