-- curve_svg.lua - :svg(path) writes an SVG document of the access map; refused in the sandbox.
local T = require "testing"
local dir = os.getenv("TILELUA_TEST_TMP") or "/tmp"
local path = dir .. "/curve_svg_test.svg"
os.remove(path)
T.eq(tl.curve{lengths = {4, 8}, snake = true}:svg(path), true, "svg returns true")
local f = assert(io.open(path))
local doc = f:read("a")
f:close()
assert(doc:find("<svg", 1, true) and doc:find("</svg>", 1, true), "not an SVG document")
assert(doc:find(">31<", 1, true), "the last access number is drawn")
os.remove(path)
T.raises(function() tl.curve{lengths = {2, 2, 2}}:svg(path) end, "draws 1D and 2D curves only")
-- in a sandboxed tilesh the same call must fail without writing the file
local tilesh = arg and arg[-1]
if tilesh then
  local p = io.popen(string.format("%q --sandbox -e %q 2>&1",
                     tilesh, "tl.curve{lengths={4,8}}:svg('" .. path .. "')"))
  local out = p:read("a")
  p:close()
  assert(out:find("writing files is not allowed in the sandbox", 1, true), "sandbox: " .. out)
  T.eq(io.open(path), nil, "no file written in the sandbox")
end
