/* encoding_lua.c - Lua bindings of tile distributions: tl.encoding, tl.pattern2d, "tilelua.Distribution". */
#include <errno.h>
#include <stdarg.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#include "bindings_lua.h"
#include "encoding.h"
#include "tilemap.h"

#define DIST_MT "tilelua.Distribution"

/* luaL_error for messages with %lld (lua_pushfstring knows no long long): formats, then raises. */
static int dist_error(lua_State *L, const char *fmt, ...) {
  char msg[TLUA_ENC_ERRLEN + 128];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return luaL_error(L, "%s", msg);
}

static tlua_Distribution *check_dist(lua_State *L, int idx) {
  return (tlua_Distribution *)luaL_checkudata(L, idx, DIST_MT);
}

/* Pushes a new Distribution userdata holding a copy of d. */
static void push_dist(lua_State *L, const tlua_Distribution *d) {
  tlua_Distribution *u = (tlua_Distribution *)lua_newuserdatauv(L, sizeof *u, 0);
  *u = *d;
  luaL_setmetatable(L, DIST_MT);
}

/* Rejects fields other than the allowed ones, so a misspelt option is not silently ignored. */
static void check_fields(lua_State *L, int idx, const char *who, const char *const *allowed,
                         const char *list) {
  lua_pushnil(L);
  while (lua_next(L, idx)) {
    lua_pop(L, 1);
    int ok = 0;
    if (lua_type(L, -1) == LUA_TSTRING)
      for (const char *const *a = allowed; *a; a++)
        if (strcmp(lua_tostring(L, -1), *a) == 0) ok = 1;
    if (!ok) {
      if (lua_type(L, -1) == LUA_TSTRING)
        luaL_error(L, "%s: unknown field '%s' (expected %s)", who, lua_tostring(L, -1), list);
      luaL_error(L, "%s: unexpected %s key in the argument table (expected %s)", who,
                 luaL_typename(L, -1), list);
    }
  }
}

/* ---- tl.encoding ---------------------------------------------------------------------------- */

/* Reads the {major, minor} pair at the top of the stack; `path` names it, e.g. "p[2][1]". */
static tlua_RH check_pair(lua_State *L, const char *path, const char *role) {
  if (!lua_istable(L, -1) || luaL_len(L, -1) != 2)
    luaL_error(L, "encoding: %s (%s) must be a {major, minor} pair (got %s)", path, role,
               lua_istable(L, -1) ? "a table that is not a pair" : luaL_typename(L, -1));
  long long v[2];
  for (int k = 0; k < 2; k++) {
    lua_rawgeti(L, -1, k + 1);
    char what[64];
    snprintf(what, sizeof what, "%s[%d]", path, k + 1);
    v[k] = tlua_check_int_arg(L, -1, "encoding", what);
    lua_pop(L, 1);
    /* out-of-range majors/minors are reported by the C validator; keep them representable */
    if (v[k] < -1000 || v[k] > 1000)
      dist_error(L, "encoding: %s (%s): index %lld is out of range", path, role, v[k]);
  }
  tlua_RH c = {(int)v[0], (int)v[1]};
  return c;
}

/* Length of the sequence field `name` of table idx (pushed on the stack), or -1 when absent. */
static int open_seq_field(lua_State *L, int idx, const char *name, int required, int max,
                          const char *what) {
  lua_getfield(L, idx, name);
  if (lua_isnil(L, -1)) {
    if (required) luaL_error(L, "encoding: field '%s' is required (%s)", name, what);
    return -1;
  }
  if (!lua_istable(L, -1))
    luaL_error(L, "encoding: %s must be a table (%s), got %s", name, what, luaL_typename(L, -1));
  lua_Integer n = luaL_len(L, -1);
  if (n > max) luaL_error(L, "encoding: %s lists %d entries, at most %d allowed", name, (int)n, max);
  return (int)n;
}

static int l_encoding(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  static const char *const allowed[] = {"r", "h", "p", "y", "lengths", NULL};
  check_fields(L, 1, "encoding", allowed, "r, h, p, y, lengths");
  tlua_Encoding e;
  memset(&e, 0, sizeof e);
  char path[64];

  lua_getfield(L, 1, "r");
  if (!lua_isnil(L, -1)) e.nr = tlua_check_int_seq(L, -1, "encoding", "r", e.r, TLUA_ENC_MAX_R);
  lua_pop(L, 1);

  e.ndim = open_seq_field(L, 1, "h", 1, TLUA_ENC_MAX_DIMS, "one length sequence per dimension");
  for (int d = 0; d < e.ndim; d++) {
    lua_rawgeti(L, -1, d + 1);
    snprintf(path, sizeof path, "h[%d]", d + 1);
    e.nh[d] = tlua_check_int_seq(L, -1, "encoding", path, e.h[d], TLUA_ENC_MAX_H);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);

  e.np = open_seq_field(L, 1, "p", 1, TLUA_ENC_MAX_P, "a list of {major, minor} pairs per P dim");
  for (int i = 0; i < e.np; i++) {
    lua_rawgeti(L, -1, i + 1);
    if (!lua_istable(L, -1))
      luaL_error(L, "encoding: p[%d] (P%d) must be a list of {major, minor} pairs (got %s)", i + 1,
                 i, luaL_typename(L, -1));
    lua_Integer n = luaL_len(L, -1);
    if (n > TLUA_ENC_MAX_PC)
      luaL_error(L, "encoding: p[%d] (P%d) lists %d components, at most %d allowed", i + 1, i,
                 (int)n, TLUA_ENC_MAX_PC);
    e.npc[i] = (int)n;
    for (int j = 0; j < e.npc[i]; j++) {
      lua_rawgeti(L, -1, j + 1);
      char role[40];
      snprintf(path, sizeof path, "p[%d][%d]", i + 1, j + 1);
      snprintf(role, sizeof role, "P%d component %d", i, j);
      e.p[i][j] = check_pair(L, path, role);
      lua_pop(L, 1);
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);

  int ny = open_seq_field(L, 1, "y", 0, TLUA_ENC_MAX_Y, "a list of {major, minor} pairs");
  e.ny = ny < 0 ? 0 : ny;
  for (int i = 0; i < e.ny; i++) {
    lua_rawgeti(L, -1, i + 1);
    char role[16];
    snprintf(path, sizeof path, "y[%d]", i + 1);
    snprintf(role, sizeof role, "Y%d", i);
    e.y[i] = check_pair(L, path, role);
    lua_pop(L, 1);
  }
  lua_pop(L, 1);

  char err[TLUA_ENC_ERRLEN];
  tlua_Distribution d;
  if (tlua_dist_init(&d, &e, err)) return luaL_error(L, "%s", err);

  /* optional lengths: the tile the user meant; each must match the product of its H */
  lua_getfield(L, 1, "lengths");
  if (!lua_isnil(L, -1)) {
    long long len[TLUA_ENC_MAX_DIMS + 1];
    int n = tlua_check_int_seq(L, -1, "encoding", "lengths", len, TLUA_ENC_MAX_DIMS + 1);
    if (n != e.ndim)
      return luaL_error(L, "encoding: lengths has %d entries but h describes %d dimensions", n,
                        e.ndim);
    for (int i = 0; i < n; i++)
      if (len[i] != d.lengths[i])
        return dist_error(L, "encoding: lengths[%d] (%lld) does not match the product of H%d (%lld)",
                          i + 1, len[i], i, d.lengths[i]);
  }
  lua_pop(L, 1);
  push_dist(L, &d);
  return 1;
}

/* ---- tl.pattern2d --------------------------------------------------------------------------- */

static int l_pattern2d(lua_State *L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  static const char *const allowed[] = {"block", "rows", "cols", "vec", "pattern", "warp",
                                        "wave_groups", NULL};
  check_fields(L, 1, "pattern2d", allowed, "block, rows, cols, vec, pattern, warp, wave_groups");
  tlua_Pattern2D p;
  memset(&p, 0, sizeof p);
  p.block = tlua_check_int_field(L, 1, "pattern2d", "block", 0, 1);
  p.rows = tlua_check_int_field(L, 1, "pattern2d", "rows", 0, 1);
  p.cols = tlua_check_int_field(L, 1, "pattern2d", "cols", 0, 1);
  p.vec = tlua_check_int_field(L, 1, "pattern2d", "vec", 0, 1);
  p.warp = tlua_check_int_field(L, 1, "pattern2d", "warp", tlua_default_warp(L), 0);
  p.wave_groups = tlua_check_int_field(L, 1, "pattern2d", "wave_groups", 1, 0);
  lua_getfield(L, 1, "pattern");
  if (lua_isnil(L, -1)) {
    p.pattern = TLUA_PATTERN_THREAD_RAKED;
  } else {
    if (lua_type(L, -1) != LUA_TSTRING)
      return luaL_error(L, "pattern2d: pattern must be a string (got %s)", luaL_typename(L, -1));
    p.pattern = tlua_pattern_parse(lua_tostring(L, -1));
    if (p.pattern == TLUA_PATTERN_NONE)
      return luaL_error(L, "pattern2d: unknown pattern '%s' (expected thread_raked, warp_raked or "
                        "block_raked)", lua_tostring(L, -1));
  }
  lua_pop(L, 1);
  char err[TLUA_ENC_ERRLEN];
  tlua_Distribution d;
  if (tlua_pattern2d_init(&d, &p, err)) return luaL_error(L, "%s", err);
  push_dist(L, &d);
  return 1;
}

/* ---- methods -------------------------------------------------------------------------------- */

static int m_elements(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)tlua_dist_elements(check_dist(L, 1)));
  return 1;
}

static int m_coord(lua_State *L) {
  tlua_Distribution *d = check_dist(L, 1);
  long long t = tlua_check_int_arg(L, 2, "coord", "thread");
  long long y = tlua_check_int_arg(L, 3, "coord", "element");
  if (t < 0 || t >= d->threads)
    return dist_error(L, "coord: thread %lld is out of range (0 to %lld)", t, d->threads - 1);
  if (y < 0 || y >= d->elements)
    return dist_error(L, "coord: element %lld is out of range (0 to %lld)", y, d->elements - 1);
  long long c[TLUA_ENC_MAX_DIMS];
  tlua_dist_coord(d, t, y, c);
  tlua_push_int_seq(L, c, d->enc.ndim);
  return 1;
}

/* Reads a coordinate given as ndim integer arguments from `first`, or as one table. */
static void check_coord_args(lua_State *L, const tlua_Distribution *d, int first, const char *who,
                             long long *c) {
  int n = d->enc.ndim;
  if (lua_istable(L, first)) {
    int got = tlua_check_int_seq(L, first, who, "coordinate", c, TLUA_ENC_MAX_DIMS);
    if (got != n) luaL_error(L, "%s: the coordinate needs %d values (got %d)", who, n, got);
    return;
  }
  static const char *const names[] = {"row", "col", "coordinate 2", "coordinate 3"};
  for (int i = 0; i < n; i++) {
    if (lua_isnoneornil(L, first + i))
      luaL_error(L, "%s: the coordinate needs %d values (got %d)", who, n, i);
    c[i] = tlua_check_int_arg(L, first + i, who, n == 1 ? "index" : names[i]);
  }
}

static void coord_text(const long long *c, int n, char *buf, size_t cap) {
  size_t at = (size_t)snprintf(buf, cap, "{");
  for (int i = 0; i < n && at < cap; i++)
    at += (size_t)snprintf(buf + at, cap - at, i ? ", %lld" : "%lld", c[i]);
  if (at < cap) snprintf(buf + at, cap - at, "}");
}

static int m_owner(lua_State *L) {
  tlua_Distribution *d = check_dist(L, 1);
  long long c[TLUA_ENC_MAX_DIMS], t, y;
  check_coord_args(L, d, 2, "owner", c);
  if (tlua_dist_owner(d, c, &t, &y)) {
    char at[96], size[96];
    coord_text(c, d->enc.ndim, at, sizeof at);
    coord_text(d->lengths, d->enc.ndim, size, sizeof size);
    return luaL_error(L, "owner: %s is outside the tile (lengths %s)", at, size);
  }
  lua_pushinteger(L, (lua_Integer)t);
  lua_pushinteger(L, (lua_Integer)y);
  return 2;
}

static int m_peers(lua_State *L) {
  tlua_Distribution *d = check_dist(L, 1);
  long long t = tlua_check_int_arg(L, 2, "peers", "thread");
  long long dim = tlua_check_int_arg(L, 3, "peers", "dim");
  if (t < 0 || t >= d->threads)
    return dist_error(L, "peers: thread %lld is out of range (0 to %lld)", t, d->threads - 1);
  if (dim < 0 || dim >= d->enc.ndim)
    return dist_error(L, "peers: dim %lld is out of range (0 to %d)", dim, d->enc.ndim - 1);
  long long n = tlua_dist_axis_peers(d, t, (int)dim, NULL, 0);
  if (n > (1LL << 24))
    return dist_error(L, "peers: %lld peers are too many to list (at most 2^24)", n);
  long long *ids = (long long *)lua_newuserdatauv(L, (size_t)n * sizeof *ids, 0);
  tlua_dist_axis_peers(d, t, (int)dim, ids, n);
  lua_createtable(L, n < INT_MAX ? (int)n : 0, 0);
  for (long long i = 0; i < n; i++) {
    lua_pushinteger(L, (lua_Integer)ids[i]);
    lua_rawseti(L, -2, (lua_Integer)i + 1);
  }
  return 1;
}

static void push_pair(lua_State *L, tlua_RH c) {
  long long v[2] = {c.major, c.minor};
  tlua_push_int_seq(L, v, 2);
}

/* The encoding as a table tl.encoding accepts: {r=..., h=..., p=..., y=...}. */
static int m_encoding(lua_State *L) {
  const tlua_Encoding *e = &check_dist(L, 1)->enc;
  lua_createtable(L, 0, 4);
  tlua_push_int_seq(L, e->r, e->nr);
  lua_setfield(L, -2, "r");
  lua_createtable(L, e->ndim, 0);
  for (int i = 0; i < e->ndim; i++) {
    tlua_push_int_seq(L, e->h[i], e->nh[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "h");
  lua_createtable(L, e->np, 0);
  for (int i = 0; i < e->np; i++) {
    lua_createtable(L, e->npc[i], 0);
    for (int j = 0; j < e->npc[i]; j++) {
      push_pair(L, e->p[i][j]);
      lua_rawseti(L, -2, j + 1);
    }
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "p");
  lua_createtable(L, e->ny, 0);
  for (int i = 0; i < e->ny; i++) {
    push_pair(L, e->y[i]);
    lua_rawseti(L, -2, i + 1);
  }
  lua_setfield(L, -2, "y");
  return 1;
}

static int m_check(lua_State *L) {
  tlua_Distribution *d = check_dist(L, 1);
  char err[TLUA_ENC_ERRLEN];
  int r = tlua_dist_check(d, err);
  if (r < 0) return luaL_error(L, "%s", err);
  lua_pushboolean(L, r);
  if (r) return 1;
  lua_pushstring(L, err);
  return 2;
}

/* Fills the label (owning thread) and group (warp) grids of a 1D or 2D distribution. The group
 * is P0 (the warp id) when there are two or more P dims; one P dim has no warps to show. */
typedef struct MapGrid { long long *label, *group; int rows, cols; } MapGrid;

static void build_grid(lua_State *L, const tlua_Distribution *d, const char *who, MapGrid *g) {
  if (d->enc.ndim > 2)
    luaL_error(L, "%s: only 1D and 2D distributions can be drawn (this one has %d dimensions)", who,
               d->enc.ndim);
  long long rows = d->enc.ndim == 2 ? d->lengths[0] : 1;
  long long cols = d->lengths[d->enc.ndim - 1];
  if (rows > INT_MAX || cols > INT_MAX || rows * cols > (1LL << 26))
    dist_error(L, "%s: the tile (%lld x %lld) is too large to draw (at most 2^26 elements)", who,
               rows, cols);
  size_t n = (size_t)(rows * cols);
  g->rows = (int)rows;
  g->cols = (int)cols;
  g->label = (long long *)lua_newuserdatauv(L, n * sizeof(long long), 0);
  g->group = NULL;
  long long per_warp = d->enc.np >= 2 ? d->threads / d->p_len[0] : 0;
  if (per_warp) g->group = (long long *)lua_newuserdatauv(L, n * sizeof(long long), 0);
  long long c[2];
  for (long long r = 0; r < rows; r++)
    for (long long k = 0; k < cols; k++) {
      long long t, y;
      if (d->enc.ndim == 2) { c[0] = r; c[1] = k; } else { c[0] = k; }
      tlua_dist_owner(d, c, &t, &y);
      g->label[r * cols + k] = t;
      if (g->group) g->group[r * cols + k] = t / per_warp;
    }
}

static void fill_map(const tlua_Distribution *d, const MapGrid *g, tlua_TileMap *m, char *title,
                     size_t cap) {
  tlua_dist_describe(d, title, cap);
  m->rows = g->rows;
  m->cols = g->cols;
  m->label = g->label;
  m->group = g->group;
  m->title = title;
  m->legend = g->group ? "cell: owning thread (lowest replica); colour: warp (P0)"
                       : "cell: owning thread (lowest replica)";
}

static int m_map(lua_State *L) {
  tlua_Distribution *d = check_dist(L, 1);
  MapGrid g;
  build_grid(L, d, "map", &g);
  tlua_TileMap m;
  char title[512];
  fill_map(d, &g, &m, title, sizeof title);
  char *text = tlua_tilemap_text(&m, 0);
  if (!text) return luaL_error(L, "map: out of memory");
  tlua_push_owned_lstring(L, text, strlen(text));
  return 1;
}

static int m_svg(lua_State *L) {
  tlua_Distribution *d = check_dist(L, 1);
  const char *path = luaL_checkstring(L, 2);
  if (tlua_is_sandboxed(L)) return luaL_error(L, "svg: writing files is not allowed in the sandbox");
  MapGrid g;
  build_grid(L, d, "svg", &g);
  tlua_TileMap m;
  char title[512];
  fill_map(d, &g, &m, title, sizeof title);
  FILE *f = fopen(path, "w");
  if (!f) return luaL_error(L, "svg: cannot open '%s' for writing: %s", path, strerror(errno));
  int bad = tlua_tilemap_svg(&m, f);
  if (fclose(f) != 0) bad = -1;
  if (bad) return luaL_error(L, "svg: error writing '%s'", path);
  lua_pushboolean(L, 1);
  return 1;
}

static int m_tostring(lua_State *L) {
  tlua_Distribution *d = check_dist(L, 1);
  char buf[1024];
  int n = tlua_dist_describe(d, buf, sizeof buf);
  lua_pushlstring(L, buf, n < (int)sizeof buf ? (size_t)n : sizeof buf - 1);
  return 1;
}

/* Nothing to release: the distribution is a plain value inside the userdata. */
static int m_gc(lua_State *L) {
  check_dist(L, 1);
  return 0;
}

static const luaL_Reg dist_methods[] = {
  {"elements", m_elements},
  {"coord", m_coord},
  {"owner", m_owner},
  {"peers", m_peers},
  {"encoding", m_encoding},
  {"check", m_check},
  {"map", m_map},
  {"svg", m_svg},
  {NULL, NULL}
};

/* Fields: the pattern's resolved factors (nil for a general encoding, except vector) and the
 * sizes every distribution has; an unknown name is an error, so a misspelt field is not nil. */
static int m_index(lua_State *L) {
  tlua_Distribution *d = check_dist(L, 1);
  const char *key = lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : NULL;
  lua_getmetatable(L, 1);
  lua_getfield(L, -1, "methods");
  lua_pushvalue(L, 2);
  if (lua_rawget(L, -2) != LUA_TNIL) return 1;
  if (!key) return luaL_error(L, "distribution: fields are named by strings (got %s)",
                              luaL_typename(L, 2));
  const tlua_Pattern2D *p = &d->pattern;
  int pat = p->pattern != TLUA_PATTERN_NONE;
  if (strcmp(key, "lengths") == 0) {
    tlua_push_int_seq(L, d->lengths, d->enc.ndim);
    return 1;
  }
  if (strcmp(key, "pattern") == 0) {
    if (pat) lua_pushstring(L, tlua_pattern_name(p->pattern));
    else lua_pushnil(L);
    return 1;
  }
  const struct { const char *name; long long v; int general; } f[] = {
    {"vector", pat ? p->vector : tlua_dist_vector(d), 1},
    {"threads", d->threads, 1},
    {"replicas", d->replicas, 1},
    {"ndim", d->enc.ndim, 1},
    {"x_threads", p->x_threads, 0},
    {"rows_per_warp", p->rows_per_warp, 0},
    {"warps", p->warps, 0},
    {"iters", p->iters, 0},
    {"block", p->block, 0},
    {"warp", p->warp, 0},
    {"rows", p->rows, 0},
    {"cols", p->cols, 0},
    {"vec", p->vec, 0},
    {"wave_groups", p->wave_groups, 0},
  };
  for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
    if (strcmp(key, f[i].name) == 0) {
      if (pat || f[i].general) lua_pushinteger(L, (lua_Integer)f[i].v);
      else lua_pushnil(L);
      return 1;
    }
  return luaL_error(L, "distribution: no field or method '%s' (fields: vector, threads, replicas, "
                    "ndim, lengths, pattern, x_threads, rows_per_warp, warps, iters, block, warp, "
                    "rows, cols, vec, wave_groups)", key);
}

static const luaL_Reg dist_meta[] = {
  {"__index", m_index},
  {"__tostring", m_tostring},
  {"__gc", m_gc},
  {"__close", m_gc},
  {NULL, NULL}
};

static const luaL_Reg encoding_funcs[] = {
  {"encoding", l_encoding},
  {"pattern2d", l_pattern2d},
  {NULL, NULL}
};

void tlua_open_encoding(lua_State *L) {
  luaL_newmetatable(L, DIST_MT);
  luaL_setfuncs(L, dist_meta, 0);
  luaL_newlib(L, dist_methods);
  lua_setfield(L, -2, "methods");
  lua_pop(L, 1);
  luaL_setfuncs(L, encoding_funcs, 0);
}
