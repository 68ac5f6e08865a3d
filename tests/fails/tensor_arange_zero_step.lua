-- arange refuses a zero step
-- expect: tl.arange: step must not be 0
tl.arange(0, 10, 0)
