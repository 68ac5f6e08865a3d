/* ir_lua.c - the tracer's C half: an IR builder as a Lua value ("tilelua.IR"), and the layout facts
 * (distribution digits, descriptor stages) the Lua tracer lowers into IR arithmetic. */
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bindings_lua.h"
#include "descriptor_lua.h"
#include "encoding.h"
#include "ir.h"
#include "ir_serial.h"
#include "wgmma.h"

#define IR_MT "tilelua.IR"

typedef struct IRBox { tlua_IR *ir; } IRBox;

static tlua_IR *check_ir(lua_State *L, int idx) {
  IRBox *b = (IRBox *)luaL_checkudata(L, idx, IR_MT);
  if (!b->ir) luaL_error(L, "IR: the object was already released");
  return b->ir;
}

tlua_IR *tlua_check_ir(lua_State *L, int idx) { return check_ir(L, idx); }

static int check_dtype_name(lua_State *L, int idx) {
  const char *name = luaL_checkstring(L, idx);
  int dt = tlua_dtype_from_name(name);
  if (dt < 0) luaL_error(L, "IR: unknown dtype '%s'", name);
  return dt;
}

/* tl._ir_new(name, block, warp) */
static int l_ir_new(lua_State *L) {
  const char *name = luaL_checkstring(L, 1);
  lua_Integer block = luaL_checkinteger(L, 2), warp = luaL_checkinteger(L, 3);
  IRBox *b = (IRBox *)lua_newuserdatauv(L, sizeof *b, 0);
  b->ir = NULL; /* closed until the resource exists, so an error leaves nothing to free */
  luaL_setmetatable(L, IR_MT);
  b->ir = tlua_ir_new(name, (int)block, (int)warp);
  if (!b->ir) return luaL_error(L, "IR: out of memory");
  return 1;
}

static int m_gc(lua_State *L) {
  IRBox *b = (IRBox *)luaL_checkudata(L, 1, IR_MT);
  tlua_ir_free(b->ir);
  b->ir = NULL;
  return 0;
}

/* ir:param(name, "scalar"|"tensor", dtype, rank) -> index */
static int m_param(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  const char *name = luaL_checkstring(L, 2);
  const char *kind = luaL_checkstring(L, 3);
  int dt = check_dtype_name(L, 4);
  lua_Integer rank = luaL_optinteger(L, 5, 0);
  if (rank < 0 || rank > TLUA_IR_MAX_RANK) luaL_error(L, "IR: rank %d out of 0..%d", (int)rank, TLUA_IR_MAX_RANK);
  if (ir->nparams >= TLUA_IR_MAX_PARAMS) luaL_error(L, "IR: more than %d parameters", TLUA_IR_MAX_PARAMS);
  int id = tlua_ir_add_param(ir, name, strcmp(kind, "tensor") == 0 ? TLUA_PARAM_TENSOR : TLUA_PARAM_SCALAR,
                             (tlua_DType)dt, (int)rank);
  if (id < 0) return luaL_error(L, "IR: out of memory");
  lua_pushinteger(L, id);
  return 1;
}

/* ir:specialize(param, shape_div16, stride_div16, aligned16, last_contiguous[, last_div]): last_div
 * (1, 2, 4, 8 or 16, tlua_tensor_last_div) goes into shape_div16's bits 8..10 */
static int m_specialize(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  lua_Integer p = luaL_checkinteger(L, 2);
  luaL_argcheck(L, p >= 0 && p < ir->nparams, 2, "parameter index out of range");
  ir->verified = 0;
  lua_Integer last_div = luaL_optinteger(L, 7, 1);
  luaL_argcheck(L, last_div >= 1 && last_div <= 16 && (last_div & (last_div - 1)) == 0, 7, "last_div must be 1, 2, 4, 8 or 16");
  uint32_t log2 = 0;
  while ((1 << log2) < last_div) log2++;
  ir->params[p].shape_div16 = ((uint32_t)luaL_checkinteger(L, 3) & 0xffu) | log2 << 8;
  ir->params[p].stride_div16 = (uint32_t)luaL_checkinteger(L, 4);
  ir->params[p].aligned16 = (uint8_t)lua_toboolean(L, 5);
  ir->params[p].last_contiguous = (uint8_t)lua_toboolean(L, 6);
  return 0;
}

/* ir:lds(dtype, count) -> index */
static int m_lds(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  int dt = check_dtype_name(L, 2);
  lua_Integer count = luaL_checkinteger(L, 3);
  if (ir->nlds >= TLUA_IR_MAX_LDS) luaL_error(L, "lds: more than %d LDS buffers in one kernel", TLUA_IR_MAX_LDS);
  int id = tlua_ir_add_lds(ir, (tlua_DType)dt, (int64_t)count);
  if (id < 0) return luaL_error(L, "IR: out of memory");
  lua_pushinteger(L, id);
  return 1;
}

/* ir:mbar(count, arrivals) -> index of a new mbarrier array */
static int m_mbar(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  lua_Integer count = luaL_checkinteger(L, 2), arrivals = luaL_checkinteger(L, 3);
  if (ir->nmbar >= TLUA_IR_MAX_MBAR) luaL_error(L, "mbarrier: more than %d mbarrier arrays in one kernel", TLUA_IR_MAX_MBAR);
  int id = tlua_ir_add_mbar(ir, (int32_t)count, (int32_t)arrivals);
  if (id < 0) return luaL_error(L, "IR: out of memory");
  lua_pushinteger(L, id);
  return 1;
}

/* ir:tma(param, lds, {box, outermost first}, swizzle) -> index of a new TMA descriptor */
static int m_tma(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  tlua_TmaDesc d;
  memset(&d, 0, sizeof d);
  d.param = (int32_t)luaL_checkinteger(L, 2);
  d.lds = (int32_t)luaL_checkinteger(L, 3);
  luaL_checktype(L, 4, LUA_TTABLE);
  lua_Integer rank = luaL_len(L, 4);
  if (rank < 1 || rank > TLUA_IR_MAX_RANK) return luaL_error(L, "IR: TMA box of rank %d", (int)rank);
  d.rank = (int32_t)rank;
  for (int k = 0; k < rank; k++) {
    lua_rawgeti(L, 4, k + 1);
    d.box[k] = (int32_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  d.swizzle = (int32_t)luaL_checkinteger(L, 5);
  if (ir->ntma >= TLUA_IR_MAX_TMA) luaL_error(L, "TMA: more than %d TMA descriptors in one kernel", TLUA_IR_MAX_TMA);
  int id = tlua_ir_add_tma(ir, &d);
  if (id < 0) return luaL_error(L, "IR: out of memory");
  lua_pushinteger(L, id);
  return 1;
}

/* ir:thread_dependent(id, ...) -> booleans: whether each value may differ between the block's threads */
static int m_thread_dependent(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  const int n = lua_gettop(L) - 1;
  for (int k = 0; k < n; k++) luaL_checkinteger(L, 2 + k);  /* before the allocation: no error leaks it */
  luaL_checkstack(L, n, "too many values");
  uint8_t *dep = malloc((size_t)ir->ninstrs + 1);
  if (!dep || tlua_ir_thread_dependent(ir, dep)) {
    free(dep);
    return luaL_error(L, "IR: out of memory");
  }
  for (int k = 0; k < n; k++) {
    lua_Integer id = lua_tointeger(L, 2 + k);
    int d = id >= 0 && id < ir->ninstrs ? dep[id] : 1;
    lua_pushboolean(L, d);
  }
  free(dep);
  return n;
}

/* ir:set_copy_groups(array): the mbarrier array (8 barriers of 1 arrival) of the copy groups */
static int m_set_copy_groups(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  lua_Integer a = luaL_checkinteger(L, 2);
  luaL_argcheck(L, a >= 0 && a < ir->nmbar, 2, "no such mbarrier array");
  ir->copy_groups = (int32_t)a + 1;
  ir->verified = 0;
  return 0;
}

/* ir:set_cluster(n): blocks per cluster along x */
static int m_set_cluster(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  lua_Integer n = luaL_checkinteger(L, 2);
  luaL_argcheck(L, n >= 1 && n <= 16, 2, "cluster size out of 1..16");
  ir->cluster = (int32_t)n;
  ir->verified = 0;
  return 0;
}

/* ir:tma_specs() -> {{param =, box = {..}, swizzle =}, ...}: the TMA descriptors in order (descriptor
 * j is the kernel's tl_tmap<j>; tl._gpu_load takes this list) */
static int m_tma_specs(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  lua_createtable(L, ir->ntma, 0);
  for (int i = 0; i < ir->ntma; i++) {
    const tlua_TmaDesc *d = &ir->tma[i];
    lua_createtable(L, 0, 3);
    lua_pushinteger(L, d->param);
    lua_setfield(L, -2, "param");
    lua_createtable(L, d->rank, 0);
    for (int k = 0; k < d->rank; k++) {
      lua_pushinteger(L, d->box[k]);
      lua_rawseti(L, -2, k + 1);
    }
    lua_setfield(L, -2, "box");
    lua_pushinteger(L, d->swizzle);
    lua_setfield(L, -2, "swizzle");
    lua_rawseti(L, -2, i + 1);
  }
  return 1;
}

static int m_region(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  int id = tlua_ir_new_region(ir);
  if (id < 0) return luaL_error(L, "IR: out of memory");
  lua_pushinteger(L, id);
  return 1;
}

static int op_from_name(const char *name) {
  for (int op = 0; op < TLUA_NOPS; op++)
    if (strcmp(tlua_op_name((tlua_Op)op), name) == 0) return op;
  return -1;
}

static int int_field(lua_State *L, int t, const char *k, lua_Integer dflt) {
  lua_getfield(L, t, k);
  lua_Integer v = lua_isnil(L, -1) ? dflt : lua_tointeger(L, -1);
  lua_pop(L, 1);
  return (int)v;
}

/* ir:emit(region, op, dtype|nil, {operands}, line, {imm=, imm2=, fimm=, vec=, vec_lane=,
 *         atomic_op=, order=, scope=, space=, want_old=, region0=, region1=}|nil[, src_line]) -> id */
static int m_emit(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  int region = (int)luaL_checkinteger(L, 2);
  const char *opname = luaL_checkstring(L, 3);
  int op = op_from_name(opname);
  if (op < 0) return luaL_error(L, "IR: unknown op '%s'", opname);
  int has_value = !lua_isnil(L, 4);
  int dt = has_value ? check_dtype_name(L, 4) : TLUA_I32;
  luaL_checktype(L, 5, LUA_TTABLE);
  int32_t small[64], *ops = small;
  lua_Integer n = luaL_len(L, 5);
  if (n > (1 << 20)) return luaL_error(L, "IR: %I operands (at most 2^20)", n);
  /* loops carrying many values (GEMM accumulators) need more: a userdata the GC reclaims */
  if (n > 64) ops = (int32_t *)lua_newuserdatauv(L, (size_t)n * sizeof *ops, 0);
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, 5, i);
    ops[i - 1] = (int32_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  if (region < 0 || region >= ir->nregions) return luaL_error(L, "IR: region %d does not exist", region);
  int line = (int)luaL_optinteger(L, 6, 0);
  int id = tlua_ir_emit(ir, region, (tlua_Op)op, (tlua_DType)dt, has_value, ops, (int)n, line);
  if (id < 0) return luaL_error(L, "IR: out of memory");
  tlua_ir_instr(ir, id)->src_line = (int32_t)luaL_optinteger(L, 8, 0);
  if (lua_istable(L, 7)) {
    tlua_Instr *in = tlua_ir_instr(ir, id);
    lua_getfield(L, 7, "imm");
    if (!lua_isnil(L, -1)) {
      if (lua_isinteger(L, -1)) in->imm = (int64_t)lua_tointeger(L, -1);
      else in->imm = (int64_t)lua_tonumber(L, -1);
    }
    lua_pop(L, 1);
    lua_getfield(L, 7, "fimm");
    if (!lua_isnil(L, -1)) in->fimm = lua_tonumber(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, 7, "imm2");
    if (!lua_isnil(L, -1)) in->imm2 = (int64_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    in->vec = (uint8_t)int_field(L, 7, "vec", in->vec);
    in->vec_lane = (uint8_t)int_field(L, 7, "vec_lane", in->vec_lane);
    in->atomic_op = (uint8_t)int_field(L, 7, "atomic_op", in->atomic_op);
    in->order = (uint8_t)int_field(L, 7, "order", in->order);
    in->scope = (uint8_t)int_field(L, 7, "scope", in->scope);
    in->space = (uint8_t)int_field(L, 7, "space", in->space);
    in->want_old = (uint8_t)int_field(L, 7, "want_old", in->want_old);
    in->region[0] = int_field(L, 7, "region0", in->region[0]);
    in->region[1] = int_field(L, 7, "region1", in->region[1]);
  }
  lua_pushinteger(L, id);
  return 1;
}

/* ir:set_source(name): the file #line names (the user's script, or the body's file in tilelua's own kernels) */
static int m_set_source(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  const char *s = luaL_checkstring(L, 2);
  strncpy(ir->source_name, s, sizeof ir->source_name - 1);
  ir->source_name[sizeof ir->source_name - 1] = '\0';
  return 0;
}

static int m_verify(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  char err[512];
  if (tlua_ir_verified(ir, err, sizeof err) != 0) return luaL_error(L, "IR verifier: %s", err);
  lua_pushboolean(L, 1);
  return 1;
}

static int m_print(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  char *s = tlua_ir_print(ir);
  if (!s) return luaL_error(L, "IR: out of memory");
  tlua_push_owned_lstring(L, s, strlen(s));
  return 1;
}

static int m_count(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  lua_pushinteger(L, ir->ninstrs);
  return 1;
}

/* ir:order_dependent() -> whether an atomic's old value is used: then which thread got which
 * value depends on the order the hardware ran them (tickets, slots), and two correct runs may
 * differ by a permutation */
static int m_order_dependent(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  int dep = 0;
  for (int i = 0; i < ir->ninstrs && !dep; i++)
    dep = ir->instrs[i].op == TLUA_OP_ATOMIC && ir->instrs[i].has_value;
  lua_pushboolean(L, dep);
  return 1;
}

static int m_tostring(lua_State *L) {
  IRBox *b = (IRBox *)luaL_checkudata(L, 1, IR_MT);
  if (!b->ir) lua_pushliteral(L, "IR{released}");
  else lua_pushfstring(L, "IR{kernel=%s, block=%d, warp=%d, instructions=%d}", b->ir->name,
                       (int)b->ir->block, (int)b->ir->warp, (int)b->ir->ninstrs);
  return 1;
}

/* --- layout facts for the tracer ---------------------------------------------------------------- */

/* tl._dist_facts(dist) -> {ndim, threads, elements, replicas, vector, lengths={..},
 *   tterms = {{div=, len=, dim=, stride=}, ...} (dim 0-based, -1 replication),
 *   offsets = {{d0, d1, ..} per y (0-based y at index y+1)}} */
static int l_dist_facts(lua_State *L) {
  const tlua_Distribution *d = (const tlua_Distribution *)luaL_checkudata(L, 1, "tilelua.Distribution");
  if (d->elements > 65536) return luaL_error(L, "window: %lld elements per thread is more than 65536", d->elements);
  lua_createtable(L, 0, 8);
  lua_pushinteger(L, d->enc.ndim); lua_setfield(L, -2, "ndim");
  lua_pushinteger(L, d->threads); lua_setfield(L, -2, "threads");
  lua_pushinteger(L, d->elements); lua_setfield(L, -2, "elements");
  lua_pushinteger(L, d->replicas); lua_setfield(L, -2, "replicas");
  lua_pushinteger(L, tlua_dist_vector(d)); lua_setfield(L, -2, "vector");
  tlua_push_int_seq(L, d->lengths, d->enc.ndim); lua_setfield(L, -2, "lengths");
  lua_createtable(L, d->nt, 0);
  for (int i = 0; i < d->nt; i++) {
    const tlua_DistTerm *t = &d->tterm[i];
    lua_createtable(L, 0, 4);
    lua_pushinteger(L, t->div); lua_setfield(L, -2, "div");
    lua_pushinteger(L, t->len); lua_setfield(L, -2, "len");
    lua_pushinteger(L, t->dim); lua_setfield(L, -2, "dim");
    lua_pushinteger(L, t->stride); lua_setfield(L, -2, "stride");
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "tterms");
  lua_createtable(L, (int)d->elements, 0);
  long long off[TLUA_ENC_MAX_DIMS];
  for (long long y = 0; y < d->elements; y++) {
    tlua_dist_offset(d, y, off);
    tlua_push_int_seq(L, off, d->enc.ndim);
    lua_rawseti(L, -2, (lua_Integer)y + 1);
  }
  lua_setfield(L, -2, "offsets");
  return 1;
}

/* tl._desc_facts(desc) -> {strides={..}, bottom={lengths}, top={lengths}, element_space=,
 *   stages = {{ {kind=, lower={..}, upper={..}, lengths={..}, coefficients={..}}, ...}, ...}} */
static int l_desc_facts(lua_State *L) {
  const tlua_Descriptor *d = tlua_check_descriptor(L, 1);
  lua_createtable(L, 0, 5);
  tlua_push_int_seq(L, d->strides, d->ndims[0]); lua_setfield(L, -2, "strides");
  tlua_push_int_seq(L, d->lengths[0], d->ndims[0]); lua_setfield(L, -2, "bottom");
  tlua_push_int_seq(L, d->lengths[d->nstages], d->ndims[d->nstages]); lua_setfield(L, -2, "top");
  lua_pushinteger(L, d->element_space); lua_setfield(L, -2, "element_space");
  lua_createtable(L, d->nstages, 0);
  for (int s = 1; s <= d->nstages; s++) {
    int first = s == 1 ? 0 : d->stage_end[s - 1];
    int last = d->stage_end[s];
    lua_createtable(L, last - first, 0);
    for (int u = first; u < last; u++) {
      const tlua_TransformUse *use = &d->uses[u];
      const tlua_Transform *t = &use->transform;
      long long low[TLUA_DESC_MAX_DIMS], up[TLUA_DESC_MAX_DIMS];
      for (int i = 0; i < t->nlow; i++) low[i] = use->lower[i];
      for (int i = 0; i < t->nup; i++) up[i] = use->upper[i];
      lua_createtable(L, 0, 5);
      lua_pushstring(L, tlua_transform_name(t->kind)); lua_setfield(L, -2, "kind");
      tlua_push_int_seq(L, low, t->nlow); lua_setfield(L, -2, "lower");
      tlua_push_int_seq(L, up, t->nup); lua_setfield(L, -2, "upper");
      int nl = t->kind == TLUA_TRANSFORM_MERGE ? t->nlow
             : (t->kind == TLUA_TRANSFORM_UNMERGE || t->kind == TLUA_TRANSFORM_EMBED) ? t->nup
             : t->kind == TLUA_TRANSFORM_XOR ? 2 : 1;
      tlua_push_int_seq(L, t->lengths, nl); lua_setfield(L, -2, "lengths");
      tlua_push_int_seq(L, t->coefficients, t->kind == TLUA_TRANSFORM_PAD ? 2 : nl);
      lua_setfield(L, -2, "coefficients");
      lua_rawseti(L, -2, u - first + 1);
    }
    lua_rawseti(L, -2, s);
  }
  lua_setfield(L, -2, "stages");
  return 1;
}

/* tl._ir_serialize(ir) -> string (the cache's front index stores traced kernels this way) */
static int l_ir_serialize(lua_State *L) {
  tlua_IR *ir = check_ir(L, 1);
  void *buf;
  size_t len;
  char err[256];
  if (tlua_ir_serialize(ir, &buf, &len, err, sizeof err) != 0) return luaL_error(L, "%s", err);
  tlua_push_owned_lstring(L, (char *)buf, len);
  return 1;
}

/* tl._ir_deserialize(s) -> IR (verified), or an error naming what is wrong with the bytes */
static int l_ir_deserialize(lua_State *L) {
  size_t len;
  const char *s = luaL_checklstring(L, 1, &len);
  IRBox *b = (IRBox *)lua_newuserdatauv(L, sizeof *b, 0);
  b->ir = NULL;
  luaL_setmetatable(L, IR_MT);
  char err[512];
  if (tlua_ir_deserialize(s, len, &b->ir, err, sizeof err) != 0) return luaL_error(L, "%s", err);
  return 1;
}

static const luaL_Reg ir_methods[] = {
  {"param", m_param}, {"specialize", m_specialize}, {"lds", m_lds}, {"region", m_region},
  {"mbar", m_mbar}, {"tma", m_tma}, {"tma_specs", m_tma_specs}, {"set_cluster", m_set_cluster},
  {"set_copy_groups", m_set_copy_groups}, {"thread_dependent", m_thread_dependent},
  {"emit", m_emit}, {"set_source", m_set_source}, {"verify", m_verify}, {"print", m_print},
  {"count", m_count}, {"order_dependent", m_order_dependent}, {NULL, NULL}
};
static const luaL_Reg ir_meta[] = {
  {"__gc", m_gc}, {"__close", m_gc}, {"__tostring", m_tostring}, {NULL, NULL}
};
/* tl._wgmma_pack{lds_a, lds_b, n, bf16, trans_a, trans_b, ksteps, a_step, b_step, a_lbo, a_sbo, b_lbo,
 * b_sbo[, pending = 0..7, scale_op = 0|1, fp8 = 0|1|2, a_regs = 0|1]} -> imm, imm2 of a WGMMA instruction (wgmma.h); an error names a field out of range. */
static int l_wgmma_pack(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  static const char *const names[] = {"lds_a", "lds_b", "n", "bf16", "trans_a", "trans_b", "ksteps",
                                      "a_step", "b_step", "a_lbo", "a_sbo", "b_lbo", "b_sbo"};
  int v[13];
  for (int i = 0; i < 13; i++) {
    lua_getfield(L, 1, names[i]);
    int ok;
    lua_Integer x = lua_tointegerx(L, -1, &ok);
    if (!ok || x < INT32_MIN || x > INT32_MAX) return luaL_error(L, "wgmma: field %s must be an integer", names[i]);
    v[i] = (int)x;
    lua_pop(L, 1);
  }
  lua_getfield(L, 1, "pending");
  const int pending = (int)luaL_optinteger(L, -1, 0);
  if (pending < 0 || pending > TLUA_WGMMA_MAX_PENDING)
    return luaL_error(L, "wgmma: pending %d is not 0..%d (groups left in flight)", pending, TLUA_WGMMA_MAX_PENDING);
  lua_getfield(L, 1, "scale_op");
  const int scale_op = lua_toboolean(L, -1) && lua_tointeger(L, -1) != 0;
  lua_pop(L, 2);
  lua_getfield(L, 1, "fp8");
  const int fp8 = (int)luaL_optinteger(L, -1, 0);
  lua_getfield(L, 1, "a_regs");
  const int a_regs = (int)luaL_optinteger(L, -1, 0) != 0;
  lua_pop(L, 2);
  tlua_Wgmma w = {.lds_a = v[0], .lds_b = v[1], .n = v[2], .bf16 = v[3], .fp8 = fp8, .trans_a = v[4], .trans_b = v[5],
                  .ksteps = v[6], .a_step = v[7], .b_step = v[8], .a_lbo = v[9], .a_sbo = v[10], .b_lbo = v[11],
                  .b_sbo = v[12], .pending = pending, .scale_op = scale_op, .a_regs = a_regs};
  int64_t imm, imm2;
  if (tlua_wgmma_pack(&w, &imm, &imm2))
    return luaL_error(L, "wgmma: fields out of range (n %d: 8..256, multiple of 8; ksteps %d: 1..31; steps and "
                      "descriptor offsets multiples of 16 below 256 KiB: a %d/%d/%d, b %d/%d/%d)", w.n, w.ksteps,
                      w.a_step, w.a_lbo, w.a_sbo, w.b_step, w.b_lbo, w.b_sbo);
  lua_pushinteger(L, (lua_Integer)imm);
  lua_pushinteger(L, (lua_Integer)imm2);
  return 2;
}

/* tl._wgmma_addr(imm, imm2, operand, start, step, mn, k) -> the byte offset the hardware reads element
 * (mn, k) of that step of operand A (0) or B (1) from (tlua_wgmma_addr); tl._wgmma_swizzle(a) */
static int l_wgmma_addr(lua_State *L) {
  tlua_Wgmma w;
  if (tlua_wgmma_unpack(luaL_checkinteger(L, 1), luaL_checkinteger(L, 2), &w)) return luaL_error(L, "wgmma: bad immediates");
  lua_pushinteger(L, (lua_Integer)tlua_wgmma_addr(&w, luaL_checkinteger(L, 3) != 0, luaL_checkinteger(L, 4),
                                                  (int)luaL_checkinteger(L, 5), (int)luaL_checkinteger(L, 6),
                                                  (int)luaL_checkinteger(L, 7)));
  return 1;
}
static int l_wgmma_swizzle(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)tlua_wgmma_swizzle(luaL_checkinteger(L, 1)));
  return 1;
}

static const luaL_Reg ir_funcs[] = {
  {"_wgmma_pack", l_wgmma_pack}, {"_wgmma_addr", l_wgmma_addr}, {"_wgmma_swizzle", l_wgmma_swizzle},
  {"_ir_new", l_ir_new}, {"_dist_facts", l_dist_facts}, {"_desc_facts", l_desc_facts},
  {"_ir_serialize", l_ir_serialize}, {"_ir_deserialize", l_ir_deserialize},
  {NULL, NULL}
};

void tlua_open_ir(lua_State *L) {
  luaL_newmetatable(L, IR_MT);
  luaL_setfuncs(L, ir_meta, 0);
  luaL_newlib(L, ir_methods);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  luaL_setfuncs(L, ir_funcs, 0);
  lua_pushinteger(L, TLUA_LDS_MAX);
  lua_setfield(L, -2, "_lds_max");
}
