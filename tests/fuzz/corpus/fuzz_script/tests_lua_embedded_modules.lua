-- Every embedded module loads from package.preload with a real chunk name "@tilelua/<file>.lua".
local T = require "testing"
local mods = tl.embedded_modules()
T.eq(mods[1] ~= nil, true, "at least one embedded module")
local checked = 0
for _, name in ipairs(mods) do
  if name ~= "tilelua.init" then
    T.eq(type(package.preload[name]), "function", "preload entry for " .. name)
    local m = require(name)
    for _, v in pairs(type(m) == "table" and m or {}) do
      if type(v) == "function" then
        local src = debug.getinfo(v, "S").source
        if src:sub(1, 1) == "@" then
          T.eq(src:match("^@tilelua/") ~= nil, true, name .. " chunk name " .. src)
          checked = checked + 1
        end
      end
    end
  end
end
-- the init chunk is embedded too, with its chunk name visible in tracebacks
T.eq(debug.getinfo(1, "S").source:sub(1, 1), "@", "this script has a file chunk name")
print("embedded modules:", #mods, "functions checked:", checked)
