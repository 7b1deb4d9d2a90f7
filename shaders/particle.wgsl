// Particles (sparks, dust, exhaust, explosions): one instanced quad each, a soft round spot
// added to the light already there.

struct Particle {
    @location(0) pos: vec2<f32>,
    // Radius, metres.
    @location(1) size: f32,
    @location(2) color: vec4<f32>,
};

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    @location(1) color: vec4<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) vi: u32, p: Particle) -> VsOut {
    var corners = array<vec2<f32>, 6>(
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, -1.0), vec2<f32>(1.0, 1.0),
        vec2<f32>(-1.0, -1.0), vec2<f32>(1.0, 1.0), vec2<f32>(-1.0, 1.0),
    );
    let c = corners[vi];
    // At least a pixel and a half across, so distant sparks do not vanish.
    let r = max(p.size, 1.5 / globals.pixels_per_metre);
    var out: VsOut;
    out.clip = world_to_clip(p.pos + c * r);
    out.uv = c;
    out.color = p.color;
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    let d2 = dot(in.uv, in.uv);
    let spot = exp(-3.5 * d2) * (1.0 - smoothstep(0.8, 1.0, d2));
    return vec4<f32>(in.color.rgb * in.color.a * spot, 0.0);
}
