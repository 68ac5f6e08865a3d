-- pattern2d_svg.lua - :svg(path) writes an SVG of the owner map; refused in the sandbox.
local T = require "testing"
local dir = os.getenv("TILELUA_TEST_TMP") or "/tmp"
local path = dir .. "/pattern2d_svg_test.svg"
os.remove(path)
local d = tl.pattern2d{block = 64, rows = 16, cols = 16, vec = 4, pattern = "block_raked", warp = 32}
T.eq(d:svg(path), true, "svg returns true")
local f = assert(io.open(path))
local doc = f:read("a")
f:close()
assert(doc:find("<svg", 1, true) and doc:find("</svg>", 1, true), "not an SVG document")
assert(doc:find(">63<", 1, true), "the last thread is drawn")
os.remove(path)
local tilesh = arg and arg[-1]
if tilesh then
  local p = io.popen(string.format("%q --sandbox -e %q 2>&1", tilesh,
    "tl.pattern2d{block=64, rows=16, cols=16, vec=4, warp=32}:svg('" .. path .. "')"))
  local out = p:read("a")
  p:close()
  assert(out:find("writing files is not allowed in the sandbox", 1, true), "sandbox: " .. out)
  T.eq(io.open(path), nil, "no file written in the sandbox")
end
