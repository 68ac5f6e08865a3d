-- f32 -> bf16 casts two at a time (NVIDIA sm_80 on: two casts in a row become one cvt.rn.bf16x2.f32, each value a
-- half of it; src/codegen_hip_bf16.c): the values rounded to nearest even on the executor (ties, the largest finite
-- value, overflow to infinity, signed zero, a value below bf16's subnormals) as before, in the casts' order (the low
-- half the first cast's, as wgmma's A registers pack them); the pair in the sm_90 and sm_80 sources, a lone cast
-- alone; sm_75 and gfx942 without pairs; the sources compile where the compilers are.
local T = require "testing"

local N = 16
local k = tl.kernel {
  name = "bf16_pairs", block = 32, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.bf16, 1) }, { "z", tl.tensor(tl.bf16, 1) },
             { "w", tl.tensor(tl.u32, 1) } },
  body = function(k, p)
    local i = k.thread_id()
    k:when(tl.lt(i, N // 2), function()
      local a, b = p.x:load({ 2 * i }), p.x:load({ 2 * i + 1 })
      local ca, cb = a:cast("bf16"), b:cast("bf16") -- (two casts in a row: one pair)
      p.y:store({ 2 * i }, ca)
      p.y:store({ 2 * i + 1 }, cb)
      -- the two halves packed low first, as wgmma's A registers are
      p.w:store({ i }, ca:bitcast("u16"):cast("u32") | (cb:bitcast("u16"):cast("u32") << 16))
      p.z:store({ i }, (a + b):cast("bf16")) -- (a lone cast)
    end)
  end,
}

-- f32 inputs, each exact in f32; want: its bf16 value (nearest, ties to even)
local cases = {
  { 1 + 2 ^ -8, 1 },                       -- a tie: to the even 1
  { 1 + 3 * 2 ^ -8, 1 + 2 ^ -6 },          -- a tie: to the even 1 + 2^-6
  { 1 + 2 ^ -8 + 2 ^ -20, 1 + 2 ^ -7 },    -- past the tie: up
  { -(1 + 2 ^ -8 + 2 ^ -20), -(1 + 2 ^ -7) },
  { 3.3895313892515355e38, 3.3895313892515355e38 }, -- bf16's largest finite value
  { 3.4e38, 1 / 0 },                       -- past it by more than half an ulp: infinity
  { -0.0, -0.0 },
  { 1 / 0, 1 / 0 },
  { 2 ^ -133, 2 ^ -133 },                  -- a subnormal of bf16, exact
  { 2 ^ -140, 0 },                         -- below half the least subnormal: zero
  { 0.1, 0.10009765625 },
  { -2.75, -2.75 },
  { 65504, 65536 },
  { 1e-3, 0.00099945068359375 },
  { 7, 7 },
  { -3e38, -3.00405527047391e38 },
}
local x, y, z, w = tl.zeros({ N }, tl.f32), tl.zeros({ N }, tl.bf16), tl.zeros({ N // 2 }, tl.bf16), tl.zeros({ N // 2 }, tl.u32)
for i = 1, N do x:set(i - 1, cases[i][1]) end
k({ 1 }, x, y, z, w)
for i = 1, N do
  local got, want = y:get(i - 1), cases[i][2]
  T.eq(got, want, string.format("bf16 of %.17g", cases[i][1]))
  if want == 0 then T.eq(1 / got, 1 / want, string.format("the sign of bf16 of %.17g", cases[i][1])) end
end
-- the packed pairs: the first cast's bits low
local yb = tl.zeros({ N }, tl.u16)
local kb = tl.kernel {
  name = "bf16_bits", block = 32, warp = 32, params = { { "y", tl.tensor(tl.bf16, 1) }, { "b", tl.tensor(tl.u16, 1) } },
  body = function(k, p)
    local i = k.thread_id()
    k:when(tl.lt(i, N), function() p.b:store({ i }, p.y:load({ i }):bitcast("u16")) end)
  end,
}
kb({ 1 }, y, yb)
for i = 0, N // 2 - 1 do
  T.eq(w:get(i), yb:get(2 * i) + yb:get(2 * i + 1) * 65536, "pair " .. i .. " packed, the first cast low")
end
-- the lone cast: the f32 sums of pairs 0, 3 and 7
T.eq(z:get(0), 2 + 2 ^ -6, "the lone cast of (1 + 2^-8) + (1 + 3 2^-8)")
T.eq(z:get(3), 1 / 0, "the lone cast of -0 + infinity")
T.eq(z:get(7), -3.00405527047391e38, "the lone cast of 7 - 3e38")

local nv = k:source("sm_90")
T.eq(select(2, nv:gsub("= tl_bf2%(v", "")), 1, "sm_90: the two casts in a row as one pair conversion")
T.eq(select(2, nv:gsub("= tl_bf%(", "")), 1, "sm_90: the lone cast alone")
T.eq(nv:find("cvt.rn.bf16x2.f32 %0, %1, %2;", 1, true) ~= nil, true, "sm_90: the pair conversion, hi then lo")
T.eq(select(2, k:source("sm_80"):gsub("= tl_bf2%(v", "")), 1, "sm_80: paired too")
T.eq(k:source("sm_75"):find("tl_bf2", 1, true), nil, "sm_75: no pair conversion, nor its definition (bf16x2 is sm_80's)")
T.eq(k:source("gfx942"):find("tl_bf2", 1, true), nil, "gfx942: no pairs")
T.compiles(nv, "bf16_pairs", "sm_90", "bf16 pairs for sm_90")
T.compiles(k:source("sm_75"), "bf16_pairs", "sm_75", "bf16 casts for sm_75")
T.compiles(k:source("gfx942"), "bf16_pairs", "gfx942", "bf16 casts for gfx942")
