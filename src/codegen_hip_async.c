/* codegen_hip_async.c - Hopper's asynchronous machinery in the generated source (ir.h: MBAR_ARRIVE,
 * MBAR_WAIT, TMA_LOAD, ROLE, ROLE_SYNC, NAMED_BAR): mbarrier objects in shared memory, TMA box copies from
 * tensor maps passed as __grid_constant__ parameters (the host encodes them at launch), warp roles
 * with setmaxnreg, named barriers. The PTX follows the ISA's forms for sm_90 (PTX 8.0):
 *   mbarrier.init / arrive / arrive.expect_tx / expect_tx / try_wait.parity (.shared::cta.b64)
 *   cp.async.bulk.tensor.Nd.shared::cluster.global.mbarrier::complete_tx::bytes
 *   setmaxnreg.{inc,dec}.sync.aligned.u32, bar.sync id, count
 * AMD targets have none of these but roles (plain branches): the rest is an error naming the target
 * (the tracer refuses them first; this is the last line). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codegen_hip_impl.h"

static int uses_op(const tlua_IR *ir, int op) {
  for (int i = 0; i < ir->ninstrs; i++)
    if (ir->instrs[i].op == op) return 1;
  return 0;
}

static int uses_async(const tlua_IR *ir) {
  return ir->nmbar > 0 || uses_op(ir, TLUA_OP_TMA_LOAD) || uses_op(ir, TLUA_OP_ROLE_SYNC) || uses_op(ir, TLUA_OP_TMA_STORE) ||
         uses_op(ir, TLUA_OP_NAMED_BAR) || uses_op(ir, TLUA_OP_CLUSTER_RANK) || uses_op(ir, TLUA_OP_CLUSTER_SYNC);
}

/* Whether a buffer that TMA copies write is also read by ordinary LDS loads (ldmatrix included). */
static int generic_reads_of_tma(const tlua_IR *ir) {
  for (int i = 0; i < ir->ninstrs; i++) {
    const tlua_Instr *in = &ir->instrs[i];
    if (in->op != TLUA_OP_LDS_LOAD && in->op != TLUA_OP_LDS_MATRIX) continue;
    for (int j = 0; j < ir->ntma; j++)
      if (ir->tma[j].lds == in->imm) return 1;
  }
  return 0;
}

int tlua_hg_async_prelude(Gen *g) {
  const tlua_IR *ir = g->ir;
  if (!uses_async(ir)) return 0;
  g->fence_arrivals = generic_reads_of_tma(ir);
  if (!g->nv || atoi(g->t->arch + 3) < 90) {
    const char *what = ir->nmbar ? "mbarriers" : uses_op(ir, TLUA_OP_TMA_LOAD) || uses_op(ir, TLUA_OP_TMA_STORE) ? "TMA copies"
                     : uses_op(ir, TLUA_OP_ROLE_SYNC) ? "named barriers (role:sync)"
                     : uses_op(ir, TLUA_OP_NAMED_BAR) ? "named barriers (role:named_barriers)" : "thread-block clusters";
    return fail(g, NULL, "not available on %s: %s exist on NVIDIA sm_90 (Hopper) and later only", g->t->arch, what);
  }
  put(&g->b,
      "\n/* mbarriers and TMA (sm_90) */\n"
      "typedef struct __align__(64) { unsigned long long opaque[16]; } tl_TensorMap;  /* CUtensorMap */\n"
      "static __device__ __forceinline__ unsigned tl_smem(const void* p) {\n"
      "  return (unsigned)__cvta_generic_to_shared(p);\n"
      "}\n"
      "static __device__ __forceinline__ void tl_mbar_init(unsigned long long* b, unsigned n) {\n"
      "  asm volatile(\"mbarrier.init.shared::cta.b64 [%%0], %%1;\" :: \"r\"(tl_smem(b)), \"r\"(n) : \"memory\");\n"
      "}\n"
      "static __device__ __forceinline__ void tl_mbar_arrive(unsigned long long* b) {\n"
      "  asm volatile(\"mbarrier.arrive.shared::cta.b64 _, [%%0];\" :: \"r\"(tl_smem(b)) : \"memory\");\n"
      "}\n"
      "static __device__ __forceinline__ void tl_mbar_arrive_tx(unsigned long long* b, unsigned tx) {\n"
      "  asm volatile(\"mbarrier.arrive.expect_tx.shared::cta.b64 _, [%%0], %%1;\" :: \"r\"(tl_smem(b)), \"r\"(tx) : \"memory\");\n"
      "}\n"
      "static __device__ __forceinline__ void tl_mbar_expect_tx(unsigned long long* b, unsigned tx) {\n"
      "  asm volatile(\"mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%%0], %%1;\" :: \"r\"(tl_smem(b)), \"r\"(tx) : \"memory\");\n"
      "}\n"
      "static __device__ __forceinline__ void tl_mbar_wait(unsigned long long* b, unsigned parity) {\n"
      "  unsigned done;\n"
      "  do {\n"
      "    asm volatile(\"{\\n .reg .pred p;\\n mbarrier.try_wait.parity%s.shared::cta.b64 p, [%%1], %%2;\\n selp.u32 %%0, 1, 0, p;\\n}\"\n"
      "                 : \"=r\"(done) : \"r\"(tl_smem(b)), \"r\"(parity) : \"memory\");\n"
      "  } while (!done);\n"
      "}\n"
      "/* barrier i of the block of rank cta of the cluster; the arrive releases at CTA scope, as CUTLASS's\n"
      "   ClusterBarrier does: at cluster scope it made a 4096^3 GEMM with clusters 2x slower on an H100 */\n"
      "static __device__ __forceinline__ void tl_mbar_arrive_remote(unsigned long long* b, unsigned cta, unsigned tx) {\n"
      "  unsigned remote;\n"
      "  asm volatile(\"mapa.shared::cluster.u32 %%0, %%1, %%2;\" : \"=r\"(remote) : \"r\"(tl_smem(b)), \"r\"(cta));\n"
      "  if (tx) asm volatile(\"mbarrier.arrive.expect_tx.shared::cluster.b64 _, [%%0], %%1;\" :: \"r\"(remote), \"r\"(tx) : \"memory\");\n"
      "  else asm volatile(\"mbarrier.arrive.shared::cluster.b64 _, [%%0];\" :: \"r\"(remote) : \"memory\");\n"
      "}\n", ir->cluster > 1 ? ".acquire.cluster" : "");
  return 0;
}

void tlua_hg_async_params(Gen *g, const char *sep) {
  if (!g->nv) return;
  for (int j = 0; j < g->ir->ntma; j++) {
    put(&g->b, "%s\n    const __grid_constant__ tl_TensorMap tl_tmap%d", sep, j);
    sep = ",";
  }
}

void tlua_hg_async_decls(Gen *g) {
  const tlua_IR *ir = g->ir;
  if (!ir->nmbar || !g->nv) return;
  for (int i = 0; i < ir->nmbar; i++)
    put(&g->b, "  __shared__ __align__(8) unsigned long long tl_mbar%d[%d];\n", i, (int)ir->mbar[i].count);
  /* one thread initializes every barrier; the fence makes the initialization visible to the async
     proxy (TMA completes on them) before any thread uses one */
  put(&g->b, "  if (threadIdx.x == 0) {\n");
  for (int i = 0; i < ir->nmbar; i++)
    put(&g->b, "    for (int i = 0; i < %d; i++) tl_mbar_init(&tl_mbar%d[i], %du);\n", (int)ir->mbar[i].count, i,
        (int)ir->mbar[i].arrivals);
  put(&g->b, "    asm volatile(\"fence.mbarrier_init.release.cluster;\" ::: \"memory\");\n"
             "  }\n");
  if (ir->copy_groups) put(&g->b, "  unsigned tl_cg = 0u, tl_cw = 0u;  /* copy groups committed, waited for */\n");
  /* with clusters, other blocks arrive on these barriers and multicast into this one: the whole
     cluster waits for every block's initialization */
  if (ir->cluster > 1)
    put(&g->b, "  asm volatile(\"barrier.cluster.arrive.release.aligned;\\n\\tbarrier.cluster.wait.acquire.aligned;\" ::: \"memory\");\n");
  else
    put(&g->b, "  __syncthreads();\n");
}


/* Copy groups (ir.h ASYNC_COMMIT): each thread counts the groups it has committed (tl_cg) and waited
 * for (tl_cw); group g completes on barrier g % 8 of the array, phase parity (g / 8) % 2. */
int tlua_hg_copy_groups(Gen *g, const tlua_Instr *in, int id) {
  const tlua_IR *ir = g->ir;
  if (!g->nv) return fail(g, in, "not available on %s: copy groups of TMA copies exist on NVIDIA sm_90 only", g->t->arch);
  const int a = (int)ir->copy_groups - 1;
  switch ((tlua_Op)in->op) {
  case TLUA_OP_COPY_GROUP:
    STMT(g, in, "int v%d = (int)tl_cg;\n", id);
    return 0;
  case TLUA_OP_ASYNC_COMMIT:
    STMT(g, in, "if (threadIdx.x == 0u) tl_mbar_arrive(&tl_mbar%d[tl_cg & 7u]);\n", a);
    STMT(g, in, "for (tl_cg++; tl_cg - tl_cw >= 8u; tl_cw++) tl_mbar_wait(&tl_mbar%d[tl_cw & 7u], (tl_cw >> 3) & 1u);\n", a);
    return 0;
  case TLUA_OP_ASYNC_WAIT:
    STMT(g, in, "for (; tl_cw + %du < tl_cg; tl_cw++) tl_mbar_wait(&tl_mbar%d[tl_cw & 7u], (tl_cw >> 3) & 1u);\n",
         (int)in->imm, a);
    return 0;
  default:
    return fail(g, in, "not a copy-group instruction");
  }
}

static int elem_size(int dt) {
  const tlua_DTypeInfo *di = tlua_dtype_info((tlua_DType)dt);
  return di ? di->size : 1;
}

void tlua_hg_group_barrier(Gen *g, const tlua_Instr *in, int first, unsigned group, unsigned groups) {
  if (groups > 0)
    STMT(g, in, "asm volatile(\"bar.sync %%0, %u;\" :: \"r\"(%du + (threadIdx.x / %uu) %% %uu) : \"memory\");\n", group,
         first, group, groups);
  else
    STMT(g, in, "asm volatile(\"bar.sync %%0, %u;\" :: \"r\"(%du + threadIdx.x / %uu) : \"memory\");\n", group, first, group);
}

int tlua_hg_async(Gen *g, const tlua_Instr *in, int id) {
  const tlua_IR *ir = g->ir;
  const int32_t *o = tlua_ir_ops(ir, in);
  if (in->op == TLUA_OP_ROLE) {
    STMT(g, in, "if (threadIdx.x >= %" PRId64 "u && threadIdx.x < %" PRId64 "u) {  /* role: threads %" PRId64 "..%" PRId64
         " */\n", in->imm, in->imm + in->imm2, in->imm, in->imm + in->imm2 - 1);
    g->depth++;
    const int regs = (int)in->fimm, entry = tlua_ir_entry_regs(ir->block);
    if (regs > 0 && regs != entry && g->nv && strncmp(g->t->arch, "sm_90", 5) == 0)
      STMT(g, in, "asm volatile(\"setmaxnreg.%s.sync.aligned.u32 %d;\");\n", regs < entry ? "dec" : "inc", regs);
    const int outer_first = g->role_first;
    g->role_first = (int)in->imm;
    int rc = in->region[0] >= 0 ? tlua_hg_region(g, in->region[0]) : 0;
    g->role_first = outer_first;
    g->depth--;
    indent(g);
    line_text(g, "}\n");
    return rc;
  }
  if (!g->nv) return fail(g, in, "not available on %s: %s exists on NVIDIA sm_90 only", g->t->arch, tlua_op_name((tlua_Op)in->op));
  switch ((tlua_Op)in->op) {
  case TLUA_OP_ROLE_SYNC:
    if (g->uses_wgmma) STMT(g, in, "asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n");
    if (in->fimm > 0) { /* a group barrier within the role (which starts at a multiple of the group) */
      tlua_hg_group_barrier(g, in, (int)in->imm, (unsigned)in->fimm, (unsigned)in->imm2 / (unsigned)in->fimm);
    } else {
      STMT(g, in, "asm volatile(\"bar.sync %d, %d;\" ::: \"memory\");\n", (int)in->imm, (int)in->imm2);
    }
    return 0;
  case TLUA_OP_NAMED_BAR: /* (bar.sync / bar.arrive count whole warps; the id from a register: each warpgroup its own) */
    STMT(g, in, "asm volatile(\"bar.%s %%0, %d;\" :: \"r\"(%du + (unsigned)v%d) : \"memory\");\n", in->fimm > 0 ? "arrive" : "sync",
         (int)in->imm2, (int)in->imm, o[0]);
    return 0;
  case TLUA_OP_TMA_STORE: {
    const tlua_TmaDesc *d = &ir->tma[in->imm];
    char crd[128], args[160];
    size_t n = 0, na = 0;
    crd[0] = args[0] = '\0';
    for (int k = 0; k < d->rank; k++) {
      int q = snprintf(crd + n, sizeof crd - n, "%s%%%d", k ? ", " : "", 2 + k);
      if (q > 0) n += (size_t)q;
      q = snprintf(args + na, sizeof args - na, ", \"r\"(v%d)", o[1 + (d->rank - 1 - k)]);
      if (q > 0) na += (size_t)q;
    }
    STMT(g, in, "if (threadIdx.x == %du) {  /* TMA box store */\n", (int)in->fimm);
    g->depth++;
    STMT(g, in, "asm volatile(\"%s.tensor.%dd.global.shared::cta%s.bulk_group [%%0, {%s}], [%%1];\" :: "
         "\"l\"((unsigned long long)&tl_tmap%d), \"r\"(tl_smem(lds%d + v%d))%s : \"memory\");\n",
         in->imm2 == 1 ? "cp.reduce.async.bulk" : "cp.async.bulk", d->rank, in->imm2 == 1 ? ".add.tile" : "", crd, (int)in->imm,
         (int)d->lds, o[0], args);
    STMT(g, in, "asm volatile(\"cp.async.bulk.commit_group;\" ::: \"memory\");\n");
    g->depth--;
    indent(g);
    line_text(g, "}\n");
    return 0;
  }
  case TLUA_OP_TMA_STORE_WAIT:
    /* written (imm2): the stores complete, then a proxy fence orders their writes before the generic proxy's
       accesses that follow (a release atomic publishing them); else only their reads of LDS */
    if (in->imm2 == 1)
      STMT(g, in, "if (threadIdx.x == %du) asm volatile(\"cp.async.bulk.wait_group %d;\\n\\tfence.proxy.async.global;\" ::: "
           "\"memory\");\n", (int)in->fimm, (int)in->imm);
    else
      STMT(g, in, "if (threadIdx.x == %du) asm volatile(\"cp.async.bulk.wait_group.read %d;\" ::: \"memory\");\n",
           (int)in->fimm, (int)in->imm);
    return 0;
  case TLUA_OP_CLUSTER_RANK:
    STMT(g, in, "int v%d;\n", id);
    STMT(g, in, "asm volatile(\"mov.u32 %%0, %%%%cluster_ctarank;\" : \"=r\"(v%d));\n", id);
    return 0;
  case TLUA_OP_CLUSTER_SYNC:
    STMT(g, in, "asm volatile(\"barrier.cluster.arrive.release.aligned;\\n\\tbarrier.cluster.wait.acquire.aligned;\" ::: \"memory\");\n");
    return 0;
  case TLUA_OP_MBAR_ARRIVE:
    /* ordinary LDS reads of a buffer TMA writes: order them before the async proxy's next write
       into it, which this arrival may allow (a consumer releasing a stage) */
    /* (imm2 1, {fence = true}: the thread's own LDS writes before it, for a TMA store another thread issues once
       the barrier completes) */
    if (g->fence_arrivals || in->imm2 == 1) STMT(g, in, "asm volatile(\"fence.proxy.async.shared::cta;\" ::: \"memory\");\n");
    if (in->nops > 2)
      STMT(g, in, "tl_mbar_arrive_remote(&tl_mbar%d[v%d], (unsigned)v%d, (unsigned)v%d);\n", (int)in->imm, o[0], o[2], o[1]);
    else if (in->nops > 1) STMT(g, in, "tl_mbar_arrive_tx(&tl_mbar%d[v%d], (unsigned)v%d);\n", (int)in->imm, o[0], o[1]);
    else STMT(g, in, "tl_mbar_arrive(&tl_mbar%d[v%d]);\n", (int)in->imm, o[0]);
    return 0;
  case TLUA_OP_MBAR_WAIT:
    STMT(g, in, "tl_mbar_wait(&tl_mbar%d[v%d], (unsigned)v%d);\n", (int)in->imm, o[0], o[1]);
    return 0;
  case TLUA_OP_TMA_LOAD: {
    const tlua_TmaDesc *d = &ir->tma[in->imm];
    int64_t bytes = elem_size(ir->lds[d->lds].dtype);
    for (int k = 0; k < d->rank; k++) bytes *= d->box[k];
    /* coordinates innermost first, as the tensor map's dimensions */
    char crd[128];
    size_t n = 0;
    crd[0] = '\0';
    for (int k = 0; k < d->rank; k++) {
      int q = snprintf(crd + n, sizeof crd - n, "%s%%%d", k ? ", " : "", 3 + k);
      if (q > 0) n += (size_t)q;
    }
    char args[160];
    n = 0;
    args[0] = '\0';
    for (int k = d->rank - 1; k >= 0; k--) {
      int q = snprintf(args + n, sizeof args - n, ", \"r\"(v%d)", o[2 + k]);
      if (q > 0) n += (size_t)q;
    }
    STMT(g, in, "if (threadIdx.x == %du) {  /* TMA box copy, %" PRId64 " bytes */\n", (int)in->fimm, bytes);
    g->depth++;
    if (in->vec == 1) {
      /* multicast: the box lands in every block of the mask; this block's barrier expects one box from
         each of them (symmetric multicast, ir.h) */
      const int mask = o[2 + d->rank];
      STMT(g, in, "tl_mbar_expect_tx(&tl_mbar%d[v%d], %" PRId64 "u * (unsigned)__popc(v%d));\n", (int)in->imm2, o[1], bytes, mask);
      STMT(g, in, "asm volatile(\"cp.async.bulk.tensor.%dd.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster "
           "[%%0], [%%1, {%s}], [%%2], %%%d;\" :: \"r\"(tl_smem(lds%d + v%d)), \"l\"((unsigned long long)&tl_tmap%d), "
           "\"r\"(tl_smem(&tl_mbar%d[v%d]))%s, \"h\"((unsigned short)v%d) : \"memory\");\n", d->rank, crd, 3 + d->rank,
           (int)d->lds, o[0], (int)in->imm, (int)in->imm2, o[1], args, mask);
    } else {
      STMT(g, in, "tl_mbar_expect_tx(&tl_mbar%d[v%d], %" PRId64 "u);\n", (int)in->imm2, o[1], bytes);
      STMT(g, in, "asm volatile(\"cp.async.bulk.tensor.%dd.shared::cluster.global.mbarrier::complete_tx::bytes [%%0], "
           "[%%1, {%s}], [%%2];\" :: \"r\"(tl_smem(lds%d + v%d)), \"l\"((unsigned long long)&tl_tmap%d), "
           "\"r\"(tl_smem(&tl_mbar%d[v%d]))%s : \"memory\");\n", d->rank, crd, (int)d->lds, o[0], (int)in->imm,
           (int)in->imm2, o[1], args);
    }
    g->depth--;
    indent(g);
    line_text(g, "}\n");
    return 0;
  }
  default:
    return fail(g, in, "not an asynchronous instruction");
  }
}
