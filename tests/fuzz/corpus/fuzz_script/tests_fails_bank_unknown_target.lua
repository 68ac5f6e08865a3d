-- an unknown target name is an error
-- expect: bank_conflicts: bank model: unknown target 'tpu'
tl.bank_conflicts{offsets = {0, 1}, target = "tpu"}
