-- descriptor_pad.lua - pad(n, left, right): padding positions are invalid, offset gives nil there.
local T = require "testing"

local d = tl.descriptor{lengths = {3, 4}}
local p = d:transform{
  {tl.pad(3, 1, 2), lower = {0}, upper = {0}},
  {tl.pad(4, 0, 1), lower = {1}, upper = {1}},
}
T.eq(p.lengths, {6, 5}, "padded lengths")
local valid = 0
for r = 0, 5 do
  for c = 0, 4 do
    local inside = r >= 1 and r <= 3 and c <= 3
    T.eq(p:valid{r, c}, inside, "valid " .. r .. "," .. c)
    if inside then
      valid = valid + 1
      T.eq(p:offset{r, c}, (r - 1) * 4 + c, "padded offset")
    else
      T.eq(p:offset{r, c}, nil, "padding has no offset")
    end
  end
end
T.eq(valid, 12, "valid count")
T.eq(tostring(tl.pad(3, 1, 2)), "pad(3, 1, 2)", "tostring")

-- a 1D convolution window (CK's im2col): pad the input, then embed {x, wo} with coefficients
-- {dilation, stride} so window element x of output wo reads input wo*stride + x*dilation - left
local hi, left, right, ylen, stride, dil = 7, 1, 1, 3, 2, 1
local wo = (hi + left + right - dil * (ylen - 1) - 1) // stride + 1
local win = tl.descriptor{lengths = {hi}}
  :transform{{tl.pad(hi, left, right), lower = {0}, upper = {0}}}
  :transform{{tl.embed{{ylen, wo}, {dil, stride}}, lower = {0}, upper = {0, 1}}}
T.eq(win.lengths, {ylen, wo}, "window lengths")
for x = 0, ylen - 1 do
  for o = 0, wo - 1 do
    local at = o * stride + x * dil - left
    if at < 0 or at >= hi then T.eq(win:valid{x, o}, false, "window padding")
    else T.eq(win:offset{x, o}, at, "window offset") end
  end
end
