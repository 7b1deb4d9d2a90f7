// Segments from a storage buffer: one draw of four vertices (six indices) per segment, no
// instancing (a software rasterizer sets up each instance as a draw of its own).

@group(1) @binding(0) var<storage, read> lines: array<Line>;

@vertex
fn vs_main(@builtin(vertex_index) vi: u32) -> VsOut {
    return line_vertex(lines[vi / 4u], vi % 4u);
}

@vertex
fn vs_halo(@builtin(vertex_index) vi: u32) -> VsOut {
    return halo_vertex(lines[vi / 4u], vi % 4u);
}
