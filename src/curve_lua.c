/* curve_lua.c - Lua binding of space-filling curves: tl.curve{...} and the "tilelua.Curve" userdata. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bindings_lua.h"
#include "curve.h"
#include "tilemap.h"

#define CURVE_MT "tilelua.Curve"
/* :map() builds a label per element; past this a picture is unreadable anyway. */
#define MAP_MAX_ELEMENTS (1LL << 22)
/* :map() of a 3D+ curve draws one grid per slice of the leading dimensions, at most this many. */
#define MAP_MAX_SLICES 16

static tlua_Curve *check_curve(lua_State *L) {
  return (tlua_Curve *)luaL_checkudata(L, 1, CURVE_MT);
}

/* Reads an optional integer sequence field of the argument table that must have ndim entries. */
static int opt_dim_seq(lua_State *L, const char *field, int ndim, long long *out) {
  lua_getfield(L, 1, field);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    return 0;
  }
  int n = tlua_check_int_seq(L, -1, "curve", field, out, TLUA_CURVE_MAX_DIMS);
  if (n != ndim)
    luaL_error(L, "curve: %s has %d entries but lengths has %d (one per dimension)", field, n,
               ndim);
  lua_pop(L, 1);
  return 1;
}

static const char *const curve_fields[] = {"lengths", "order", "vector", "snake", NULL};

static int l_curve(lua_State *L) {
  if (!lua_istable(L, 1))
    return luaL_error(L, "curve: expected a table {lengths = {...}, order = {...}, vector = {...}, "
                         "snake = false} (got %s)", luaL_typename(L, 1));
  /* a misspelt field would otherwise silently take its default */
  lua_pushnil(L);
  while (lua_next(L, 1)) {
    int known = 0;
    if (lua_type(L, -2) == LUA_TSTRING)
      for (const char *const *f = curve_fields; *f; f++)
        if (strcmp(*f, lua_tostring(L, -2)) == 0) known = 1;
    if (!known) {
      lua_pop(L, 1);
      return luaL_error(L, "curve: unknown field '%s' (expected lengths, order, vector, snake)",
                        luaL_tolstring(L, -1, NULL));
    }
    lua_pop(L, 1);
  }
  long long lengths[TLUA_CURVE_MAX_DIMS], order[TLUA_CURVE_MAX_DIMS], vector[TLUA_CURVE_MAX_DIMS];
  lua_getfield(L, 1, "lengths");
  if (lua_isnil(L, -1)) return luaL_error(L, "curve: field 'lengths' is required");
  int ndim = tlua_check_int_seq(L, -1, "curve", "lengths", lengths, TLUA_CURVE_MAX_DIMS);
  lua_pop(L, 1);
  int has_order = opt_dim_seq(L, "order", ndim, order);
  int has_vector = opt_dim_seq(L, "vector", ndim, vector);
  lua_getfield(L, 1, "snake");
  if (!lua_isnil(L, -1) && !lua_isboolean(L, -1))
    return luaL_error(L, "curve: snake must be a boolean (got %s)", luaL_typename(L, -1));
  int snake = lua_toboolean(L, -1);
  lua_pop(L, 1);

  tlua_Curve c;
  char err[TLUA_CURVE_ERRLEN];
  if (tlua_curve_init(&c, ndim, lengths, has_order ? order : NULL, has_vector ? vector : NULL,
                      snake, err))
    return luaL_error(L, "%s", err);
  tlua_Curve *u = (tlua_Curve *)lua_newuserdatauv(L, sizeof *u, 0);
  *u = c;
  luaL_setmetatable(L, CURVE_MT);
  return 1;
}

/* Argument arg as an access index; the range is checked by the C core. */
static long long check_access_arg(lua_State *L, int arg, const char *method) {
  char who[32];
  snprintf(who, sizeof who, "curve:%s", method);
  return tlua_check_int_arg(L, arg, who, "access index");
}

static int l_num_access(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)check_curve(L)->num_access);
  return 1;
}

static int l_index(lua_State *L) {
  tlua_Curve *c = check_curve(L);
  long long out[TLUA_CURVE_MAX_DIMS];
  char err[TLUA_CURVE_ERRLEN];
  if (tlua_curve_index(c, check_access_arg(L, 2, "index"), out, err))
    return luaL_error(L, "%s", err);
  tlua_push_int_seq(L, out, c->ndim);
  return 1;
}

static int l_step(lua_State *L) {
  tlua_Curve *c = check_curve(L);
  long long i = check_access_arg(L, 2, "step"), j = check_access_arg(L, 3, "step");
  long long out[TLUA_CURVE_MAX_DIMS];
  char err[TLUA_CURVE_ERRLEN];
  if (tlua_curve_step(c, i, j, out, err)) return luaL_error(L, "%s", err);
  tlua_push_int_seq(L, out, c->ndim);
  return 1;
}

static int l_valid(lua_State *L) {
  tlua_Curve *c = check_curve(L);
  long long out[TLUA_CURVE_MAX_DIMS];
  char err[TLUA_CURVE_ERRLEN];
  if (tlua_curve_valid(c, check_access_arg(L, 2, "valid"), out, err))
    return luaL_error(L, "%s", err);
  tlua_push_int_seq(L, out, c->ndim);
  return 1;
}

/* Generic-for step: (curve, previous i) -> i, index(i); nil after the last access. */
static int accesses_next(lua_State *L) {
  tlua_Curve *c = check_curve(L);
  long long i = (long long)luaL_checkinteger(L, 2) + 1;
  if (i < 0 || i >= c->num_access) return 0;
  long long out[TLUA_CURVE_MAX_DIMS];
  tlua_curve_index(c, i, out, NULL);
  lua_pushinteger(L, (lua_Integer)i);
  tlua_push_int_seq(L, out, c->ndim);
  return 2;
}

static int l_accesses(lua_State *L) {
  check_curve(L);
  lua_pushcfunction(L, accesses_next);
  lua_pushvalue(L, 1);
  lua_pushinteger(L, -1);
  return 3;
}

/* :analyze([line]) or :analyze{line = n}: seed 000's locality classes, line in elements. */
static int l_analyze(lua_State *L) {
  tlua_Curve *c = check_curve(L);
  long long line = TLUA_CURVE_DEFAULT_LINE;
  if (lua_istable(L, 2)) {
    line = tlua_check_int_field(L, 2, "curve:analyze", "line", TLUA_CURVE_DEFAULT_LINE, 0);
  } else if (!lua_isnoneornil(L, 2)) {
    int isnum = 0;
    line = (long long)lua_tointegerx(L, 2, &isnum);
    if (!isnum)
      return luaL_error(L, "curve:analyze: line must be an integer number of elements (got %s)",
                        lua_type(L, 2) == LUA_TNUMBER ? lua_tostring(L, 2)
                                                      : luaL_typename(L, 2));
  }
  tlua_CurveLocality r;
  char err[TLUA_CURVE_ERRLEN];
  if (tlua_curve_analyze(c, line, &r, err)) return luaL_error(L, "%s", err);
  lua_createtable(L, 0, 7);
  const struct { const char *name; long long v; } f[] = {
    {"sequential", r.sequential}, {"within_line", r.within_line}, {"large_jump", r.large_jump},
    {"steps", r.steps}, {"line", r.line}, {"max_distance", r.max_distance},
    {"total_distance", r.total_distance},
  };
  for (size_t k = 0; k < sizeof f / sizeof f[0]; k++) {
    lua_pushinteger(L, (lua_Integer)f[k].v);
    lua_setfield(L, -2, f[k].name);
  }
  return 1;
}

/* Pushes the __tostring text: Curve{lengths={4,8}, order={0,1}, vector={1,4}, snake=false, accesses=8} */
static void push_description(lua_State *L, const tlua_Curve *c) {
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  const char *names[] = {"lengths", "order", "vector"};
  const long long *vals[] = {c->lengths, c->order, c->vector};
  luaL_addstring(&b, "Curve{");
  for (int k = 0; k < 3; k++) {
    lua_pushfstring(L, "%s%s={", k ? ", " : "", names[k]);
    luaL_addvalue(&b);
    for (int d = 0; d < c->ndim; d++) {
      lua_pushfstring(L, "%s%I", d ? "," : "", (lua_Integer)vals[k][d]);
      luaL_addvalue(&b);
    }
    luaL_addchar(&b, '}');
  }
  lua_pushfstring(L, ", snake=%s, accesses=%I}", c->snake ? "true" : "false",
                  (lua_Integer)c->num_access);
  luaL_addvalue(&b);
  luaL_pushresult(&b);
}

/* Labels of every element, in a userdata at the top of the stack so an error frees them. */
static long long *push_labels(lua_State *L, const tlua_Curve *c, const char *method) {
  if (c->num_elements > MAP_MAX_ELEMENTS)
    luaL_error(L, "curve:%s: %I elements are too many to draw (at most %I)", method,
               (lua_Integer)c->num_elements, (lua_Integer)MAP_MAX_ELEMENTS);
  long long *labels = (long long *)lua_newuserdatauv(L, (size_t)c->num_elements * sizeof *labels, 0);
  tlua_curve_label_grid(c, labels);
  return labels;
}

/* Appends one rendered grid to b, or raises on out-of-memory. */
static void add_grid(lua_State *L, luaL_Buffer *b, const tlua_TileMap *m, int width) {
  char *text = tlua_tilemap_text(m, width);
  if (!text) luaL_error(L, "curve:map: out of memory");
  tlua_push_owned_lstring(L, text, strlen(text));
  luaL_addvalue(b);
}

/* :map([width]): the access number of every element as text (the vector's scalars share it).
 * 1D: one row. 2D: rows x cols. 3D and more: one grid per slice of the leading dimensions. */
static int l_map(lua_State *L) {
  tlua_Curve *c = check_curve(L);
  int width = (int)luaL_optinteger(L, 2, 0);
  if (width < 0) return luaL_error(L, "curve:map: width must be >= 0 (got %d)", width);
  long long *labels = push_labels(L, c, "map");
  push_description(L, c);
  const char *desc = lua_tostring(L, -1);
  int n = c->ndim;
  int rows = n == 1 ? 1 : (int)c->lengths[n - 2], cols = (int)c->lengths[n - 1];
  long long slices = c->num_elements / ((long long)rows * cols);
  /* two lines: the description alone can fill an 80-column terminal */
  lua_pushfstring(L, "%s\naccess number per element", desc);
  const char *title = lua_tostring(L, -1);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  if (n <= 2) {
    tlua_TileMap m = {.rows = rows, .cols = cols, .label = labels, .title = title};
    add_grid(L, &b, &m, width);
  } else {
    lua_pushfstring(L, "%s\n", title);
    luaL_addvalue(&b);
    long long shown = slices < MAP_MAX_SLICES ? slices : MAP_MAX_SLICES;
    for (long long s = 0; s < shown; s++) {
      /* the slice's leading coordinates, "[a, b, :, :]" */
      char head[160];
      size_t used = 0;
      long long rest = s;
      long long lead[TLUA_CURVE_MAX_DIMS];
      for (int d = n - 3; d >= 0; d--) {
        lead[d] = rest % c->lengths[d];
        rest /= c->lengths[d];
      }
      for (int d = 0; d < n - 2; d++)
        used += (size_t)snprintf(head + used, sizeof head - used, "%s%lld", d ? ", " : "[", lead[d]);
      snprintf(head + used, sizeof head - used, ", :, :]");
      tlua_TileMap m = {.rows = rows, .cols = cols, .label = labels + s * rows * cols,
                        .title = head};
      add_grid(L, &b, &m, width);
    }
    if (shown < slices) {
      lua_pushfstring(L, "... %I more slices not shown\n", (lua_Integer)(slices - shown));
      luaL_addvalue(&b);
    }
  }
  luaL_pushresult(&b);
  return 1;
}

/* :svg(path): the 1D/2D access-number map as an SVG file. */
static int l_svg(lua_State *L) {
  tlua_Curve *c = check_curve(L);
  const char *path = luaL_checkstring(L, 2);
  if (tlua_is_sandboxed(L))
    return luaL_error(L, "curve:svg: writing files is not allowed in the sandbox");
  if (c->ndim > 2)
    return luaL_error(L, "curve:svg: draws 1D and 2D curves only (this one has %d dimensions); "
                         ":map() shows slices", c->ndim);
  long long *labels = push_labels(L, c, "svg");
  push_description(L, c);
  lua_pushfstring(L, "%s: access number per element", lua_tostring(L, -1));
  int rows = c->ndim == 1 ? 1 : (int)c->lengths[0], cols = (int)c->lengths[c->ndim - 1];
  tlua_TileMap m = {.rows = rows, .cols = cols, .label = labels,
                    .title = lua_tostring(L, -1)};
  FILE *f = fopen(path, "w");
  if (!f) return luaL_error(L, "curve:svg: cannot open '%s': %s", path, strerror(errno));
  int bad = tlua_tilemap_svg(&m, f);
  if (fclose(f) != 0) bad = -1;
  if (bad) return luaL_error(L, "curve:svg: writing '%s' failed", path);
  lua_pushboolean(L, 1);
  return 1;
}

static int l_tostring(lua_State *L) {
  push_description(L, check_curve(L));
  return 1;
}

static int l_len(lua_State *L) {
  return l_num_access(L);
}

static int l_eq(lua_State *L) {
  const tlua_Curve *a = check_curve(L);
  const tlua_Curve *b = (const tlua_Curve *)luaL_testudata(L, 2, CURVE_MT);
  int same = b && a->ndim == b->ndim && a->snake == b->snake;
  for (int d = 0; same && d < a->ndim; d++)
    same = a->lengths[d] == b->lengths[d] && a->order[d] == b->order[d] &&
           a->vector[d] == b->vector[d];
  lua_pushboolean(L, same);
  return 1;
}

/* The curve owns no resource; __gc and __close exist for the uniform userdata protocol. */
static int l_release(lua_State *L) {
  (void)L;
  return 0;
}

static const luaL_Reg curve_methods[] = {
  {"num_access", l_num_access},
  {"index", l_index},
  {"step", l_step},
  {"valid", l_valid},
  {"accesses", l_accesses},
  {"analyze", l_analyze},
  {"map", l_map},
  {"svg", l_svg},
  {NULL, NULL}
};

/* __index: methods (upvalue 1), then the fields; an unknown name is an error, not nil, so that a
 * misspelt field does not pass silently. */
static int l_index_meta(lua_State *L) {
  tlua_Curve *c = check_curve(L);
  const char *key = luaL_checkstring(L, 2);
  lua_getfield(L, lua_upvalueindex(1), key);
  if (!lua_isnil(L, -1)) return 1;
  if (strcmp(key, "lengths") == 0) tlua_push_int_seq(L, c->lengths, c->ndim);
  else if (strcmp(key, "order") == 0) tlua_push_int_seq(L, c->order, c->ndim);
  else if (strcmp(key, "vector") == 0) tlua_push_int_seq(L, c->vector, c->ndim);
  else if (strcmp(key, "access_lengths") == 0) tlua_push_int_seq(L, c->access_lengths, c->ndim);
  else if (strcmp(key, "snake") == 0) lua_pushboolean(L, c->snake);
  else if (strcmp(key, "ndim") == 0) lua_pushinteger(L, c->ndim);
  else
    return luaL_error(L, "curve: no field or method '%s' (fields: lengths, order, vector, snake, "
                         "access_lengths, ndim)", key);
  return 1;
}

static const luaL_Reg curve_meta[] = {
  {"__tostring", l_tostring},
  {"__len", l_len},
  {"__eq", l_eq},
  {"__gc", l_release},
  {"__close", l_release},
  {NULL, NULL}
};

static const luaL_Reg curve_funcs[] = {
  {"curve", l_curve},
  {NULL, NULL}
};

void tlua_open_curve(lua_State *L) {
  luaL_setfuncs(L, curve_funcs, 0);
  luaL_newmetatable(L, CURVE_MT);
  luaL_setfuncs(L, curve_meta, 0);
  luaL_newlib(L, curve_methods);
  lua_pushcclosure(L, l_index_meta, 1);
  lua_setfield(L, -2, "__index");
  lua_pop(L, 1);
}
