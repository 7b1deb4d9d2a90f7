//! The renderer: draws the static rock and a [`Snapshot`] into any colour target. Each kind
//! of thing is one draw call over one buffer (rebuilt per frame for what moves, and for the
//! part of the rock in view; the fills are two, the opaque triangles that lead their list
//! unblended and then the rest), always recorded even when empty, so every frame makes the
//! same number of draw calls however many bodies or particles there are. What the view
//! cannot show is skipped before it reaches a buffer.

use super::backdrop::BackdropVertex;
use super::bloom::Bloom;
use super::camera::View;
use super::dynamic_buffer::{byte_cap, fitting};
use super::glow::{Glow, Halos};
use super::layout::ViewRect;
use super::palette::Palette;
use super::pipelines::{FillVertex, Globals, LineInstance, Pipelines, SceneTarget};
use super::quads::{QuadIndices, QuadSource};
use super::rock_cache::{Lattice, Refill};
use super::rock_field::RockField;
use super::rock_mesh::RockMesh;
pub use super::scene_pass::{Output, SCENE_DRAWS};
use super::scene_pass::{Rock, SceneKit, ViewTarget};
use super::snapshot::Snapshot;
use super::timer::{GpuTimer, StageTimes};
use super::view_buffers::{ViewBuffers, ViewCounts};
pub use super::view_data::SHIP_COLORS;
use super::view_data::{ViewData, ROCK_LINE_WIDTH};
use bytemuck::Zeroable;
use glam::Vec2;
use std::time::{Duration, Instant};
use wgpu::util::DeviceExt;

/// What one frame cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameStats {
    /// Draw calls recorded.
    pub draw_calls: u32,
    /// CPU time spent building buffers and recording commands.
    pub encode_time: Duration,
    /// Texels of the views' rock caches shaded again this frame (none where the rock is
    /// shaded live; see [`Renderer::set_rock_cache`]).
    pub rock_cells_shaded: u64,
    /// Triangles that crossed a view's edge (fill triangles cut to it, outline triangles
    /// drawn after the rest; see [`Renderer::set_cut_to_view`]).
    pub crossing: u32,
}

/// The renderer for one output format.
#[derive(Debug)]
pub struct Renderer {
    pipelines: Pipelines,
    /// The glow post pass, when the scene is drawn into an HDR target (none for the halo).
    bloom: Option<Bloom>,
    /// The strokes' halos (none for the bloom).
    halos: Halos,
    indices: QuadIndices,
    rock: Rock,
    /// Each view's buffers: one set per view drawn in a frame, made as needed.
    views: Vec<ViewBuffers>,
    /// The data of the view being built, uploaded to its buffers.
    data: ViewData,
    /// Stage timestamps, when measuring.
    timer: Option<GpuTimer>,
    /// How many times a level's static data (rock, silhouettes) was uploaded.
    uploads: u32,
    /// The rock shown, kept to upload again when the pipelines are remade.
    rock_mesh: RockMesh,
    /// The output's format.
    output_format: wgpu::TextureFormat,
    /// The rock's fill is read from each view's cache of shaded rock (see
    /// [`Renderer::set_rock_cache`]).
    rock_cache: bool,
}

/// One view of a frame: where it lies in the target and what it shows.
#[derive(Clone, Copy, Debug)]
pub struct ViewPass<'a> {
    /// Its rectangle of the target, pixels.
    pub rect: ViewRect,
    /// The part of the world it shows (its aspect should match the rectangle's).
    pub view: View,
    /// What is drawn.
    pub snap: &'a Snapshot,
}

/// The globals' palette part.
fn palette_globals(p: &Palette) -> Globals {
    let c = |v: [f32; 3]| [v[0], v[1], v[2], 1.0];
    Globals {
        sky_low: c(p.sky_low),
        sky_high: c(p.sky_high),
        star_tint_a: c(p.stars[0]),
        star_tint_b: c(p.stars[1]),
        rock_dark: c(p.rock_dark),
        rock_light: c(p.rock_light),
        mineral: c(p.mineral),
        ..Globals::default()
    }
}

/// Vertices of the whole triangles that start `fill` and cover what lies under them
/// (alpha exactly 1): drawn first and unblended, they give the pixels the blend would, and
/// the rest, from the first triangle that lets light through on, keeps its order.
fn opaque_prefix(fill: &[FillVertex]) -> usize {
    fill.chunks_exact(3)
        .take_while(|t| t[0].color[3] == 1.0)
        .count()
        * 3
}

impl Renderer {
    /// A renderer writing `output_format`, showing `rock`, with the best quad source the
    /// device allows.
    pub fn new(
        device: &wgpu::Device,
        output_format: wgpu::TextureFormat,
        rock: &RockMesh,
    ) -> Renderer {
        Self::with_options(
            device,
            output_format,
            rock,
            QuadSource::best(device),
            Glow::Bloom,
        )
    }

    /// A renderer drawing its glow the `glow` way (see [`Glow`]), with the best quad
    /// source the device allows.
    pub fn with_glow(
        device: &wgpu::Device,
        output_format: wgpu::TextureFormat,
        rock: &RockMesh,
        glow: Glow,
    ) -> Renderer {
        Self::with_options(device, output_format, rock, QuadSource::best(device), glow)
    }

    /// A renderer reading quad records the `source` way (the instanced fallback can be
    /// chosen on any device, to test it).
    pub fn with_source(
        device: &wgpu::Device,
        output_format: wgpu::TextureFormat,
        rock: &RockMesh,
        source: QuadSource,
    ) -> Renderer {
        Self::with_options(device, output_format, rock, source, Glow::Bloom)
    }

    /// A renderer reading quad records the `source` way and drawing its glow the `glow` way.
    pub fn with_options(
        device: &wgpu::Device,
        output_format: wgpu::TextureFormat,
        rock: &RockMesh,
        source: QuadSource,
        glow: Glow,
    ) -> Renderer {
        let source = if source == QuadSource::Storage {
            QuadSource::best(device)
        } else {
            source
        };
        let pipelines = Pipelines::new(
            device,
            source,
            SceneTarget::new(glow, output_format, device),
        );
        let mut halos = Halos::new(glow);
        Renderer {
            bloom: (glow == Glow::Bloom).then(|| Bloom::new(device, output_format)),
            rock: Self::upload_rock(device, &pipelines, &mut halos, rock),
            halos,
            indices: QuadIndices::new(device, 4096),
            views: vec![ViewBuffers::new(device, &pipelines)],
            data: ViewData::default(),
            timer: None,
            uploads: 1,
            rock_mesh: rock.clone(),
            output_format,
            rock_cache: pipelines.rock_cache.is_some(),
            pipelines,
        }
    }

    /// Whether the rock's fill is read from a cache of shaded rock kept per view, which
    /// shades again only what the camera uncovers: the default where the scene is drawn
    /// straight into the output (the halo glow, chosen for software rasterizers, where the
    /// shading costs several times a texel read); with `false` every rock pixel is shaded
    /// every frame. The bloom never caches (it asks nothing of this).
    pub fn set_rock_cache(&mut self, on: bool) {
        self.rock_cache = on && self.pipelines.rock_cache.is_some();
        for v in &mut self.views {
            v.rock_cache.invalidate();
        }
    }

    /// Whether the rock is drawn from a per-view cache (see [`Renderer::set_rock_cache`]).
    pub fn rock_cache(&self) -> bool {
        self.rock_cache
    }

    /// Whether fill triangles crossing a view's edge are cut to it, and outline triangles
    /// crossing it drawn after the rest (on by default; see `cull`). Off, they are drawn
    /// whole and in the snapshot's order: the frame is the same, and a software rasterizer
    /// clips them, more slowly.
    pub fn set_cut_to_view(&mut self, on: bool) {
        self.data.cut_to_view = on;
    }

    /// How this renderer draws glow.
    pub fn glow(&self) -> Glow {
        if self.pipelines.target.halo {
            Glow::Halo
        } else {
            Glow::Bloom
        }
    }

    /// The format the scene is drawn in: the HDR target's for the bloom, else the
    /// output's.
    pub fn scene_format(&self) -> wgpu::TextureFormat {
        self.pipelines.target.format
    }

    /// Where quad records come from in this renderer.
    pub fn quad_source(&self) -> QuadSource {
        self.pipelines.source
    }

    /// Measures every following frame's stages with `timer` (see [`Renderer::stage_times`]);
    /// none stops measuring.
    pub fn set_timer(&mut self, timer: Option<GpuTimer>) {
        self.timer = timer;
    }

    /// The stage times of the last frame rendered, once the device has finished it (this
    /// waits for it); none unless a timer was set.
    pub fn stage_times(&self, gpu: &super::Gpu) -> Option<Result<StageTimes, String>> {
        self.timer.as_ref().map(|t| t.read(gpu))
    }

    fn upload_rock(
        device: &wgpu::Device,
        pipelines: &Pipelines,
        halos: &mut Halos,
        rock: &RockMesh,
    ) -> Rock {
        // As many triangles as the device holds; only those are picked to draw.
        let (vertices, drawn) = triangle_buffer(device, "rock", &rock.triangles);
        let boxes = rock.triangles[..drawn as usize]
            .chunks_exact(3)
            .map(|t| (t[0].min(t[1]).min(t[2]), t[0].max(t[1]).max(t[2])))
            .collect();
        let (air, air_vertices) = triangle_buffer(device, "air", &rock.air);
        // The air fills a rectangle round the rock: its corners' extent.
        let air_frame = rock.air.iter().fold(None, |frame, &p| {
            let (lo, hi) = frame.unwrap_or((p, p));
            Some((lo.min(p), hi.max(p)))
        });
        let palette = Palette::of(rock.world);
        let (width, color) = (ROCK_LINE_WIDTH, palette.edge);
        let halo = halos.of(color, width);
        // A buffer cannot be empty: no silhouettes is one triangle of nothing, not drawn.
        let backdrop: &[BackdropVertex] = if rock.backdrop.vertices.is_empty() {
            &[BackdropVertex::zeroed(); 3]
        } else {
            &rock.backdrop.vertices
        };
        Rock {
            air,
            air_vertices,
            air_frame,
            backdrop: device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: Some("backdrop"),
                contents: bytemuck::cast_slice(backdrop),
                usage: wgpu::BufferUsages::VERTEX,
            }),
            backdrop_vertices: rock.backdrop.vertices.len() as u32 / 3 * 3,
            palette,
            vertices,
            boxes,
            field: RockField::new(device, &pipelines.rock_field, rock),
            outline: rock
                .outline
                .iter()
                .map(|(a, b)| LineInstance {
                    a: a.to_array(),
                    b: b.to_array(),
                    color,
                    width,
                    halo,
                })
                .collect(),
        }
    }

    /// Replaces the rock, its world's colours and its far silhouettes (a new or reloaded
    /// level); the only time they are uploaded.
    pub fn set_rock(&mut self, device: &wgpu::Device, rock: &RockMesh) {
        self.rock = Self::upload_rock(device, &self.pipelines, &mut self.halos, rock);
        self.rock_mesh = rock.clone();
        for v in &mut self.views {
            v.rock_cache.invalidate();
        }
        self.uploads += 1;
    }

    /// Draws glow the `glow` way from the next frame: the pipelines are remade for it and
    /// the rock uploaded again (nothing happens if it already does).
    pub fn set_glow(&mut self, device: &wgpu::Device, glow: Glow) {
        if glow == self.glow() {
            return;
        }
        let source = self.pipelines.source;
        let mut next =
            Self::with_options(device, self.output_format, &self.rock_mesh, source, glow);
        next.timer = self.timer.take();
        next.uploads = self.uploads + 1;
        *self = next;
    }

    /// How many times a level's static data (rock, palette, silhouettes) has been uploaded:
    /// once when made, then once per [`Renderer::set_rock`]; drawing frames never does.
    pub fn uploads(&self) -> u32 {
        self.uploads
    }

    /// The palette the rock is drawn in.
    pub fn palette(&self) -> &Palette {
        &self.rock.palette
    }

    /// Records the frame `snap` seen through `view` into `output` (this renderer's output
    /// format).
    pub fn render(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        output: Output<'_>,
        view: &View,
        snap: &Snapshot,
    ) -> FrameStats {
        let whole = ViewPass {
            rect: ViewRect::full(output.size.0, output.size.1),
            view: *view,
            snap,
        };
        self.render_views(device, queue, encoder, output, &[whole])
    }

    /// Builds view `i`'s lists and uploads them with its globals (`size`: the target's).
    fn prepare_view(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        i: usize,
        size: (u32, u32),
        pass: &ViewPass<'_>,
    ) {
        let ViewPass { rect, view, snap } = *pass;
        let (w, h) = (rect.width.max(1), rect.height.max(1));
        let pixels_per_metre = h as f32 / (2.0 * view.half_extent.y);
        let (star_cols, star_rows) = super::stars::layer_cells(w, h);
        let stars = super::stars::star_quads(&star_cols, &star_rows);
        let lattice = Lattice::of(&view, pixels_per_metre);
        let globals = Globals {
            center: view.center.to_array(),
            half_extent: view.half_extent.to_array(),
            viewport: [w as f32, h as f32],
            time: snap.time,
            pixels_per_metre,
            origin: [rect.x as f32, rect.y as f32],
            frame_size: [size.0 as f32, size.1 as f32],
            star_cols,
            star_rows,
            cache_base: lattice.base,
            cache_offset: lattice.offset((w, h)),
            ..palette_globals(&self.rock.palette)
        };
        let halo = self.pipelines.target.halo;
        let (rock, halos) = (&self.rock, &mut self.halos);
        self.data
            .build(snap, &view, pixels_per_metre, rock, halos, halo);
        let records = self.pipelines.records_layout.as_ref();
        let out = &mut self.views[i];
        out.lattice = lattice;
        queue.write_buffer(&out.globals, 0, bytemuck::bytes_of(&globals));
        // Each list as far as the device holds it: a triangle's corners kept together, and
        // the ranges within the line list cut where the list was.
        let data = &self.data;
        let rock_indices = out
            .rock_visible
            .write(device, queue, &data.rock_index_data, 3);
        let fill = out.fill.write(device, queue, &data.fill_data, 3);
        let outlines = out.outlines.write(device, queue, &data.outline_data, 3);
        let lines = out.lines.write(device, queue, &data.line_data, records);
        let particles = out
            .particles
            .write(device, queue, &data.particle_data, records);
        out.counts = ViewCounts {
            rock_indices,
            rock_lines: data.rock_lines.min(lines),
            lines: data.halo_lines.min(lines),
            halos: lines,
            fill,
            opaque_fill: (opaque_prefix(&data.fill_data) as u32).min(fill),
            outlines,
            particles,
            stars,
            sky_on_air: sees_only_framed(self.rock.air_frame, view.center, view.half_extent),
            grain_level: super::rock_grain::grain_level(pixels_per_metre),
        };
    }

    /// Records one frame of several views into `output` (this renderer's output format):
    /// one scene pass per view, confined to its rectangle, each making the same draw calls
    /// however much it shows (the rock's fill in a pass of its own where it is copied
    /// through the output's raw view, see `scene_pass`), then one glow pass over the whole
    /// frame. Views with an empty rectangle are skipped; what lies outside every view is
    /// black.
    pub fn render_views(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        output: Output<'_>,
        views: &[ViewPass<'_>],
    ) -> FrameStats {
        let start = Instant::now();
        self.data.crossing = 0;
        let (width, height) = output.size;
        let inside = |r: &ViewRect| {
            !r.is_empty()
                && r.x.checked_add(r.width).is_some_and(|x| x <= width)
                && r.y.checked_add(r.height).is_some_and(|y| y <= height)
        };
        let shown: Vec<ViewPass<'_>> = views.iter().filter(|v| inside(&v.rect)).copied().collect();
        while self.views.len() < shown.len() {
            self.views.push(ViewBuffers::new(device, &self.pipelines));
        }
        let mut quads = 0;
        for (i, pass) in shown.iter().enumerate() {
            self.prepare_view(device, queue, i, (width, height), pass);
            let c = self.views[i].counts;
            quads = quads.max(c.halos).max(c.stars);
        }
        self.indices.reserve(device, quads);
        self.rock.field.bake_once(
            encoder,
            &self.pipelines.rock_field,
            &self.views[0].globals_group,
        );
        self.pipelines.rock_grain.bake_once(encoder);
        if let Some(t) = &mut self.timer {
            t.begin_frame();
        }
        // The cache's pipelines, where the rock is drawn from it this frame.
        let cache = self
            .pipelines
            .rock_cache
            .as_ref()
            .filter(|_| self.rock_cache);
        // The output without its encoding, where the rock's bytes are copied through it.
        let raw = output
            .raw
            .zip(cache.and_then(|c| c.copy.as_ref()))
            .map(|(view, (_, format))| (view, *format));
        let mut rock_cells_shaded = 0;
        if let Some(cache) = cache {
            let (field, grain) = (&self.rock.field, &self.pipelines.rock_grain);
            for (i, pass) in shown.iter().enumerate() {
                let out = &mut self.views[i];
                let level = out.counts.grain_level;
                let refill = Refill {
                    pipeline: &cache.refill,
                    layout: &cache.layout,
                    format: self.pipelines.target.format,
                    raw: raw.map(|(_, format)| format),
                    globals: &out.globals_group,
                };
                let size = (pass.rect.width, pass.rect.height);
                rock_cells_shaded += out.rock_cache.refresh(
                    device,
                    encoder,
                    &refill,
                    (size, out.lattice),
                    &mut |rp| {
                        field.bind(rp);
                        grain.bind(rp, level);
                    },
                    &mut self.timer,
                );
            }
        }
        if let Some(t) = &mut self.timer {
            t.mark_between(encoder, "clear");
        }
        // The HDR scene the post pass reads, or (the halo) the output itself.
        let scene = match &mut self.bloom {
            Some(bloom) => bloom.scene_target(device, queue, width, height),
            None => output.view,
        };
        let mut draws = 0;
        let halo = self.pipelines.target.halo;
        let last = shown.len().saturating_sub(1);
        // Each view's sky is opaque and covers the view (over the air, where the rock
        // covers the rest), so a frame its views tile needs no clearing: on a CPU
        // rasterizer the clear costs as much as another layer of sky.
        let rects: Vec<ViewRect> = shown.iter().map(|p| p.rect).collect();
        let covered = super::layout::tile_frame(&rects, width, height);
        let kit = SceneKit {
            pipelines: &self.pipelines,
            indices: &self.indices,
            rock: &self.rock,
            cache,
        };
        for (i, pass) in shown.iter().enumerate() {
            let load = if i == 0 && !covered {
                wgpu::LoadOp::Clear(wgpu::Color::BLACK)
            } else {
                wgpu::LoadOp::Load
            };
            let target = ViewTarget {
                scene,
                load,
                rect: pass.rect,
                raw: raw.map(|(view, _)| view),
                last: halo && i == last,
            };
            draws += kit.record(encoder, &target, &self.views[i], &mut self.timer);
        }
        if shown.is_empty() {
            super::view_pass(
                encoder,
                "scene",
                scene,
                wgpu::LoadOp::Clear(wgpu::Color::BLACK),
            );
        }
        if let Some(bloom) = &self.bloom {
            draws += bloom.run(encoder, output.view, &rects, &mut self.timer);
        }
        if let Some(t) = &self.timer {
            t.finish(encoder);
        }
        FrameStats {
            draw_calls: draws,
            encode_time: start.elapsed(),
            rock_cells_shaded,
            crossing: self.data.crossing,
        }
    }
}

/// A vertex buffer of the triangles whose corners are `corners` (three a triangle; a
/// partial one left out, and those past the most the device allows) and how many vertices
/// it draws. An empty buffer cannot be bound: no triangles is one zeroed triangle, not
/// drawn.
fn triangle_buffer(device: &wgpu::Device, label: &str, corners: &[Vec2]) -> (wgpu::Buffer, u32) {
    let whole = fitting(corners, 3, byte_cap(device, false)).len();
    let mut points: Vec<[f32; 2]> = corners[..whole].iter().map(|p| p.to_array()).collect();
    if points.is_empty() {
        points = vec![[0.0; 2]; 3];
    }
    let buffer = device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some(label),
        contents: bytemuck::cast_slice(&points),
        usage: wgpu::BufferUsages::VERTEX,
    });
    (buffer, whole as u32)
}

/// Whether the view centred at `center` reaching `half_extent` lies within `frame` (lower and
/// upper corners), so that the air's triangles and the rock's cover it.
fn sees_only_framed(frame: Option<(Vec2, Vec2)>, center: Vec2, half_extent: Vec2) -> bool {
    frame.is_some_and(|(lo, hi)| {
        (center - half_extent).cmpge(lo).all() && (center + half_extent).cmple(hi).all()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_opaque_prefix_ends_at_the_first_triangle_that_lets_light_through() {
        let tris = |alphas: &[f32]| -> Vec<FillVertex> {
            alphas
                .iter()
                .flat_map(|&a| {
                    [FillVertex {
                        pos: [0.0; 2],
                        color: [0.1, 0.2, 0.3, a],
                    }; 3]
                })
                .collect()
        };
        assert_eq!(opaque_prefix(&tris(&[1.0, 1.0, 0.0, 1.0])), 6);
        assert_eq!(opaque_prefix(&tris(&[0.5, 1.0, 1.0])), 0);
        assert_eq!(opaque_prefix(&tris(&[1.0, 1.0, 1.0])), 9);
        // Alpha over 1 darkens what lies under it: blended, not covering.
        assert_eq!(opaque_prefix(&tris(&[1.0, 1.5])), 3);
        assert_eq!(opaque_prefix(&[]), 0);
        // A partial triangle at the end is not drawn, so not counted.
        let mut seven = tris(&[1.0, 1.0]);
        seven.push(seven[0]);
        assert_eq!(opaque_prefix(&seven), 6);
    }

    #[test]
    fn the_sky_keeps_to_the_air_only_while_the_view_is_inside_its_frame() {
        let frame = Some((Vec2::new(-100.0, -50.0), Vec2::new(100.0, 50.0)));
        let half = Vec2::new(16.0, 9.0);
        assert!(sees_only_framed(frame, Vec2::ZERO, half));
        assert!(sees_only_framed(frame, Vec2::new(84.0, 41.0), half));
        // A view reaching past any side, or larger than the frame, or with no frame
        // (no rock), is drawn with the sky over all of it.
        for c in [(84.5, 0.0), (-84.5, 0.0), (0.0, 41.5), (0.0, -41.5)] {
            assert!(!sees_only_framed(frame, Vec2::new(c.0, c.1), half), "{c:?}");
        }
        assert!(!sees_only_framed(frame, Vec2::ZERO, Vec2::new(101.0, 9.0)));
        assert!(!sees_only_framed(None, Vec2::ZERO, half));
    }
}
