//! League standings as a picture: a table PNG 800 pixels wide, readable on
//! a phone (24 px text, 22 px at the least), drawn with the embedded fonts
//! of [`super::text`]: a title, a header row and one row per player (rank,
//! name, points, played, left, tie-break), alternate rows shaded, and
//! notes under the table that spell out the abbreviated columns. Names
//! are untrusted text: escaped, shrunk or cut to their column.

use std::fmt::Write as _;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

use super::text::{self, TextStyle};
use super::theme::Rgb;
use super::{RenderError, encode_png, fill};

/// Width of the picture in pixels.
pub const STANDINGS_WIDTH: u32 = 800;
/// Text size of the rows, in pixels.
pub const STANDINGS_TEXT_PX: f32 = 24.0;
/// The smallest a long name shrinks to before it is cut.
pub const STANDINGS_MIN_TEXT_PX: f32 = 22.0;
const _: () = assert!(STANDINGS_MIN_TEXT_PX >= 22.0);

const ROW: u32 = 44;
const TITLE: u32 = 64;
/// The height of one note line under the table.
const NOTE: u32 = 34;
const MARGIN: f32 = 24.0;
const BACKGROUND: Rgb = Rgb(0x26, 0x24, 0x21);
const SHADE: Rgb = Rgb(0x31, 0x2e, 0x2b);
const HEAD: Rgb = Rgb(0x3c, 0x39, 0x35);
const INK: Rgb = Rgb(0xee, 0xee, 0xee);
const DIM: Rgb = Rgb(0xb0, 0xab, 0xa4);
const GOLD: Rgb = Rgb(0xf0, 0xc0, 0x40);

/// What a table lists, which sets its columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TableKind {
    /// A league's or a Swiss's standings: rank, name, points, played, left,
    /// tie-break; the leader's row (rank `1`) in gold.
    Ranking,
    /// A team match's boards: the board's label (`Board 2, game 1`), the
    /// pairing and the result; no row stands out.
    Boards,
}

impl TableKind {
    /// Column left edges and widths.
    fn columns(self) -> [(f32, f32); 6] {
        match self {
            TableKind::Ranking => [
                (MARGIN, 56.0),
                (MARGIN + 64.0, 340.0),
                (440.0, 90.0),
                (540.0, 80.0),
                (630.0, 60.0),
                (700.0, 84.0),
            ],
            // A board's label takes words ("Board 2, game 1"), not a rank's
            // digit.
            TableKind::Boards => [
                (MARGIN, 200.0),
                (MARGIN + 210.0, 400.0),
                (644.0, 132.0),
                (STANDINGS_WIDTH as f32, 0.0),
                (STANDINGS_WIDTH as f32, 0.0),
                (STANDINGS_WIDTH as f32, 0.0),
            ],
        }
    }
}

/// The picture's height for `rows` rows and `notes` note lines.
fn height_of(rows: usize, notes: usize) -> u32 {
    TITLE + ROW * (rows as u32 + 1) + 16 + NOTE * notes as u32
}

/// The standings table as SVG (`header`: six column titles; `rows`: six
/// cells each; `notes`: lines under the table, e.g. what `SB` means).
#[must_use]
pub fn standings_svg(
    kind: TableKind,
    title: &str,
    header: &[String],
    rows: &[[String; 6]],
    notes: &[String],
) -> String {
    let height = height_of(rows.len(), notes.len());
    let mut svg = String::with_capacity(4096);
    let _ = write!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{STANDINGS_WIDTH}" height="{height}">"#
    );
    let style = |size: f32, bold: bool, color: Rgb| TextStyle {
        size,
        min_size: STANDINGS_MIN_TEXT_PX,
        bold,
        color,
    };
    svg.push_str(&text::svg_line(
        title,
        MARGIN,
        42.0,
        STANDINGS_WIDTH as f32 - 2.0 * MARGIN,
        &style(30.0, true, INK),
    ));
    let mut line = |y: u32, cells: &[String], bold: bool, color: Rgb| {
        for (i, (x, w)) in kind.columns().into_iter().enumerate() {
            if let Some(c) = cells.get(i).filter(|_| w > 0.0) {
                svg.push_str(&text::svg_line(
                    c,
                    x,
                    (y + 30) as f32,
                    w,
                    &style(STANDINGS_TEXT_PX, bold, color),
                ));
            }
        }
    };
    line(TITLE, header, true, DIM);
    for (i, row) in rows.iter().enumerate() {
        let leader = kind == TableKind::Ranking && row[0] == "1";
        let color = if leader { GOLD } else { INK };
        line(TITLE + ROW * (i as u32 + 1), row, leader, color);
    }
    let notes_top = TITLE + ROW * (rows.len() as u32 + 1) + 8;
    for (i, note) in notes.iter().enumerate() {
        svg.push_str(&text::svg_line(
            note,
            MARGIN,
            (notes_top + NOTE * i as u32 + 24) as f32,
            STANDINGS_WIDTH as f32 - 2.0 * MARGIN,
            &style(STANDINGS_MIN_TEXT_PX, false, DIM),
        ));
    }
    svg.push_str("</svg>");
    svg
}

/// The standings table as a PNG, [`STANDINGS_WIDTH`] pixels wide.
///
/// # Errors
/// [`RenderError`] when drawing or encoding fails.
pub fn standings_image(
    kind: TableKind,
    title: &str,
    header: &[String],
    rows: &[[String; 6]],
    notes: &[String],
) -> Result<Vec<u8>, RenderError> {
    let height = height_of(rows.len(), notes.len());
    let mut pm = Pixmap::new(STANDINGS_WIDTH, height)
        .ok_or_else(|| RenderError::Raster("empty table".into()))?;
    fill(&mut pm, 0, 0, STANDINGS_WIDTH, height, BACKGROUND);
    fill(&mut pm, 0, TITLE as i32, STANDINGS_WIDTH, ROW, HEAD);
    for i in (1..rows.len()).step_by(2) {
        let y = TITLE + ROW * (i as u32 + 1);
        fill(&mut pm, 0, y as i32, STANDINGS_WIDTH, ROW, SHADE);
    }
    let tree = usvg::Tree::from_str(
        &standings_svg(kind, title, header, rows, notes),
        &text::usvg_options(),
    )
    .map_err(|e| RenderError::Raster(format!("standings text: {e}")))?;
    resvg::render(&tree, Transform::identity(), &mut pm.as_mut());
    encode_png(&pm)
}

/// [`standings_image`], or an empty vector (logged) when it fails.
#[must_use]
pub fn standings_png(
    kind: TableKind,
    title: &str,
    header: &[String],
    rows: &[[String; 6]],
    notes: &[String],
) -> Vec<u8> {
    standings_image(kind, title, header, rows, notes).unwrap_or_else(|e| {
        tracing::error!(error = %e, "drawing the standings failed");
        Vec::new()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<[String; 6]> {
        let r = |a: &str, b: &str, c: &str| {
            [
                a.to_string(),
                b.to_string(),
                c.to_string(),
                "3".to_string(),
                "1".to_string(),
                "3.25".to_string(),
            ]
        };
        vec![
            r("1", "alice", "2½"),
            r(
                "2",
                "<b>bob & co</b> with a very very long name indeed, too long",
                "2",
            ),
            r("3", "สมชาย", "½"),
        ]
    }

    fn header() -> Vec<String> {
        ["#", "Player", "Pts", "Pl", "Left", "SB"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn the_table_is_a_phone_readable_png() {
        let png = standings_image(TableKind::Ranking, "Winter Cup", &header(), &rows(), &[])
            .expect("png");
        assert_eq!(&png[1..4], b"PNG");
        let w = u32::from_be_bytes([png[16], png[17], png[18], png[19]]);
        let h = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
        assert_eq!(w, STANDINGS_WIDTH);
        assert_eq!(h, TITLE + ROW * 4 + 16);
        // A note line adds its height, and its text is drawn.
        let note = vec!["SB: Sonneborn-Berger".to_string()];
        let png = standings_image(TableKind::Ranking, "Winter Cup", &header(), &rows(), &note)
            .expect("png");
        let h = u32::from_be_bytes([png[20], png[21], png[22], png[23]]);
        assert_eq!(h, TITLE + ROW * 4 + 16 + NOTE);
        assert!(
            standings_svg(TableKind::Ranking, "Winter Cup", &header(), &rows(), &note)
                .contains("Sonneborn")
        );
    }

    #[test]
    fn names_are_escaped_and_fit_their_column() {
        let svg = standings_svg(
            TableKind::Ranking,
            "a <title>",
            &header(),
            &rows(),
            &["<i>".to_string()],
        );
        assert!(!svg.contains("<i>"));
        assert!(!svg.contains("<b>"));
        assert!(svg.contains("&lt;b&gt;"));
        assert!(svg.contains("&lt;title&gt;"));
        // No text smaller than the minimum.
        for part in svg.split("font-size=\"").skip(1) {
            let size: f32 = part.split('"').next().unwrap_or("0").parse().unwrap();
            assert!(size >= STANDINGS_MIN_TEXT_PX, "{size}");
        }
    }

    #[test]
    fn a_matchs_board_labels_are_shown_whole_and_no_row_is_gold() {
        let row = |label: &str, pairing: &str, result: &str| {
            let mut r: [String; 6] = Default::default();
            r[0] = label.to_string();
            r[1] = pairing.to_string();
            r[2] = result.to_string();
            r
        };
        let rows = vec![
            row("1", "Aryan – Ding", "1-0"),
            row("Board 2, game 1", "Fabiano – Jon", "½-½"),
        ];
        let header: Vec<String> = ["Board", "White – Black", "Result", "", "", ""]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let svg = standings_svg(TableKind::Boards, "Match 1", &header, &rows, &[]);
        for whole in ["Board 2, game 1", ">Board<", ">Fabiano", "Result"] {
            assert!(svg.contains(whole), "{whole}");
        }
        assert!(!svg.contains('…'));
        let gold = format!("{:02x}{:02x}{:02x}", GOLD.0, GOLD.1, GOLD.2);
        assert!(
            !svg.to_lowercase().contains(&gold),
            "a board numbered 1 is no leader"
        );
        // The league's table keeps its narrow rank column: the same label
        // would not fit there.
        let ranking = standings_svg(TableKind::Ranking, "Match 1", &header, &rows, &[]);
        assert!(!ranking.contains("Board 2, game 1"));
    }
}
