-- descriptor_svg.lua - :svg(path[, "bank"]) writes an SVG of the offset or bank map.
local T = require "testing"

local dir = os.getenv("TILELUA_TEST_TMP") or "/tmp"
local path = dir .. "/descriptor_svg.svg"
local d = tl.xor_preshuffle{k_per_block = 32, kpack = 4, m_per_block = 16}
T.eq(d:svg(path), true, "svg returns true")
local f = assert(io.open(path))
local s = f:read("a")
f:close()
assert(s:find("<svg", 1, true), "an SVG document")
assert(s:find("offset per element", 1, true), "title names the map")
local _, rects = s:gsub("<rect", "")
assert(rects >= 16 * 32, "one rect per element (got " .. rects .. ")")
T.eq(d:svg(path, "bank", {banks = 32}), true, "bank svg")
f = assert(io.open(path))
s = f:read("a")
f:close()
assert(s:find("bank per element", 1, true), "bank title")
os.remove(path)
