//! `cavefly contact` and `cavefly demo`: the collision core, shown as text.

use crate::collide::{contact, epa, gjk, proxy::Proxy, Manifold};
use crate::geom::{ConvexPolygon, Shape, Transform, Vec2};
use std::fmt::Write;

/// A report of one shape pair: GJK distance, EPA depth where they overlap, and the
/// contact manifold.
pub fn report_pair(a: &Shape, xf_a: &Transform, b: &Shape, xf_b: &Transform) -> String {
    let mut out = String::new();
    let Some(d) = gjk::distance(a, xf_a, b, xf_b, None) else {
        return "the transforms are not finite: no contact\n".to_string();
    };
    let _ = writeln!(
        out,
        "GJK: distance {:.6} after {} iterations",
        d.distance, d.iterations
    );
    if d.distance == 0.0 {
        let pa = Proxy::from_shape_in(a, xf_a);
        let pb = Proxy::from_shape_in(b, xf_b);
        let core = gjk::distance_proxies(&pa, &pb, None);
        if core.distance == 0.0 {
            let p = epa::penetration(&pa, &pb, &core.simplex);
            let _ = writeln!(
                out,
                "EPA: depth {:.6} normal ({:.4}, {:.4}), {:?} after {} iterations",
                p.depth + pa.radius + pb.radius,
                p.normal.x,
                p.normal.y,
                p.case,
                p.iterations
            );
        }
    }
    out.push_str(&describe(contact(a, xf_a, b, xf_b).as_ref()));
    out
}

/// One line per manifold point, or a line saying there is no contact.
pub fn describe(m: Option<&Manifold>) -> String {
    let Some(m) = m else {
        return "contact: none (farther apart than the speculative distance)\n".to_string();
    };
    let mut out = format!(
        "contact: normal ({:.4}, {:.4}), {} point(s)\n",
        m.normal.x,
        m.normal.y,
        m.points().len()
    );
    for p in m.points() {
        let _ = writeln!(
            out,
            "  point ({:.4}, {:.4}) depth {:+.5} id {}/{}/{} {:?}",
            p.point.x,
            p.point.y,
            p.depth,
            if p.id.reference_is_b { "B" } else { "A" },
            p.id.reference_edge,
            p.id.incident,
            p.id.kind
        );
    }
    out
}

/// A scripted tour of the contact core: a crate lowered onto a ledge (separated,
/// speculative, touching, sinking), rocked by small angles (the dual-edge points stay two),
/// then tipped onto a corner; a boulder on a slope; a crate on a rock segment.
pub fn demo() -> String {
    let ledge: Shape = ConvexPolygon::rect(3.0, 0.5).expect("valid box").into();
    let crate_: Shape = ConvexPolygon::rect(0.5, 0.5).expect("valid box").into();
    let mut out = String::from("A 1 m crate over a 6 m ledge (top at y = 0.5):\n\n");
    let _ = writeln!(
        out,
        "{:>8} {:>9} {:>7} {:>10} {:>10}",
        "gap (m)", "tilt (°)", "points", "max depth", "normal y"
    );
    let mut row = |gap: f64, tilt_deg: f64| {
        let xf = Transform::new(Vec2::new(0.8, 1.0 + gap), tilt_deg.to_radians());
        let m = contact(&ledge, &Transform::IDENTITY, &crate_, &xf);
        let (n, depth, ny) = m.map_or((0, f64::NAN, f64::NAN), |m| {
            (m.points().len(), m.max_depth(), m.normal.y)
        });
        let _ = writeln!(
            out,
            "{gap:>8.3} {tilt_deg:>9.3} {n:>7} {depth:>10.5} {ny:>10.5}"
        );
    };
    for gap in [0.5, 0.05, 0.015, 0.0, -0.005, -0.02] {
        row(gap, 0.0);
    }
    for tilt in [0.005, -0.005, 0.5, 2.0, 20.0, 45.0] {
        row(-0.002, tilt);
    }
    out.push_str("\nA crate tipped 30° onto its corner, 1 cm deep:\n");
    let xf = Transform::new(
        Vec2::new(
            0.0,
            0.5 + 0.5 * (2f64).sqrt() * (75f64).to_radians().sin() - 0.01,
        ),
        30f64.to_radians(),
    );
    out.push_str(&report_pair(&ledge, &Transform::IDENTITY, &crate_, &xf));
    out.push_str("\nA boulder (r = 0.4) resting on a 20° slope segment:\n");
    let slope: Shape = crate::geom::Segment::new(Vec2::new(-5.0, 0.0), Vec2::new(5.0, 0.0))
        .expect("valid segment")
        .into();
    let slope_xf = Transform::new(Vec2::ZERO, 20f64.to_radians());
    let boulder: Shape = crate::geom::Circle::new(Vec2::ZERO, 0.4)
        .expect("valid circle")
        .into();
    let up = slope_xf.q.rotate(Vec2::Y);
    out.push_str(&report_pair(
        &slope,
        &slope_xf,
        &boulder,
        &Transform::from_translation(up * 0.399),
    ));
    out.push_str("\nThe crate flat on a rock segment:\n");
    out.push_str(&report_pair(
        &slope,
        &Transform::IDENTITY,
        &crate_,
        &Transform::from_translation(Vec2::new(1.0, 0.499)),
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn demo_shows_two_points_resting_and_one_on_a_corner() {
        let text = demo();
        // The resting rows (gap 0 and sinking) have two points; the 45° row has one.
        let rows: Vec<&str> = text
            .lines()
            .filter(|l| {
                l.trim_start()
                    .starts_with(|c: char| c.is_ascii_digit() || c == '-')
            })
            .collect();
        let points = |gap: &str, tilt: &str| -> usize {
            let row = rows
                .iter()
                .find(|r| {
                    let f: Vec<&str> = r.split_whitespace().collect();
                    f[0] == gap && f[1] == tilt
                })
                .unwrap_or_else(|| panic!("row {gap} {tilt} in\n{text}"));
            row.split_whitespace().nth(2).unwrap().parse().unwrap()
        };
        assert_eq!(points("0.500", "0.000"), 0);
        assert_eq!(points("0.015", "0.000"), 2);
        assert_eq!(points("-0.002", "0.005"), 2);
        assert_eq!(points("-0.002", "45.000"), 1);
        assert!(text.contains("EPA: depth"));
    }
}
