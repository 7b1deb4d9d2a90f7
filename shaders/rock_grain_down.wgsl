// One level of the grain tile's mip chain from the level above: each texel the mean of the
// 2x2 texels it covers there, so a zoomed-out view reads the grain averaged over its pixel
// instead of skipping across the finest level.

@group(0) @binding(0) var finer: texture_2d<f32>;

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let x = f32((i << 1u) & 2u);
    let y = f32(i & 2u);
    return vec4<f32>(x * 2.0 - 1.0, 1.0 - y * 2.0, 0.0, 1.0);
}

@fragment
fn fs_main(@builtin(position) at: vec4<f32>) -> @location(0) vec4<f32> {
    let c = vec2<i32>(at.xy) * 2;
    let sum = textureLoad(finer, c, 0).r + textureLoad(finer, c + vec2<i32>(1, 0), 0).r
        + textureLoad(finer, c + vec2<i32>(0, 1), 0).r + textureLoad(finer, c + vec2<i32>(1, 1), 0).r;
    return vec4<f32>(0.25 * sum, 0.0, 0.0, 1.0);
}
