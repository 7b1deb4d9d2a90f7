//! Tests of splitting: exact area, conserved momentum, the vertex limit, crumbling.

use super::*;
use crate::geom::Circle;
use crate::physics::PhysicsSettings;
use crate::rng::Pcg32;

fn area(p: &ConvexPolygon) -> f64 {
    p.mass(1.0).mass
}

/// A random convex polygon of 3 to 8 vertices on a rotated, offset ellipse.
fn random_polygon(rng: &mut Pcg32) -> ConvexPolygon {
    let n = rng.int(3, MAX_POLYGON_VERTICES);
    let (a, b, phi) = (
        rng.range(0.3, 3.0),
        rng.range(0.3, 3.0),
        rng.range(0.0, 6.3),
    );
    let offset = Vec2::new(rng.range(-1.0, 1.0), rng.range(-1.0, 1.0));
    let points: Vec<Vec2> = (0..n)
        .map(|k| {
            let t = (k as f64 + rng.range(0.1, 0.9)) * std::f64::consts::TAU / n as f64;
            offset + Vec2::from_angle(phi).rotate(Vec2::new(a * t.cos(), b * t.sin()))
        })
        .collect();
    ConvexPolygon::new(&points).expect("points on an ellipse are convex")
}

fn world() -> PhysicsWorld {
    PhysicsWorld::new(PhysicsSettings::default())
}

fn add_piece(w: &mut PhysicsWorld, shape: Shape, def: BodyDef, density: f64) -> BodyHandle {
    let b = w.create_body(&def);
    let mut c = ColliderDef::new(shape);
    c.density = density;
    c.friction = 0.3;
    c.restitution = 0.2;
    c.tag = 77;
    w.add_collider(b, &c).unwrap();
    b
}

/// Linear momentum and angular momentum about the world origin of some bodies.
fn momentum(w: &PhysicsWorld, bodies: &[BodyHandle]) -> (Vec2, f64) {
    bodies.iter().fold((Vec2::ZERO, 0.0), |(p, l), h| {
        let b = w.body(*h).unwrap();
        let c = b.center_of_mass();
        let mv = b.mass() * b.linear_velocity();
        (
            p + mv,
            l + c.perp_dot(mv) + b.inertia() * b.angular_velocity(),
        )
    })
}

#[test]
fn random_pieces_split_into_valid_halves_keeping_area_and_momentum() {
    let mut rng = Pcg32::new(2024);
    for case in 0..500 {
        let poly = random_polygon(&mut rng);
        // A cut point between the centroid and a random vertex; a random direction.
        let vertex = poly.vertices()[rng.int(0, poly.len() - 1)];
        let local_point = poly.centroid().lerp(vertex, rng.range(0.0, 0.8));
        let dir = Vec2::from_angle(rng.range(0.0, 6.3));
        let [a, b] = split_polygon(&poly, local_point, dir).expect("a cut through the inside");
        let rel = ((area(&a) + area(&b)) - area(&poly)).abs() / area(&poly);
        assert!(rel < 1e-12, "case {case}: area off by {rel:e}");
        for h in [a, b] {
            assert!(h.len() <= MAX_POLYGON_VERTICES);
            assert_eq!(ConvexPolygon::new(h.vertices()), Ok(h), "case {case}");
        }

        let mut w = world();
        let def = BodyDef {
            position: Vec2::new(rng.range(-50.0, 50.0), rng.range(-50.0, 50.0)),
            angle: rng.range(-3.0, 3.0),
            linear_velocity: Vec2::new(rng.range(-10.0, 10.0), rng.range(-10.0, 10.0)),
            angular_velocity: rng.range(-5.0, 5.0),
            linear_damping: 0.1,
            user_data: 9,
            ..BodyDef::default()
        };
        let parent = add_piece(&mut w, Shape::Polygon(poly), def, rng.range(0.5, 3.0));
        let xf = w.body(parent).unwrap().transform();
        let (p0, l0) = momentum(&w, &[parent]);
        let (m0, i0) = {
            let b = w.body(parent).unwrap();
            (b.mass(), b.inertia())
        };
        let cut = Cut {
            point: xf.apply(local_point),
            direction: xf.q.rotate(dir),
        };
        let SplitOutcome::Split(halves) = split_body(&mut w, parent, cut, 0.0) else {
            panic!("case {case}: no split");
        };
        assert!(w.body(parent).is_none());
        let mass: f64 = halves.iter().map(|h| w.body(*h).unwrap().mass()).sum();
        assert!((mass - m0).abs() <= 1e-12 * m0, "case {case}: mass");
        let (p1, l1) = momentum(&w, &halves);
        let c = w.body(halves[0]).unwrap().center_of_mass().length() + poly.radius();
        let speed = def.linear_velocity.length() + def.angular_velocity.abs() * poly.radius();
        let p_scale = m0 * speed;
        let l_scale = m0 * c * speed + i0 * def.angular_velocity.abs();
        assert!(
            (p1 - p0).length() <= 1e-9 * p_scale,
            "case {case}: {p0} vs {p1}"
        );
        assert!(
            (l1 - l0).abs() <= 1e-9 * l_scale,
            "case {case}: {l0} vs {l1}"
        );
        for h in halves {
            let b = w.body(h).unwrap();
            assert_eq!((b.user_data(), b.linear_damping()), (9, 0.1));
            assert_eq!(b.angular_velocity(), def.angular_velocity);
            let part = w.collider(b.colliders()[0]).unwrap();
            assert_eq!((part.tag(), part.def().friction), (77, 0.3));
        }
    }
}

#[test]
fn a_spinning_bar_cut_in_half_throws_its_halves_apart_at_omega_r() {
    let mut w = world();
    let bar = ConvexPolygon::rect(1.0, 0.5).unwrap();
    let def = BodyDef {
        angular_velocity: 2.0,
        ..BodyDef::default()
    };
    let parent = add_piece(&mut w, Shape::Polygon(bar), def, 1.0);
    let cut = Cut {
        point: Vec2::ZERO,
        direction: Vec2::Y,
    };
    let SplitOutcome::Split([a, b]) = split_body(&mut w, parent, cut, 0.1) else {
        panic!("no split");
    };
    // Left of +y is −x. Halves' centres at x = ∓0.5 move at ω × r = (0, ∓1).
    for (h, x) in [(a, -0.5), (b, 0.5)] {
        let body = w.body(h).unwrap();
        assert!((body.center_of_mass() - Vec2::new(x, 0.0)).length() < 1e-12);
        assert!((body.linear_velocity() - Vec2::new(0.0, 2.0 * x)).length() < 1e-12);
        assert!((body.mass() - 1.0).abs() < 1e-12);
        // A 1 × 1 square: m (w² + h²) / 12.
        assert!((body.inertia() - 2.0 / 12.0).abs() < 1e-12);
    }
}

#[test]
fn an_octagon_cut_off_at_a_corner_turns_the_cut_to_fit_the_vertex_limit() {
    let oct = ConvexPolygon::regular(8, 1.0).unwrap();
    let hit = Vec2::new(0.75, 0.0);
    let [a, b] = split_polygon(&oct, hit, Vec2::Y).unwrap();
    assert!(a.len() <= 8 && b.len() <= 8, "{} and {}", a.len(), b.len());
    assert!(((area(&a) + area(&b)) - area(&oct)).abs() < 1e-12 * area(&oct));
    // The chord (the vertices both halves share) still passes through the hit point.
    let shared: Vec<Vec2> = a
        .vertices()
        .iter()
        .copied()
        .filter(|p| b.vertices().contains(p))
        .collect();
    assert_eq!(shared.len(), 2);
    let along = (shared[1] - shared[0]).normalize();
    assert!(along.perp_dot(hit - shared[0]).abs() < 1e-12);
    // It turned by a few 2° steps only.
    assert!(along.dot(Vec2::Y).abs() > 10f64.to_radians().cos());
}

#[test]
fn small_pieces_crumble_and_others_are_left_alone() {
    let mut w = world();
    let small = add_piece(
        &mut w,
        Shape::Polygon(ConvexPolygon::rect(0.05, 0.05).unwrap()),
        BodyDef::default(),
        1.0,
    );
    let cut = Cut {
        point: Vec2::ZERO,
        direction: Vec2::X,
    };
    assert_eq!(split_body(&mut w, small, cut, 0.02), SplitOutcome::Crumble);
    assert!(
        w.body(small).is_some(),
        "the caller removes a crumbling piece"
    );
    w.set_transform(small, Vec2::new(3.0, 1.0), std::f64::consts::FRAC_PI_2);
    let outline = world_outline(&w, small).unwrap();
    let expected = [(3.05, 0.95), (3.05, 1.05), (2.95, 1.05), (2.95, 0.95)];
    for (p, (x, y)) in outline.iter().zip(expected) {
        assert!((*p - Vec2::new(x, y)).length() < 1e-12, "{p}");
    }

    let disc = Shape::Circle(Circle::new(Vec2::ZERO, 1.0).unwrap());
    let round = add_piece(&mut w, disc, BodyDef::default(), 1.0);
    assert_eq!(
        split_body(&mut w, round, cut, 0.02),
        SplitOutcome::NotSplittable
    );
    let tiny_disc = Shape::Circle(Circle::new(Vec2::ZERO, 0.05).unwrap());
    let pebble = add_piece(&mut w, tiny_disc, BodyDef::default(), 1.0);
    assert_eq!(split_body(&mut w, pebble, cut, 0.02), SplitOutcome::Crumble);
    let ring = world_outline(&w, pebble).unwrap();
    assert_eq!(ring.len(), 8);
    assert!(ring.iter().all(|p| (p.length() - 0.05).abs() < 1e-12));
    let gone = add_piece(&mut w, tiny_disc, BodyDef::default(), 1.0);
    w.remove_body(gone);
    assert_eq!(world_outline(&w, gone), None);

    let wall = add_piece(
        &mut w,
        Shape::Polygon(ConvexPolygon::rect(1.0, 1.0).unwrap()),
        BodyDef {
            kind: BodyKind::Static,
            ..BodyDef::default()
        },
        1.0,
    );
    assert_eq!(
        split_body(&mut w, wall, cut, 0.02),
        SplitOutcome::NotSplittable
    );

    let piece = add_piece(
        &mut w,
        Shape::Polygon(ConvexPolygon::rect(1.0, 1.0).unwrap()),
        BodyDef::default(),
        1.0,
    );
    let miss = Cut {
        point: Vec2::new(0.0, 5.0),
        direction: Vec2::X,
    };
    assert_eq!(split_body(&mut w, piece, miss, 0.02), SplitOutcome::NoCut);
    let nan = Cut {
        point: Vec2::new(f64::NAN, 0.0),
        direction: Vec2::X,
    };
    assert_eq!(split_body(&mut w, piece, nan, 0.02), SplitOutcome::NoCut);
    let still = Cut {
        point: Vec2::ZERO,
        direction: Vec2::ZERO,
    };
    assert_eq!(split_body(&mut w, piece, still, 0.02), SplitOutcome::NoCut);
    assert!(w.body(piece).is_some());
    w.remove_body(piece);
    assert_eq!(
        split_body(&mut w, piece, cut, 0.02),
        SplitOutcome::NotSplittable
    );
}
