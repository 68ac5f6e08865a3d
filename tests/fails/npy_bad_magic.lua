-- a file that is not .npy
-- expect: not a .npy file (bad magic)
local path = (os.getenv("TILELUA_TEST_TMP") or "/tmp") .. "/npy_bad_magic.npy"
local f = assert(io.open(path, "wb")); f:write("this is not a numpy file at all"); f:close()
local ok, err = pcall(tl.load_npy, path)
os.remove(path)
error(err, 0)
