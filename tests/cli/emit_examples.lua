-- emit_examples.lua OUTDIR - runs every example, then writes the HIP source of each kernel it
-- launched for sm_90 and gfx90a into OUTDIR (for the NVRTC compile check of tests/cli/nvrtc_examples.sh).
local outdir = assert(arg[1], "usage: emit_examples.lua OUTDIR")
local src = os.getenv("SRC")
local p = io.popen("ls " .. src .. "/examples/*.lua")
local count = 0
for path in p:lines() do
  local kernels = {}
  local real = tl.kernel
  tl.kernel = function(spec) local k = real(spec); kernels[#kernels + 1] = k; return k end
  local quiet = print
  print = function() end
  local saved_arg = arg
  arg = { [0] = path }
  local ok, err = pcall(dofile, path)
  arg = saved_arg
  print = quiet
  tl.kernel = real
  assert(ok, err)
  for _, k in ipairs(kernels) do
    if k.last_ir then
      for _, arch in ipairs { "sm_90", "gfx90a" } do
        -- a kernel traced for one warp size has no source for targets of the other (rtc_kernels.sh
        -- traces everything with warp 32 as well)
        local okk, src = pcall(k.source, k, arch)
        if okk then
          local f = assert(io.open(("%s/%s_%s.hip"):format(outdir, k.name, arch), "w"))
          f:write(src)
          f:close()
          count = count + 1
        elseif not tostring(src):find("traced for warp", 1, true) then
          error(k.name .. " for " .. arch .. ": " .. tostring(src))
        end
      end
    end
  end
end
p:close()
print("emitted " .. count .. " sources")
