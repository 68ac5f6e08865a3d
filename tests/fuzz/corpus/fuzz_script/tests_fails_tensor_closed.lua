-- a tensor closed by <close> cannot be used afterwards
-- expect: tensor: used after it was closed
local keep
do
  local t <close> = tl.zeros({4})
  keep = t
end
print(keep:sum())
