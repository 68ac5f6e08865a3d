-- bank_column_read.lua - a column of a row-major 32x32 f32 LDS tile read by 32 threads: 32-way.
local T = require "testing"

for col = 0, 31 do
  local offsets = {}
  for row = 0, 31 do offsets[#offsets + 1] = row * 32 + col end
  local degree, d = tl.bank_conflicts{offsets = offsets, elem_bytes = 4}
  T.eq(degree, 32, "column " .. col)
  T.eq(d.degree, 32, "details.degree")
  T.eq(d.cycles, 32, "cycles")
  T.eq(d.phases, 1, "one phase for a 32-bit access")
  T.eq(d.target, "nvidia", "32 offsets default to NVIDIA")
  for t = 1, 32 do T.eq(d.thread_banks[t], col, "bank of thread " .. (t - 1)) end
end

-- the row read of the same tile is conflict-free
local row = {}
for c = 0, 31 do row[#row + 1] = 5 * 32 + c end
T.eq(tl.bank_conflicts{offsets = row}, 1, "row read")
-- padding the row to 33 words makes the column read conflict-free too
local padded = {}
for r = 0, 31 do padded[#padded + 1] = r * 33 end
T.eq(tl.bank_conflicts{offsets = padded}, 1, "padded column read")
