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
/* barrier i of the block of rank cta of the cluster */
static __device__ __forceinline__ void tl_mbar_arrive_remote(unsigned long long* b, unsigned cta, unsigned tx) {
  unsigned remote;
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(remote) : "r"(tl_smem(b)), "r"(cta));
  if (tx) asm volatile("mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64 _, [%0], %1;" :: "r"(remote), "r"(tx) : "memory");
  else asm volatile("mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%0];" :: "r"(remote) : "memory");
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
        const int v58 = (int)((unsigned int)v40 + (unsigned int)v53);
#line 91 "tilelua/std/common.lua"
        const int v59 = 256;
#line 91 "tilelua/std/common.lua"
        const int v60 = tl_rem(v53, v59);
#line 91 "tilelua/std/common.lua"
        const int v61 = tl_div(v53, v59);
#line 91 "tilelua/std/common.lua"
        const int v62 = 8;
#line 91 "tilelua/std/common.lua"
        const int v63 = tl_rem(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v64 = tl_div(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v65 = (int)((unsigned int)v61 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v66 = (int)((unsigned int)v65 + (unsigned int)v64);
#line 91 "tilelua/std/common.lua"
        const int v67 = tl_rem(v60, v62);
#line 91 "tilelua/std/common.lua"
        const int v68 = (int)(v66 ^ v67);
#line 91 "tilelua/std/common.lua"
        const int v69 = (int)((unsigned int)v68 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v70 = 64;
#line 91 "tilelua/std/common.lua"
        const int v71 = (int)((unsigned int)v60 * (unsigned int)v70);
#line 91 "tilelua/std/common.lua"
        const int v72 = (int)((unsigned int)v69 + (unsigned int)v71);
#line 91 "tilelua/std/common.lua"
        const int v73 = (int)((unsigned int)v72 + (unsigned int)v63);
#line 91 "tilelua/std/common.lua"
        const int v74 = (int)v57;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v53], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v73)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v53])), "r"(v74), "r"(v58) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v76 = (long long)((unsigned long long)v46 + (unsigned long long)v56);
#line 91 "tilelua/std/common.lua"
        const int v77 = tl_rem(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v78 = tl_div(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v79 = tl_rem(v78, v62);
#line 91 "tilelua/std/common.lua"
        const int v80 = tl_div(v78, v62);
#line 91 "tilelua/std/common.lua"
        const int v81 = tl_rem(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v82 = (int)(v79 ^ v81);
#line 91 "tilelua/std/common.lua"
        const int v83 = 16384;
#line 91 "tilelua/std/common.lua"
        const int v84 = (int)((unsigned int)v80 * (unsigned int)v83);
#line 91 "tilelua/std/common.lua"
        const int v85 = (int)((unsigned int)v53 * (unsigned int)v70);
#line 91 "tilelua/std/common.lua"
        const int v86 = (int)((unsigned int)v84 + (unsigned int)v85);
#line 91 "tilelua/std/common.lua"
        const int v87 = (int)((unsigned int)v82 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v88 = (int)((unsigned int)v86 + (unsigned int)v87);
#line 91 "tilelua/std/common.lua"
        const int v89 = (int)((unsigned int)v88 + (unsigned int)v77);
#line 91 "tilelua/std/common.lua"
        const int v90 = (int)v76;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v53], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v89)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v53])), "r"(v42), "r"(v90) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v53]);
#line 91 "tilelua/std/common.lua"
        const long long v93 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 91 "tilelua/std/common.lua"
        const int v94 = 1;
#line 91 "tilelua/std/common.lua"
        const int v95 = (int)v93;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v94], (unsigned)v95);
#line 91 "tilelua/std/common.lua"
        const long long v97 = 64LL;
#line 91 "tilelua/std/common.lua"
        const long long v98 = (long long)((unsigned long long)v46 + (unsigned long long)v97);
#line 91 "tilelua/std/common.lua"
        const int v99 = (int)((unsigned int)v40 + (unsigned int)v53);
#line 91 "tilelua/std/common.lua"
        const int v100 = tl_rem(v70, v59);
#line 91 "tilelua/std/common.lua"
        const int v101 = tl_div(v70, v59);
#line 91 "tilelua/std/common.lua"
        const int v102 = tl_rem(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v103 = tl_div(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v104 = (int)((unsigned int)v101 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v105 = (int)((unsigned int)v104 + (unsigned int)v103);
#line 91 "tilelua/std/common.lua"
        const int v106 = tl_rem(v100, v62);
#line 91 "tilelua/std/common.lua"
        const int v107 = (int)(v105 ^ v106);
#line 91 "tilelua/std/common.lua"
        const int v108 = (int)((unsigned int)v107 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v109 = (int)((unsigned int)v100 * (unsigned int)v70);
#line 91 "tilelua/std/common.lua"
        const int v110 = (int)((unsigned int)v108 + (unsigned int)v109);
#line 91 "tilelua/std/common.lua"
        const int v111 = (int)((unsigned int)v110 + (unsigned int)v102);
#line 91 "tilelua/std/common.lua"
        const int v112 = (int)v98;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v94], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v111)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v94])), "r"(v112), "r"(v99) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v114 = (long long)((unsigned long long)v46 + (unsigned long long)v97);
#line 91 "tilelua/std/common.lua"
        const int v115 = tl_rem(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v116 = tl_div(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v117 = tl_rem(v116, v62);
#line 91 "tilelua/std/common.lua"
        const int v118 = tl_div(v116, v62);
#line 91 "tilelua/std/common.lua"
        const int v119 = tl_rem(v70, v62);
#line 91 "tilelua/std/common.lua"
        const int v120 = (int)(v117 ^ v119);
#line 91 "tilelua/std/common.lua"
        const int v121 = (int)((unsigned int)v118 * (unsigned int)v83);
#line 91 "tilelua/std/common.lua"
        const int v122 = (int)((unsigned int)v70 * (unsigned int)v70);
#line 91 "tilelua/std/common.lua"
        const int v123 = (int)((unsigned int)v121 + (unsigned int)v122);
#line 91 "tilelua/std/common.lua"
        const int v124 = (int)((unsigned int)v120 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v125 = (int)((unsigned int)v123 + (unsigned int)v124);
#line 91 "tilelua/std/common.lua"
        const int v126 = (int)((unsigned int)v125 + (unsigned int)v115);
#line 91 "tilelua/std/common.lua"
        const int v127 = (int)v114;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v94], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v126)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v94])), "r"(v42), "r"(v127) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v94]);
#line 91 "tilelua/std/common.lua"
        const long long v130 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 91 "tilelua/std/common.lua"
        const int v131 = 2;
#line 91 "tilelua/std/common.lua"
        const int v132 = (int)v130;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v131], (unsigned)v132);
#line 91 "tilelua/std/common.lua"
        const long long v134 = 128LL;
#line 91 "tilelua/std/common.lua"
        const long long v135 = (long long)((unsigned long long)v46 + (unsigned long long)v134);
#line 91 "tilelua/std/common.lua"
        const int v136 = (int)((unsigned int)v40 + (unsigned int)v53);
#line 91 "tilelua/std/common.lua"
        const int v137 = 128;
#line 91 "tilelua/std/common.lua"
        const int v138 = tl_rem(v137, v59);
#line 91 "tilelua/std/common.lua"
        const int v139 = tl_div(v137, v59);
#line 91 "tilelua/std/common.lua"
        const int v140 = tl_rem(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v141 = tl_div(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v142 = (int)((unsigned int)v139 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v143 = (int)((unsigned int)v142 + (unsigned int)v141);
#line 91 "tilelua/std/common.lua"
        const int v144 = tl_rem(v138, v62);
#line 91 "tilelua/std/common.lua"
        const int v145 = (int)(v143 ^ v144);
#line 91 "tilelua/std/common.lua"
        const int v146 = (int)((unsigned int)v145 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v147 = (int)((unsigned int)v138 * (unsigned int)v70);
#line 91 "tilelua/std/common.lua"
        const int v148 = (int)((unsigned int)v146 + (unsigned int)v147);
#line 91 "tilelua/std/common.lua"
        const int v149 = (int)((unsigned int)v148 + (unsigned int)v140);
#line 91 "tilelua/std/common.lua"
        const int v150 = (int)v135;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v131], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v149)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v131])), "r"(v150), "r"(v136) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v152 = (long long)((unsigned long long)v46 + (unsigned long long)v134);
#line 91 "tilelua/std/common.lua"
        const int v153 = tl_rem(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v154 = tl_div(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v155 = tl_rem(v154, v62);
#line 91 "tilelua/std/common.lua"
        const int v156 = tl_div(v154, v62);
#line 91 "tilelua/std/common.lua"
        const int v157 = tl_rem(v137, v62);
#line 91 "tilelua/std/common.lua"
        const int v158 = (int)(v155 ^ v157);
#line 91 "tilelua/std/common.lua"
        const int v159 = (int)((unsigned int)v156 * (unsigned int)v83);
#line 91 "tilelua/std/common.lua"
        const int v160 = (int)((unsigned int)v137 * (unsigned int)v70);
#line 91 "tilelua/std/common.lua"
        const int v161 = (int)((unsigned int)v159 + (unsigned int)v160);
#line 91 "tilelua/std/common.lua"
        const int v162 = (int)((unsigned int)v158 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v163 = (int)((unsigned int)v161 + (unsigned int)v162);
#line 91 "tilelua/std/common.lua"
        const int v164 = (int)((unsigned int)v163 + (unsigned int)v153);
#line 91 "tilelua/std/common.lua"
        const int v165 = (int)v152;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v131], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v164)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v131])), "r"(v42), "r"(v165) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v131]);
#line 91 "tilelua/std/common.lua"
        const long long v168 = (long long)((unsigned long long)v51 - (unsigned long long)v50);
#line 91 "tilelua/std/common.lua"
        const int v169 = 3;
#line 91 "tilelua/std/common.lua"
        const int v170 = (int)v168;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v169], (unsigned)v170);
#line 91 "tilelua/std/common.lua"
        const long long v172 = 192LL;
#line 91 "tilelua/std/common.lua"
        const long long v173 = (long long)((unsigned long long)v46 + (unsigned long long)v172);
#line 91 "tilelua/std/common.lua"
        const int v174 = (int)((unsigned int)v40 + (unsigned int)v53);
#line 91 "tilelua/std/common.lua"
        const int v175 = 192;
#line 91 "tilelua/std/common.lua"
        const int v176 = tl_rem(v175, v59);
#line 91 "tilelua/std/common.lua"
        const int v177 = tl_div(v175, v59);
#line 91 "tilelua/std/common.lua"
        const int v178 = tl_rem(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v179 = tl_div(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v180 = (int)((unsigned int)v177 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v181 = (int)((unsigned int)v180 + (unsigned int)v179);
#line 91 "tilelua/std/common.lua"
        const int v182 = tl_rem(v176, v62);
#line 91 "tilelua/std/common.lua"
        const int v183 = (int)(v181 ^ v182);
#line 91 "tilelua/std/common.lua"
        const int v184 = (int)((unsigned int)v183 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v185 = (int)((unsigned int)v176 * (unsigned int)v70);
#line 91 "tilelua/std/common.lua"
        const int v186 = (int)((unsigned int)v184 + (unsigned int)v185);
#line 91 "tilelua/std/common.lua"
        const int v187 = (int)((unsigned int)v186 + (unsigned int)v178);
#line 91 "tilelua/std/common.lua"
        const int v188 = (int)v173;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v169], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v187)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v169])), "r"(v188), "r"(v174) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v190 = (long long)((unsigned long long)v46 + (unsigned long long)v172);
#line 91 "tilelua/std/common.lua"
        const int v191 = tl_rem(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v192 = tl_div(v53, v62);
#line 91 "tilelua/std/common.lua"
        const int v193 = tl_rem(v192, v62);
#line 91 "tilelua/std/common.lua"
        const int v194 = tl_div(v192, v62);
#line 91 "tilelua/std/common.lua"
        const int v195 = tl_rem(v175, v62);
#line 91 "tilelua/std/common.lua"
        const int v196 = (int)(v193 ^ v195);
#line 91 "tilelua/std/common.lua"
        const int v197 = (int)((unsigned int)v194 * (unsigned int)v83);
#line 91 "tilelua/std/common.lua"
        const int v198 = (int)((unsigned int)v175 * (unsigned int)v70);
#line 91 "tilelua/std/common.lua"
        const int v199 = (int)((unsigned int)v197 + (unsigned int)v198);
#line 91 "tilelua/std/common.lua"
        const int v200 = (int)((unsigned int)v196 * (unsigned int)v62);
#line 91 "tilelua/std/common.lua"
        const int v201 = (int)((unsigned int)v199 + (unsigned int)v200);
#line 91 "tilelua/std/common.lua"
        const int v202 = (int)((unsigned int)v201 + (unsigned int)v191);
#line 91 "tilelua/std/common.lua"
        const int v203 = (int)v190;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v169], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v202)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v169])), "r"(v42), "r"(v203) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v169]);
      }
    }
  }
#line 91 "tilelua/std/common.lua"
  if (threadIdx.x >= 128u && threadIdx.x < 256u) {  /* role: threads 128..255 */
#line 91 "tilelua/std/common.lua"
    const int v208 = 128;
#line 91 "tilelua/std/common.lua"
    const int v209 = (int)((unsigned int)v0 - (unsigned int)v208);
#line 91 "tilelua/std/common.lua"
    const int v210 = (int)((unsigned int)v2 * (unsigned int)v4);
#line 91 "tilelua/std/common.lua"
    const int v211 = (int)((unsigned int)v210 + (unsigned int)v1);
#line 91 "tilelua/std/common.lua"
    const int v212 = 8;
#line 91 "tilelua/std/common.lua"
    const int v213 = (int)((unsigned int)v4 * (unsigned int)v212);
#line 91 "tilelua/std/common.lua"
    const int v214 = tl_div(v211, v213);
#line 91 "tilelua/std/common.lua"
    const int v215 = (int)((unsigned int)v214 * (unsigned int)v212);
#line 91 "tilelua/std/common.lua"
    const int v216 = (int)((unsigned int)v5 - (unsigned int)v215);
#line 91 "tilelua/std/common.lua"
    const int v217 = v216 < v212 ? v216 : v212;
#line 91 "tilelua/std/common.lua"
    const int v218 = tl_rem(v211, v213);
#line 91 "tilelua/std/common.lua"
    const int v219 = tl_rem(v218, v217);
#line 91 "tilelua/std/common.lua"
    const int v220 = (int)((unsigned int)v215 + (unsigned int)v219);
#line 91 "tilelua/std/common.lua"
    const int v221 = 64;
#line 91 "tilelua/std/common.lua"
    const int v222 = (int)((unsigned int)v220 * (unsigned int)v221);
#line 91 "tilelua/std/common.lua"
    const int v223 = tl_div(v218, v217);
#line 91 "tilelua/std/common.lua"
    const int v224 = (int)((unsigned int)v223 * (unsigned int)v221);
#line 91 "tilelua/std/common.lua"
    float v225; /* undefined: the first wgmma does not read it */
#line 91 "tilelua/std/common.lua"
    const long long v226 = 0LL;
#line 91 "tilelua/std/common.lua"
    const long long v227 = 256LL;
#line 91 "tilelua/std/common.lua"
    float v230 = v225;
#line 91 "tilelua/std/common.lua"
    float v231 = v225;
#line 91 "tilelua/std/common.lua"
    float v232 = v225;
#line 91 "tilelua/std/common.lua"
    float v233 = v225;
#line 91 "tilelua/std/common.lua"
    float v234 = v225;
#line 91 "tilelua/std/common.lua"
    float v235 = v225;
#line 91 "tilelua/std/common.lua"
    float v236 = v225;
#line 91 "tilelua/std/common.lua"
    float v237 = v225;
#line 91 "tilelua/std/common.lua"
    float v238 = v225;
#line 91 "tilelua/std/common.lua"
    float v239 = v225;
#line 91 "tilelua/std/common.lua"
    float v240 = v225;
#line 91 "tilelua/std/common.lua"
    float v241 = v225;
#line 91 "tilelua/std/common.lua"
    float v242 = v225;
#line 91 "tilelua/std/common.lua"
    float v243 = v225;
#line 91 "tilelua/std/common.lua"
    float v244 = v225;
#line 91 "tilelua/std/common.lua"
    float v245 = v225;
#line 91 "tilelua/std/common.lua"
    float v246 = v225;
#line 91 "tilelua/std/common.lua"
    float v247 = v225;
#line 91 "tilelua/std/common.lua"
    float v248 = v225;
#line 91 "tilelua/std/common.lua"
    float v249 = v225;
#line 91 "tilelua/std/common.lua"
    float v250 = v225;
#line 91 "tilelua/std/common.lua"
    float v251 = v225;
#line 91 "tilelua/std/common.lua"
    float v252 = v225;
#line 91 "tilelua/std/common.lua"
    float v253 = v225;
#line 91 "tilelua/std/common.lua"
    float v254 = v225;
#line 91 "tilelua/std/common.lua"
    float v255 = v225;
#line 91 "tilelua/std/common.lua"
    float v256 = v225;
#line 91 "tilelua/std/common.lua"
    float v257 = v225;
#line 91 "tilelua/std/common.lua"
    float v258 = v225;
#line 91 "tilelua/std/common.lua"
    float v259 = v225;
#line 91 "tilelua/std/common.lua"
    float v260 = v225;
#line 91 "tilelua/std/common.lua"
    float v261 = v225;
#line 91 "tilelua/std/common.lua"
    for (long long v229 = v226; v229 < v9; v229 += v227) {
#line 91 "tilelua/std/common.lua"
      const long long v262 = 256LL;
#line 91 "tilelua/std/common.lua"
      const long long v263 = tl_div(v229, v262);
#line 91 "tilelua/std/common.lua"
      const long long v264 = 2LL;
#line 91 "tilelua/std/common.lua"
      const long long v265 = tl_rem(v263, v264);
#line 91 "tilelua/std/common.lua"
      const int v266 = 0;
#line 91 "tilelua/std/common.lua"
      const int v267 = (int)v265;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v266], (unsigned)v267);
#line 91 "tilelua/std/common.lua"
      const long long v269 = 0LL;
#line 91 "tilelua/std/common.lua"
      const bool v270 = v229 != v269;
#line 91 "tilelua/std/common.lua"
      const int v271 = 1;
#line 91 "tilelua/std/common.lua"
      const int v272 = v270 ? v271 : v266;
#line 91 "tilelua/std/common.lua"
      float &v274 = v230, &v275 = v231, &v276 = v232, &v277 = v233, &v278 = v234, &v279 = v235, &v280 = v236, &v281 = v237, &v282 = v238, &v283 = v239, &v284 = v240, &v285 = v241, &v286 = v242, &v287 = v243, &v288 = v244, &v289 = v245, &v290 = v246, &v291 = v247, &v292 = v248, &v293 = v249, &v294 = v250, &v295 = v251, &v296 = v252, &v297 = v253, &v298 = v254, &v299 = v255, &v300 = v256, &v301 = v257, &v302 = v258, &v303 = v259, &v304 = v260, &v305 = v261;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v266, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v266, 16, 1024);
        asm volatile("" : "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281) :: "memory");
        asm volatile("" : "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285), "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289) :: "memory");
        asm volatile("" : "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297) :: "memory");
        asm volatile("" : "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285), "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289), "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"((int)(v272 != 0)));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285), "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289), "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285), "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289), "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285), "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289), "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281) :: "memory");
        asm volatile("" : "+f"(v282), "+f"(v283), "+f"(v284), "+f"(v285), "+f"(v286), "+f"(v287), "+f"(v288), "+f"(v289) :: "memory");
        asm volatile("" : "+f"(v290), "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297) :: "memory");
        asm volatile("" : "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      const bool v306 = v229 != v269;
#line 91 "tilelua/std/common.lua"
      if (v306) {
#line 91 "tilelua/std/common.lua"
        const int v308 = 128;
#line 91 "tilelua/std/common.lua"
        const int v309 = tl_rem(v209, v308);
#line 91 "tilelua/std/common.lua"
        const int v310 = 0;
#line 91 "tilelua/std/common.lua"
        const bool v311 = v309 == v310;
#line 91 "tilelua/std/common.lua"
        if (v311) {
#line 91 "tilelua/std/common.lua"
          const int v313 = 3;
#line 91 "tilelua/std/common.lua"
          tl_mbar_arrive(&tl_mbar1[v313]);
        }
      }
#line 91 "tilelua/std/common.lua"
      const int v315 = (int)v265;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v271], (unsigned)v315);
#line 91 "tilelua/std/common.lua"
      const int v317 = 8192;
#line 91 "tilelua/std/common.lua"
      float &v319 = v274, &v320 = v275, &v321 = v276, &v322 = v277, &v323 = v278, &v324 = v279, &v325 = v280, &v326 = v281, &v327 = v282, &v328 = v283, &v329 = v284, &v330 = v285, &v331 = v286, &v332 = v287, &v333 = v288, &v334 = v289, &v335 = v290, &v336 = v291, &v337 = v292, &v338 = v293, &v339 = v294, &v340 = v295, &v341 = v296, &v342 = v297, &v343 = v298, &v344 = v299, &v345 = v300, &v346 = v301, &v347 = v302, &v348 = v303, &v349 = v304, &v350 = v305;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v317, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v317, 16, 1024);
        asm volatile("" : "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326) :: "memory");
        asm volatile("" : "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334) :: "memory");
        asm volatile("" : "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342) :: "memory");
        asm volatile("" : "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326), "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322), "+f"(v323), "+f"(v324), "+f"(v325), "+f"(v326) :: "memory");
        asm volatile("" : "+f"(v327), "+f"(v328), "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334) :: "memory");
        asm volatile("" : "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342) :: "memory");
        asm volatile("" : "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      const int v351 = 128;
#line 91 "tilelua/std/common.lua"
      const int v352 = tl_rem(v209, v351);
#line 91 "tilelua/std/common.lua"
      const bool v353 = v352 == v266;
#line 91 "tilelua/std/common.lua"
      if (v353) {
#line 91 "tilelua/std/common.lua"
        const int v355 = 0;
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar1[v355]);
      }
#line 91 "tilelua/std/common.lua"
      const int v357 = 2;
#line 91 "tilelua/std/common.lua"
      const int v358 = (int)v265;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v357], (unsigned)v358);
#line 91 "tilelua/std/common.lua"
      const int v360 = 16384;
#line 91 "tilelua/std/common.lua"
      float &v362 = v319, &v363 = v320, &v364 = v321, &v365 = v322, &v366 = v323, &v367 = v324, &v368 = v325, &v369 = v326, &v370 = v327, &v371 = v328, &v372 = v329, &v373 = v330, &v374 = v331, &v375 = v332, &v376 = v333, &v377 = v334, &v378 = v335, &v379 = v336, &v380 = v337, &v381 = v338, &v382 = v339, &v383 = v340, &v384 = v341, &v385 = v342, &v386 = v343, &v387 = v344, &v388 = v345, &v389 = v346, &v390 = v347, &v391 = v348, &v392 = v349, &v393 = v350;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v360, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v360, 16, 1024);
        asm volatile("" : "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369) :: "memory");
        asm volatile("" : "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377) :: "memory");
        asm volatile("" : "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385) :: "memory");
        asm volatile("" : "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v362), "+f"(v363), "+f"(v364), "+f"(v365), "+f"(v366), "+f"(v367), "+f"(v368), "+f"(v369) :: "memory");
        asm volatile("" : "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377) :: "memory");
        asm volatile("" : "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385) :: "memory");
        asm volatile("" : "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      const int v394 = tl_rem(v209, v351);
#line 91 "tilelua/std/common.lua"
      const bool v395 = v394 == v266;
#line 91 "tilelua/std/common.lua"
      if (v395) {
#line 91 "tilelua/std/common.lua"
        const int v397 = 1;
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar1[v397]);
      }
#line 91 "tilelua/std/common.lua"
      const int v399 = 3;
#line 91 "tilelua/std/common.lua"
      const int v400 = (int)v265;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v399], (unsigned)v400);
#line 91 "tilelua/std/common.lua"
      const int v402 = 24576;
#line 91 "tilelua/std/common.lua"
      float &v404 = v362, &v405 = v363, &v406 = v364, &v407 = v365, &v408 = v366, &v409 = v367, &v410 = v368, &v411 = v369, &v412 = v370, &v413 = v371, &v414 = v372, &v415 = v373, &v416 = v374, &v417 = v375, &v418 = v376, &v419 = v377, &v420 = v378, &v421 = v379, &v422 = v380, &v423 = v381, &v424 = v382, &v425 = v383, &v426 = v384, &v427 = v385, &v428 = v386, &v429 = v387, &v430 = v388, &v431 = v389, &v432 = v390, &v433 = v391, &v434 = v392, &v435 = v393;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v402, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v402, 16, 1024);
        asm volatile("" : "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411) :: "memory");
        asm volatile("" : "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419) :: "memory");
        asm volatile("" : "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423), "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427) :: "memory");
        asm volatile("" : "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431), "+f"(v432), "+f"(v433), "+f"(v434), "+f"(v435) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419), "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423), "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427), "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431), "+f"(v432), "+f"(v433), "+f"(v434), "+f"(v435)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419), "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423), "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427), "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431), "+f"(v432), "+f"(v433), "+f"(v434), "+f"(v435)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419), "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423), "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427), "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431), "+f"(v432), "+f"(v433), "+f"(v434), "+f"(v435)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411), "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419), "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423), "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427), "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431), "+f"(v432), "+f"(v433), "+f"(v434), "+f"(v435)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v404), "+f"(v405), "+f"(v406), "+f"(v407), "+f"(v408), "+f"(v409), "+f"(v410), "+f"(v411) :: "memory");
        asm volatile("" : "+f"(v412), "+f"(v413), "+f"(v414), "+f"(v415), "+f"(v416), "+f"(v417), "+f"(v418), "+f"(v419) :: "memory");
        asm volatile("" : "+f"(v420), "+f"(v421), "+f"(v422), "+f"(v423), "+f"(v424), "+f"(v425), "+f"(v426), "+f"(v427) :: "memory");
        asm volatile("" : "+f"(v428), "+f"(v429), "+f"(v430), "+f"(v431), "+f"(v432), "+f"(v433), "+f"(v434), "+f"(v435) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      const int v436 = tl_rem(v209, v351);
#line 91 "tilelua/std/common.lua"
      const bool v437 = v436 == v266;
#line 91 "tilelua/std/common.lua"
      if (v437) {
#line 91 "tilelua/std/common.lua"
        const int v439 = 2;
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar1[v439]);
      }
    }
#line 91 "tilelua/std/common.lua"
    const float v442 = v230;
#line 91 "tilelua/std/common.lua"
    const float v443 = v231;
#line 91 "tilelua/std/common.lua"
    const float v444 = v232;
#line 91 "tilelua/std/common.lua"
    const float v445 = v233;
#line 91 "tilelua/std/common.lua"
    const float v446 = v234;
#line 91 "tilelua/std/common.lua"
    const float v447 = v235;
#line 91 "tilelua/std/common.lua"
    const float v448 = v236;
#line 91 "tilelua/std/common.lua"
    const float v449 = v237;
#line 91 "tilelua/std/common.lua"
    const float v450 = v238;
#line 91 "tilelua/std/common.lua"
    const float v451 = v239;
#line 91 "tilelua/std/common.lua"
    const float v452 = v240;
#line 91 "tilelua/std/common.lua"
    const float v453 = v241;
#line 91 "tilelua/std/common.lua"
    const float v454 = v242;
#line 91 "tilelua/std/common.lua"
    const float v455 = v243;
#line 91 "tilelua/std/common.lua"
    const float v456 = v244;
#line 91 "tilelua/std/common.lua"
    const float v457 = v245;
#line 91 "tilelua/std/common.lua"
    const float v458 = v246;
#line 91 "tilelua/std/common.lua"
    const float v459 = v247;
#line 91 "tilelua/std/common.lua"
    const float v460 = v248;
#line 91 "tilelua/std/common.lua"
    const float v461 = v249;
#line 91 "tilelua/std/common.lua"
    const float v462 = v250;
#line 91 "tilelua/std/common.lua"
    const float v463 = v251;
#line 91 "tilelua/std/common.lua"
    const float v464 = v252;
#line 91 "tilelua/std/common.lua"
    const float v465 = v253;
#line 91 "tilelua/std/common.lua"
    const float v466 = v254;
#line 91 "tilelua/std/common.lua"
    const float v467 = v255;
#line 91 "tilelua/std/common.lua"
    const float v468 = v256;
#line 91 "tilelua/std/common.lua"
    const float v469 = v257;
#line 91 "tilelua/std/common.lua"
    const float v470 = v258;
#line 91 "tilelua/std/common.lua"
    const float v471 = v259;
#line 91 "tilelua/std/common.lua"
    const float v472 = v260;
#line 91 "tilelua/std/common.lua"
    const float v473 = v261;
#line 91 "tilelua/std/common.lua"
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#line 91 "tilelua/std/common.lua"
    const bool v475 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    if (v475) {
#line 91 "tilelua/std/common.lua"
      const int v477 = 128;
#line 91 "tilelua/std/common.lua"
      const int v478 = tl_rem(v209, v477);
#line 91 "tilelua/std/common.lua"
      const int v479 = 0;
#line 91 "tilelua/std/common.lua"
      const bool v480 = v478 == v479;
#line 91 "tilelua/std/common.lua"
      if (v480) {
#line 91 "tilelua/std/common.lua"
        const int v482 = 3;
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar1[v482]);
      }
    }
#line 91 "tilelua/std/common.lua"
    const bool v484 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v485 = 0.0f;
#line 91 "tilelua/std/common.lua"
    const float v486 = v484 ? v442 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v487 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v488 = v487 ? v443 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v489 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v490 = v489 ? v444 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v491 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v492 = v491 ? v445 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v493 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v494 = v493 ? v446 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v495 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v496 = v495 ? v447 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v497 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v498 = v497 ? v448 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v499 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v500 = v499 ? v449 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v501 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v502 = v501 ? v450 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v503 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v504 = v503 ? v451 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v505 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v506 = v505 ? v452 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v507 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v508 = v507 ? v453 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v509 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v510 = v509 ? v454 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v511 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v512 = v511 ? v455 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v513 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v514 = v513 ? v456 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v515 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v516 = v515 ? v457 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v517 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v518 = v517 ? v458 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v519 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v520 = v519 ? v459 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v521 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v522 = v521 ? v460 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v523 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v524 = v523 ? v461 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v525 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v526 = v525 ? v462 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v527 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v528 = v527 ? v463 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v529 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v530 = v529 ? v464 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v531 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v532 = v531 ? v465 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v533 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v534 = v533 ? v466 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v535 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v536 = v535 ? v467 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v537 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v538 = v537 ? v468 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v539 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v540 = v539 ? v469 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v541 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v542 = v541 ? v470 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v543 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v544 = v543 ? v471 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v545 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v546 = v545 ? v472 : v485;
#line 91 "tilelua/std/common.lua"
    const bool v547 = v9 > v226;
#line 91 "tilelua/std/common.lua"
    const float v548 = v547 ? v473 : v485;
#line 91 "tilelua/std/common.lua"
    const int v549 = 32;
#line 91 "tilelua/std/common.lua"
    const int v550 = tl_div(v209, v549);
#line 91 "tilelua/std/common.lua"
    const int v551 = 4;
#line 91 "tilelua/std/common.lua"
    const int v552 = tl_div(v550, v551);
#line 91 "tilelua/std/common.lua"
    const int v553 = (int)((unsigned int)v221 * (unsigned int)v552);
#line 91 "tilelua/std/common.lua"
    const int v554 = (int)((unsigned int)v222 + (unsigned int)v553);
#line 91 "tilelua/std/common.lua"
    const float v555 = v486 * v19;
#line 91 "tilelua/std/common.lua"
    const float v556 = v488 * v19;
#line 91 "tilelua/std/common.lua"
    const float v557 = v490 * v19;
#line 91 "tilelua/std/common.lua"
    const float v558 = v492 * v19;
#line 91 "tilelua/std/common.lua"
    const float v559 = v494 * v19;
#line 91 "tilelua/std/common.lua"
    const float v560 = v496 * v19;
#line 91 "tilelua/std/common.lua"
    const float v561 = v498 * v19;
#line 91 "tilelua/std/common.lua"
    const float v562 = v500 * v19;
#line 91 "tilelua/std/common.lua"
    const float v563 = v502 * v19;
#line 91 "tilelua/std/common.lua"
    const float v564 = v504 * v19;
#line 91 "tilelua/std/common.lua"
    const float v565 = v506 * v19;
#line 91 "tilelua/std/common.lua"
    const float v566 = v508 * v19;
#line 91 "tilelua/std/common.lua"
    const float v567 = v510 * v19;
#line 91 "tilelua/std/common.lua"
    const float v568 = v512 * v19;
#line 91 "tilelua/std/common.lua"
    const float v569 = v514 * v19;
#line 91 "tilelua/std/common.lua"
    const float v570 = v516 * v19;
#line 91 "tilelua/std/common.lua"
    const float v571 = v518 * v19;
#line 91 "tilelua/std/common.lua"
    const float v572 = v520 * v19;
#line 91 "tilelua/std/common.lua"
    const float v573 = v522 * v19;
#line 91 "tilelua/std/common.lua"
    const float v574 = v524 * v19;
#line 91 "tilelua/std/common.lua"
    const float v575 = v526 * v19;
#line 91 "tilelua/std/common.lua"
    const float v576 = v528 * v19;
#line 91 "tilelua/std/common.lua"
    const float v577 = v530 * v19;
#line 91 "tilelua/std/common.lua"
    const float v578 = v532 * v19;
#line 91 "tilelua/std/common.lua"
    const float v579 = v534 * v19;
#line 91 "tilelua/std/common.lua"
    const float v580 = v536 * v19;
#line 91 "tilelua/std/common.lua"
    const float v581 = v538 * v19;
#line 91 "tilelua/std/common.lua"
    const float v582 = v540 * v19;
#line 91 "tilelua/std/common.lua"
    const float v583 = v542 * v19;
#line 91 "tilelua/std/common.lua"
    const float v584 = v544 * v19;
#line 91 "tilelua/std/common.lua"
    const float v585 = v546 * v19;
#line 91 "tilelua/std/common.lua"
    const float v586 = v548 * v19;
#line 91 "tilelua/std/common.lua"
    const int v587 = tl_div(v209, v549);
#line 91 "tilelua/std/common.lua"
    const int v588 = tl_rem(v587, v551);
#line 91 "tilelua/std/common.lua"
    const int v589 = 16;
#line 91 "tilelua/std/common.lua"
    const int v590 = (int)((unsigned int)v588 * (unsigned int)v589);
#line 91 "tilelua/std/common.lua"
    const int v591 = tl_div(v209, v551);
#line 91 "tilelua/std/common.lua"
    const int v592 = tl_rem(v591, v212);
#line 91 "tilelua/std/common.lua"
    const int v593 = (int)((unsigned int)v590 + (unsigned int)v592);
#line 91 "tilelua/std/common.lua"
    const int v594 = tl_rem(v209, v551);
#line 91 "tilelua/std/common.lua"
    const int v595 = 2;
#line 91 "tilelua/std/common.lua"
    const int v596 = (int)((unsigned int)v594 * (unsigned int)v595);
#line 91 "tilelua/std/common.lua"
    const long long v597 = (long long)v554;
#line 91 "tilelua/std/common.lua"
    const long long v598 = (long long)v593;
#line 91 "tilelua/std/common.lua"
    const long long v599 = (long long)((unsigned long long)v597 + (unsigned long long)v598);
#line 91 "tilelua/std/common.lua"
    const long long v600 = (long long)v224;
#line 91 "tilelua/std/common.lua"
    const long long v601 = (long long)v596;
#line 91 "tilelua/std/common.lua"
    const long long v602 = (long long)((unsigned long long)v600 + (unsigned long long)v601);
#line 91 "tilelua/std/common.lua"
    const long long v603 = (long long)((unsigned long long)v599 * (unsigned long long)v16);
#line 91 "tilelua/std/common.lua"
    const long long v604 = (long long)((unsigned long long)v603 + (unsigned long long)v602);
#line 91 "tilelua/std/common.lua"
    const bool v605 = v599 >= v226;
#line 91 "tilelua/std/common.lua"
    const bool v606 = v599 < v15;
#line 91 "tilelua/std/common.lua"
    const bool v607 = v605 && v606;
#line 91 "tilelua/std/common.lua"
    const bool v608 = v602 >= v226;
#line 91 "tilelua/std/common.lua"
    const bool v609 = v602 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v610 = v608 && v609;
#line 91 "tilelua/std/common.lua"
    const bool v611 = v607 && v610;
#line 91 "tilelua/std/common.lua"
    const long long v612 = 1LL;
#line 91 "tilelua/std/common.lua"
    const long long v613 = (long long)((unsigned long long)v604 + (unsigned long long)v612);
#line 91 "tilelua/std/common.lua"
    const long long v614 = 8LL;
#line 91 "tilelua/std/common.lua"
    const long long v615 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v616 = (long long)((unsigned long long)v599 + (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const bool v617 = v616 >= v226;
#line 91 "tilelua/std/common.lua"
    const bool v618 = v616 < v15;
#line 91 "tilelua/std/common.lua"
    const bool v619 = v617 && v618;
#line 91 "tilelua/std/common.lua"
    const bool v620 = v619 && v610;
#line 91 "tilelua/std/common.lua"
    const long long v621 = (long long)((unsigned long long)v604 + (unsigned long long)v615);
#line 91 "tilelua/std/common.lua"
    const long long v622 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v623 = (long long)((unsigned long long)v621 + (unsigned long long)v612);
#line 91 "tilelua/std/common.lua"
    const long long v624 = (long long)((unsigned long long)v602 + (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const bool v625 = v624 >= v226;
#line 91 "tilelua/std/common.lua"
    const bool v626 = v624 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v627 = v625 && v626;
#line 91 "tilelua/std/common.lua"
    const bool v628 = v607 && v627;
#line 91 "tilelua/std/common.lua"
    const long long v629 = (long long)((unsigned long long)v604 + (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v630 = 9LL;
#line 91 "tilelua/std/common.lua"
    const long long v631 = (long long)((unsigned long long)v604 + (unsigned long long)v630);
#line 91 "tilelua/std/common.lua"
    const long long v632 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const bool v633 = v619 && v627;
#line 91 "tilelua/std/common.lua"
    const long long v634 = (long long)((unsigned long long)v621 + (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v635 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v636 = (long long)((unsigned long long)v621 + (unsigned long long)v630);
#line 91 "tilelua/std/common.lua"
    const long long v637 = 16LL;
#line 91 "tilelua/std/common.lua"
    const long long v638 = (long long)((unsigned long long)v602 + (unsigned long long)v637);
#line 91 "tilelua/std/common.lua"
    const bool v639 = v638 >= v226;
#line 91 "tilelua/std/common.lua"
    const bool v640 = v638 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v641 = v639 && v640;
#line 91 "tilelua/std/common.lua"
    const bool v642 = v607 && v641;
#line 91 "tilelua/std/common.lua"
    const long long v643 = (long long)((unsigned long long)v604 + (unsigned long long)v637);
#line 91 "tilelua/std/common.lua"
    const long long v644 = 17LL;
#line 91 "tilelua/std/common.lua"
    const long long v645 = (long long)((unsigned long long)v604 + (unsigned long long)v644);
#line 91 "tilelua/std/common.lua"
    const long long v646 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const bool v647 = v619 && v641;
#line 91 "tilelua/std/common.lua"
    const long long v648 = (long long)((unsigned long long)v621 + (unsigned long long)v637);
#line 91 "tilelua/std/common.lua"
    const long long v649 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v650 = (long long)((unsigned long long)v621 + (unsigned long long)v644);
#line 91 "tilelua/std/common.lua"
    const long long v651 = 24LL;
#line 91 "tilelua/std/common.lua"
    const long long v652 = (long long)((unsigned long long)v602 + (unsigned long long)v651);
#line 91 "tilelua/std/common.lua"
    const bool v653 = v652 >= v226;
#line 91 "tilelua/std/common.lua"
    const bool v654 = v652 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v655 = v653 && v654;
#line 91 "tilelua/std/common.lua"
    const bool v656 = v607 && v655;
#line 91 "tilelua/std/common.lua"
    const long long v657 = (long long)((unsigned long long)v604 + (unsigned long long)v651);
#line 91 "tilelua/std/common.lua"
    const long long v658 = 25LL;
#line 91 "tilelua/std/common.lua"
    const long long v659 = (long long)((unsigned long long)v604 + (unsigned long long)v658);
#line 91 "tilelua/std/common.lua"
    const long long v660 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const bool v661 = v619 && v655;
#line 91 "tilelua/std/common.lua"
    const long long v662 = (long long)((unsigned long long)v621 + (unsigned long long)v651);
#line 91 "tilelua/std/common.lua"
    const long long v663 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v664 = (long long)((unsigned long long)v621 + (unsigned long long)v658);
#line 91 "tilelua/std/common.lua"
    const long long v665 = 32LL;
#line 91 "tilelua/std/common.lua"
    const long long v666 = (long long)((unsigned long long)v602 + (unsigned long long)v665);
#line 91 "tilelua/std/common.lua"
    const bool v667 = v666 >= v226;
#line 91 "tilelua/std/common.lua"
    const bool v668 = v666 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v669 = v667 && v668;
#line 91 "tilelua/std/common.lua"
    const bool v670 = v607 && v669;
#line 91 "tilelua/std/common.lua"
    const long long v671 = (long long)((unsigned long long)v604 + (unsigned long long)v665);
#line 91 "tilelua/std/common.lua"
    const long long v672 = 33LL;
#line 91 "tilelua/std/common.lua"
    const long long v673 = (long long)((unsigned long long)v604 + (unsigned long long)v672);
#line 91 "tilelua/std/common.lua"
    const long long v674 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const bool v675 = v619 && v669;
#line 91 "tilelua/std/common.lua"
    const long long v676 = (long long)((unsigned long long)v621 + (unsigned long long)v665);
#line 91 "tilelua/std/common.lua"
    const long long v677 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v678 = (long long)((unsigned long long)v621 + (unsigned long long)v672);
#line 91 "tilelua/std/common.lua"
    const long long v679 = 40LL;
#line 91 "tilelua/std/common.lua"
    const long long v680 = (long long)((unsigned long long)v602 + (unsigned long long)v679);
#line 91 "tilelua/std/common.lua"
    const bool v681 = v680 >= v226;
#line 91 "tilelua/std/common.lua"
    const bool v682 = v680 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v683 = v681 && v682;
#line 91 "tilelua/std/common.lua"
    const bool v684 = v607 && v683;
#line 91 "tilelua/std/common.lua"
    const long long v685 = (long long)((unsigned long long)v604 + (unsigned long long)v679);
#line 91 "tilelua/std/common.lua"
    const long long v686 = 41LL;
#line 91 "tilelua/std/common.lua"
    const long long v687 = (long long)((unsigned long long)v604 + (unsigned long long)v686);
#line 91 "tilelua/std/common.lua"
    const long long v688 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const bool v689 = v619 && v683;
#line 91 "tilelua/std/common.lua"
    const long long v690 = (long long)((unsigned long long)v621 + (unsigned long long)v679);
#line 91 "tilelua/std/common.lua"
    const long long v691 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v692 = (long long)((unsigned long long)v621 + (unsigned long long)v686);
#line 91 "tilelua/std/common.lua"
    const long long v693 = 48LL;
#line 91 "tilelua/std/common.lua"
    const long long v694 = (long long)((unsigned long long)v602 + (unsigned long long)v693);
#line 91 "tilelua/std/common.lua"
    const bool v695 = v694 >= v226;
#line 91 "tilelua/std/common.lua"
    const bool v696 = v694 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v697 = v695 && v696;
#line 91 "tilelua/std/common.lua"
    const bool v698 = v607 && v697;
#line 91 "tilelua/std/common.lua"
    const long long v699 = (long long)((unsigned long long)v604 + (unsigned long long)v693);
#line 91 "tilelua/std/common.lua"
    const long long v700 = 49LL;
#line 91 "tilelua/std/common.lua"
    const long long v701 = (long long)((unsigned long long)v604 + (unsigned long long)v700);
#line 91 "tilelua/std/common.lua"
    const long long v702 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const bool v703 = v619 && v697;
#line 91 "tilelua/std/common.lua"
    const long long v704 = (long long)((unsigned long long)v621 + (unsigned long long)v693);
#line 91 "tilelua/std/common.lua"
    const long long v705 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v706 = (long long)((unsigned long long)v621 + (unsigned long long)v700);
#line 91 "tilelua/std/common.lua"
    const long long v707 = 56LL;
#line 91 "tilelua/std/common.lua"
    const long long v708 = (long long)((unsigned long long)v602 + (unsigned long long)v707);
#line 91 "tilelua/std/common.lua"
    const bool v709 = v708 >= v226;
#line 91 "tilelua/std/common.lua"
    const bool v710 = v708 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v711 = v709 && v710;
#line 91 "tilelua/std/common.lua"
    const bool v712 = v607 && v711;
#line 91 "tilelua/std/common.lua"
    const long long v713 = (long long)((unsigned long long)v604 + (unsigned long long)v707);
#line 91 "tilelua/std/common.lua"
    const long long v714 = 57LL;
#line 91 "tilelua/std/common.lua"
    const long long v715 = (long long)((unsigned long long)v604 + (unsigned long long)v714);
#line 91 "tilelua/std/common.lua"
    const long long v716 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const bool v717 = v619 && v711;
#line 91 "tilelua/std/common.lua"
    const long long v718 = (long long)((unsigned long long)v621 + (unsigned long long)v707);
#line 91 "tilelua/std/common.lua"
    const long long v719 = (long long)((unsigned long long)v16 * (unsigned long long)v614);
#line 91 "tilelua/std/common.lua"
    const long long v720 = (long long)((unsigned long long)v621 + (unsigned long long)v714);
    if (v611 && v611) {
      tl_vec<float, 2> t721; t721.v[0] = v555; t721.v[1] = v556;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v604) = t721;
    } else {
      if (v611) c[v604] = v555;
      if (v611) c[v613] = v556;
    }
    if (v620 && v620) {
      tl_vec<float, 2> t723; t723.v[0] = v557; t723.v[1] = v558;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v621) = t723;
    } else {
      if (v620) c[v621] = v557;
      if (v620) c[v623] = v558;
    }
    if (v628 && v628) {
      tl_vec<float, 2> t725; t725.v[0] = v559; t725.v[1] = v560;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v629) = t725;
    } else {
      if (v628) c[v629] = v559;
      if (v628) c[v631] = v560;
    }
    if (v633 && v633) {
      tl_vec<float, 2> t727; t727.v[0] = v561; t727.v[1] = v562;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v634) = t727;
    } else {
      if (v633) c[v634] = v561;
      if (v633) c[v636] = v562;
    }
    if (v642 && v642) {
      tl_vec<float, 2> t729; t729.v[0] = v563; t729.v[1] = v564;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v643) = t729;
    } else {
      if (v642) c[v643] = v563;
      if (v642) c[v645] = v564;
    }
    if (v647 && v647) {
      tl_vec<float, 2> t731; t731.v[0] = v565; t731.v[1] = v566;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v648) = t731;
    } else {
      if (v647) c[v648] = v565;
      if (v647) c[v650] = v566;
    }
    if (v656 && v656) {
      tl_vec<float, 2> t733; t733.v[0] = v567; t733.v[1] = v568;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v657) = t733;
    } else {
      if (v656) c[v657] = v567;
      if (v656) c[v659] = v568;
    }
    if (v661 && v661) {
      tl_vec<float, 2> t735; t735.v[0] = v569; t735.v[1] = v570;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v662) = t735;
    } else {
      if (v661) c[v662] = v569;
      if (v661) c[v664] = v570;
    }
    if (v670 && v670) {
      tl_vec<float, 2> t737; t737.v[0] = v571; t737.v[1] = v572;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v671) = t737;
    } else {
      if (v670) c[v671] = v571;
      if (v670) c[v673] = v572;
    }
    if (v675 && v675) {
      tl_vec<float, 2> t739; t739.v[0] = v573; t739.v[1] = v574;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v676) = t739;
    } else {
      if (v675) c[v676] = v573;
      if (v675) c[v678] = v574;
    }
    if (v684 && v684) {
      tl_vec<float, 2> t741; t741.v[0] = v575; t741.v[1] = v576;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v685) = t741;
    } else {
      if (v684) c[v685] = v575;
      if (v684) c[v687] = v576;
    }
    if (v689 && v689) {
      tl_vec<float, 2> t743; t743.v[0] = v577; t743.v[1] = v578;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v690) = t743;
    } else {
      if (v689) c[v690] = v577;
      if (v689) c[v692] = v578;
    }
    if (v698 && v698) {
      tl_vec<float, 2> t745; t745.v[0] = v579; t745.v[1] = v580;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v699) = t745;
    } else {
      if (v698) c[v699] = v579;
      if (v698) c[v701] = v580;
    }
    if (v703 && v703) {
      tl_vec<float, 2> t747; t747.v[0] = v581; t747.v[1] = v582;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v704) = t747;
    } else {
      if (v703) c[v704] = v581;
      if (v703) c[v706] = v582;
    }
    if (v712 && v712) {
      tl_vec<float, 2> t749; t749.v[0] = v583; t749.v[1] = v584;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v713) = t749;
    } else {
      if (v712) c[v713] = v583;
      if (v712) c[v715] = v584;
    }
    if (v717 && v717) {
      tl_vec<float, 2> t751; t751.v[0] = v585; t751.v[1] = v586;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v718) = t751;
    } else {
      if (v717) c[v718] = v585;
      if (v717) c[v720] = v586;
    }
  }
}
