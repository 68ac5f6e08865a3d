-- A kernel's name becomes the generated function's: names the generated code uses for its own (tl_, lds, __) are refused where the kernel is defined.
-- expect: kernel_name_reserved.lua:4: tl.kernel: the name 'lds_fill' is not usable as a C identifier: names beginning with 'tl_', 'lds' or '__' are the generated code's own
local tl = require "tilelua"
local k = tl.kernel { name = "lds_fill", block = 64, params = { { "x", tl.tensor(tl.f32, 1) } },
                      body = function(k, p) p.x:store({ k.thread_id() }, 1.0) end }
