//! Where each view lies in the frame when players share one window: one view fills it; two
//! sit side by side, or one above the other when the window is taller than wide; three or
//! four share a two-by-two grid. Views are separated by a thin dark divider. Pure
//! arithmetic over pixel sizes, so every window size (a 1-pixel sliver, a very wide strip,
//! a minimised window of zero pixels) is tested headless: rectangles never overlap, never
//! leave the frame, and a view too small to see has zero size and is skipped.

/// The dark gap between two views, pixels (less when the window is too small for it).
pub const DIVIDER_PX: u32 = 4;

/// A rectangle of the frame in pixels, origin at the top left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ViewRect {
    /// Left edge.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width.
    pub width: u32,
    /// Height.
    pub height: u32,
}

impl ViewRect {
    /// The whole of a `width` × `height` frame.
    pub fn full(width: u32, height: u32) -> ViewRect {
        ViewRect {
            x: 0,
            y: 0,
            width,
            height,
        }
    }

    /// Whether it covers no pixel (nothing is drawn into it).
    pub fn is_empty(&self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// Its area in pixels.
    pub fn area(&self) -> u64 {
        self.width as u64 * self.height as u64
    }

    /// Whether it shares a pixel with `other`.
    pub fn overlaps(&self, other: &ViewRect) -> bool {
        let ends = |start: u32, length: u32| start as u64 + length as u64;
        !self.is_empty()
            && !other.is_empty()
            && (self.x as u64) < ends(other.x, other.width)
            && (other.x as u64) < ends(self.x, self.width)
            && (self.y as u64) < ends(other.y, other.height)
            && (other.y as u64) < ends(self.y, self.height)
    }
}

/// Whether `rects`, each lying inside a `width` × `height` frame, cover every pixel of it:
/// no two share a pixel and their areas add up to the frame's. A frame its views cover
/// need not be cleared first (each view's sky covers the view).
pub fn tile_frame(rects: &[ViewRect], width: u32, height: u32) -> bool {
    let disjoint = rects
        .iter()
        .enumerate()
        .all(|(i, a)| rects[i + 1..].iter().all(|b| !a.overlaps(b)));
    disjoint
        && rects.iter().map(ViewRect::area).sum::<u64>() == ViewRect::full(width, height).area()
}

/// How the views of a frame are arranged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrangement {
    /// One view fills the frame.
    Single,
    /// Two views, left and right.
    SideBySide,
    /// Two views, top and bottom.
    Stacked,
    /// Three or four views in a two-by-two grid.
    Grid,
}

/// The arrangement of `views` views in a `width` × `height` frame: two views split the
/// longer side, so each stays as square as it can.
pub fn arrangement(width: u32, height: u32, views: usize) -> Arrangement {
    match views {
        0 | 1 => Arrangement::Single,
        2 if height > width => Arrangement::Stacked,
        2 => Arrangement::SideBySide,
        _ => Arrangement::Grid,
    }
}

/// Splits `length` pixels in two parts with a divider between them: (first part, gap,
/// second part), summing to `length`. The divider shrinks when there is no room for it.
fn halves(length: u32) -> (u32, u32, u32) {
    let gap = if length >= DIVIDER_PX + 2 {
        DIVIDER_PX
    } else {
        0
    };
    let first = (length - gap) / 2;
    (first, gap, length - gap - first)
}

/// The rectangles of `views` views (player order: left before right, top before bottom,
/// then row by row) in a `width` × `height` frame. At most four views; more are given
/// empty rectangles.
pub fn split_views(width: u32, height: u32, views: usize) -> Vec<ViewRect> {
    let (w0, wgap, w1) = halves(width);
    let (h0, hgap, h1) = halves(height);
    let cell = |x: u32, y: u32, width: u32, height: u32| ViewRect {
        x,
        y,
        width,
        height,
    };
    let mut rects = match arrangement(width, height, views) {
        Arrangement::Single => vec![ViewRect::full(width, height)],
        Arrangement::SideBySide => vec![cell(0, 0, w0, height), cell(w0 + wgap, 0, w1, height)],
        Arrangement::Stacked => vec![cell(0, 0, width, h0), cell(0, h0 + hgap, width, h1)],
        Arrangement::Grid => vec![
            cell(0, 0, w0, h0),
            cell(w0 + wgap, 0, w1, h0),
            cell(0, h0 + hgap, w0, h1),
            cell(w0 + wgap, h0 + hgap, w1, h1),
        ],
    };
    rects.resize(views.max(1), ViewRect::default());
    rects.truncate(views.max(1));
    rects
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_views_that_cover_every_pixel_tile_the_frame() {
        let (w, h) = (1280, 720);
        assert!(tile_frame(&split_views(w, h, 1), w, h));
        // Split views leave a divider between them, which must still be cleared.
        for n in 2..=4 {
            assert!(!tile_frame(&split_views(w, h, n), w, h), "{n} views");
        }
        // Two halves with no divider tile it; overlapping ones of the same total area, or
        // a frame with part uncovered, do not.
        let cell = |x, y, width, height| ViewRect {
            x,
            y,
            width,
            height,
        };
        assert!(tile_frame(
            &[cell(0, 0, 640, 720), cell(640, 0, 640, 720)],
            w,
            h
        ));
        assert!(!tile_frame(
            &[cell(0, 0, 700, 720), cell(580, 0, 700, 720)],
            w,
            h
        ));
        assert!(!tile_frame(&[cell(0, 0, 640, 720)], w, h));
        assert!(!tile_frame(&[], w, h));
    }

    #[test]
    fn two_views_split_the_longer_side() {
        let r = split_views(1280, 720, 2);
        assert_eq!(arrangement(1280, 720, 2), Arrangement::SideBySide);
        assert_eq!(r[0], ViewRect::full(638, 720));
        assert_eq!(
            r[1],
            ViewRect {
                x: 642,
                y: 0,
                width: 638,
                height: 720
            }
        );
        let r = split_views(720, 1280, 2);
        assert_eq!(arrangement(720, 1280, 2), Arrangement::Stacked);
        assert_eq!(r[0], ViewRect::full(720, 638));
        assert_eq!((r[1].y, r[1].height), (642, 638));
        // A square window splits side by side; an odd width gives the spare pixel to the
        // right-hand view.
        assert_eq!(arrangement(500, 500, 2), Arrangement::SideBySide);
        let r = split_views(1001, 10, 2);
        assert_eq!((r[0].width, r[1].x, r[1].width), (498, 502, 499));
    }

    #[test]
    fn one_view_fills_the_frame() {
        assert_eq!(split_views(640, 480, 1), vec![ViewRect::full(640, 480)]);
        assert_eq!(split_views(640, 480, 0), vec![ViewRect::full(640, 480)]);
    }

    #[test]
    fn every_size_gives_views_inside_the_frame_that_do_not_overlap() {
        let sizes = [
            (0, 0),
            (1, 1),
            (1, 720),
            (1280, 1),
            (5, 5),
            (6, 6),
            (7, 3),
            (16384, 2),
            (2, 16384),
            (1920, 1080),
            (u32::MAX, 3),
        ];
        for (w, h) in sizes {
            for n in 1..=4 {
                let rects = split_views(w, h, n);
                assert_eq!(rects.len(), n, "{w}x{h} with {n}");
                for (i, a) in rects.iter().enumerate() {
                    assert!(
                        a.x as u64 + a.width as u64 <= w as u64
                            && a.y as u64 + a.height as u64 <= h as u64,
                        "{w}x{h}: {a:?} leaves the frame"
                    );
                    for b in &rects[i + 1..] {
                        assert!(!a.overlaps(b), "{w}x{h}: {a:?} overlaps {b:?}");
                    }
                }
                // Only the dividers are left uncovered.
                let covered: u64 = rects.iter().map(ViewRect::area).sum();
                let frame = w as u64 * h as u64;
                let gaps = match arrangement(w, h, n) {
                    Arrangement::Single => 0,
                    Arrangement::SideBySide => (w - halves(w).0 - halves(w).2) as u64 * h as u64,
                    Arrangement::Stacked => (h - halves(h).0 - halves(h).2) as u64 * w as u64,
                    Arrangement::Grid => continue,
                };
                assert_eq!(covered + gaps, frame, "{w}x{h} with {n}");
            }
        }
    }

    #[test]
    fn a_sliver_of_a_window_leaves_no_room_for_the_divider() {
        let r = split_views(3, 1, 2);
        assert_eq!((r[0].width, r[1].x, r[1].width), (1, 1, 2));
        let r = split_views(1, 1, 2);
        assert!(r[0].is_empty() && r[1] == ViewRect::full(1, 1));
    }
}
