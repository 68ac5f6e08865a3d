// tilelua HIP source of kernel block_sum for sm_90 (NVIDIA, NVRTC, warp 32)
template <typename T, int N> struct alignas(sizeof(T) * N) tl_vec { T v[N]; };
static __device__ __forceinline__ int tl_div(int a, int b) { return b == 0 ? 0 : b == -1 ? (int)(0u - (unsigned int)a) : a / b; }
static __device__ __forceinline__ int tl_rem(int a, int b) { return b == 0 || b == -1 ? 0 : a % b; }
static __device__ __forceinline__ unsigned int tl_div(unsigned int a, unsigned int b) { return b == 0 ? 0 : a / b; }
static __device__ __forceinline__ unsigned int tl_rem(unsigned int a, unsigned int b) { return b == 0 ? 0 : a % b; }
static __device__ __forceinline__ long long tl_div(long long a, long long b) { return b == 0 ? 0 : b == -1 ? (long long)(0u - (unsigned long long)a) : a / b; }
static __device__ __forceinline__ long long tl_rem(long long a, long long b) { return b == 0 || b == -1 ? 0 : a % b; }
static __device__ __forceinline__ unsigned long long tl_div(unsigned long long a, unsigned long long b) { return b == 0 ? 0 : a / b; }
static __device__ __forceinline__ unsigned long long tl_rem(unsigned long long a, unsigned long long b) { return b == 0 ? 0 : a % b; }

extern "C" __global__ void __launch_bounds__(64) block_sum(
    int* __restrict__ x, const long long x_shape0, const long long x_shape1, const long long x_stride0, const long long x_stride1,
    int* __restrict__ total, const long long total_shape0, const long long total_stride0) {
#line 30 "codegen_golden.lua"
  const int v0 = (int)threadIdx.x;
#line 30 "codegen_golden.lua"
  const int v1 = (int)blockIdx.x;
#line 30 "codegen_golden.lua"
  const int v2 = (int)blockIdx.y;
#line 30 "codegen_golden.lua"
  const int v3 = (int)blockIdx.z;
#line 30 "codegen_golden.lua"
  const int v4 = (int)gridDim.x;
#line 30 "codegen_golden.lua"
  const int v5 = (int)gridDim.y;
#line 30 "codegen_golden.lua"
  const int v6 = (int)gridDim.z;
#line 30 "codegen_golden.lua"
  const long long v7 = x_shape0;
#line 30 "codegen_golden.lua"
  const long long v8 = x_stride0;
#line 30 "codegen_golden.lua"
  const long long v9 = x_shape1;
#line 30 "codegen_golden.lua"
  const long long v10 = x_stride1;
#line 30 "codegen_golden.lua"
  const long long v11 = total_shape0;
#line 30 "codegen_golden.lua"
  const long long v12 = total_stride0;
#line 25 "codegen_golden.lua"
  const int v13 = 128;
#line 25 "codegen_golden.lua"
  const int v14 = (int)((unsigned int)v1 * (unsigned int)v13);
#line 25 "codegen_golden.lua"
  const int v15 = 32;
#line 25 "codegen_golden.lua"
  const int v16 = tl_div(v0, v15);
#line 25 "codegen_golden.lua"
  const int v17 = tl_rem(v0, v15);
#line 25 "codegen_golden.lua"
  const int v18 = 4;
#line 25 "codegen_golden.lua"
  const int v19 = (int)((unsigned int)v17 * (unsigned int)v18);
#line 25 "codegen_golden.lua"
  const long long v20 = 0LL;
#line 25 "codegen_golden.lua"
  const long long v21 = (long long)v16;
#line 25 "codegen_golden.lua"
  const long long v22 = (long long)((unsigned long long)v20 + (unsigned long long)v21);
#line 25 "codegen_golden.lua"
  const long long v23 = (long long)v14;
#line 25 "codegen_golden.lua"
  const long long v24 = (long long)v19;
#line 25 "codegen_golden.lua"
  const long long v25 = (long long)((unsigned long long)v23 + (unsigned long long)v24);
#line 25 "codegen_golden.lua"
  const long long v26 = (long long)((unsigned long long)v22 * (unsigned long long)v8);
#line 25 "codegen_golden.lua"
  const long long v27 = (long long)((unsigned long long)v26 + (unsigned long long)v25);
#line 25 "codegen_golden.lua"
  const bool v28 = v22 >= v20;
#line 25 "codegen_golden.lua"
  const bool v29 = v22 < v7;
#line 25 "codegen_golden.lua"
  const bool v30 = v28 && v29;
#line 25 "codegen_golden.lua"
  const bool v31 = v25 >= v20;
#line 25 "codegen_golden.lua"
  const bool v32 = v25 < v9;
#line 25 "codegen_golden.lua"
  const bool v33 = v31 && v32;
#line 25 "codegen_golden.lua"
  const bool v34 = v30 && v33;
#line 25 "codegen_golden.lua"
  const long long v35 = 1LL;
#line 25 "codegen_golden.lua"
  const long long v36 = (long long)((unsigned long long)v25 + (unsigned long long)v35);
#line 25 "codegen_golden.lua"
  const bool v37 = v36 >= v20;
#line 25 "codegen_golden.lua"
  const bool v38 = v36 < v9;
#line 25 "codegen_golden.lua"
  const bool v39 = v37 && v38;
#line 25 "codegen_golden.lua"
  const bool v40 = v30 && v39;
#line 25 "codegen_golden.lua"
  const long long v41 = (long long)((unsigned long long)v27 + (unsigned long long)v35);
#line 25 "codegen_golden.lua"
  const long long v42 = 2LL;
#line 25 "codegen_golden.lua"
  const long long v43 = (long long)((unsigned long long)v25 + (unsigned long long)v42);
#line 25 "codegen_golden.lua"
  const bool v44 = v43 >= v20;
#line 25 "codegen_golden.lua"
  const bool v45 = v43 < v9;
#line 25 "codegen_golden.lua"
  const bool v46 = v44 && v45;
#line 25 "codegen_golden.lua"
  const bool v47 = v30 && v46;
#line 25 "codegen_golden.lua"
  const long long v48 = (long long)((unsigned long long)v27 + (unsigned long long)v42);
#line 25 "codegen_golden.lua"
  const long long v49 = 3LL;
#line 25 "codegen_golden.lua"
  const long long v50 = (long long)((unsigned long long)v25 + (unsigned long long)v49);
#line 25 "codegen_golden.lua"
  const bool v51 = v50 >= v20;
#line 25 "codegen_golden.lua"
  const bool v52 = v50 < v9;
#line 25 "codegen_golden.lua"
  const bool v53 = v51 && v52;
#line 25 "codegen_golden.lua"
  const bool v54 = v30 && v53;
#line 25 "codegen_golden.lua"
  const long long v55 = (long long)((unsigned long long)v27 + (unsigned long long)v49);
#line 25 "codegen_golden.lua"
  int v56; int v57; int v58; int v59;
  if (v34 && v40 && v47 && v54) {
    const tl_vec<int, 4> t56 = *reinterpret_cast<const tl_vec<int, 4>*>(x + v27);
    v56 = t56.v[0]; v57 = t56.v[1]; v58 = t56.v[2]; v59 = t56.v[3];
  } else {
    v56 = v34 ? x[v27] : 0;
    v57 = v40 ? x[v41] : 0;
    v58 = v47 ? x[v48] : 0;
    v59 = v54 ? x[v55] : 0;
  }
#line 26 "codegen_golden.lua"
  const int v60 = (int)((unsigned int)v56 + (unsigned int)v57);
#line 26 "codegen_golden.lua"
  const int v61 = (int)((unsigned int)v60 + (unsigned int)v58);
#line 26 "codegen_golden.lua"
  const int v62 = (int)((unsigned int)v61 + (unsigned int)v59);
#line 26 "codegen_golden.lua"
  int v63 = (int)__shfl_xor_sync(0xffffffffu, (int)v62, 1);
#line 26 "codegen_golden.lua"
  const int v64 = (int)((unsigned int)v62 + (unsigned int)v63);
#line 26 "codegen_golden.lua"
  int v65 = (int)__shfl_xor_sync(0xffffffffu, (int)v64, 2);
#line 26 "codegen_golden.lua"
  const int v66 = (int)((unsigned int)v64 + (unsigned int)v65);
#line 26 "codegen_golden.lua"
  int v67 = (int)__shfl_xor_sync(0xffffffffu, (int)v66, 4);
#line 26 "codegen_golden.lua"
  const int v68 = (int)((unsigned int)v66 + (unsigned int)v67);
#line 26 "codegen_golden.lua"
  int v69 = (int)__shfl_xor_sync(0xffffffffu, (int)v68, 8);
#line 26 "codegen_golden.lua"
  const int v70 = (int)((unsigned int)v68 + (unsigned int)v69);
#line 26 "codegen_golden.lua"
  int v71 = (int)__shfl_xor_sync(0xffffffffu, (int)v70, 16);
#line 26 "codegen_golden.lua"
  const int v72 = (int)((unsigned int)v70 + (unsigned int)v71);
  const int v73 = 0;
#line 27 "codegen_golden.lua"
  const bool v74 = v0 == v73;
#line 27 "codegen_golden.lua"
  if (v74) {
#line 27 "codegen_golden.lua"
    const long long v76 = 0LL;
#line 27 "codegen_golden.lua"
    {
      unsigned int o_; asm volatile("atom.acq_rel.gpu.add.s32 %0, [%1], %2;" : "=r"(o_) : "l"(&total[v76]), "r"(v72) : "memory");
    }
  }
}
