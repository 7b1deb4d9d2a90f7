// The parallax starfield behind the caves: a full-screen triangle whose fragments find the
// nearest star of three grid layers that scroll at different fractions of the camera.

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) ndc: vec2<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> VsOut {
    let x = f32((i << 1u) & 2u) * 2.0 - 1.0;
    let y = f32(i & 2u) * 2.0 - 1.0;
    var out: VsOut;
    out.clip = vec4<f32>(x, y, 0.0, 1.0);
    out.ndc = vec2<f32>(x, y);
    return out;
}

fn star_layer(px: vec2<f32>, cell: f32, seed: f32) -> f32 {
    let g = px / cell;
    let id = floor(g);
    let h = hash21(id + seed);
    if (h < 0.55) {
        return 0.0;
    }
    let pos = vec2<f32>(hash21(id + seed + 7.1), hash21(id + seed + 3.7)) * 0.8 + 0.1;
    let d = length((fract(g) - pos) * cell);
    let twinkle = 0.75 + 0.25 * sin(globals.time * (1.0 + 3.0 * h) + h * 40.0);
    let size = 0.6 + 1.2 * hash21(id + seed + 1.3);
    return exp(-d * d / (size * size)) * twinkle * (h - 0.5) * 2.0;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    // Pixel position in a frame that scrolls with the camera, scaled per layer.
    let screen = in.ndc * globals.viewport * 0.5;
    let cam_px = globals.center * globals.pixels_per_metre;
    var light = 0.0;
    light = light + 0.35 * star_layer(screen + cam_px * 0.05, 23.0, 1.0);
    light = light + 0.6 * star_layer(screen + cam_px * 0.12, 41.0, 19.0);
    light = light + 1.0 * star_layer(screen + cam_px * 0.25, 67.0, 47.0);
    let sky = mix(vec3<f32>(0.002, 0.003, 0.008), vec3<f32>(0.006, 0.004, 0.014), in.ndc.y * 0.5 + 0.5);
    let tint = mix(vec3<f32>(0.7, 0.8, 1.0), vec3<f32>(1.0, 0.9, 0.75), hash21(floor(screen / 67.0)));
    return vec4<f32>(sky + tint * light, 1.0);
}
