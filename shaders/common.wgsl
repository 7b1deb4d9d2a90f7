// Shared by every world-space shader: the camera and frame globals.
struct Globals {
    // World point at the centre of the view, metres.
    center: vec2<f32>,
    // Half the view's width and height, metres.
    half_extent: vec2<f32>,
    // The view's size in pixels.
    viewport: vec2<f32>,
    // Seconds of simulated time (animation only).
    time: f32,
    // Pixels per metre.
    pixels_per_metre: f32,
    // The view's top-left corner in the target, pixels (views may share a target).
    origin: vec2<f32>,
    // The whole target's size, pixels.
    frame_size: vec2<f32>,
    // Cells of each starfield layer across and up the screen (x, y, z: far to near).
    star_cols: vec4<u32>,
    star_rows: vec4<u32>,
    // The world's palette (linear RGB in .rgb): the sky at the bottom and top of the view,
    // the stars' two tints, the rock strata's dark and light bands and its mineral tint.
    sky_low: vec4<f32>,
    sky_high: vec4<f32>,
    star_tint_a: vec4<f32>,
    star_tint_b: vec4<f32>,
    rock_dark: vec4<f32>,
    rock_light: vec4<f32>,
    mineral: vec4<f32>,
    // The view's rock cache (rock_cache.rs): the lattice cell at the view's top-left pixel,
    // and the texel holding it.
    cache_base: vec2<i32>,
    cache_offset: vec2<i32>,
};

@group(0) @binding(0) var<uniform> globals: Globals;

// True when the scene is drawn straight into the output (the halo glow, glow.rs): each
// shader then tone-maps its own colour, as the glow post pass's composite would the sum.
override HALO: bool = false;
// True when drawing straight into an output that is not sRGB: the shader encodes too.
override ENCODE_SRGB: bool = false;
// The tone curve's exposure (the composite's, shaders/post.wgsl).
const EXPOSURE: f32 = 1.2;

// A colour as the target stores it: unchanged for the HDR scene; tone-mapped (and encoded
// where the output needs it) when drawing straight into the output.
fn finish(c: vec3<f32>) -> vec3<f32> {
    if (!HALO) {
        return c;
    }
    let mapped = vec3<f32>(1.0) - exp(-max(c, vec3<f32>(0.0)) * EXPOSURE);
    if (ENCODE_SRGB) {
        let lo = mapped * 12.92;
        let hi = 1.055 * pow(mapped, vec3<f32>(1.0 / 2.4)) - 0.055;
        return select(hi, lo, mapped <= vec3<f32>(0.0031308));
    }
    return mapped;
}

// A stroke's light, per unit of its colour, `d` pixels from its centre line: a core of
// half-width `width.x` with a soft edge, and a glow of radius `width.y` beyond it
// (glow.rs `stroke_profile`).
fn stroke_profile(d: f32, width: vec2<f32>) -> f32 {
    let core = 1.0 - smoothstep(width.x - 0.75, width.x + 0.75, d);
    let g = max(d - width.x, 0.0) / max(width.y, 0.001);
    return core + exp(-4.0 * g * g) * 0.45;
}

fn world_to_clip(p: vec2<f32>) -> vec4<f32> {
    return vec4<f32>((p - globals.center) / globals.half_extent, 0.0, 1.0);
}

fn hash21(p: vec2<f32>) -> f32 {
    let q = fract(p * vec2<f32>(123.34, 456.21));
    let r = q + dot(q, q + 45.32);
    return fract(r.x * r.y);
}

fn value_noise(p: vec2<f32>) -> f32 {
    let i = floor(p);
    let f = fract(p);
    let u = f * f * (3.0 - 2.0 * f);
    let a = hash21(i);
    let b = hash21(i + vec2<f32>(1.0, 0.0));
    let c = hash21(i + vec2<f32>(0.0, 1.0));
    let d = hash21(i + vec2<f32>(1.0, 1.0));
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

fn fbm(p: vec2<f32>) -> f32 {
    var sum = 0.0;
    var amp = 0.5;
    var q = p;
    for (var i = 0; i < 4; i = i + 1) {
        sum = sum + amp * value_noise(q);
        q = q * 2.03 + vec2<f32>(17.0, 9.0);
        amp = amp * 0.5;
    }
    return sum;
}
