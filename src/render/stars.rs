//! The starfield's grid: how many cells of each parallax layer cover the screen. The stars
//! themselves are hashed from their cells in `shaders/stars.wgsl`; the renderer only says
//! how many cells to draw, one quad each.

/// Cell size of each layer, pixels, far to near (as `star_layer` in `shaders/stars.wgsl`).
pub const LAYER_CELLS: [f32; 3] = [23.0, 41.0, 67.0];

/// Cells of each layer across (`.0`) and up (`.1`) a `width` × `height` screen: enough to
/// cover it wherever the scrolling grid sits. The fourth entry of each is unused (zero).
pub fn layer_cells(width: u32, height: u32) -> ([u32; 4], [u32; 4]) {
    let mut cols = [0; 4];
    let mut rows = [0; 4];
    for (i, cell) in LAYER_CELLS.iter().enumerate() {
        cols[i] = (width as f32 / cell).ceil() as u32 + 1;
        rows[i] = (height as f32 / cell).ceil() as u32 + 1;
    }
    (cols, rows)
}

/// Quads the starfield draws for a screen with these cells: one per cell of every layer.
pub fn star_quads(cols: &[u32; 4], rows: &[u32; 4]) -> u32 {
    cols.iter().zip(rows).map(|(c, r)| c * r).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cells_cover_the_screen_wherever_the_grid_sits() {
        for (w, h) in [(1280, 720), (480, 270), (1, 1), (1288, 23)] {
            let (cols, rows) = layer_cells(w, h);
            for (i, cell) in LAYER_CELLS.iter().enumerate() {
                // The first cell starts up to one cell before the screen's edge, so the
                // cells must span the screen plus one cell.
                assert!(
                    cols[i] as f32 * cell >= w as f32 + cell,
                    "{w}x{h} layer {i}"
                );
                assert!(
                    rows[i] as f32 * cell >= h as f32 + cell,
                    "{w}x{h} layer {i}"
                );
                // And not many more than that.
                assert!((cols[i] as f32 - 1.0) * cell < w as f32 + cell);
            }
            assert_eq!(cols[3] + rows[3], 0);
        }
        let (cols, rows) = layer_cells(1280, 720);
        // 57 x 33 + 33 x 19 + 21 x 12 cells.
        assert_eq!(star_quads(&cols, &rows), 57 * 33 + 33 * 19 + 21 * 12);
    }
}
