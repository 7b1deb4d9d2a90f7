// The far silhouettes: vertex-coloured triangles in their layer's space. A layer follows
// `parallax` of the camera's motion, so a point `pos` shows where the world point
// `pos + center * (1 - parallax)` would: it drifts across the screen slower than the rock.
// Opaque and unlit; the rock is drawn over them.

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) color: vec3<f32>,
};

@vertex
fn vs_main(
    @location(0) pos: vec2<f32>,
    @location(1) parallax: f32,
    @location(2) color: vec4<f32>,
) -> VsOut {
    var out: VsOut;
    out.clip = vec4<f32>((pos - globals.center * parallax) / globals.half_extent, 0.0, 1.0);
    out.color = finish(color.rgb);
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    return vec4<f32>(in.color, 1.0);
}
