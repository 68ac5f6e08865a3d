// tilelua HIP source of kernel ring for sm_90 (NVIDIA, NVRTC, warp 32)
template <typename T, int N> struct alignas(sizeof(T) * N) tl_vec { T v[N]; };
static __device__ __forceinline__ int tl_div(int a, int b) { return b == 0 ? 0 : b == -1 ? (int)(0u - (unsigned int)a) : a / b; }
static __device__ __forceinline__ int tl_rem(int a, int b) { return b == 0 || b == -1 ? 0 : a % b; }
static __device__ __forceinline__ unsigned int tl_div(unsigned int a, unsigned int b) { return b == 0 ? 0 : a / b; }
static __device__ __forceinline__ unsigned int tl_rem(unsigned int a, unsigned int b) { return b == 0 ? 0 : a % b; }
static __device__ __forceinline__ long long tl_div(long long a, long long b) { return b == 0 ? 0 : b == -1 ? (long long)(0u - (unsigned long long)a) : a / b; }
static __device__ __forceinline__ long long tl_rem(long long a, long long b) { return b == 0 || b == -1 ? 0 : a % b; }
static __device__ __forceinline__ unsigned long long tl_div(unsigned long long a, unsigned long long b) { return b == 0 ? 0 : a / b; }
static __device__ __forceinline__ unsigned long long tl_rem(unsigned long long a, unsigned long long b) { return b == 0 ? 0 : a % b; }

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

extern "C" __global__ void __launch_bounds__(160) ring(
    float* __restrict__ x, const long long x_shape0, const long long x_shape1, const long long x_stride0, const long long x_stride1,
    float* __restrict__ y, const long long y_shape0, const long long y_shape1, const long long y_stride0, const long long y_stride1,
    const __grid_constant__ tl_TensorMap tl_tmap0) {
  __shared__ __attribute__((aligned(1024))) float lds0[2048];
  __shared__ __align__(8) unsigned long long tl_mbar0[2];
  __shared__ __align__(8) unsigned long long tl_mbar1[2];
  if (threadIdx.x == 0) {
    for (int i = 0; i < 2; i++) tl_mbar_init(&tl_mbar0[i], 1u);
    for (int i = 0; i < 2; i++) tl_mbar_init(&tl_mbar1[i], 128u);
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
#line 88 "codegen_golden.lua"
  const int v0 = (int)threadIdx.x;
#line 88 "codegen_golden.lua"
  const int v1 = (int)blockIdx.x;
#line 88 "codegen_golden.lua"
  const int v2 = (int)blockIdx.y;
#line 88 "codegen_golden.lua"
  const int v3 = (int)blockIdx.z;
#line 88 "codegen_golden.lua"
  const int v4 = (int)gridDim.x;
#line 88 "codegen_golden.lua"
  const int v5 = (int)gridDim.y;
#line 88 "codegen_golden.lua"
  const int v6 = (int)gridDim.z;
#line 88 "codegen_golden.lua"
  const long long v7 = x_shape0;
#line 88 "codegen_golden.lua"
  const long long v8 = x_stride0;
#line 88 "codegen_golden.lua"
  const long long v9 = x_shape1;
#line 88 "codegen_golden.lua"
  const long long v10 = x_stride1;
#line 88 "codegen_golden.lua"
  const long long v11 = y_shape0;
#line 88 "codegen_golden.lua"
  const long long v12 = y_stride0;
#line 88 "codegen_golden.lua"
  const long long v13 = y_shape1;
#line 88 "codegen_golden.lua"
  const long long v14 = y_stride1;
#line 65 "codegen_golden.lua"
  if (threadIdx.x >= 0u && threadIdx.x < 32u) {  /* role: threads 0..31 */
#line 67 "codegen_golden.lua"
    const int v16 = 0;
#line 67 "codegen_golden.lua"
    const bool v17 = v0 == v16;
#line 67 "codegen_golden.lua"
    if (v17) {
      const int v19 = 0;
#line 68 "codegen_golden.lua"
      const int v20 = 4;
#line 68 "codegen_golden.lua"
      const int v21 = 1;
#line 68 "codegen_golden.lua"
      for (int v23 = v19; v23 < v20; v23 += v21) {
        const int v24 = 2;
#line 69 "codegen_golden.lua"
        const int v25 = tl_rem(v23, v24);
#line 69 "codegen_golden.lua"
        const int v26 = tl_div(v23, v24);
#line 69 "codegen_golden.lua"
        const int v27 = tl_rem(v26, v24);
        const int v28 = 1;
#line 70 "codegen_golden.lua"
        const int v29 = (int)((unsigned int)v28 - (unsigned int)v27);
#line 70 "codegen_golden.lua"
        tl_mbar_wait(&tl_mbar1[v25], (unsigned)v29);
        const int v31 = 32;
#line 71 "codegen_golden.lua"
        const int v32 = (int)((unsigned int)v25 * (unsigned int)v31);
#line 71 "codegen_golden.lua"
        const int v33 = (int)((unsigned int)v23 * (unsigned int)v31);
#line 71 "codegen_golden.lua"
        const int v34 = 0;
#line 71 "codegen_golden.lua"
        const int v35 = (int)((unsigned int)v32 * (unsigned int)v31);
#line 71 "codegen_golden.lua"
        const int v36 = (int)((unsigned int)v35 + (unsigned int)v34);
#line 71 "codegen_golden.lua"
        if (threadIdx.x == 0u) {  /* TMA box copy, 4096 bytes */
#line 71 "codegen_golden.lua"
          tl_mbar_expect_tx(&tl_mbar0[v25], 4096u);
#line 71 "codegen_golden.lua"
          asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];" :: "r"(tl_smem(lds0 + v36)), "l"((unsigned long long)&tl_tmap0), "r"(tl_smem(&tl_mbar0[v25])), "r"(v33), "r"(v34) : "memory");
        }
#line 72 "codegen_golden.lua"
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#line 72 "codegen_golden.lua"
        tl_mbar_arrive(&tl_mbar0[v25]);
      }
    }
  }
#line 65 "codegen_golden.lua"
  if (threadIdx.x >= 32u && threadIdx.x < 160u) {  /* role: threads 32..159 */
#line 65 "codegen_golden.lua"
    const int v41 = 32;
#line 65 "codegen_golden.lua"
    const int v42 = (int)((unsigned int)v0 - (unsigned int)v41);
#line 83 "codegen_golden.lua"
    const int v43 = 4;
#line 83 "codegen_golden.lua"
    const int v44 = tl_div(v42, v43);
#line 83 "codegen_golden.lua"
    const int v45 = tl_rem(v44, v41);
#line 83 "codegen_golden.lua"
    const int v46 = tl_rem(v42, v43);
#line 83 "codegen_golden.lua"
    const int v47 = 8;
#line 83 "codegen_golden.lua"
    const int v48 = (int)((unsigned int)v46 * (unsigned int)v47);
#line 83 "codegen_golden.lua"
    const long long v49 = 0LL;
#line 83 "codegen_golden.lua"
    const long long v50 = (long long)v45;
#line 83 "codegen_golden.lua"
    const long long v51 = (long long)((unsigned long long)v49 + (unsigned long long)v50);
#line 83 "codegen_golden.lua"
    const long long v52 = (long long)v48;
#line 83 "codegen_golden.lua"
    const long long v53 = (long long)((unsigned long long)v49 + (unsigned long long)v52);
#line 83 "codegen_golden.lua"
    const long long v54 = (long long)((unsigned long long)v51 * (unsigned long long)v12);
#line 83 "codegen_golden.lua"
    const long long v55 = (long long)((unsigned long long)v54 + (unsigned long long)v53);
#line 83 "codegen_golden.lua"
    const bool v56 = v51 >= v49;
#line 83 "codegen_golden.lua"
    const bool v57 = v51 < v11;
#line 83 "codegen_golden.lua"
    const bool v58 = v56 && v57;
#line 83 "codegen_golden.lua"
    const bool v59 = v53 >= v49;
#line 83 "codegen_golden.lua"
    const bool v60 = v53 < v13;
#line 83 "codegen_golden.lua"
    const bool v61 = v59 && v60;
#line 83 "codegen_golden.lua"
    const bool v62 = v58 && v61;
#line 83 "codegen_golden.lua"
    const long long v63 = 1LL;
#line 83 "codegen_golden.lua"
    const long long v64 = (long long)((unsigned long long)v55 + (unsigned long long)v63);
#line 83 "codegen_golden.lua"
    const long long v65 = 2LL;
#line 83 "codegen_golden.lua"
    const long long v66 = (long long)((unsigned long long)v55 + (unsigned long long)v65);
#line 83 "codegen_golden.lua"
    const long long v67 = 3LL;
#line 83 "codegen_golden.lua"
    const long long v68 = (long long)((unsigned long long)v55 + (unsigned long long)v67);
#line 83 "codegen_golden.lua"
    const long long v69 = 4LL;
#line 83 "codegen_golden.lua"
    const long long v70 = (long long)((unsigned long long)v55 + (unsigned long long)v69);
#line 83 "codegen_golden.lua"
    const long long v71 = 5LL;
#line 83 "codegen_golden.lua"
    const long long v72 = (long long)((unsigned long long)v55 + (unsigned long long)v71);
#line 83 "codegen_golden.lua"
    const long long v73 = 6LL;
#line 83 "codegen_golden.lua"
    const long long v74 = (long long)((unsigned long long)v55 + (unsigned long long)v73);
#line 83 "codegen_golden.lua"
    const long long v75 = 7LL;
#line 83 "codegen_golden.lua"
    const long long v76 = (long long)((unsigned long long)v55 + (unsigned long long)v75);
#line 83 "codegen_golden.lua"
    float v77; float v78; float v79; float v80;
    if (v62 && v62 && v62 && v62) {
      const tl_vec<float, 4> t77 = *reinterpret_cast<const tl_vec<float, 4>*>(y + v55);
      v77 = t77.v[0]; v78 = t77.v[1]; v79 = t77.v[2]; v80 = t77.v[3];
    } else {
      v77 = v62 ? y[v55] : 0.0f;
      v78 = v62 ? y[v64] : 0.0f;
      v79 = v62 ? y[v66] : 0.0f;
      v80 = v62 ? y[v68] : 0.0f;
    }
#line 83 "codegen_golden.lua"
    float v81; float v82; float v83; float v84;
    if (v62 && v62 && v62 && v62) {
      const tl_vec<float, 4> t81 = *reinterpret_cast<const tl_vec<float, 4>*>(y + v70);
      v81 = t81.v[0]; v82 = t81.v[1]; v83 = t81.v[2]; v84 = t81.v[3];
    } else {
      v81 = v62 ? y[v70] : 0.0f;
      v82 = v62 ? y[v72] : 0.0f;
      v83 = v62 ? y[v74] : 0.0f;
      v84 = v62 ? y[v76] : 0.0f;
    }
#line 77 "codegen_golden.lua"
    const int v85 = 0;
#line 77 "codegen_golden.lua"
    const int v86 = 1;
#line 77 "codegen_golden.lua"
    float v89 = v77;
#line 77 "codegen_golden.lua"
    float v90 = v78;
#line 77 "codegen_golden.lua"
    float v91 = v79;
#line 77 "codegen_golden.lua"
    float v92 = v80;
#line 77 "codegen_golden.lua"
    float v93 = v81;
#line 77 "codegen_golden.lua"
    float v94 = v82;
#line 77 "codegen_golden.lua"
    float v95 = v83;
#line 77 "codegen_golden.lua"
    float v96 = v84;
#line 77 "codegen_golden.lua"
    for (int v88 = v85; v88 < v43; v88 += v86) {
      const int v97 = 2;
#line 78 "codegen_golden.lua"
      const int v98 = tl_rem(v88, v97);
#line 78 "codegen_golden.lua"
      const int v99 = tl_div(v88, v97);
#line 78 "codegen_golden.lua"
      const int v100 = tl_rem(v99, v97);
      tl_mbar_wait(&tl_mbar0[v98], (unsigned)v100);
      const int v102 = 32;
#line 80 "codegen_golden.lua"
      const int v103 = (int)((unsigned int)v98 * (unsigned int)v102);
#line 80 "codegen_golden.lua"
      const int v104 = 4;
#line 80 "codegen_golden.lua"
      const int v105 = tl_div(v42, v104);
#line 80 "codegen_golden.lua"
      const int v106 = tl_rem(v105, v102);
#line 80 "codegen_golden.lua"
      const int v107 = tl_rem(v42, v104);
#line 80 "codegen_golden.lua"
      const int v108 = 8;
#line 80 "codegen_golden.lua"
      const int v109 = (int)((unsigned int)v107 * (unsigned int)v108);
#line 80 "codegen_golden.lua"
      const int v110 = (int)((unsigned int)v103 + (unsigned int)v106);
#line 80 "codegen_golden.lua"
      const int v111 = 0;
#line 80 "codegen_golden.lua"
      const int v112 = (int)((unsigned int)v111 + (unsigned int)v109);
#line 80 "codegen_golden.lua"
      const int v113 = (int)((unsigned int)v110 * (unsigned int)v102);
#line 80 "codegen_golden.lua"
      const int v114 = (int)((unsigned int)v113 + (unsigned int)v112);
#line 80 "codegen_golden.lua"
      const int v115 = 1;
#line 80 "codegen_golden.lua"
      const int v116 = (int)((unsigned int)v114 + (unsigned int)v115);
#line 80 "codegen_golden.lua"
      const int v117 = (int)((unsigned int)v114 + (unsigned int)v97);
#line 80 "codegen_golden.lua"
      const int v118 = 3;
#line 80 "codegen_golden.lua"
      const int v119 = (int)((unsigned int)v114 + (unsigned int)v118);
#line 80 "codegen_golden.lua"
      const int v120 = (int)((unsigned int)v114 + (unsigned int)v104);
#line 80 "codegen_golden.lua"
      const int v121 = 5;
#line 80 "codegen_golden.lua"
      const int v122 = (int)((unsigned int)v114 + (unsigned int)v121);
#line 80 "codegen_golden.lua"
      const int v123 = 6;
#line 80 "codegen_golden.lua"
      const int v124 = (int)((unsigned int)v114 + (unsigned int)v123);
#line 80 "codegen_golden.lua"
      const int v125 = 7;
#line 80 "codegen_golden.lua"
      const int v126 = (int)((unsigned int)v114 + (unsigned int)v125);
#line 80 "codegen_golden.lua"
      float v127; float v128; float v129; float v130;
      const tl_vec<float, 4> t127 = *reinterpret_cast<const tl_vec<float, 4>*>(lds0 + v114);
      v127 = t127.v[0]; v128 = t127.v[1]; v129 = t127.v[2]; v130 = t127.v[3];
#line 80 "codegen_golden.lua"
      float v131; float v132; float v133; float v134;
      const tl_vec<float, 4> t131 = *reinterpret_cast<const tl_vec<float, 4>*>(lds0 + v120);
      v131 = t131.v[0]; v132 = t131.v[1]; v133 = t131.v[2]; v134 = t131.v[3];
#line 81 "codegen_golden.lua"
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
#line 81 "codegen_golden.lua"
      tl_mbar_arrive(&tl_mbar1[v98]);
      const float v136 = v89 + v127;
#line 82 "codegen_golden.lua"
      const float v137 = v90 + v128;
#line 82 "codegen_golden.lua"
      const float v138 = v91 + v129;
#line 82 "codegen_golden.lua"
      const float v139 = v92 + v130;
#line 82 "codegen_golden.lua"
      const float v140 = v93 + v131;
#line 82 "codegen_golden.lua"
      const float v141 = v94 + v132;
#line 82 "codegen_golden.lua"
      const float v142 = v95 + v133;
#line 82 "codegen_golden.lua"
      const float v143 = v96 + v134;
#line 77 "codegen_golden.lua"
      v89 = v136;
#line 77 "codegen_golden.lua"
      v90 = v137;
#line 77 "codegen_golden.lua"
      v91 = v138;
#line 77 "codegen_golden.lua"
      v92 = v139;
#line 77 "codegen_golden.lua"
      v93 = v140;
#line 77 "codegen_golden.lua"
      v94 = v141;
#line 77 "codegen_golden.lua"
      v95 = v142;
#line 77 "codegen_golden.lua"
      v96 = v143;
    }
#line 77 "codegen_golden.lua"
    const float v145 = v89;
#line 77 "codegen_golden.lua"
    const float v146 = v90;
#line 77 "codegen_golden.lua"
    const float v147 = v91;
#line 77 "codegen_golden.lua"
    const float v148 = v92;
#line 77 "codegen_golden.lua"
    const float v149 = v93;
#line 77 "codegen_golden.lua"
    const float v150 = v94;
#line 77 "codegen_golden.lua"
    const float v151 = v95;
#line 77 "codegen_golden.lua"
    const float v152 = v96;
#line 84 "codegen_golden.lua"
    const int v153 = tl_div(v42, v43);
#line 84 "codegen_golden.lua"
    const int v154 = tl_rem(v153, v41);
#line 84 "codegen_golden.lua"
    const int v155 = tl_rem(v42, v43);
#line 84 "codegen_golden.lua"
    const int v156 = (int)((unsigned int)v155 * (unsigned int)v47);
#line 84 "codegen_golden.lua"
    const long long v157 = (long long)v154;
#line 84 "codegen_golden.lua"
    const long long v158 = (long long)((unsigned long long)v49 + (unsigned long long)v157);
#line 84 "codegen_golden.lua"
    const long long v159 = (long long)v156;
#line 84 "codegen_golden.lua"
    const long long v160 = (long long)((unsigned long long)v49 + (unsigned long long)v159);
#line 84 "codegen_golden.lua"
    const long long v161 = (long long)((unsigned long long)v158 * (unsigned long long)v12);
#line 84 "codegen_golden.lua"
    const long long v162 = (long long)((unsigned long long)v161 + (unsigned long long)v160);
#line 84 "codegen_golden.lua"
    const bool v163 = v158 >= v49;
#line 84 "codegen_golden.lua"
    const bool v164 = v158 < v11;
#line 84 "codegen_golden.lua"
    const bool v165 = v163 && v164;
#line 84 "codegen_golden.lua"
    const bool v166 = v160 >= v49;
#line 84 "codegen_golden.lua"
    const bool v167 = v160 < v13;
#line 84 "codegen_golden.lua"
    const bool v168 = v166 && v167;
#line 84 "codegen_golden.lua"
    const bool v169 = v165 && v168;
#line 84 "codegen_golden.lua"
    const long long v170 = (long long)((unsigned long long)v162 + (unsigned long long)v63);
#line 84 "codegen_golden.lua"
    const long long v171 = (long long)((unsigned long long)v162 + (unsigned long long)v65);
#line 84 "codegen_golden.lua"
    const long long v172 = (long long)((unsigned long long)v162 + (unsigned long long)v67);
#line 84 "codegen_golden.lua"
    const long long v173 = (long long)((unsigned long long)v162 + (unsigned long long)v69);
#line 84 "codegen_golden.lua"
    const long long v174 = (long long)((unsigned long long)v162 + (unsigned long long)v71);
#line 84 "codegen_golden.lua"
    const long long v175 = (long long)((unsigned long long)v162 + (unsigned long long)v73);
#line 84 "codegen_golden.lua"
    const long long v176 = (long long)((unsigned long long)v162 + (unsigned long long)v75);
    if (v169 && v169 && v169 && v169) {
      tl_vec<float, 4> t177; t177.v[0] = v145; t177.v[1] = v146; t177.v[2] = v147; t177.v[3] = v148;
      *reinterpret_cast<tl_vec<float, 4>*>(y + v162) = t177;
    } else {
      if (v169) y[v162] = v145;
      if (v169) y[v170] = v146;
      if (v169) y[v171] = v147;
      if (v169) y[v172] = v148;
    }
    if (v169 && v169 && v169 && v169) {
      tl_vec<float, 4> t181; t181.v[0] = v149; t181.v[1] = v150; t181.v[2] = v151; t181.v[3] = v152;
      *reinterpret_cast<tl_vec<float, 4>*>(y + v173) = t181;
    } else {
      if (v169) y[v173] = v149;
      if (v169) y[v174] = v150;
      if (v169) y[v175] = v151;
      if (v169) y[v176] = v152;
    }
  }
}
