// The rock fill: the world's triangulation shaded procedurally from world position —
// layered strata bent by noise, speckled grain, fine cracks and a faint mineral tint, in
// the world's palette (from the globals). The strata and the slow noise fields come from
// the texture baked once per level (rock_field.wgsl), the grain from its tile
// (rock_grain.wgsl); what is left per pixel is the sharp step that draws a crack along its
// noise's ridge, and the mixing.

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

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    let p = in.world;
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
    return vec4<f32>(finish(base), 1.0);
}
