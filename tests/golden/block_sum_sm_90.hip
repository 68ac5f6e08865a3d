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
  const long long v36 = (long long)((unsigned long long)v27 + (unsigned long long)v35);
#line 25 "codegen_golden.lua"
  const long long v37 = 2LL;
#line 25 "codegen_golden.lua"
  const long long v38 = (long long)((unsigned long long)v27 + (unsigned long long)v37);
#line 25 "codegen_golden.lua"
  const long long v39 = 3LL;
#line 25 "codegen_golden.lua"
  const long long v40 = (long long)((unsigned long long)v27 + (unsigned long long)v39);
#line 25 "codegen_golden.lua"
  int v41; int v42; int v43; int v44;
  if (v34 && v34 && v34 && v34) {
    const tl_vec<int, 4> t41 = *reinterpret_cast<const tl_vec<int, 4>*>(x + v27);
    v41 = t41.v[0]; v42 = t41.v[1]; v43 = t41.v[2]; v44 = t41.v[3];
  } else {
    v41 = v34 ? x[v27] : 0;
    v42 = v34 ? x[v36] : 0;
    v43 = v34 ? x[v38] : 0;
    v44 = v34 ? x[v40] : 0;
  }
#line 26 "codegen_golden.lua"
  const int v45 = (int)((unsigned int)v41 + (unsigned int)v42);
#line 26 "codegen_golden.lua"
  const int v46 = (int)((unsigned int)v45 + (unsigned int)v43);
#line 26 "codegen_golden.lua"
  const int v47 = (int)((unsigned int)v46 + (unsigned int)v44);
#line 26 "codegen_golden.lua"
  int v48 = (int)__shfl_xor_sync(0xffffffffu, (int)v47, 1);
#line 26 "codegen_golden.lua"
  const int v49 = (int)((unsigned int)v47 + (unsigned int)v48);
#line 26 "codegen_golden.lua"
  int v50 = (int)__shfl_xor_sync(0xffffffffu, (int)v49, 2);
#line 26 "codegen_golden.lua"
  const int v51 = (int)((unsigned int)v49 + (unsigned int)v50);
#line 26 "codegen_golden.lua"
  int v52 = (int)__shfl_xor_sync(0xffffffffu, (int)v51, 4);
#line 26 "codegen_golden.lua"
  const int v53 = (int)((unsigned int)v51 + (unsigned int)v52);
#line 26 "codegen_golden.lua"
  int v54 = (int)__shfl_xor_sync(0xffffffffu, (int)v53, 8);
#line 26 "codegen_golden.lua"
  const int v55 = (int)((unsigned int)v53 + (unsigned int)v54);
#line 26 "codegen_golden.lua"
  int v56 = (int)__shfl_xor_sync(0xffffffffu, (int)v55, 16);
#line 26 "codegen_golden.lua"
  const int v57 = (int)((unsigned int)v55 + (unsigned int)v56);
  const int v58 = 0;
#line 27 "codegen_golden.lua"
  const bool v59 = v0 == v58;
#line 27 "codegen_golden.lua"
  if (v59) {
#line 27 "codegen_golden.lua"
    const long long v61 = 0LL;
#line 27 "codegen_golden.lua"
    {
      unsigned int o_; asm volatile("atom.acq_rel.gpu.add.s32 %0, [%1], %2;" : "=r"(o_) : "l"(&total[v61]), "r"(v57) : "memory");
    }
  }
}
