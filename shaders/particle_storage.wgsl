// Particles from a storage buffer: four vertices (six indices) each, no instancing.

@group(1) @binding(0) var<storage, read> particles: array<Particle>;

@vertex
fn vs_main(@builtin(vertex_index) vi: u32) -> VsOut {
    return particle_vertex(particles[vi / 4u], vi % 4u);
}
