-- A retargetable builder must give every target the same parameters.
-- expect: kernel 'sig': built for gfx90a it has other parameters
local build = tl.retargetable(function()
  local params = { { "x", tl.tensor(tl.f32, 1) } }
  if tl.target().arch == "gfx90a" then params[2] = { "y", tl.f32 } end
  return tl.kernel { name = "sig", block = 64, params = params, body = function() end }
end)
build():for_target("gfx90a")
