// Glowing strokes: one instance per segment, expanded in the vertex shader to a quad a few
// pixels wider than the stroke, lit by a bright core and a soft falloff. Blended by the
// brightest, so strokes meeting at a joint do not add up.

struct Line {
    @location(0) a: vec2<f32>,
    @location(1) b: vec2<f32>,
    @location(2) color: vec4<f32>,
    // Core half-width and glow radius, pixels.
    @location(3) width: vec2<f32>,
};

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    // Offset from the segment in pixels: along (beyond the ends) and across.
    @location(0) offset: vec2<f32>,
    @location(1) length_px: f32,
    @location(2) color: vec4<f32>,
    @location(3) width: vec2<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) vi: u32, line: Line) -> VsOut {
    // Two triangles: corners (along, across) in {0,1} x {-1,1}.
    var corners = array<vec2<f32>, 6>(
        vec2<f32>(0.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
        vec2<f32>(0.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(0.0, 1.0),
    );
    let c = corners[vi];
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
