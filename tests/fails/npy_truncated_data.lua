-- a .npy file shorter than its header says
-- expect: truncated data: expected 400 bytes, found 12
local path = (os.getenv("TILELUA_TEST_TMP") or "/tmp") .. "/npy_truncated.npy"
local dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (100,), }"
local header = dict .. string.rep(" ", 64 - 10 - #dict - 1) .. "\n"
local f = assert(io.open(path, "wb"))
f:write("\x93NUMPY\x01\x00" .. string.pack("<I2", #header) .. header .. string.rep("\0", 12)); f:close()
local ok, err = pcall(tl.load_npy, path)
os.remove(path)
error(err, 0)
