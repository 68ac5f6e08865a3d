-- svg draws 1D/2D curves
-- expect: curve:svg: draws 1D and 2D curves only (this one has 3 dimensions)
tl.curve{lengths = {2, 2, 2}}:svg("curve_never_written.svg")
