// Bakes the rock's grain tile (rock_grain.wgsl): one full-target triangle, each texel the
// grain at its centre's point of the tile. The grain is value noise summed over octaves
// whose lattices wrap after a whole number of cells, so the tile's edges meet seamlessly:
// four octaves from about 2.3 cells a metre, each about twice as fine, at 0.6, and one of
// 9 cells a metre at 0.4, as the grain computed per pixel had (with its own random values).

struct BakeOut {
    @builtin(position) clip: vec4<f32>,
    @location(0) uv: vec2<f32>,
};

@vertex
fn vs_main(@builtin(vertex_index) i: u32) -> BakeOut {
    let x = f32((i << 1u) & 2u);
    let y = f32(i & 2u);
    var out: BakeOut;
    out.clip = vec4<f32>(x * 2.0 - 1.0, 1.0 - y * 2.0, 0.0, 1.0);
    out.uv = vec2<f32>(x, y);
    return out;
}

// A well-mixed 32-bit hash (the PCG output permutation).
fn pcg(x: u32) -> u32 {
    let state = x * 747796405u + 2891336453u;
    let word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

// The value, 0..1, at lattice point `i` of a lattice `cells` wide (wrapped into 0..cells)
// for octave `seed`.
fn lattice_value(i: vec2<f32>, cells: f32, seed: u32) -> f32 {
    let w = vec2<u32>(i - cells * floor(i / cells));
    return f32(pcg(w.x + pcg(w.y + pcg(seed))) >> 8u) / 16777215.0;
}

// Value noise at `q` (in cells) on a lattice that repeats every `cells` cells.
fn tiled_noise(q: vec2<f32>, cells: f32, seed: u32) -> f32 {
    let i = floor(q);
    let f = q - i;
    let u = f * f * (3.0 - 2.0 * f);
    let a = lattice_value(i, cells, seed);
    let b = lattice_value(i + vec2<f32>(1.0, 0.0), cells, seed);
    let c = lattice_value(i + vec2<f32>(0.0, 1.0), cells, seed);
    let d = lattice_value(i + vec2<f32>(1.0, 1.0), cells, seed);
    return mix(mix(a, b, u.x), mix(c, d, u.x), u.y);
}

// One octave of `per_metre` cells a metre, rounded to whole cells across the tile.
fn octave(t: vec2<f32>, per_metre: f32, seed: u32) -> f32 {
    let cells = max(round(per_metre * GRAIN_PERIOD), 1.0);
    return tiled_noise(t * cells, cells, seed);
}

@fragment
fn fs_main(in: BakeOut) -> @location(0) vec4<f32> {
    let t = in.uv;
    let fine = 0.5 * octave(t, 2.3, 1u) + 0.25 * octave(t, 4.669, 2u)
        + 0.125 * octave(t, 9.478, 3u) + 0.0625 * octave(t, 19.24, 4u);
    let speckle = octave(t, 9.0, 5u);
    return vec4<f32>(0.6 * fine + 0.4 * speckle, 0.0, 0.0, 1.0);
}
