// Glowing strokes: each segment is a quad a few pixels wider than the stroke, lit by a
// bright core and a soft falloff. Blended by the brightest, so strokes meeting at a joint do
// not add up. The quad's four corners come from the vertex index; the segment comes from a
// storage buffer (line_storage.wgsl) or, where the adapter has none, from per-instance
// attributes (line_instanced.wgsl).

// One segment, laid out as the renderer's `LineInstance` (48 bytes).
struct Line {
    a: vec2<f32>,
    b: vec2<f32>,
    color: vec4<f32>,
    // Core half-width and glow radius, pixels.
    width: vec2<f32>,
    pad: vec2<f32>,
};

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    // Offset from the segment in pixels: along (beyond the ends) and across.
    @location(0) offset: vec2<f32>,
    // The same at every corner: not interpolated.
    @location(1) @interpolate(flat) length_px: f32,
    @location(2) @interpolate(flat) color: vec4<f32>,
    @location(3) @interpolate(flat) width: vec2<f32>,
};

// Corner `corner` (0..4) of the quad around `line`: (along, across) in {0,1} x {-1,1},
// counter-clockwise from the start's right side; triangles (0,1,2) and (0,2,3).
fn line_vertex(line: Line, corner: u32) -> VsOut {
    let c = vec2<f32>(select(0.0, 1.0, corner == 1u || corner == 2u), select(-1.0, 1.0, corner >= 2u));
    let d = line.b - line.a;
    let len = length(d);
    var dir = vec2<f32>(1.0, 0.0);
    if (len > 1e-6) {
        dir = d / len;
    }
    let n = vec2<f32>(-dir.y, dir.x);
    let reach = (line.width.x + line.width.y) / globals.pixels_per_metre;
    let along = mix(-reach, len + reach, c.x);
    let p = line.a + dir * along + n * (c.y * reach);
    var out: VsOut;
    out.clip = world_to_clip(p);
    out.offset = vec2<f32>(along, c.y * reach) * globals.pixels_per_metre;
    out.length_px = len * globals.pixels_per_metre;
    out.color = line.color;
    out.width = line.width;
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    let along = clamp(in.offset.x, 0.0, in.length_px);
    let dist = length(vec2<f32>(in.offset.x - along, in.offset.y));
    let core = 1.0 - smoothstep(in.width.x - 0.75, in.width.x + 0.75, dist);
    let g = max(dist - in.width.x, 0.0) / max(in.width.y, 0.001);
    let glow = exp(-4.0 * g * g) * 0.45;
    let light = (core + glow) * in.color.a;
    return vec4<f32>(in.color.rgb * light, 0.0);
}
