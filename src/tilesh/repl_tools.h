/* repl_tools.h - the REPL's commands (:src, :ir, :map) and tab completion of globals and fields. */
#ifndef TILESH_REPL_TOOLS_H
#define TILESH_REPL_TOOLS_H

#include <lua.h>

/* Runs `line` if it is one of the commands below and returns 1 (0: not a command, left alone):
 *   :src NAME [target]   the generated source of kernel NAME (its last specialization)
 *   :ir NAME             its IR
 *   :map EXPR            EXPR:map() of a layout object (curve, encoding, descriptor)
 * Errors are printed to stderr; the session goes on. */
int tilesh_command(lua_State *L, const char *line);
/* The help lines of those commands. */
extern const char *const tilesh_command_help;
/* Tab completion of globals and fields ("tl.pat<TAB>", "x:sh<TAB>") with GNU readline; a no-op
 * without it. L must outlive the REPL. */
void tilesh_completion_init(lua_State *L);

#endif
