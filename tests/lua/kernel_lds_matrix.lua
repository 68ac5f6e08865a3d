-- Window loads from LDS that are 8x8 matrix fragments become lds_matrix (ldmatrix) groups: the
-- m16n8k16 A fragment (4 matrices) and B fragment (2 matrices, transposed) on plain and
-- XOR-preshuffled buffers, at several origins (including a warp-dependent one). The values must
-- equal those of the element-by-element load (matrix = false) on the CPU executor; a window whose
-- rows do not start at a multiple of 8 falls back to element loads; an lds_matrix reached by part
-- of a warp is an error. (On the GPU, tests/gpu compares the same kernels with the executor.)
local T = require "testing"
local registry = debug.getregistry()
local saved = registry["tilelua.warp"]
registry["tilelua.warp"] = 32

local ROWS, COLS = 64, 64
local function make(dname, swizzled, origin_a, origin_b, matrix)
  local s = tl.mma_shape { target = "nvidia", a = dname }
  local desc = swizzled and tl.xor_preshuffle { m_per_block = ROWS, k_per_block = COLS, kpack = 8, m_lds_layer = 1 } or nil
  local fill = tl.encoding { h = { { 16, 4 }, { 8, 8 } }, p = { { { 1, 1 }, { 2, 0 } } }, y = { { 1, 0 }, { 2, 1 } } }
  return tl.kernel {
    name = "ldm_" .. dname, block = 64, warp = 32,
    params = { { "x", tl.tensor(tl[dname], 2) }, { "fa", tl.tensor(tl.f32, 2) }, { "fb", tl.tensor(tl.f32, 2) } },
    body = function(k, p)
      local lds = k:lds(dname, { ROWS, COLS }, desc and { swizzle = desc } or nil)
      k:window(lds, { 0, 0 }, { ROWS, COLS }, fill):store(k:window(p.x, { 0, 0 }, { ROWS, COLS }, fill):load())
      k:sync()
      local w = k.warp_id()
      -- warp w reads A at rows origin_a[1] + 16w, B at columns origin_b[2] + 8w
      local a = k:window(lds, { origin_a[1] + w * 16, origin_a[2] }, { s.m, s.k }, s.a):load { matrix = matrix }
      local b = k:window(lds, { origin_b[1], origin_b[2] + w * 8 }, { s.k, s.n }, s.b):load { matrix = matrix }
      -- write every lane's elements out, flat: row = thread, column = element
      local t = k.thread_id()
      for y = 0, s.elements.a - 1 do p.fa:store({ t, y }, a.vals[y]) end
      for y = 0, s.elements.b - 1 do p.fb:store({ t, y }, b.vals[y]) end
    end,
  }
end

local function run(kern, x)
  local fa, fb = tl.zeros({ 64, 8 }, tl.f32), tl.zeros({ 64, 4 }, tl.f32)
  kern({ 1 }, x, fa, fb)
  return fa, fb
end

local function same(a, b, what)
  local r, c = table.unpack(a:shape())
  for i = 0, r - 1 do
    for j = 0, c - 1 do
      if a:get(i, j) ~= b:get(i, j) then error(("%s: [%d, %d] %g vs %g"):format(what, i, j, a:get(i, j), b:get(i, j))) end
    end
  end
end

local origins = {
  { { 0, 0 }, { 0, 0 } },
  { { 16, 8 }, { 16, 32 } },
  { { 8, 48 }, { 48, 40 } },
}
for _, dname in ipairs { "f16", "bf16" } do
  local x = tl.empty({ ROWS, COLS }, tl[dname])
  for i = 0, ROWS - 1 do for j = 0, COLS - 1 do x:set(i, j, i * COLS + j) end end  -- exact in f16 below 2048
  if dname == "bf16" then for i = 0, ROWS - 1 do for j = 0, COLS - 1 do x:set(i, j, (i * 7 + j * 3) % 256) end end end
  for _, sw in ipairs { false, true } do
    for _, o in ipairs(origins) do
      local what = ("%s swizzled=%s origin A %s B %s"):format(dname, tostring(sw), T.show(o[1]), T.show(o[2]))
      local km, ke = make(dname, sw, o[1], o[2], nil), make(dname, sw, o[1], o[2], false)
      local ma, mb = run(km, x)
      local ea, eb = run(ke, x)
      same(ma, ea, what .. ": A fragment")
      same(mb, eb, what .. ": B fragment")
      local ir = km:ir()
      local _, n = ir:gsub("lds_matrix", "")
      T.eq(n, 8 + 4, what .. ": lds_matrix elements in the IR")
      local _, nt = ir:gsub("lds_matrix[^\n]* trans", "")
      T.eq(nt, 4, what .. ": the B fragment loads transposed")
      local _, ne = ke:ir():gsub("lds_matrix", "")
      T.eq(ne, 0, what .. ": matrix = false loads element by element")
      -- the code generator: ldmatrix on NVIDIA (A: one x4, B: one x2 transposed per warp), the
      -- lanes' row offsets through shuffles on a wave32 AMD target
      local nv, amd = km:source("sm_90"), km:source("gfx1030")
      T.eq(select(2, nv:gsub("ldmatrix%.sync%.aligned%.m8n8%.x4%.shared%.b16", "")), 1, what .. ": one ldmatrix.x4")
      T.eq(select(2, nv:gsub("ldmatrix%.sync%.aligned%.m8n8%.x2%.trans%.shared%.b16", "")), 1, what .. ": one ldmatrix.x2.trans")
      T.eq(amd:find("ldmatrix", 1, true), nil, what .. ": no ldmatrix on gfx1030")
      local amd_body = amd:sub((amd:find('extern "C"', 1, true)))  -- (the prelude defines __shfl)
      T.eq(select(2, amd_body:gsub("__shfl%(", "")), 12, what .. ": gfx1030 shuffles one row offset per element")
      -- the element loads match a plain-Lua reading of x
      local s = tl.mma_shape { target = "nvidia", a = dname }
      for t = 0, 63 do
        local w, lane = t // 32, t % 32
        local g, q = lane // 4, lane % 4
        -- A: y = (colhalf, rowhalf, pair): row g + 8 rowhalf, col 2q + pair + 8 colhalf
        for y = 0, 7 do
          local col_half, row_half, pair = y // 4, (y // 2) % 2, y % 2
          local r, c = o[1][1] + 16 * w + g + 8 * row_half, o[1][2] + 2 * q + pair + 8 * col_half
          T.eq(ma:get(t, y), x:get(r, c), what .. (": A thread %d element %d"):format(t, y))
        end
        -- B: y = (khalf, pair): row 2q + pair + 8 khalf, col g
        for y = 0, 3 do
          local r, c = o[2][1] + 2 * q + y % 2 + 8 * (y // 2), o[2][2] + 8 * w + g
          T.eq(mb:get(t, y), x:get(r, c), what .. (": B thread %d element %d"):format(t, y))
        end
      end
      T.eq(s.elements.a, 8, "A elements")
    end
  end
end

-- rows not starting at a multiple of 8 along the contiguous dimension: element loads, same values
do
  local k = make("f16", true, { 0, 4 }, { 0, 4 }, nil)
  local x = tl.empty({ ROWS, COLS }, tl.f16)
  for i = 0, ROWS - 1 do for j = 0, COLS - 1 do x:set(i, j, (i + j) % 512) end end
  local ma = run(k, x)
  local _, n = k:ir():gsub("lds_matrix", "")
  T.eq(n, 0, "misaligned origin: no lds_matrix")
  T.eq(ma:get(0, 0), x:get(0, 4), "misaligned origin: A element 0 of thread 0")
end

-- part of a warp reaching an lds_matrix: an error on the CPU executor (on a GPU the instruction's
-- result is undefined then, and nothing reports it)
if tl.backend() == "cpu" then
  local s = tl.mma_shape { target = "nvidia", a = "f16" }
  local k = tl.kernel {
    name = "ldm_divergent", block = 32, warp = 32, params = { { "o", tl.tensor(tl.f32, 1) } },
    body = function(k, p)
      local lds = k:lds("f16", { 16, 16 })
      k:when(tl.lt(k.thread_id(), 16), function()
        local a = k:window(lds, { 0, 0 }, { 16, 16 }, s.a):load()
        p.o:store({ k.thread_id() }, a.vals[0])
      end)
    end,
  }
  T.raises(function() k({ 1 }, tl.zeros({ 32 }, tl.f32)) end, "lds_matrix reached by 16 of the 32 lanes of warp 0")
end

registry["tilelua.warp"] = saved
print("kernel_lds_matrix: ok")
