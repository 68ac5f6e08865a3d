-- layouts.lua - the layout algebra at a glance: the three raked distributions of a tile, an
-- XOR-preshuffled LDS tile and the bank-conflict report that says why it exists.
-- Checks what it prints; exits non-zero on a mismatch. Writes layouts.svg (or arg[1]).
local tl = require "tilelua"

local failures = 0
local function check(cond, what)
  if not cond then
    failures = failures + 1
    io.stderr:write("MISMATCH: ", what, "\n")
  end
end

-- 1. Who owns what: a 16x32 f32 tile, 64 threads in warps of 32, 4-wide vectors (seed 001).
for _, pattern in ipairs { "thread_raked", "warp_raked", "block_raked" } do
  local d = tl.pattern2d { block = 64, rows = 16, cols = 32, vec = 4, warp = 32, pattern = pattern }
  print(("== %s: vector %d, %d threads along X, %d rows per warp, %d warps, %d iterations")
        :format(pattern, d.vector, d.x_threads, d.rows_per_warp, d.warps, d.iters))
  print(d:map())
  check(d:check(), pattern .. ": every element owned exactly once")
  -- the owner of an element holds it at the coordinate it reports
  local t, y = d:owner(13, 22)
  local c = d:coord(t, y)
  check(c[1] == 13 and c[2] == 22, pattern .. ": owner/coord round trip")
end

-- 2. The thread-raked pattern keeps a thread's rows apart by warps*rows_per_warp; block-raked keeps
-- them adjacent: thread 0's second iteration starts 8 rows down vs 1 row down.
local tr = tl.pattern2d { block = 64, rows = 16, cols = 32, vec = 4, warp = 32, pattern = "thread_raked" }
local br = tl.pattern2d { block = 64, rows = 16, cols = 32, vec = 4, warp = 32, pattern = "block_raked" }
check(tr:coord(0, 4)[1] == 1, "thread_raked: thread 0's second iteration is the next row")
check(br:coord(0, 4)[1] == 8, "block_raked: thread 0's second iteration is 8 rows down")

-- 3. An LDS tile for GEMM: 64 (M) x 32 (K) f32 with K-packs of 4, and the XOR preshuffle of seed 003.
local plain = tl.descriptor { lengths = { 64, 32 } }
local swizzled = tl.xor_preshuffle { k_per_block = 32, kpack = 4, m_per_block = 64 }
print("== LDS tile, bank of each element (row-major, 32 banks of 4 bytes):")
print(plain:map("bank"))
print("== the same tile through the XOR preshuffle:")
print(swizzled:map("bank"))

-- the preshuffle is a permutation of the tile's offsets
local seen, count = {}, 0
for m = 0, 63 do
  for k = 0, 31 do
    local off = swizzled:offset { m, k }
    if not seen[off] then seen[off] = true; count = count + 1 end
  end
end
check(count == 64 * 32, "preshuffle is a permutation (" .. count .. " distinct offsets)")

-- 4. Reading 4-wide K-packs down M (warp-raked over M, as a GEMM's A operand): bank report.
local reader = tl.encoding {
  h = { { 64 }, { 8, 4 } },             -- M: 64 rows; K: 8 packs of 4
  p = { { { 1, 0 } } },                  -- one thread per row (64 threads, two warps of 32)
  y = { { 2, 0 }, { 2, 1 } },            -- each thread walks its row's packs, 4 elements a pack
}
local before = tl.bank_report { dist = reader, lds = plain, target = "sm_90", vector = 4 }
local after = tl.bank_report { dist = reader, lds = swizzled, target = "sm_90", vector = 4 }
print("== bank report, plain LDS tile:")
print(before)
print("== bank report, XOR-preshuffled LDS tile:")
print(after)
check(before.worst > 1, "the plain tile has bank conflicts (worst " .. before.worst .. ")")
check(after.worst == 1, "the preshuffled tile is conflict-free (worst " .. after.worst .. ")")

-- 5. A picture for the docs.
local out = arg and arg[1] or "layouts.svg"
tr:svg(out)
print("wrote " .. out)

if failures > 0 then
  io.stderr:write(failures, " check(s) failed\n")
  os.exit(1)
end
print("layouts: all checks passed")
