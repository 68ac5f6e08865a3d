-- Window accesses on a swizzled LDS buffer take each element's offset as the thread's first element's plus or
-- XOR a constant, where that holds for every thread and every origin the window can have (lua/window.lua
-- relative_offsets): a warpgroup accumulator (m64n64, 32 elements a thread) stored through a window at a
-- warpgroup-dependent origin into seed 003's XOR preshuffle and into an f32 buffer swizzled in 16-byte chunks, read
-- back through a plain distribution: every element where it belongs; a window whose origin has no known divisor
-- (at f16 too many origins to check) and one on a buffer without a descriptor keep their per-element offsets, also
-- right. The generated source: the XOR swizzle's remainders appear for the relative window's first element, for
-- every element where each has its own chain (the unknown origin's window at f16); each pair one integer store.
local T = require "testing"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

local s = tl.wgmma_shape { n = 64, a = "f16" }
local function rows_dist(rows, cols, nt)
  return tl.encoding { h = { { rows * cols // 8 // nt, nt * 8 // cols }, { cols // 8, 8 } }, p = { { { 1, 1 }, { 2, 0 } } },
                       y = { { 1, 0 }, { 2, 1 } } }
end
-- f32, 32 columns a row of 128 bytes, 16-byte chunks XOR the row (std.attention_backward's dQ share)
local function chunk_xor(rows)
  local d = tl.descriptor { lengths = { rows, 8, 4 } }
  d = d:transform { { tl.xor { rows, 8 }, lower = { 0, 1 }, upper = { 0, 1 } }, { tl.pass_through(4), lower = { 2 }, upper = { 2 } } }
  return d:transform { { tl.pass_through(rows), lower = { 0 }, upper = { 0 } }, { tl.merge { 8, 4 }, lower = { 1, 2 }, upper = { 1 } } }
end

-- the two warpgroups' 64 x 64 tiles of x (rows 64 w ..) through the accumulator distribution into the buffer at
-- origin {row(k, p), 0}, then the buffer to y row by row; dt: the buffer's element type; how: "relative" (the
-- warpgroup's rows), "unknown" (a row from a parameter: no divisor known), "plain" (no descriptor)
local function make(dt, how, hints)
  local cols = dt == "f16" and 64 or 32
  local desc = how ~= "plain" and (dt == "f16" and tl.xor_preshuffle { m_per_block = 128, k_per_block = 64, kpack = 8, m_lds_layer = 1 }
                                   or chunk_xor(128)) or nil
  local dist = dt == "f16" and s.c or tl.wgmma_shape { n = 32, a = "f16" }.c
  local rd = rows_dist(128, cols, 256)
  return tl.kernel { name = "relwin_" .. dt .. "_" .. how .. (hints and "_remat" or ""), block = 256, hints = hints,
    params = { { "x", tl.tensor(tl[dt], 2) }, { "y", tl.tensor(tl[dt], 2) }, { "r", tl.i32 } },
    body = function(k, p)
      local l = k:lds(dt, { 128, cols }, desc and { swizzle = desc } or nil)
      local r0 = (k.warp_id() // 4) * 64
      if how == "unknown" then r0 = r0 + p.r end
      local t = k:window(p.x, { (k.warp_id() // 4) * 64, 0 }, { 64, cols }, dist):load()
      k:window(l, { r0, 0 }, { 64, cols }, dist):store(t)
      k:sync()
      k:window(p.y, { 0, 0 }, { 128, cols }, rd):store(k:window(l, { 0, 0 }, { 128, cols }, rd):load())
    end }
end

local rems = {}
for _, dt in ipairs { "f16", "f32" } do
  for _, how in ipairs { "relative", "unknown", "plain" } do
    local cols = dt == "f16" and 64 or 32
    local x, y = tl.empty({ 128, cols }, tl[dt]), tl.zeros({ 128, cols }, tl[dt])
    for i = 0, 127 do for j = 0, cols - 1 do x:set(i, j, (i * 37 + j * 11) % 97 - 48) end end
    local kern = make(dt, how)
    kern({ 1 }, x, y, 0)
    for i = 0, 127 do
      for j = 0, cols - 1 do T.eq(y:get(i, j), x:get(i, j), ("%s %s: y[%d, %d]"):format(dt, how, i, j)) end
    end
    if how ~= "plain" then
      local src = kern:source("sm_90")
      -- every pair of the accumulator (f16 16 a thread, f32 8) one LDS store of an unsigned integer as wide, none
      -- split into element stores (NVRTC had split tl_vec's; a pair whose first lane is another element + 512 had
      -- stopped fusing until the emitter followed nested additions of constants)
      local int_t = dt == "f16" and "unsigned int" or "unsigned long long"
      T.eq(select(2, src:gsub("reinterpret_cast<" .. int_t .. "%*>%(lds0 %+ v%d+%) = tl_vbits", "")), cols // 4,
           dt .. " " .. how .. ": pair stores")
      T.eq(select(2, src:gsub("lds0%[v%d+%] = ", "")), 0, dt .. " " .. how .. ": element stores")
      if dt == "f16" then
        -- the remainders of the swizzle (the XOR's row % 8) in the sm_90 source: the relative window computes them
        -- for its first element only; the unknown origin's (65 origins to check: over the cap) for every element
        local _, n = src:gsub("tl_rem%(", "")
        rems[how] = n
      end
    end
  end
end
T.eq(rems.relative * 3 < rems.unknown, true,
     ("the relative window's remainders (%d) against per-element chains (%d)"):format(rems.relative, rems.unknown))

-- The hint remat_offsets: each offset that is its reference's XOR a constant (and no other element's plus a constant)
-- becomes the IR's xor "stay", on
-- NVIDIA the prelude's volatile tl_xor_stay (NVVM cannot hoist it out of a loop), on AMD a plain XOR; results equal.
-- Without the hint none.
for _, dt in ipairs { "f16", "f32" } do
  local cols = dt == "f16" and 64 or 32
  local x, y = tl.empty({ 128, cols }, tl[dt]), tl.zeros({ 128, cols }, tl[dt])
  for i = 0, 127 do for j = 0, cols - 1 do x:set(i, j, (i * 53 + j * 7) % 89 - 44) end end
  local plain, remat = make(dt, "relative"), make(dt, "relative", { remat_offsets = true })
  remat({ 1 }, x, y, 0)
  for i = 0, 127 do
    for j = 0, cols - 1 do T.eq(y:get(i, j), x:get(i, j), ("%s remat: y[%d, %d]"):format(dt, i, j)) end
  end
  plain({ 1 }, x, y, 0)
  local stays = select(2, remat:ir():gsub("= xor [^\n]* stay", ""))
  T.eq(stays > 0, true, dt .. ": xor stay in the IR")
  -- (with the hint an element another's plus a constant takes that form before its reference's XOR: only the XOR's
  -- low part, the 16-byte chunk within a 128-byte row, needs an XOR; at f16 seven of a row's eight chunks, the
  -- reference's own needs none; the plain kernel XORs each of its 16 pairs)
  local xors = select(2, plain:ir():gsub("= xor ", ""))
  T.eq(xors, 16, dt .. ": the plain kernel's XORs")
  T.eq(stays, dt == "f16" and 7 or 4, dt .. ": the XORs with remat_offsets")
  T.eq(select(2, plain:ir():gsub(" stay", "")), 0, dt .. ": no xor stay without the hint")
  -- (one call a stay in the body, besides the prelude's definition)
  T.eq(select(2, remat:source("sm_90"):gsub("tl_xor_stay%(%(", "")), stays, dt .. ": tl_xor_stay calls")
  T.eq(select(2, plain:source("sm_90"):gsub("tl_xor_stay", "")), 0, dt .. ": no tl_xor_stay without the hint")
  T.eq(select(2, remat:source("gfx942"):gsub("tl_xor_stay", "")), 0, dt .. ": AMD keeps a plain XOR")
end
T.raises(function() make("f16", "relative", { remat_offsets = 1 }) end, "hints: remat_offsets must be a boolean (got 1)")
T.raises(function() tl.kernel { name = "h1", block = 64, hints = { remat = true }, body = function() end } end,
         "hints: unknown hint 'remat' (expected occupancy, num_ctas, latency, allow_tma, uniform_warp or remat_offsets)")

-- (a kernel name or a parameter name the generated code reserves: refused where the kernel is defined, naming the rule)
-- (tests/fails/kernel_name_reserved.lua checks that the error names the script's line)
T.raises(function() tl.kernel { name = "lds_copy", block = 64, body = function() end } end,
         "tl.kernel: the name 'lds_copy' is not usable as a C identifier: names beginning with 'tl_', 'lds' or '__' are the generated code's own")
T.raises(function() tl.kernel { name = "copy2", block = 64, params = { { "x_shape", tl.f32 } }, body = function() end } end,
         "parameter name 'x_shape' is not usable in C: '_shape' and '_stride' name the generated parameters")

registry["tilelua.warp"] = saved
print("kernel_lds_relative: ok")
