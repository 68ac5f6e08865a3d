/* embed.c - a host application that embeds tilelua: runs a script string, reads its result back. */
#include <stdio.h>
#include <string.h>

#include "tilelua.h"

static const char *script =
    "-- the sum of squares 1..10, computed in Lua, read back from C\n"
    "local s = 0\n"
    "for i = 1, 10 do s = s + i * i end\n"
    "result = s\n"
    "version = tl.version\n";

int main(void) {
  if (tlua_version_number() / 1000000 != TILELUA_VERSION_MAJOR) {
    fprintf(stderr, "embed: header %s does not match library %s\n", TILELUA_VERSION, tlua_version());
    return 1;
  }
  tlua_State *T = NULL;
  int status = tlua_open(NULL, &T);
  if (status != TLUA_OK) {
    fprintf(stderr, "embed: tlua_open failed with status %d\n", status);
    return 1;
  }
  double result = 0;
  const char *version = NULL;
  if (tlua_dostring(T, script, "=embedded") != TLUA_OK ||
      tlua_get_number(T, "result", &result) != TLUA_OK ||
      tlua_get_string(T, "version", &version) != TLUA_OK) {
    fprintf(stderr, "embed: %s\n", tlua_errmsg(T));
    tlua_close(T);
    return 1;
  }
  printf("embed: result = %g (tilelua %s)\n", result, version);
  int ok = result == 385.0 && strcmp(version, tlua_version()) == 0;

  /* errors come back as a status and a message, never as a crash or a longjmp */
  status = tlua_dostring(T, "error('boom')", "=embedded");
  ok = ok && status == TLUA_ERRRUN && strstr(tlua_errmsg(T), "embedded:1: boom") != NULL;
  printf("embed: error status %d, message: %.40s\n", status, tlua_errmsg(T));
  tlua_close(T);

  /* the sandbox: the same script may not write files or run commands */
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.sandbox = 1;
  if (tlua_open(&cfg, &T) != TLUA_OK) return 1;
  status = tlua_dostring(T, "io.open('/tmp/tilelua-embed-sandbox', 'w')", "=sandboxed");
  ok = ok && status == TLUA_ERRRUN;
  printf("embed: sandboxed io.open -> status %d: %.60s\n", status, tlua_errmsg(T));
  status = tlua_dostring(T, "os.execute('true')", "=sandboxed");
  ok = ok && status == TLUA_ERRRUN;
  printf("embed: sandboxed os.execute -> status %d: %.60s\n", status, tlua_errmsg(T));
  tlua_close(T);
  tlua_close(NULL); /* a no-op by contract */

  puts(ok ? "embed: ok" : "embed: FAILED");
  return ok ? 0 : 1;
}
