/* codegen_hip_names.c - the names a kernel and its parameters may take in the generated source: identifiers
 * that are no C++ or HIP keyword and none of the generated code's own names (codegen_hip.h). tl.kernel asks
 * at definition (so the error names the script's line), the generator again for IR from elsewhere. */
#include <string.h>

#include "codegen_hip.h"
#include "ir.h"

const char *tlua_hip_name_problem(const char *s) {
  static const char *const reserved[] = {
    "auto", "bool", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "int", "long", "register", "return", "short",
    "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
    "volatile", "while", "class", "delete", "new", "this", "template", "typename", "namespace",
    "operator", "private", "public", "protected", "virtual", "true", "false", "asm", "inline",
    "threadIdx", "blockIdx", "gridDim", "blockDim", "warpSize", "friend", "using", "try", "catch",
    "throw", "explicit", "mutable", "export", "alignas", "alignof", "decltype", "nullptr",
    "constexpr", "static_assert", "thread_local", "noexcept", "char16_t", "char32_t", "wchar_t"};
  if (strlen(s) > TLUA_IR_NAME_MAX) return "it is longer than the 63 characters a kernel or parameter name may have";
  if (!s[0] || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z'))) return "it must begin with a letter";
  for (const char *p = s; *p; p++)
    if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') || *p == '_'))
      return "it may hold only letters, digits and '_'";
  if (strncmp(s, "tl_", 3) == 0 || strncmp(s, "lds", 3) == 0 || strncmp(s, "__", 2) == 0)
    return "names beginning with 'tl_', 'lds' or '__' are the generated code's own";
  if ((s[0] == 'v' || s[0] == 't' || s[0] == 'y') && s[1] >= '0' && s[1] <= '9')
    return "names of 'v', 't' or 'y' and a digit are the generated code's own";
  if (strstr(s, "_shape") || strstr(s, "_stride")) return "'_shape' and '_stride' name the generated parameters";
  for (size_t i = 0; i < sizeof reserved / sizeof reserved[0]; i++)
    if (!strcmp(s, reserved[i])) return "it is a C++ or HIP keyword";
  return NULL;
}
