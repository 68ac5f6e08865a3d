-- a transform whose parameters disagree with the lower dim
-- expect: merge{4, 4} (entry #1) expects lower lengths {4, 4}, but lower dims have lengths {4, 8}
tl.descriptor{lengths = {4, 8}}:transform{{tl.merge{4, 4}, lower = {0, 1}, upper = {0}}}
