// Segments as instances, for adapters without storage buffers in vertex shaders.

// One segment's attributes, laid out as the renderer's `LineInstance`.
struct LineAttributes {
    @location(0) a: vec2<f32>,
    @location(1) b: vec2<f32>,
    @location(2) color: vec4<f32>,
    @location(3) width: vec2<f32>,
    @location(4) halo: vec2<f32>,
};

fn line_of(at: LineAttributes) -> Line {
    return Line(at.a, at.b, at.color, at.width, at.halo);
}

@vertex
fn vs_main(@builtin(vertex_index) vi: u32, at: LineAttributes) -> VsOut {
    return line_vertex(line_of(at), vi % 4u);
}

@vertex
fn vs_halo(@builtin(vertex_index) vi: u32, at: LineAttributes) -> VsOut {
    return halo_vertex(line_of(at), vi % 4u);
}
