// Particles from a storage buffer: three vertices each, no index buffer, no instancing.

@group(1) @binding(0) var<storage, read> particles: array<Particle>;

@vertex
fn vs_main(@builtin(vertex_index) vi: u32) -> VsOut {
    return particle_vertex(particles[vi / 3u], vi % 3u);
}
