-- v:bitcast(dt) (IR BITCAST: the same bits as another number type of one width) on the executor,
-- exact bit patterns both ways; k:range carrying 16-bit distributed tensors as pairs in u32 (the
-- generated source shows the packing, the results are the unpacked values); the errors; the
-- sources compile for sm_90 and gfx942 where the compilers are installed.
local T = require "testing"

local k = tl.kernel {
  name = "bitcast_bits", block = 32, warp = 32,
  params = { { "h", tl.tensor(tl.f16, 1) }, { "hb", tl.tensor(tl.u16, 1) }, { "f", tl.tensor(tl.f32, 1) },
             { "fb", tl.tensor(tl.i32, 1) }, { "b16", tl.tensor(tl.u16, 1) }, { "bf", tl.tensor(tl.bf16, 1) } },
  body = function(k, p)
    local i = k.thread_id()
    k:when(tl.lt(i, 8), function()
      p.hb:store({ i }, p.h:load({ i }):bitcast("u16"))
      p.fb:store({ i }, p.f:load({ i }):bitcast(tl.i32))
      p.bf:store({ i }, p.b16:load({ i }):bitcast("bf16"))
    end)
  end,
}
local hv = { 1.5, -2, 0.1, 65504, 0, -0.0, 1 / 0, 3 }
local hbits = { 0x3e00, 0xc000, 0x2e66, 0x7bff, 0x0000, 0x8000, 0x7c00, 0x4200 }
local fv = { 1.0, -2.0, 0.5, 3.25, 0, -0.0, 1 / 0, 7 }
local fbits = { 0x3f800000, -0x40000000, 0x3f000000, 0x40500000, 0, -0x80000000, 0x7f800000, 0x40e00000 }
local bbits = { 0x3f80, 0xc000, 0x3dcd, 0x7f7f, 0x0001, 0x8000, 0x7f80, 0x4040 }
local bvals = { 1.0, -2.0, 0.10009765625, 3.3895313892515355e38, 9.183549615799121e-41, -0.0, 1 / 0, 3.0 }
local h, hb, f, fb = tl.zeros({ 8 }, tl.f16), tl.zeros({ 8 }, tl.u16), tl.zeros({ 8 }, tl.f32), tl.zeros({ 8 }, tl.i32)
local b16, bf = tl.zeros({ 8 }, tl.u16), tl.zeros({ 8 }, tl.bf16)
for i = 1, 8 do h:set(i - 1, hv[i]); f:set(i - 1, fv[i]); b16:set(i - 1, bbits[i]) end
k({ 1 }, h, hb, f, fb, b16, bf)
for i = 1, 8 do
  T.eq(hb:get(i - 1), hbits[i], "f16 bits of " .. hv[i])
  T.eq(fb:get(i - 1), fbits[i], "f32 bits of " .. fv[i])
  T.eq(bf:get(i - 1), bvals[i], string.format("bf16 of bits %04x", bbits[i]))
end
T.compiles(k:source("sm_90"), "bitcast_bits", "sm_90", "bitcast for sm_90")
T.compiles(k:source("gfx942"), "bitcast_bits", "gfx942", "bitcast for gfx942")

-- k:range carrying an f16 tensor of 16 elements a thread (8 pairs) and a bf16 one, and f32 beside them
local dist = tl.pattern2d { block = 32, rows = 16, cols = 32, vec = 4, warp = 32 }
local carry = tl.kernel {
  name = "carry_pairs", block = 32, warp = 32,
  params = { { "x", tl.tensor(tl.f16, 2) }, { "y", tl.tensor(tl.f16, 2) }, { "z", tl.tensor(tl.bf16, 2) }, { "n", tl.i32 } },
  body = function(k, p)
    local t = k:window(p.x, { 0, 0 }, { 16, 32 }, dist):load()
    local acc, b, s = k:range(0, p.n, 1, function(_, a, bb, ss)
      -- (the bf16 one comes back as f32: carried as its own dtype)
      return a:map(function(v) return v * 0.5 + 1.0 end), bb:map(function(v) return v + 2.0 end):cast("f32"), ss + 1.0
    end, t, t:cast("bf16"), 0.0)
    k:window(p.y, { 0, 0 }, { 16, 32 }, dist):store(acc:map(function(v) return v + s end))
    k:window(p.z, { 0, 0 }, { 16, 32 }, dist):store(b)
  end,
}
local x = tl.rand({ 16, 32 }, tl.f32, 3)
local xh = tl.zeros({ 16, 32 }, tl.f16)
for i = 0, 15 do for j = 0, 31 do xh:set(i, j, x:get(i, j) * 8 - 4) end end
-- (2 and 3 trips: an odd and an even number of unpackings, so halves swapped in a pair would show)
for _, n in ipairs { 2, 3 } do
  local y, z = tl.zeros({ 16, 32 }, tl.f16), tl.zeros({ 16, 32 }, tl.bf16)
  carry({ 1 }, xh, y, z, n)
  local bad = 0
  for i = 0, 15 do
    for j = 0, 31 do
      local a = xh:get(i, j)
      for _ = 1, n do a = a * 0.5 + 1.0 end -- (exact in f16 here: few bits)
      if y:get(i, j) ~= a + n and math.abs(y:get(i, j) - (a + n)) > 4e-3 then bad = bad + 1 end
      if math.abs(z:get(i, j) - (xh:get(i, j) + 2 * n)) > 0.07 then bad = bad + 1 end
    end
  end
  T.eq(bad, 0, n .. " trips: carried pairs: mismatching elements")
end
local src = carry:source("sm_90")
assert(src:find("tl_bitcast<unsigned short>", 1, true), "the carried f16 tensor is packed through u16 bits")
T.compiles(src, "carry_pairs", "sm_90", "carried pairs for sm_90")
T.compiles(carry:source("gfx942"), "carry_pairs", "gfx942", "carried pairs for gfx942")

-- an f32 tensor carried, returned as f16 (an even count: pairs if it were carried): cast back to f32
local back = tl.kernel {
  name = "carry_f32_ret_f16", block = 32, warp = 32,
  params = { { "x", tl.tensor(tl.f32, 2) }, { "y", tl.tensor(tl.f32, 2) }, { "n", tl.i32 } },
  body = function(k, p)
    local t = k:window(p.x, { 0, 0 }, { 16, 32 }, dist):load()
    local acc = k:range(0, p.n, 1, function(_, a) return a:map(function(v) return v + 1.0 end):cast("f16") end, t)
    k:window(p.y, { 0, 0 }, { 16, 32 }, dist):store(acc)
  end,
}
local yb = tl.zeros({ 16, 32 }, tl.f32)
back({ 1 }, tl.zeros({ 16, 32 }, tl.f32), yb, 3)
T.eq({ yb:get(0, 0), yb:get(15, 31) }, { 3, 3 }, "f32 carried, f16 returned")

-- the bits exactly, also of NaNs (payload, sign) and e5m2's infinities, which conversions would not keep
local function roundtrip(it, mid, pats)
  local rt = tl.kernel { name = "rt_" .. it .. "_" .. mid, block = 32, warp = 32,
    params = { { "x", tl.tensor(tl[it], 1) }, { "y", tl.tensor(tl[it], 1) } },
    body = function(k, p)
      local i = k.thread_id()
      k:when(tl.lt(i, #pats), function() p.y:store({ i }, p.x:load({ i }):bitcast(mid):bitcast(it)) end)
    end }
  local x, y = tl.zeros({ #pats }, tl[it]), tl.zeros({ #pats }, tl[it])
  for i, v in ipairs(pats) do x:set(i - 1, v) end
  rt({ 1 }, x, y)
  for i = 0, #pats - 1 do T.eq(y:get(i), x:get(i), string.format("%s 0x%x through %s", it, x:get(i), mid)) end
end
roundtrip("u8", "f8e5m2", { 0x7c, 0xfc, 0x7d, 0x7e, 0xfe, 0x7b, 0x01, 0x80 })
roundtrip("u8", "f8e4m3", { 0xff, 0x7f, 0x7e, 0x80, 0x08 })
roundtrip("u16", "f16", { 0x7c01, 0x7e01, 0xffff, 0x7c00, 0x8000, 0x0001, 0x3c00 })
roundtrip("u16", "bf16", { 0x7f81, 0xffc0, 0x7f80, 0x8000, 0x0001 })
roundtrip("i16", "f16", { -1, -32768, 32767 })
roundtrip("u32", "f32", { 0x7f800001, 0xffc00000, 0x80000000 })
roundtrip("i64", "f64", { -1, math.mininteger, 0x7ff0000000000001 })

-- errors name both dtypes and their widths
local function bad_bitcast(from, to)
  return tl.kernel { name = "bad_bitcast", block = 32, params = { { "x", tl.tensor(from, 1) }, { "y", tl.tensor(to, 1) } },
    body = function(k, p) p.y:store({ k.thread_id() }, p.x:load({ k.thread_id() }):bitcast(to)) end }
end
T.raises(function() bad_bitcast(tl.f16, tl.f32)({ 1 }, tl.zeros({ 32 }, tl.f16), tl.zeros({ 32 }, tl.f32)) end,
         "bitcast: f16 and f32 must be number types of one width (2 bytes and 4 bytes)", "width mismatch")
T.raises(function() bad_bitcast(tl.u8, tl.bool)({ 1 }, tl.zeros({ 32 }, tl.u8), tl.zeros({ 32 }, tl.bool)) end,
         "bitcast: u8 and bool must be number types of one width", "bool")
print("kernel_bitcast: ok")
