//! Local move notation: reading the piece letters players type in their own
//! language, and writing the bot's moves back in it.
//!
//! [`to_standard`] turns what a player typed into text that
//! [`crate::chess::Position::parse_move`] reads; it does not check legality.
//! It always (in every locale):
//! - normalises with NFKC (full-width `Ｎｆ３` becomes `Nf3`);
//! - maps figurines (`♘f3`, `♞f6`) to the international letters, and drops
//!   the pawn figurine;
//! - maps the en dash, em dash, minus sign and other hyphens to `-`, Thai
//!   digits to ASCII digits, `×`, `:` and the Cyrillic `х` (the Russian
//!   capture mark) to `x`;
//! - reads castling written with the letter O, the digit zero or the
//!   Cyrillic О (`0-0`, `О-О-О`, `o-o`) as `O-O` / `O-O-O`;
//! - maps the Cyrillic look-alikes `а`, `е`, `с` of the files a, e, c when
//!   they stand on a square (`е4`, `с2-с4`);
//! - reads the German letters D (Dame), T (Turm), L (Läufer), S (Springer).
//!   They are accepted everywhere because they never collide: D and T mean
//!   queen and rook in Romanian too, K is the king in German and English,
//!   and L and S are piece letters in no other locale we speak.
//!
//! Piece letters of a language are translated only in that language's
//! locale, so letters that mean different pieces are never guessed:
//! - Russian ([`Locale::Ru`]): Кр king, Ф queen, Л ladья (rook), С slon
//!   (bishop), К kon' (knight), in upper or lower case (К alone is the
//!   knight, Кр the king; a Cyrillic `с` before a rank digit is the c-file,
//!   as is `С` unless a square follows: `С4d6` is a bishop). Latin letters
//!   keep their international meaning: Latin K is the king, Cyrillic К the
//!   knight, they are different characters.
//! - Romanian ([`Locale::Ro`]): R rege (king), D damă (queen), T turn (rook),
//!   N nebun (BISHOP), C cal (knight); the lower-case r, t, n too, and d and c
//!   only where a piece is promoted to (elsewhere they are files). So in a
//!   Romanian channel `Nc4` is a bishop move; in every other channel a knight
//!   move.
//! - English and Thai: the international letters K Q R B N (Thai players
//!   write them too); the chess core also reads them in lower case.
//!
//! [`from_standard`] writes a SAN move with the locale's letters (`Nf3` is
//! `Кf3` in Russian, `Cf3` in Romanian), and `to_standard` reads that back.

use unicode_normalization::UnicodeNormalization;

use super::Locale;

/// A character of the move being rewritten.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tok {
    /// Already standard (a figurine turned into its letter): never
    /// translated again.
    Fixed(char),
    /// As typed (after the locale-independent clean-up).
    Raw(char),
}

impl Tok {
    const fn ch(self) -> char {
        match self {
            Tok::Fixed(c) | Tok::Raw(c) => c,
        }
    }
}

/// Rewrites a move typed in `locale`'s notation into the international
/// notation the chess core reads (see the module docs for every rule).
#[must_use]
pub fn to_standard(input: &str, locale: Locale) -> String {
    let normal: String = input.trim().nfkc().collect();
    let toks: Vec<Tok> = normal.chars().filter_map(clean).collect();
    if let Some(castle) = castling(&toks) {
        return castle;
    }
    let mut out = String::with_capacity(normal.len());
    let mut i = 0;
    while i < toks.len() {
        let (piece, used) = match toks[i] {
            Tok::Fixed(c) => (Some(c), 1),
            Tok::Raw(_) => piece_at(&toks, i, locale),
        };
        match piece {
            Some(p) => {
                out.push(p);
                i += used;
            }
            None => {
                out.push(square_char(&toks, i));
                i += 1;
            }
        }
    }
    out
}

/// Writes a SAN move (`Nf3`, `exd8=Q+`, `O-O`) with the piece letters of
/// `locale`: `Кf3` in Russian, `Cf3` in Romanian; unchanged in English and
/// Thai.
#[must_use]
pub fn from_standard(san: &str, locale: Locale) -> String {
    let mut out = String::with_capacity(san.len() + 2);
    for c in san.chars() {
        match (locale, c) {
            (Locale::Ru, 'K') => out.push_str("Кр"),
            (Locale::Ru, 'Q') => out.push('Ф'),
            (Locale::Ru, 'R') => out.push('Л'),
            (Locale::Ru, 'B') => out.push('С'),
            (Locale::Ru, 'N') => out.push('К'),
            (Locale::Ro, 'K') => out.push('R'),
            (Locale::Ro, 'Q') => out.push('D'),
            (Locale::Ro, 'R') => out.push('T'),
            (Locale::Ro, 'B') => out.push('N'),
            (Locale::Ro, 'N') => out.push('C'),
            _ => out.push(c),
        }
    }
    out
}

/// Locale-independent clean-up of one character; `None` drops it.
fn clean(c: char) -> Option<Tok> {
    let t = match c {
        '♔' | '♚' => Tok::Fixed('K'),
        '♕' | '♛' => Tok::Fixed('Q'),
        '♖' | '♜' => Tok::Fixed('R'),
        '♗' | '♝' => Tok::Fixed('B'),
        '♘' | '♞' => Tok::Fixed('N'),
        '♙' | '♟' => return None,
        '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE58}' | '\u{FE63}' => Tok::Raw('-'),
        '×' | 'х' | 'Х' | ':' => Tok::Raw('x'),
        '๐'..='๙' => {
            let d = u32::from(c) - u32::from('๐');
            Tok::Raw(char::from_digit(d, 10).unwrap_or(c))
        }
        _ => Tok::Raw(c),
    };
    Some(t)
}

/// `O-O` or `O-O-O` (with any check or annotation suffix) when the move is
/// castling written with O, o, 0 or the Cyrillic О, with or without dashes.
fn castling(toks: &[Tok]) -> Option<String> {
    let chars: Vec<char> = toks.iter().map(|t| t.ch()).collect();
    let end = chars
        .iter()
        .rposition(|c| !matches!(c, '+' | '#' | '!' | '?'))
        .map_or(0, |p| p + 1);
    let (body, suffix) = chars.split_at(end);
    let body: Vec<char> = body.iter().copied().filter(|&c| c != '-').collect();
    let is_o = |c: &char| matches!(c, 'O' | 'o' | '0' | 'О' | 'о');
    if !body.iter().all(is_o) || suffix.len() > 2 {
        return None;
    }
    let side = match body.len() {
        2 => "O-O",
        3 => "O-O-O",
        _ => return None,
    };
    let suffix: String = suffix.iter().collect();
    Some(format!("{side}{suffix}"))
}

/// Is `c` a file letter (also the Cyrillic look-alikes)?
fn is_file(c: char) -> bool {
    matches!(c, 'a'..='h' | 'а' | 'е' | 'с')
}

/// Does a square (file then rank) start at `i`?
fn square_at(toks: &[Tok], i: usize) -> bool {
    matches!(
        (toks.get(i).map(|t| t.ch()), toks.get(i + 1).map(|t| t.ch())),
        (Some(f), Some('1'..='8')) if is_file(f)
    )
}

/// Is there a square anywhere from `i` on?
fn square_from(toks: &[Tok], i: usize) -> bool {
    (i..toks.len()).any(|j| square_at(toks, j))
}

/// Is position `i` where a piece letter may stand: the start of the move,
/// or where a pawn's promotion piece goes (after `=`, `/`, `(`, or right
/// after the last rank digit of the move)?
fn piece_slot(toks: &[Tok], i: usize) -> Slot {
    if i == 0 {
        return Slot::Start;
    }
    match toks[i - 1].ch() {
        '=' | '/' | '(' => Slot::Promotion,
        '1' | '8' if !square_from(toks, i) => Slot::Promotion,
        _ => Slot::None,
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Start,
    Promotion,
    None,
}

/// The international piece letter at `i` in `locale`'s notation, and how
/// many characters it took; `(None, 1)` when `i` holds no piece letter.
fn piece_at(toks: &[Tok], i: usize, locale: Locale) -> (Option<char>, usize) {
    let slot = piece_slot(toks, i);
    if slot == Slot::None {
        return (None, 1);
    }
    let c = toks[i].ch();
    let next = toks.get(i + 1).map(|t| t.ch());
    let local = match locale {
        Locale::Ru => match c {
            'К' | 'к' | 'K' | 'k' if matches!(next, Some('р' | 'Р')) => return (Some('K'), 2),
            'Ф' | 'ф' => Some('Q'),
            'Л' | 'л' => Some('R'),
            // A Cyrillic с before a rank digit is the c-file (`с4`,
            // `с2-с4`); an upper-case С before a rank digit and a square
            // is a bishop with its rank given (`С4d6`).
            'с' if matches!(next, Some('1'..='8')) => None,
            'С' if matches!(next, Some('1'..='8')) && !square_from(toks, i + 2) => None,
            'С' | 'с' => Some('B'),
            'К' | 'к' => Some('N'),
            _ => None,
        },
        Locale::Ro => match c {
            'R' | 'r' => Some('K'),
            'D' => Some('Q'),
            'd' if slot == Slot::Promotion => Some('Q'),
            'T' | 't' => Some('R'),
            'N' | 'n' => Some('B'),
            'C' => Some('N'),
            'c' if slot == Slot::Promotion => Some('N'),
            _ => None,
        },
        Locale::En | Locale::Th => None,
    };
    let german = match c {
        'D' => Some('Q'),
        'T' => Some('R'),
        'L' => Some('B'),
        'S' => Some('N'),
        _ => None,
    };
    (local.or(german), 1)
}

/// The character at `i` outside piece letters: Cyrillic file look-alikes
/// on a square become Latin files; everything else is kept.
fn square_char(toks: &[Tok], i: usize) -> char {
    let c = toks[i].ch();
    let on_square = matches!(toks.get(i + 1).map(|t| t.ch()), Some('1'..='8'));
    match c {
        'а' | 'А' if on_square => 'a',
        'е' | 'Е' if on_square => 'e',
        'с' | 'С' if on_square => 'c',
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn russian_letters_become_international() {
        for (typed, standard) in [
            ("Кf3", "Nf3"),
            ("кf3", "Nf3"),
            ("Крe2", "Ke2"),
            ("крe2", "Ke2"),
            ("Фd1", "Qd1"),
            ("Лa1", "Ra1"),
            ("Сc4", "Bc4"),
            ("сc4", "Bc4"),
            ("с4", "c4"),
            ("е4", "e4"),
            ("exd5", "exd5"),
            ("eхd5", "exd5"),
            ("Кхe5", "Nxe5"),
            ("Л:e5", "Rxe5"),
            ("e8Ф", "e8Q"),
            ("e8=Ф", "e8=Q"),
            ("С4d6", "B4d6"),
        ] {
            assert_eq!(to_standard(typed, Locale::Ru), standard, "{typed}");
        }
    }

    #[test]
    fn romanian_n_is_a_bishop_only_in_romanian() {
        assert_eq!(to_standard("Nc4", Locale::Ro), "Bc4");
        assert_eq!(to_standard("Nc4", Locale::En), "Nc4");
        assert_eq!(to_standard("Cf3", Locale::Ro), "Nf3");
        assert_eq!(to_standard("Re2", Locale::Ro), "Ke2");
        assert_eq!(to_standard("Re2", Locale::En), "Re2");
    }

    #[test]
    fn castling_in_every_spelling() {
        for typed in ["O-O", "0-0", "О-О", "о-о", "O–O", "O—O", "OO"] {
            assert_eq!(to_standard(typed, Locale::Ru), "O-O", "{typed}");
        }
        assert_eq!(to_standard("0-0-0+", Locale::En), "O-O-O+");
    }

    #[test]
    fn bot_moves_round_trip_through_local_notation() {
        for san in [
            "Nf3", "Ke2", "Qxd8+", "Rae1", "B4d6", "exd8=N#", "O-O", "e4",
        ] {
            for l in Locale::ALL {
                assert_eq!(to_standard(&from_standard(san, l), l), san, "{san} {l}");
            }
        }
    }
}
