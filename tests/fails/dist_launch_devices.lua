-- A launch runs on the device of its tensors: they must agree.
-- expect: kernel 'copy': argument 'y' is on device 1 but argument 'x' is on device 0; a launch runs on the device of its tensors
local tl = require "tilelua"
local copy = tl.kernel { name = "copy", block = 64, params = { x = tl.tensor(tl.f32, 1), y = tl.tensor(tl.f32, 1) },
  body = function(k, p) end }
copy({ 1 }, tl.zeros({ 64 }), tl.zeros({ 64 }, tl.f32, { device = 1 }))
