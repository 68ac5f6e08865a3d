-- tl.dist.all_reduce in one process over 4 simulated devices (TILELUA_CPU_DEVICES=4): every NCCL
-- dtype with every op, checked element by element against sums, products, max, min and averages
-- computed here in Lua (integer avg truncates toward zero; sums wrap at the dtype's width).
local tl = require "tilelua"
local P = #tl.devices()
assert(P == 4, "run with TILELUA_CPU_DEVICES=4 (got " .. P .. " devices)")
local N = 7

local SIGNED = { i8 = true, i32 = true, i64 = true }
local FLOAT = { f16 = true, bf16 = true, f32 = true, f64 = true }
local function value(dt, op, r, i)
  if op == "prod" then return (i + r) % 3 + 1 end          -- 1..3: products of 4 stay exact in i8
  if SIGNED[dt] or FLOAT[dt] then return (i * 3 + r) % 7 - 3 end
  return (i * 3 + r) % 7
end
local function expect(dt, op, i)
  local acc
  for r = 0, P - 1 do
    local v = value(dt, op, r, i)
    if acc == nil then acc = v
    elseif op == "sum" or op == "avg" then acc = acc + v
    elseif op == "prod" then acc = acc * v
    elseif op == "max" then acc = math.max(acc, v)
    else acc = math.min(acc, v) end
  end
  if op == "avg" then
    if FLOAT[dt] then return acc / P end
    local q = acc // P
    if acc < 0 and acc % P ~= 0 then q = q + 1 end       -- toward zero
    return q
  end
  return acc
end

local checked = 0
for _, dt in ipairs { "f16", "bf16", "f32", "f64", "i8", "u8", "i32", "u32", "i64", "u64" } do
  for _, op in ipairs { "sum", "prod", "max", "min", "avg" } do
    local xs = {}
    for r = 0, P - 1 do
      local vals = {}
      for i = 0, N - 1 do vals[i + 1] = value(dt, op, r, i) end
      xs[r + 1] = tl.from(vals, tl[dt], { device = r })
    end
    local outs = {}
    for r = 0, P - 1 do outs[r + 1] = tl.empty({ N }, tl[dt], { device = r }) end
    local got = tl.dist.all_reduce(xs, op, { out = outs })
    assert(got == outs)
    for r = 1, P do
      for i = 0, N - 1 do
        local want = expect(dt, op, i)
        local have = outs[r]:get(i)
        assert(have == want, string.format("%s %s rank %d element %d: got %s, want %s", dt, op, r - 1, i, tostring(have), tostring(want)))
        -- the inputs are untouched when out is given
        assert(xs[r]:get(i) == value(dt, op, r - 1, i), dt .. " " .. op .. ": input changed")
        checked = checked + 1
      end
    end
    -- in place: the same result in the inputs
    tl.dist.all_reduce(xs, op)
    for r = 1, P do assert(xs[r]:max_abs_diff(outs[r]) == 0, dt .. " " .. op .. " in place differs") end
  end
end

-- wrapping at the dtype's width (NCCL sums in the dtype): 4 x 100 in i8 is 400 - 512 = -112
local w = {}
for r = 0, P - 1 do w[r + 1] = tl.full({ 3 }, 100, tl.i8, { device = r }) end
tl.dist.all_reduce(w, "sum")
assert(w[2]:get(0) == -112, "i8 sum wraps: got " .. w[2]:get(0))
-- u64 compares unsigned: 2^64 - 1 (read back as -1) is the max, 0 the min
local u = {}
for r = 0, P - 1 do u[r + 1] = tl.from({ r == 2 and -1 or 5 }, tl.u64, { device = r }) end
local mx = tl.dist.all_reduce(u, "max", { out = { u[1]:clone(), u[2]:to(1):clone(), u[3]:clone(), u[4]:clone() } })
assert(mx[1]:get(0) == -1 and mx[4]:get(0) == -1, "u64 max is unsigned")
-- f16 rounds after every step in rank order: 2048 + 1 + 1 + 1 stays 2048 (2049 is not an f16)
local h = {}
for r = 0, P - 1 do h[r + 1] = tl.full({ 1 }, r == 0 and 2048 or 1, tl.f16, { device = r }) end
tl.dist.all_reduce(h, "sum")
assert(h[1]:get(0) == 2048, "f16 steps round: got " .. h[1]:get(0))
print(("dist_all_reduce: %d elements checked over 10 dtypes x 5 ops on %d devices"):format(checked, P))
