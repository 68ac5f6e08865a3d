-- preshuffle_seed_config.lua - seed 003's LdsSwappingConfig: MLdsLayer by tile size, KPack by dtype,
-- TileSize % (MLdsLayer * KPack) == 0; every such configuration is a valid preshuffle.
local T = require "testing"

local function config(dtype_bytes, tile)
  local layer = tile <= 32 and 1 or tile <= 64 and 2 or 4
  local kpack = dtype_bytes == 2 and 8 or dtype_bytes == 4 and 4 or 2
  assert(tile % (layer * kpack) == 0, "Tile size must be divisible by MLdsLayer * KPack")
  return layer, kpack
end

T.eq({config(2, 32)}, {1, 8}, "fp16, 32")
T.eq({config(4, 64)}, {2, 4}, "fp32, 64")
T.eq({config(1, 128)}, {4, 2}, "int8, 128")
for _, bytes in ipairs{1, 2, 4} do
  for _, tile in ipairs{16, 32, 64, 128, 256} do
    local layer, kpack = config(bytes, tile)
    local d = tl.xor_preshuffle{k_per_block = tile, kpack = kpack, m_lds_layer = layer, m_per_block = tile}
    T.eq(d.lengths, {tile, tile}, "lengths")
    local seen, n = {}, 0
    for _, o in ipairs(d:offsets()) do
      assert(not seen[o] and o < tile * tile, "offsets form a permutation")
      seen[o] = true
      n = n + 1
    end
    T.eq(n, tile * tile, "every element")
  end
end
