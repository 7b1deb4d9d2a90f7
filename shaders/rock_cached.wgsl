// The rock fill read from the view's cache of shaded rock (rock_cache.rs): the rock's
// triangles, each pixel taking the texel that holds its cell of the world's pixel lattice
// (filled by `fs_cache` in rock.wgsl). One texel read a pixel instead of the shading.

@group(1) @binding(0) var rock_cache: texture_2d<f32>;

@vertex
fn vs_main(@location(0) pos: vec2<f32>) -> @builtin(position) vec4<f32> {
    return world_to_clip(pos);
}

@fragment
fn fs_main(@builtin(position) frag: vec4<f32>) -> @location(0) vec4<f32> {
    let size = vec2<i32>(textureDimensions(rock_cache));
    // The pixel within the view (0 ≤ pixel < size), then its cell's texel: the offset
    // (also below size) plus the pixel, wrapped once (a compare, not a division, which a
    // CPU rasterizer would do lane by lane).
    let pixel = vec2<i32>(floor(frag.xy - globals.origin));
    let texel = globals.cache_offset + pixel;
    return textureLoad(rock_cache, select(texel, texel - size, texel >= size), 0);
}
