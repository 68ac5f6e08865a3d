/* tilesh.c - the tilelua shell: a REPL and script runner in the manner of lua.c, built only on the
 * public API (tilelua.h, plus the Lua API of the state it returns). */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include "repl_tools.h"
#include "tilelua.h"

#ifdef TILESH_USE_READLINE
#include <readline/history.h>
#include <readline/readline.h>
#endif

static const char *progname = "tilesh";

/* The state a SIGINT should interrupt: set only while a statement runs (as lua.c's globalL). */
static lua_State *running_L = NULL;

static void print_usage(FILE *f) {
  fprintf(f,
          "usage: %s [options] [script [args...]]\n"
          "Available options are:\n"
          "  -e stat            execute string 'stat'\n"
          "  -i                 enter interactive mode after running the script\n"
          "  -l mod             require library 'mod' into global 'mod' (-l g=mod: into global 'g')\n"
          "  -v, --version      show version information\n"
          "  -h, --help         show this help\n"
          "  --backend=NAME     cpu, cuda, hip or auto (default: $TILELUA_BACKEND, else auto)\n"
          "  --sandbox          run untrusted scripts: no io/os/debug, no files, no C modules\n"
          "  --max-memory=N     limit Lua memory to N bytes (suffixes k, M, G)\n"
          "  --max-instructions=N  stop after about N Lua VM instructions\n"
          "  --max-tensor-memory=N  limit tensor storage to N bytes (suffixes k, M, G)\n"
          "  --cross=T[,T...]   also compile every kernel variant launched for targets T, each traced for\n"
          "                     its target (sm_80, sm_90, sm_100, gfx90a, gfx942, gfx1100, gfx1201, ...)\n"
          "  --                 stop handling options\n"
          "  -                  run standard input as the script and stop handling options\n"
          "With no script and no -e, an interactive REPL (the global 'tl' is require \"tilelua\").\n",
          progname);
}

static void report(const char *msg) {
  fprintf(stderr, "%s: %s\n", progname, msg);
  fflush(stderr);
}

/* --- running statements with a traceback and Ctrl-C -------------------------------------------- */

static void lstop(lua_State *L, lua_Debug *ar) {
  (void)ar;
  lua_sethook(L, NULL, 0, 0);
  luaL_error(L, "interrupted!");
}

static void laction(int sig) {
  signal(sig, SIG_DFL); /* a second Ctrl-C ends the process */
  if (running_L) lua_sethook(running_L, lstop, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

static int msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING) return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
  }
  luaL_traceback(L, L, msg, 1);
  return 1;
}

static int docall(lua_State *L, int narg, int nres) {
  int base = lua_gettop(L) - narg;
  lua_pushcfunction(L, msghandler);
  lua_insert(L, base);
  running_L = L;
  signal(SIGINT, laction);
  int status = lua_pcall(L, narg, nres, base);
  signal(SIGINT, SIG_DFL);
  running_L = NULL;
  lua_remove(L, base);
  return status;
}

/* Prints and pops the error on top of the stack; returns 0 so callers can `return report_status`. */
static int report_error(lua_State *L, int status) {
  if (status != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    report(msg ? msg : "(error object is not a string)");
    lua_pop(L, 1);
  }
  return status == LUA_OK;
}

/* --- script, -e, -l ---------------------------------------------------------------------------- */

static int dochunk(lua_State *L, int status) {
  if (status == LUA_OK) status = docall(L, 0, 0);
  return report_error(L, status);
}

static int dostring(lua_State *L, const char *s, const char *name, int sandbox) {
  return dochunk(L, luaL_loadbufferx(L, s, strlen(s), name, sandbox ? "t" : "bt"));
}

static int dolibrary(lua_State *L, char *spec) {
  char *eq = strchr(spec, '=');
  const char *global = spec, *mod = spec;
  if (eq) {
    *eq = '\0';
    mod = eq + 1;
  }
  lua_getglobal(L, "require");
  lua_pushstring(L, mod);
  int status = docall(L, 1, 1);
  if (status == LUA_OK) lua_setglobal(L, global);
  return report_error(L, status);
}

/* arg table as lua.c: script at 0, its arguments at 1.., interpreter and options below 0. */
static void createargtable(lua_State *L, char **argv, int argc, int script) {
  int narg = argc - (script + 1);
  lua_createtable(L, narg, script + 1);
  for (int i = 0; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i - script);
  }
  lua_setglobal(L, "arg");
}

static int handle_script(lua_State *L, char **argv, int sandbox) {
  const char *fname = argv[0];
  if (strcmp(fname, "-") == 0 && strcmp(argv[-1], "--") != 0) fname = NULL; /* stdin */
  int status = luaL_loadfilex(L, fname, sandbox ? "t" : "bt");
  if (status == LUA_OK) {
    lua_getglobal(L, "arg");
    int n = (int)luaL_len(L, -1);
    luaL_checkstack(L, n + 3, "too many arguments to script");
    for (int i = 1; i <= n; i++) lua_rawgeti(L, -i, i);
    lua_remove(L, -n - 1);
    status = docall(L, n, 0);
  }
  return report_error(L, status);
}

/* --- the REPL ---------------------------------------------------------------------------------- */

static char *read_line(const char *prompt, int tty) {
#ifdef TILESH_USE_READLINE
  if (tty) {
    char *line = readline(prompt);
    if (line && *line) add_history(line);
    return line;
  }
#endif
  if (tty) {
    fputs(prompt, stdout);
    fflush(stdout);
  }
  size_t cap = 256, len = 0;
  char *buf = malloc(cap);
  if (!buf) return NULL;
  int c;
  while ((c = getchar()) != EOF && c != '\n') {
    if (len + 1 >= cap) {
      char *bigger = realloc(buf, cap * 2);
      if (!bigger) {
        free(buf);
        return NULL;
      }
      buf = bigger;
      cap *= 2;
    }
    buf[len++] = (char)c;
  }
  if (c == EOF && len == 0) {
    free(buf);
    return NULL;
  }
  buf[len] = '\0';
  return buf;
}

static int incomplete(lua_State *L, int status) {
  if (status == LUA_ERRSYNTAX) {
    size_t lmsg;
    const char *msg = lua_tolstring(L, -1, &lmsg);
    const char *eof = "<eof>";
    size_t leof = strlen(eof);
    if (lmsg >= leof && strcmp(msg + lmsg - leof, eof) == 0) {
      lua_pop(L, 1);
      return 1;
    }
  }
  return 0;
}

/* Compiles one REPL statement: "return <line>" first so expressions print, else the line,
 * reading continuation lines with ">> " while the statement is incomplete. Leaves the chunk (or
 * an error message) on the stack; returns the load status, or -1 at end of input. */
static int load_statement(lua_State *L, char *line, int tty, int sandbox) {
  const char *mode = sandbox ? "t" : "bt";
  const char *retline = lua_pushfstring(L, "return %s;", line);
  int status = luaL_loadbufferx(L, retline, strlen(retline), "=stdin", mode);
  lua_remove(L, -2);
  if (status == LUA_OK) {
    free(line);
    return status;
  }
  lua_pop(L, 1);
  lua_pushstring(L, line);
  free(line);
  for (;;) {
    size_t len;
    const char *code = lua_tolstring(L, -1, &len);
    status = luaL_loadbufferx(L, code, len, "=stdin", mode);
    if (!incomplete(L, status)) break;
    char *more = read_line(">> ", tty);
    if (!more) { /* end of input inside a statement: report what the parser says */
      status = luaL_loadbufferx(L, code, len, "=stdin", mode);
      break;
    }
    lua_pushfstring(L, "%s\n%s", code, more);
    free(more);
    lua_remove(L, -2);
  }
  lua_remove(L, -2); /* the source text */
  return status;
}

static void print_results(lua_State *L, int n) {
  if (n <= 0) return;
  luaL_checkstack(L, LUA_MINSTACK, "too many results to print");
  lua_getglobal(L, "print");
  lua_insert(L, -(n + 1));
  if (lua_pcall(L, n, 0, 0) != LUA_OK) report_error(L, LUA_ERRRUN);
}

static void repl_help(void) {
  puts("tilesh: Lua 5.4 with tilelua loaded as the global 'tl'.\n"
       "  an expression prints its value(s); an incomplete statement continues on '>>' lines\n"
       "  Ctrl-C interrupts a running statement\n"
       "  Tab completes globals and fields (tl.pat<Tab>, x:sh<Tab>)\n"
       "  :help   this text\n"
       "  :quit   leave (also Ctrl-D)");
  puts(tilesh_command_help);
}

static void repl(lua_State *L, int sandbox) {
  int tty = isatty(0);
  tilesh_completion_init(L);
  char *line;
  while ((line = read_line("> ", tty)) != NULL) {
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = '\0';
    if (strcmp(s, ":quit") == 0 || strcmp(s, ":q") == 0) {
      free(line);
      break;
    }
    if (strcmp(s, ":help") == 0) {
      repl_help();
      free(line);
      continue;
    }
    if (*s == '\0' || tilesh_command(L, s)) {
      free(line);
      continue;
    }
    int top = lua_gettop(L);
    int status = load_statement(L, line, tty, sandbox);
    if (status == LUA_OK) status = docall(L, 0, LUA_MULTRET);
    if (status == LUA_OK) print_results(L, lua_gettop(L) - top);
    else report_error(L, status);
    lua_settop(L, top);
  }
  if (tty) putchar('\n');
}

/* --- main -------------------------------------------------------------------------------------- */

typedef struct Options {
  int interactive, version, help, sandbox, has_e, script;
  const char *backend, *cross;
  size_t max_memory, max_tensor_memory;
  long long max_instructions;
} Options;

/* "123", "64k", "8M", "1G" -> value; -1 when malformed. */
static long long parse_size(const char *s) {
  char *end = NULL;
  long long v = strtoll(s, &end, 10);
  if (end == s || v <= 0) return -1;
  long long mul = 1;
  if (*end == 'k' || *end == 'K') mul = 1LL << 10, end++;
  else if (*end == 'M') mul = 1LL << 20, end++;
  else if (*end == 'G') mul = 1LL << 30, end++;
  if (*end != '\0' || v > (1LL << 50) / mul) return -1;
  return v * mul;
}

/* Returns 0 on success, or prints the problem and returns 1. Sets o->script to argv index of the
 * script (0 if none). */
static int parse_args(int argc, char **argv, Options *o) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || strcmp(a, "-") == 0) {
      o->script = i;
      return 0;
    }
    if (strcmp(a, "--") == 0) {
      if (i + 1 < argc) o->script = i + 1;
      return 0;
    }
    if (strcmp(a, "-i") == 0) o->interactive = 1;
    else if (strcmp(a, "-v") == 0 || strcmp(a, "--version") == 0) o->version = 1;
    else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) o->help = 1;
    else if (strcmp(a, "--sandbox") == 0) o->sandbox = 1;
    else if (strncmp(a, "--max-memory=", 13) == 0 || strncmp(a, "--max-instructions=", 19) == 0 ||
             strncmp(a, "--max-tensor-memory=", 20) == 0) {
      long long v = parse_size(strchr(a, '=') + 1);
      if (v < 0) {
        fprintf(stderr, "%s: '%s' needs a positive number (optionally with k, M or G)\n", progname, a);
        return 1;
      }
      if (a[6] == 'm') o->max_memory = (size_t)v;
      else if (a[6] == 'i') o->max_instructions = v;
      else o->max_tensor_memory = (size_t)v;
    } else if (strncmp(a, "--cross=", 8) == 0) {
      o->cross = a + 8;
      if (!*o->cross || strspn(o->cross, "abcdefghijklmnopqrstuvwxyz0123456789_,") != strlen(o->cross)) {
        fprintf(stderr, "%s: '%s' needs a comma-separated list of targets such as sm_90,gfx90a\n", progname, a);
        return 1;
      }
    } else if (strncmp(a, "--backend=", 10) == 0) {
      o->backend = a + 10;
      if (strcmp(o->backend, "cpu") && strcmp(o->backend, "cuda") && strcmp(o->backend, "hip") &&
          strcmp(o->backend, "auto")) {
        fprintf(stderr, "%s: unknown backend '%s' (expected cpu, cuda, hip or auto)\n", progname,
                o->backend);
        return 1;
      }
    } else if (strcmp(a, "-e") == 0 || strcmp(a, "-l") == 0) {
      if (a[1] == 'e') o->has_e = 1;
      if (i + 1 >= argc) {
        fprintf(stderr, "%s: '%s' needs an argument\n", progname, a);
        return 1;
      }
      i++;
    } else if ((a[1] == 'e' || a[1] == 'l') && a[2] != '\0') {
      if (a[1] == 'e') o->has_e = 1;
    } else {
      fprintf(stderr, "%s: unrecognized option '%s'\n", progname, a);
      print_usage(stderr);
      return 1;
    }
  }
  return 0;
}

/* Runs -e and -l in order. */
static int run_options(lua_State *L, int argc, char **argv, int last, int sandbox) {
  for (int i = 1; i < last; i++) {
    const char *a = argv[i];
    if (a[0] != '-' || (a[1] != 'e' && a[1] != 'l')) continue;
    char *extra = a[2] ? argv[i] + 2 : argv[++i];
    int ok = a[1] == 'e' ? dostring(L, extra, "=(command line)", sandbox) : dolibrary(L, extra);
    if (!ok) return 0;
  }
  return 1;
}

static void print_version(void) {
  printf("tilelua %s (%s)\n", tlua_version(), LUA_RELEASE);
}

/* "backend: cuda, NVIDIA H200 (sm_90)" or "backend: cpu (cuda: why not; hip: why not)" */
static void print_backend(lua_State *L) {
  const char *code =
      "local name, info = tl.backend()\n"
      "if name ~= 'cpu' then return string.format('backend: %s, %s (%s, warp %d, %d SMs/CUs)', name, info.name,"
      " info.arch, info.warp_size, info.sm_count) end\n"
      "local why = {}\n"
      "for _, b in ipairs{'cuda', 'hip'} do if info.skipped[b] then why[#why + 1] = info.skipped[b] end end\n"
      "return 'backend: cpu (the IR executor)' .. (#why > 0 and ('; ' .. table.concat(why, '; ')) or '')";
  if (luaL_loadstring(L, code) == LUA_OK && lua_pcall(L, 0, 1, 0) == LUA_OK) printf("%s\n", lua_tostring(L, -1));
  else printf("backend: %s\n", lua_tostring(L, -1));
  lua_pop(L, 1);
}

/* tilesh --cross=a,b: tl.set_cross{"a", "b"} */
static int set_cross(lua_State *L, const char *list) {
  lua_getglobal(L, "tl");
  lua_getfield(L, -1, "set_cross");
  lua_remove(L, -2);
  lua_newtable(L);
  int n = 0;
  for (const char *p = list; *p;) {
    size_t len = strcspn(p, ",");
    if (len) {
      lua_pushlstring(L, p, len);
      lua_rawseti(L, -2, ++n);
    }
    p += len + (p[len] == ',');
  }
  return report_error(L, docall(L, 1, 0));
}

int main(int argc, char **argv) {
  Options o = {0};
  if (parse_args(argc, argv, &o)) return 1;
  if (o.help) {
    print_usage(stdout);
    return 0;
  }

  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.sandbox = o.sandbox;
  cfg.backend = o.backend;
  cfg.mem_limit = o.max_memory;
  cfg.instr_limit = o.max_instructions;
  cfg.tensor_limit = o.max_tensor_memory;
  tlua_State *T = NULL;
  int status = tlua_open(&cfg, &T);
  if (status != TLUA_OK) {
    fprintf(stderr, "%s: cannot create a state (%s)\n", progname,
            status == TLUA_ERRMEM ? "not enough memory"
            : status == TLUA_ERRNOBACKEND ? "unknown backend in TILELUA_BACKEND (expected cpu, cuda, hip or auto)"
                                          : "error while loading tilelua");
    return 1;
  }
  lua_State *L = tlua_lua(T);
  if (o.version) {
    print_version();
    print_backend(L);
  }
  int last = o.script ? o.script : argc;
  createargtable(L, argv, argc, o.script ? o.script : 0);
  int ok = !o.cross || set_cross(L, o.cross);
  if (ok) ok = run_options(L, argc, argv, last, o.sandbox);
  if (ok && o.script) ok = handle_script(L, argv + o.script, o.sandbox);
  if (ok && o.cross) {
    lua_getglobal(L, "tl");
    lua_getfield(L, -1, "_cross_failures");
    lua_Integer failed = lua_tointeger(L, -1);
    lua_getfield(L, -2, "_cross_unsupported");
    lua_Integer unsupported = lua_tointeger(L, -1);
    lua_pop(L, 3);
    if (unsupported > 0)
      fprintf(stderr, "%s: --cross: %lld kernel/target pair(s) not available (the 'unsupported' lines say why)\n",
              progname, (long long)unsupported);
    if (failed > 0) {
      fprintf(stderr, "%s: --cross: %lld compile(s) failed\n", progname, (long long)failed);
      ok = 0;
    }
  }
  if (ok && (o.interactive || (!o.script && !o.has_e && !o.version))) {
    if (!o.script && !o.has_e && isatty(0)) {
      print_version();
      puts("Type :help for help, :quit to leave.");
    }
    if (o.interactive || isatty(0)) repl(L, o.sandbox);
    else ok = handle_script(L, (char *[]){"", "-"} + 1, o.sandbox);
  }
  tlua_close(T);
  return ok ? 0 : 1;
}
