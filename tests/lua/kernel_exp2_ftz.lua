-- tl.exp2(x, {flush_to_zero = true}) (IR EXP2 with imm 1): the same values on the executor (subnormal results
-- exact there, 0 or exact on a GPU), one ex2.approx.ftz in NVIDIA's source where exp2f stands without it, AMD's
-- source unchanged, the flag in the printed IR, f16 through f32, constants folded as without it; the errors name
-- the option.
local T = require "testing"

local k = tl.kernel {
  name = "exp2_ftz", block = 32, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.f32, 1) }, { "z", tl.tensor(tl.f32, 1) },
             { "h", tl.tensor(tl.f16, 1) } },
  body = function(k, p)
    local i = k.thread_id()
    k:when(tl.lt(i, 8), function()
      local x = p.x:load({ i })
      p.y:store({ i }, tl.exp2(x, { flush_to_zero = true }))
      p.z:store({ i }, tl.exp2(x))
      p.h:store({ i }, tl.exp2(x:cast("f16"), { flush_to_zero = true }))
    end)
  end,
}
local xv = { 0, 1, -1, 3.5, -10.25, -126, -130, -149 }
local x, y, z, h = tl.zeros({ 8 }, tl.f32), tl.zeros({ 8 }, tl.f32), tl.zeros({ 8 }, tl.f32), tl.zeros({ 8 }, tl.f16)
for i = 1, 8 do x:set(i - 1, xv[i]) end
k({ 1 }, x, y, z, h)
for i = 1, 8 do
  local want = 2.0 ^ xv[i]
  local got = y:get(i - 1)
  if xv[i] < -126 then
    -- (a subnormal result: exact, or 0 where flushed)
    T.eq(got == 0 or math.abs(got - want) <= want * 1e-6, true, "exp2 of " .. xv[i] .. " with flush_to_zero: 0 or 2^x")
  else
    T.near(got, want, want * 1e-6, "exp2 of " .. xv[i] .. " with flush_to_zero")
  end
  T.near(z:get(i - 1), want, want * 1e-6, "exp2 of " .. xv[i])
  if xv[i] > -14 then T.near(h:get(i - 1), want, want * 1e-3, "f16 exp2 of " .. xv[i] .. " with flush_to_zero") end
end
local nv = k:source("sm_90")
T.eq(select(2, nv:gsub("tl_ex2_ftz%(", "")), 3, "sm_90: tl_ex2_ftz defined once and called for the f32 and f16 values")
T.eq(nv:find("ex2.approx.ftz.f32", 1, true) ~= nil and nv:find("exp2f(", 1, true) ~= nil, true,
     "sm_90: ex2.approx.ftz for the flagged exp2, exp2f for the other")
T.eq(k:source("gfx942"):find("ex2", 1, true), nil, "gfx942: no NVIDIA instruction")
T.eq(select(2, k:ir():gsub("exp2 %%%d+ flush_to_zero", "")), 2, "the IR prints the flag on both flagged exp2s")
T.compiles(nv, "exp2_ftz", "sm_90", "exp2 flush_to_zero for sm_90")
T.compiles(k:source("gfx942"), "exp2_ftz", "gfx942", "exp2 flush_to_zero for gfx942")
-- constants: Lua numbers, as without the option
T.eq(tl.exp2(3, { flush_to_zero = true }), 8.0, "a constant exp2 with flush_to_zero")

-- t:foreach(tl.exp2) passes each element's coordinates as its second argument: not options
local fk = tl.kernel {
  name = "exp2_foreach", block = 32, warp = 32, params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.f32, 1) } },
  body = function(k, p)
    local i = k.thread_id() % 8
    p.y:store({ i }, tl.exp2(p.x:load({ i }), { i, 0 }))
  end,
}
local yf = tl.zeros({ 8 }, tl.f32)
fk({ 1 }, x, yf)
T.near(yf:get(3), 2.0 ^ xv[4], 2.0 ^ xv[4] * 1e-6, "tl.exp2 with a coordinate list as its second argument")

-- errors name the option and the rule
local function body_with(opts)
  return tl.kernel {
    name = "exp2_bad", block = 32, warp = 32, params = { { "x", tl.tensor(tl.f32, 1) } },
    body = function(k, p) p.x:store({ 0 }, tl.exp2(p.x:load({ 0 }), opts)) end,
  }
end
T.raises(function() body_with({ ftz = true })({ 1 }, x) end, "tl.exp2: unknown option 'ftz' (expected flush_to_zero)")
T.raises(function() body_with({ flush_to_zero = 1 })({ 1 }, x) end, "tl.exp2: flush_to_zero must be a boolean (got 1)")
T.raises(function() body_with(true)({ 1 }, x) end, "tl.exp2: options must be a table such as {flush_to_zero = true} (got boolean)")
print("kernel_exp2_ftz: ok")
