// Bakes the rock's slow fields (rock_field.wgsl): one full-target triangle, each texel the
// fields at its centre's world point.

struct BakeOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> BakeOut {
    let x = f32((i << 1u) & 2u);
    let y = f32(i & 2u);
    var out: BakeOut;
    // Texture row 0 (v = 0) is the field's lowest world row.
    out.clip = vec4<f32>(x * 2.0 - 1.0, 1.0 - y * 2.0, 0.0, 1.0);
    out.uv = vec2<f32>(x, y);
    return out;
}

@fragment
fn fs_main(in: BakeOut) -> @location(0) vec4<f32> {
    return rock_slow(field.origin + in.uv * field.size);
}
