/* codegen_hip_target.c - the targets the HIP code generator knows: an architecture name (sm_NN, gfxNNN) as
 * vendor and warp size (codegen_hip.h). */
#include <stdio.h>
#include <string.h>

#include "codegen_hip.h"

int tlua_target_from_arch(const char *arch, tlua_Target *t, char *err, size_t n) {
  memset(t, 0, sizeof *t);
  if (!arch || strlen(arch) >= sizeof t->arch ||
      !((strncmp(arch, "sm_", 3) == 0 && arch[3] >= '1' && arch[3] <= '9') ||
        (strncmp(arch, "gfx", 3) == 0 && arch[3] >= '1' && arch[3] <= '9'))) {
    if (err && n) snprintf(err, n, "hip codegen: unknown target '%s' (expected sm_NN or gfxNNN, e.g. sm_90, gfx90a)",
                           arch ? arch : "(null)");
    return -1;
  }
  for (const char *s = arch; *s; s++)
    if (!((*s >= 'a' && *s <= 'z') || (*s >= '0' && *s <= '9') || *s == '_')) {
      if (err && n) snprintf(err, n, "hip codegen: bad character in target '%s'", arch);
      return -1;
    }
  strcpy(t->arch, arch);
  if (arch[0] == 's') {
    t->vendor = TLUA_VENDOR_NVIDIA;
    t->warp_size = 32;
  } else {
    t->vendor = TLUA_VENDOR_AMD;
    /* gfx10xx/gfx11xx/gfx12xx (RDNA) compile to wave32 by default; GCN/CDNA (gfx8, gfx9) are wave64 */
    t->warp_size = strlen(arch) >= 7 && arch[3] == '1' && arch[4] >= '0' && arch[4] <= '9' &&
                   arch[5] >= '0' && arch[5] <= '9' ? 32 : 64;
  }
  return 0;
}
