//! Mesh → outline: the boundary of a triangle mesh as closed loops, outer boundaries
//! counter-clockwise and holes clockwise, so that walking any loop keeps the mesh on the left.
//!
//! The steps, in order:
//! 1. weld vertices closer than an epsilon, drop zero-area triangles, and collect every edge;
//! 2. map each edge to the triangles that use it;
//! 3. an edge is an outline edge when exactly one triangle uses it, or when the third points
//!    of all the triangles that use it lie on the same side of it (an interior crease);
//! 4. every other edge is thrown out;
//! 5. start on an unused outline edge and follow connected outline edges until the loop closes;
//! 6. repeat until every outline edge is used;
//! 7. sort the loops into outer boundaries and holes by their winding, and give each hole to
//!    the smallest outer boundary around it.
//!
//! Where triangles overlap (a crease), the loops overlap too; the brush union that merges
//! flair into the rock resolves them with the non-zero winding rule.

use super::Mesh;
use crate::constants::MESH_WELD_REL;
use crate::geom::{left_perp, Aabb, Vec2};
use std::collections::BTreeMap;
use thiserror::Error;

/// One solid piece of an outline: its outer boundary (counter-clockwise) and its holes
/// (clockwise).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OutlinePolygon {
    /// The outer boundary, counter-clockwise.
    pub outer: Vec<Vec2>,
    /// The holes, each clockwise.
    pub holes: Vec<Vec<Vec2>>,
}

/// Why a mesh has no outline.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum OutlineError {
    /// The mesh has no vertices or no triangles.
    #[error("the mesh is empty: expected at least 3 vertices and 1 triangle")]
    Empty,
    /// A vertex is NaN or infinite.
    #[error("vertex {index} is not a finite point")]
    NonFinite {
        /// Index of the vertex.
        index: usize,
    },
    /// A triangle names a vertex that does not exist.
    #[error("triangle {triangle} uses vertex {index}, but the mesh has only {count} vertices")]
    IndexOutOfRange {
        /// Index of the triangle.
        triangle: usize,
        /// The vertex index it names.
        index: u32,
        /// How many vertices there are.
        count: usize,
    },
    /// Following outline edges ran into a dead end: the boundary does not close.
    #[error("the outline does not close: it ends at vertex {vertex} ({x}, {y})")]
    OpenPath {
        /// The (welded) vertex where the path ended.
        vertex: u32,
        /// Its x coordinate.
        x: f64,
        /// Its y coordinate.
        y: f64,
    },
    /// Every triangle has zero area (or the outline encloses none).
    #[error("the mesh covers no area")]
    NoArea,
    /// A clockwise loop (a hole) lies in no outer boundary: the triangles overlap
    /// inconsistently.
    #[error("a hole at ({x}, {y}) lies inside no outer boundary: the triangles overlap")]
    StrayHole {
        /// A point of the hole.
        x: f64,
        /// Its y coordinate.
        y: f64,
    },
}

/// The outline of `mesh`: its solid pieces with their holes, in a deterministic order.
pub fn mesh_outline(mesh: &Mesh) -> Result<Vec<OutlinePolygon>, OutlineError> {
    let loops = outline_loops(mesh)?;
    let mut outers: Vec<(f64, Vec<Vec2>)> = Vec::new();
    let mut holes: Vec<Vec<Vec2>> = Vec::new();
    for l in loops {
        let area = signed_area(&l);
        if area > 0.0 {
            outers.push((area, l));
        } else {
            holes.push(l);
        }
    }
    if outers.is_empty() {
        return Err(OutlineError::NoArea);
    }
    let mut polys: Vec<OutlinePolygon> = outers
        .iter()
        .map(|(_, o)| OutlinePolygon {
            outer: o.clone(),
            holes: Vec::new(),
        })
        .collect();
    for hole in holes {
        // A point just to the left of the hole's first edge is in the solid around the hole.
        let (a, b) = (hole[0], hole[1]);
        let probe = 0.5 * (a + b) + left_perp(b - a) * 1e-6;
        let owner = outers
            .iter()
            .enumerate()
            .filter(|(_, (_, o))| point_in_loop(o, probe))
            .min_by(|x, y| x.1 .0.total_cmp(&y.1 .0))
            .map(|(i, _)| i);
        match owner {
            Some(i) => polys[i].holes.push(hole),
            None => return Err(OutlineError::StrayHole { x: a.x, y: a.y }),
        }
    }
    Ok(polys)
}

/// The closed loops of `mesh`'s outline (steps 1 to 6), each wound so that the mesh lies on
/// its left. Loops that enclose no area (slivers left by T-junctions) are dropped.
pub fn outline_loops(mesh: &Mesh) -> Result<Vec<Vec<Vec2>>, OutlineError> {
    let (points, triangles) = weld(mesh)?;
    let edges = outline_edges(&points, &triangles);
    let loops = follow_loops(&points, &edges)?;
    let extent = Aabb::from_points(&points).map_or(0.0, |b| b.size().max_element());
    let min_area = MESH_WELD_REL * extent * extent;
    let loops: Vec<Vec<Vec2>> = loops
        .into_iter()
        .filter(|l| signed_area(l).abs() > min_area)
        .collect();
    if loops.is_empty() {
        return Err(OutlineError::NoArea);
    }
    Ok(loops)
}

/// Step 1: checks the mesh, welds close vertices (each to the first of its cluster in
/// x order) and keeps the triangles with three distinct vertices and non-zero area.
fn weld(mesh: &Mesh) -> Result<(Vec<Vec2>, Vec<[u32; 3]>), OutlineError> {
    let pts = &mesh.vertices;
    if pts.len() < 3 || mesh.triangles.is_empty() {
        return Err(OutlineError::Empty);
    }
    if let Some(index) = pts.iter().position(|p| !p.is_finite()) {
        return Err(OutlineError::NonFinite { index });
    }
    for (triangle, t) in mesh.triangles.iter().enumerate() {
        if let Some(&index) = t.iter().find(|&&i| i as usize >= pts.len()) {
            return Err(OutlineError::IndexOutOfRange {
                triangle,
                index,
                count: pts.len(),
            });
        }
    }
    let extent = Aabb::from_points(pts).map_or(0.0, |b| b.size().max_element());
    let eps = MESH_WELD_REL * extent;
    let mut order: Vec<usize> = (0..pts.len()).collect();
    order.sort_by(|&i, &j| pts[i].x.total_cmp(&pts[j].x).then(i.cmp(&j)));
    let mut rep: Vec<Option<u32>> = vec![None; pts.len()];
    for (k, &i) in order.iter().enumerate() {
        if rep[i].is_some() {
            continue;
        }
        rep[i] = Some(i as u32);
        for &j in &order[k + 1..] {
            if pts[j].x - pts[i].x > eps {
                break;
            }
            if rep[j].is_none() && (pts[j] - pts[i]).length() <= eps {
                rep[j] = Some(i as u32);
            }
        }
    }
    let rep: Vec<u32> = rep.into_iter().map(|r| r.unwrap_or(0)).collect();
    let triangles: Vec<[u32; 3]> = mesh
        .triangles
        .iter()
        .map(|t| t.map(|i| rep[i as usize]))
        .filter(|t| {
            let [a, b, c] = t.map(|i| pts[i as usize]);
            t[0] != t[1]
                && t[1] != t[2]
                && t[0] != t[2]
                && (b - a).perp_dot(c - a).abs() > eps * extent
        })
        .collect();
    if triangles.is_empty() {
        return Err(OutlineError::NoArea);
    }
    Ok((pts.clone(), triangles))
}

/// Steps 2 to 4: the outline edges, each directed so that its triangles lie on its left.
/// An edge whose triangles all lie on one side is kept once per triangle.
fn outline_edges(points: &[Vec2], triangles: &[[u32; 3]]) -> Vec<(u32, u32)> {
    let mut users: BTreeMap<(u32, u32), Vec<u32>> = BTreeMap::new();
    for t in triangles {
        for k in 0..3 {
            let (u, v, w) = (t[k], t[(k + 1) % 3], t[(k + 2) % 3]);
            users.entry((u.min(v), u.max(v))).or_default().push(w);
        }
    }
    let mut edges = Vec::new();
    for ((u, v), thirds) in users {
        let (pu, pv) = (points[u as usize], points[v as usize]);
        let side = |w: &u32| (pv - pu).perp_dot(points[*w as usize] - pu);
        // A crease edge is kept once per triangle, so that each triangle's loop closes
        // through it and the overlapping loops are merged by the union later.
        if thirds.iter().all(|w| side(w) > 0.0) {
            edges.extend(std::iter::repeat_n((u, v), thirds.len()));
        } else if thirds.iter().all(|w| side(w) < 0.0) {
            edges.extend(std::iter::repeat_n((v, u), thirds.len()));
        }
    }
    edges
}

/// Steps 5 and 6: follows the directed outline edges into closed loops. Where several
/// unused edges leave a vertex (loops touching there), the one turning furthest left is
/// taken, and a loop that comes back through a vertex is split there, so loops that touch
/// at a point come out as separate loops.
fn follow_loops(points: &[Vec2], edges: &[(u32, u32)]) -> Result<Vec<Vec<Vec2>>, OutlineError> {
    let mut leaving: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for (i, e) in edges.iter().enumerate() {
        leaving.entry(e.0).or_default().push(i);
    }
    let mut used = vec![false; edges.len()];
    let mut loops = Vec::new();
    for first in 0..edges.len() {
        if used[first] {
            continue;
        }
        let start = edges[first].0;
        let mut path = vec![start];
        let mut edge = first;
        loop {
            used[edge] = true;
            let (from, at) = edges[edge];
            if at == start {
                break;
            }
            path.push(at);
            let incoming = points[at as usize] - points[from as usize];
            let next = leaving
                .get(&at)
                .into_iter()
                .flatten()
                .filter(|&&e| !used[e])
                .max_by(|&&x, &&y| {
                    let turn = |e: usize| {
                        let out = points[edges[e].1 as usize] - points[at as usize];
                        incoming.perp_dot(out).atan2(incoming.dot(out))
                    };
                    turn(x).total_cmp(&turn(y)).then(y.cmp(&x))
                });
            match next {
                Some(&e) => edge = e,
                None => {
                    let p = points[at as usize];
                    return Err(OutlineError::OpenPath {
                        vertex: at,
                        x: p.x,
                        y: p.y,
                    });
                }
            }
        }
        for sub in split_at_repeats(&path) {
            loops.push(sub.iter().map(|&v| points[v as usize]).collect());
        }
    }
    Ok(loops)
}

/// Splits a closed loop of vertex indices that passes through a vertex more than once (two
/// holes or islands touching at a point) into simple loops; pieces of fewer than three
/// vertices (spikes that go out and back) are dropped.
fn split_at_repeats(path: &[u32]) -> Vec<Vec<u32>> {
    let mut loops = Vec::new();
    let mut stack: Vec<u32> = Vec::with_capacity(path.len());
    let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
    for &v in path {
        if let Some(&k) = seen.get(&v) {
            let sub = stack.split_off(k + 1);
            for w in &sub {
                seen.remove(w);
            }
            let mut piece = vec![v];
            piece.extend(sub);
            if piece.len() >= 3 {
                loops.push(piece);
            }
        } else {
            seen.insert(v, stack.len());
            stack.push(v);
        }
    }
    if stack.len() >= 3 {
        loops.push(stack);
    }
    loops
}

/// Signed area of a closed loop: positive when counter-clockwise.
pub fn signed_area(points: &[Vec2]) -> f64 {
    let n = points.len();
    0.5 * (0..n)
        .map(|i| points[i].perp_dot(points[(i + 1) % n]))
        .sum::<f64>()
}

/// Whether `p` lies inside the closed loop (even-odd rule).
pub fn point_in_loop(points: &[Vec2], p: Vec2) -> bool {
    let n = points.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (points[i], points[(i + 1) % n]);
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                inside = !inside;
            }
        }
    }
    inside
}
