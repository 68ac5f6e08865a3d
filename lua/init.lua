-- init.lua - the Lua half of require "tilelua": receives the C module table and extends it.
return function(tl)
  return tl
end
