// Particles as instances, for adapters without storage buffers in vertex shaders.

@vertex
fn vs_main(
    @builtin(vertex_index) vi: u32,
    @location(0) pos: vec2<f32>,
    @location(1) size: f32,
    @location(2) color: vec4<f32>,
) -> VsOut {
    return particle_vertex(Particle(pos, size, 0.0, color), vi % 3u);
}
