-- an unknown dtype name lists the known ones
-- expect: unknown dtype 'float32' (f16, bf16, f32, f64, i8, u8, i16, u16, i32, u32, i64, u64, bool)
print(tl.zeros({2}, "float32"))
