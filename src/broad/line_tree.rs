//! The line tree: a static binary tree of bounding boxes (a bounding-volume hierarchy) over
//! the world's segments, built top-down by median splits along the longer axis of the
//! segment centres. It answers box overlap, ray casts, swept circles and boxes, and the
//! closest segment to a point, each exactly as brute force over every segment would.
//!
//! Ties (two segments hit at the same fraction or equally close) go to the lower segment
//! index, so answers never depend on the tree's shape.

use super::segment_cast::{closest_distance, ray_segment, sweep_box_segment, sweep_circle_segment};
use crate::constants::LINE_TREE_LEAF_SIZE;
use crate::geom::{Aabb, Segment, Vec2};

/// A segment hit by a cast.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SegmentHit {
    /// Index of the segment (in the order given to [`LineTree::build`]).
    pub index: u32,
    /// Fraction of the motion at first contact.
    pub fraction: f64,
    /// Unit normal at contact, from the segment towards the ray or moving shape.
    pub normal: Vec2,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    aabb: Aabb,
    /// Internal node: index of the first child (the second follows the first's subtree, at
    /// `right`). Leaf: first item in `items`.
    start: u32,
    /// Leaf: number of items; internal: 0.
    count: u32,
    /// Internal node: index of the second child.
    right: u32,
}

/// A static bounding-volume tree over line segments.
#[derive(Clone, Debug, Default)]
pub struct LineTree {
    segments: Vec<Segment>,
    nodes: Vec<Node>,
    items: Vec<u32>,
}

fn segment_box(s: &Segment) -> Aabb {
    Aabb::new(s.a, s.b)
}

/// Where the part `[0, max]` of the ray first meets the box (0 when it starts inside), or
/// `None` when it misses.
fn ray_box_entry(b: &Aabb, origin: Vec2, translation: Vec2, max: f64) -> Option<f64> {
    let (mut lo, mut hi) = (0.0f64, max);
    for axis in 0..2 {
        let (o, d) = (origin[axis], translation[axis]);
        if d == 0.0 {
            if o < b.min[axis] || o > b.max[axis] {
                return None;
            }
            continue;
        }
        let (t1, t2) = ((b.min[axis] - o) / d, (b.max[axis] - o) / d);
        lo = lo.max(t1.min(t2));
        hi = hi.min(t1.max(t2));
        if lo > hi {
            return None;
        }
    }
    Some(lo)
}

/// Distance from `p` to the box (0 inside).
fn box_distance(b: &Aabb, p: Vec2) -> f64 {
    (p.clamp(b.min, b.max) - p).length()
}

/// Deeper than any tree can be: a median split halves the segments at every level, so even
/// 2³² segments make a tree 32 levels deep.
const MAX_DEPTH: usize = 40;

impl LineTree {
    /// Builds the tree over `segments` (indices in queries refer to this order).
    pub fn build(segments: Vec<Segment>) -> LineTree {
        let mut tree = LineTree {
            items: (0..segments.len() as u32).collect(),
            segments,
            nodes: Vec::new(),
        };
        if !tree.segments.is_empty() {
            // Twice each segment's centre: the split key, computed once.
            let centers: Vec<Vec2> = tree.segments.iter().map(|s| s.a + s.b).collect();
            let n = tree.items.len();
            tree.nodes.reserve(2 * n / LINE_TREE_LEAF_SIZE + 1);
            tree.build_node(&centers, 0, n);
        }
        tree
    }

    fn build_node(&mut self, centers: &[Vec2], start: usize, end: usize) -> u32 {
        let id = self.nodes.len() as u32;
        let items = &self.items[start..end];
        let mut aabb = segment_box(&self.segments[items[0] as usize]);
        let (mut cmin, mut cmax) = (Vec2::splat(f64::INFINITY), Vec2::splat(f64::NEG_INFINITY));
        for &i in items {
            let s = &self.segments[i as usize];
            aabb.min = aabb.min.min(s.a.min(s.b));
            aabb.max = aabb.max.max(s.a.max(s.b));
            let c = centers[i as usize];
            cmin = cmin.min(c);
            cmax = cmax.max(c);
        }
        self.nodes.push(Node {
            aabb,
            start: start as u32,
            count: (end - start) as u32,
            right: 0,
        });
        if end - start <= LINE_TREE_LEAF_SIZE {
            return id;
        }
        let axis = if cmax.x - cmin.x >= cmax.y - cmin.y {
            0
        } else {
            1
        };
        let mid = (start + end) / 2;
        self.items[start..end].select_nth_unstable_by(mid - start, |x, y| {
            let (kx, ky) = (centers[*x as usize][axis], centers[*y as usize][axis]);
            kx.total_cmp(&ky).then(x.cmp(y))
        });
        let left = self.build_node(centers, start, mid);
        let right = self.build_node(centers, mid, end);
        let node = &mut self.nodes[id as usize];
        node.start = left;
        node.count = 0;
        node.right = right;
        id
    }

    /// The segments, in the order given to [`LineTree::build`].
    pub fn segments(&self) -> &[Segment] {
        &self.segments
    }

    /// Number of tree nodes.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Every node's box with whether it is a leaf, in storage order (for debug drawing).
    pub fn node_boxes(&self) -> impl Iterator<Item = (Aabb, bool)> + '_ {
        self.nodes.iter().map(|n| (n.aabb, n.count > 0))
    }

    /// Depth of the deepest leaf (a single leaf has depth 1; an empty tree 0).
    pub fn depth(&self) -> usize {
        fn depth_of(nodes: &[Node], id: u32) -> usize {
            let n = &nodes[id as usize];
            if n.count > 0 {
                1
            } else {
                1 + depth_of(nodes, n.start).max(depth_of(nodes, n.right))
            }
        }
        if self.nodes.is_empty() {
            0
        } else {
            depth_of(&self.nodes, 0)
        }
    }

    /// Visits the leaves whose boxes pass `keep`, calling `visit` for each of their
    /// segments; `keep` is asked again for every node, so it may tighten as hits are found.
    fn walk(&self, mut keep: impl FnMut(&Aabb) -> bool, mut visit: impl FnMut(u32)) {
        if self.nodes.is_empty() {
            return;
        }
        // A median split halves the segments at every level, so the depth is the binary
        // logarithm of the count: a fixed stack holds any tree (no allocation per query).
        let mut stack = [0u32; 2 * MAX_DEPTH];
        let mut len = 1;
        while len > 0 {
            len -= 1;
            let node = &self.nodes[stack[len] as usize];
            if !keep(&node.aabb) {
                continue;
            }
            if node.count > 0 {
                let range = node.start as usize..(node.start + node.count) as usize;
                for &i in &self.items[range] {
                    visit(i);
                }
            } else {
                stack[len] = node.right;
                stack[len + 1] = node.start;
                len += 2;
            }
        }
    }

    /// Indices of the segments whose bounding boxes overlap `aabb`, ascending.
    pub fn query_aabb(&self, aabb: &Aabb) -> Vec<u32> {
        let mut out = Vec::new();
        self.query_aabb_into(aabb, &mut out);
        out
    }

    /// Appends the indices of the segments whose bounding boxes overlap `aabb` to `out`,
    /// ascending, without allocating once `out` has grown.
    pub fn query_aabb_into(&self, aabb: &Aabb, out: &mut Vec<u32>) {
        let start = out.len();
        self.walk(
            |b| b.overlaps(aabb),
            |i| {
                if segment_box(&self.segments[i as usize]).overlaps(aabb) {
                    out.push(i);
                }
            },
        );
        out[start..].sort_unstable();
    }

    /// Runs `cast` on every segment the motion may reach (boxes grown by `grow`), nearer
    /// boxes first, keeping the earliest hit, ties to the lower index.
    fn first_hit(
        &self,
        origin: Vec2,
        translation: Vec2,
        max_fraction: f64,
        grow: Vec2,
        cast: impl Fn(&Segment) -> Option<(f64, Vec2)>,
    ) -> Option<SegmentHit> {
        let entry = |id: u32, reach: f64| {
            let b = &self.nodes[id as usize].aabb;
            let grown = Aabb {
                min: b.min - grow,
                max: b.max + grow,
            };
            ray_box_entry(&grown, origin, translation, reach).map(|t| (id, t))
        };
        let mut best: Option<SegmentHit> = None;
        let mut stack: Vec<(u32, f64)> = Vec::new();
        if self.nodes.is_empty() {
            return None;
        }
        stack.extend(entry(0, max_fraction));
        while let Some((id, t)) = stack.pop() {
            let reach = best.map_or(max_fraction, |h| h.fraction);
            if t > reach {
                continue;
            }
            let node = &self.nodes[id as usize];
            if node.count > 0 {
                let range = node.start as usize..(node.start + node.count) as usize;
                for &i in &self.items[range] {
                    if let Some((fraction, normal)) = cast(&self.segments[i as usize]) {
                        let better = best.is_none_or(|h| {
                            fraction < h.fraction || (fraction == h.fraction && i < h.index)
                        });
                        if better {
                            best = Some(SegmentHit {
                                index: i,
                                fraction,
                                normal,
                            });
                        }
                    }
                }
            } else {
                let (a, b) = (entry(node.start, reach), entry(node.right, reach));
                match (a, b) {
                    (Some(a), Some(b)) if b.1 < a.1 => stack.extend([a, b]),
                    (Some(a), Some(b)) => stack.extend([b, a]),
                    (a, b) => stack.extend(a.into_iter().chain(b)),
                }
            }
        }
        best
    }

    /// First segment hit by the ray `origin + t * translation`, `t` in `[0, max_fraction]`.
    pub fn ray_cast(
        &self,
        origin: Vec2,
        translation: Vec2,
        max_fraction: f64,
    ) -> Option<SegmentHit> {
        if !(origin.is_finite() && translation.is_finite() && max_fraction.is_finite()) {
            return None;
        }
        self.first_hit(origin, translation, max_fraction, Vec2::ZERO, |s| {
            ray_segment(s, origin, translation, max_fraction)
        })
    }

    /// First segment touched by a circle of `radius` moving from `center` by `translation`.
    pub fn sweep_circle(&self, center: Vec2, radius: f64, translation: Vec2) -> Option<SegmentHit> {
        if !(center.is_finite() && translation.is_finite() && radius.is_finite() && radius >= 0.0) {
            return None;
        }
        self.first_hit(center, translation, 1.0, Vec2::splat(radius), |s| {
            sweep_circle_segment(s, center, radius, translation)
        })
    }

    /// First segment touched by an axis-aligned box of half extents `half` moving from
    /// `center` by `translation`.
    pub fn sweep_box(&self, center: Vec2, half: Vec2, translation: Vec2) -> Option<SegmentHit> {
        if !(center.is_finite()
            && translation.is_finite()
            && half.is_finite()
            && half.min_element() >= 0.0)
        {
            return None;
        }
        self.first_hit(center, translation, 1.0, half, |s| {
            sweep_box_segment(s, center, half, translation)
        })
    }

    /// The segment closest to `point` and its distance (ties to the lower index), or `None`
    /// for an empty tree. Visits the nearer child first so the bound tightens early.
    pub fn closest(&self, point: Vec2) -> Option<(u32, f64)> {
        if !point.is_finite() || self.nodes.is_empty() {
            return None;
        }
        let mut best: Option<(u32, f64)> = None;
        let mut stack = vec![(0u32, box_distance(&self.nodes[0].aabb, point))];
        while let Some((id, reach)) = stack.pop() {
            if best.is_some_and(|(_, d)| reach > d) {
                continue;
            }
            let node = &self.nodes[id as usize];
            if node.count > 0 {
                let range = node.start as usize..(node.start + node.count) as usize;
                for &i in &self.items[range] {
                    let d = closest_distance(&self.segments[i as usize], point);
                    if best.is_none_or(|(bi, bd)| d < bd || (d == bd && i < bi)) {
                        best = Some((i, d));
                    }
                }
            } else {
                let near = (
                    node.start,
                    box_distance(&self.nodes[node.start as usize].aabb, point),
                );
                let far = (
                    node.right,
                    box_distance(&self.nodes[node.right as usize].aabb, point),
                );
                let (near, far) = if far.1 < near.1 {
                    (far, near)
                } else {
                    (near, far)
                };
                stack.push(far);
                stack.push(near);
            }
        }
        best
    }
}
