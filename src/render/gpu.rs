//! Opening the GPU: an instance over every backend this build has (or the one that
//! `WGPU_BACKEND` names), an adapter, and a device with limits any adapter meets, software
//! renderers included.

use super::glow::Glow;
use super::shader_source::SCENE_FEATURES;

/// The environment variable that forces a backend (`vulkan` or `gl`).
pub const BACKEND_VARIABLE: &str = "WGPU_BACKEND";

/// An opened adapter and device.
#[derive(Debug)]
pub struct Gpu {
    /// The instance the adapter came from (a window's surface must come from it too).
    pub instance: wgpu::Instance,
    /// The adapter.
    pub adapter: wgpu::Adapter,
    /// The device.
    pub device: wgpu::Device,
    /// Its queue.
    pub queue: wgpu::Queue,
}

/// The instance settings: default backends, or those `WGPU_BACKEND` names.
pub fn instance_descriptor() -> wgpu::InstanceDescriptor {
    wgpu::InstanceDescriptor::new_without_display_handle_from_env()
}

/// Names of the backends an instance made from `desc` can try, e.g. "Vulkan, GL".
pub fn backend_names(desc: &wgpu::InstanceDescriptor) -> String {
    let usable = desc.backends & wgpu::Instance::enabled_backend_features();
    let mut names = Vec::new();
    for (flag, name) in [
        (wgpu::Backends::VULKAN, "Vulkan"),
        (wgpu::Backends::GL, "GL"),
        (wgpu::Backends::METAL, "Metal"),
        (wgpu::Backends::DX12, "DX12"),
    ] {
        if usable.contains(flag) {
            names.push(name);
        }
    }
    if names.is_empty() {
        "none".to_string()
    } else {
        names.join(", ")
    }
}

/// Limits any adapter meets (those of WebGL2), with the adapter's own texture sizes and,
/// where its vertex shaders can read storage buffers, its storage buffer limits: the
/// renderer then draws quads without instancing (see [`super::quads`]).
fn device_limits(adapter: &wgpu::Adapter) -> wgpu::Limits {
    let own = adapter.limits();
    let mut limits = wgpu::Limits::downlevel_webgl2_defaults().using_resolution(own.clone());
    let vertex_storage = adapter
        .get_downlevel_capabilities()
        .flags
        .contains(wgpu::DownlevelFlags::VERTEX_STORAGE);
    if vertex_storage && own.max_storage_buffers_per_shader_stage >= 1 {
        limits.max_storage_buffers_per_shader_stage =
            own.max_storage_buffers_per_shader_stage.min(4);
        limits.max_storage_buffer_binding_size = own
            .max_storage_buffer_binding_size
            .min(limits.max_buffer_size);
    }
    limits
}

impl Gpu {
    /// Opens an adapter and device with no window.
    pub fn headless() -> Result<Gpu, String> {
        Self::headless_with(wgpu::Features::empty())
    }

    /// Opens an adapter and device with no window, asking for those of `optional` features
    /// the adapter has (measuring asks for timestamps), and for the packed HDR scene's
    /// ([`SCENE_FEATURES`]).
    pub fn headless_with(optional: wgpu::Features) -> Result<Gpu, String> {
        let desc = instance_descriptor();
        let tried = backend_names(&desc);
        let instance = wgpu::Instance::new(desc);
        Self::open(instance, None, &tried, optional | SCENE_FEATURES)
    }

    /// Opens an adapter that can present to `surface` (made from `instance`), and its device
    /// with those of `optional` features the adapter has. `tried` names the instance's
    /// backends for the error message.
    pub fn open(
        instance: wgpu::Instance,
        surface: Option<&wgpu::Surface<'_>>,
        tried: &str,
        optional: wgpu::Features,
    ) -> Result<Gpu, String> {
        let options = wgpu::RequestAdapterOptions {
            power_preference: wgpu::PowerPreference::HighPerformance,
            force_fallback_adapter: false,
            compatible_surface: surface,
            ..Default::default()
        };
        let adapter = pollster::block_on(instance.request_adapter(&options)).map_err(|e| {
            format!(
                "no usable GPU adapter (backends tried: {tried}; {e}); set {BACKEND_VARIABLE}=vulkan or {BACKEND_VARIABLE}=gl to force one"
            )
        })?;
        let limits = device_limits(&adapter);
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("cavefly"),
            required_features: optional & adapter.features(),
            required_limits: limits,
            ..Default::default()
        }))
        .map_err(|e| {
            let info = adapter.get_info();
            format!(
                "the GPU adapter {} ({:?}) would not open a device: {e}; set {BACKEND_VARIABLE}=vulkan or {BACKEND_VARIABLE}=gl to try another backend",
                info.name, info.backend
            )
        })?;
        Ok(Gpu {
            instance,
            adapter,
            device,
            queue,
        })
    }

    /// The glow `choice`, or where there is none the one that suits this adapter.
    pub fn glow(&self, choice: Option<Glow>) -> Glow {
        choice.unwrap_or_else(|| Glow::for_adapter(self.adapter.get_info().device_type))
    }

    /// Whether a texture may be viewed in a second format (its twin without the sRGB
    /// encoding), as the renderer's byte-for-byte rock copy draws through.
    pub fn texture_view_formats(&self) -> bool {
        let flags = self.adapter.get_downlevel_capabilities().flags;
        flags.contains(wgpu::DownlevelFlags::VIEW_FORMATS)
    }

    /// Whether a window's surface may be viewed in a second format likewise.
    pub fn surface_view_formats(&self) -> bool {
        let flags = self.adapter.get_downlevel_capabilities().flags;
        flags.contains(wgpu::DownlevelFlags::SURFACE_VIEW_FORMATS)
    }

    /// One line naming the adapter, its backend and kind.
    pub fn describe(&self) -> String {
        let info = self.adapter.get_info();
        format!("{} ({:?}, {:?})", info.name, info.backend, info.device_type)
    }
}
