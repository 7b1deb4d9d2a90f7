// The parallax starfield: three grid layers of cells that scroll at different fractions of
// the camera; some cells hold a star. Each visible cell is a quad found from the vertex
// index alone (no buffer): its star's place, size and brightness are hashed from the cell,
// and the quad shrinks to the part of the cell the star's glow can light, so only those few
// pixels are shaded. A cell without a star collapses to nothing. Stars add their light.
//
// A star lights only its own cell, as it always has: the quad is clipped to the cell.

// The layers, far to near: cell size in pixels (as `stars::LAYER_CELLS` in the renderer),
// how fast the layer scrolls with the camera, hash seed and brightness. The constants are
// written out at each use (not looked up) so that a star's place is computed exactly as it
// always has been: the shader compiler folds them into the hashes' arithmetic.
const CELL_0: f32 = 23.0;
const CELL_1: f32 = 41.0;
const CELL_2: f32 = 67.0;

// A star's cell, its place in the cell (0..1), size (pixels) and light; `light` is zero
// where the cell has no star.
struct Star {
    place: vec2<f32>,
    size: f32,
    light: f32,
};

fn star_in_cell(id: vec2<f32>, seed: f32, weight: f32) -> Star {
    var star = Star(vec2<f32>(0.5), 1.0, 0.0);
    let h = hash21(id + seed);
    if (h < 0.55) {
        return star;
    }
    star.place = vec2<f32>(hash21(id + seed + 7.1), hash21(id + seed + 3.7)) * 0.8 + 0.1;
    let twinkle = 0.75 + 0.25 * sin(globals.time * (1.0 + 3.0 * h) + h * 40.0);
    star.size = 0.6 + 1.2 * hash21(id + seed + 1.3);
    star.light = weight * twinkle * (h - 0.5) * 2.0;
    return star;
}

// Cells of layer `i` across and up the screen: enough to cover it wherever the grid sits.
// The renderer counts them (`stars::layer_cells`) and passes them in the globals.
fn layer_cells(i: u32) -> vec2<u32> {
    return vec2<u32>(globals.star_cols[i], globals.star_rows[i]);
}

// A layer's cell size and its scrolled pixel frame's offset: screen pixels (origin at the
// centre, y up) plus the camera's offset times the layer's scroll.
fn layer_frame(i: u32) -> vec3<f32> {
    let cam_px = globals.center * globals.pixels_per_metre;
    if (i == 0u) {
        return vec3<f32>(cam_px * 0.05, CELL_0);
    }
    if (i == 1u) {
        return vec3<f32>(cam_px * 0.12, CELL_1);
    }
    return vec3<f32>(cam_px * 0.25, CELL_2);
}

// Light that changes no pixel of the output: half a step of an 8-bit sRGB output at black
// (0.5 / 255 / 12.92), the smallest step it has (a target of another kind is tone-mapped
// into one such in the end).
const UNSEEN: f32 = 1.5e-4;

// How far out a star's light still shows, in pixels: past it, light * exp(-d^2 / size^2),
// brightened by at most the exposure (1.2; the tints are at most 1), is below `UNSEEN`.
// A dim star's light fades out sooner than a bright one's, and its quad is smaller; no
// quad is larger than 3.2 sizes (where even full light is gone) and a pixel, as before.
fn star_reach(size: f32, light: f32) -> f32 {
    let fade = sqrt(max(log(1.2 * light / UNSEEN), 0.0));
    return min(fade, 3.2) * size + 1.0;
}

struct VsOut {
    @builtin(position) clip: vec4<f32>,
    // The cell, its star's place in it (0..1), the star's size in pixels and its light.
    @location(0) @interpolate(flat) cell_id: vec2<f32>,
    @location(1) @interpolate(flat) star: vec2<f32>,
    @location(2) @interpolate(flat) size: f32,
    @location(3) @interpolate(flat) light: f32,
    @location(4) @interpolate(flat) layer: u32,
};

@vertex
fn vs_main(@builtin(vertex_index) vi: u32) -> VsOut {
    var out: VsOut;
    // Nothing: a degenerate quad outside the screen.
    out.clip = vec4<f32>(2.0, 2.0, 0.0, 1.0);
    var q = vi / 4u;
    let corner = vi % 4u;
    var li = 0u;
    loop {
        let n = layer_cells(li);
        if (q < n.x * n.y || li == 2u) {
            break;
        }
        q = q - n.x * n.y;
        li = li + 1u;
    }
    let n = layer_cells(li);
    if (q >= n.x * n.y) {
        return out;
    }
    let frame = layer_frame(li);
    let cell = frame.z;
    let first = floor((-0.5 * globals.viewport + frame.xy) / cell);
    let id = first + vec2<f32>(f32(q % n.x), f32(q / n.x));
    var star: Star;
    if (li == 0u) {
        star = star_in_cell(id, 1.0, 0.35);
    } else if (li == 1u) {
        star = star_in_cell(id, 19.0, 0.6);
    } else {
        star = star_in_cell(id, 47.0, 1.0);
    }
    if (star.light == 0.0) {
        return out;
    }
    // The quad: the star's reach, clipped to its cell (in cell units).
    let r = star_reach(star.size, star.light) / cell;
    let lo = max(star.place - r, vec2<f32>(0.0));
    let hi = min(star.place + r, vec2<f32>(1.0));
    let c = vec2<f32>(select(lo.x, hi.x, corner == 1u || corner == 2u), select(lo.y, hi.y, corner >= 2u));
    let screen = (id + c) * cell - frame.xy;
    out.clip = vec4<f32>(screen / (0.5 * globals.viewport), 0.0, 1.0);
    out.cell_id = id;
    out.star = star.place;
    out.size = star.size;
    out.light = star.light;
    out.layer = li;
    return out;
}

@fragment
fn fs_main(in: VsOut) -> @location(0) vec4<f32> {
    // This pixel in screen pixels (origin at the centre, y up) and in the layer's cells.
    let px = in.clip.xy - globals.origin;
    let screen = vec2<f32>(px.x - 0.5 * globals.viewport.x, 0.5 * globals.viewport.y - px.y);
    var g: vec2<f32>;
    var cell: f32;
    let cam_px = globals.center * globals.pixels_per_metre;
    if (in.layer == 0u) {
        g = (screen + cam_px * 0.05) / CELL_0;
        cell = CELL_0;
    } else if (in.layer == 1u) {
        g = (screen + cam_px * 0.12) / CELL_1;
        cell = CELL_1;
    } else {
        g = (screen + cam_px * 0.25) / CELL_2;
        cell = CELL_2;
    }
    let d = length((g - in.cell_id - in.star) * cell);
    let light = exp(-d * d / (in.size * in.size)) * in.light;
    let tint = mix(globals.star_tint_a.rgb, globals.star_tint_b.rgb, hash21(floor(screen / 67.0)));
    return vec4<f32>(finish(tint * light), 0.0);
}
