//! The renderer: draws the static rock and a [`Snapshot`] into any colour target. Each kind
//! of thing is one draw call over one buffer (rebuilt per frame for what moves), always
//! recorded even when empty, so every frame makes the same number of draw calls however
//! many bodies or particles there are.

use super::bloom::Bloom;
use super::camera::View;
use super::pipelines::{FillVertex, Globals, LineInstance, ParticleInstance, Pipelines};
use super::rock_mesh::RockMesh;
use super::snapshot::Snapshot;
use super::timer::{GpuTimer, StageTimes};
use glam::Vec2;
use std::time::{Duration, Instant};
use wgpu::util::DeviceExt;

/// Rock outline: core half-width and glow radius, pixels; colour.
const ROCK_LINE: ([f32; 2], [f32; 4]) = ([1.1, 7.0], [0.35, 0.8, 1.0, 1.3]);
/// Body outlines.
const BODY_LINE_WIDTH: [f32; 2] = [0.9, 2.5];
/// Ship outline and colour.
const SHIP_LINE: ([f32; 2], [f32; 4]) = ([1.2, 6.0], [0.55, 1.0, 0.75, 1.4]);
/// Beams.
const BEAM_WIDTH: [f32; 2] = [1.5, 9.0];
/// Debug lines: a thin core, no glow.
const DEBUG_WIDTH: [f32; 2] = [1.0, 1.5];

/// What one frame cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct FrameStats {
    /// Draw calls recorded.
    pub draw_calls: u32,
    /// CPU time spent building buffers and recording commands.
    pub encode_time: Duration,
}

/// A vertex or instance buffer rewritten every frame, grown by doubling when too small.
#[derive(Debug)]
struct DynamicBuffer {
    buffer: wgpu::Buffer,
    capacity: u64,
    usage: wgpu::BufferUsages,
    label: &'static str,
}

impl DynamicBuffer {
    fn new(device: &wgpu::Device, label: &'static str, usage: wgpu::BufferUsages) -> Self {
        let capacity = 4096;
        DynamicBuffer {
            buffer: device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(label),
                size: capacity,
                usage: usage | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            }),
            capacity,
            usage,
            label,
        }
    }

    fn write(&mut self, device: &wgpu::Device, queue: &wgpu::Queue, bytes: &[u8]) {
        let need = bytes.len() as u64;
        if need > self.capacity {
            self.capacity = need.next_power_of_two();
            self.buffer = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(self.label),
                size: self.capacity,
                usage: self.usage | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            });
        }
        if need > 0 {
            queue.write_buffer(&self.buffer, 0, bytes);
        }
    }
}

/// The renderer for one output format.
#[derive(Debug)]
pub struct Renderer {
    pipelines: Pipelines,
    bloom: Bloom,
    globals: wgpu::Buffer,
    globals_group: wgpu::BindGroup,
    rock_fill: wgpu::Buffer,
    rock_fill_count: u32,
    rock_lines: wgpu::Buffer,
    rock_line_count: u32,
    fill: DynamicBuffer,
    lines: DynamicBuffer,
    particles: DynamicBuffer,
    fill_data: Vec<FillVertex>,
    line_data: Vec<LineInstance>,
    particle_data: Vec<ParticleInstance>,
    /// Stage timestamps, when measuring.
    timer: Option<GpuTimer>,
}

/// Marks the start of the stage `label` in `pass`, when measuring.
pub(crate) fn mark(
    timer: &mut Option<GpuTimer>,
    pass: &mut wgpu::RenderPass<'_>,
    label: &'static str,
) {
    if let Some(t) = timer {
        t.mark(pass, label);
    }
}

fn static_buffer(
    device: &wgpu::Device,
    label: &str,
    bytes: &[u8],
    usage: wgpu::BufferUsages,
) -> wgpu::Buffer {
    // An empty buffer cannot be bound: keep at least one zeroed element's worth.
    let padded;
    let contents = if bytes.is_empty() {
        padded = [0u8; 64];
        &padded[..]
    } else {
        bytes
    };
    device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
        label: Some(label),
        contents,
        usage,
    })
}

fn premultiply(c: [f32; 4]) -> [f32; 4] {
    [c[0] * c[3], c[1] * c[3], c[2] * c[3], c[3]]
}

impl Renderer {
    /// A renderer writing `output_format`, showing `rock`.
    pub fn new(
        device: &wgpu::Device,
        output_format: wgpu::TextureFormat,
        rock: &RockMesh,
    ) -> Renderer {
        let pipelines = Pipelines::new(device);
        let globals = device.create_buffer(&wgpu::BufferDescriptor {
            label: Some("globals"),
            size: std::mem::size_of::<Globals>() as u64,
            usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let globals_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("globals"),
            layout: &pipelines.globals_layout,
            entries: &[wgpu::BindGroupEntry {
                binding: 0,
                resource: globals.as_entire_binding(),
            }],
        });
        let vertex = wgpu::BufferUsages::VERTEX;
        let mut r = Renderer {
            bloom: Bloom::new(device, output_format),
            pipelines,
            globals,
            globals_group,
            rock_fill: static_buffer(device, "rock", &[], vertex),
            rock_fill_count: 0,
            rock_lines: static_buffer(device, "rock lines", &[], vertex),
            rock_line_count: 0,
            fill: DynamicBuffer::new(device, "fill", vertex),
            lines: DynamicBuffer::new(device, "lines", vertex),
            particles: DynamicBuffer::new(device, "particles", vertex),
            fill_data: Vec::new(),
            line_data: Vec::new(),
            particle_data: Vec::new(),
            timer: None,
        };
        r.set_rock(device, rock);
        r
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

    /// Replaces the rock (a new or reloaded level).
    pub fn set_rock(&mut self, device: &wgpu::Device, rock: &RockMesh) {
        let tris: Vec<[f32; 2]> = rock.triangles.iter().map(|p| p.to_array()).collect();
        self.rock_fill = static_buffer(
            device,
            "rock",
            bytemuck::cast_slice(&tris),
            wgpu::BufferUsages::VERTEX,
        );
        self.rock_fill_count = tris.len() as u32;
        let (width, color) = ROCK_LINE;
        let lines: Vec<LineInstance> = rock
            .outline
            .iter()
            .map(|(a, b)| LineInstance {
                a: a.to_array(),
                b: b.to_array(),
                color,
                width,
            })
            .collect();
        self.rock_lines = static_buffer(
            device,
            "rock lines",
            bytemuck::cast_slice(&lines),
            wgpu::BufferUsages::VERTEX,
        );
        self.rock_line_count = lines.len() as u32;
    }

    fn line(&mut self, a: Vec2, b: Vec2, color: [f32; 4], width: [f32; 2]) {
        self.line_data.push(LineInstance {
            a: a.to_array(),
            b: b.to_array(),
            color,
            width,
        });
    }

    fn polygon(&mut self, points: &[Vec2], fill: [f32; 4]) {
        let c = premultiply(fill);
        for i in 1..points.len().saturating_sub(1) {
            for p in [points[0], points[i], points[i + 1]] {
                self.fill_data.push(FillVertex {
                    pos: p.to_array(),
                    color: c,
                });
            }
        }
    }

    fn outline(&mut self, points: &[Vec2], color: [f32; 4], width: [f32; 2]) {
        for i in 0..points.len() {
            self.line(points[i], points[(i + 1) % points.len()], color, width);
        }
    }

    /// Turns the snapshot into vertex and instance data.
    fn build(&mut self, snap: &Snapshot) {
        self.fill_data.clear();
        self.line_data.clear();
        self.particle_data.clear();
        for b in &snap.bodies {
            let pts = &snap.points[b.first as usize..(b.first + b.count) as usize];
            self.polygon(pts, b.fill);
            self.outline(pts, b.edge, BODY_LINE_WIDTH);
        }
        if let Some(ship) = &snap.ship {
            if ship.throttle > 0.01 {
                // The flames: flickering additive tongues behind the working engines.
                let flicker = 0.8 + 0.2 * (snap.time * 57.0).sin() * (snap.time * 23.0).cos();
                let len = (0.4 + 0.7 * ship.throttle) * flicker;
                let side = ship.nose.perp() * 0.1;
                let hot = [
                    1.0 * ship.throttle,
                    0.6 * ship.throttle,
                    0.2 * ship.throttle,
                    0.0,
                ];
                for &tail in &ship.nozzles {
                    let tip = tail - ship.nose * len;
                    for p in [tail - side, tail + side, tip] {
                        self.fill_data.push(FillVertex {
                            pos: p.to_array(),
                            color: hot,
                        });
                    }
                    self.line(tail, tip, [1.0, 0.7, 0.3, 1.5 * ship.throttle], [1.0, 8.0]);
                }
            }
            let (w, c) = SHIP_LINE;
            for (part, &health) in ship.parts.iter().zip(&ship.health) {
                self.polygon(part, [0.04, 0.08, 0.07, 1.0]);
                // Hurt parts glow from the ship's green towards red.
                let hurt = 1.0 - health.clamp(0.0, 1.0);
                let edge = [
                    c[0] + (1.0 - c[0]) * hurt,
                    c[1] * (1.0 - 0.8 * hurt),
                    c[2] * (1.0 - hurt),
                    c[3],
                ];
                self.outline(part, edge, w);
            }
        }
        for beam in &snap.beams {
            self.line(beam.from, beam.to, beam.color, BEAM_WIDTH);
        }
        for l in &snap.debug_lines {
            self.line(l.from, l.to, l.color, DEBUG_WIDTH);
        }
        self.particle_data
            .extend(snap.particles.iter().map(|p| ParticleInstance {
                pos: p.position.to_array(),
                size: p.size,
                pad: 0.0,
                color: p.color,
            }));
    }

    /// Records the frame `snap` seen through `view` into `target` (`width` × `height`,
    /// this renderer's output format).
    #[allow(clippy::too_many_arguments)]
    pub fn render(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        encoder: &mut wgpu::CommandEncoder,
        target: &wgpu::TextureView,
        (width, height): (u32, u32),
        view: &View,
        snap: &Snapshot,
    ) -> FrameStats {
        let start = Instant::now();
        let globals = Globals {
            center: view.center.to_array(),
            half_extent: view.half_extent.to_array(),
            viewport: [width as f32, height as f32],
            time: snap.time,
            pixels_per_metre: height as f32 / (2.0 * view.half_extent.y),
        };
        queue.write_buffer(&self.globals, 0, bytemuck::bytes_of(&globals));
        self.build(snap);
        self.fill
            .write(device, queue, bytemuck::cast_slice(&self.fill_data));
        self.lines
            .write(device, queue, bytemuck::cast_slice(&self.line_data));
        self.particles
            .write(device, queue, bytemuck::cast_slice(&self.particle_data));
        let mut draws = 0;
        if let Some(t) = &mut self.timer {
            t.begin_frame();
        }
        {
            let scene = self.bloom.scene_target(device, queue, width, height);
            let mut pass = super::clear_pass(encoder, "scene", scene);
            let timer = &mut self.timer;
            mark(timer, &mut pass, "stars");
            pass.set_bind_group(0, &self.globals_group, &[]);
            pass.set_pipeline(&self.pipelines.stars);
            pass.draw(0..3, 0..1);
            draws += 1;
            mark(timer, &mut pass, "rock fill");
            pass.set_pipeline(&self.pipelines.rock);
            pass.set_vertex_buffer(0, self.rock_fill.slice(..));
            pass.draw(0..self.rock_fill_count, 0..1);
            draws += 1;
            mark(timer, &mut pass, "rock outline");
            pass.set_pipeline(&self.pipelines.line);
            pass.set_vertex_buffer(0, self.rock_lines.slice(..));
            pass.draw(0..6, 0..self.rock_line_count);
            draws += 1;
            mark(timer, &mut pass, "body fills");
            pass.set_pipeline(&self.pipelines.fill);
            pass.set_vertex_buffer(0, self.fill.buffer.slice(..));
            pass.draw(0..self.fill_data.len() as u32, 0..1);
            draws += 1;
            mark(timer, &mut pass, "lines");
            pass.set_pipeline(&self.pipelines.line);
            pass.set_vertex_buffer(0, self.lines.buffer.slice(..));
            pass.draw(0..6, 0..self.line_data.len() as u32);
            draws += 1;
            mark(timer, &mut pass, "particles");
            pass.set_pipeline(&self.pipelines.particle);
            pass.set_vertex_buffer(0, self.particles.buffer.slice(..));
            pass.draw(0..6, 0..self.particle_data.len() as u32);
            draws += 1;
        }
        draws += self.bloom.run(encoder, target, &mut self.timer);
        if let Some(t) = &self.timer {
            t.finish(encoder);
        }
        FrameStats {
            draw_calls: draws,
            encode_time: start.elapsed(),
        }
    }
}
