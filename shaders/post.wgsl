// The glow post pass: keep what is brighter than a threshold at quarter size, blur it in two
// passes, add it back over the scene and map the result into displayable range.

struct Post {
    // Texel step for the blur (one of x, y is zero), or the source texel size.
    step: vec2<f32>,
    // Bright-pass threshold, or bloom strength when compositing.
    amount: f32,
    // 1 when the target is not an sRGB format and needs encoding here.
    encode_srgb: f32,
};

@group(0) @binding(0) var src: texture_2d<f32>;
@group(0) @binding(1) var src_sampler: sampler;
@group(0) @binding(2) var<uniform> post: Post;
@group(0) @binding(3) var bloom: texture_2d<f32>;

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> VsOut {
    let x = f32((i << 1u) & 2u);
    let y = f32(i & 2u);
    var out: VsOut;
    out.clip = vec4<f32>(x * 2.0 - 1.0, 1.0 - y * 2.0, 0.0, 1.0);
    out.uv = vec2<f32>(x, y);
    return out;
}

@fragment
fn fs_bright(in: VsOut) -> @location(0) vec4<f32> {
    // Four bilinear taps around the glow texel's centre average the full-size scene.
    let o = post.step * 0.5;
    var c = textureSample(src, src_sampler, in.uv + vec2<f32>(-o.x, -o.y)).rgb;
    c = c + textureSample(src, src_sampler, in.uv + vec2<f32>(o.x, -o.y)).rgb;
    c = c + textureSample(src, src_sampler, in.uv + vec2<f32>(-o.x, o.y)).rgb;
    c = c + textureSample(src, src_sampler, in.uv + vec2<f32>(o.x, o.y)).rgb;
    c = c * 0.25;
    let luma = dot(c, vec3<f32>(0.2126, 0.7152, 0.0722));
    let keep = max(luma - post.amount, 0.0) / max(luma, 1e-4);
    return vec4<f32>(c * keep, 1.0);
}

@fragment
fn fs_blur(in: VsOut) -> @location(0) vec4<f32> {
    // A 9-tap Gaussian folded into 5 linear-filtered taps.
    var c = textureSample(src, src_sampler, in.uv).rgb * 0.227027;
    let o1 = post.step * 1.384615;
    let o2 = post.step * 3.230769;
    c = c + textureSample(src, src_sampler, in.uv + o1).rgb * 0.316216;
    c = c + textureSample(src, src_sampler, in.uv - o1).rgb * 0.316216;
    c = c + textureSample(src, src_sampler, in.uv + o2).rgb * 0.070270;
    c = c + textureSample(src, src_sampler, in.uv - o2).rgb * 0.070270;
    return vec4<f32>(c, 1.0);
}

fn srgb_encode(c: vec3<f32>) -> vec3<f32> {
    let lo = c * 12.92;
    let hi = 1.055 * pow(c, vec3<f32>(1.0 / 2.4)) - 0.055;
    return select(hi, lo, c <= vec3<f32>(0.0031308));
}

@fragment
fn fs_composite(in: VsOut) -> @location(0) vec4<f32> {
    // The scene is the output's size: read its texel directly, with no filtering.
    let scene = textureLoad(src, vec2<i32>(in.clip.xy), 0).rgb;
    let glow = textureSample(bloom, src_sampler, in.uv).rgb;
    let hdr = scene + glow * post.amount;
    // A soft shoulder: linear at the bottom, rolling off towards white.
    var mapped = vec3<f32>(1.0) - exp(-hdr * 1.2);
    if (post.encode_srgb > 0.5) {
        mapped = srgb_encode(mapped);
    }
    return vec4<f32>(mapped, 1.0);
}
