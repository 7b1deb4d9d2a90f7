//! The glow post pass: the HDR scene target, a quarter-size bright pass, a two-pass blur and
//! the composite into the output (tone-mapped, sRGB-encoded in the shader where the output
//! format does not do it).

use super::layout::ViewRect;
use super::shader_source::{
    fragment_texture, pipeline, scene_format, target_texture, PipelineSpec,
};
use super::timer::{mark, GpuTimer};
use bytemuck::{Pod, Zeroable};

use super::glow::{GLOW_SCALE, STRENGTH, THRESHOLD};

#[repr(C)]
#[derive(Clone, Copy, Debug, Default, Pod, Zeroable)]
struct PostParams {
    step: [f32; 2],
    amount: f32,
    encode_srgb: f32,
}

/// Size-dependent targets and the bind groups that read them.
#[derive(Debug)]
struct Targets {
    size: (u32, u32),
    scene: wgpu::TextureView,
    glow_a: wgpu::TextureView,
    glow_b: wgpu::TextureView,
    bright: wgpu::BindGroup,
    blur_h: wgpu::BindGroup,
    blur_v: wgpu::BindGroup,
    composite: wgpu::BindGroup,
}

/// The post pass and its targets.
#[derive(Debug)]
pub struct Bloom {
    layout: wgpu::BindGroupLayout,
    sampler: wgpu::Sampler,
    bright: wgpu::RenderPipeline,
    blur: wgpu::RenderPipeline,
    composite: wgpu::RenderPipeline,
    params: [wgpu::Buffer; 4],
    output_format: wgpu::TextureFormat,
    /// The HDR targets' format (`shader_source::scene_format`).
    format: wgpu::TextureFormat,
    targets: Option<Targets>,
}

impl Bloom {
    /// Builds the post pipelines for an output of `output_format`.
    pub fn new(device: &wgpu::Device, output_format: wgpu::TextureFormat) -> Bloom {
        let tex_entry = |binding| fragment_texture(binding, true);
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("post"),
            entries: &[
                tex_entry(0),
                wgpu::BindGroupLayoutEntry {
                    binding: 1,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Sampler(wgpu::SamplerBindingType::Filtering),
                    count: None,
                },
                wgpu::BindGroupLayoutEntry {
                    binding: 2,
                    visibility: wgpu::ShaderStages::FRAGMENT,
                    ty: wgpu::BindingType::Buffer {
                        ty: wgpu::BufferBindingType::Uniform,
                        has_dynamic_offset: false,
                        min_binding_size: None,
                    },
                    count: None,
                },
                tex_entry(3),
            ],
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("post"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some("post"),
            source: wgpu::ShaderSource::Wgsl(include_str!("../../shaders/post.wgsl").into()),
        });
        let format = scene_format(device);
        let make = |entry: &str, format| {
            pipeline(
                device,
                &PipelineSpec {
                    label: entry,
                    layout: &pipeline_layout,
                    module: &module,
                    vertex: "vs_main",
                    fragment: entry,
                    buffers: &[],
                    format,
                    blend: None,
                    constants: &[],
                },
            )
        };
        let params = std::array::from_fn(|i| {
            device.create_buffer(&wgpu::BufferDescriptor {
                label: Some(["bright", "blur_h", "blur_v", "composite"][i]),
                size: std::mem::size_of::<PostParams>() as u64,
                usage: wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
                mapped_at_creation: false,
            })
        });
        Bloom {
            sampler: device.create_sampler(&wgpu::SamplerDescriptor {
                label: Some("post"),
                mag_filter: wgpu::FilterMode::Linear,
                min_filter: wgpu::FilterMode::Linear,
                ..Default::default()
            }),
            bright: make("fs_bright", format),
            blur: make("fs_blur", format),
            composite: make("fs_composite", output_format),
            layout,
            params,
            output_format,
            format,
            targets: None,
        }
    }

    fn bind(
        &self,
        device: &wgpu::Device,
        src: &wgpu::TextureView,
        params: &wgpu::Buffer,
        extra: &wgpu::TextureView,
    ) -> wgpu::BindGroup {
        device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some("post"),
            layout: &self.layout,
            entries: &[
                wgpu::BindGroupEntry {
                    binding: 0,
                    resource: wgpu::BindingResource::TextureView(src),
                },
                wgpu::BindGroupEntry {
                    binding: 1,
                    resource: wgpu::BindingResource::Sampler(&self.sampler),
                },
                wgpu::BindGroupEntry {
                    binding: 2,
                    resource: params.as_entire_binding(),
                },
                wgpu::BindGroupEntry {
                    binding: 3,
                    resource: wgpu::BindingResource::TextureView(extra),
                },
            ],
        })
    }

    /// The HDR scene target for a `width` × `height` output, (re)made when the size changes.
    pub fn scene_target(
        &mut self,
        device: &wgpu::Device,
        queue: &wgpu::Queue,
        width: u32,
        height: u32,
    ) -> &wgpu::TextureView {
        let size = (width.max(1), height.max(1));
        if self.targets.as_ref().map(|t| t.size) != Some(size) {
            let (hw, hh) = (size.0.div_ceil(GLOW_SCALE), size.1.div_ceil(GLOW_SCALE));
            let texture = |name, size| target_texture(device, name, size, self.format);
            let scene = texture("scene", size);
            let glow_a = texture("bloom_a", (hw, hh));
            let glow_b = texture("bloom_b", (hw, hh));
            let srgb = !self.output_format.is_srgb();
            let full = [1.0 / size.0 as f32, 1.0 / size.1 as f32];
            // The bright pass's four bilinear taps sit a full texel out, so each averages
            // a 2x2 block and together they cover the 4x4 block under one glow texel.
            let tap = [2.0 * full[0], 2.0 * full[1]];
            let half = [1.0 / hw as f32, 1.0 / hh as f32];
            let values = [
                PostParams {
                    step: tap,
                    amount: THRESHOLD,
                    encode_srgb: 0.0,
                },
                PostParams {
                    step: [half[0], 0.0],
                    amount: 0.0,
                    encode_srgb: 0.0,
                },
                PostParams {
                    step: [0.0, half[1]],
                    amount: 0.0,
                    encode_srgb: 0.0,
                },
                PostParams {
                    step: full,
                    amount: STRENGTH,
                    encode_srgb: if srgb { 1.0 } else { 0.0 },
                },
            ];
            for (buf, v) in self.params.iter().zip(values) {
                queue.write_buffer(buf, 0, bytemuck::bytes_of(&v));
            }
            self.targets = Some(Targets {
                size,
                bright: self.bind(device, &scene, &self.params[0], &glow_b),
                blur_h: self.bind(device, &glow_a, &self.params[1], &glow_a),
                blur_v: self.bind(device, &glow_b, &self.params[2], &glow_b),
                composite: self.bind(device, &scene, &self.params[3], &glow_a),
                scene,
                glow_a,
                glow_b,
            });
        }
        &self.targets.as_ref().expect("made above").scene
    }

    /// Runs bright pass, blur and composite into `output`; returns the draw calls made.
    /// [`Bloom::scene_target`] must have been called for this frame's size first.
    /// Where the frame is split into several `views`, the composite is drawn into each
    /// view's rectangle alone, so the glow of one view never spills over the dark divider
    /// between them; one view (or none) is composited over the whole frame.
    /// With a `timer`, marks each pass's start and the end of the last.
    pub fn run(
        &self,
        encoder: &mut wgpu::CommandEncoder,
        output: &wgpu::TextureView,
        views: &[ViewRect],
        timer: &mut Option<GpuTimer>,
    ) -> u32 {
        let Some(t) = &self.targets else {
            return 0;
        };
        type Pass<'a> = (
            &'static str,
            &'a wgpu::TextureView,
            &'a wgpu::RenderPipeline,
            &'a wgpu::BindGroup,
        );
        let passes: [Pass<'_>; 4] = [
            ("glow: bright", &t.glow_a, &self.bright, &t.bright),
            ("glow: blur", &t.glow_b, &self.blur, &t.blur_h),
            ("glow: blur", &t.glow_a, &self.blur, &t.blur_v),
            ("composite", output, &self.composite, &t.composite),
        ];
        let last = passes.len() - 1;
        let mut draws = 0;
        for (i, (label, target, pipeline, group)) in passes.into_iter().enumerate() {
            let mut pass = super::clear_pass(encoder, "post", target);
            mark(timer, &mut pass, label);
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, group, &[]);
            if i == last && views.len() > 1 {
                for r in views {
                    pass.set_scissor_rect(r.x, r.y, r.width, r.height);
                    pass.draw(0..3, 0..1);
                    draws += 1;
                }
                mark(timer, &mut pass, "end");
            } else {
                pass.draw(0..3, 0..1);
                draws += 1;
                if i == last {
                    mark(timer, &mut pass, "end");
                }
            }
        }
        draws
    }
}
