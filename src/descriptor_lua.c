/* descriptor_lua.c - Lua binding of descriptors, transforms and tl.xor_preshuffle (seed 003). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bindings_lua.h"
#include "descriptor.h"
#include "descriptor_lua.h"
#include "preshuffle.h"
#include "tilemap.h"

#define MAXD TLUA_DESC_MAX_DIMS
/* :map() builds a label per element; past this a picture is unreadable anyway. */
#define MAP_MAX_ELEMENTS (1LL << 22)
/* Bank parameters: generous, and small enough that offset * elem_bytes cannot overflow. */
#define BANK_PARAM_MAX (1LL << 20)

/* --- shared argument checks ---------------------------------------------------------------------- */

/* Raises "who: unknown field 'x' (expected ...)" for any key of table idx that is neither one of
 * names (NULL: none) nor an integer in 1..seq_max (0: no positional entries allowed). */
static void check_fields(lua_State *L, int idx, const char *who, const char *const *names,
                         const char *expected, lua_Integer seq_max) {
  idx = lua_absindex(L, idx);
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    int known = 0;
    if (lua_type(L, -2) == LUA_TSTRING) {
      for (const char *const *f = names; f && *f; f++)
        if (strcmp(*f, lua_tostring(L, -2)) == 0) known = 1;
    } else if (lua_isinteger(L, -2)) {
      lua_Integer k = lua_tointeger(L, -2);
      known = k >= 1 && k <= seq_max;
    }
    if (!known) {
      lua_pop(L, 1);
      luaL_error(L, "%s: unknown field '%s' (expected %s)", who, luaL_tolstring(L, -1, NULL), expected);
    }
    lua_pop(L, 1);
  }
}

static void check_table_arg(lua_State *L, int arg, const char *who, const char *shape) {
  if (!lua_istable(L, arg))
    luaL_error(L, "%s: expected a table %s (got %s)", who, shape, luaL_typename(L, arg));
}

/* --- descriptor userdata -------------------------------------------------------------------------- */

const tlua_Descriptor *tlua_to_descriptor(lua_State *L, int idx) {
  return (const tlua_Descriptor *)luaL_testudata(L, idx, TLUA_DESCRIPTOR_MT);
}

const tlua_Descriptor *tlua_check_descriptor(lua_State *L, int idx) {
  return (const tlua_Descriptor *)luaL_checkudata(L, idx, TLUA_DESCRIPTOR_MT);
}

void tlua_push_descriptor(lua_State *L, const tlua_Descriptor *d) {
  tlua_Descriptor *u = (tlua_Descriptor *)lua_newuserdatauv(L, sizeof *u, 0);
  *u = *d;
  luaL_setmetatable(L, TLUA_DESCRIPTOR_MT);
}

static const char *const descriptor_fields[] = {"lengths", "strides", NULL};

/* tl.descriptor{lengths = {...}, strides = {...}}: the naive descriptor (strides default row-major). */
static int l_descriptor(lua_State *L) {
  check_table_arg(L, 1, "descriptor", "{lengths = {...}, strides = {...}}");
  check_fields(L, 1, "descriptor", descriptor_fields, "lengths, strides", 0);
  long long lengths[MAXD], strides[MAXD];
  lua_getfield(L, 1, "lengths");
  if (lua_isnil(L, -1)) return luaL_error(L, "descriptor: field 'lengths' is required");
  int n = tlua_check_int_seq(L, -1, "descriptor", "lengths", lengths, MAXD);
  lua_pop(L, 1);
  int has_strides = 0;
  lua_getfield(L, 1, "strides");
  if (!lua_isnil(L, -1)) {
    int ns = tlua_check_int_seq(L, -1, "descriptor", "strides", strides, MAXD);
    if (ns != n)
      return luaL_error(L, "descriptor: strides has %d entries but lengths has %d (one per dim)", ns, n);
    has_strides = 1;
  }
  lua_pop(L, 1);
  tlua_Descriptor d;
  char err[TLUA_DESC_ERR];
  if (tlua_descriptor_naive(&d, n, lengths, has_strides ? strides : NULL, err))
    return luaL_error(L, "%s", err);
  tlua_push_descriptor(L, &d);
  return 1;
}

/* Reads a top index of d: either a sequence at arg, or ndim integers at arg, arg+1, ... */
static void check_index(lua_State *L, const tlua_Descriptor *d, int arg, const char *who,
                        long long *idx) {
  int nd = tlua_descriptor_ndim(d);
  int n;
  if (lua_type(L, arg) == LUA_TNUMBER) {
    n = lua_gettop(L) - arg + 1;
    if (n > MAXD) n = MAXD + 1;
    for (int i = 0; i < n && i < MAXD; i++) idx[i] = tlua_check_int_arg(L, arg + i, who, "index");
  } else {
    n = tlua_check_int_seq(L, arg, who, "index", idx, MAXD);
  }
  if (n != nd)
    luaL_error(L, "%s: index has %d entries, the descriptor has %d dims", who, n, nd);
}

/* :offset(idx) -> the element's offset; nil when idx lies in padding; an error when out of range. */
static int l_offset(lua_State *L) {
  const tlua_Descriptor *d = tlua_check_descriptor(L, 1);
  long long idx[MAXD], off;
  char err[TLUA_DESC_ERR];
  check_index(L, d, 2, "descriptor:offset", idx);
  if (tlua_descriptor_check_index(d, idx, err)) return luaL_error(L, "descriptor:offset: %s", err);
  if (tlua_descriptor_offset(d, idx, &off)) lua_pushinteger(L, (lua_Integer)off);
  else lua_pushnil(L);
  return 1;
}

/* :valid(idx) -> false for padding and for an index out of range. */
static int l_valid(lua_State *L) {
  const tlua_Descriptor *d = tlua_check_descriptor(L, 1);
  long long idx[MAXD], off;
  check_index(L, d, 2, "descriptor:valid", idx);
  lua_pushboolean(L, tlua_descriptor_offset(d, idx, &off));
  return 1;
}

/* Element offsets in row-major order of the top index, as a userdata on the stack (freed by GC
 * even if an error follows). */
static long long *push_offsets(lua_State *L, const tlua_Descriptor *d, const char *who, long long cap) {
  long long n = tlua_descriptor_size(d);
  if (n > cap)
    luaL_error(L, "%s: %I elements are too many (at most %I)", who, (lua_Integer)n, (lua_Integer)cap);
  long long *v = (long long *)lua_newuserdatauv(L, (size_t)n * sizeof *v, 0);
  tlua_descriptor_offsets(d, v);
  return v;
}

/* :offsets() -> every element's offset, row-major over the top index; false where invalid. */
static int l_offsets(lua_State *L) {
  const tlua_Descriptor *d = tlua_check_descriptor(L, 1);
  long long *v = push_offsets(L, d, "descriptor:offsets", MAP_MAX_ELEMENTS);
  long long n = tlua_descriptor_size(d);
  lua_createtable(L, (int)n, 0);
  for (long long i = 0; i < n; i++) {
    if (v[i] >= 0) lua_pushinteger(L, (lua_Integer)v[i]);
    else lua_pushboolean(L, 0);
    lua_rawseti(L, -2, (lua_Integer)(i + 1));
  }
  return 1;
}

/* Reads one transform list entry {T, lower = {...}, upper = {...}} at stack top into *u. */
static const char *const entry_fields[] = {"lower", "upper", NULL};

static void check_entry(lua_State *L, int entry, tlua_TransformUse *u) {
  char who[64];
  snprintf(who, sizeof who, "descriptor:transform: entry #%d", entry);
  if (!lua_istable(L, -1))
    luaL_error(L, "%s must be a table {T, lower = {...}, upper = {...}} (got %s)", who,
               luaL_typename(L, -1));
  check_fields(L, -1, who, entry_fields, "[1] = transform, lower, upper", 1);
  lua_rawgeti(L, -1, 1);
  const tlua_Transform *t = (const tlua_Transform *)luaL_testudata(L, -1, TLUA_TRANSFORM_MT);
  if (!t)
    luaL_error(L, "%s: [1] must be a transform such as tl.merge{...} (got %s)", who, luaL_typename(L, -1));
  memset(u, 0, sizeof *u);
  u->transform = *t;
  lua_pop(L, 1);
  const char *names[2] = {"lower", "upper"};
  int want[2] = {t->nlow, t->nup};
  int *ids[2] = {u->lower, u->upper};
  char ts[200];
  tlua_transform_format(t, ts, sizeof ts);
  for (int k = 0; k < 2; k++) {
    long long v[MAXD];
    lua_getfield(L, -1, names[k]);
    if (lua_isnil(L, -1))
      luaL_error(L, "%s (%s): field '%s' is required (%d dim id%s)", who, ts, names[k], want[k],
                 want[k] == 1 ? "" : "s");
    int n = tlua_check_int_seq(L, -1, who, names[k], v, MAXD);
    if (n != want[k])
      luaL_error(L, "%s (%s) takes %d %s dim%s, %s lists %d", who, ts, want[k], names[k],
                 want[k] == 1 ? "" : "s", names[k], n);
    for (int j = 0; j < n; j++) {
      if (v[j] < 0 || v[j] >= MAXD)
        luaL_error(L, "%s (%s): %s dim %I does not exist (dims are 0-based, at most %d)", who, ts,
                   names[k], (lua_Integer)v[j], MAXD);
      ids[k][j] = (int)v[j];
    }
    lua_pop(L, 1);
  }
}

/* :transform{{T, lower = {...}, upper = {...}}, ...} -> a new descriptor (CK-style stage). */
static int l_transform(lua_State *L) {
  const tlua_Descriptor *d = tlua_check_descriptor(L, 1);
  check_table_arg(L, 2, "descriptor:transform", "{{T, lower = {...}, upper = {...}}, ...}");
  lua_Integer n = luaL_len(L, 2);
  if (n < 1) return luaL_error(L, "descriptor:transform: needs at least one {T, lower, upper} entry");
  if (n > TLUA_DESC_MAX_TRANSFORMS)
    return luaL_error(L, "descriptor:transform: %I entries, at most %d allowed", n, TLUA_DESC_MAX_TRANSFORMS);
  check_fields(L, 2, "descriptor:transform", NULL, "a sequence of {T, lower, upper} entries", n);
  tlua_TransformUse uses[TLUA_DESC_MAX_TRANSFORMS];
  for (lua_Integer i = 1; i <= n; i++) {
    lua_rawgeti(L, 2, i);
    check_entry(L, (int)i, &uses[i - 1]);
    lua_pop(L, 1);
  }
  tlua_Descriptor *out = (tlua_Descriptor *)lua_newuserdatauv(L, sizeof *out, 0);
  char err[TLUA_DESC_ERR];
  if (tlua_descriptor_transform(d, uses, (int)n, out, err))
    return luaL_error(L, "descriptor:%s", err);
  out->label[0] = '\0'; /* a further transform is no longer the labelled layout */
  luaL_setmetatable(L, TLUA_DESCRIPTOR_MT);
  return 1;
}

/* Pushes the __tostring text. */
static void push_description(lua_State *L, const tlua_Descriptor *d, int verbose) {
  char buf[2048];
  tlua_descriptor_format(d, buf, sizeof buf, verbose);
  lua_pushstring(L, buf);
}

typedef struct MapSpec {
  int bank;                     /* 0: offsets, 1: banks */
  long long banks, bank_bytes, elem_bytes;
  int width;
} MapSpec;

static const char *const map_fields[] = {"banks", "bank_bytes", "elem_bytes", "width", NULL};

/* Reads ([kind[, opts]]) at arg: kind "offset" (default) or "bank". */
static void check_map_args(lua_State *L, int arg, const char *who, MapSpec *s) {
  s->bank = 0;
  s->banks = 32;
  s->bank_bytes = 4;
  s->elem_bytes = 4;
  s->width = 0;
  if (lua_type(L, arg) == LUA_TSTRING) {
    const char *kind = lua_tostring(L, arg);
    if (strcmp(kind, "bank") == 0) s->bank = 1;
    else if (strcmp(kind, "offset") != 0)
      luaL_error(L, "%s: unknown map '%s' (expected \"offset\" or \"bank\")", who, kind);
    arg++;
  } else if (!lua_isnoneornil(L, arg) && !lua_istable(L, arg)) {
    luaL_error(L, "%s: expected \"offset\", \"bank\" or an options table (got %s)", who,
               luaL_typename(L, arg));
  } else if (lua_isnil(L, arg)) {
    arg++;
  }
  if (lua_isnoneornil(L, arg)) return;
  check_table_arg(L, arg, who, "of options {banks, bank_bytes, elem_bytes, width}");
  check_fields(L, arg, who, map_fields, "banks, bank_bytes, elem_bytes, width", 0);
  long long *dst[3] = {&s->banks, &s->bank_bytes, &s->elem_bytes};
  for (int k = 0; k < 3; k++) {
    long long v = tlua_check_int_field(L, arg, who, map_fields[k], *dst[k], 0);
    if (v < 1 || v > BANK_PARAM_MAX)
      luaL_error(L, "%s: %s must be in [1, %I] (got %I)", who, map_fields[k],
                 (lua_Integer)BANK_PARAM_MAX, (lua_Integer)v);
    *dst[k] = v;
  }
  long long w = tlua_check_int_field(L, arg, who, "width", 0, 0);
  if (w < 0 || w > 100000) luaL_error(L, "%s: width must be in [0, 100000] (got %I)", who, (lua_Integer)w);
  s->width = (int)w;
}

/* Builds the label grid (offsets or banks) and title on the stack; fills *m. */
static void prepare_map(lua_State *L, const tlua_Descriptor *d, const MapSpec *s, const char *who,
                        tlua_TileMap *m) {
  int nd = tlua_descriptor_ndim(d);
  if (nd > 2)
    luaL_error(L, "%s: draws 1D and 2D descriptors only (this one has %d dims); transform it to 2D "
                  "with merge first", who, nd);
  long long *v = push_offsets(L, d, who, MAP_MAX_ELEMENTS);
  long long n = tlua_descriptor_size(d);
  int invalid = 0;
  for (long long i = 0; i < n; i++) {
    if (v[i] < 0) invalid = 1;
    else if (s->bank) v[i] = (v[i] * s->elem_bytes / s->bank_bytes) % s->banks; /* seed 003's analyzer */
  }
  push_description(L, d, 0);
  if (s->bank)
    lua_pushfstring(L, "%s\nbank per element (%I banks x %I B, %I B elements)", lua_tostring(L, -1),
                    (lua_Integer)s->banks, (lua_Integer)s->bank_bytes, (lua_Integer)s->elem_bytes);
  else
    lua_pushfstring(L, "%s\noffset per element", lua_tostring(L, -1));
  const long long *len = tlua_descriptor_lengths(d);
  memset(m, 0, sizeof *m);
  m->rows = nd == 1 ? 1 : (int)len[0];
  m->cols = (int)len[nd - 1];
  m->label = v;
  m->group = s->bank ? v : NULL; /* banks are categories: colour each its own */
  m->title = lua_tostring(L, -1);
  m->legend = invalid ? "'.' = padding (no element)" : NULL;
}

/* :map([kind[, opts]]) -> text: the offset (or bank) of every element of a 1D/2D descriptor. */
static int l_map(lua_State *L) {
  const tlua_Descriptor *d = tlua_check_descriptor(L, 1);
  MapSpec s;
  tlua_TileMap m;
  check_map_args(L, 2, "descriptor:map", &s);
  prepare_map(L, d, &s, "descriptor:map", &m);
  char *text = tlua_tilemap_text(&m, s.width);
  if (!text) return luaL_error(L, "descriptor:map: out of memory");
  tlua_push_owned_lstring(L, text, strlen(text));
  return 1;
}

/* :svg(path[, kind[, opts]]) -> true: the same map as an SVG file. */
static int l_svg(lua_State *L) {
  const tlua_Descriptor *d = tlua_check_descriptor(L, 1);
  const char *path = luaL_checkstring(L, 2);
  if (tlua_is_sandboxed(L))
    return luaL_error(L, "descriptor:svg: writing files is not allowed in the sandbox");
  MapSpec s;
  tlua_TileMap m;
  check_map_args(L, 3, "descriptor:svg", &s);
  prepare_map(L, d, &s, "descriptor:svg", &m);
  FILE *f = fopen(path, "w");
  if (!f) return luaL_error(L, "descriptor:svg: cannot open '%s': %s", path, strerror(errno));
  int bad = tlua_tilemap_svg(&m, f);
  if (fclose(f) != 0) bad = -1;
  if (bad) return luaL_error(L, "descriptor:svg: writing '%s' failed", path);
  lua_pushboolean(L, 1);
  return 1;
}

/* :describe() -> the full text, every stage's transforms included. */
static int l_describe(lua_State *L) {
  push_description(L, tlua_check_descriptor(L, 1), 1);
  return 1;
}

static int l_tostring(lua_State *L) {
  push_description(L, tlua_check_descriptor(L, 1), 0);
  return 1;
}

/* Descriptors and transforms own no resource; __gc and __close exist for the uniform protocol. */
static int l_release(lua_State *L) {
  (void)L;
  return 0;
}

static const luaL_Reg descriptor_methods[] = {
  {"offset", l_offset},
  {"valid", l_valid},
  {"offsets", l_offsets},
  {"transform", l_transform},
  {"map", l_map},
  {"svg", l_svg},
  {"describe", l_describe},
  {NULL, NULL}
};

/* __index: methods (upvalue 1), then fields; an unknown name is an error so typos do not pass. */
static int l_descriptor_index(lua_State *L) {
  const tlua_Descriptor *d = tlua_check_descriptor(L, 1);
  const char *key = luaL_checkstring(L, 2);
  lua_getfield(L, lua_upvalueindex(1), key);
  if (!lua_isnil(L, -1)) return 1;
  if (strcmp(key, "lengths") == 0) tlua_push_int_seq(L, tlua_descriptor_lengths(d), tlua_descriptor_ndim(d));
  else if (strcmp(key, "ndim") == 0) lua_pushinteger(L, tlua_descriptor_ndim(d));
  else if (strcmp(key, "size") == 0) lua_pushinteger(L, (lua_Integer)tlua_descriptor_size(d));
  else if (strcmp(key, "element_space") == 0) lua_pushinteger(L, (lua_Integer)d->element_space);
  else if (strcmp(key, "base_lengths") == 0) tlua_push_int_seq(L, d->lengths[0], d->ndims[0]);
  else if (strcmp(key, "base_strides") == 0) tlua_push_int_seq(L, d->strides, d->ndims[0]);
  else if (strcmp(key, "stages") == 0) lua_pushinteger(L, d->nstages);
  else if (strcmp(key, "from") == 0) {
    if (d->label[0]) lua_pushstring(L, d->label);
    else lua_pushnil(L);
  } else
    return luaL_error(L, "descriptor: no field or method '%s' (fields: lengths, ndim, size, "
                         "element_space, base_lengths, base_strides, stages, from)", key);
  return 1;
}

static const luaL_Reg descriptor_meta[] = {
  {"__tostring", l_tostring},
  {"__gc", l_release},
  {"__close", l_release},
  {NULL, NULL}
};

/* --- transforms ---------------------------------------------------------------------------------- */

static int push_transform(lua_State *L, const tlua_Transform *t) {
  tlua_Transform *u = (tlua_Transform *)lua_newuserdatauv(L, sizeof *u, 0);
  *u = *t;
  luaL_setmetatable(L, TLUA_TRANSFORM_MT);
  return 1;
}

/* Reads the sequence table at arg (no other keys) into v; returns its length. */
static int check_seq_arg(lua_State *L, int arg, const char *who, const char *field, const char *shape,
                         long long *v) {
  check_table_arg(L, arg, who, shape);
  int n = tlua_check_int_seq(L, arg, who, field, v, MAXD);
  check_fields(L, arg, who, NULL, shape, n);
  return n;
}

static int l_pass_through(lua_State *L) {
  tlua_Transform t;
  char err[TLUA_DESC_ERR];
  if (tlua_transform_pass_through(&t, tlua_check_int_arg(L, 1, "pass_through", "n"), err))
    return luaL_error(L, "%s", err);
  return push_transform(L, &t);
}

static int l_merge(lua_State *L) {
  long long v[MAXD];
  int n = check_seq_arg(L, 1, "merge", "lengths", "{l0, l1, ...} of the merged lower dims", v);
  tlua_Transform t;
  char err[TLUA_DESC_ERR];
  if (tlua_transform_merge(&t, v, n, err)) return luaL_error(L, "%s", err);
  return push_transform(L, &t);
}

static int l_unmerge(lua_State *L) {
  long long v[MAXD];
  int n = check_seq_arg(L, 1, "unmerge", "lengths", "{u0, u1, ...} of the new upper dims", v);
  tlua_Transform t;
  char err[TLUA_DESC_ERR];
  if (tlua_transform_unmerge(&t, v, n, err)) return luaL_error(L, "%s", err);
  return push_transform(L, &t);
}

static int l_xor(lua_State *L) {
  long long v[MAXD];
  int n = check_seq_arg(L, 1, "xor", "lengths", "{la, lb}", v);
  if (n != 2) return luaL_error(L, "xor: expected {la, lb}, two lengths (got %d)", n);
  tlua_Transform t;
  char err[TLUA_DESC_ERR];
  if (tlua_transform_xor(&t, v[0], v[1], err)) return luaL_error(L, "%s", err);
  return push_transform(L, &t);
}

static const char *const embed_fields[] = {"lengths", "coefficients", NULL};

/* tl.embed{lengths, coefficients} or tl.embed{lengths = {...}, coefficients = {...}} */
static int l_embed(lua_State *L) {
  check_table_arg(L, 1, "embed", "{lengths, coefficients}");
  check_fields(L, 1, "embed", embed_fields, "{lengths, coefficients}", 2);
  long long v[2][MAXD];
  int n[2];
  for (int k = 0; k < 2; k++) {
    lua_rawgeti(L, 1, k + 1);
    if (lua_isnil(L, -1)) {
      lua_pop(L, 1);
      lua_getfield(L, 1, embed_fields[k]);
    }
    if (lua_isnil(L, -1)) return luaL_error(L, "embed: %s is required: tl.embed{lengths, coefficients}", embed_fields[k]);
    n[k] = tlua_check_int_seq(L, -1, "embed", embed_fields[k], v[k], MAXD);
    lua_pop(L, 1);
  }
  if (n[0] != n[1])
    return luaL_error(L, "embed: %d lengths but %d coefficients (one per upper dim)", n[0], n[1]);
  tlua_Transform t;
  char err[TLUA_DESC_ERR];
  if (tlua_transform_embed(&t, v[0], v[1], n[0], err)) return luaL_error(L, "%s", err);
  return push_transform(L, &t);
}

static int l_pad(lua_State *L) {
  long long n = tlua_check_int_arg(L, 1, "pad", "n");
  long long left = tlua_check_int_arg(L, 2, "pad", "left");
  long long right = tlua_check_int_arg(L, 3, "pad", "right");
  tlua_Transform t;
  char err[TLUA_DESC_ERR];
  if (tlua_transform_pad(&t, n, left, right, err)) return luaL_error(L, "%s", err);
  return push_transform(L, &t);
}

static int l_transform_tostring(lua_State *L) {
  const tlua_Transform *t = (const tlua_Transform *)luaL_checkudata(L, 1, TLUA_TRANSFORM_MT);
  char buf[256];
  tlua_transform_format(t, buf, sizeof buf);
  lua_pushstring(L, buf);
  return 1;
}

static int l_transform_index(lua_State *L) {
  const tlua_Transform *t = (const tlua_Transform *)luaL_checkudata(L, 1, TLUA_TRANSFORM_MT);
  const char *key = luaL_checkstring(L, 2);
  long long v[MAXD];
  if (strcmp(key, "kind") == 0) lua_pushstring(L, tlua_transform_name(t->kind));
  else if (strcmp(key, "nlow") == 0) lua_pushinteger(L, t->nlow);
  else if (strcmp(key, "nup") == 0) lua_pushinteger(L, t->nup);
  else if (strcmp(key, "upper_lengths") == 0) tlua_push_int_seq(L, v, tlua_transform_upper_lengths(t, v));
  else if (strcmp(key, "lower_lengths") == 0) {
    int n = tlua_transform_lower_lengths(t, v);
    if (n < 0) lua_pushnil(L); /* embed: any lower length its reach fits */
    else tlua_push_int_seq(L, v, n);
  } else
    return luaL_error(L, "transform: no field '%s' (fields: kind, nlow, nup, upper_lengths, "
                         "lower_lengths)", key);
  return 1;
}

static const luaL_Reg transform_meta[] = {
  {"__tostring", l_transform_tostring},
  {"__index", l_transform_index},
  {"__gc", l_release},
  {"__close", l_release},
  {NULL, NULL}
};

/* --- xor_preshuffle ------------------------------------------------------------------------------ */

static const char *const preshuffle_fields[] = {"k_per_block", "kpack", "m_lds_layer", "m_per_block", NULL};

/* tl.xor_preshuffle{k_per_block, kpack, m_lds_layer = 1, m_per_block} -> descriptor {m, k}. */
static int l_xor_preshuffle(lua_State *L) {
  const char *who = "xor_preshuffle";
  check_table_arg(L, 1, who, "{k_per_block = .., kpack = .., m_lds_layer = 1, m_per_block = ..}");
  check_fields(L, 1, who, preshuffle_fields, "k_per_block, kpack, m_lds_layer, m_per_block", 0);
  tlua_PreshuffleParams p;
  p.k_per_block = tlua_check_int_field(L, 1, who, "k_per_block", 0, 1);
  p.kpack = tlua_check_int_field(L, 1, who, "kpack", 0, 1);
  p.m_lds_layer = tlua_check_int_field(L, 1, who, "m_lds_layer", 1, 0);
  p.m_per_block = tlua_check_int_field(L, 1, who, "m_per_block", 0, 1);
  tlua_Descriptor *out = (tlua_Descriptor *)lua_newuserdatauv(L, sizeof *out, 0);
  char err[TLUA_DESC_ERR];
  if (tlua_xor_preshuffle(&p, out, NULL, err)) return luaL_error(L, "%s", err);
  luaL_setmetatable(L, TLUA_DESCRIPTOR_MT);
  return 1;
}

static const luaL_Reg descriptor_funcs[] = {
  {"descriptor", l_descriptor},
  {"pass_through", l_pass_through},
  {"merge", l_merge},
  {"unmerge", l_unmerge},
  {"xor", l_xor},
  {"embed", l_embed},
  {"pad", l_pad},
  {"xor_preshuffle", l_xor_preshuffle},
  {NULL, NULL}
};

void tlua_open_descriptor(lua_State *L) {
  luaL_setfuncs(L, descriptor_funcs, 0);
  luaL_newmetatable(L, TLUA_DESCRIPTOR_MT);
  luaL_setfuncs(L, descriptor_meta, 0);
  luaL_newlib(L, descriptor_methods);
  lua_pushcclosure(L, l_descriptor_index, 1);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
  luaL_newmetatable(L, TLUA_TRANSFORM_MT);
  luaL_setfuncs(L, transform_meta, 0);
  lua_pop(L, 1);
}
