//! Our own stroked vector glyphs for board coordinates and the material
//! balance: the files `a`-`h`, the digits and `+`. Drawn as centre-line
//! paths in a box 10 units wide; digits and ascenders run from y = 0 to the
//! baseline at y = 14 (`g` descends a little below). No fonts involved.

use super::theme::Rgb;

/// Every glyph we have, in sprite order.
pub const CHARS: &str = "abcdefgh0123456789+";

/// Stroke width in glyph units.
pub const STROKE: f32 = 2.4;
/// The view box of a glyph sprite: `(x, y, w, h)`; room for the stroke.
pub const BOX: (f32, f32, f32, f32) = (-1.5, -1.5, 13.0, 21.0);
/// Horizontal advance of one glyph, in glyph units.
pub const ADVANCE: f32 = 11.0;

/// The centre-line path of a glyph.
#[must_use]
pub fn path(c: char) -> Option<&'static str> {
    Some(match c {
        'a' => "M 8.2 6.6 V 14 M 8.2 10.3 A 3.5 3.7 0 1 1 1.2 10.3 A 3.5 3.7 0 1 1 8.2 10.3",
        'b' => "M 1.5 0.5 V 14 M 1.5 10.3 A 3.5 3.7 0 1 1 8.5 10.3 A 3.5 3.7 0 1 1 1.5 10.3",
        'c' => "M 8 7.8 A 3.6 3.7 0 1 0 8 12.8",
        'd' => "M 8.5 0.5 V 14 M 8.5 10.3 A 3.5 3.7 0 1 0 1.5 10.3 A 3.5 3.7 0 1 0 8.5 10.3",
        'e' => "M 1.4 10.3 H 8.6 A 3.6 3.7 0 1 0 7.7 12.9",
        'f' => "M 8.2 1.4 C 5.6 -0.2 3.7 0.8 3.7 4 V 14 M 1 6.6 H 7.2",
        'g' => {
            "M 8.2 6.6 V 14.6 C 8.2 17.6 3.4 18 1.6 16 M 8.2 10 A 3.5 3.5 0 1 1 1.2 10 A 3.5 3.5 0 1 1 8.2 10"
        }
        'h' => "M 1.5 0.5 V 14 M 1.5 9.8 C 2.4 5.6 8.5 5.6 8.5 9.8 V 14",
        '0' => "M 4.8 0.6 C 0.4 0.6 0.4 13.4 4.8 13.4 C 9.2 13.4 9.2 0.6 4.8 0.6 Z",
        '1' => "M 1.8 3.2 L 5.4 0.6 V 13.6 M 2 13.6 H 8.6",
        '2' => "M 1.2 3.6 C 1.8 -0.4 8.6 -0.2 8.4 3.8 C 8.2 7 3.2 9.2 1.2 13.6 H 8.8",
        '3' => {
            "M 1.2 2 C 3.4 -0.4 8.6 0.2 8.2 3.6 C 7.9 6.2 5.2 6.8 3.8 6.8 C 6.4 6.8 9 8 8.7 10.6 C 8.3 14.6 2.4 14.6 1 12"
        }
        '4' => "M 6.6 13.6 V 0.6 L 0.8 9.8 H 8.6",
        '5' => "M 8.2 0.6 H 2.4 L 1.6 6.6 C 3.4 5.2 8.8 5 8.8 9.6 C 8.8 14.6 2.6 14.6 1 12",
        '6' => {
            "M 7.8 1.2 C 4.2 -0.6 1 2.6 1 8.6 C 1 12 2.6 13.6 4.9 13.6 C 7.3 13.6 8.8 11.8 8.8 9.4 C 8.8 7 7.2 5.6 5 5.6 C 3 5.6 1.6 6.6 1.1 8.4"
        }
        '7' => "M 0.8 0.6 H 8.8 L 3.8 13.6",
        '8' => {
            "M 4.9 6.6 C 1.4 6.6 1.4 0.6 4.9 0.6 C 8.4 0.6 8.4 6.6 4.9 6.6 C 0.8 6.6 0.8 13.6 4.9 13.6 C 9 13.6 9 6.6 4.9 6.6 Z"
        }
        '9' => {
            "M 2 12.8 C 5.6 14.6 8.8 11.4 8.8 5.4 C 8.8 2 7.2 0.4 4.9 0.4 C 2.5 0.4 1 2.2 1 4.6 C 1 7 2.6 8.4 4.8 8.4 C 6.8 8.4 8.2 7.4 8.7 5.6"
        }
        '+' => "M 4.9 3.4 V 12.4 M 0.4 7.9 H 9.4",
        _ => return None,
    })
}

/// Position of `c` in [`CHARS`].
#[must_use]
pub fn index(c: char) -> Option<usize> {
    CHARS.chars().position(|x| x == c)
}

/// Stroke attributes for a glyph path of this colour.
#[must_use]
pub fn stroke_attrs(color: Rgb) -> String {
    format!(
        r#"fill="none" stroke="{}" stroke-width="{STROKE}" stroke-linecap="round" stroke-linejoin="round""#,
        color.hex()
    )
}

/// A standalone SVG of one glyph, for rasterising into a sprite.
#[must_use]
pub fn glyph_svg(c: char, color: Rgb) -> String {
    let (x, y, w, h) = BOX;
    format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x} {y} {w} {h}" width="{w}" height="{h}"><path d="{}" {}/></svg>"#,
        path(c).unwrap_or(""),
        stroke_attrs(color)
    )
}
