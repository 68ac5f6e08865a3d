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
    for (int i = 0; i < 4; i++) tl_mbar_init(&tl_mbar1[i], 128u);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
#line 91 "tilelua/std/common.lua"
  const int v0 = (int)threadIdx.x;
#line 91 "tilelua/std/common.lua"
  const int v1 = (int)blockIdx.x;
#line 91 "tilelua/std/common.lua"
  const int v2 = (int)blockIdx.y;
#line 91 "tilelua/std/common.lua"
  const int v3 = (int)blockIdx.z;
#line 91 "tilelua/std/common.lua"
  const int v4 = (int)gridDim.x;
#line 91 "tilelua/std/common.lua"
  const int v5 = (int)gridDim.y;
#line 91 "tilelua/std/common.lua"
  const int v6 = (int)gridDim.z;
#line 91 "tilelua/std/common.lua"
  const long long v7 = a_shape0;
#line 91 "tilelua/std/common.lua"
  const long long v8 = a_stride0;
#line 91 "tilelua/std/common.lua"
  const long long v9 = a_shape1;
#line 91 "tilelua/std/common.lua"
  const long long v10 = a_stride1;
#line 91 "tilelua/std/common.lua"
  const long long v11 = b_shape0;
#line 91 "tilelua/std/common.lua"
  const long long v12 = b_stride0;
#line 91 "tilelua/std/common.lua"
  const long long v13 = b_shape1;
#line 91 "tilelua/std/common.lua"
  const long long v14 = b_stride1;
#line 91 "tilelua/std/common.lua"
  const long long v15 = c_shape0;
#line 91 "tilelua/std/common.lua"
  const long long v16 = c_stride0;
#line 91 "tilelua/std/common.lua"
  const long long v17 = c_shape1;
#line 91 "tilelua/std/common.lua"
  const long long v18 = c_stride1;
#line 91 "tilelua/std/common.lua"
  const float v19 = alpha;
#line 91 "tilelua/std/common.lua"
  const long long v20 = 255LL;
#line 91 "tilelua/std/common.lua"
  const long long v21 = (long long)((unsigned long long)v9 + (unsigned long long)v20);
#line 91 "tilelua/std/common.lua"
  const long long v22 = 256LL;
#line 91 "tilelua/std/common.lua"
  const long long v23 = tl_div(v21, v22);
#line 91 "tilelua/std/common.lua"
  if (threadIdx.x >= 0u && threadIdx.x < 128u) {  /* role: threads 0..127 */
#line 91 "tilelua/std/common.lua"
    const int v25 = 0;
#line 91 "tilelua/std/common.lua"
    const bool v26 = v0 == v25;
#line 91 "tilelua/std/common.lua"
    if (v26) {
#line 91 "tilelua/std/common.lua"
      const int v28 = (int)((unsigned int)v2 * (unsigned int)v4);
#line 91 "tilelua/std/common.lua"
      const int v29 = (int)((unsigned int)v28 + (unsigned int)v1);
#line 91 "tilelua/std/common.lua"
      const int v30 = 8;
#line 91 "tilelua/std/common.lua"
      const int v31 = (int)((unsigned int)v4 * (unsigned int)v30);
#line 91 "tilelua/std/common.lua"
      const int v32 = tl_div(v29, v31);
#line 91 "tilelua/std/common.lua"
      const int v33 = (int)((unsigned int)v32 * (unsigned int)v30);
#line 91 "tilelua/std/common.lua"
      const int v34 = (int)((unsigned int)v5 - (unsigned int)v33);
#line 91 "tilelua/std/common.lua"
      const int v35 = v34 < v30 ? v34 : v30;
#line 91 "tilelua/std/common.lua"
      const int v36 = tl_rem(v29, v31);
#line 91 "tilelua/std/common.lua"
      const int v37 = tl_rem(v36, v35);
#line 91 "tilelua/std/common.lua"
      const int v38 = (int)((unsigned int)v33 + (unsigned int)v37);
#line 91 "tilelua/std/common.lua"
      const int v39 = 64;
#line 91 "tilelua/std/common.lua"
      const int v40 = (int)((unsigned int)v38 * (unsigned int)v39);
#line 91 "tilelua/std/common.lua"
      const int v41 = tl_div(v36, v35);
#line 91 "tilelua/std/common.lua"
      const int v42 = (int)((unsigned int)v41 * (unsigned int)v39);
#line 91 "tilelua/std/common.lua"
      const long long v43 = 0LL;
#line 91 "tilelua/std/common.lua"
      const long long v44 = 256LL;
#line 91 "tilelua/std/common.lua"
      for (long long v46 = v43; v46 < v9; v46 += v44) {
#line 91 "tilelua/std/common.lua"
        const long long v47 = 256LL;
#line 91 "tilelua/std/common.lua"
        const long long v48 = tl_div(v46, v47);
#line 91 "tilelua/std/common.lua"
        const long long v49 = 2LL;
#line 91 "tilelua/std/common.lua"
        const long long v50 = tl_rem(v48, v49);
#line 91 "tilelua/std/common.lua"
        const long long v51 = 1LL;
#line 91 "tilelua/std/common.lua"
        const long long v52 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 91 "tilelua/std/common.lua"
        const int v53 = 0;
#line 91 "tilelua/std/common.lua"
        const int v54 = (int)v52;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v53], (unsigned)v54);
#line 91 "tilelua/std/common.lua"
        const long long v56 = 0LL;
#line 91 "tilelua/std/common.lua"
        const long long v57 = (long long)((unsigned long long)v46 + (unsigned long long)v56);
#line 91 "tilelua/std/common.lua"
        const int v58 = 256;
#line 91 "tilelua/std/common.lua"
        const int v59 = tl_rem(v53, v58);
#line 91 "tilelua/std/common.lua"
        const int v60 = tl_div(v53, v58);
#line 91 "tilelua/std/common.lua"
        const int v61 = 8;
#line 91 "tilelua/std/common.lua"
        const int v62 = tl_rem(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v63 = tl_div(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v64 = (int)((unsigned int)v60 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v65 = (int)((unsigned int)v64 + (unsigned int)v63);
#line 91 "tilelua/std/common.lua"
        const int v66 = tl_rem(v59, v61);
#line 91 "tilelua/std/common.lua"
        const int v67 = (int)(v65 ^ v66);
#line 91 "tilelua/std/common.lua"
        const int v68 = (int)((unsigned int)v67 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v69 = 64;
#line 91 "tilelua/std/common.lua"
        const int v70 = (int)((unsigned int)v59 * (unsigned int)v69);
#line 91 "tilelua/std/common.lua"
        const int v71 = (int)((unsigned int)v68 + (unsigned int)v70);
#line 91 "tilelua/std/common.lua"
        const int v72 = (int)((unsigned int)v71 + (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v73 = (int)v57;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v53], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v72)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v53])), "r"(v73), "r"(v40) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v75 = (long long)((unsigned long long)v46 + (unsigned long long)v56);
#line 91 "tilelua/std/common.lua"
        const int v76 = tl_rem(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v77 = tl_div(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v78 = tl_rem(v77, v61);
#line 91 "tilelua/std/common.lua"
        const int v79 = tl_div(v77, v61);
#line 91 "tilelua/std/common.lua"
        const int v80 = tl_rem(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v81 = (int)(v78 ^ v80);
#line 91 "tilelua/std/common.lua"
        const int v82 = 16384;
#line 91 "tilelua/std/common.lua"
        const int v83 = (int)((unsigned int)v79 * (unsigned int)v82);
#line 91 "tilelua/std/common.lua"
        const int v84 = (int)((unsigned int)v53 * (unsigned int)v69);
#line 91 "tilelua/std/common.lua"
        const int v85 = (int)((unsigned int)v83 + (unsigned int)v84);
#line 91 "tilelua/std/common.lua"
        const int v86 = (int)((unsigned int)v81 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v87 = (int)((unsigned int)v85 + (unsigned int)v86);
#line 91 "tilelua/std/common.lua"
        const int v88 = (int)((unsigned int)v87 + (unsigned int)v76);
#line 91 "tilelua/std/common.lua"
        const int v89 = (int)v75;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v53], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v88)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v53])), "r"(v42), "r"(v89) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v53]);
#line 91 "tilelua/std/common.lua"
        const long long v92 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 91 "tilelua/std/common.lua"
        const int v93 = 1;
#line 91 "tilelua/std/common.lua"
        const int v94 = (int)v92;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v93], (unsigned)v94);
#line 91 "tilelua/std/common.lua"
        const long long v96 = 64LL;
#line 91 "tilelua/std/common.lua"
        const long long v97 = (long long)((unsigned long long)v46 + (unsigned long long)v96);
#line 91 "tilelua/std/common.lua"
        const int v98 = tl_rem(v69, v58);
#line 91 "tilelua/std/common.lua"
        const int v99 = tl_div(v69, v58);
#line 91 "tilelua/std/common.lua"
        const int v100 = tl_rem(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v101 = tl_div(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v102 = (int)((unsigned int)v99 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v103 = (int)((unsigned int)v102 + (unsigned int)v101);
#line 91 "tilelua/std/common.lua"
        const int v104 = tl_rem(v98, v61);
#line 91 "tilelua/std/common.lua"
        const int v105 = (int)(v103 ^ v104);
#line 91 "tilelua/std/common.lua"
        const int v106 = (int)((unsigned int)v105 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v107 = (int)((unsigned int)v98 * (unsigned int)v69);
#line 91 "tilelua/std/common.lua"
        const int v108 = (int)((unsigned int)v106 + (unsigned int)v107);
#line 91 "tilelua/std/common.lua"
        const int v109 = (int)((unsigned int)v108 + (unsigned int)v100);
#line 91 "tilelua/std/common.lua"
        const int v110 = (int)v97;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v93], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v109)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v93])), "r"(v110), "r"(v40) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v112 = (long long)((unsigned long long)v46 + (unsigned long long)v96);
#line 91 "tilelua/std/common.lua"
        const int v113 = tl_rem(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v114 = tl_div(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v115 = tl_rem(v114, v61);
#line 91 "tilelua/std/common.lua"
        const int v116 = tl_div(v114, v61);
#line 91 "tilelua/std/common.lua"
        const int v117 = tl_rem(v69, v61);
#line 91 "tilelua/std/common.lua"
        const int v118 = (int)(v115 ^ v117);
#line 91 "tilelua/std/common.lua"
        const int v119 = (int)((unsigned int)v116 * (unsigned int)v82);
#line 91 "tilelua/std/common.lua"
        const int v120 = (int)((unsigned int)v69 * (unsigned int)v69);
#line 91 "tilelua/std/common.lua"
        const int v121 = (int)((unsigned int)v119 + (unsigned int)v120);
#line 91 "tilelua/std/common.lua"
        const int v122 = (int)((unsigned int)v118 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v123 = (int)((unsigned int)v121 + (unsigned int)v122);
#line 91 "tilelua/std/common.lua"
        const int v124 = (int)((unsigned int)v123 + (unsigned int)v113);
#line 91 "tilelua/std/common.lua"
        const int v125 = (int)v112;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v93], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v124)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v93])), "r"(v42), "r"(v125) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v93]);
#line 91 "tilelua/std/common.lua"
        const long long v128 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 91 "tilelua/std/common.lua"
        const int v129 = 2;
#line 91 "tilelua/std/common.lua"
        const int v130 = (int)v128;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v129], (unsigned)v130);
#line 91 "tilelua/std/common.lua"
        const long long v132 = 128LL;
#line 91 "tilelua/std/common.lua"
        const long long v133 = (long long)((unsigned long long)v46 + (unsigned long long)v132);
#line 91 "tilelua/std/common.lua"
        const int v134 = 128;
#line 91 "tilelua/std/common.lua"
        const int v135 = tl_rem(v134, v58);
#line 91 "tilelua/std/common.lua"
        const int v136 = tl_div(v134, v58);
#line 91 "tilelua/std/common.lua"
        const int v137 = tl_rem(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v138 = tl_div(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v139 = (int)((unsigned int)v136 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v140 = (int)((unsigned int)v139 + (unsigned int)v138);
#line 91 "tilelua/std/common.lua"
        const int v141 = tl_rem(v135, v61);
#line 91 "tilelua/std/common.lua"
        const int v142 = (int)(v140 ^ v141);
#line 91 "tilelua/std/common.lua"
        const int v143 = (int)((unsigned int)v142 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v144 = (int)((unsigned int)v135 * (unsigned int)v69);
#line 91 "tilelua/std/common.lua"
        const int v145 = (int)((unsigned int)v143 + (unsigned int)v144);
#line 91 "tilelua/std/common.lua"
        const int v146 = (int)((unsigned int)v145 + (unsigned int)v137);
#line 91 "tilelua/std/common.lua"
        const int v147 = (int)v133;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v129], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v146)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v129])), "r"(v147), "r"(v40) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v149 = (long long)((unsigned long long)v46 + (unsigned long long)v132);
#line 91 "tilelua/std/common.lua"
        const int v150 = tl_rem(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v151 = tl_div(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v152 = tl_rem(v151, v61);
#line 91 "tilelua/std/common.lua"
        const int v153 = tl_div(v151, v61);
#line 91 "tilelua/std/common.lua"
        const int v154 = tl_rem(v134, v61);
#line 91 "tilelua/std/common.lua"
        const int v155 = (int)(v152 ^ v154);
#line 91 "tilelua/std/common.lua"
        const int v156 = (int)((unsigned int)v153 * (unsigned int)v82);
#line 91 "tilelua/std/common.lua"
        const int v157 = (int)((unsigned int)v134 * (unsigned int)v69);
#line 91 "tilelua/std/common.lua"
        const int v158 = (int)((unsigned int)v156 + (unsigned int)v157);
#line 91 "tilelua/std/common.lua"
        const int v159 = (int)((unsigned int)v155 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v160 = (int)((unsigned int)v158 + (unsigned int)v159);
#line 91 "tilelua/std/common.lua"
        const int v161 = (int)((unsigned int)v160 + (unsigned int)v150);
#line 91 "tilelua/std/common.lua"
        const int v162 = (int)v149;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v129], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v161)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v129])), "r"(v42), "r"(v162) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v129]);
#line 91 "tilelua/std/common.lua"
        const long long v165 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 91 "tilelua/std/common.lua"
        const int v166 = 3;
#line 91 "tilelua/std/common.lua"
        const int v167 = (int)v165;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v166], (unsigned)v167);
#line 91 "tilelua/std/common.lua"
        const long long v169 = 192LL;
#line 91 "tilelua/std/common.lua"
        const long long v170 = (long long)((unsigned long long)v46 + (unsigned long long)v169);
#line 91 "tilelua/std/common.lua"
        const int v171 = 192;
#line 91 "tilelua/std/common.lua"
        const int v172 = tl_rem(v171, v58);
#line 91 "tilelua/std/common.lua"
        const int v173 = tl_div(v171, v58);
#line 91 "tilelua/std/common.lua"
        const int v174 = tl_rem(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v175 = tl_div(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v176 = (int)((unsigned int)v173 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v177 = (int)((unsigned int)v176 + (unsigned int)v175);
#line 91 "tilelua/std/common.lua"
        const int v178 = tl_rem(v172, v61);
#line 91 "tilelua/std/common.lua"
        const int v179 = (int)(v177 ^ v178);
#line 91 "tilelua/std/common.lua"
        const int v180 = (int)((unsigned int)v179 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v181 = (int)((unsigned int)v172 * (unsigned int)v69);
#line 91 "tilelua/std/common.lua"
        const int v182 = (int)((unsigned int)v180 + (unsigned int)v181);
#line 91 "tilelua/std/common.lua"
        const int v183 = (int)((unsigned int)v182 + (unsigned int)v174);
#line 91 "tilelua/std/common.lua"
        const int v184 = (int)v170;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v166], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v183)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v166])), "r"(v184), "r"(v40) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v186 = (long long)((unsigned long long)v46 + (unsigned long long)v169);
#line 91 "tilelua/std/common.lua"
        const int v187 = tl_rem(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v188 = tl_div(v53, v61);
#line 91 "tilelua/std/common.lua"
        const int v189 = tl_rem(v188, v61);
#line 91 "tilelua/std/common.lua"
        const int v190 = tl_div(v188, v61);
#line 91 "tilelua/std/common.lua"
        const int v191 = tl_rem(v171, v61);
#line 91 "tilelua/std/common.lua"
        const int v192 = (int)(v189 ^ v191);
#line 91 "tilelua/std/common.lua"
        const int v193 = (int)((unsigned int)v190 * (unsigned int)v82);
#line 91 "tilelua/std/common.lua"
        const int v194 = (int)((unsigned int)v171 * (unsigned int)v69);
#line 91 "tilelua/std/common.lua"
        const int v195 = (int)((unsigned int)v193 + (unsigned int)v194);
#line 91 "tilelua/std/common.lua"
        const int v196 = (int)((unsigned int)v192 * (unsigned int)v61);
#line 91 "tilelua/std/common.lua"
        const int v197 = (int)((unsigned int)v195 + (unsigned int)v196);
#line 91 "tilelua/std/common.lua"
        const int v198 = (int)((unsigned int)v197 + (unsigned int)v187);
#line 91 "tilelua/std/common.lua"
        const int v199 = (int)v186;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v166], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v198)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v166])), "r"(v42), "r"(v199) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v166]);
      }
    }
  }
#line 91 "tilelua/std/common.lua"
  if (threadIdx.x >= 128u && threadIdx.x < 256u) {  /* role: threads 128..255 */
#line 91 "tilelua/std/common.lua"
    const int v204 = 128;
#line 91 "tilelua/std/common.lua"
    const int v205 = (int)((unsigned int)v0 - (unsigned int)v204);
#line 91 "tilelua/std/common.lua"
    const int v206 = (int)((unsigned int)v2 * (unsigned int)v4);
#line 91 "tilelua/std/common.lua"
    const int v207 = (int)((unsigned int)v206 + (unsigned int)v1);
#line 91 "tilelua/std/common.lua"
    const int v208 = 8;
#line 91 "tilelua/std/common.lua"
    const int v209 = (int)((unsigned int)v4 * (unsigned int)v208);
#line 91 "tilelua/std/common.lua"
    const int v210 = tl_div(v207, v209);
#line 91 "tilelua/std/common.lua"
    const int v211 = (int)((unsigned int)v210 * (unsigned int)v208);
#line 91 "tilelua/std/common.lua"
    const int v212 = (int)((unsigned int)v5 - (unsigned int)v211);
#line 91 "tilelua/std/common.lua"
    const int v213 = v212 < v208 ? v212 : v208;
#line 91 "tilelua/std/common.lua"
    const int v214 = tl_rem(v207, v209);
#line 91 "tilelua/std/common.lua"
    const int v215 = tl_rem(v214, v213);
#line 91 "tilelua/std/common.lua"
    const int v216 = (int)((unsigned int)v211 + (unsigned int)v215);
#line 91 "tilelua/std/common.lua"
    const int v217 = 64;
#line 91 "tilelua/std/common.lua"
    const int v218 = (int)((unsigned int)v216 * (unsigned int)v217);
#line 91 "tilelua/std/common.lua"
    const int v219 = tl_div(v214, v213);
#line 91 "tilelua/std/common.lua"
    const int v220 = (int)((unsigned int)v219 * (unsigned int)v217);
#line 91 "tilelua/std/common.lua"
    float v221; /* undefined: the first wgmma does not read it */
#line 91 "tilelua/std/common.lua"
    const long long v222 = 0LL;
#line 91 "tilelua/std/common.lua"
    const long long v223 = 256LL;
#line 91 "tilelua/std/common.lua"
    float v226 = v221;
#line 91 "tilelua/std/common.lua"
    float v227 = v221;
#line 91 "tilelua/std/common.lua"
    float v228 = v221;
#line 91 "tilelua/std/common.lua"
    float v229 = v221;
#line 91 "tilelua/std/common.lua"
    float v230 = v221;
#line 91 "tilelua/std/common.lua"
    float v231 = v221;
#line 91 "tilelua/std/common.lua"
    float v232 = v221;
#line 91 "tilelua/std/common.lua"
    float v233 = v221;
#line 91 "tilelua/std/common.lua"
    float v234 = v221;
#line 91 "tilelua/std/common.lua"
    float v235 = v221;
#line 91 "tilelua/std/common.lua"
    float v236 = v221;
#line 91 "tilelua/std/common.lua"
    float v237 = v221;
#line 91 "tilelua/std/common.lua"
    float v238 = v221;
#line 91 "tilelua/std/common.lua"
    float v239 = v221;
#line 91 "tilelua/std/common.lua"
    float v240 = v221;
#line 91 "tilelua/std/common.lua"
    float v241 = v221;
#line 91 "tilelua/std/common.lua"
    float v242 = v221;
#line 91 "tilelua/std/common.lua"
    float v243 = v221;
#line 91 "tilelua/std/common.lua"
    float v244 = v221;
#line 91 "tilelua/std/common.lua"
    float v245 = v221;
#line 91 "tilelua/std/common.lua"
    float v246 = v221;
#line 91 "tilelua/std/common.lua"
    float v247 = v221;
#line 91 "tilelua/std/common.lua"
    float v248 = v221;
#line 91 "tilelua/std/common.lua"
    float v249 = v221;
#line 91 "tilelua/std/common.lua"
    float v250 = v221;
#line 91 "tilelua/std/common.lua"
    float v251 = v221;
#line 91 "tilelua/std/common.lua"
    float v252 = v221;
#line 91 "tilelua/std/common.lua"
    float v253 = v221;
#line 91 "tilelua/std/common.lua"
    float v254 = v221;
#line 91 "tilelua/std/common.lua"
    float v255 = v221;
#line 91 "tilelua/std/common.lua"
    float v256 = v221;
#line 91 "tilelua/std/common.lua"
    float v257 = v221;
#line 91 "tilelua/std/common.lua"
    for (long long v225 = v222; v225 < v9; v225 += v223) {
#line 91 "tilelua/std/common.lua"
      const long long v258 = 256LL;
#line 91 "tilelua/std/common.lua"
      const long long v259 = tl_div(v225, v258);
#line 91 "tilelua/std/common.lua"
      const long long v260 = 2LL;
#line 91 "tilelua/std/common.lua"
      const long long v261 = tl_rem(v259, v260);
#line 91 "tilelua/std/common.lua"
      const int v262 = 0;
#line 91 "tilelua/std/common.lua"
      const int v263 = (int)v261;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v262], (unsigned)v263);
#line 91 "tilelua/std/common.lua"
      const long long v265 = 0LL;
#line 91 "tilelua/std/common.lua"
      const bool v266 = v225 != v265;
#line 91 "tilelua/std/common.lua"
      const int v267 = 1;
#line 91 "tilelua/std/common.lua"
      const int v268 = v266 ? v267 : v262;
#line 91 "tilelua/std/common.lua"
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
#line 91 "tilelua/std/common.lua"
      const bool v302 = v225 != v265;
#line 91 "tilelua/std/common.lua"
      if (v302) {
#line 91 "tilelua/std/common.lua"
        const int v304 = 3;
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar1[v304]);
      }
#line 91 "tilelua/std/common.lua"
      const int v306 = (int)v261;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v267], (unsigned)v306);
#line 91 "tilelua/std/common.lua"
      const int v308 = 8192;
#line 91 "tilelua/std/common.lua"
      float &v310 = v270, &v311 = v271, &v312 = v272, &v313 = v273, &v314 = v274, &v315 = v275, &v316 = v276, &v317 = v277, &v318 = v278, &v319 = v279, &v320 = v280, &v321 = v281, &v322 = v282, &v323 = v283, &v324 = v284, &v325 = v285, &v326 = v286, &v327 = v287, &v328 = v288, &v329 = v289, &v330 = v290, &v331 = v291, &v332 = v292, &v333 = v293, &v334 = v294, &v335 = v295, &v336 = v296, &v337 = v297, &v338 = v298, &v339 = v299, &v340 = v300, &v341 = v301;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v308, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v308, 16, 1024);
        asm volatile("" : "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314), "+f"(v315), "+f"(v316), "+f"(v317) :: "memory");
        asm volatile("" : "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325) :: "memory");
        asm volatile("" : "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333) :: "memory");
        asm volatile("" : "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314), "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314), "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314), "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314), "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314), "+f"(v315), "+f"(v316), "+f"(v317) :: "memory");
        asm volatile("" : "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325) :: "memory");
        asm volatile("" : "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333) :: "memory");
        asm volatile("" : "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      tl_mbar_arrive(&tl_mbar1[v262]);
#line 91 "tilelua/std/common.lua"
      const int v343 = 2;
#line 91 "tilelua/std/common.lua"
      const int v344 = (int)v261;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v343], (unsigned)v344);
#line 91 "tilelua/std/common.lua"
      const int v346 = 16384;
#line 91 "tilelua/std/common.lua"
      float &v348 = v310, &v349 = v311, &v350 = v312, &v351 = v313, &v352 = v314, &v353 = v315, &v354 = v316, &v355 = v317, &v356 = v318, &v357 = v319, &v358 = v320, &v359 = v321, &v360 = v322, &v361 = v323, &v362 = v324, &v363 = v325, &v364 = v326, &v365 = v327, &v366 = v328, &v367 = v329, &v368 = v330, &v369 = v331, &v370 = v332, &v371 = v333, &v372 = v334, &v373 = v335, &v374 = v336, &v375 = v337, &v376 = v338, &v377 = v339, &v378 = v340, &v379 = v341;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v346, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v346, 16, 1024);
        asm volatile("" : "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352), "+f"(v353), "+f"(v354), "+f"(v355) :: "memory");
        asm volatile("" : "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363) :: "memory");
        asm volatile("" : "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371) :: "memory");
        asm volatile("" : "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352), "+f"(v353), "+f"(v354), "+f"(v355), "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352), "+f"(v353), "+f"(v354), "+f"(v355), "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352), "+f"(v353), "+f"(v354), "+f"(v355), "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352), "+f"(v353), "+f"(v354), "+f"(v355), "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352), "+f"(v353), "+f"(v354), "+f"(v355) :: "memory");
        asm volatile("" : "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360), "+f"(v361), "+f"(v362), "+f"(v363) :: "memory");
        asm volatile("" : "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371) :: "memory");
        asm volatile("" : "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      tl_mbar_arrive(&tl_mbar1[v267]);
#line 91 "tilelua/std/common.lua"
      const int v381 = 3;
#line 91 "tilelua/std/common.lua"
      const int v382 = (int)v261;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v381], (unsigned)v382);
#line 91 "tilelua/std/common.lua"
      const int v384 = 24576;
#line 91 "tilelua/std/common.lua"
      float &v386 = v348, &v387 = v349, &v388 = v350, &v389 = v351, &v390 = v352, &v391 = v353, &v392 = v354, &v393 = v355, &v394 = v356, &v395 = v357, &v396 = v358, &v397 = v359, &v398 = v360, &v399 = v361, &v400 = v362, &v401 = v363, &v402 = v364, &v403 = v365, &v404 = v366, &v405 = v367, &v406 = v368, &v407 = v369, &v408 = v370, &v409 = v371, &v410 = v372, &v411 = v373, &v412 = v374, &v413 = v375, &v414 = v376, &v415 = v377, &v416 = v378, &v417 = v379;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v384, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v384, 16, 1024);
        asm volatile("" : "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393) :: "memory");
        asm volatile("" : "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398), "+f"(v399), "+f"(v400), "+f"(v401) :: "memory");
        asm volatile("" : "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409) :: "memory");
        asm volatile("" : "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393), "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398), "+f"(v399), "+f"(v400), "+f"(v401), "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393), "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398), "+f"(v399), "+f"(v400), "+f"(v401), "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393), "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398), "+f"(v399), "+f"(v400), "+f"(v401), "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393), "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398), "+f"(v399), "+f"(v400), "+f"(v401), "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393) :: "memory");
        asm volatile("" : "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398), "+f"(v399), "+f"(v400), "+f"(v401) :: "memory");
        asm volatile("" : "+f"(v402), "+f"(v403), "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409) :: "memory");
        asm volatile("" : "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      tl_mbar_arrive(&tl_mbar1[v343]);
    }
#line 91 "tilelua/std/common.lua"
    const float v420 = v226;
#line 91 "tilelua/std/common.lua"
    const float v421 = v227;
#line 91 "tilelua/std/common.lua"
    const float v422 = v228;
#line 91 "tilelua/std/common.lua"
    const float v423 = v229;
#line 91 "tilelua/std/common.lua"
    const float v424 = v230;
#line 91 "tilelua/std/common.lua"
    const float v425 = v231;
#line 91 "tilelua/std/common.lua"
    const float v426 = v232;
#line 91 "tilelua/std/common.lua"
    const float v427 = v233;
#line 91 "tilelua/std/common.lua"
    const float v428 = v234;
#line 91 "tilelua/std/common.lua"
    const float v429 = v235;
#line 91 "tilelua/std/common.lua"
    const float v430 = v236;
#line 91 "tilelua/std/common.lua"
    const float v431 = v237;
#line 91 "tilelua/std/common.lua"
    const float v432 = v238;
#line 91 "tilelua/std/common.lua"
    const float v433 = v239;
#line 91 "tilelua/std/common.lua"
    const float v434 = v240;
#line 91 "tilelua/std/common.lua"
    const float v435 = v241;
#line 91 "tilelua/std/common.lua"
    const float v436 = v242;
#line 91 "tilelua/std/common.lua"
    const float v437 = v243;
#line 91 "tilelua/std/common.lua"
    const float v438 = v244;
#line 91 "tilelua/std/common.lua"
    const float v439 = v245;
#line 91 "tilelua/std/common.lua"
    const float v440 = v246;
#line 91 "tilelua/std/common.lua"
    const float v441 = v247;
#line 91 "tilelua/std/common.lua"
    const float v442 = v248;
#line 91 "tilelua/std/common.lua"
    const float v443 = v249;
#line 91 "tilelua/std/common.lua"
    const float v444 = v250;
#line 91 "tilelua/std/common.lua"
    const float v445 = v251;
#line 91 "tilelua/std/common.lua"
    const float v446 = v252;
#line 91 "tilelua/std/common.lua"
    const float v447 = v253;
#line 91 "tilelua/std/common.lua"
    const float v448 = v254;
#line 91 "tilelua/std/common.lua"
    const float v449 = v255;
#line 91 "tilelua/std/common.lua"
    const float v450 = v256;
#line 91 "tilelua/std/common.lua"
    const float v451 = v257;
#line 91 "tilelua/std/common.lua"
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#line 91 "tilelua/std/common.lua"
    const bool v453 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    if (v453) {
#line 91 "tilelua/std/common.lua"
      const int v455 = 3;
#line 91 "tilelua/std/common.lua"
      tl_mbar_arrive(&tl_mbar1[v455]);
    }
#line 91 "tilelua/std/common.lua"
    const bool v457 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v458 = 0.0f;
#line 91 "tilelua/std/common.lua"
    const float v459 = v457 ? v420 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v460 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v461 = v460 ? v421 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v462 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v463 = v462 ? v422 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v464 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v465 = v464 ? v423 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v466 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v467 = v466 ? v424 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v468 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v469 = v468 ? v425 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v470 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v471 = v470 ? v426 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v472 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v473 = v472 ? v427 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v474 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v475 = v474 ? v428 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v476 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v477 = v476 ? v429 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v478 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v479 = v478 ? v430 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v480 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v481 = v480 ? v431 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v482 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v483 = v482 ? v432 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v484 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v485 = v484 ? v433 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v486 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v487 = v486 ? v434 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v488 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v489 = v488 ? v435 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v490 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v491 = v490 ? v436 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v492 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v493 = v492 ? v437 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v494 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v495 = v494 ? v438 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v496 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v497 = v496 ? v439 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v498 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v499 = v498 ? v440 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v500 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v501 = v500 ? v441 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v502 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v503 = v502 ? v442 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v504 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v505 = v504 ? v443 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v506 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v507 = v506 ? v444 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v508 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v509 = v508 ? v445 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v510 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v511 = v510 ? v446 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v512 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v513 = v512 ? v447 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v514 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v515 = v514 ? v448 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v516 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v517 = v516 ? v449 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v518 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v519 = v518 ? v450 : v458;
#line 91 "tilelua/std/common.lua"
    const bool v520 = v9 > v222;
#line 91 "tilelua/std/common.lua"
    const float v521 = v520 ? v451 : v458;
#line 91 "tilelua/std/common.lua"
    const int v522 = 32;
#line 91 "tilelua/std/common.lua"
    const int v523 = tl_div(v205, v522);
#line 91 "tilelua/std/common.lua"
    const int v524 = 4;
#line 91 "tilelua/std/common.lua"
    const int v525 = tl_div(v523, v524);
#line 91 "tilelua/std/common.lua"
    const int v526 = (int)((unsigned int)v217 * (unsigned int)v525);
#line 91 "tilelua/std/common.lua"
    const int v527 = (int)((unsigned int)v218 + (unsigned int)v526);
#line 91 "tilelua/std/common.lua"
    const float v528 = v459 * v19;
#line 91 "tilelua/std/common.lua"
    const float v529 = v461 * v19;
#line 91 "tilelua/std/common.lua"
    const float v530 = v463 * v19;
#line 91 "tilelua/std/common.lua"
    const float v531 = v465 * v19;
#line 91 "tilelua/std/common.lua"
    const float v532 = v467 * v19;
#line 91 "tilelua/std/common.lua"
    const float v533 = v469 * v19;
#line 91 "tilelua/std/common.lua"
    const float v534 = v471 * v19;
#line 91 "tilelua/std/common.lua"
    const float v535 = v473 * v19;
#line 91 "tilelua/std/common.lua"
    const float v536 = v475 * v19;
#line 91 "tilelua/std/common.lua"
    const float v537 = v477 * v19;
#line 91 "tilelua/std/common.lua"
    const float v538 = v479 * v19;
#line 91 "tilelua/std/common.lua"
    const float v539 = v481 * v19;
#line 91 "tilelua/std/common.lua"
    const float v540 = v483 * v19;
#line 91 "tilelua/std/common.lua"
    const float v541 = v485 * v19;
#line 91 "tilelua/std/common.lua"
    const float v542 = v487 * v19;
#line 91 "tilelua/std/common.lua"
    const float v543 = v489 * v19;
#line 91 "tilelua/std/common.lua"
    const float v544 = v491 * v19;
#line 91 "tilelua/std/common.lua"
    const float v545 = v493 * v19;
#line 91 "tilelua/std/common.lua"
    const float v546 = v495 * v19;
#line 91 "tilelua/std/common.lua"
    const float v547 = v497 * v19;
#line 91 "tilelua/std/common.lua"
    const float v548 = v499 * v19;
#line 91 "tilelua/std/common.lua"
    const float v549 = v501 * v19;
#line 91 "tilelua/std/common.lua"
    const float v550 = v503 * v19;
#line 91 "tilelua/std/common.lua"
    const float v551 = v505 * v19;
#line 91 "tilelua/std/common.lua"
    const float v552 = v507 * v19;
#line 91 "tilelua/std/common.lua"
    const float v553 = v509 * v19;
#line 91 "tilelua/std/common.lua"
    const float v554 = v511 * v19;
#line 91 "tilelua/std/common.lua"
    const float v555 = v513 * v19;
#line 91 "tilelua/std/common.lua"
    const float v556 = v515 * v19;
#line 91 "tilelua/std/common.lua"
    const float v557 = v517 * v19;
#line 91 "tilelua/std/common.lua"
    const float v558 = v519 * v19;
#line 91 "tilelua/std/common.lua"
    const float v559 = v521 * v19;
#line 91 "tilelua/std/common.lua"
    const int v560 = tl_div(v205, v522);
#line 91 "tilelua/std/common.lua"
    const int v561 = tl_rem(v560, v524);
#line 91 "tilelua/std/common.lua"
    const int v562 = 16;
#line 91 "tilelua/std/common.lua"
    const int v563 = (int)((unsigned int)v561 * (unsigned int)v562);
#line 91 "tilelua/std/common.lua"
    const int v564 = tl_div(v205, v524);
#line 91 "tilelua/std/common.lua"
    const int v565 = tl_rem(v564, v208);
#line 91 "tilelua/std/common.lua"
    const int v566 = (int)((unsigned int)v563 + (unsigned int)v565);
#line 91 "tilelua/std/common.lua"
    const int v567 = tl_rem(v205, v524);
#line 91 "tilelua/std/common.lua"
    const int v568 = 2;
#line 91 "tilelua/std/common.lua"
    const int v569 = (int)((unsigned int)v567 * (unsigned int)v568);
#line 91 "tilelua/std/common.lua"
    const long long v570 = (long long)v527;
#line 91 "tilelua/std/common.lua"
    const long long v571 = (long long)v566;
#line 91 "tilelua/std/common.lua"
    const long long v572 = (long long)((unsigned long long)v570 + (unsigned long long)v571);
#line 91 "tilelua/std/common.lua"
    const long long v573 = (long long)v220;
#line 91 "tilelua/std/common.lua"
    const long long v574 = (long long)v569;
#line 91 "tilelua/std/common.lua"
    const long long v575 = (long long)((unsigned long long)v573 + (unsigned long long)v574);
#line 91 "tilelua/std/common.lua"
    const long long v576 = (long long)((unsigned long long)v572 * (unsigned long long)v16);
#line 91 "tilelua/std/common.lua"
    const long long v577 = (long long)((unsigned long long)v576 + (unsigned long long)v575);
#line 91 "tilelua/std/common.lua"
    const bool v578 = v572 >= v222;
#line 91 "tilelua/std/common.lua"
    const bool v579 = v572 < v15;
#line 91 "tilelua/std/common.lua"
    const bool v580 = v578 && v579;
#line 91 "tilelua/std/common.lua"
    const bool v581 = v575 >= v222;
#line 91 "tilelua/std/common.lua"
    const bool v582 = v575 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v583 = v581 && v582;
#line 91 "tilelua/std/common.lua"
    const bool v584 = v580 && v583;
#line 91 "tilelua/std/common.lua"
    const long long v585 = 1LL;
#line 91 "tilelua/std/common.lua"
    const long long v586 = (long long)((unsigned long long)v577 + (unsigned long long)v585);
#line 91 "tilelua/std/common.lua"
    const long long v587 = 8LL;
#line 91 "tilelua/std/common.lua"
    const long long v588 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v589 = (long long)((unsigned long long)v572 + (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const bool v590 = v589 >= v222;
#line 91 "tilelua/std/common.lua"
    const bool v591 = v589 < v15;
#line 91 "tilelua/std/common.lua"
    const bool v592 = v590 && v591;
#line 91 "tilelua/std/common.lua"
    const bool v593 = v592 && v583;
#line 91 "tilelua/std/common.lua"
    const long long v594 = (long long)((unsigned long long)v577 + (unsigned long long)v588);
#line 91 "tilelua/std/common.lua"
    const long long v595 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v596 = (long long)((unsigned long long)v594 + (unsigned long long)v585);
#line 91 "tilelua/std/common.lua"
    const long long v597 = (long long)((unsigned long long)v575 + (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const bool v598 = v597 >= v222;
#line 91 "tilelua/std/common.lua"
    const bool v599 = v597 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v600 = v598 && v599;
#line 91 "tilelua/std/common.lua"
    const bool v601 = v580 && v600;
#line 91 "tilelua/std/common.lua"
    const long long v602 = (long long)((unsigned long long)v577 + (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v603 = 9LL;
#line 91 "tilelua/std/common.lua"
    const long long v604 = (long long)((unsigned long long)v577 + (unsigned long long)v603);
#line 91 "tilelua/std/common.lua"
    const long long v605 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const bool v606 = v592 && v600;
#line 91 "tilelua/std/common.lua"
    const long long v607 = (long long)((unsigned long long)v594 + (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v608 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v609 = (long long)((unsigned long long)v594 + (unsigned long long)v603);
#line 91 "tilelua/std/common.lua"
    const long long v610 = 16LL;
#line 91 "tilelua/std/common.lua"
    const long long v611 = (long long)((unsigned long long)v575 + (unsigned long long)v610);
#line 91 "tilelua/std/common.lua"
    const bool v612 = v611 >= v222;
#line 91 "tilelua/std/common.lua"
    const bool v613 = v611 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v614 = v612 && v613;
#line 91 "tilelua/std/common.lua"
    const bool v615 = v580 && v614;
#line 91 "tilelua/std/common.lua"
    const long long v616 = (long long)((unsigned long long)v577 + (unsigned long long)v610);
#line 91 "tilelua/std/common.lua"
    const long long v617 = 17LL;
#line 91 "tilelua/std/common.lua"
    const long long v618 = (long long)((unsigned long long)v577 + (unsigned long long)v617);
#line 91 "tilelua/std/common.lua"
    const long long v619 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const bool v620 = v592 && v614;
#line 91 "tilelua/std/common.lua"
    const long long v621 = (long long)((unsigned long long)v594 + (unsigned long long)v610);
#line 91 "tilelua/std/common.lua"
    const long long v622 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v623 = (long long)((unsigned long long)v594 + (unsigned long long)v617);
#line 91 "tilelua/std/common.lua"
    const long long v624 = 24LL;
#line 91 "tilelua/std/common.lua"
    const long long v625 = (long long)((unsigned long long)v575 + (unsigned long long)v624);
#line 91 "tilelua/std/common.lua"
    const bool v626 = v625 >= v222;
#line 91 "tilelua/std/common.lua"
    const bool v627 = v625 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v628 = v626 && v627;
#line 91 "tilelua/std/common.lua"
    const bool v629 = v580 && v628;
#line 91 "tilelua/std/common.lua"
    const long long v630 = (long long)((unsigned long long)v577 + (unsigned long long)v624);
#line 91 "tilelua/std/common.lua"
    const long long v631 = 25LL;
#line 91 "tilelua/std/common.lua"
    const long long v632 = (long long)((unsigned long long)v577 + (unsigned long long)v631);
#line 91 "tilelua/std/common.lua"
    const long long v633 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const bool v634 = v592 && v628;
#line 91 "tilelua/std/common.lua"
    const long long v635 = (long long)((unsigned long long)v594 + (unsigned long long)v624);
#line 91 "tilelua/std/common.lua"
    const long long v636 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v637 = (long long)((unsigned long long)v594 + (unsigned long long)v631);
#line 91 "tilelua/std/common.lua"
    const long long v638 = 32LL;
#line 91 "tilelua/std/common.lua"
    const long long v639 = (long long)((unsigned long long)v575 + (unsigned long long)v638);
#line 91 "tilelua/std/common.lua"
    const bool v640 = v639 >= v222;
#line 91 "tilelua/std/common.lua"
    const bool v641 = v639 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v642 = v640 && v641;
#line 91 "tilelua/std/common.lua"
    const bool v643 = v580 && v642;
#line 91 "tilelua/std/common.lua"
    const long long v644 = (long long)((unsigned long long)v577 + (unsigned long long)v638);
#line 91 "tilelua/std/common.lua"
    const long long v645 = 33LL;
#line 91 "tilelua/std/common.lua"
    const long long v646 = (long long)((unsigned long long)v577 + (unsigned long long)v645);
#line 91 "tilelua/std/common.lua"
    const long long v647 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const bool v648 = v592 && v642;
#line 91 "tilelua/std/common.lua"
    const long long v649 = (long long)((unsigned long long)v594 + (unsigned long long)v638);
#line 91 "tilelua/std/common.lua"
    const long long v650 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v651 = (long long)((unsigned long long)v594 + (unsigned long long)v645);
#line 91 "tilelua/std/common.lua"
    const long long v652 = 40LL;
#line 91 "tilelua/std/common.lua"
    const long long v653 = (long long)((unsigned long long)v575 + (unsigned long long)v652);
#line 91 "tilelua/std/common.lua"
    const bool v654 = v653 >= v222;
#line 91 "tilelua/std/common.lua"
    const bool v655 = v653 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v656 = v654 && v655;
#line 91 "tilelua/std/common.lua"
    const bool v657 = v580 && v656;
#line 91 "tilelua/std/common.lua"
    const long long v658 = (long long)((unsigned long long)v577 + (unsigned long long)v652);
#line 91 "tilelua/std/common.lua"
    const long long v659 = 41LL;
#line 91 "tilelua/std/common.lua"
    const long long v660 = (long long)((unsigned long long)v577 + (unsigned long long)v659);
#line 91 "tilelua/std/common.lua"
    const long long v661 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const bool v662 = v592 && v656;
#line 91 "tilelua/std/common.lua"
    const long long v663 = (long long)((unsigned long long)v594 + (unsigned long long)v652);
#line 91 "tilelua/std/common.lua"
    const long long v664 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v665 = (long long)((unsigned long long)v594 + (unsigned long long)v659);
#line 91 "tilelua/std/common.lua"
    const long long v666 = 48LL;
#line 91 "tilelua/std/common.lua"
    const long long v667 = (long long)((unsigned long long)v575 + (unsigned long long)v666);
#line 91 "tilelua/std/common.lua"
    const bool v668 = v667 >= v222;
#line 91 "tilelua/std/common.lua"
    const bool v669 = v667 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v670 = v668 && v669;
#line 91 "tilelua/std/common.lua"
    const bool v671 = v580 && v670;
#line 91 "tilelua/std/common.lua"
    const long long v672 = (long long)((unsigned long long)v577 + (unsigned long long)v666);
#line 91 "tilelua/std/common.lua"
    const long long v673 = 49LL;
#line 91 "tilelua/std/common.lua"
    const long long v674 = (long long)((unsigned long long)v577 + (unsigned long long)v673);
#line 91 "tilelua/std/common.lua"
    const long long v675 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const bool v676 = v592 && v670;
#line 91 "tilelua/std/common.lua"
    const long long v677 = (long long)((unsigned long long)v594 + (unsigned long long)v666);
#line 91 "tilelua/std/common.lua"
    const long long v678 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v679 = (long long)((unsigned long long)v594 + (unsigned long long)v673);
#line 91 "tilelua/std/common.lua"
    const long long v680 = 56LL;
#line 91 "tilelua/std/common.lua"
    const long long v681 = (long long)((unsigned long long)v575 + (unsigned long long)v680);
#line 91 "tilelua/std/common.lua"
    const bool v682 = v681 >= v222;
#line 91 "tilelua/std/common.lua"
    const bool v683 = v681 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v684 = v682 && v683;
#line 91 "tilelua/std/common.lua"
    const bool v685 = v580 && v684;
#line 91 "tilelua/std/common.lua"
    const long long v686 = (long long)((unsigned long long)v577 + (unsigned long long)v680);
#line 91 "tilelua/std/common.lua"
    const long long v687 = 57LL;
#line 91 "tilelua/std/common.lua"
    const long long v688 = (long long)((unsigned long long)v577 + (unsigned long long)v687);
#line 91 "tilelua/std/common.lua"
    const long long v689 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const bool v690 = v592 && v684;
#line 91 "tilelua/std/common.lua"
    const long long v691 = (long long)((unsigned long long)v594 + (unsigned long long)v680);
#line 91 "tilelua/std/common.lua"
    const long long v692 = (long long)((unsigned long long)v16 * (unsigned long long)v587);
#line 91 "tilelua/std/common.lua"
    const long long v693 = (long long)((unsigned long long)v594 + (unsigned long long)v687);
    if (v584 && v584) {
      tl_vec<float, 2> t694; t694.v[0] = v528; t694.v[1] = v529;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v577) = t694;
    } else {
      if (v584) c[v577] = v528;
      if (v584) c[v586] = v529;
    }
    if (v593 && v593) {
      tl_vec<float, 2> t696; t696.v[0] = v530; t696.v[1] = v531;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v594) = t696;
    } else {
      if (v593) c[v594] = v530;
      if (v593) c[v596] = v531;
    }
    if (v601 && v601) {
      tl_vec<float, 2> t698; t698.v[0] = v532; t698.v[1] = v533;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v602) = t698;
    } else {
      if (v601) c[v602] = v532;
      if (v601) c[v604] = v533;
    }
    if (v606 && v606) {
      tl_vec<float, 2> t700; t700.v[0] = v534; t700.v[1] = v535;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v607) = t700;
    } else {
      if (v606) c[v607] = v534;
      if (v606) c[v609] = v535;
    }
    if (v615 && v615) {
      tl_vec<float, 2> t702; t702.v[0] = v536; t702.v[1] = v537;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v616) = t702;
    } else {
      if (v615) c[v616] = v536;
      if (v615) c[v618] = v537;
    }
    if (v620 && v620) {
      tl_vec<float, 2> t704; t704.v[0] = v538; t704.v[1] = v539;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v621) = t704;
    } else {
      if (v620) c[v621] = v538;
      if (v620) c[v623] = v539;
    }
    if (v629 && v629) {
      tl_vec<float, 2> t706; t706.v[0] = v540; t706.v[1] = v541;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v630) = t706;
    } else {
      if (v629) c[v630] = v540;
      if (v629) c[v632] = v541;
    }
    if (v634 && v634) {
      tl_vec<float, 2> t708; t708.v[0] = v542; t708.v[1] = v543;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v635) = t708;
    } else {
      if (v634) c[v635] = v542;
      if (v634) c[v637] = v543;
    }
    if (v643 && v643) {
      tl_vec<float, 2> t710; t710.v[0] = v544; t710.v[1] = v545;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v644) = t710;
    } else {
      if (v643) c[v644] = v544;
      if (v643) c[v646] = v545;
    }
    if (v648 && v648) {
      tl_vec<float, 2> t712; t712.v[0] = v546; t712.v[1] = v547;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v649) = t712;
    } else {
      if (v648) c[v649] = v546;
      if (v648) c[v651] = v547;
    }
    if (v657 && v657) {
      tl_vec<float, 2> t714; t714.v[0] = v548; t714.v[1] = v549;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v658) = t714;
    } else {
      if (v657) c[v658] = v548;
      if (v657) c[v660] = v549;
    }
    if (v662 && v662) {
      tl_vec<float, 2> t716; t716.v[0] = v550; t716.v[1] = v551;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v663) = t716;
    } else {
      if (v662) c[v663] = v550;
      if (v662) c[v665] = v551;
    }
    if (v671 && v671) {
      tl_vec<float, 2> t718; t718.v[0] = v552; t718.v[1] = v553;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v672) = t718;
    } else {
      if (v671) c[v672] = v552;
      if (v671) c[v674] = v553;
    }
    if (v676 && v676) {
      tl_vec<float, 2> t720; t720.v[0] = v554; t720.v[1] = v555;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v677) = t720;
    } else {
      if (v676) c[v677] = v554;
      if (v676) c[v679] = v555;
    }
    if (v685 && v685) {
      tl_vec<float, 2> t722; t722.v[0] = v556; t722.v[1] = v557;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v686) = t722;
    } else {
      if (v685) c[v686] = v556;
      if (v685) c[v688] = v557;
    }
    if (v690 && v690) {
      tl_vec<float, 2> t724; t724.v[0] = v558; t724.v[1] = v559;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v691) = t724;
    } else {
      if (v690) c[v691] = v558;
      if (v690) c[v693] = v559;
    }
  }
}
