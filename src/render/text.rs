//! Text in pictures: the embedded fonts (`assets/fonts/`: DejaVu Sans for
//! Latin, Cyrillic, Greek and more; Waree for Thai), loaded once into the
//! font database that usvg lays text out with (harfrust shaping places
//! Thai vowels and tone marks), and SVG `<text>` lines built from
//! untrusted strings: XML-escaped, each run of letters in the face that
//! has them, shrunk or cut to fit a width.

use std::fmt::Write as _;
use std::sync::{Arc, OnceLock};

use resvg::usvg::{self, fontdb};
use skrifa::MetadataProvider as _;
use skrifa::instance::{LocationRef, Size};
use unicode_segmentation::UnicodeSegmentation as _;

use super::theme::Rgb;
use super::xml_escape;

const DEJAVU: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
const DEJAVU_BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");
const WAREE: &[u8] = include_bytes!("../../assets/fonts/Waree.ttf");
const WAREE_BOLD: &[u8] = include_bytes!("../../assets/fonts/Waree-Bold.ttf");

/// The family names, in the order faces are tried for a letter.
const FAMILIES: [&str; 2] = ["DejaVu Sans", "Waree"];

/// The fonts, parsed once.
struct Fonts {
    db: Arc<fontdb::Database>,
    /// `[family][bold]`.
    faces: [[skrifa::FontRef<'static>; 2]; 2],
}

static FONTS: OnceLock<Fonts> = OnceLock::new();

fn fonts() -> &'static Fonts {
    FONTS.get_or_init(|| {
        let mut db = fontdb::Database::new();
        for data in [DEJAVU, DEJAVU_BOLD, WAREE, WAREE_BOLD] {
            db.load_font_source(fontdb::Source::Binary(Arc::new(data)));
        }
        db.set_sans_serif_family(FAMILIES[0]);
        let face = |data: &'static [u8]| {
            skrifa::FontRef::new(data).expect("the embedded fonts are valid TrueType")
        };
        Fonts {
            db: Arc::new(db),
            faces: [
                [face(DEJAVU), face(DEJAVU_BOLD)],
                [face(WAREE), face(WAREE_BOLD)],
            ],
        }
    })
}

/// Loads the embedded fonts now (they are otherwise loaded on first use).
pub fn preload() {
    let _ = fonts();
}

/// usvg options whose font database holds the embedded fonts only.
pub(super) fn usvg_options() -> usvg::Options<'static> {
    let mut opt = usvg::Options {
        font_family: FAMILIES[0].to_string(),
        ..usvg::Options::default()
    };
    opt.fontdb = Arc::clone(&fonts().db);
    opt
}

/// How a line of text looks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextStyle {
    /// Font size in pixels.
    pub size: f32,
    /// The smallest size a line may shrink to before it is cut.
    pub min_size: f32,
    pub bold: bool,
    pub color: Rgb,
}

/// A run of text in one family.
struct Run {
    family: usize,
    text: String,
}

/// Splits text into runs by the face that has each letter: a letter stays
/// in the current face when it has it, else takes the first face that has
/// it. Letters no face has (emoji...) are left out, as are control
/// characters; line breaks and tabs become spaces.
fn runs(text: &str) -> Vec<Run> {
    let f = fonts();
    let has = |family: usize, c: char| f.faces[family][0].charmap().map(c).is_some();
    let mut out: Vec<Run> = Vec::new();
    // A whole grapheme cluster no face can draw
    // (an emoji with its joiners, skin tone and variation selector, a
    // flag) goes whole, never leaving a joiner or half a flag behind; bidi
    // controls go too (a name never reorders the text around it).
    let chars = text.graphemes(true).filter(|g| {
        g.chars().next().is_some_and(|first| {
            first.is_whitespace()
                || first.is_control()
                || (0..FAMILIES.len()).any(|fam| has(fam, first))
        })
    });
    for c in chars.flat_map(str::chars) {
        let c = if c == '\n' || c == '\t' { ' ' } else { c };
        if c.is_control() || is_bidi_control(c) {
            continue;
        }
        if let Some(run) = out.last_mut()
            && (c == ' ' || has(run.family, c))
        {
            run.text.push(c);
            continue;
        }
        if let Some(family) = (0..FAMILIES.len()).find(|&fam| has(fam, c)) {
            out.push(Run {
                family,
                text: c.to_string(),
            });
        }
    }
    out
}

/// The advance width of runs at `size` pixels (no kerning: an estimate
/// within a few percent, enough to fit lines).
fn width(runs: &[Run], size: f32, bold: bool) -> f32 {
    let f = fonts();
    runs.iter()
        .map(|run| {
            let face = &f.faces[run.family][usize::from(bold)];
            let charmap = face.charmap();
            let metrics = face.glyph_metrics(Size::new(size), LocationRef::default());
            run.text
                .chars()
                .filter_map(|c| charmap.map(c))
                .filter_map(|g| metrics.advance_width(g))
                .sum::<f32>()
        })
        .sum()
}

/// The width `text` takes in `style` at its full size.
#[must_use]
pub fn text_width(text: &str, style: &TextStyle) -> f32 {
    width(&runs(text), style.size, style.bold)
}

/// One line of text as an SVG `<text>` element with its baseline's left end
/// at `x`, `y`. A line wider than `max_width` shrinks (down to
/// `style.min_size`), then loses letters at its end for an ellipsis.
/// Everything is escaped: the text is never read as markup.
#[must_use]
pub fn svg_line(text: &str, x: f32, y: f32, max_width: f32, style: &TextStyle) -> String {
    let mut runs = runs(text.trim());
    if runs.is_empty() {
        return String::new();
    }
    let mut size = style.size;
    let w = width(&runs, size, style.bold);
    if w > max_width {
        size = (size * max_width / w).max(style.min_size.min(style.size));
    }
    if width(&runs, size, style.bold) > max_width {
        // Cut letters until the text and an ellipsis fit.
        let ellipsis = Run {
            family: 0,
            text: "\u{2026}".to_string(),
        };
        let room = max_width - width(std::slice::from_ref(&ellipsis), size, style.bold);
        while width(&runs, size, style.bold) > room {
            let Some(last) = runs.last_mut() else { break };
            pop_letter(&mut last.text);
            if last.text.is_empty() {
                runs.pop();
            }
        }
        if let Some(last) = runs.last_mut() {
            let kept = last.text.trim_end().len();
            last.text.truncate(kept);
        }
        runs.push(ellipsis);
    }
    let mut out = String::with_capacity(128);
    let _ = write!(
        out,
        r#"<text x="{x:.1}" y="{y:.1}" font-size="{size:.2}" font-weight="{}" fill="{}">"#,
        if style.bold { 700 } else { 400 },
        style.color.hex()
    );
    for run in &runs {
        let _ = write!(
            out,
            r#"<tspan font-family="{}">{}</tspan>"#,
            FAMILIES[run.family],
            xml_escape(&run.text)
        );
    }
    out.push_str("</text>");
    out
}

/// Breaks text into at most `max_lines` lines no wider than `max_width`
/// at the style's full size, at spaces; the last line takes the rest (and
/// [`svg_line`] shrinks or cuts it).
#[must_use]
pub fn wrap(text: &str, max_width: f32, max_lines: usize, style: &TextStyle) -> Vec<String> {
    if max_lines <= 1 {
        return vec![text.split_whitespace().collect::<Vec<_>>().join(" ")];
    }
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut words = text.split_whitespace().peekable();
    while let Some(word) = words.next() {
        let candidate = if current.is_empty() {
            word.to_string()
        } else {
            format!("{current} {word}")
        };
        if current.is_empty() || text_width(&candidate, style) <= max_width {
            current = candidate;
            continue;
        }
        lines.push(std::mem::take(&mut current));
        current = word.to_string();
        if lines.len() + 1 == max_lines {
            // The last line takes every remaining word.
            for rest in words.by_ref() {
                current.push(' ');
                current.push_str(rest);
            }
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

/// Whether `c` joins the letter before it (a combining mark such as a
/// Thai vowel or tone mark, an accent, a joiner or a variation selector):
/// text is never cut between the two.
#[must_use]
pub fn is_mark(c: char) -> bool {
    matches!(c as u32,
        0x0300..=0x036f
        | 0x0483..=0x0489
        | 0x0591..=0x05bd
        | 0x05bf..=0x05c7
        | 0x0610..=0x061a
        | 0x064b..=0x065f
        | 0x0670
        | 0x06d6..=0x06ed
        | 0x0e31
        | 0x0e34..=0x0e3a
        | 0x0e47..=0x0e4e
        | 0x1ab0..=0x1aff
        | 0x1dc0..=0x1dff
        | 0x200c..=0x200d
        | 0x20d0..=0x20ff
        | 0xfe00..=0xfe0f
        | 0xfe20..=0xfe2f
        | 0x1f3fb..=0x1f3ff
        | 0xe0100..=0xe01ef)
}

/// Removes the last grapheme cluster of `s` (a letter with its marks, an
/// emoji sequence, a flag): text is cut between clusters only.
fn pop_letter(s: &mut String) {
    let cut = s.grapheme_indices(true).next_back().map_or(0, |(i, _)| i);
    s.truncate(cut);
}

/// At most `n` grapheme clusters of `s` (never half of one).
#[must_use]
pub fn take_graphemes(s: &str, n: usize) -> String {
    s.graphemes(true).take(n).collect()
}

/// The bidirectional formatting characters (marks, embeddings,
/// overrides, isolates), dropped from pictures.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{061c}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `text` cut to `max_width` at `style`'s size, between whole letters,
/// ending in an ellipsis when cut; whole when it fits.
#[must_use]
pub fn ellipsize(text: &str, max_width: f32, style: &TextStyle) -> String {
    let text = text.trim();
    if text_width(text, style) <= max_width {
        return text.to_string();
    }
    let room = max_width - text_width("\u{2026}", style);
    let mut s = text.to_string();
    while !s.is_empty() && text_width(&s, style) > room {
        pop_letter(&mut s);
    }
    let kept = s.trim_end().len();
    s.truncate(kept);
    s.push('\u{2026}');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const STYLE: TextStyle = TextStyle {
        size: 20.0,
        min_size: 14.0,
        bold: false,
        color: Rgb(0, 0, 0),
    };

    #[test]
    fn letters_go_to_the_face_that_has_them() {
        let r = runs("Bob Иван สมชาย中x");
        let fams: Vec<(usize, &str)> = r.iter().map(|r| (r.family, r.text.as_str())).collect();
        assert_eq!(fams, vec![(0, "Bob Иван "), (1, "สมชายx")]);
    }

    #[test]
    fn markup_in_text_is_escaped() {
        let svg = svg_line("<b>&amp;", 0.0, 20.0, 500.0, &STYLE);
        assert!(svg.contains("&lt;b&gt;&amp;amp;"), "{svg}");
    }

    #[test]
    fn long_lines_shrink_then_get_an_ellipsis() {
        let long = "W".repeat(64);
        let svg = svg_line(&long, 0.0, 20.0, 200.0, &STYLE);
        assert!(svg.contains("font-size=\"14.00\""), "{svg}");
        assert!(svg.contains('\u{2026}'));
        let short = svg_line("Bob", 0.0, 20.0, 200.0, &STYLE);
        assert!(short.contains("font-size=\"20.00\""), "{short}");
    }

    #[test]
    fn wrapping_breaks_at_spaces() {
        let lines = wrap("C20 King's Pawn Game: Napoleon Attack", 200.0, 3, &STYLE);
        assert!(lines.len() >= 2, "{lines:?}");
        assert_eq!(lines.join(" "), "C20 King's Pawn Game: Napoleon Attack");
        assert_eq!(wrap("a b c d e f", 1.0, 2, &STYLE), vec!["a", "b c d e f"]);
    }
}

// Names are cut by grapheme cluster, never inside one.
#[cfg(test)]
mod grapheme_tests {
    use unicode_segmentation::UnicodeSegmentation as _;

    use super::*;

    const STYLE: TextStyle = TextStyle {
        size: 20.0,
        min_size: 20.0,
        bold: false,
        color: Rgb(0, 0, 0),
    };

    /// Whether `cut` (with its ellipsis taken off) is whole clusters of
    /// `text`, in order, from its start (spaces at the cut may go).
    fn whole_clusters_of(cut: &str, text: &str) -> bool {
        let cut = cut.trim_end_matches('\u{2026}');
        let mut kept = String::new();
        for g in text.graphemes(true) {
            if kept.len() >= cut.trim_end().len() {
                break;
            }
            kept.push_str(g);
        }
        kept.trim_end() == cut.trim_end()
    }

    #[test]
    fn undrawable_clusters_go_whole() {
        // A family by zero-width joiners, a thumbs-up with a skin tone, a
        // flag, a keycap, bidi overrides: nothing of them is left.
        let text = "a\u{1f468}\u{200d}\u{1f469}\u{200d}\u{1f467}b\u{1f44d}\u{1f3fd}c\u{1f1fa}\u{1f1e6}d\u{202e}e\u{202c}\u{2066}f\u{2069}";
        let r = runs(text);
        let all: String = r.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(all, "abcdef");
        // Thai with its marks stays whole.
        let r = runs("ผู้เล่น น้ำ");
        let all: String = r.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(all, "ผู้เล่น น้ำ");
    }

    #[test]
    fn names_are_cut_between_clusters_only() {
        let thai = "ผู้เล่นที่ชื่อยาวมากจริงๆ น้ำใจงาม ".repeat(4);
        let flags = "\u{1f1fa}\u{1f1e6}\u{1f1f9}\u{1f1ed}".repeat(20);
        let zwj = "Ana\u{1f469}\u{200d}\u{1f4bb}".repeat(10);
        let accents = "e\u{301}a\u{308}\u{323}o\u{302}".repeat(20);
        for text in [thai.as_str(), &flags, &zwj, &accents] {
            for room in [30.0, 61.0, 97.0, 150.0] {
                let cut = ellipsize(text, room, &STYLE);
                assert!(whole_clusters_of(&cut, text), "{room}: {cut:?}");
                let mut popped = text.to_string();
                pop_letter(&mut popped);
                assert!(whole_clusters_of(&popped, text), "{popped:?}");
            }
            for n in [1, 3, 7, 64] {
                let clipped = take_graphemes(text, n);
                assert!(whole_clusters_of(&clipped, text), "{n}: {clipped:?}");
                assert!(clipped.graphemes(true).count() <= n);
            }
        }
        // A flag is two letters that count as one.
        assert_eq!(take_graphemes(&flags, 1), "\u{1f1fa}\u{1f1e6}");
    }

    #[test]
    fn an_svg_line_of_a_cut_name_holds_no_half_cluster() {
        let name = "สมชาย\u{1f3f3}\u{fe0f}\u{200d}\u{1f308}ใจดี\u{1f1f9}\u{1f1ed}".repeat(6);
        let svg = svg_line(&name, 0.0, 20.0, 120.0, &STYLE);
        for bad in ['\u{200d}', '\u{fe0f}', '\u{1f1f9}', '\u{1f3f3}'] {
            assert!(!svg.contains(bad), "{bad:?} in {svg}");
        }
        assert!(svg.contains('\u{2026}'), "{svg}");
    }
}
