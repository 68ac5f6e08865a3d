/* bank_lua.c - Lua bindings of the bank-conflict model: tl.bank_conflicts{...}, tl.bank_model(target). */
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bank.h"
#include "bindings_lua.h"

static const char *const conflict_fields[] = {
  "offsets", "elem_bytes", "vector", "banks", "bank_bytes", "target", "warp", "phase", "phases",
  "max_access_bytes", "op", "details", NULL
};

/* Rejects keys the function does not know, so a typo (elem_byte = 2) is an error, not a default. */
static void check_known_fields(lua_State *L, int idx, const char *who, const char *const *known) {
  lua_pushnil(L);
  while (lua_next(L, idx) != 0) {
    lua_pop(L, 1);
    int ok = 0;
    if (lua_type(L, -1) == LUA_TSTRING) {
      const char *k = lua_tostring(L, -1);
      for (int i = 0; known[i]; i++) ok |= strcmp(k, known[i]) == 0;
      if (!ok) luaL_error(L, "%s: unknown field '%s'", who, k);
    } else {
      luaL_error(L, "%s: expects a table of named fields (got a %s key)", who,
                 luaL_typename(L, -1));
    }
  }
}

static int positive_field(lua_State *L, int idx, const char *who, const char *field, long long dflt,
                          long long max) {
  long long v = tlua_check_int_field(L, idx, who, field, dflt, 0);
  if (v < 1 || v > max)
    luaL_error(L, "%s: %s must be in 1..%d (got %d)", who, field, (int)max, (int)v);
  return (int)v;
}

/* Reads target (string or nil) and the overridable parameters into *m. */
static void read_model(lua_State *L, int idx, const char *who, int threads, tlua_BankModel *m) {
  lua_getfield(L, idx, "target");
  if (!lua_isnil(L, -1) && lua_type(L, -1) != LUA_TSTRING)
    luaL_error(L, "%s: target must be a string such as \"sm_90\" or \"gfx90a\" (got %s)", who,
               luaL_typename(L, -1));
  const char *target = lua_tostring(L, -1);
  char err[256];
  if (tlua_bank_model(m, target, threads, err) != 0) {
    lua_pop(L, 1);
    luaL_error(L, "%s: %s", who, err);
  }
  lua_pop(L, 1);
  m->warp = positive_field(L, idx, who, "warp", m->warp, TLUA_BANK_MAX_LANES);
  m->banks = positive_field(L, idx, who, "banks", m->banks, TLUA_BANK_MAX_BANKS);
  m->bank_bytes = positive_field(L, idx, who, "bank_bytes", m->bank_bytes, 64);
  m->max_access_bytes = positive_field(L, idx, who, "max_access_bytes", m->max_access_bytes,
                                       TLUA_BANK_MAX_BYTES);
}

/* phases = {{0, 1, ...}, {...}}: explicit lane groups that must partition 0..threads-1. */
static int read_phases(lua_State *L, int idx, const char *who, int threads, int *phase_of) {
  lua_getfield(L, idx, "phases");
  if (lua_isnil(L, -1)) { lua_pop(L, 1); return 0; }
  if (!lua_istable(L, -1))
    luaL_error(L, "%s: phases must be a sequence of thread-id sequences (got %s)", who,
               luaL_typename(L, -1));
  int tab = lua_gettop(L);
  lua_Integer n = luaL_len(L, tab);
  if (n < 1 || n > threads)
    luaL_error(L, "%s: phases must hold 1..%d groups (got %d)", who, threads, (int)n);
  for (int t = 0; t < threads; t++) phase_of[t] = -1;
  for (lua_Integer p = 1; p <= n; p++) {
    lua_rawgeti(L, tab, p);
    char what[32];
    snprintf(what, sizeof what, "phases[%d]", (int)p);
    long long ids[TLUA_BANK_MAX_LANES];
    int k = tlua_check_int_seq(L, -1, who, what, ids, threads);
    if (k == 0) luaL_error(L, "%s: %s is empty", who, what);
    for (int i = 0; i < k; i++) {
      if (ids[i] < 0 || ids[i] >= threads)
        luaL_error(L, "%s: %s[%d] = %d is not a thread id in 0..%d", who, what, i + 1, (int)ids[i],
                   threads - 1);
      if (phase_of[ids[i]] >= 0)
        luaL_error(L, "%s: thread %d is in phases[%d] and phases[%d]", who, (int)ids[i],
                   phase_of[ids[i]] + 1, (int)p);
      phase_of[ids[i]] = (int)p - 1;
    }
    lua_pop(L, 1);
  }
  for (int t = 0; t < threads; t++)
    if (phase_of[t] < 0) luaL_error(L, "%s: thread %d is in no phase", who, t);
  lua_pop(L, 1);
  return (int)n;
}

static void set_int(lua_State *L, const char *k, long long v) {
  lua_pushinteger(L, (lua_Integer)v);
  lua_setfield(L, -2, k);
}

static void push_ints(lua_State *L, const int *v, int n) {
  lua_createtable(L, n, 0);
  for (int i = 0; i < n; i++) {
    lua_pushinteger(L, v[i]);
    lua_rawseti(L, -2, i + 1);
  }
}

static void push_model(lua_State *L, const tlua_BankModel *m) {
  lua_createtable(L, 0, 8);
  lua_pushstring(L, m->name);
  lua_setfield(L, -2, "target");
  lua_pushstring(L, m->vendor == TLUA_BANK_AMD ? "amd" : "nvidia");
  lua_setfield(L, -2, "vendor");
  set_int(L, "warp", m->warp);
  set_int(L, "banks", m->banks);
  set_int(L, "bank_bytes", m->bank_bytes);
  set_int(L, "max_access_bytes", m->max_access_bytes);
  /* phase_lanes[bytes] for bytes = 1, 2, 4, 8, 16: a map, since the keys are widths */
  lua_createtable(L, 0, TLUA_BANK_WIDTHS);
  for (int i = 0; i < TLUA_BANK_WIDTHS; i++) {
    lua_pushinteger(L, m->phase_lanes[i]);
    lua_rawseti(L, -2, 1 << i);
  }
  lua_setfield(L, -2, "phase_lanes");
}

/* tl.bank_conflicts{offsets = {...}, elem_bytes = 4, vector = 1, target = ..., ...}
 * -> degree, details */
static int l_bank_conflicts(lua_State *L) {
  const char *who = "bank_conflicts";
  luaL_checktype(L, 1, LUA_TTABLE);
  check_known_fields(L, 1, who, conflict_fields);
  lua_getfield(L, 1, "offsets");
  if (lua_isnil(L, -1)) luaL_error(L, "%s: field 'offsets' is required", who);
  long long offsets[TLUA_BANK_MAX_LANES];
  int threads = tlua_check_int_seq(L, -1, who, "offsets", offsets, TLUA_BANK_MAX_LANES);
  lua_pop(L, 1);
  if (threads == 0) luaL_error(L, "%s: offsets is empty (one offset per thread expected)", who);

  tlua_BankModel m;
  read_model(L, 1, who, threads, &m);
  tlua_BankAccess a = {0};
  a.offsets = offsets;
  a.threads = threads;
  a.elem_bytes = positive_field(L, 1, who, "elem_bytes", 4, 64);
  a.vector = positive_field(L, 1, who, "vector", 1, TLUA_BANK_MAX_BYTES);
  lua_getfield(L, 1, "phase");
  if (!lua_isnil(L, -1)) a.phase_lanes = positive_field(L, 1, who, "phase", 0, TLUA_BANK_MAX_LANES);
  lua_pop(L, 1);
  lua_getfield(L, 1, "op");
  if (!lua_isnil(L, -1)) {
    const char *op = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : NULL;
    if (!op || (strcmp(op, "read") != 0 && strcmp(op, "write") != 0))
      luaL_error(L, "%s: op must be \"read\" or \"write\" (got %s)", who,
                 op ? op : luaL_typename(L, -1));
    a.is_write = strcmp(op, "write") == 0;
  }
  lua_pop(L, 1);
  lua_getfield(L, 1, "details");
  int want_details = lua_isnil(L, -1) || lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (threads > m.warp)
    luaL_error(L, "%s: %d offsets given, a %s warp has at most %d threads", who, threads, m.name,
               m.warp);
  int phase_of[TLUA_BANK_MAX_LANES];
  a.n_phases = read_phases(L, 1, who, threads, phase_of);
  if (a.n_phases) a.phase_of = phase_of;

  /* every phase holds at least one thread: instructions * threads bounds the phase count */
  int access = a.elem_bytes * a.vector;
  if (access > TLUA_BANK_MAX_BYTES)
    luaL_error(L, "%s: vector*elem_bytes must be at most %d bytes (got %d*%d)", who,
               TLUA_BANK_MAX_BYTES, a.vector, a.elem_bytes);
  int chunk = access < m.max_access_bytes ? access : m.max_access_bytes;
  int phase_cap = ((access + chunk - 1) / chunk) * threads;
  int *phase_deg = want_details ? lua_newuserdatauv(L, sizeof(int) * (size_t)phase_cap, 0) : NULL;
  int bank_of[TLUA_BANK_MAX_LANES];
  tlua_BankResult r;
  char err[256];
  if (tlua_bank_conflicts(&m, &a, &r, phase_deg, phase_cap, want_details ? bank_of : NULL, err) != 0)
    luaL_error(L, "%s", err);

  lua_pushinteger(L, r.degree);
  if (!want_details) return 1;
  push_model(L, &m);  /* the details table starts as the model's parameters */
  lua_pushstring(L, a.is_write ? "write" : "read");
  lua_setfield(L, -2, "op");
  set_int(L, "degree", r.degree);
  set_int(L, "cycles", r.cycles);
  set_int(L, "phases", r.phases);
  set_int(L, "instructions", r.instructions);
  set_int(L, "access_bytes", r.access_bytes);
  if (r.phase_lanes) set_int(L, "phase_size", r.phase_lanes);  /* absent with explicit phases */
  set_int(L, "threads", threads);
  push_ints(L, phase_deg, r.phases);
  lua_setfield(L, -2, "phase_degrees");
  push_ints(L, bank_of, threads);
  lua_setfield(L, -2, "thread_banks");
  return 2;
}

/* tl.bank_model(target [, threads]) -> the parameters the model uses for that target. */
static int l_bank_model(lua_State *L) {
  const char *target = luaL_optstring(L, 1, NULL);
  lua_Integer threads = luaL_optinteger(L, 2, 32);
  tlua_BankModel m;
  char err[256];
  if (tlua_bank_model(&m, target, (int)threads, err) != 0) luaL_error(L, "%s", err);
  push_model(L, &m);
  return 1;
}

static const luaL_Reg bank_funcs[] = {
  {"bank_conflicts", l_bank_conflicts},
  {"bank_model", l_bank_model},
  {NULL, NULL}
};

void tlua_open_bank(lua_State *L) {
  luaL_setfuncs(L, bank_funcs, 0);
}
