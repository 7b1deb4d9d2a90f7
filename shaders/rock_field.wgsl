// The rock's slow shading, baked once per level into a texture over the rock's bounds: the
// strata (bands along y bent by large-scale noise), the noise whose ridges are the cracks,
// and the mineral tint's field. Each is smooth at the texture's spacing, so filtering the
// baked values stays within a few thousandths of the exact ones; the fine grain comes from
// its own tile (rock_grain.wgsl) and the sharp step that turns the crack noise's ridges
// into cracks is taken per pixel (rock.wgsl).

struct RockField {
    // World point of the texture's first texel corner, metres.
    origin: vec2<f32>,
    // World extent the texture covers, metres.
    size: vec2<f32>,
};

@group(1) @binding(0) var<uniform> field: RockField;

// The slow fields at world point `p`: (strata, crack noise, mineral, unused).
fn rock_slow(p: vec2<f32>) -> vec4<f32> {
    let warp = fbm(p * 0.04) * 14.0;
    let bend = fbm(p * 0.25) * 2.5;
    let strata = 0.5 + 0.5 * sin((p.y + warp) * 0.8 + bend);
    return vec4<f32>(
        strata,
        fbm(p * 0.35 + vec2<f32>(7.0, 3.0)),
        fbm(p * 0.12 + vec2<f32>(31.0, 5.0)),
        0.0,
    );
}
