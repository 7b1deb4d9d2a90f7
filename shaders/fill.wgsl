// Filled polygons (debris, the ship, the thrust flame) as triangles in world space with a
// premultiplied colour, the same at each of a triangle's corners (so it is not
// interpolated): alpha 0 adds light, alpha 1 covers. The opaque triangles that start the
// list are drawn without blending (pipelines.rs `fill_opaque`): covering, they need not
// read what lies under them.

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) @interpolate(flat) color: vec4<f32>,
};

@vertex
fn vs_main(@location(0) pos: vec2<f32>, @location(1) color: vec4<f32>) -> VsOut {
    var out: VsOut;
    out.clip = world_to_clip(pos);
    out.color = vec4<f32>(finish(color.rgb), color.a);
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    return in.color;
}
