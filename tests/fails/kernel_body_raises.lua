-- an error inside the body reaches the script with its message
-- expect: kernel body failed on purpose
local k = tl.kernel{name = "k", block = 32, params = {{"a", tl.f32}},
  body = function(k, p) error("kernel body failed on purpose") end}
k({1}, 1.0)
