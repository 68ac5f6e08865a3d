-- preshuffle_seed_bank.lua - seed 003's BankConflictAnalyzer: 32 threads at (tid / 8, tid % 8),
-- bank = (offset * sizeof(float) / 4) % 32, the maximum count per bank is the conflict degree.
local T = require "testing"

local function max_conflict(desc)
  local bank_access = {}
  for b = 0, 31 do bank_access[b] = 0 end
  for tid = 0, 31 do
    local offset = desc:offset{tid // 8, tid % 8}
    local bank = (offset * 4 // 4) % 32
    bank_access[bank] = bank_access[bank] + 1
  end
  local worst = 0
  for b = 0, 31 do worst = math.max(worst, bank_access[b]) end
  return worst
end

-- plain row-major 32x32 f32: rows 0..3 all start at bank 0, so 4 threads share each bank
T.eq(max_conflict(tl.descriptor{lengths = {32, 32}}), 4, "plain row-major")
-- the XOR preshuffle (KPack 4): K0' = K0 ^ (M % 8) pairs rows 0/1 and 2/3 on the same banks
local swz = tl.xor_preshuffle{k_per_block = 32, kpack = 4, m_per_block = 32}
T.eq(max_conflict(swz), 2, "xor preshuffle, kpack 4")

-- the same counts, read off the bank map the descriptor draws
local text = swz:map("bank")
local rows = {}
for line in text:gmatch("[^\n]+") do
  local r, rest = line:match("^%s*(%d+) |(.*)$")
  if r and not rows[tonumber(r)] then
    local banks = {}
    for b in rest:gmatch("%d+") do banks[#banks + 1] = tonumber(b) end
    rows[tonumber(r)] = banks
  end
end
for m = 0, 3 do
  for k = 0, 7 do T.eq(rows[m][k + 1], swz:offset{m, k} % 32, "bank map entry") end
end
