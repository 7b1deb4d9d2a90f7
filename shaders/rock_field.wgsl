// The rock's slow shading, baked once per level into a texture over the rock's bounds: the
// strata's large-scale warp and bend and the mineral tint's field. Each is smooth at the
// texture's spacing, so filtering the baked values changes the look by well under a level
// of 8-bit colour; the fine grain and the cracks stay computed per pixel (rock.wgsl).

struct RockField {
    // World point of the texture's first texel corner, metres.
    origin: vec2<f32>,
    // World extent the texture covers, metres.
    size: vec2<f32>,
};

@group(1) @binding(0) var<uniform> field: RockField;

// The slow fields at world point `p`: (warp, bend, mineral, unused).
fn rock_slow(p: vec2<f32>) -> vec4<f32> {
    return vec4<f32>(fbm(p * 0.04), fbm(p * 0.25), fbm(p * 0.12 + vec2<f32>(31.0, 5.0)), 0.0);
}
