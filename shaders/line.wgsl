// Glowing strokes: each segment is a quad a few pixels wider than the stroke, lit by a
// bright core and a soft falloff. Blended by the brightest, so strokes meeting at a joint do
// not add up. The quad's four corners come from the vertex index; the segment comes from a
// storage buffer (line_storage.wgsl) or, where the adapter has none, from per-instance
// attributes (line_instanced.wgsl).
//
// Drawn straight into the output (HALO), a bright stroke is drawn a second time as its
// halo (vs_halo, fs_halo): the glow the post pass would blur out of it, added by the tone
// curve's own rule so that halos and the scene under them sum as the composite sums them.

// One segment, laid out as the renderer's `LineInstance` (48 bytes).
struct Line {
    a: vec2<f32>,
    b: vec2<f32>,
    color: vec4<f32>,
    // Core half-width and glow radius, pixels.
    width: vec2<f32>,
    // The halo's peak per unit of light and how far from the centre line it reaches,
    // pixels (glow.rs `StrokeShape::halo`; zero where the post pass makes the glow).
    halo: vec2<f32>,
};

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    // Offset from the segment in pixels: along (beyond the ends) and across.
    @location(0) offset: vec2<f32>,
    // The same at every corner: not interpolated.
    @location(1) @interpolate(flat) length_px: f32,
    @location(2) @interpolate(flat) color: vec4<f32>,
    @location(3) @interpolate(flat) width: vec2<f32>,
    @location(4) @interpolate(flat) halo: vec2<f32>,
};

// Corner `corner` (0..4) of the quad around `line`, reaching `reach_px` pixels beyond the
// centre line and its ends: (along, across) in {0,1} x {-1,1}, counter-clockwise from the
// start's right side; triangles (0,1,2) and (0,2,3).
fn line_quad(line: Line, corner: u32, reach_px: f32) -> VsOut {
    let c = vec2<f32>(select(0.0, 1.0, corner == 1u || corner == 2u), select(-1.0, 1.0, corner >= 2u));
    let d = line.b - line.a;
    let len = length(d);
    var dir = vec2<f32>(1.0, 0.0);
    if (len > 1e-6) {
        dir = d / len;
    }
    let n = vec2<f32>(-dir.y, dir.x);
    let reach = reach_px / globals.pixels_per_metre;
    let along = mix(-reach, len + reach, c.x);
    let p = line.a + dir * along + n * (c.y * reach);
    var out: VsOut;
    out.clip = world_to_clip(p);
    out.offset = vec2<f32>(along, c.y * reach) * globals.pixels_per_metre;
    out.length_px = len * globals.pixels_per_metre;
    out.color = line.color;
    out.width = line.width;
    out.halo = line.halo;
    return out;
}

// The stroke's own quad: as far out as its glow.
fn line_vertex(line: Line, corner: u32) -> VsOut {
    return line_quad(line, corner, line.width.x + line.width.y);
}

// The halo's quad: as far out as the halo.
fn halo_vertex(line: Line, corner: u32) -> VsOut {
    return line_quad(line, corner, line.halo.y);
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    let along = clamp(in.offset.x, 0.0, in.length_px);
    let dist = length(vec2<f32>(in.offset.x - along, in.offset.y));
    let light = stroke_profile(dist, in.width) * in.color.a;
    return vec4<f32>(finish(in.color.rgb * light), 0.0);
}

// The post pass's glow kernel, relative to its peak, at `u` kernel radii (glow.rs
// `kernel`: (1 - u²)⁵, zero from one radius on).
fn glow_kernel(u: f32) -> f32 {
    let v = clamp(1.0 - u * u, 0.0, 1.0);
    let v2 = v * v;
    return v2 * v2 * v;
}

// The share of the kernel's area left of `u` kernel radii (glow.rs `kernel_share`).
fn glow_share(u: f32) -> f32 {
    let x = clamp(u, -1.0, 1.0);
    let x2 = x * x;
    let half = x * (1.0 + x2 * (-5.0 / 3.0 + x2 * (2.0 + x2 * (-10.0 / 7.0 + x2 * (5.0 / 9.0 - x2 / 11.0)))));
    return 0.5 + half / 0.7388177;
}

// The halo: the stroke's light above the post pass's threshold, spread as the post pass
// spreads it (glow.rs: the kernel of radius KERNEL_RADIUS_PX = 24.5). Across the stroke
// that is the kernel of the distance; along it, the kernel's share that falls on the
// segment, so the segments of an outline add up to the outline's glow, joints included.
// Blended as src * (1 - dst) + dst: with the tone curve 1 - exp(-k x), that is exactly the
// tone-mapped sum of the light under it and the halo.
@fragment
fn fs_halo(in: VsOut) -> @location(0) vec4<f32> {
    let r = 1.0 / 24.5;
    let share = glow_share(in.offset.x * r) - glow_share((in.offset.x - in.length_px) * r);
    let h = in.halo.x * in.color.a * glow_kernel(in.offset.y * r) * share;
    return vec4<f32>(finish(in.color.rgb * h), 0.0);
}
