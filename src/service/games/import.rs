//! Games continued from a PGN (`challenge ... pgn:`): reading the PGN into
//! the challenge's start, moves and tags kept (refused with the line and
//! the move when it cannot be read, or when the game already ended), and
//! replaying them when the challenge is accepted, so the new game holds
//! the whole history: repetitions and the 50-move count go on from it,
//! and its summary and GIF show every move.

use super::messages as msg;
use crate::chess::{Game, RulesMode, Variant, import_pgn};
use crate::i18n::Locale;
use crate::store::Import;

use super::game::{Failure, user};

/// The tags of the imported game kept in the new one: the event, site,
/// date and round it came from, and its original players (exported as
/// the `Annotator`, since the players now are others).
const KEPT_TAGS: [&str; 6] = ["Event", "Site", "Date", "Round", "White", "Black"];

/// The longest tag value kept (longer ones are cut with `…`).
pub(in crate::service) const MAX_TAG_CHARS: usize = 255;

/// A challenge's game read from its PGN.
pub(in crate::service) struct ImportedStart {
    pub(in crate::service) variant: Variant,
    /// The PGN's start when it is not the standard one.
    pub(in crate::service) custom_fen: Option<String>,
    /// The moves in SAN, space separated.
    pub(in crate::service) moves: String,
    /// The tags kept, `Name<TAB>value` lines.
    pub(in crate::service) tags: String,
}

/// Reads the `pgn:` text of a challenge (`choice`: its `game:N`) under the
/// game's `rules`.
///
/// # Errors
/// `invalid_pgn` with what is wrong and where: see
/// [`crate::chess::PgnError`]; also a game the house rules already ended
/// (a threefold repetition or 50 moves in its history).
pub(in crate::service) fn read_import(
    loc: Locale,
    text: &str,
    choice: Option<usize>,
    rules: RulesMode,
) -> Result<ImportedStart, Failure> {
    let pgn = import_pgn(text, choice).map_err(|e| user("invalid_pgn", msg::pgn_error(loc, &e)))?;
    let start = pgn.game.start().fen();
    let variant = pgn.game.variant();
    let sans: Vec<&str> = pgn.game.sans().iter().map(String::as_str).collect();
    let game = replay(&start, variant, rules, &sans)
        .map_err(|e| user("invalid_pgn", msg::invalid_fen(loc, &e)))?;
    if let Some(o) = game.outcome() {
        let line = i64::try_from(pgn.end_line).unwrap_or(i64::MAX);
        return Err(user("invalid_pgn", msg::pgn_ended(loc, line, o.result())));
    }
    let tags = KEPT_TAGS
        .iter()
        .filter_map(|name| {
            let value = pgn.tag(name)?.trim();
            let known = !value.is_empty() && value != "?" && !value.starts_with("????");
            let clean = super::super::visible_text(value, MAX_TAG_CHARS);
            (known && !clean.is_empty()).then(|| format!("{name}\t{clean}"))
        })
        .collect::<Vec<_>>()
        .join("\n");
    Ok(ImportedStart {
        variant,
        custom_fen: (!game.is_standard_start()).then_some(start),
        moves: sans.join(" "),
        tags,
    })
}

/// The game from `start_fen` after `sans`, under `rules`.
///
/// # Errors
/// The reason, in English, when the start or a move no longer reads.
fn replay(
    start_fen: &str,
    variant: Variant,
    rules: RulesMode,
    sans: &[&str],
) -> Result<Game, String> {
    let mut game = Game::from_fen_variant(start_fen, variant, rules).map_err(|e| e.to_string())?;
    for san in sans {
        game.play_input(san).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// Plays a challenge's imported moves (SAN, space separated) in `game`,
/// its start, and returns what the new game's row needs.
///
/// # Errors
/// The reason, in English, when a move no longer plays (a challenge made
/// by an older version).
pub(in crate::service) fn play_import(
    game: &mut Game,
    moves: &str,
    tags: Option<&str>,
) -> Result<Import, String> {
    let mut played = Vec::new();
    for san in moves.split_whitespace() {
        let (m, san) = game.play_input(san).map_err(|e| e.to_string())?;
        played.push((game.uci(m), san));
    }
    Ok(Import {
        moves: played,
        fen: game.position().fen(),
        tags: tags.unwrap_or_default().to_string(),
    })
}

/// The value of the kept tag `name` of a game's `import_tags`.
pub(in crate::service) fn kept_tag<'a>(tags: &'a str, name: &str) -> Option<&'a str> {
    tags.lines()
        .filter_map(|l| l.split_once('\t'))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tag_values_are_cut_and_cleaned_as_names_are() {
        let long = format!("A\u{202E}B\u{200B}C{}", "x".repeat(54_000));
        let text = format!("[Event \"{long}\"]\n[White \"Ann\u{2066}\"]\n\n1. e4 *");
        let start = read_import(Locale::En, &text, None, RulesMode::House).unwrap();
        let event = kept_tag(&start.tags, "Event").unwrap();
        assert!(event.starts_with("ABCx"), "{event:.20}");
        assert_eq!(event.chars().count(), MAX_TAG_CHARS);
        assert!(event.ends_with('…'));
        assert_eq!(kept_tag(&start.tags, "White"), Some("Ann"));
    }

    #[test]
    fn an_import_keeps_moves_and_known_tags() {
        let text = "[Event \"Club\"]\n[Site \"?\"]\n[White \"Ann\"]\n[Black \"Bo\"]\n\n\
                    1. e4 e5 2. Nf3 Nc6 *";
        let start = read_import(Locale::En, text, None, RulesMode::House).unwrap();
        assert_eq!(start.moves, "e4 e5 Nf3 Nc6");
        assert_eq!(start.custom_fen, None);
        assert_eq!(kept_tag(&start.tags, "Event"), Some("Club"));
        assert_eq!(kept_tag(&start.tags, "Site"), None);
        assert_eq!(kept_tag(&start.tags, "White"), Some("Ann"));
        let mut game = Game::new(RulesMode::House);
        let import = play_import(&mut game, &start.moves, Some(&start.tags)).unwrap();
        assert_eq!(import.moves[2], ("g1f3".to_string(), "Nf3".to_string()));
        assert_eq!(game.moves().len(), 4);
    }

    #[test]
    fn a_threefold_repetition_in_the_history_ended_a_house_game() {
        let text = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 *";
        let refused = read_import(Locale::En, text, None, RulesMode::House);
        assert!(matches!(
            refused,
            Err(Failure::User {
                code: "invalid_pgn",
                ..
            })
        ));
        // Under FIDE rules it is a claim, not an end: the game goes on.
        assert!(read_import(Locale::En, text, None, RulesMode::Fide).is_ok());
    }
}
