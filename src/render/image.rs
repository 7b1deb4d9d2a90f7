//! Frames as PNG files, and the comparison of a frame with a reference image.

use super::offscreen::Rgba8;
use std::path::Path;

/// Writes `image` as an 8-bit RGBA PNG.
pub fn write_png(path: &Path, image: &Rgba8) -> Result<(), String> {
    let shown = path.display();
    let file = std::fs::File::create(path).map_err(|e| format!("{shown}: cannot create: {e}"))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), image.width, image.height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_source_srgb(png::SrgbRenderingIntent::Perceptual);
    let mut writer = encoder
        .write_header()
        .map_err(|e| format!("{shown}: cannot write: {e}"))?;
    writer
        .write_image_data(&image.pixels)
        .map_err(|e| format!("{shown}: cannot write: {e}"))?;
    writer
        .finish()
        .map_err(|e| format!("{shown}: cannot write: {e}"))
}

/// Reads an 8-bit RGBA or RGB PNG.
pub fn read_png(path: &Path) -> Result<Rgba8, String> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|e| format!("{shown}: cannot open: {e}"))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder
        .read_info()
        .map_err(|e| format!("{shown}: not a PNG image: {e}"))?;
    let size = reader
        .output_buffer_size()
        .ok_or_else(|| format!("{shown}: the image is too large"))?;
    let mut buf = vec![0; size];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| format!("{shown}: cannot decode: {e}"))?;
    buf.truncate(info.buffer_size());
    let pixels = match (info.color_type, info.bit_depth) {
        (png::ColorType::Rgba, png::BitDepth::Eight) => buf,
        (png::ColorType::Rgb, png::BitDepth::Eight) => buf
            .chunks(3)
            .flat_map(|c| [c[0], c[1], c[2], 255])
            .collect(),
        (c, d) => {
            return Err(format!(
                "{shown}: {c:?} at {d:?}: expected 8-bit RGB or RGBA"
            ))
        }
    };
    Ok(Rgba8 {
        width: info.width,
        height: info.height,
        pixels,
    })
}

/// How two images differ.
#[derive(Clone, Debug, PartialEq)]
pub struct Difference {
    /// Pixels where some channel differs by more than the tolerance.
    pub pixels_over: usize,
    /// The largest difference of any channel.
    pub max_channel: u8,
    /// A picture of the difference: the reference dimmed, pixels over the tolerance red.
    pub image: Rgba8,
}

/// Compares `actual` with `reference`: a pixel is off when any channel differs by more than
/// `tolerance`. Images of different sizes are an error.
pub fn compare(actual: &Rgba8, reference: &Rgba8, tolerance: u8) -> Result<Difference, String> {
    if (actual.width, actual.height) != (reference.width, reference.height) {
        return Err(format!(
            "the frame is {}x{} but the reference is {}x{}",
            actual.width, actual.height, reference.width, reference.height
        ));
    }
    let mut pixels_over = 0;
    let mut max_channel = 0;
    let mut diff = Vec::with_capacity(actual.pixels.len());
    for (a, r) in actual.pixels.chunks(4).zip(reference.pixels.chunks(4)) {
        let d = (0..4).map(|i| a[i].abs_diff(r[i])).max().unwrap_or(0);
        max_channel = max_channel.max(d);
        if d > tolerance {
            pixels_over += 1;
            diff.extend_from_slice(&[255, 0, 0, 255]);
        } else {
            diff.extend_from_slice(&[r[0] / 4, r[1] / 4, r[2] / 4, 255]);
        }
    }
    Ok(Difference {
        pixels_over,
        max_channel,
        image: Rgba8 {
            width: actual.width,
            height: actual.height,
            pixels: diff,
        },
    })
}

/// How many distinct colours an image has, counting at most `limit`.
pub fn distinct_colors(image: &Rgba8, limit: usize) -> usize {
    let mut seen = std::collections::BTreeSet::new();
    for p in image.pixels.chunks(4) {
        seen.insert([p[0], p[1], p[2]]);
        if seen.len() >= limit {
            break;
        }
    }
    seen.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn image(fill: [u8; 4]) -> Rgba8 {
        Rgba8 {
            width: 3,
            height: 2,
            pixels: fill.repeat(6),
        }
    }

    #[test]
    fn comparison_counts_pixels_over_the_tolerance() {
        let a = image([10, 20, 30, 255]);
        let mut b = a.clone();
        b.pixels[4] = 14; // pixel 1, red +4
        b.pixels[8] = 30; // pixel 2, red +20
        let d = compare(&b, &a, 4).unwrap();
        assert_eq!(d.pixels_over, 1);
        assert_eq!(d.max_channel, 20);
        assert_eq!(&d.image.pixels[8..12], &[255, 0, 0, 255]);
        assert!(compare(
            &a,
            &Rgba8 {
                width: 2,
                height: 3,
                pixels: a.pixels.clone()
            },
            0
        )
        .is_err());
    }

    #[test]
    fn png_round_trip() {
        let dir = std::env::temp_dir().join(format!("cavefly-png-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.png");
        let mut a = image([1, 2, 3, 255]);
        a.pixels[5] = 200;
        write_png(&path, &a).unwrap();
        assert_eq!(read_png(&path).unwrap(), a);
        assert!(read_png(&dir.join("missing.png"))
            .unwrap_err()
            .contains("missing.png"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
