//! Presentation: the wgpu renderer. It draws a [`Snapshot`] — plain data captured from the
//! simulation — over the level's static [`RockMesh`]; it never reaches into physics and
//! nothing it does feeds back into the simulation. Works with a window or offscreen (on a
//! software adapter too); the WGSL lives in `shaders/`.

pub mod bloom;
pub mod camera;
pub mod effects;
pub mod gpu;
pub mod image;
pub mod offscreen;
pub mod pipelines;
pub mod renderer;
pub mod rock_mesh;
pub mod snapshot;

pub use camera::{Bounds, Camera, View};
pub use effects::Effects;
pub use gpu::Gpu;
pub use offscreen::{Offscreen, Rgba8};
pub use renderer::{FrameStats, Renderer};
pub use rock_mesh::RockMesh;
pub use snapshot::Snapshot;
