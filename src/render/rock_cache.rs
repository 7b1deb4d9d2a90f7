//! The shaded rock kept per view, on the path that draws the scene straight into the output
//! (the one chosen for software rasterizers, where a pixel of the rock's shading costs
//! several times a texel read).
//!
//! The world is cut into a lattice of pixel-sized cells at the view's scale, aligned to the
//! world's origin, so that a cell stays the same cell as the camera moves. The cache holds
//! one texel per cell of the view, wrapping: cell `c` lives at texel `c mod size`. When the
//! camera moves, only the cells it uncovers (a strip along one or two edges) are shaded
//! again; a new scale, size or level shades it whole. The rock's fill then reads each
//! pixel's cell from the cache (`shaders/rock_cached.wgsl`), and the rock's pattern moves
//! with the world in whole pixels (it is shaded at most half a pixel from where the live
//! shader would shade it).

use super::camera::View;

/// A rectangle of texels: x, y, width, height.
pub(crate) type TexelRect = [u32; 4];

/// Where a view's cells lie: the cell at its top-left pixel, and the scale they are cut at.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(crate) struct Lattice {
    /// The cell at the view's top-left pixel: columns rightwards, rows downwards.
    pub base: [i32; 2],
    /// Pixels per metre.
    pub pixels_per_metre: f32,
}

impl Lattice {
    /// The cells `view` shows at `pixels_per_metre`: the pixel `p` from the top left shows
    /// cell `base + p`, whose centre is within half a pixel of the pixel's.
    pub fn of(view: &View, pixels_per_metre: f32) -> Lattice {
        let ppm = f64::from(pixels_per_metre);
        let left = f64::from(view.center.x) - f64::from(view.half_extent.x);
        let top = f64::from(view.center.y) + f64::from(view.half_extent.y);
        // Far beyond any level; keeps the cells (and their sums with pixels) in range.
        let cell = |x: f64| (x.round().clamp(-1e9, 1e9)) as i32;
        Lattice {
            base: [cell(left * ppm), cell(-top * ppm)],
            pixels_per_metre,
        }
    }

    /// The texel holding the cell at the view's top-left pixel, in a cache of `size`.
    pub fn offset(&self, size: (u32, u32)) -> [i32; 2] {
        [
            self.base[0].rem_euclid(size.0.max(1) as i32),
            self.base[1].rem_euclid(size.1.max(1) as i32),
        ]
    }
}

/// The texel ranges (start, length) along one side of a cache `size` texels long that hold
/// the cells `start .. start + len` (`len <= size`): one range, or two where they wrap.
fn wrapped(start: i64, len: u32, size: u32) -> Vec<(u32, u32)> {
    if len == 0 || size == 0 {
        return Vec::new();
    }
    let first = start.rem_euclid(i64::from(size)) as u32;
    let len = len.min(size);
    let head = len.min(size - first);
    let mut out = vec![(first, head)];
    if head < len {
        out.push((0, len - head));
    }
    out
}

/// The texels of a cache of `size` whose cells change when the view's lattice goes from
/// `held` (none: nothing is held) to `now`: everything when nothing is held, the scale
/// changed or the view moved a whole cache's width or height; otherwise the strips of
/// columns and rows the move uncovered.
pub(crate) fn stale(held: Option<Lattice>, now: Lattice, size: (u32, u32)) -> Vec<TexelRect> {
    let (w, h) = size;
    let whole = vec![[0, 0, w, h]];
    let Some(held) = held else {
        return whole;
    };
    if held.pixels_per_metre.to_bits() != now.pixels_per_metre.to_bits() {
        return whole;
    }
    let dx = i64::from(now.base[0]) - i64::from(held.base[0]);
    let dy = i64::from(now.base[1]) - i64::from(held.base[1]);
    if dx.unsigned_abs() >= u64::from(w) || dy.unsigned_abs() >= u64::from(h) {
        return whole;
    }
    // The cells newly in view along one axis: past the old window's far end when moving
    // forwards, before its start when moving back.
    let uncovered = |old: i32, d: i64, len: u32| -> (i64, u32) {
        let start = if d > 0 {
            i64::from(old) + i64::from(len)
        } else {
            i64::from(old) + d
        };
        (start, d.unsigned_abs() as u32)
    };
    let mut rects = Vec::new();
    let (x0, nx) = uncovered(held.base[0], dx, w);
    for (x, len) in wrapped(x0, nx, w) {
        rects.push([x, 0, len, h]);
    }
    let (y0, ny) = uncovered(held.base[1], dy, h);
    for (y, len) in wrapped(y0, ny, h) {
        rects.push([0, y, w, len]);
    }
    rects
}

/// The cache's texture as the two fills read it: group 1 of the fill that decodes it into
/// the output, and, where the output's bytes are written as they are, group 1 of the fill
/// that copies it over them.
#[derive(Debug)]
struct CacheTexture {
    view: wgpu::TextureView,
    group: wgpu::BindGroup,
    raw_group: Option<wgpu::BindGroup>,
}

/// One view's cache: its texture (in the output's format) and what it holds.
#[derive(Debug, Default)]
pub(crate) struct RockCache {
    texture: Option<CacheTexture>,
    size: (u32, u32),
    /// The lattice whose cells the cache holds, when it holds any.
    held: Option<Lattice>,
}

/// What refilling a cache needs from the renderer.
pub(crate) struct Refill<'a> {
    /// The refill pipeline (`fs_cache` in `shaders/rock.wgsl`).
    pub pipeline: &'a wgpu::RenderPipeline,
    /// Group 1 of the fill that reads the cache.
    pub layout: &'a wgpu::BindGroupLayout,
    /// The cache's format: the output's.
    pub format: wgpu::TextureFormat,
    /// The same texels without the sRGB encoding, when the fill is to copy them byte for
    /// byte (see `Renderer::render_views`).
    pub raw: Option<wgpu::TextureFormat>,
    /// The view's globals (group 0), already holding `now`'s base and offset.
    pub globals: &'a wgpu::BindGroup,
}

impl RockCache {
    /// Forgets what the cache holds (the rock or its palette changed).
    pub fn invalidate(&mut self) {
        self.held = None;
    }

    /// Makes the cache `size` texels (a new texture when the size changes) and records
    /// into `encoder` the shading of the texels whose cells are not those of `now`. The
    /// rock's field and grain must be bound by `bind` as groups 1 and 2. Returns how many
    /// texels were shaded.
    pub fn refresh(
        &mut self,
        device: &wgpu::Device,
        encoder: &mut wgpu::CommandEncoder,
        refill: &Refill<'_>,
        (size, now): ((u32, u32), Lattice),
        bind: &mut dyn FnMut(&mut wgpu::RenderPass<'_>),
        timer: &mut Option<super::timer::GpuTimer>,
    ) -> u64 {
        let size = (size.0.max(1), size.1.max(1));
        let fits = self
            .texture
            .as_ref()
            .is_some_and(|t| t.raw_group.is_some() == refill.raw.is_some());
        if !fits || self.size != size {
            self.texture = Some(Self::make(device, refill, size));
            self.size = size;
            self.held = None;
        }
        let rects = stale(self.held, now, size);
        self.held = Some(now);
        let Some(CacheTexture { view, .. }) = &self.texture else {
            return 0;
        };
        if rects.is_empty() {
            return 0;
        }
        let mut pass = super::view_pass(encoder, "rock cache", view, wgpu::LoadOp::Load);
        super::timer::mark(timer, &mut pass, "rock cache");
        pass.set_pipeline(refill.pipeline);
        pass.set_bind_group(0, refill.globals, &[]);
        bind(&mut pass);
        let mut texels = 0;
        for [x, y, w, h] in rects {
            pass.set_scissor_rect(x, y, w, h);
            pass.draw(0..3, 0..1);
            texels += u64::from(w) * u64::from(h);
        }
        texels
    }

    /// Group 1 of the fill reading the cache, once it has been refreshed.
    pub fn group(&self) -> Option<&wgpu::BindGroup> {
        self.texture.as_ref().map(|t| &t.group)
    }

    /// Group 1 of the fill copying the cache's bytes, once it has been refreshed for a
    /// frame that copies them.
    pub fn raw_group(&self) -> Option<&wgpu::BindGroup> {
        self.texture.as_ref().and_then(|t| t.raw_group.as_ref())
    }

    fn make(device: &wgpu::Device, refill: &Refill<'_>, size: (u32, u32)) -> CacheTexture {
        let views: Vec<wgpu::TextureFormat> = refill.raw.into_iter().collect();
        let texture = super::shader_source::texture_with_views(
            device,
            "rock cache",
            size,
            (refill.format, &views),
        );
        let group = |view: &wgpu::TextureView| {
            device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("rock cache"),
                layout: refill.layout,
                entries: &[wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::TextureView(view),
                }],
            })
        };
        let view = texture.create_view(&wgpu::TextureViewDescriptor::default());
        let raw_group = refill
            .raw
            .map(|format| group(&super::shader_source::view_as(&texture, format)));
        CacheTexture {
            group: group(&view),
            view,
            raw_group,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec2;

    fn lattice(x: i32, y: i32) -> Lattice {
        Lattice {
            base: [x, y],
            pixels_per_metre: 30.0,
        }
    }

    /// Which cells of the window at `now` the texels cover after refilling `rects` over a
    /// cache that held `held`: every texel must hold a cell of `now`'s window.
    fn cells_after(held: Lattice, now: Lattice, size: (u32, u32)) -> Vec<Vec<[i64; 2]>> {
        let (w, h) = (size.0 as i64, size.1 as i64);
        // The cell each texel holds for a window at `l`.
        let cell = |l: &Lattice, tx: i64, ty: i64| {
            let c = |base: i32, t: i64, n: i64| base as i64 + (t - base as i64).rem_euclid(n);
            [c(l.base[0], tx, w), c(l.base[1], ty, h)]
        };
        let mut held_cells: Vec<Vec<[i64; 2]>> = (0..h)
            .map(|ty| (0..w).map(|tx| cell(&held, tx, ty)).collect())
            .collect();
        for [x, y, rw, rh] in stale(Some(held), now, size) {
            for ty in y..y + rh {
                for tx in x..x + rw {
                    held_cells[ty as usize][tx as usize] = cell(&now, tx as i64, ty as i64);
                }
            }
        }
        held_cells
    }

    #[test]
    fn after_any_move_every_texel_holds_a_cell_of_the_new_view() {
        let size = (7, 5);
        let held = lattice(-13, 22);
        for dx in -9..=9 {
            for dy in -7..=7 {
                let now = lattice(held.base[0] + dx, held.base[1] + dy);
                let cells = cells_after(held, now, size);
                // Each cell of the new window appears exactly once, at texel `cell mod size`.
                for (ty, row) in cells.iter().enumerate() {
                    for (tx, c) in row.iter().enumerate() {
                        assert!((0..7).contains(&(c[0] - now.base[0] as i64)), "{dx},{dy}");
                        assert!((0..5).contains(&(c[1] - now.base[1] as i64)), "{dx},{dy}");
                        assert_eq!(c[0].rem_euclid(7) as usize, tx);
                        assert_eq!(c[1].rem_euclid(5) as usize, ty);
                    }
                }
                // Only what the move uncovered is shaded again.
                let shaded: u32 = stale(Some(held), now, size)
                    .iter()
                    .map(|r| r[2] * r[3])
                    .sum();
                let (ax, ay) = (dx.unsigned_abs(), dy.unsigned_abs());
                let bound = if ax >= 7 || ay >= 5 {
                    35
                } else {
                    ax * 5 + ay * 7
                };
                assert!(shaded <= bound, "{dx},{dy}: {shaded} > {bound}");
                if ax < 7 && ay < 5 {
                    // Cells that stayed in view were not shaded twice over.
                    assert!(shaded >= ax * 5 + ay * 7 - ax * ay);
                }
            }
        }
        assert!(stale(Some(held), held, size).is_empty());
    }

    #[test]
    fn a_new_scale_or_nothing_held_shades_the_whole_cache() {
        let size = (640, 360);
        let whole = vec![[0, 0, 640, 360]];
        assert_eq!(stale(None, lattice(3, 4), size), whole);
        let zoomed = Lattice {
            pixels_per_metre: 36.0,
            ..lattice(3, 4)
        };
        assert_eq!(stale(Some(lattice(3, 4)), zoomed, size), whole);
        assert_eq!(stale(Some(lattice(3, 4)), lattice(700, 4), size), whole);
    }

    #[test]
    fn a_pixel_shows_the_cell_whose_centre_is_nearest_its_own() {
        for (cx, cy, ppm) in [(0.0, 0.0, 30.0), (123.456, -78.9, 30.0), (-5.01, 4.3, 17.5)] {
            let view = View {
                center: Vec2::new(cx, cy),
                half_extent: Vec2::new(640.0 / ppm, 360.0 / ppm),
            };
            let l = Lattice::of(&view, ppm);
            let left = view.center.x - view.half_extent.x;
            let top = view.center.y + view.half_extent.y;
            for p in [0, 1, 200, 639] {
                let pixel_x = left + (p as f32 + 0.5) / ppm;
                let cell_x = (l.base[0] + p) as f32 + 0.5;
                assert!((pixel_x * ppm - cell_x).abs() <= 0.5 + 1e-3);
                let pixel_y = top - (p.min(359) as f32 + 0.5) / ppm;
                let cell_y = -((l.base[1] + p.min(359)) as f32 + 0.5);
                assert!((pixel_y * ppm - cell_y).abs() <= 0.5 + 1e-3);
            }
            let offset = l.offset((640, 360));
            assert_eq!(offset[0], l.base[0].rem_euclid(640));
            assert!((0..360).contains(&offset[1]));
        }
    }
}
