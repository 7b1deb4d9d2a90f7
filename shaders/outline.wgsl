// Bodies' glowing outlines (debris, the ship's parts, pads), drawn over the bodies' fills
// and blended by the brightest like every stroke. Each outline, widened by how far its
// stroke reaches, is cut into one triangle per edge, fanned from the body's centre
// (outlines.rs). Each corner carries where it lies against the edge and its neighbour on
// each side; those are linear across the triangle, so every pixel gets its own, and from
// them its distance to the outline.

// One corner, laid out as the renderer's `OutlineVertex` (64 bytes).
struct OutlineIn {
    @location(0) pos: vec2<f32>,
    // For the edge before, the edge, and the edge after, pixels: how far along each the
    // corner lies from its start, and how far out from its line (positive outside).
    @location(1) along: vec3<f32>,
    @location(2) across: vec3<f32>,
    // The three edges' lengths and the stroke's core half-width, pixels.
    @location(3) lengths_core: vec4<f32>,
    // The stroke's colour times its light, and its glow radius, pixels.
    @location(4) light_glow: vec4<f32>,
};

struct OutlineOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) along: vec3<f32>,
    @location(1) across: vec3<f32>,
    @location(2) @interpolate(flat) lengths_core: vec4<f32>,
    @location(3) @interpolate(flat) light_glow: vec4<f32>,
};

@vertex
fn vs_main(in: OutlineIn) -> OutlineOut {
    var out: OutlineOut;
    out.clip = world_to_clip(in.pos);
    out.along = in.along;
    out.across = in.across;
    out.lengths_core = in.lengths_core;
    out.light_glow = in.light_glow;
    return out;
}

@fragment
fn fs_main(in: OutlineOut) -> @location(0) vec4<f32> {
    // Distance to each segment, squared: past an end, the distance to that end.
    let past = max(max(-in.along, in.along - in.lengths_core.xyz), vec3<f32>(0.0));
    let d3 = past * past + in.across * in.across;
    let d2 = min(min(d3.x, d3.y), d3.z);
    let w = vec2<f32>(in.lengths_core.w, in.light_glow.w);
    // The stroke reaches its core's half-width and its glow radius from the outline; the
    // pixels beyond (most of a body's inside) have none of its light.
    if (d2 >= (w.x + w.y) * (w.x + w.y)) {
        return vec4<f32>(0.0);
    }
    let light = stroke_profile(sqrt(d2), w);
    return vec4<f32>(finish(in.light_glow.rgb * light), 0.0);
}
