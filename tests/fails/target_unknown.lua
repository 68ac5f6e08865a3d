-- A target that is no arch is refused naming it and the expected forms.
-- expect: tl.target: unknown target 'sm_9x'
tl.target("sm_9x")
