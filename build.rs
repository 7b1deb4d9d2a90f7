//! Rebuilds the game when a shipped level or mesh changes: `src/level/shipped.rs` embeds
//! the `levels/` and `assets/meshes/` folders, and the compiler does not watch them itself.

fn main() {
    println!("cargo:rerun-if-changed=levels");
    println!("cargo:rerun-if-changed=assets/meshes");
}
