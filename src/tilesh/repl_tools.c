/* repl_tools.c - the REPL's commands (:src, :ir, :map) and tab completion (readline). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <lauxlib.h>
#include <lua.h>

#ifdef TILESH_USE_READLINE
#include <readline/readline.h>
#endif

#include "repl_tools.h"

const char *const tilesh_command_help =
    "  :src NAME [target]  the generated source of kernel NAME (target: sm_90, gfx90a, ...)\n"
    "  :ir NAME            the IR of kernel NAME\n"
    "  :map EXPR           EXPR:map() of a curve, encoding or descriptor";

/* Runs chunk `code` (which returns a string) protected, prints the string or the error. */
static void run_and_print(lua_State *L, const char *code, const char *arg1, const char *arg2) {
  int top = lua_gettop(L);
  if (luaL_loadbufferx(L, code, strlen(code), "=tilesh", "t") != LUA_OK) {
    fprintf(stderr, "tilesh: %s\n", lua_tostring(L, -1));
    lua_settop(L, top);
    return;
  }
  lua_pushstring(L, arg1);
  if (arg2) lua_pushstring(L, arg2); else lua_pushnil(L);
  if (lua_pcall(L, 2, 1, 0) != LUA_OK) fprintf(stderr, "tilesh: %s\n", lua_tostring(L, -1));
  else if (lua_type(L, -1) == LUA_TSTRING) puts(lua_tostring(L, -1));
  lua_settop(L, top);
}

/* the kernel named by the first argument, from tilelua's registry of kernels by name */
#define FIND_KERNEL                                                                                     \
  "local name, target = ... local tl = package.loaded.tilelua\n"                                        \
  "local k = tl._kernels and tl._kernels[name]\n"                                                       \
  "if not k then local names = {} for n in pairs(tl._kernels or {}) do names[#names + 1] = n end\n"    \
  "  table.sort(names) error(string.format(\"no kernel named '%s' (kernels: %s)\", name,\n"             \
  "    #names > 0 and table.concat(names, ', ') or 'none yet'), 0) end\n"

int tilesh_command(lua_State *L, const char *line) {
  char cmd[8], a[256], b[64];
  a[0] = b[0] = 0;
  if (line[0] != ':') return 0;
  int n = sscanf(line, ":%7s %255s %63s", cmd, a, b);
  if (n < 1) return 0;
  if (strcmp(cmd, "src") == 0 || strcmp(cmd, "ir") == 0) {
    if (n < 2) {
      fprintf(stderr, "tilesh: usage: :%s NAME%s\n", cmd, strcmp(cmd, "src") == 0 ? " [target]" : "");
      return 1;
    }
    if (strcmp(cmd, "src") == 0)
      run_and_print(L, FIND_KERNEL "return k:source(target)", a, n > 2 ? b : NULL);
    else
      run_and_print(L, FIND_KERNEL "return k:ir()", a, NULL);
    return 1;
  }
  if (strcmp(cmd, "map") == 0) {
    const char *expr = line + 4;
    while (*expr == ' ') expr++;
    if (!*expr) {
      fprintf(stderr, "tilesh: usage: :map EXPR (a curve, encoding or descriptor)\n");
      return 1;
    }
    run_and_print(L,
                  "local expr = ... local f, err = load('return ' .. expr, '=:map', 't')\n"
                  "if not f then error(err, 0) end\n"
                  "local obj = f()\n"
                  "local ok, m = pcall(function() return obj.map end)\n"
                  "if not ok or type(m) ~= 'function' then\n"
                  "  error(string.format(':map: %s is a %s without a map() (curves, encodings and descriptors have one)',\n"
                  "    expr, type(obj)), 0) end\n"
                  "return tostring(obj:map())",
                  expr, NULL);
    return 1;
  }
  return 0;
}

/* --- completion ---------------------------------------------------------------------------------- */

#ifdef TILESH_USE_READLINE
static lua_State *complete_L;

/* Pushes the table whose keys complete `path` ("tl.cache" -> tl.cache; "" -> _G); with `method`,
 * the __index table of the value's metatable. Returns 0 when there is none (nothing pushed). */
static int push_scope(lua_State *L, const char *path, size_t len, int method) {
  lua_pushglobaltable(L);
  size_t i = 0;
  while (i < len) {
    size_t j = i;
    while (j < len && path[j] != '.' && path[j] != ':') j++;
    if (lua_type(L, -1) != LUA_TTABLE) break;
    lua_pushlstring(L, path + i, j - i);
    lua_rawget(L, -2);
    lua_remove(L, -2);
    i = j + 1;
  }
  if (method || lua_type(L, -1) != LUA_TTABLE) {
    if (!lua_getmetatable(L, -1)) {
      lua_pop(L, 1);
      return 0;
    }
    lua_remove(L, -2);
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    lua_remove(L, -2);
    /* tilelua's userdata index through a C function whose first upvalue is the method table */
    if (lua_type(L, -1) == LUA_TFUNCTION) {
      if (!lua_getupvalue(L, -1, 1)) lua_pushnil(L);
      lua_remove(L, -2);
    }
  }
  if (lua_type(L, -1) != LUA_TTABLE) {
    lua_pop(L, 1);
    return 0;
  }
  return 1;
}

static char **matches;
static int nmatches, next_match;

static void add_match(const char *prefix, size_t plen, const char *key, char sep) {
  char **grown = realloc(matches, sizeof *matches * (size_t)(nmatches + 1));
  if (!grown) return;
  matches = grown;
  size_t klen = strlen(key);
  char *m = malloc(plen + klen + 2);
  if (!m) return;
  memcpy(m, prefix, plen);
  m[plen] = 0;
  if (sep) {
    m[plen] = sep;
    m[plen + 1] = 0;
  }
  strcat(m, key);
  matches[nmatches++] = m;
}

static void collect(const char *text) {
  for (int i = 0; i < nmatches; i++) free(matches[i]);
  free(matches);
  matches = NULL;
  nmatches = next_match = 0;
  lua_State *L = complete_L;
  size_t len = strlen(text);
  const char *sep = NULL;
  for (const char *p = text; *p; p++)
    if (*p == '.' || *p == ':') sep = p;
  size_t scope_len = sep ? (size_t)(sep - text) : 0;
  const char *word = sep ? sep + 1 : text;
  size_t wlen = len - (size_t)(word - text);
  int top = lua_gettop(L);
  if (push_scope(L, text, scope_len, sep && *sep == ':')) {
    lua_pushnil(L);
    while (lua_next(L, -2)) {
      lua_pop(L, 1);
      if (lua_type(L, -1) != LUA_TSTRING) continue;
      const char *key = lua_tostring(L, -1);
      if (strncmp(key, word, wlen) != 0) continue;
      if (key[0] == '_' && (wlen == 0 || word[0] != '_')) continue; /* internals only when asked */
      int ident = isalpha((unsigned char)key[0]) || key[0] == '_';
      for (const char *k = key; *k && ident; k++) ident = isalnum((unsigned char)*k) || *k == '_';
      if (ident) add_match(text, scope_len, key, sep ? *sep : 0);
    }
  }
  lua_settop(L, top);
}

static char *generate(const char *text, int state) {
  if (state == 0) collect(text);
  return next_match < nmatches ? strdup(matches[next_match++]) : NULL;
}

static char **complete(const char *text, int start, int end) {
  (void)start;
  (void)end;
  rl_attempted_completion_over = 1; /* no file names */
  return rl_completion_matches(text, generate);
}

void tilesh_completion_init(lua_State *L) {
  complete_L = L;
  rl_basic_word_break_characters = " \t\n\"\\'`@$><=;|&{(,+-*/%^#~[]";
  rl_attempted_completion_function = complete;
}
#else
void tilesh_completion_init(lua_State *L) { (void)L; }
#endif
