// Segments as instances, for adapters without storage buffers in vertex shaders.

@vertex
fn vs_main(
    @builtin(vertex_index) vi: u32,
    @location(0) a: vec2<f32>,
    @location(1) b: vec2<f32>,
    @location(2) color: vec4<f32>,
    @location(3) width: vec2<f32>,
    @location(4) halo: vec2<f32>,
) -> VsOut {
    return line_vertex(Line(a, b, color, width, halo), vi % 4u);
}

@vertex
fn vs_halo(
    @builtin(vertex_index) vi: u32,
    @location(0) a: vec2<f32>,
    @location(1) b: vec2<f32>,
    @location(2) color: vec4<f32>,
    @location(3) width: vec2<f32>,
    @location(4) halo: vec2<f32>,
) -> VsOut {
    return halo_vertex(Line(a, b, color, width, halo), vi % 4u);
}
