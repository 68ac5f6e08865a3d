/* fuzz_script.c - libFuzzer target: the input is Lua source, run as an untrusted script (sandbox,
 * cpu backend, memory, instruction and tensor limits) in a fresh state. Any crash, sanitizer
 * report or leak is a bug; errors the script raises are expected and ignored. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "tilelua.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *code = malloc(size + 1);
  if (!code) return 0;
  memcpy(code, data, size);
  code[size] = '\0'; /* an embedded NUL ends the chunk early; that is fine */
  tlua_Config cfg;
  tlua_config_init(&cfg);
  cfg.sandbox = 1;
  cfg.backend = "cpu";
  cfg.mem_limit = 64u << 20;
  cfg.instr_limit = 2000000;
  cfg.tensor_limit = 16u << 20;
  tlua_State *T = NULL;
  if (tlua_open(&cfg, &T) == TLUA_OK) {
    int status = tlua_dostring(T, code, "=fuzz");
    /* a failed run must say why */
    if (status != TLUA_OK && tlua_errmsg(T)[0] == '\0') abort();
    tlua_close(T);
  }
  free(code);
  return 0;
}
