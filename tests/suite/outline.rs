//! Outlines of known meshes: the loops, their winding and their areas.

use cavefly::brush::outline::signed_area;
use cavefly::brush::{mesh_outline, Mesh, OutlineError, Region};
use cavefly::geom::Vec2;

/// An `n` × `m` grid of unit cells, each split into two triangles, skipping `holes`.
fn grid(n: u32, m: u32, holes: &[(u32, u32)]) -> Mesh {
    let mut mesh = Mesh::default();
    for y in 0..=m {
        for x in 0..=n {
            mesh.vertices.push(Vec2::new(x as f64, y as f64));
        }
    }
    let id = |x: u32, y: u32| y * (n + 1) + x;
    for y in 0..m {
        for x in 0..n {
            if holes.contains(&(x, y)) {
                continue;
            }
            mesh.triangles
                .push([id(x, y), id(x + 1, y), id(x + 1, y + 1)]);
            // Wound clockwise on purpose: the outline must not depend on index order.
            mesh.triangles
                .push([id(x, y), id(x, y + 1), id(x + 1, y + 1)]);
        }
    }
    mesh
}

#[test]
fn triangulated_square_grid_gives_one_square_loop() {
    let outline = mesh_outline(&grid(4, 4, &[])).unwrap();
    assert_eq!(outline.len(), 1);
    assert!(outline[0].holes.is_empty());
    // The boundary passes through every grid point on the square's edge.
    assert_eq!(outline[0].outer.len(), 16);
    assert!((signed_area(&outline[0].outer) - 16.0).abs() < 1e-12);
    for p in &outline[0].outer {
        assert!(
            p.x == 0.0 || p.x == 4.0 || p.y == 0.0 || p.y == 4.0,
            "{p} is inside"
        );
    }
}

#[test]
fn ring_gives_an_outer_loop_and_a_hole() {
    let outline = mesh_outline(&grid(3, 3, &[(1, 1)])).unwrap();
    assert_eq!(outline.len(), 1);
    assert_eq!(outline[0].holes.len(), 1);
    assert!((signed_area(&outline[0].outer) - 9.0).abs() < 1e-12);
    assert!((signed_area(&outline[0].holes[0]) + 1.0).abs() < 1e-12);
    let region = Region::from(outline);
    assert!(!region.contains(Vec2::new(1.5, 1.5)));
    assert!(region.contains(Vec2::new(0.5, 1.5)));
}

#[test]
fn two_islands_give_two_loops() {
    let outline = mesh_outline(&grid(5, 1, &[(1, 0), (2, 0), (3, 0)])).unwrap();
    assert_eq!(outline.len(), 2);
    let mut areas: Vec<f64> = outline.iter().map(|p| signed_area(&p.outer)).collect();
    areas.sort_by(f64::total_cmp);
    assert_eq!(areas, vec![1.0, 1.0]);
}

#[test]
fn loops_touching_at_one_vertex_stay_apart() {
    // Cells (0,0) and (1,1) of a 2×2 grid touch only at (1,1).
    let outline = mesh_outline(&grid(2, 2, &[(1, 0), (0, 1)])).unwrap();
    assert_eq!(outline.len(), 2);
    for p in &outline {
        assert_eq!(p.outer.len(), 4);
        assert_eq!(signed_area(&p.outer), 1.0);
    }
}

#[test]
fn fan_with_a_duplicated_vertex_is_welded() {
    let n = 8;
    let mut mesh = Mesh {
        vertices: vec![Vec2::ZERO],
        triangles: vec![],
    };
    for i in 0..n {
        let a = std::f64::consts::TAU * i as f64 / n as f64;
        mesh.vertices.push(Vec2::new(a.cos(), a.sin()));
    }
    // The last triangle closes the fan on a copy of the first rim vertex.
    mesh.vertices
        .push(mesh.vertices[1] + Vec2::new(1e-12, -1e-12));
    for i in 1..n {
        mesh.triangles.push([0, i, i + 1]);
    }
    mesh.triangles.push([0, n, n + 1]);
    let outline = mesh_outline(&mesh).unwrap();
    assert_eq!(outline.len(), 1);
    assert_eq!(
        outline[0].outer.len(),
        n as usize,
        "centre edges must vanish"
    );
    assert!(!outline[0].outer.contains(&Vec2::ZERO));
}

#[test]
fn interior_crease_keeps_the_shared_edge() {
    // Both triangles lie above the edge (0,0)-(2,0); the second is inside the first.
    let mesh = Mesh {
        vertices: vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(1.0, 2.0),
            Vec2::new(1.0, 1.0),
        ],
        triangles: vec![[0, 1, 2], [1, 0, 3]],
    };
    let outline = mesh_outline(&mesh).unwrap();
    let has_edge = outline.iter().any(|p| {
        let o = &p.outer;
        (0..o.len())
            .any(|i| o[i] == Vec2::new(0.0, 0.0) && o[(i + 1) % o.len()] == Vec2::new(2.0, 0.0))
    });
    assert!(has_edge, "the crease edge was thrown out: {outline:?}");
    // The merged outline covers exactly the larger triangle.
    let contours: Vec<Vec<Vec2>> = Region::from(outline).contours().cloned().collect();
    assert!((Region::from_contours(&contours).area() - 2.0).abs() < 1e-6);
}

#[test]
fn zero_area_triangles_are_ignored() {
    let mut mesh = grid(2, 1, &[]);
    // A sliver along the bottom edge: three collinear points.
    mesh.triangles.push([0, 1, 2]);
    let outline = mesh_outline(&mesh).unwrap();
    assert_eq!(outline.len(), 1);
    assert_eq!(signed_area(&outline[0].outer), 2.0);
}

#[test]
fn malformed_meshes_are_errors() {
    let mut mesh = grid(1, 1, &[]);
    mesh.triangles.push([0, 1, 9]);
    assert!(matches!(
        mesh_outline(&mesh),
        Err(OutlineError::IndexOutOfRange {
            triangle: 2,
            index: 9,
            ..
        })
    ));
    assert_eq!(mesh_outline(&Mesh::default()), Err(OutlineError::Empty));
    let mut nan = grid(1, 1, &[]);
    nan.vertices[2].x = f64::NAN;
    assert_eq!(
        mesh_outline(&nan),
        Err(OutlineError::NonFinite { index: 2 })
    );
    // Three triangles around a point on one side, two on the other: the edge from the
    // centre is thrown out, and what is left of its neighbours does not close.
    let open = Mesh {
        vertices: vec![
            Vec2::new(0.0, 0.0),
            Vec2::new(2.0, 0.0),
            Vec2::new(1.0, 1.0),
            Vec2::new(1.0, -1.0),
            Vec2::new(1.0, 0.5),
        ],
        triangles: vec![[0, 1, 2], [0, 1, 4], [0, 1, 3]],
    };
    assert!(matches!(
        mesh_outline(&open),
        Err(OutlineError::OpenPath { .. })
    ));
}

#[test]
fn holes_touching_at_one_vertex_stay_apart() {
    // Two missing cells of a 4×4 grid meet only at the point (2, 2).
    let outline = mesh_outline(&grid(4, 4, &[(1, 1), (2, 2)])).unwrap();
    assert_eq!(outline.len(), 1);
    assert_eq!(outline[0].holes.len(), 2);
    for h in &outline[0].holes {
        assert_eq!(h.len(), 4);
        assert_eq!(signed_area(h), -1.0);
    }
    assert!((Region::from(outline).area() - 14.0).abs() < 1e-12);
}
