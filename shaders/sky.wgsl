// The sky behind everything: a full-screen triangle whose vertex colours carry the gradient
// from the bottom of the screen to the top (linear in height, so interpolating it is exact),
// in the world's palette.

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) color: vec3<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> VsOut {
    let x = f32((i << 1u) & 2u) * 2.0 - 1.0;
    let y = f32(i & 2u) * 2.0 - 1.0;
    var out: VsOut;
    out.clip = vec4<f32>(x, y, 0.0, 1.0);
    // Beyond the screen (y = 3) the gradient carries on linearly.
    // Straight into the output the ends are tone-mapped at the screen's edges and the
    // gradient runs on between them (the curve is close to straight at the sky's depth).
    out.color = mix(finish(globals.sky_low.rgb), finish(globals.sky_high.rgb), y * 0.5 + 0.5);
    return out;
}

// The sky over the air's triangles (world positions): the same gradient, each vertex
// coloured by its height on the screen, so the pixels are those of the full-screen triangle.
@vertex
fn vs_air(@location(0) pos: vec2<f32>) -> VsOut {
    var out: VsOut;
    out.clip = world_to_clip(pos);
    out.color = mix(finish(globals.sky_low.rgb), finish(globals.sky_high.rgb), out.clip.y * 0.5 + 0.5);
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    return vec4<f32>(in.color, 1.0);
}
