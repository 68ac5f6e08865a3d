-- Fortran-ordered .npy files are refused with a hint
-- expect: fortran_order=True is not supported; save a C-ordered array (numpy.ascontiguousarray)
local path = (os.getenv("TILELUA_TEST_TMP") or "/tmp") .. "/tensor_fortran.npy"
local dict = "{'descr': '<f8', 'fortran_order': True, 'shape': (2, 2), }"
local header = dict .. string.rep(" ", 64 - 10 - #dict - 1) .. "\n"
local f = assert(io.open(path, "wb"))
f:write("\x93NUMPY\x01\x00" .. string.pack("<I2", #header) .. header .. string.rep("\0", 32))
f:close()
local ok, err = pcall(tl.load_npy, path)
os.remove(path)
error(err, 0)
