// Particles (sparks, dust, exhaust, explosions): a soft round spot each, added to the light
// already there, drawn as one triangle around its disc (a software rasterizer sets up each
// triangle on one thread, so one costs half of a quad's two). The particle comes from a
// storage buffer (particle_storage.wgsl) or from per-instance attributes
// (particle_instanced.wgsl).

// One particle, laid out as the renderer's `ParticleInstance` (32 bytes).
struct Particle {
    pos: vec2<f32>,
    // Radius, metres.
    size: f32,
    pad: f32,
    color: vec4<f32>,
};

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
    // The same at every corner: not interpolated.
    @location(1) @interpolate(flat) color: vec4<f32>,
};

// Corner `corner` (0..3) of the triangle around the particle's disc: the disc is its
// inscribed circle, so the corners lie twice the radius from the centre, counter-clockwise
// from the top. `uv` is the offset from the centre in radii, as it was on a quad.
fn particle_vertex(p: Particle, corner: u32) -> VsOut {
    var c = vec2<f32>(0.0, 2.0);
    if (corner == 1u) {
        c = vec2<f32>(-1.7320508, -1.0);
    } else if (corner == 2u) {
        c = vec2<f32>(1.7320508, -1.0);
    }
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
    return vec4<f32>(finish(in.color.rgb * in.color.a * spot), 0.0);
}
