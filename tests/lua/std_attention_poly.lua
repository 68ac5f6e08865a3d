-- std.attention's config.poly (some of the softmax's exponentials by a polynomial on the FMA pipe instead of MUFU,
-- common.lua's exp2_fma): exp2_fma against 2^x over the range a softmax gives it, on the executor; the wgmma kernel
-- with poly against the float64 reference (lib/attention_case.lua) on the executor at warp 32 or a GPU with wgmma, not
-- causal and causal (masked tiles keep MUFU), GQA, both dtypes, D = 64 and 128; the kernel's source; the errors.
local T = require "testing"
local std = require "tilelua.std"
local C = require "tilelua.std.common"
local A = require "attention_case"
local case = A.case

-- exp2_fma on a grid of x in [-140, 0]: relative error within the polynomial's 7.5e-5 down to 2^-126, 2^-126 below
local N = 4096
local xs = tl.empty({ N }, tl.f32)
for i = 0, N - 1 do xs:set(i, -140.0 * i / (N - 1) - (i % 7) * 1e-3) end
local ys = tl.empty({ N }, tl.f32)
local kern = tl.kernel {
  name = "exp2_fma_grid", block = 256,
  params = { { "x", tl.tensor(tl.f32, 1) }, { "y", tl.tensor(tl.f32, 1) } },
  body = function(k, p)
    local i = k.block_id(0) * 256 + k.thread_id()
    p.y:store({ i }, C.exp2_fma(p.x:load({ i })))
  end,
}
kern({ N // 256 }, xs, ys)
local worst = 0
for i = 0, N - 1 do
  local x, y = xs:get(i), ys:get(i)
  if x >= -126 then
    worst = math.max(worst, math.abs(y / 2.0 ^ x - 1))
  else
    T.eq(y > 0 and y <= 2.0 ^ -125, true, string.format("exp2_fma(%g) = %g: 2^-126 (about) below -126", x, y))
  end
end
assert(worst < 7.6e-5, string.format("exp2_fma: relative error %.3g over [-126, 0], want < 7.6e-5", worst))
assert(worst > 1e-6, "exp2_fma: the polynomial's error is seen (not MUFU's exp2)")

A.on_wgmma(function()
  local WG = { wgmma = true, ws = true, overlap = true, split = true, rs = true }
  local function with(t, extra)
    local c = {}
    for key, v in pairs(t) do c[key] = v end
    for key, v in pairs(extra) do c[key] = v end
    return c
  end
  -- the sm_90 defaults' kernels with poly (persistent not causal, dynamic pingpong causal); 8: every exponential of
  -- the unmasked tiles
  local PT, DYN = with(WG, { persistent = true }), with(WG, { persistent = true, dynamic = true, pingpong = true })
  case { S = 70, Skv = 384, D = 64, dt = "f16", config = with(PT, { poly = 2 }) }
  case { S = 70, Skv = 384, D = 64, dt = "f16", config = with(PT, { poly = 8 }) }
  case { Hq = 2, Hkv = 1, S = 200, Skv = 400, D = 64, dt = "bf16", causal = true, config = with(DYN, { poly = 3 }) }
  case { B = 2, S = 100, Skv = 40, D = 64, dt = "bf16", causal = true, empty = 120, config = with(DYN, { poly = 8 }) }
  case { Hq = 2, Hkv = 1, S = 65, Skv = 384, D = 128, dt = "bf16", layout = "bshd", config = with(WG, { poly = 4 }) }
  -- the kernel: the polynomial's constant (1.5 * 2^23) in its source, 2 of each 8 exponentials of the unmasked loop
  local kk
  for _, x in ipairs(std.kernels()) do
    if x.name == "std_attention_f16_d64_wgmma_ws_split_ov_rs_pt_x2" then kk = x end
  end
  assert(kk, "the D = 64 kernel with poly = 2 is named for it")
  local src = kk:source("sm_90")
  T.eq(src:find("12582912.0f", 1, true) ~= nil, true, "the polynomial's rounding constant")
  T.compiles(src, kk.name, "sm_90a", "std.attention config.poly for sm_90a")
end)

-- errors name the field and the rule
local q = tl.zeros({ 1, 1, 8, 64 }, tl.f16)
T.raises(function() std.attention(q, q, q, { config = { poly = 9 } }) end, "must be an integer in 0..8 (got 9)")
T.raises(function() std.attention(q, q, q, { config = { poly = 1.5 } }) end, "must be an integer in 0..8 (got 1.5)")
T.raises(function() std.attention(q, q, q, { config = { wgmma = false, poly = 2 } }) end,
        "is a form of config.wgmma's softmax")
