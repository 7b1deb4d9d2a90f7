//! Skipping what the view cannot show: a box around the view, widened by how far a thing's
//! glow reaches, tested against each body, segment and particle before it is drawn.
//!
//! And keeping what is drawn inside the view. A software rasterizer (lavapipe) sends every
//! batch of vertices with one outside the view through its slow clipping path, whose cost
//! grows with the batch: a few bodies across the frame's edge made a large share of a
//! frame's vertex work there. So fill triangles that cross the edge are cut to the view on
//! the CPU ([`clip_triangle`]), and outline triangles that cross it are drawn after all
//! the others ([`ViewBox::holds`]), where they share a few batches: blended by the
//! brightest, they give the same pixels in any order. (Particles, which add their light,
//! keep their order: another would round some sums differently.)

use super::camera::View;
use glam::Vec2;

/// The part of the world a frame shows, widened by a margin.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ViewBox {
    /// Lower-left corner.
    pub min: Vec2,
    /// Upper-right corner.
    pub max: Vec2,
}

impl ViewBox {
    /// What `view` shows, widened by `margin` metres on every side.
    pub fn of(view: &View, margin: f32) -> ViewBox {
        let half = view.half_extent + Vec2::splat(margin.max(0.0));
        ViewBox {
            min: view.center - half,
            max: view.center + half,
        }
    }

    /// What `view` shows, `inset` metres in from each edge: a point inside needs no clipping
    /// (it is drawn as it is, with nothing cut from it), and an inset below half a pixel
    /// leaves out no pixel's centre.
    pub fn inside(view: &View, inset: f32) -> ViewBox {
        let half = (view.half_extent - Vec2::splat(inset.max(0.0))).max(Vec2::ZERO);
        ViewBox {
            min: view.center - half,
            max: view.center + half,
        }
    }

    /// Whether every one of `points` lies in it (edges included).
    pub fn holds(&self, points: impl IntoIterator<Item = Vec2>) -> bool {
        points
            .into_iter()
            .all(|p| p.cmpge(self.min).all() && p.cmple(self.max).all())
    }

    /// Whether the box `min`..`max` overlaps it.
    pub fn overlaps(&self, min: Vec2, max: Vec2) -> bool {
        min.x <= self.max.x && max.x >= self.min.x && min.y <= self.max.y && max.y >= self.min.y
    }

    /// Whether any of `points`, or the polygon they outline, may show.
    pub fn shows_points(&self, points: &[Vec2]) -> bool {
        let Some(&first) = points.first() else {
            return false;
        };
        let (min, max) = points
            .iter()
            .fold((first, first), |(lo, hi), &p| (lo.min(p), hi.max(p)));
        self.overlaps(min, max)
    }

    /// Whether the segment `a`–`b` may show (its bounding box overlaps).
    pub fn shows_segment(&self, a: Vec2, b: Vec2) -> bool {
        self.overlaps(a.min(b), a.max(b))
    }

    /// Whether a disc of radius `r` at `c` may show.
    pub fn shows_disc(&self, c: Vec2, r: f32) -> bool {
        self.overlaps(c - Vec2::splat(r), c + Vec2::splat(r))
    }
}

/// Most corners a [`Clipped`] polygon holds: a triangle cut by a box's four sides has at
/// most seven; the rest is room for rounding near a side.
const MOST_CORNERS: usize = 12;

/// A convex polygon cut from a triangle ([`clip_triangle`]), held without allocating.
#[derive(Clone, Copy, Debug)]
pub struct Clipped {
    points: [Vec2; MOST_CORNERS],
    len: usize,
}

impl Clipped {
    /// Its corners, in order.
    pub fn corners(&self) -> &[Vec2] {
        &self.points[..self.len]
    }

    fn push(&mut self, p: Vec2) {
        if self.len < MOST_CORNERS {
            self.points[self.len] = p;
            self.len += 1;
        }
    }
}

/// The part of the triangle `tri` inside `bounds`, as a convex polygon (counter-clockwise
/// if `tri` is): empty where nothing is inside, else 3 to 7 corners. The new corners lie on
/// the triangle's edges and the box's, so the polygon covers the same pixels of the box as
/// the triangle.
pub fn clip_triangle(tri: [Vec2; 3], bounds: &ViewBox) -> Clipped {
    let mut poly = Clipped {
        points: [Vec2::ZERO; MOST_CORNERS],
        len: 0,
    };
    tri.into_iter().for_each(|p| poly.push(p));
    // Each side of the box in turn: how far inside it a point lies.
    let sides: [&dyn Fn(Vec2) -> f32; 4] = [
        &|p| p.x - bounds.min.x,
        &|p| bounds.max.x - p.x,
        &|p| p.y - bounds.min.y,
        &|p| bounds.max.y - p.y,
    ];
    for inside in sides {
        let mut next = Clipped { len: 0, ..poly };
        let corners = poly.corners();
        for (i, &a) in corners.iter().enumerate() {
            let b = corners[(i + 1) % corners.len()];
            let (da, db) = (inside(a), inside(b));
            if da >= 0.0 {
                next.push(a);
            }
            if (da >= 0.0) != (db >= 0.0) {
                // Where the edge a-b crosses this side; an end on the side is kept whole.
                let t = da / (da - db);
                next.push(a + (b - a) * t);
            }
        }
        if next.len < 3 {
            return Clipped { len: 0, ..next };
        }
        poly = next;
    }
    poly
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> View {
        View {
            center: Vec2::new(10.0, 5.0),
            half_extent: Vec2::new(4.0, 2.0),
        }
    }

    #[test]
    fn things_inside_or_within_the_margin_show_and_others_do_not() {
        let b = ViewBox::of(&view(), 0.5);
        assert_eq!(b.min, Vec2::new(5.5, 2.5));
        assert_eq!(b.max, Vec2::new(14.5, 7.5));
        assert!(b.shows_disc(Vec2::new(10.0, 5.0), 0.1));
        // Just outside the view, but its glow reaches in.
        assert!(b.shows_disc(Vec2::new(14.8, 5.0), 0.4));
        assert!(!b.shows_disc(Vec2::new(14.8, 5.0), 0.2));
        // A segment crossing the whole view with both ends outside it still shows.
        assert!(b.shows_segment(Vec2::new(0.0, 5.0), Vec2::new(20.0, 5.0)));
        assert!(!b.shows_segment(Vec2::new(0.0, 9.0), Vec2::new(20.0, 9.0)));
        assert!(b.shows_points(&[
            Vec2::new(14.0, 7.0),
            Vec2::new(16.0, 9.0),
            Vec2::new(15.0, 10.0)
        ]));
        assert!(!b.shows_points(&[
            Vec2::new(15.0, 8.0),
            Vec2::new(16.0, 9.0),
            Vec2::new(15.0, 10.0)
        ]));
        assert!(!b.shows_points(&[]));
    }

    fn twice_area(poly: &[Vec2]) -> f32 {
        (0..poly.len())
            .map(|i| poly[i].perp_dot(poly[(i + 1) % poly.len()]))
            .sum()
    }

    #[test]
    fn a_clipped_triangle_keeps_exactly_the_part_inside_the_box() {
        let b = ViewBox {
            min: Vec2::new(0.0, 0.0),
            max: Vec2::new(4.0, 2.0),
        };
        // Wholly inside: unchanged.
        let tri = [
            Vec2::new(1.0, 0.5),
            Vec2::new(3.0, 0.5),
            Vec2::new(2.0, 1.5),
        ];
        let out = clip_triangle(tri, &b).corners().to_vec();
        assert_eq!(out, tri.to_vec());
        // Wholly outside: nothing.
        let far = [
            Vec2::new(5.0, 0.0),
            Vec2::new(6.0, 0.0),
            Vec2::new(5.0, 1.0),
        ];
        let out = clip_triangle(far, &b).corners().to_vec();
        assert!(out.is_empty());
        // A right triangle with its corner on the box's corner, legs 4 along each axis:
        // inside the 4 x 2 box lies the 4 x 2 rectangle less the corner beyond y = 4 - x,
        // an area of 8 - 2 = 6 (a trapezoid with corners (0,0), (4,0), (2,2), (0,2)).
        let big = [
            Vec2::new(0.0, 0.0),
            Vec2::new(4.0, 0.0),
            Vec2::new(0.0, 4.0),
        ];
        let out = clip_triangle(big, &b).corners().to_vec();
        assert!((twice_area(&out) - 12.0).abs() < 1e-5, "{out:?}");
        assert!(b.holds(out.iter().copied()), "{out:?}");
        // A triangle covering the whole box gives the box, anticlockwise.
        let huge = [
            Vec2::new(-10.0, -10.0),
            Vec2::new(30.0, -10.0),
            Vec2::new(-10.0, 30.0),
        ];
        let out = clip_triangle(huge, &b).corners().to_vec();
        assert!((twice_area(&out) - 16.0).abs() < 1e-4, "{out:?}");
        assert!(b.holds(out.iter().copied()), "{out:?}");
        // Every corner stays on the triangle: inside or on each of its edges.
        let slant = [
            Vec2::new(-1.0, -0.5),
            Vec2::new(5.0, 1.0),
            Vec2::new(1.0, 3.0),
        ];
        let out = clip_triangle(slant, &b).corners().to_vec();
        assert!(out.len() >= 3 && out.len() <= 7, "{out:?}");
        for &p in &out {
            for i in 0..3 {
                let (a, c) = (slant[i], slant[(i + 1) % 3]);
                assert!(
                    (c - a).perp_dot(p - a) >= -1e-4 * (c - a).length(),
                    "{p} outside"
                );
            }
        }
    }

    #[test]
    fn the_inside_box_is_the_view_less_its_inset() {
        let b = ViewBox::inside(&view(), 0.25);
        assert_eq!(b.min, Vec2::new(6.25, 3.25));
        assert_eq!(b.max, Vec2::new(13.75, 6.75));
        assert!(b.holds([Vec2::new(6.25, 3.25), Vec2::new(13.0, 6.0)]));
        assert!(!b.holds([Vec2::new(13.0, 6.0), Vec2::new(13.8, 6.0)]));
        // An inset larger than the view leaves its centre.
        let none = ViewBox::inside(&view(), 9.0);
        assert_eq!((none.min, none.max), (view().center, view().center));
    }
}
