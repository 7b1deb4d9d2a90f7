// The rock's fine grain: noise at two scales, baked once into a texture that tiles every
// GRAIN_PERIOD metres (rock_grain_bake.wgsl), with a chain of coarser levels of its
// averages, and read here with wrapping, so the rock shader pays one filtered read per
// pixel for it instead of five noise evaluations.

// Metres after which the grain repeats: wide enough that, laid under the strata, cracks and
// minerals (which do not repeat), the tiling is not seen.
const GRAIN_PERIOD: f32 = 32.0;

@group(2) @binding(0) var grain_texture: texture_2d<f32>;
@group(2) @binding(1) var grain_sampler: sampler;

// The grain at world point `p`, 0..1, from the level of the tile's mip chain the renderer
// bound for this view's scale.
fn rock_grain(p: vec2<f32>) -> f32 {
    return textureSampleLevel(grain_texture, grain_sampler, p / GRAIN_PERIOD, 0.0).r;
}
