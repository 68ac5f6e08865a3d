-- fault.lua - a kernel that stores far outside its tensor. On a GPU the fault must come back as a
-- Lua error naming the kernel (the launch is asynchronous: the next call that waits reports it),
-- every later GPU call must fail with "device unusable", and the process must exit normally.
-- On the cpu backend the executor refuses the store at the launch. Run by tests/gpu/run.sh.
local oob = tl.kernel { name = "oob", block = 32, params = { { "x", tl.tensor(tl.f32, 1) } },
  body = function(k, p) p.x:store({ k.thread_id() * 1073741824 }, 1.0) end }
local fine = tl.kernel { name = "fine", block = 32, params = { { "x", tl.tensor(tl.f32, 1) } },
  body = function(k, p) p.x:store({ k.thread_id() % 16 }, 2.0) end }
local x = tl.zeros({ 16 }, tl.f32)
fine({ 1 }, x) -- compiled and loaded before the fault
local ok, err = pcall(function() oob({ 1 }, x); tl.synchronize() end)
print("fault:", ok, err)
assert(not ok and tostring(err):find("oob", 1, true), "the fault names the kernel")
if tl.backend() ~= "cpu" then
  assert(tostring(err):find("unusable", 1, true), "the fault says the device is unusable")
  local ok2, err2 = pcall(fine, { 1 }, x)
  print("after:", ok2, err2)
  assert(not ok2 and tostring(err2):find("device unusable", 1, true), "a later launch says device unusable")
  local ok3, err3 = pcall(function() return x:get(0) end)
  print("read:", ok3, err3)
  assert(not ok3 and tostring(err3):find("device unusable", 1, true), "a later copy says device unusable")
end
print("fault: ok")
