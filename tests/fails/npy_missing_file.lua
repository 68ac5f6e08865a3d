-- a .npy file that does not exist
-- expect: tl.load_npy: cannot open /nonexistent/x.npy: No such file or directory
tl.load_npy("/nonexistent/x.npy")
