//! What `league create` fixes beyond the clock: a thematic start for every
//! game (`opening:` a line of the opening table, by code or name, or
//! `fen:` a position) and a Swiss's tie-break order (`tiebreaks:`),
//! checked here before the league exists and read back from its row.
//!
//! Decisions: a start from the opening table is a standard book position,
//! so the games stay rated as the creator chose; a start from any other
//! FEN is a custom start and never rated, as for a challenge (a Chess960
//! FEN that is a numbered start position counts as that position and
//! stays rated). A Chess960 event takes no `opening:` (the names belong to
//! standard chess); with `fen:` its games all start from that position
//! instead of a drawn one.

use chrono::{DateTime, NaiveDateTime, Utc};

use super::game::{Failure, user};
use super::messages as msg;
use crate::chess::{Position, RulesMode, Variant};
use crate::i18n::Locale;
use crate::openings::FindError;
use crate::store::LeagueRow;
use crate::swiss::tiebreaks::Tiebreak;

/// `league create`'s start and ranking options, as typed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeagueSetup {
    /// An ECO code or an opening name (`C60`, `Ruy Lopez`).
    pub opening: Option<String>,
    /// The start position of every game.
    pub fen: Option<String>,
    /// A Swiss's tie-break order (`bh1,bh,sb,de,wins`).
    pub tiebreaks: Option<String>,
}

/// A league's fixed start, checked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(in crate::service) struct FixedStart {
    /// The start FEN of every game; `None`: the usual start.
    pub(in crate::service) fen: Option<String>,
    /// The opening line it came from (`C60 Ruy Lopez`).
    pub(in crate::service) opening: Option<String>,
    /// That line's moves, numbered, for the announcement.
    pub(in crate::service) moves: Option<String>,
    /// A custom start: the games are never rated.
    pub(in crate::service) custom: bool,
}

/// Longest query echoed back in a refusal.
const ECHO_CHARS: usize = 60;

fn echo(s: &str) -> String {
    s.trim().chars().take(ECHO_CHARS).collect()
}

/// Checks `setup`'s start for an event in `variant` under `rules`.
///
/// # Errors
/// `invalid_option` for both an opening and a FEN, an opening in a
/// Chess960 event, an unknown or ambiguous opening; `invalid_fen` for a
/// FEN that does not read as a legal start of the variant or whose game
/// is already over.
pub(in crate::service) fn fixed_start(
    loc: Locale,
    setup: &LeagueSetup,
    variant: Variant,
    rules: RulesMode,
) -> Result<FixedStart, Failure> {
    let opening = setup
        .opening
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let fen = setup
        .fen
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    match (opening, fen) {
        (None, None) => Ok(FixedStart::default()),
        (Some(_), Some(_)) => Err(user("invalid_option", msg::league_opening_and_fen(loc))),
        (Some(_), None) if variant == Variant::Chess960 => {
            Err(user("invalid_option", msg::league_opening_chess960(loc)))
        }
        (Some(q), None) => match crate::openings::find(q) {
            Ok(line) => Ok(FixedStart {
                fen: Some(line.position.fen()),
                opening: Some(line.opening.to_string()),
                moves: Some(line.movetext()),
                custom: false,
            }),
            Err(FindError::Unknown) => Err(user(
                "invalid_option",
                msg::league_opening_unknown(loc, &echo(q)),
            )),
            Err(FindError::Ambiguous(list)) => {
                let names: Vec<String> = list.iter().map(ToString::to_string).collect();
                Err(user(
                    "invalid_option",
                    msg::league_opening_ambiguous(loc, &echo(q), &names.join("; ")),
                ))
            }
        },
        (None, Some(f)) => {
            let start = super::chess960::choose_start(loc, Some(variant), None, Some(f), rules)?;
            if start.game.is_standard_start() && variant == Variant::Standard {
                return Ok(FixedStart::default());
            }
            Ok(FixedStart {
                fen: Some(start.game.position().fen()),
                opening: None,
                moves: None,
                custom: start.custom.is_some(),
            })
        }
    }
}

/// Checks a Swiss's tie-break order; `None` keeps the default.
///
/// # Errors
/// `invalid_option` for a name that is no tie-break, or an order given to
/// a round robin (which ranks by its own rules).
pub(in crate::service) fn tiebreak_order(
    loc: Locale,
    typed: Option<&str>,
    swiss: bool,
) -> Result<Option<String>, Failure> {
    let Some(typed) = typed.map(str::trim).filter(|s| !s.is_empty()) else {
        return Ok(None);
    };
    if !swiss {
        return Err(user("invalid_option", msg::swiss_tiebreaks_swiss_only(loc)));
    }
    match Tiebreak::parse_order(typed) {
        Ok(order) if order == Tiebreak::DEFAULT => Ok(None),
        Ok(order) => Ok(Some(Tiebreak::codes(&order))),
        Err(bad) => Err(user(
            "invalid_option",
            msg::swiss_tiebreak_unknown(loc, &echo(&bad)),
        )),
    }
}

/// The lines a new league's announcement gains: its start, its
/// tie-break order.
pub(in crate::service) fn setup_lines(
    loc: Locale,
    fixed: &FixedStart,
    tiebreaks: Option<&str>,
) -> Vec<String> {
    let mut out = Vec::new();
    match (&fixed.opening, &fixed.moves, &fixed.fen) {
        (Some(opening), Some(moves), _) => {
            out.push(msg::league_theme_opening(loc, opening, moves));
        }
        (_, _, Some(fen)) => out.push(msg::league_theme_fen(loc, fen, i64::from(fixed.custom))),
        _ => {}
    }
    if let Some(order) = tiebreaks {
        let order = league_order(order);
        out.push(msg::swiss_tiebreak_order(loc, &tiebreak_names(loc, &order)));
    }
    out
}

/// A tie-break order as stored (`""`: the default).
pub(in crate::service) fn league_order(stored: &str) -> Vec<Tiebreak> {
    Tiebreak::parse_order(stored).unwrap_or_else(|_| Tiebreak::DEFAULT.to_vec())
}

/// The tie-break order of league `l`: its creator's, else the default.
pub(in crate::service) fn league_tiebreaks(l: &LeagueRow) -> Vec<Tiebreak> {
    league_order(l.tiebreaks.as_deref().unwrap_or(""))
}

/// The order in words, for the announcement: `Buchholz, SB`.
pub(in crate::service) fn tiebreak_names(loc: Locale, order: &[Tiebreak]) -> String {
    order
        .iter()
        .map(|t| msg::swiss_tiebreak(loc, t.code()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The start of a game of league `l`: its fixed FEN, read back in the
/// league's variant, with its Chess960 number when it is a numbered one.
/// `None` when the league has no fixed start (or its FEN no longer reads).
pub(in crate::service) fn league_fixed_start(
    l: &LeagueRow,
    variant: Variant,
) -> Option<(String, Option<u32>)> {
    let fen = l.start_fen.as_deref()?;
    let position = Position::from_fen_variant(fen, variant).ok()?;
    let number = match variant {
        Variant::Chess960 => position.chess960_number(),
        Variant::Standard => None,
    };
    Some((position.fen(), number))
}

/// Whether a game from `start_fen` begins with Black's move (a thematic
/// start after an odd number of moves).
pub(in crate::service) fn black_to_move(start_fen: &str) -> bool {
    start_fen.split_whitespace().nth(1) == Some("b")
}

/// A start time as typed: RFC 3339, or `YYYY-MM-DD HH:MM` in UTC.
#[must_use]
pub fn parse_start_time(s: &str) -> Option<DateTime<Utc>> {
    let s = s.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Some(t.with_timezone(&Utc));
    }
    let plain = s.trim_end_matches("UTC").trim();
    ["%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M"]
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(plain, f).ok())
        .map(|t| t.and_utc())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(opening: Option<&str>, fen: Option<&str>) -> LeagueSetup {
        LeagueSetup {
            opening: opening.map(str::to_string),
            fen: fen.map(str::to_string),
            tiebreaks: None,
        }
    }

    fn refused(r: Result<FixedStart, Failure>) -> &'static str {
        match r {
            Err(Failure::User { code, .. }) => code,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn an_opening_fixes_a_rated_book_start() {
        let s = fixed_start(
            Locale::En,
            &setup(Some("Ruy Lopez"), None),
            Variant::Standard,
            RulesMode::House,
        )
        .unwrap();
        assert_eq!(s.opening.as_deref(), Some("C60 Ruy Lopez"));
        assert!(s.fen.unwrap().ends_with(" b KQkq - 3 3"));
        assert!(!s.custom);
    }

    #[test]
    fn a_fen_is_a_custom_unrated_start_and_the_standard_one_is_none() {
        let l = Locale::En;
        let s = fixed_start(
            l,
            &setup(None, Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")),
            Variant::Standard,
            RulesMode::House,
        )
        .unwrap();
        assert!(s.custom && s.opening.is_none());
        let standard = Position::startpos().fen();
        let s = fixed_start(
            l,
            &setup(None, Some(&standard)),
            Variant::Standard,
            RulesMode::House,
        );
        assert_eq!(s.unwrap(), FixedStart::default());
        // A numbered Chess960 start in a 960 event stays rated.
        let fen = crate::chess::Game::chess960(0, RulesMode::House)
            .unwrap()
            .position()
            .fen();
        let s = fixed_start(
            l,
            &setup(None, Some(&fen)),
            Variant::Chess960,
            RulesMode::House,
        );
        assert!(!s.unwrap().custom);
    }

    #[test]
    fn bad_starts_are_refused_with_their_reason() {
        let l = Locale::En;
        let house = RulesMode::House;
        let std = Variant::Standard;
        assert_eq!(
            refused(fixed_start(l, &setup(Some("C60"), Some("x")), std, house)),
            "invalid_option"
        );
        assert_eq!(
            refused(fixed_start(
                l,
                &setup(Some("C60"), None),
                Variant::Chess960,
                house
            )),
            "invalid_option"
        );
        assert_eq!(
            refused(fixed_start(l, &setup(Some("zzz"), None), std, house)),
            "invalid_option"
        );
        assert_eq!(
            refused(fixed_start(l, &setup(Some("gambit"), None), std, house)),
            "invalid_option"
        );
        assert_eq!(
            refused(fixed_start(l, &setup(None, Some("8/8/8 w")), std, house)),
            "invalid_fen"
        );
        // A Chess960 set-up is no legal standard start.
        let fen960 = crate::chess::Game::chess960(0, house)
            .unwrap()
            .position()
            .fen();
        assert_eq!(
            refused(fixed_start(l, &setup(None, Some(&fen960)), std, house)),
            "invalid_fen"
        );
    }

    #[test]
    fn a_tiebreak_order_is_kept_as_codes_and_checked() {
        let l = Locale::En;
        assert_eq!(
            tiebreak_order(l, Some("SB, bh"), true).unwrap().as_deref(),
            Some("sb,bh")
        );
        assert_eq!(
            tiebreak_order(l, Some("bh1,bh,sb,de,wins"), true).unwrap(),
            None
        );
        assert_eq!(tiebreak_order(l, None, false).unwrap(), None);
        assert!(tiebreak_order(l, Some("sb"), false).is_err());
        assert!(tiebreak_order(l, Some("sb,koya"), true).is_err());
    }
}
