-- k:copy(dst, src): a tile of a tensor into LDS (lds_copy; cp.async on NVIDIA), masked elements
-- becoming 0, on plain and XOR-swizzled buffers, ragged shapes; then k:copy_commit, k:copy_wait,
-- k:sync and a read back through a window. Checked against plain Lua; the IR holds the ops; bad
-- arguments fail with the rule they break.
local T = require "testing"

local ROWS, COLS = 32, 64
local dist = tl.encoding { h = { { 4, 8 }, { 8, 8 } }, p = { { { 1, 1 }, { 2, 0 } } }, y = { { 1, 0 }, { 2, 1 } } }

local function make(dname, swizzled, warp)
  local desc = swizzled and tl.xor_preshuffle { m_per_block = ROWS, k_per_block = COLS, kpack = 8, m_lds_layer = 1 } or nil
  return tl.kernel {
    name = "copy_async_" .. dname, block = 64, warp = warp,
    params = { { "x", tl.tensor(tl[dname], 2) }, { "y", tl.tensor(tl[dname], 2) } },
    body = function(k, p)
      local lds = k:lds(dname, { ROWS, COLS }, desc and { swizzle = desc } or nil)
      local r0, c0 = k.block_id(1) * ROWS, k.block_id(0) * COLS
      k:copy(k:window(lds, { 0, 0 }, { ROWS, COLS }, dist), k:window(p.x, { r0, c0 }, { ROWS, COLS }, dist))
      k:copy_commit()
      k:copy_wait(0)
      k:sync()
      -- y gets the tile as the block saw it (zeros where x ends): y is the padded size
      local t = k:window(lds, { 0, 0 }, { ROWS, COLS }, dist):load()
      k:window(p.y, { r0, c0 }, { ROWS, COLS }, dist):store(t)
    end,
  }
end

for _, dname in ipairs { "f32", "f16", "i32" } do
  for _, sw in ipairs { false, true } do
    for si, shape in ipairs { { 32, 64 }, { 45, 100 }, { 7, 3 } } do
      local what = ("%s swizzled=%s %dx%d"):format(dname, tostring(sw), shape[1], shape[2])
      local x = tl.empty(shape, tl[dname])
      for i = 0, shape[1] - 1 do for j = 0, shape[2] - 1 do x:set(i, j, (i * 13 + j * 7) % 200 + 1) end end
      local gy, gx = (shape[1] + ROWS - 1) // ROWS, (shape[2] + COLS - 1) // COLS
      local y = tl.full({ gy * ROWS, gx * COLS }, -5, tl[dname])
      local kern = make(dname, sw)
      kern({ gx, gy }, x, y)
      for i = 0, gy * ROWS - 1 do
        for j = 0, gx * COLS - 1 do
          local want = (i < shape[1] and j < shape[2]) and x:get(i, j) or 0
          if y:get(i, j) ~= want then error(("%s: y[%d, %d] = %s, want %s"):format(what, i, j, tostring(y:get(i, j)), tostring(want))) end
        end
      end
      if si == 1 then -- (a later shape of the same specialization may come from the in-memory cache, untraced)
        local ir = kern:ir()
        -- (traced with warp 32, as tests/cli/rtc_kernels.sh does, an aligned tile is a TMA copy)
        T.eq(select(2, ir:gsub("lds_copy", "")) >= ROWS * COLS // 64 or ir:find("tma_load", 1, true) ~= nil, true,
             what .. ": lds_copy (or tma_load) in the IR")
        T.eq(ir:find("async_commit", 1, true) ~= nil and ir:find("async_wait 0", 1, true) ~= nil, true, what .. ": commit and wait")
      end
    end
  end
end

-- the code generator: 16-byte cp.async chunks (zero-filled where the bound check fails) and the
-- group ops on sm_80+; plain copies and no group ops before sm_80 and on AMD; element copies when
-- the rows are not 16-byte aligned (a 100-element f16 row)
do
  local k = make("f16", true, 32)
  k({ 2, 2 }, tl.zeros({ 45, 100 }, tl.f16), tl.zeros({ 64, 128 }, tl.f16))
  local ragged = k:source("sm_90")
  T.eq(ragged:find("cp.async.cg", 1, true), nil, "sm_90, rows of 100 f16: no 16-byte chunks")
  T.eq(select(2, ragged:gsub("lds0%[v%d+%] = v%d+ %? x%[v%d+%] : ", "")), 32, "sm_90, rows of 100 f16: 32 element copies")
  k({ 2, 2 }, tl.zeros({ 64, 128 }, tl.f16), tl.zeros({ 64, 128 }, tl.f16))
  -- (sm_90 copies this aligned tile with TMA: tests/lua/kernel_copy_tma.lua)
  local nv, old, amd = k:source("sm_80"), k:source("sm_75"), k:source("gfx1030")
  -- 32x64 f16 over 64 threads: 32 elements each, 4 chunks of 8
  T.eq(select(2, nv:gsub('cp%.async%.cg%.shared%.global %[%%0%], %[%%1%], 16, %%2;', "")), 4, "sm_80: 4 cp.async of 16 bytes")
  T.eq(nv:find("? 16 : 0", 1, true) ~= nil, true, "sm_80: masked chunks read 0 bytes")
  T.eq(nv:find("cp.async.commit_group", 1, true) ~= nil and nv:find("cp.async.wait_group 0", 1, true) ~= nil, true,
       "sm_80: commit and wait")
  T.eq(old:find("cp.async", 1, true), nil, "sm_75: no cp.async")
  T.eq(amd:find("cp.async", 1, true), nil, "gfx1030: no cp.async")
  T.eq(select(2, amd:gsub("lds0%[v%d+%] = v%d+ %? x%[v%d+%] : ", "")), 32, "gfx1030: 32 masked element copies")
end

-- errors
local function body_kernel(body, params)
  return tl.kernel { name = "copy_bad", block = 64, params = params or { { "x", tl.tensor(tl.f32, 2) } }, body = body }
end
T.raises(function()
  body_kernel(function(k) k:copy_wait(8) end)({ 1 }, tl.zeros({ 4, 4 }, tl.f32))
end, "k:copy_wait(n): n is the number of copy groups left in flight, an integer in 0..7 (got 8)")
T.raises(function()
  body_kernel(function(k, p)
    local lds = k:lds("f16", { ROWS, COLS })
    k:copy(k:window(lds, { 0, 0 }, { ROWS, COLS }, dist), k:window(p.x, { 0, 0 }, { ROWS, COLS }, dist))
  end)({ 1 }, tl.zeros({ 4, 4 }, tl.f32))
end, "the LDS buffer holds f16 but the tensor f32 (copies do not convert)")
T.raises(function()
  body_kernel(function(k, p)
    local lds = k:lds("f32", { ROWS, COLS })
    k:copy(k:window(p.x, { 0, 0 }, { ROWS, COLS }, dist), k:window(lds, { 0, 0 }, { ROWS, COLS }, dist))
  end)({ 1 }, tl.zeros({ 4, 4 }, tl.f32))
end, "dst must be a window on an LDS buffer and src one on a tensor parameter")
print("kernel_copy_async: ok")
