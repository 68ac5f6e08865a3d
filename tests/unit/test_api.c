/* test_api.c - the public C API: open/close, running code, errors, reading values, the sandbox. */
#include <stdio.h>
#include <unistd.h>

#include <lua.h>

#include "tilelua.h"
#include "tu.h"

TU_TEST(version_matches_header) {
  ASSERT_STR_EQ(tlua_version(), TILELUA_VERSION);
  ASSERT_EQ(tlua_version_number(), TILELUA_VERSION_NUMBER);
}

TU_TEST(open_close_defaults) {
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(NULL, &T), TLUA_OK);
  ASSERT(T != NULL);
  ASSERT(tlua_lua(T) != NULL);
  ASSERT_STR_EQ(tlua_errmsg(T), "");
  ASSERT_EQ(tlua_dostring(T, "x = type(tl) .. ':' .. tl.version", NULL), TLUA_OK);
  const char *x = NULL;
  ASSERT_EQ(tlua_get_string(T, "x", &x), TLUA_OK);
  ASSERT_STR_EQ(x, "table:" TILELUA_VERSION);
  tlua_close(T);
  tlua_close(NULL);
}

TU_TEST(open_bad_arguments) {
  ASSERT_EQ(tlua_open(NULL, NULL), TLUA_ERRARG);
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.backend = "opencl";
  tlua_State *T = (tlua_State *)&cfg; /* must be reset to NULL on failure */
  ASSERT_EQ(tlua_open(&cfg, &T), TLUA_ERRNOBACKEND);
  ASSERT(T == NULL);
  ASSERT_EQ(tlua_dostring(NULL, "x = 1", NULL), TLUA_ERRARG);
  ASSERT_STR_EQ(tlua_errmsg(NULL), "");
}

TU_TEST(define_tl_off) {
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.define_tl = 0;
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(&cfg, &T), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "a = tl == nil; b = require('tilelua').version", NULL), TLUA_OK);
  double unused;
  ASSERT_EQ(tlua_get_number(T, "a", &unused), TLUA_ERRTYPE); /* a boolean, not a number */
  const char *b = NULL;
  ASSERT_EQ(tlua_get_string(T, "b", &b), TLUA_OK);
  ASSERT_STR_EQ(b, TILELUA_VERSION);
  tlua_close(T);
}

TU_TEST(errors_are_statuses) {
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(NULL, &T), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "x = = 1", "=chunk"), TLUA_ERRSYNTAX);
  ASSERT_CONTAINS(tlua_errmsg(T), "chunk:1:");
  ASSERT_EQ(tlua_dostring(T, "local t = nil; return t.x", "=chunk"), TLUA_ERRRUN);
  ASSERT_CONTAINS(tlua_errmsg(T), "attempt to index a nil value");
  ASSERT_CONTAINS(tlua_errmsg(T), "stack traceback:");
  ASSERT_EQ(tlua_dofile(T, "/nonexistent/script.lua"), TLUA_ERRFILE);
  ASSERT_CONTAINS(tlua_errmsg(T), "cannot open /nonexistent/script.lua");
  ASSERT_EQ(tlua_dostring(T, "error({})", "=chunk"), TLUA_ERRRUN);
  ASSERT_CONTAINS(tlua_errmsg(T), "error object is a table value");
  /* the state stays usable and a success clears the message */
  ASSERT_EQ(tlua_dostring(T, "y = 6 * 7", NULL), TLUA_OK);
  ASSERT_STR_EQ(tlua_errmsg(T), "");
  double y = 0;
  ASSERT_EQ(tlua_get_number(T, "y", &y), TLUA_OK);
  ASSERT_EQ(y, 42);
  ASSERT_EQ(tlua_get_number(T, "missing", &y), TLUA_ERRTYPE);
  tlua_close(T);
}

TU_TEST(dofile_runs_a_file) {
  char path[] = "/tmp/tilelua-test-api-XXXXXX";
  int fd = mkstemp(path);
  ASSERT(fd >= 0);
  FILE *f = fdopen(fd, "w");
  fputs("z = 3 + 4\n", f);
  fclose(f);
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(NULL, &T), TLUA_OK);
  int status = tlua_dofile(T, path);
  unlink(path);
  ASSERT_EQ(status, TLUA_OK);
  double z = 0;
  ASSERT_EQ(tlua_get_number(T, "z", &z), TLUA_OK);
  ASSERT_EQ(z, 7);
  tlua_close(T);
}

TU_TEST(sandbox_refuses_files_and_commands) {
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.sandbox = 1;
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(&cfg, &T), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "io.open('/tmp/tilelua-sandbox-escape', 'w')", NULL), TLUA_ERRRUN);
  ASSERT(access("/tmp/tilelua-sandbox-escape", F_OK) != 0);
  ASSERT_EQ(tlua_dostring(T, "os.execute('touch /tmp/tilelua-sandbox-escape')", NULL), TLUA_ERRRUN);
  ASSERT(access("/tmp/tilelua-sandbox-escape", F_OK) != 0);
  ASSERT_EQ(tlua_dostring(T, "assert(load(string.dump(function() end)))", NULL), TLUA_ERRRUN);
  ASSERT_CONTAINS(tlua_errmsg(T), "binary");
  ASSERT_EQ(tlua_dostring(T, "assert(debug == nil and io == nil and dofile == nil)", NULL), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "ok = load('return os.clock() >= 0 and os.time() > 0')()", NULL), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "assert(ok)", NULL), TLUA_OK);
  tlua_close(T);

  /* the same calls work without the sandbox, so the checks above can tell the difference */
  ASSERT_EQ(tlua_open(NULL, &T), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "assert(load(string.dump(function() end)))", NULL), TLUA_OK);
  tlua_close(T);
}

TU_TEST(states_are_independent) {
  tlua_State *A = NULL, *B = NULL;
  ASSERT_EQ(tlua_open(NULL, &A), TLUA_OK);
  ASSERT_EQ(tlua_open(NULL, &B), TLUA_OK);
  ASSERT_EQ(tlua_dostring(A, "v = 1", NULL), TLUA_OK);
  double v;
  ASSERT_EQ(tlua_get_number(B, "v", &v), TLUA_ERRTYPE);
  ASSERT_EQ(tlua_dostring(B, "error('only B')", NULL), TLUA_ERRRUN);
  ASSERT_STR_EQ(tlua_errmsg(A), "");
  tlua_close(A);
  tlua_close(B);
}

TU_TEST(memory_limit_is_a_clean_error) {
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.sandbox = 1;
  cfg.mem_limit = 8u << 20;
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(&cfg, &T), TLUA_OK);
  /* a memory bomb: doubling strings until something gives */
  ASSERT_EQ(tlua_dostring(T, "local t = {} local s = 'x' for i = 1, 64 do s = s .. s; t[i] = s end", NULL),
            TLUA_ERRMEM);
  ASSERT_CONTAINS(tlua_errmsg(T), "memory limit of 8388608 bytes");
  /* the state stays usable */
  ASSERT_EQ(tlua_dostring(T, "ok = 1 + 1", NULL), TLUA_OK);
  double ok = 0;
  ASSERT_EQ(tlua_get_number(T, "ok", &ok), TLUA_OK);
  ASSERT_EQ(ok, 2);
  tlua_close(T);
}

TU_TEST(instruction_limit_stops_an_infinite_loop) {
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.sandbox = 1;
  cfg.instr_limit = 5000000;
  tlua_State *T = NULL;
  ASSERT_EQ(tlua_open(&cfg, &T), TLUA_OK);
  ASSERT_EQ(tlua_dostring(T, "while true do end", "=bomb"), TLUA_ERRRUN);
  ASSERT_CONTAINS(tlua_errmsg(T), "instruction limit of 5000000 exceeded");
  /* each call gets a fresh budget, so ordinary work still runs */
  ASSERT_EQ(tlua_dostring(T, "n = 0 for i = 1, 1000 do n = n + i end", NULL), TLUA_OK);
  double n = 0;
  ASSERT_EQ(tlua_get_number(T, "n", &n), TLUA_OK);
  ASSERT_EQ(n, 500500);
  tlua_close(T);
}

TU_MAIN(TU_ENTRY(memory_limit_is_a_clean_error), TU_ENTRY(instruction_limit_stops_an_infinite_loop),
        TU_ENTRY(version_matches_header), TU_ENTRY(open_close_defaults),
        TU_ENTRY(open_bad_arguments), TU_ENTRY(define_tl_off), TU_ENTRY(errors_are_statuses),
        TU_ENTRY(dofile_runs_a_file), TU_ENTRY(sandbox_refuses_files_and_commands),
        TU_ENTRY(states_are_independent))
