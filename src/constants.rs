//! Tuning numbers of the engine, in one place, each with what it trades.
//!
//! Lengths are metres. Where a tolerance must hold for shapes from a centimetre to a hundred
//! metres it is relative to the size of the shapes involved (`*_REL`), not absolute.

/// Most vertices a [`crate::geom::ConvexPolygon`] may have. Small and fixed, so polygons live
/// inline without allocation and support functions stay a short linear scan. Eight is enough
/// for debris and ship parts; larger outlines belong to the rock, which is made of segments.
pub const MAX_POLYGON_VERTICES: usize = 8;

/// Allowed overlap that the solver does not try to remove, in metres. Larger hides jitter
/// but shows visible sinking; Box2D's 0.5 cm is a good fit for metre-scale bodies.
pub const LINEAR_SLOP: f64 = 0.005;

/// Contacts are reported this far before shapes touch (negative depth), so the solver can
/// stop an approaching body within one step instead of after it overlaps. Larger costs more
/// contact points that do nothing; smaller lets fast bodies sink in before they are caught.
pub const SPECULATIVE_DISTANCE: f64 = 4.0 * LINEAR_SLOP;

/// A contact point is treated as apart (speculative: the solver lets it close exactly its
/// gap in one sub-step) only when its separation is above this, in metres; at or below it the
/// point is pushed out softly. Not zero, because a speculative catch leaves separations of
/// ±1e-17 and two mirror-image points must not get different treatment from rounding.
pub const SPECULATIVE_THRESHOLD: f64 = 1e-9;

/// Two polygon vertices closer than this fraction of the polygon's extent are one vertex,
/// and a vertex this close (relative) to the line through its neighbours is dropped as
/// collinear. Tighter keeps slivers that break the solver; looser eats real detail.
pub const POLYGON_WELD_REL: f64 = 1e-6;

/// GJK's iteration cap. In two dimensions GJK converges in a handful of iterations; the cap
/// only guards against cycling on nearly degenerate input.
pub const GJK_MAX_ITERATIONS: usize = 32;

/// GJK treats shapes closer than this fraction of their size as touching, and hands them to
/// EPA. It sets the band in which "overlapping" and "separated" may disagree with an exact
/// answer.
pub const GJK_TOUCH_REL: f64 = 1e-10;

/// EPA stops when a new support point improves the penetration bound by less than this
/// fraction of the shapes' size. The Minkowski difference of two polygons has finitely many
/// edges, so EPA reaches the exact edge long before this matters.
pub const EPA_TOLERANCE_REL: f64 = 1e-12;

/// EPA's iteration cap. The polytope can gain at most one vertex of the Minkowski difference
/// per iteration and that difference has at most twice [`MAX_POLYGON_VERTICES`] vertices.
pub const EPA_MAX_ITERATIONS: usize = 4 * MAX_POLYGON_VERTICES + 8;

/// A body slower than this (m/s) counts as resting toward falling asleep. Larger puts
/// slowly creeping piles to sleep sooner; smaller keeps more bodies simulated.
pub const SLEEP_LINEAR_TOLERANCE: f64 = 0.05;

/// A body turning slower than this (rad/s, about 2°/s) counts as resting.
pub const SLEEP_ANGULAR_TOLERANCE: f64 = 2.0 * std::f64::consts::PI / 180.0;

/// How long (s) every body of a touching group must rest before the group sleeps. Sleeping
/// bodies cost nothing until something awake touches them.
pub const TIME_TO_SLEEP: f64 = 0.5;

/// How much looser than a collider's bounding box its broad-phase box is (m). A body may
/// move this far before pairs are searched again; larger searches less often but hands the
/// narrow phase more pairs that turn out apart.
pub const FAT_MARGIN: f64 = 0.1;

/// Mesh vertices closer than this fraction of the mesh's extent are welded into one before
/// the outline is traced, and triangles whose doubled area is below this fraction of the
/// extent squared count as zero-area. Looser closes small cracks left by hand-made meshes but
/// merges real detail.
pub const MESH_WELD_REL: f64 = 1e-9;

/// Largest distance, in metres, between a carved circle and the polygon that stands for it.
/// Smaller gives rounder caves and more world segments.
pub const CIRCLE_TOLERANCE: f64 = 0.01;

/// Fewest and most sides a carved circle is cut into, whatever its size.
pub const CIRCLE_MIN_SIDES: usize = 12;

/// See [`CIRCLE_MIN_SIDES`].
pub const CIRCLE_MAX_SIDES: usize = 256;

/// How far (m) simplifying a roughened or tunnel outline may move it: points within this
/// of the line between their kept neighbours are dropped. Twice the circle tolerance, a
/// fiftieth of a ship: no player sees it, and a roughened level keeps to its segment budget.
pub const ROCK_SIMPLIFY_TOLERANCE: f64 = 0.02;

/// Smallest area (m²) of a loop of an organic outline: where two rough outlines nearly
/// meet, the booleans leave slivers of rock or air a few centimetres across that no ship
/// could pass or see but that would snag bodies; smaller loops are dropped.
pub const ROCK_SPECK_AREA: f64 = 0.01;

/// Most segments the world's line tree puts in one leaf. Larger leaves make a shallower
/// tree that tests more segments per visited leaf.
pub const LINE_TREE_LEAF_SIZE: usize = 4;
