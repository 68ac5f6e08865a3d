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
  const int v20 = (int)((unsigned int)v2 * (unsigned int)v4);
#line 91 "tilelua/std/common.lua"
  const int v21 = (int)((unsigned int)v20 + (unsigned int)v1);
#line 91 "tilelua/std/common.lua"
  const int v22 = 8;
#line 91 "tilelua/std/common.lua"
  const int v23 = (int)((unsigned int)v4 * (unsigned int)v22);
#line 91 "tilelua/std/common.lua"
  const int v24 = tl_div(v21, v23);
#line 91 "tilelua/std/common.lua"
  const int v25 = (int)((unsigned int)v24 * (unsigned int)v22);
#line 91 "tilelua/std/common.lua"
  const int v26 = (int)((unsigned int)v5 - (unsigned int)v25);
#line 91 "tilelua/std/common.lua"
  const int v27 = v26 < v22 ? v26 : v22;
#line 91 "tilelua/std/common.lua"
  const int v28 = tl_rem(v21, v23);
#line 91 "tilelua/std/common.lua"
  const int v29 = tl_rem(v28, v27);
#line 91 "tilelua/std/common.lua"
  const int v30 = (int)((unsigned int)v25 + (unsigned int)v29);
#line 91 "tilelua/std/common.lua"
  const int v31 = tl_div(v28, v27);
#line 91 "tilelua/std/common.lua"
  const int v32 = 64;
#line 91 "tilelua/std/common.lua"
  const int v33 = (int)((unsigned int)v30 * (unsigned int)v32);
#line 91 "tilelua/std/common.lua"
  const int v34 = (int)((unsigned int)v31 * (unsigned int)v32);
#line 91 "tilelua/std/common.lua"
  if (threadIdx.x >= 0u && threadIdx.x < 128u) {  /* role: threads 0..127 */
#line 91 "tilelua/std/common.lua"
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
#line 91 "tilelua/std/common.lua"
    const int v36 = 0;
#line 91 "tilelua/std/common.lua"
    const bool v37 = v0 == v36;
#line 91 "tilelua/std/common.lua"
    if (v37) {
#line 91 "tilelua/std/common.lua"
      const long long v39 = 0LL;
#line 91 "tilelua/std/common.lua"
      const long long v40 = 256LL;
#line 91 "tilelua/std/common.lua"
      for (long long v42 = v39; v42 < v9; v42 += v40) {
#line 91 "tilelua/std/common.lua"
        const long long v43 = 256LL;
#line 91 "tilelua/std/common.lua"
        const long long v44 = tl_div(v42, v43);
#line 91 "tilelua/std/common.lua"
        const long long v45 = 2LL;
#line 91 "tilelua/std/common.lua"
        const long long v46 = tl_rem(v44, v45);
#line 91 "tilelua/std/common.lua"
        const long long v47 = 1LL;
#line 91 "tilelua/std/common.lua"
        const long long v48 = (long long)((unsigned long long)v47 - (unsigned long long)v46);
#line 91 "tilelua/std/common.lua"
        const int v49 = 0;
#line 91 "tilelua/std/common.lua"
        const int v50 = (int)v48;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v49], (unsigned)v50);
#line 91 "tilelua/std/common.lua"
        const long long v52 = 0LL;
#line 91 "tilelua/std/common.lua"
        const long long v53 = (long long)((unsigned long long)v42 + (unsigned long long)v52);
#line 91 "tilelua/std/common.lua"
        const int v54 = 256;
#line 91 "tilelua/std/common.lua"
        const int v55 = tl_rem(v49, v54);
#line 91 "tilelua/std/common.lua"
        const int v56 = tl_div(v49, v54);
#line 91 "tilelua/std/common.lua"
        const int v57 = 8;
#line 91 "tilelua/std/common.lua"
        const int v58 = tl_rem(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v59 = tl_div(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v60 = (int)((unsigned int)v56 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v61 = (int)((unsigned int)v60 + (unsigned int)v59);
#line 91 "tilelua/std/common.lua"
        const int v62 = tl_rem(v55, v57);
#line 91 "tilelua/std/common.lua"
        const int v63 = (int)(v61 ^ v62);
#line 91 "tilelua/std/common.lua"
        const int v64 = (int)((unsigned int)v63 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v65 = 64;
#line 91 "tilelua/std/common.lua"
        const int v66 = (int)((unsigned int)v55 * (unsigned int)v65);
#line 91 "tilelua/std/common.lua"
        const int v67 = (int)((unsigned int)v64 + (unsigned int)v66);
#line 91 "tilelua/std/common.lua"
        const int v68 = (int)((unsigned int)v67 + (unsigned int)v58);
#line 91 "tilelua/std/common.lua"
        const int v69 = (int)v53;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v49], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v68)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v49])), "r"(v69), "r"(v33) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v71 = (long long)((unsigned long long)v42 + (unsigned long long)v52);
#line 91 "tilelua/std/common.lua"
        const int v72 = tl_rem(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v73 = tl_div(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v74 = tl_rem(v73, v57);
#line 91 "tilelua/std/common.lua"
        const int v75 = tl_div(v73, v57);
#line 91 "tilelua/std/common.lua"
        const int v76 = tl_rem(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v77 = (int)(v74 ^ v76);
#line 91 "tilelua/std/common.lua"
        const int v78 = 16384;
#line 91 "tilelua/std/common.lua"
        const int v79 = (int)((unsigned int)v75 * (unsigned int)v78);
#line 91 "tilelua/std/common.lua"
        const int v80 = (int)((unsigned int)v49 * (unsigned int)v65);
#line 91 "tilelua/std/common.lua"
        const int v81 = (int)((unsigned int)v79 + (unsigned int)v80);
#line 91 "tilelua/std/common.lua"
        const int v82 = (int)((unsigned int)v77 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v83 = (int)((unsigned int)v81 + (unsigned int)v82);
#line 91 "tilelua/std/common.lua"
        const int v84 = (int)((unsigned int)v83 + (unsigned int)v72);
#line 91 "tilelua/std/common.lua"
        const int v85 = (int)v71;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v49], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v84)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v49])), "r"(v34), "r"(v85) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v49]);
#line 91 "tilelua/std/common.lua"
        const long long v88 = (long long)((unsigned long long)v47 - (unsigned long long)v46);
#line 91 "tilelua/std/common.lua"
        const int v89 = 1;
#line 91 "tilelua/std/common.lua"
        const int v90 = (int)v88;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v89], (unsigned)v90);
#line 91 "tilelua/std/common.lua"
        const long long v92 = 64LL;
#line 91 "tilelua/std/common.lua"
        const long long v93 = (long long)((unsigned long long)v42 + (unsigned long long)v92);
#line 91 "tilelua/std/common.lua"
        const int v94 = tl_rem(v65, v54);
#line 91 "tilelua/std/common.lua"
        const int v95 = tl_div(v65, v54);
#line 91 "tilelua/std/common.lua"
        const int v96 = tl_rem(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v97 = tl_div(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v98 = (int)((unsigned int)v95 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v99 = (int)((unsigned int)v98 + (unsigned int)v97);
#line 91 "tilelua/std/common.lua"
        const int v100 = tl_rem(v94, v57);
#line 91 "tilelua/std/common.lua"
        const int v101 = (int)(v99 ^ v100);
#line 91 "tilelua/std/common.lua"
        const int v102 = (int)((unsigned int)v101 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v103 = (int)((unsigned int)v94 * (unsigned int)v65);
#line 91 "tilelua/std/common.lua"
        const int v104 = (int)((unsigned int)v102 + (unsigned int)v103);
#line 91 "tilelua/std/common.lua"
        const int v105 = (int)((unsigned int)v104 + (unsigned int)v96);
#line 91 "tilelua/std/common.lua"
        const int v106 = (int)v93;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v89], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v105)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v89])), "r"(v106), "r"(v33) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v108 = (long long)((unsigned long long)v42 + (unsigned long long)v92);
#line 91 "tilelua/std/common.lua"
        const int v109 = tl_rem(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v110 = tl_div(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v111 = tl_rem(v110, v57);
#line 91 "tilelua/std/common.lua"
        const int v112 = tl_div(v110, v57);
#line 91 "tilelua/std/common.lua"
        const int v113 = tl_rem(v65, v57);
#line 91 "tilelua/std/common.lua"
        const int v114 = (int)(v111 ^ v113);
#line 91 "tilelua/std/common.lua"
        const int v115 = (int)((unsigned int)v112 * (unsigned int)v78);
#line 91 "tilelua/std/common.lua"
        const int v116 = (int)((unsigned int)v65 * (unsigned int)v65);
#line 91 "tilelua/std/common.lua"
        const int v117 = (int)((unsigned int)v115 + (unsigned int)v116);
#line 91 "tilelua/std/common.lua"
        const int v118 = (int)((unsigned int)v114 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v119 = (int)((unsigned int)v117 + (unsigned int)v118);
#line 91 "tilelua/std/common.lua"
        const int v120 = (int)((unsigned int)v119 + (unsigned int)v109);
#line 91 "tilelua/std/common.lua"
        const int v121 = (int)v108;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v89], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v120)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v89])), "r"(v34), "r"(v121) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v89]);
#line 91 "tilelua/std/common.lua"
        const long long v124 = (long long)((unsigned long long)v47 - (unsigned long long)v46);
#line 91 "tilelua/std/common.lua"
        const int v125 = 2;
#line 91 "tilelua/std/common.lua"
        const int v126 = (int)v124;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v125], (unsigned)v126);
#line 91 "tilelua/std/common.lua"
        const long long v128 = 128LL;
#line 91 "tilelua/std/common.lua"
        const long long v129 = (long long)((unsigned long long)v42 + (unsigned long long)v128);
#line 91 "tilelua/std/common.lua"
        const int v130 = 128;
#line 91 "tilelua/std/common.lua"
        const int v131 = tl_rem(v130, v54);
#line 91 "tilelua/std/common.lua"
        const int v132 = tl_div(v130, v54);
#line 91 "tilelua/std/common.lua"
        const int v133 = tl_rem(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v134 = tl_div(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v135 = (int)((unsigned int)v132 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v136 = (int)((unsigned int)v135 + (unsigned int)v134);
#line 91 "tilelua/std/common.lua"
        const int v137 = tl_rem(v131, v57);
#line 91 "tilelua/std/common.lua"
        const int v138 = (int)(v136 ^ v137);
#line 91 "tilelua/std/common.lua"
        const int v139 = (int)((unsigned int)v138 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v140 = (int)((unsigned int)v131 * (unsigned int)v65);
#line 91 "tilelua/std/common.lua"
        const int v141 = (int)((unsigned int)v139 + (unsigned int)v140);
#line 91 "tilelua/std/common.lua"
        const int v142 = (int)((unsigned int)v141 + (unsigned int)v133);
#line 91 "tilelua/std/common.lua"
        const int v143 = (int)v129;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v125], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v142)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v125])), "r"(v143), "r"(v33) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v145 = (long long)((unsigned long long)v42 + (unsigned long long)v128);
#line 91 "tilelua/std/common.lua"
        const int v146 = tl_rem(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v147 = tl_div(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v148 = tl_rem(v147, v57);
#line 91 "tilelua/std/common.lua"
        const int v149 = tl_div(v147, v57);
#line 91 "tilelua/std/common.lua"
        const int v150 = tl_rem(v130, v57);
#line 91 "tilelua/std/common.lua"
        const int v151 = (int)(v148 ^ v150);
#line 91 "tilelua/std/common.lua"
        const int v152 = (int)((unsigned int)v149 * (unsigned int)v78);
#line 91 "tilelua/std/common.lua"
        const int v153 = (int)((unsigned int)v130 * (unsigned int)v65);
#line 91 "tilelua/std/common.lua"
        const int v154 = (int)((unsigned int)v152 + (unsigned int)v153);
#line 91 "tilelua/std/common.lua"
        const int v155 = (int)((unsigned int)v151 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v156 = (int)((unsigned int)v154 + (unsigned int)v155);
#line 91 "tilelua/std/common.lua"
        const int v157 = (int)((unsigned int)v156 + (unsigned int)v146);
#line 91 "tilelua/std/common.lua"
        const int v158 = (int)v145;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v125], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v157)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v125])), "r"(v34), "r"(v158) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v125]);
#line 91 "tilelua/std/common.lua"
        const long long v161 = (long long)((unsigned long long)v47 - (unsigned long long)v46);
#line 91 "tilelua/std/common.lua"
        const int v162 = 3;
#line 91 "tilelua/std/common.lua"
        const int v163 = (int)v161;
#line 91 "tilelua/std/common.lua"
        tl_mbar_wait(&tl_mbar1[v162], (unsigned)v163);
#line 91 "tilelua/std/common.lua"
        const long long v165 = 192LL;
#line 91 "tilelua/std/common.lua"
        const long long v166 = (long long)((unsigned long long)v42 + (unsigned long long)v165);
#line 91 "tilelua/std/common.lua"
        const int v167 = 192;
#line 91 "tilelua/std/common.lua"
        const int v168 = tl_rem(v167, v54);
#line 91 "tilelua/std/common.lua"
        const int v169 = tl_div(v167, v54);
#line 91 "tilelua/std/common.lua"
        const int v170 = tl_rem(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v171 = tl_div(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v172 = (int)((unsigned int)v169 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v173 = (int)((unsigned int)v172 + (unsigned int)v171);
#line 91 "tilelua/std/common.lua"
        const int v174 = tl_rem(v168, v57);
#line 91 "tilelua/std/common.lua"
        const int v175 = (int)(v173 ^ v174);
#line 91 "tilelua/std/common.lua"
        const int v176 = (int)((unsigned int)v175 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v177 = (int)((unsigned int)v168 * (unsigned int)v65);
#line 91 "tilelua/std/common.lua"
        const int v178 = (int)((unsigned int)v176 + (unsigned int)v177);
#line 91 "tilelua/std/common.lua"
        const int v179 = (int)((unsigned int)v178 + (unsigned int)v170);
#line 91 "tilelua/std/common.lua"
        const int v180 = (int)v166;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v162], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v179)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v162])), "r"(v180), "r"(v33) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        const long long v182 = (long long)((unsigned long long)v42 + (unsigned long long)v165);
#line 91 "tilelua/std/common.lua"
        const int v183 = tl_rem(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v184 = tl_div(v49, v57);
#line 91 "tilelua/std/common.lua"
        const int v185 = tl_rem(v184, v57);
#line 91 "tilelua/std/common.lua"
        const int v186 = tl_div(v184, v57);
#line 91 "tilelua/std/common.lua"
        const int v187 = tl_rem(v167, v57);
#line 91 "tilelua/std/common.lua"
        const int v188 = (int)(v185 ^ v187);
#line 91 "tilelua/std/common.lua"
        const int v189 = (int)((unsigned int)v186 * (unsigned int)v78);
#line 91 "tilelua/std/common.lua"
        const int v190 = (int)((unsigned int)v167 * (unsigned int)v65);
#line 91 "tilelua/std/common.lua"
        const int v191 = (int)((unsigned int)v189 + (unsigned int)v190);
#line 91 "tilelua/std/common.lua"
        const int v192 = (int)((unsigned int)v188 * (unsigned int)v57);
#line 91 "tilelua/std/common.lua"
        const int v193 = (int)((unsigned int)v191 + (unsigned int)v192);
#line 91 "tilelua/std/common.lua"
        const int v194 = (int)((unsigned int)v193 + (unsigned int)v183);
#line 91 "tilelua/std/common.lua"
        const int v195 = (int)v182;
#line 91 "tilelua/std/common.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 8192 bytes */
#line 91 "tilelua/std/common.lua"
          tl_mbar_expect_tx(&tl_mbar0[v162], 8192u);
#line 91 "tilelua/std/common.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds1 + v194)), "l"((unsigned long long)&tl_tmap1), "r"(tl_smem(&tl_mbar0[v162])), "r"(v34), "r"(v195) : "memory");
        }
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar0[v162]);
      }
    }
  }
#line 91 "tilelua/std/common.lua"
  if (threadIdx.x >= 128u && threadIdx.x < 256u) {  /* role: threads 128..255 */
#line 91 "tilelua/std/common.lua"
    asm volatile("setmaxnreg.dec.sync.aligned.u32 232;");
#line 91 "tilelua/std/common.lua"
    const int v200 = 128;
#line 91 "tilelua/std/common.lua"
    const int v201 = (int)((unsigned int)v0 - (unsigned int)v200);
#line 91 "tilelua/std/common.lua"
    float v202; /* undefined: the first wgmma does not read it */
#line 91 "tilelua/std/common.lua"
    const long long v203 = 0LL;
#line 91 "tilelua/std/common.lua"
    const long long v204 = 256LL;
#line 91 "tilelua/std/common.lua"
    float v207 = v202;
#line 91 "tilelua/std/common.lua"
    float v208 = v202;
#line 91 "tilelua/std/common.lua"
    float v209 = v202;
#line 91 "tilelua/std/common.lua"
    float v210 = v202;
#line 91 "tilelua/std/common.lua"
    float v211 = v202;
#line 91 "tilelua/std/common.lua"
    float v212 = v202;
#line 91 "tilelua/std/common.lua"
    float v213 = v202;
#line 91 "tilelua/std/common.lua"
    float v214 = v202;
#line 91 "tilelua/std/common.lua"
    float v215 = v202;
#line 91 "tilelua/std/common.lua"
    float v216 = v202;
#line 91 "tilelua/std/common.lua"
    float v217 = v202;
#line 91 "tilelua/std/common.lua"
    float v218 = v202;
#line 91 "tilelua/std/common.lua"
    float v219 = v202;
#line 91 "tilelua/std/common.lua"
    float v220 = v202;
#line 91 "tilelua/std/common.lua"
    float v221 = v202;
#line 91 "tilelua/std/common.lua"
    float v222 = v202;
#line 91 "tilelua/std/common.lua"
    float v223 = v202;
#line 91 "tilelua/std/common.lua"
    float v224 = v202;
#line 91 "tilelua/std/common.lua"
    float v225 = v202;
#line 91 "tilelua/std/common.lua"
    float v226 = v202;
#line 91 "tilelua/std/common.lua"
    float v227 = v202;
#line 91 "tilelua/std/common.lua"
    float v228 = v202;
#line 91 "tilelua/std/common.lua"
    float v229 = v202;
#line 91 "tilelua/std/common.lua"
    float v230 = v202;
#line 91 "tilelua/std/common.lua"
    float v231 = v202;
#line 91 "tilelua/std/common.lua"
    float v232 = v202;
#line 91 "tilelua/std/common.lua"
    float v233 = v202;
#line 91 "tilelua/std/common.lua"
    float v234 = v202;
#line 91 "tilelua/std/common.lua"
    float v235 = v202;
#line 91 "tilelua/std/common.lua"
    float v236 = v202;
#line 91 "tilelua/std/common.lua"
    float v237 = v202;
#line 91 "tilelua/std/common.lua"
    float v238 = v202;
#line 91 "tilelua/std/common.lua"
    for (long long v206 = v203; v206 < v9; v206 += v204) {
#line 91 "tilelua/std/common.lua"
      const long long v239 = 256LL;
#line 91 "tilelua/std/common.lua"
      const long long v240 = tl_div(v206, v239);
#line 91 "tilelua/std/common.lua"
      const long long v241 = 2LL;
#line 91 "tilelua/std/common.lua"
      const long long v242 = tl_rem(v240, v241);
#line 91 "tilelua/std/common.lua"
      const int v243 = 0;
#line 91 "tilelua/std/common.lua"
      const int v244 = (int)v242;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v243], (unsigned)v244);
#line 91 "tilelua/std/common.lua"
      const long long v246 = 0LL;
#line 91 "tilelua/std/common.lua"
      const bool v247 = v206 != v246;
#line 91 "tilelua/std/common.lua"
      const int v248 = 1;
#line 91 "tilelua/std/common.lua"
      const int v249 = v247 ? v248 : v243;
#line 91 "tilelua/std/common.lua"
      float &v251 = v207, &v252 = v208, &v253 = v209, &v254 = v210, &v255 = v211, &v256 = v212, &v257 = v213, &v258 = v214, &v259 = v215, &v260 = v216, &v261 = v217, &v262 = v218, &v263 = v219, &v264 = v220, &v265 = v221, &v266 = v222, &v267 = v223, &v268 = v224, &v269 = v225, &v270 = v226, &v271 = v227, &v272 = v228, &v273 = v229, &v274 = v230, &v275 = v231, &v276 = v232, &v277 = v233, &v278 = v234, &v279 = v235, &v280 = v236, &v281 = v237, &v282 = v238;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v243, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v243, 16, 1024);
        asm volatile("" : "+f"(v251), "+f"(v252), "+f"(v253), "+f"(v254), "+f"(v255), "+f"(v256), "+f"(v257), "+f"(v258) :: "memory");
        asm volatile("" : "+f"(v259), "+f"(v260), "+f"(v261), "+f"(v262), "+f"(v263), "+f"(v264), "+f"(v265), "+f"(v266) :: "memory");
        asm volatile("" : "+f"(v267), "+f"(v268), "+f"(v269), "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274) :: "memory");
        asm volatile("" : "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v251), "+f"(v252), "+f"(v253), "+f"(v254), "+f"(v255), "+f"(v256), "+f"(v257), "+f"(v258), "+f"(v259), "+f"(v260), "+f"(v261), "+f"(v262), "+f"(v263), "+f"(v264), "+f"(v265), "+f"(v266), "+f"(v267), "+f"(v268), "+f"(v269), "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"((int)(v249 != 0)));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v251), "+f"(v252), "+f"(v253), "+f"(v254), "+f"(v255), "+f"(v256), "+f"(v257), "+f"(v258), "+f"(v259), "+f"(v260), "+f"(v261), "+f"(v262), "+f"(v263), "+f"(v264), "+f"(v265), "+f"(v266), "+f"(v267), "+f"(v268), "+f"(v269), "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v251), "+f"(v252), "+f"(v253), "+f"(v254), "+f"(v255), "+f"(v256), "+f"(v257), "+f"(v258), "+f"(v259), "+f"(v260), "+f"(v261), "+f"(v262), "+f"(v263), "+f"(v264), "+f"(v265), "+f"(v266), "+f"(v267), "+f"(v268), "+f"(v269), "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v251), "+f"(v252), "+f"(v253), "+f"(v254), "+f"(v255), "+f"(v256), "+f"(v257), "+f"(v258), "+f"(v259), "+f"(v260), "+f"(v261), "+f"(v262), "+f"(v263), "+f"(v264), "+f"(v265), "+f"(v266), "+f"(v267), "+f"(v268), "+f"(v269), "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274), "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v251), "+f"(v252), "+f"(v253), "+f"(v254), "+f"(v255), "+f"(v256), "+f"(v257), "+f"(v258) :: "memory");
        asm volatile("" : "+f"(v259), "+f"(v260), "+f"(v261), "+f"(v262), "+f"(v263), "+f"(v264), "+f"(v265), "+f"(v266) :: "memory");
        asm volatile("" : "+f"(v267), "+f"(v268), "+f"(v269), "+f"(v270), "+f"(v271), "+f"(v272), "+f"(v273), "+f"(v274) :: "memory");
        asm volatile("" : "+f"(v275), "+f"(v276), "+f"(v277), "+f"(v278), "+f"(v279), "+f"(v280), "+f"(v281), "+f"(v282) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      const bool v283 = v206 != v246;
#line 91 "tilelua/std/common.lua"
      if (v283) {
#line 91 "tilelua/std/common.lua"
        const int v285 = 3;
#line 91 "tilelua/std/common.lua"
        tl_mbar_arrive(&tl_mbar1[v285]);
      }
#line 91 "tilelua/std/common.lua"
      const int v287 = (int)v242;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v248], (unsigned)v287);
#line 91 "tilelua/std/common.lua"
      const int v289 = 8192;
#line 91 "tilelua/std/common.lua"
      float &v291 = v251, &v292 = v252, &v293 = v253, &v294 = v254, &v295 = v255, &v296 = v256, &v297 = v257, &v298 = v258, &v299 = v259, &v300 = v260, &v301 = v261, &v302 = v262, &v303 = v263, &v304 = v264, &v305 = v265, &v306 = v266, &v307 = v267, &v308 = v268, &v309 = v269, &v310 = v270, &v311 = v271, &v312 = v272, &v313 = v273, &v314 = v274, &v315 = v275, &v316 = v276, &v317 = v277, &v318 = v278, &v319 = v279, &v320 = v280, &v321 = v281, &v322 = v282;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v289, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v289, 16, 1024);
        asm volatile("" : "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298) :: "memory");
        asm volatile("" : "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305), "+f"(v306) :: "memory");
        asm volatile("" : "+f"(v307), "+f"(v308), "+f"(v309), "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314) :: "memory");
        asm volatile("" : "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305), "+f"(v306), "+f"(v307), "+f"(v308), "+f"(v309), "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314), "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305), "+f"(v306), "+f"(v307), "+f"(v308), "+f"(v309), "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314), "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305), "+f"(v306), "+f"(v307), "+f"(v308), "+f"(v309), "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314), "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298), "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305), "+f"(v306), "+f"(v307), "+f"(v308), "+f"(v309), "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314), "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v291), "+f"(v292), "+f"(v293), "+f"(v294), "+f"(v295), "+f"(v296), "+f"(v297), "+f"(v298) :: "memory");
        asm volatile("" : "+f"(v299), "+f"(v300), "+f"(v301), "+f"(v302), "+f"(v303), "+f"(v304), "+f"(v305), "+f"(v306) :: "memory");
        asm volatile("" : "+f"(v307), "+f"(v308), "+f"(v309), "+f"(v310), "+f"(v311), "+f"(v312), "+f"(v313), "+f"(v314) :: "memory");
        asm volatile("" : "+f"(v315), "+f"(v316), "+f"(v317), "+f"(v318), "+f"(v319), "+f"(v320), "+f"(v321), "+f"(v322) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      tl_mbar_arrive(&tl_mbar1[v243]);
#line 91 "tilelua/std/common.lua"
      const int v324 = 2;
#line 91 "tilelua/std/common.lua"
      const int v325 = (int)v242;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v324], (unsigned)v325);
#line 91 "tilelua/std/common.lua"
      const int v327 = 16384;
#line 91 "tilelua/std/common.lua"
      float &v329 = v291, &v330 = v292, &v331 = v293, &v332 = v294, &v333 = v295, &v334 = v296, &v335 = v297, &v336 = v298, &v337 = v299, &v338 = v300, &v339 = v301, &v340 = v302, &v341 = v303, &v342 = v304, &v343 = v305, &v344 = v306, &v345 = v307, &v346 = v308, &v347 = v309, &v348 = v310, &v349 = v311, &v350 = v312, &v351 = v313, &v352 = v314, &v353 = v315, &v354 = v316, &v355 = v317, &v356 = v318, &v357 = v319, &v358 = v320, &v359 = v321, &v360 = v322;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v327, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v327, 16, 1024);
        asm volatile("" : "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336) :: "memory");
        asm volatile("" : "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344) :: "memory");
        asm volatile("" : "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352) :: "memory");
        asm volatile("" : "+f"(v353), "+f"(v354), "+f"(v355), "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352), "+f"(v353), "+f"(v354), "+f"(v355), "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352), "+f"(v353), "+f"(v354), "+f"(v355), "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352), "+f"(v353), "+f"(v354), "+f"(v355), "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336), "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344), "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352), "+f"(v353), "+f"(v354), "+f"(v355), "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v329), "+f"(v330), "+f"(v331), "+f"(v332), "+f"(v333), "+f"(v334), "+f"(v335), "+f"(v336) :: "memory");
        asm volatile("" : "+f"(v337), "+f"(v338), "+f"(v339), "+f"(v340), "+f"(v341), "+f"(v342), "+f"(v343), "+f"(v344) :: "memory");
        asm volatile("" : "+f"(v345), "+f"(v346), "+f"(v347), "+f"(v348), "+f"(v349), "+f"(v350), "+f"(v351), "+f"(v352) :: "memory");
        asm volatile("" : "+f"(v353), "+f"(v354), "+f"(v355), "+f"(v356), "+f"(v357), "+f"(v358), "+f"(v359), "+f"(v360) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      tl_mbar_arrive(&tl_mbar1[v248]);
#line 91 "tilelua/std/common.lua"
      const int v362 = 3;
#line 91 "tilelua/std/common.lua"
      const int v363 = (int)v242;
#line 91 "tilelua/std/common.lua"
      tl_mbar_wait(&tl_mbar0[v362], (unsigned)v363);
#line 91 "tilelua/std/common.lua"
      const int v365 = 24576;
#line 91 "tilelua/std/common.lua"
      float &v367 = v329, &v368 = v330, &v369 = v331, &v370 = v332, &v371 = v333, &v372 = v334, &v373 = v335, &v374 = v336, &v375 = v337, &v376 = v338, &v377 = v339, &v378 = v340, &v379 = v341, &v380 = v342, &v381 = v343, &v382 = v344, &v383 = v345, &v384 = v346, &v385 = v347, &v386 = v348, &v387 = v349, &v388 = v350, &v389 = v351, &v390 = v352, &v391 = v353, &v392 = v354, &v393 = v355, &v394 = v356, &v395 = v357, &v396 = v358, &v397 = v359, &v398 = v360;
      {
        const unsigned long long da_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds0) + (unsigned int)v365, 16, 1024);
        const unsigned long long db_ = tl_wgmma_desc((unsigned int)__cvta_generic_to_shared(lds1) + (unsigned int)v365, 16, 1024);
        asm volatile("" : "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374) :: "memory");
        asm volatile("" : "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382) :: "memory");
        asm volatile("" : "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390) :: "memory");
        asm volatile("" : "+f"(v391), "+f"(v392), "+f"(v393), "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398) :: "memory");
        asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393), "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398)
            : "l"(da_ + 0ull), "l"(db_ + 0ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393), "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398)
            : "l"(da_ + 2ull), "l"(db_ + 128ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393), "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398)
            : "l"(da_ + 4ull), "l"(db_ + 256ull), "r"(1));
        asm volatile("{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\nwgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 1;\n}\n"
            : "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374), "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382), "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390), "+f"(v391), "+f"(v392), "+f"(v393), "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398)
            : "l"(da_ + 6ull), "l"(db_ + 384ull), "r"(1));
        asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
        asm volatile("" : "+f"(v367), "+f"(v368), "+f"(v369), "+f"(v370), "+f"(v371), "+f"(v372), "+f"(v373), "+f"(v374) :: "memory");
        asm volatile("" : "+f"(v375), "+f"(v376), "+f"(v377), "+f"(v378), "+f"(v379), "+f"(v380), "+f"(v381), "+f"(v382) :: "memory");
        asm volatile("" : "+f"(v383), "+f"(v384), "+f"(v385), "+f"(v386), "+f"(v387), "+f"(v388), "+f"(v389), "+f"(v390) :: "memory");
        asm volatile("" : "+f"(v391), "+f"(v392), "+f"(v393), "+f"(v394), "+f"(v395), "+f"(v396), "+f"(v397), "+f"(v398) :: "memory");
      }
#line 91 "tilelua/std/common.lua"
      tl_mbar_arrive(&tl_mbar1[v324]);
    }
#line 91 "tilelua/std/common.lua"
    const float v401 = v207;
#line 91 "tilelua/std/common.lua"
    const float v402 = v208;
#line 91 "tilelua/std/common.lua"
    const float v403 = v209;
#line 91 "tilelua/std/common.lua"
    const float v404 = v210;
#line 91 "tilelua/std/common.lua"
    const float v405 = v211;
#line 91 "tilelua/std/common.lua"
    const float v406 = v212;
#line 91 "tilelua/std/common.lua"
    const float v407 = v213;
#line 91 "tilelua/std/common.lua"
    const float v408 = v214;
#line 91 "tilelua/std/common.lua"
    const float v409 = v215;
#line 91 "tilelua/std/common.lua"
    const float v410 = v216;
#line 91 "tilelua/std/common.lua"
    const float v411 = v217;
#line 91 "tilelua/std/common.lua"
    const float v412 = v218;
#line 91 "tilelua/std/common.lua"
    const float v413 = v219;
#line 91 "tilelua/std/common.lua"
    const float v414 = v220;
#line 91 "tilelua/std/common.lua"
    const float v415 = v221;
#line 91 "tilelua/std/common.lua"
    const float v416 = v222;
#line 91 "tilelua/std/common.lua"
    const float v417 = v223;
#line 91 "tilelua/std/common.lua"
    const float v418 = v224;
#line 91 "tilelua/std/common.lua"
    const float v419 = v225;
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
    asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
#line 91 "tilelua/std/common.lua"
    const bool v434 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v435 = 0.0f;
#line 91 "tilelua/std/common.lua"
    const float v436 = v434 ? v401 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v437 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v438 = v437 ? v402 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v439 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v440 = v439 ? v403 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v441 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v442 = v441 ? v404 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v443 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v444 = v443 ? v405 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v445 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v446 = v445 ? v406 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v447 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v448 = v447 ? v407 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v449 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v450 = v449 ? v408 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v451 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v452 = v451 ? v409 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v453 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v454 = v453 ? v410 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v455 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v456 = v455 ? v411 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v457 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v458 = v457 ? v412 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v459 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v460 = v459 ? v413 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v461 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v462 = v461 ? v414 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v463 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v464 = v463 ? v415 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v465 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v466 = v465 ? v416 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v467 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v468 = v467 ? v417 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v469 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v470 = v469 ? v418 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v471 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v472 = v471 ? v419 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v473 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v474 = v473 ? v420 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v475 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v476 = v475 ? v421 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v477 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v478 = v477 ? v422 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v479 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v480 = v479 ? v423 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v481 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v482 = v481 ? v424 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v483 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v484 = v483 ? v425 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v485 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v486 = v485 ? v426 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v487 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v488 = v487 ? v427 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v489 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v490 = v489 ? v428 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v491 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v492 = v491 ? v429 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v493 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v494 = v493 ? v430 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v495 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v496 = v495 ? v431 : v435;
#line 91 "tilelua/std/common.lua"
    const bool v497 = v9 > v203;
#line 91 "tilelua/std/common.lua"
    const float v498 = v497 ? v432 : v435;
#line 91 "tilelua/std/common.lua"
    const int v499 = 32;
#line 91 "tilelua/std/common.lua"
    const int v500 = tl_div(v201, v499);
#line 91 "tilelua/std/common.lua"
    const int v501 = 4;
#line 91 "tilelua/std/common.lua"
    const int v502 = tl_div(v500, v501);
#line 91 "tilelua/std/common.lua"
    const int v503 = 64;
#line 91 "tilelua/std/common.lua"
    const int v504 = (int)((unsigned int)v503 * (unsigned int)v502);
#line 91 "tilelua/std/common.lua"
    const int v505 = (int)((unsigned int)v33 + (unsigned int)v504);
#line 91 "tilelua/std/common.lua"
    const float v506 = v436 * v19;
#line 91 "tilelua/std/common.lua"
    const float v507 = v438 * v19;
#line 91 "tilelua/std/common.lua"
    const float v508 = v440 * v19;
#line 91 "tilelua/std/common.lua"
    const float v509 = v442 * v19;
#line 91 "tilelua/std/common.lua"
    const float v510 = v444 * v19;
#line 91 "tilelua/std/common.lua"
    const float v511 = v446 * v19;
#line 91 "tilelua/std/common.lua"
    const float v512 = v448 * v19;
#line 91 "tilelua/std/common.lua"
    const float v513 = v450 * v19;
#line 91 "tilelua/std/common.lua"
    const float v514 = v452 * v19;
#line 91 "tilelua/std/common.lua"
    const float v515 = v454 * v19;
#line 91 "tilelua/std/common.lua"
    const float v516 = v456 * v19;
#line 91 "tilelua/std/common.lua"
    const float v517 = v458 * v19;
#line 91 "tilelua/std/common.lua"
    const float v518 = v460 * v19;
#line 91 "tilelua/std/common.lua"
    const float v519 = v462 * v19;
#line 91 "tilelua/std/common.lua"
    const float v520 = v464 * v19;
#line 91 "tilelua/std/common.lua"
    const float v521 = v466 * v19;
#line 91 "tilelua/std/common.lua"
    const float v522 = v468 * v19;
#line 91 "tilelua/std/common.lua"
    const float v523 = v470 * v19;
#line 91 "tilelua/std/common.lua"
    const float v524 = v472 * v19;
#line 91 "tilelua/std/common.lua"
    const float v525 = v474 * v19;
#line 91 "tilelua/std/common.lua"
    const float v526 = v476 * v19;
#line 91 "tilelua/std/common.lua"
    const float v527 = v478 * v19;
#line 91 "tilelua/std/common.lua"
    const float v528 = v480 * v19;
#line 91 "tilelua/std/common.lua"
    const float v529 = v482 * v19;
#line 91 "tilelua/std/common.lua"
    const float v530 = v484 * v19;
#line 91 "tilelua/std/common.lua"
    const float v531 = v486 * v19;
#line 91 "tilelua/std/common.lua"
    const float v532 = v488 * v19;
#line 91 "tilelua/std/common.lua"
    const float v533 = v490 * v19;
#line 91 "tilelua/std/common.lua"
    const float v534 = v492 * v19;
#line 91 "tilelua/std/common.lua"
    const float v535 = v494 * v19;
#line 91 "tilelua/std/common.lua"
    const float v536 = v496 * v19;
#line 91 "tilelua/std/common.lua"
    const float v537 = v498 * v19;
#line 91 "tilelua/std/common.lua"
    const int v538 = tl_div(v201, v499);
#line 91 "tilelua/std/common.lua"
    const int v539 = tl_rem(v538, v501);
#line 91 "tilelua/std/common.lua"
    const int v540 = 16;
#line 91 "tilelua/std/common.lua"
    const int v541 = (int)((unsigned int)v539 * (unsigned int)v540);
#line 91 "tilelua/std/common.lua"
    const int v542 = tl_div(v201, v501);
#line 91 "tilelua/std/common.lua"
    const int v543 = 8;
#line 91 "tilelua/std/common.lua"
    const int v544 = tl_rem(v542, v543);
#line 91 "tilelua/std/common.lua"
    const int v545 = (int)((unsigned int)v541 + (unsigned int)v544);
#line 91 "tilelua/std/common.lua"
    const int v546 = tl_rem(v201, v501);
#line 91 "tilelua/std/common.lua"
    const int v547 = 2;
#line 91 "tilelua/std/common.lua"
    const int v548 = (int)((unsigned int)v546 * (unsigned int)v547);
#line 91 "tilelua/std/common.lua"
    const long long v549 = (long long)v505;
#line 91 "tilelua/std/common.lua"
    const long long v550 = (long long)v545;
#line 91 "tilelua/std/common.lua"
    const long long v551 = (long long)((unsigned long long)v549 + (unsigned long long)v550);
#line 91 "tilelua/std/common.lua"
    const long long v552 = (long long)v34;
#line 91 "tilelua/std/common.lua"
    const long long v553 = (long long)v548;
#line 91 "tilelua/std/common.lua"
    const long long v554 = (long long)((unsigned long long)v552 + (unsigned long long)v553);
#line 91 "tilelua/std/common.lua"
    const long long v555 = (long long)((unsigned long long)v551 * (unsigned long long)v16);
#line 91 "tilelua/std/common.lua"
    const long long v556 = (long long)((unsigned long long)v555 + (unsigned long long)v554);
#line 91 "tilelua/std/common.lua"
    const bool v557 = v551 >= v203;
#line 91 "tilelua/std/common.lua"
    const bool v558 = v551 < v15;
#line 91 "tilelua/std/common.lua"
    const bool v559 = v557 && v558;
#line 91 "tilelua/std/common.lua"
    const bool v560 = v554 >= v203;
#line 91 "tilelua/std/common.lua"
    const bool v561 = v554 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v562 = v560 && v561;
#line 91 "tilelua/std/common.lua"
    const bool v563 = v559 && v562;
#line 91 "tilelua/std/common.lua"
    const long long v564 = 1LL;
#line 91 "tilelua/std/common.lua"
    const long long v565 = (long long)((unsigned long long)v556 + (unsigned long long)v564);
#line 91 "tilelua/std/common.lua"
    const long long v566 = 8LL;
#line 91 "tilelua/std/common.lua"
    const long long v567 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v568 = (long long)((unsigned long long)v551 + (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const bool v569 = v568 >= v203;
#line 91 "tilelua/std/common.lua"
    const bool v570 = v568 < v15;
#line 91 "tilelua/std/common.lua"
    const bool v571 = v569 && v570;
#line 91 "tilelua/std/common.lua"
    const bool v572 = v571 && v562;
#line 91 "tilelua/std/common.lua"
    const long long v573 = (long long)((unsigned long long)v556 + (unsigned long long)v567);
#line 91 "tilelua/std/common.lua"
    const long long v574 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v575 = (long long)((unsigned long long)v573 + (unsigned long long)v564);
#line 91 "tilelua/std/common.lua"
    const long long v576 = (long long)((unsigned long long)v554 + (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const bool v577 = v576 >= v203;
#line 91 "tilelua/std/common.lua"
    const bool v578 = v576 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v579 = v577 && v578;
#line 91 "tilelua/std/common.lua"
    const bool v580 = v559 && v579;
#line 91 "tilelua/std/common.lua"
    const long long v581 = (long long)((unsigned long long)v556 + (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v582 = 9LL;
#line 91 "tilelua/std/common.lua"
    const long long v583 = (long long)((unsigned long long)v556 + (unsigned long long)v582);
#line 91 "tilelua/std/common.lua"
    const long long v584 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const bool v585 = v571 && v579;
#line 91 "tilelua/std/common.lua"
    const long long v586 = (long long)((unsigned long long)v573 + (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v587 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v588 = (long long)((unsigned long long)v573 + (unsigned long long)v582);
#line 91 "tilelua/std/common.lua"
    const long long v589 = 16LL;
#line 91 "tilelua/std/common.lua"
    const long long v590 = (long long)((unsigned long long)v554 + (unsigned long long)v589);
#line 91 "tilelua/std/common.lua"
    const bool v591 = v590 >= v203;
#line 91 "tilelua/std/common.lua"
    const bool v592 = v590 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v593 = v591 && v592;
#line 91 "tilelua/std/common.lua"
    const bool v594 = v559 && v593;
#line 91 "tilelua/std/common.lua"
    const long long v595 = (long long)((unsigned long long)v556 + (unsigned long long)v589);
#line 91 "tilelua/std/common.lua"
    const long long v596 = 17LL;
#line 91 "tilelua/std/common.lua"
    const long long v597 = (long long)((unsigned long long)v556 + (unsigned long long)v596);
#line 91 "tilelua/std/common.lua"
    const long long v598 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const bool v599 = v571 && v593;
#line 91 "tilelua/std/common.lua"
    const long long v600 = (long long)((unsigned long long)v573 + (unsigned long long)v589);
#line 91 "tilelua/std/common.lua"
    const long long v601 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v602 = (long long)((unsigned long long)v573 + (unsigned long long)v596);
#line 91 "tilelua/std/common.lua"
    const long long v603 = 24LL;
#line 91 "tilelua/std/common.lua"
    const long long v604 = (long long)((unsigned long long)v554 + (unsigned long long)v603);
#line 91 "tilelua/std/common.lua"
    const bool v605 = v604 >= v203;
#line 91 "tilelua/std/common.lua"
    const bool v606 = v604 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v607 = v605 && v606;
#line 91 "tilelua/std/common.lua"
    const bool v608 = v559 && v607;
#line 91 "tilelua/std/common.lua"
    const long long v609 = (long long)((unsigned long long)v556 + (unsigned long long)v603);
#line 91 "tilelua/std/common.lua"
    const long long v610 = 25LL;
#line 91 "tilelua/std/common.lua"
    const long long v611 = (long long)((unsigned long long)v556 + (unsigned long long)v610);
#line 91 "tilelua/std/common.lua"
    const long long v612 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const bool v613 = v571 && v607;
#line 91 "tilelua/std/common.lua"
    const long long v614 = (long long)((unsigned long long)v573 + (unsigned long long)v603);
#line 91 "tilelua/std/common.lua"
    const long long v615 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v616 = (long long)((unsigned long long)v573 + (unsigned long long)v610);
#line 91 "tilelua/std/common.lua"
    const long long v617 = 32LL;
#line 91 "tilelua/std/common.lua"
    const long long v618 = (long long)((unsigned long long)v554 + (unsigned long long)v617);
#line 91 "tilelua/std/common.lua"
    const bool v619 = v618 >= v203;
#line 91 "tilelua/std/common.lua"
    const bool v620 = v618 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v621 = v619 && v620;
#line 91 "tilelua/std/common.lua"
    const bool v622 = v559 && v621;
#line 91 "tilelua/std/common.lua"
    const long long v623 = (long long)((unsigned long long)v556 + (unsigned long long)v617);
#line 91 "tilelua/std/common.lua"
    const long long v624 = 33LL;
#line 91 "tilelua/std/common.lua"
    const long long v625 = (long long)((unsigned long long)v556 + (unsigned long long)v624);
#line 91 "tilelua/std/common.lua"
    const long long v626 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const bool v627 = v571 && v621;
#line 91 "tilelua/std/common.lua"
    const long long v628 = (long long)((unsigned long long)v573 + (unsigned long long)v617);
#line 91 "tilelua/std/common.lua"
    const long long v629 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v630 = (long long)((unsigned long long)v573 + (unsigned long long)v624);
#line 91 "tilelua/std/common.lua"
    const long long v631 = 40LL;
#line 91 "tilelua/std/common.lua"
    const long long v632 = (long long)((unsigned long long)v554 + (unsigned long long)v631);
#line 91 "tilelua/std/common.lua"
    const bool v633 = v632 >= v203;
#line 91 "tilelua/std/common.lua"
    const bool v634 = v632 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v635 = v633 && v634;
#line 91 "tilelua/std/common.lua"
    const bool v636 = v559 && v635;
#line 91 "tilelua/std/common.lua"
    const long long v637 = (long long)((unsigned long long)v556 + (unsigned long long)v631);
#line 91 "tilelua/std/common.lua"
    const long long v638 = 41LL;
#line 91 "tilelua/std/common.lua"
    const long long v639 = (long long)((unsigned long long)v556 + (unsigned long long)v638);
#line 91 "tilelua/std/common.lua"
    const long long v640 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const bool v641 = v571 && v635;
#line 91 "tilelua/std/common.lua"
    const long long v642 = (long long)((unsigned long long)v573 + (unsigned long long)v631);
#line 91 "tilelua/std/common.lua"
    const long long v643 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v644 = (long long)((unsigned long long)v573 + (unsigned long long)v638);
#line 91 "tilelua/std/common.lua"
    const long long v645 = 48LL;
#line 91 "tilelua/std/common.lua"
    const long long v646 = (long long)((unsigned long long)v554 + (unsigned long long)v645);
#line 91 "tilelua/std/common.lua"
    const bool v647 = v646 >= v203;
#line 91 "tilelua/std/common.lua"
    const bool v648 = v646 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v649 = v647 && v648;
#line 91 "tilelua/std/common.lua"
    const bool v650 = v559 && v649;
#line 91 "tilelua/std/common.lua"
    const long long v651 = (long long)((unsigned long long)v556 + (unsigned long long)v645);
#line 91 "tilelua/std/common.lua"
    const long long v652 = 49LL;
#line 91 "tilelua/std/common.lua"
    const long long v653 = (long long)((unsigned long long)v556 + (unsigned long long)v652);
#line 91 "tilelua/std/common.lua"
    const long long v654 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const bool v655 = v571 && v649;
#line 91 "tilelua/std/common.lua"
    const long long v656 = (long long)((unsigned long long)v573 + (unsigned long long)v645);
#line 91 "tilelua/std/common.lua"
    const long long v657 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v658 = (long long)((unsigned long long)v573 + (unsigned long long)v652);
#line 91 "tilelua/std/common.lua"
    const long long v659 = 56LL;
#line 91 "tilelua/std/common.lua"
    const long long v660 = (long long)((unsigned long long)v554 + (unsigned long long)v659);
#line 91 "tilelua/std/common.lua"
    const bool v661 = v660 >= v203;
#line 91 "tilelua/std/common.lua"
    const bool v662 = v660 < v17;
#line 91 "tilelua/std/common.lua"
    const bool v663 = v661 && v662;
#line 91 "tilelua/std/common.lua"
    const bool v664 = v559 && v663;
#line 91 "tilelua/std/common.lua"
    const long long v665 = (long long)((unsigned long long)v556 + (unsigned long long)v659);
#line 91 "tilelua/std/common.lua"
    const long long v666 = 57LL;
#line 91 "tilelua/std/common.lua"
    const long long v667 = (long long)((unsigned long long)v556 + (unsigned long long)v666);
#line 91 "tilelua/std/common.lua"
    const long long v668 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const bool v669 = v571 && v663;
#line 91 "tilelua/std/common.lua"
    const long long v670 = (long long)((unsigned long long)v573 + (unsigned long long)v659);
#line 91 "tilelua/std/common.lua"
    const long long v671 = (long long)((unsigned long long)v16 * (unsigned long long)v566);
#line 91 "tilelua/std/common.lua"
    const long long v672 = (long long)((unsigned long long)v573 + (unsigned long long)v666);
    if (v563 && v563) {
      tl_vec<float, 2> t673; t673.v[0] = v506; t673.v[1] = v507;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v556) = t673;
    } else {
      if (v563) c[v556] = v506;
      if (v563) c[v565] = v507;
    }
    if (v572 && v572) {
      tl_vec<float, 2> t675; t675.v[0] = v508; t675.v[1] = v509;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v573) = t675;
    } else {
      if (v572) c[v573] = v508;
      if (v572) c[v575] = v509;
    }
    if (v580 && v580) {
      tl_vec<float, 2> t677; t677.v[0] = v510; t677.v[1] = v511;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v581) = t677;
    } else {
      if (v580) c[v581] = v510;
      if (v580) c[v583] = v511;
    }
    if (v585 && v585) {
      tl_vec<float, 2> t679; t679.v[0] = v512; t679.v[1] = v513;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v586) = t679;
    } else {
      if (v585) c[v586] = v512;
      if (v585) c[v588] = v513;
    }
    if (v594 && v594) {
      tl_vec<float, 2> t681; t681.v[0] = v514; t681.v[1] = v515;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v595) = t681;
    } else {
      if (v594) c[v595] = v514;
      if (v594) c[v597] = v515;
    }
    if (v599 && v599) {
      tl_vec<float, 2> t683; t683.v[0] = v516; t683.v[1] = v517;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v600) = t683;
    } else {
      if (v599) c[v600] = v516;
      if (v599) c[v602] = v517;
    }
    if (v608 && v608) {
      tl_vec<float, 2> t685; t685.v[0] = v518; t685.v[1] = v519;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v609) = t685;
    } else {
      if (v608) c[v609] = v518;
      if (v608) c[v611] = v519;
    }
    if (v613 && v613) {
      tl_vec<float, 2> t687; t687.v[0] = v520; t687.v[1] = v521;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v614) = t687;
    } else {
      if (v613) c[v614] = v520;
      if (v613) c[v616] = v521;
    }
    if (v622 && v622) {
      tl_vec<float, 2> t689; t689.v[0] = v522; t689.v[1] = v523;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v623) = t689;
    } else {
      if (v622) c[v623] = v522;
      if (v622) c[v625] = v523;
    }
    if (v627 && v627) {
      tl_vec<float, 2> t691; t691.v[0] = v524; t691.v[1] = v525;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v628) = t691;
    } else {
      if (v627) c[v628] = v524;
      if (v627) c[v630] = v525;
    }
    if (v636 && v636) {
      tl_vec<float, 2> t693; t693.v[0] = v526; t693.v[1] = v527;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v637) = t693;
    } else {
      if (v636) c[v637] = v526;
      if (v636) c[v639] = v527;
    }
    if (v641 && v641) {
      tl_vec<float, 2> t695; t695.v[0] = v528; t695.v[1] = v529;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v642) = t695;
    } else {
      if (v641) c[v642] = v528;
      if (v641) c[v644] = v529;
    }
    if (v650 && v650) {
      tl_vec<float, 2> t697; t697.v[0] = v530; t697.v[1] = v531;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v651) = t697;
    } else {
      if (v650) c[v651] = v530;
      if (v650) c[v653] = v531;
    }
    if (v655 && v655) {
      tl_vec<float, 2> t699; t699.v[0] = v532; t699.v[1] = v533;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v656) = t699;
    } else {
      if (v655) c[v656] = v532;
      if (v655) c[v658] = v533;
    }
    if (v664 && v664) {
      tl_vec<float, 2> t701; t701.v[0] = v534; t701.v[1] = v535;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v665) = t701;
    } else {
      if (v664) c[v665] = v534;
      if (v664) c[v667] = v535;
    }
    if (v669 && v669) {
      tl_vec<float, 2> t703; t703.v[0] = v536; t703.v[1] = v537;
      *reinterpret_cast<tl_vec<float, 2>*>(c + v670) = t703;
    } else {
      if (v669) c[v670] = v536;
      if (v669) c[v672] = v537;
    }
  }
}
