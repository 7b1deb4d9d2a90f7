// The rock fill: the world's triangulation shaded procedurally from world position —
// layered strata bent by noise, speckled grain, fine cracks and a faint mineral tint, in
// the world's palette (from the globals). The strata and the slow noise fields come from
// the texture baked once per level (rock_field.wgsl), the grain from its tile
// (rock_grain.wgsl); what is left per pixel is the sharp step that draws a crack along its
// noise's ridge, and the mixing. Drawing straight into the output the colours are kept per
// view in a cache (`vs_cache`, `fs_cache`) and the fill reads them (rock_cached.wgsl).

@group(1) @binding(1) var field_texture: texture_2d<f32>;
@group(1) @binding(2) var field_sampler: sampler;

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) world: vec2<f32>,
};

@vertex
fn vs_main(@location(0) pos: vec2<f32>) -> VsOut {
    var out: VsOut;
    out.clip = world_to_clip(pos);
    out.world = pos;
    return out;
}

// The rock's colour at world point `p`, before `finish`.
fn rock_color(p: vec2<f32>) -> vec3<f32> {
    let slow = textureSampleLevel(field_texture, field_sampler, (p - field.origin) / field.size, 0.0);
    let grain = rock_grain(p);
    // Fine cracks where the crack noise's ridge runs thin.
    let ridge = 1.0 - abs(slow.y * 2.0 - 1.0);
    let crack = smoothstep(0.93, 0.99, ridge);
    let mineral = smoothstep(0.64, 0.8, slow.z);
    var base = mix(globals.rock_dark.rgb, globals.rock_light.rgb, slow.x);
    base = base * (0.45 + 1.1 * grain);
    base = base * (1.0 - 0.7 * crack);
    base = base + mineral * grain * globals.mineral.rgb;
    return base;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    return vec4<f32>(finish(rock_color(in.world)), 1.0);
}

// The refill of a view's rock cache (rock_cache.rs, rock_cached.wgsl): a triangle over the
// whole cache, drawn where the renderer's scissor lets it. The cache holds one cell of the
// world's pixel lattice per texel, wrapping: cell `c` (a pixel-sized square, rows counted
// downwards) lives at texel `c mod size`, and the cells held are the view's, from
// `globals.cache_base` on. Each texel is shaded at its cell's centre.
@vertex
fn vs_cache(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
    let x = f32((i << 1u) & 2u) * 2.0 - 1.0;
    let y = f32(i & 2u) * 2.0 - 1.0;
    return vec4<f32>(x, y, 0.0, 1.0);
}

@fragment
fn fs_cache(@builtin(position) frag: vec4<f32>) -> @location(0) vec4<f32> {
    let size = vec2<i32>(globals.viewport);
    let texel = vec2<i32>(floor(frag.xy));
    // The texel's cell counted from the view's first (the offset is below size, so one
    // wrap suffices).
    let from_first = texel - globals.cache_offset;
    let cell = globals.cache_base + select(from_first, from_first + size, from_first < vec2<i32>(0));
    let p = (vec2<f32>(cell) + 0.5) * vec2<f32>(1.0, -1.0) / globals.pixels_per_metre;
    return vec4<f32>(finish(rock_color(p)), 1.0);
}
