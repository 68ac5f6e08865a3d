-- init.lua - the Lua half of require "tilelua": receives the C module table and extends it.
return function(tl)
  tl.bank_report = require("tilelua.bank_report").report
  require("tilelua.target")(tl)
  require("tilelua.kernel")(tl)
  require("tilelua.autotune")(tl)
  require("tilelua.mma")(tl)
  require("tilelua.wgmma")(tl)
  require("tilelua.dist")(tl)
  return tl
end
