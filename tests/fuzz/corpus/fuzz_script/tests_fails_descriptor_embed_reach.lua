-- an embed reaching past its lower dim
-- expect: embed{{4, 8}, {10, 1}} (entry #1) reaches lower index 37, beyond lower dim 0 (length 30)
tl.descriptor{lengths = {30}}:transform{{tl.embed{{4, 8}, {10, 1}}, lower = {0}, upper = {0, 1}}}
