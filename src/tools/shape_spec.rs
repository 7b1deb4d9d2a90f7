//! A compact text form for shapes and transforms on the command line.
//!
//! Shapes: `box:HW,HH` (half-extents), `circle:R`, `ngon:N,R` (regular polygon),
//! `segment:X1,Y1,X2,Y2`, `poly:X,Y;X,Y;X,Y...`. Transforms: `X,Y` or `X,Y,ANGLE` (radians).

use crate::geom::{Circle, ConvexPolygon, Segment, Shape, Transform, Vec2};

/// Parses a comma-separated list of numbers, naming `what` in errors.
fn numbers(text: &str, what: &str) -> Result<Vec<f64>, String> {
    text.split(',')
        .map(|t| {
            t.trim()
                .parse::<f64>()
                .map_err(|_| format!("{what}: `{}` is not a number", t.trim()))
        })
        .collect()
}

fn exactly<const N: usize>(text: &str, what: &str, form: &str) -> Result<[f64; N], String> {
    let v = numbers(text, what)?;
    v.try_into().map_err(|v: Vec<f64>| {
        format!(
            "{what}: expected {form} ({N} numbers), got {} numbers",
            v.len()
        )
    })
}

/// Parses a shape spec such as `box:0.5,0.25`.
pub fn parse_shape(spec: &str) -> Result<Shape, String> {
    let (kind, args) = spec.split_once(':').ok_or_else(|| {
        format!("shape `{spec}`: expected KIND:ARGS, e.g. box:0.5,0.5 or circle:1")
    })?;
    let what = format!("shape `{spec}`");
    let built = match kind.trim() {
        "box" => {
            let [hw, hh] = exactly(args, &what, "HALF_WIDTH,HALF_HEIGHT")?;
            ConvexPolygon::rect(hw, hh).map(Shape::from)
        }
        "circle" => {
            let [r] = exactly(args, &what, "RADIUS")?;
            Circle::new(Vec2::ZERO, r).map(Shape::from)
        }
        "ngon" => {
            let [n, r] = exactly(args, &what, "SIDES,RADIUS")?;
            if n.fract() != 0.0 || !(3.0..=64.0).contains(&n) {
                return Err(format!(
                    "{what}: SIDES must be a whole number from 3, got {n}"
                ));
            }
            ConvexPolygon::regular(n as usize, r).map(Shape::from)
        }
        "segment" => {
            let [x1, y1, x2, y2] = exactly(args, &what, "X1,Y1,X2,Y2")?;
            Segment::new(Vec2::new(x1, y1), Vec2::new(x2, y2)).map(Shape::from)
        }
        "poly" => {
            let pts = args
                .split(';')
                .map(|p| exactly::<2>(p, &what, "X,Y").map(|[x, y]| Vec2::new(x, y)))
                .collect::<Result<Vec<_>, _>>()?;
            ConvexPolygon::new(&pts).map(Shape::from)
        }
        other => {
            return Err(format!(
                "{what}: unknown kind `{other}`; expected box, circle, ngon, segment or poly"
            ))
        }
    };
    built.map_err(|e| format!("{what}: {e}"))
}

/// Parses `X,Y` or `X,Y,ANGLE`.
pub fn parse_transform(spec: &str) -> Result<Transform, String> {
    let what = format!("transform `{spec}`");
    let v = numbers(spec, &what)?;
    match v[..] {
        [x, y] => Ok(Transform::from_translation(Vec2::new(x, y))),
        [x, y, a] => Ok(Transform::new(Vec2::new(x, y), a)),
        _ => Err(format!("{what}: expected X,Y or X,Y,ANGLE")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_parses_and_bad_specs_say_why() {
        assert!(matches!(parse_shape("box:0.5,0.25"), Ok(Shape::Polygon(p)) if p.len() == 4));
        assert!(matches!(parse_shape("circle:2"), Ok(Shape::Circle(c)) if c.radius == 2.0));
        assert!(matches!(parse_shape("ngon:6,1"), Ok(Shape::Polygon(p)) if p.len() == 6));
        assert!(matches!(
            parse_shape("segment:0,0,1,0"),
            Ok(Shape::Segment(_))
        ));
        assert!(matches!(parse_shape("poly:0,0;1,0;0,1"), Ok(Shape::Polygon(p)) if p.len() == 3));
        assert!(parse_shape("box:1").unwrap_err().contains("2 numbers"));
        assert!(parse_shape("blob:1").unwrap_err().contains("unknown kind"));
        assert!(parse_shape("circle:x")
            .unwrap_err()
            .contains("not a number"));
        assert!(parse_shape("poly:0,0;1,1;2,2")
            .unwrap_err()
            .contains("no area"));
        assert!(parse_shape("ngon:2.5,1")
            .unwrap_err()
            .contains("whole number"));
        assert!(parse_transform("1,2,0.5").is_ok());
        assert!(parse_transform("1").is_err());
    }
}
