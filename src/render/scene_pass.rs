//! Recording one view's scene: sky, stars, the far silhouettes, the rock's fill and outline,
//! body fills and outlines, lines and particles, and (straight into the output) the bright
//! lines' halos, into the view's rectangle of the frame.
//!
//! Where the rock is drawn from the view's cache into an sRGB output, the cache's texels
//! already hold the output's bytes. Read and written through sRGB views, each pixel would be
//! decoded and encoded again, which a software rasterizer does lane by lane; so where the
//! output also offers a view without the encoding ([`Output::raw`]), the rock's fill is
//! drawn through that view in a pass of its own, between the far silhouettes and the rock's
//! outline, and its bytes are copied as they are: the same pixels, for less work.

use super::pipelines::{Pipelines, RockCachePipelines};
use super::quads::QuadIndices;
use super::rock_field::RockField;
use super::timer::{mark, GpuTimer};
use super::view_buffers::ViewBuffers;
use super::ViewRect;
use glam::Vec2;

/// Draw calls of one view's scene: sky, stars, far silhouettes, rock fill, rock outline,
/// body fills (the opaque ones that lead the list, then the rest), body outlines, lines,
/// particles (and the halos, drawing straight into the output).
pub const SCENE_DRAWS: u32 = 10;

/// Where a frame is drawn.
#[derive(Clone, Copy, Debug)]
pub struct Output<'a> {
    /// The output texture's view, in the renderer's output format.
    pub view: &'a wgpu::TextureView,
    /// Where that format is sRGB-encoded, a view of the same texture in the format with the
    /// same bytes and no encoding (`pipelines::raw_twin`), if the texture allows one.
    pub raw: Option<&'a wgpu::TextureView>,
    /// Its size, pixels.
    pub size: (u32, u32),
}

/// The rock as kept for drawing: every triangle's vertices on the device, and the
/// triangles' boxes and outline segments, to pick those in view each frame.
#[derive(Debug)]
pub(crate) struct Rock {
    /// Every triangle's corners, three a triangle.
    pub vertices: wgpu::Buffer,
    /// Each triangle's bounding box.
    pub boxes: Vec<(Vec2, Vec2)>,
    /// The outline, as glowing segments.
    pub outline: Vec<super::pipelines::LineInstance>,
    /// The slow part of its shading, baked.
    pub field: RockField,
    /// The air's triangles (see [`super::RockMesh::air`]).
    pub air: wgpu::Buffer,
    /// How many vertices the air's triangles have.
    pub air_vertices: u32,
    /// The rectangle the air fills, lower and upper corners.
    pub air_frame: Option<(Vec2, Vec2)>,
    /// The far silhouettes' triangles.
    pub backdrop: wgpu::Buffer,
    /// How many vertices the silhouettes have.
    pub backdrop_vertices: u32,
    /// The world's colours.
    pub palette: super::palette::Palette,
}

/// What every view's scene is drawn with.
pub(crate) struct SceneKit<'a> {
    /// The world pipelines.
    pub pipelines: &'a Pipelines,
    /// The shared quad index buffer.
    pub indices: &'a QuadIndices,
    /// The level's rock.
    pub rock: &'a Rock,
    /// The cache's pipelines, where the rock is drawn from each view's cache this frame.
    pub cache: Option<&'a RockCachePipelines>,
}

/// Where one view's scene goes.
pub(crate) struct ViewTarget<'a> {
    /// The output, or the HDR scene the glow post pass reads.
    pub scene: &'a wgpu::TextureView,
    /// How the view's first pass starts: cleared, or kept.
    pub load: wgpu::LoadOp<wgpu::Color>,
    /// The view's rectangle of the target.
    pub rect: ViewRect,
    /// The output without its sRGB encoding (`Output::raw`), where there is one.
    pub raw: Option<&'a wgpu::TextureView>,
    /// The frame's last view into the output: it marks the end of the timed stages.
    pub last: bool,
}

impl<'a> SceneKit<'a> {
    /// Records view `out`'s scene into `target`; returns its draw calls (always the same
    /// number for a renderer).
    pub fn record(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        target: &ViewTarget<'_>,
        out: &ViewBuffers,
        timer: &mut Option<GpuTimer>,
    ) -> u32 {
        let copy = self
            .cache
            .and_then(|c| c.copy.as_ref())
            .zip(target.raw)
            .zip(out.rock_cache.raw_group())
            .filter(|_| out.counts.rock_indices > 0);
        let rect = target.rect;
        let draws = match copy {
            Some((((pipeline, _), raw), group)) => {
                let mut rp = begin_view(encoder, target.scene, target.load, rect, out);
                self.back(&mut rp, out, timer);
                drop(rp);
                let mut rp = begin_view(encoder, raw, wgpu::LoadOp::Load, rect, out);
                mark(timer, &mut rp, "rock fill");
                rp.set_pipeline(pipeline);
                rp.set_bind_group(1, group, &[]);
                self.rock_triangles(&mut rp, out);
                drop(rp);
                let mut rp = begin_view(encoder, target.scene, wgpu::LoadOp::Load, rect, out);
                let draws = self.front(&mut rp, out, timer);
                end(&mut rp, target.last, timer);
                draws
            }
            None => {
                let mut rp = begin_view(encoder, target.scene, target.load, rect, out);
                self.back(&mut rp, out, timer);
                self.rock_fill(&mut rp, out, timer);
                let draws = self.front(&mut rp, out, timer);
                end(&mut rp, target.last, timer);
                draws
            }
        };
        BACK_DRAWS + draws
    }

    /// Sky, stars and the far silhouettes: three draws.
    fn back(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        out: &ViewBuffers,
        timer: &mut Option<GpuTimer>,
    ) {
        let (pipelines, rock, c) = (self.pipelines, self.rock, out.counts);
        mark(timer, pass, "sky");
        if c.sky_on_air {
            pass.set_pipeline(&pipelines.sky_on_air);
            pass.set_vertex_buffer(0, rock.air.slice(..));
            pass.draw(0..rock.air_vertices, 0..1);
        } else {
            pass.set_pipeline(&pipelines.sky);
            pass.draw(0..3, 0..1);
        }
        mark(timer, pass, "stars");
        pass.set_pipeline(&pipelines.stars);
        self.indices.bind(pass);
        pass.draw_indexed(0..6 * c.stars, 0, 0..1);
        mark(timer, pass, "far rock");
        pass.set_pipeline(&pipelines.backdrop);
        pass.set_vertex_buffer(0, rock.backdrop.slice(..));
        pass.draw(0..rock.backdrop_vertices, 0..1);
    }

    /// The rock's fill in the scene's own pass, shaded live or read from the cache: one
    /// draw.
    fn rock_fill(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        out: &ViewBuffers,
        timer: &mut Option<GpuTimer>,
    ) {
        mark(timer, pass, "rock fill");
        match self.cache.zip(out.rock_cache.group()) {
            Some((cache, group)) => {
                pass.set_pipeline(&cache.fill);
                pass.set_bind_group(1, group, &[]);
            }
            None => {
                pass.set_pipeline(&self.pipelines.rock);
                self.rock.field.bind(pass);
                self.pipelines.rock_grain.bind(pass, out.counts.grain_level);
            }
        }
        self.rock_triangles(pass, out);
    }

    /// Draws the rock's triangles in view with the pipeline and groups already set.
    fn rock_triangles(&self, pass: &mut wgpu::RenderPass<'_>, out: &ViewBuffers) {
        pass.set_vertex_buffer(0, self.rock.vertices.slice(..));
        pass.set_index_buffer(out.rock_visible.buffer.slice(..), wgpu::IndexFormat::Uint32);
        pass.draw_indexed(0..out.counts.rock_indices, 0, 0..1);
    }

    /// The rock's outline, bodies, lines, particles and halos; returns its draws.
    fn front(
        &self,
        pass: &mut wgpu::RenderPass<'_>,
        out: &ViewBuffers,
        timer: &mut Option<GpuTimer>,
    ) -> u32 {
        let (pipelines, c) = (self.pipelines, out.counts);
        let source = pipelines.source;
        mark(timer, pass, "rock outline");
        pass.set_pipeline(&pipelines.line);
        self.indices.bind(pass);
        out.lines.draw(pass, source, 0..c.rock_lines);
        mark(timer, pass, "body fills");
        pass.set_pipeline(&pipelines.fill_opaque);
        pass.set_vertex_buffer(0, out.fill.buffer.slice(..));
        pass.draw(0..c.opaque_fill, 0..1);
        pass.set_pipeline(&pipelines.fill);
        pass.draw(c.opaque_fill..c.fill, 0..1);
        mark(timer, pass, "body outlines");
        pass.set_pipeline(&pipelines.outline);
        pass.set_vertex_buffer(0, out.outlines.buffer.slice(..));
        pass.draw(0..c.outlines, 0..1);
        mark(timer, pass, "lines");
        pass.set_pipeline(&pipelines.line);
        out.lines.draw(pass, source, c.rock_lines..c.lines);
        mark(timer, pass, "particles");
        pass.set_pipeline(&pipelines.particle);
        out.particles.draw_triangles(pass, source, 0..c.particles);
        match &pipelines.halo {
            Some(halo) => {
                mark(timer, pass, "halos");
                pass.set_pipeline(halo);
                out.lines.draw(pass, source, c.lines..c.halos);
                FRONT_DRAWS + 1
            }
            None => FRONT_DRAWS,
        }
    }
}

/// Draws before the rock's outline: sky, stars, far silhouettes and rock fill.
const BACK_DRAWS: u32 = 4;
/// Draws from the rock's outline on, less the halos.
const FRONT_DRAWS: u32 = SCENE_DRAWS - BACK_DRAWS;

/// Begins a pass into `view` confined to `rect`, with view `out`'s globals bound.
fn begin_view<'e>(
    encoder: &'e mut wgpu::CommandEncoder,
    view: &wgpu::TextureView,
    load: wgpu::LoadOp<wgpu::Color>,
    r: ViewRect,
    out: &ViewBuffers,
) -> wgpu::RenderPass<'e> {
    let mut rp = super::view_pass(encoder, "scene", view, load);
    rp.set_viewport(
        r.x as f32,
        r.y as f32,
        r.width as f32,
        r.height as f32,
        0.0,
        1.0,
    );
    rp.set_scissor_rect(r.x, r.y, r.width, r.height);
    rp.set_bind_group(0, &out.globals_group, &[]);
    rp
}

/// Marks the end of the timed stages where the scene went straight into the output and
/// this was its last view (the bloom's post pass marks its own).
fn end(pass: &mut wgpu::RenderPass<'_>, last: bool, timer: &mut Option<GpuTimer>) {
    if last {
        mark(timer, pass, "end");
    }
}
