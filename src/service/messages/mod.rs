//! The message catalog: every user-facing sentence of the bot, one named
//! function per message with named arguments, formatted through the Fluent
//! catalogs of [`crate::i18n`] in the reply's [`Locale`] (English wording
//! and fallback in `assets/locales/en/chessbot.ftl`). Plurals, colours and
//! other variants are chosen inside the `.ftl` files; nothing here glues
//! sentence pieces together.
//!
//! Names passed in are untrusted display names: they are inserted as plain
//! text; adapters escape markup for their platform. Moves written by the bot
//! are shown in the locale's notation with standard SAN beside them where
//! the two differ ([`san_local`]).

use chrono::{DateTime, SecondsFormat, Utc};

use crate::chess::{Color, Termination};
use crate::i18n::{Locale, notation, tr};

mod adapter;
mod comfort;
mod computer;
mod errors;
mod leagues;
mod records;
mod settings;
mod summaries;
mod times;
// ---- hardening (issue 35)
mod hardening;
// ---- premove
mod premove;
// ---- puzzles
mod puzzles;

pub use adapter::*;
pub use comfort::*;
pub use computer::*;
pub use errors::*;
pub use hardening::*;
pub use leagues::*;
pub use records::*;
pub use settings::*;
pub use summaries::*;
pub use times::*;

// ---- chess960
mod chess960;
pub use chess960::*;
// ---- premove
pub use premove::*;
// ---- puzzles
pub use puzzles::*;
// ---- gaps (issues 29, 32, 33)
mod gaps;
pub use gaps::*;
/// A deadline as shown to users (the same in every language: digits and
/// UTC read everywhere).
#[must_use]
pub fn deadline(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d %H:%M UTC").to_string()
}

/// Time left as board pictures show it, the same in every language:
/// `2d 4h`, `5h 12m`, `12m`, `0m` once due.
#[must_use]
pub fn time_left(ms_left: i64) -> String {
    let m = ms_left.max(0) / 60_000;
    let (d, h, m) = (m / 1440, m / 60 % 24, m % 60);
    if d > 0 {
        format!("{d}d {h}h")
    } else if h > 0 {
        format!("{h}h {m}m")
    } else {
        format!("{m}m")
    }
}

/// A deadline as the machine-readable events carry it (RFC 3339).
#[must_use]
pub fn deadline_rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// A colour name in a sentence.
#[must_use]
pub fn color(l: Locale, c: Color) -> String {
    tr(l, "color", &[("color", c.name().into())])
}

/// A SAN move as a player of `l` reads it: the local notation, with the
/// standard SAN in brackets where they differ (`Кf3 (Nf3)` in Russian,
/// `e4` and `Nf3` unchanged in English and Thai).
#[must_use]
pub fn san_local(l: Locale, san: &str) -> String {
    let local = notation::from_standard(san, l);
    if local == san {
        local
    } else {
        tr(
            l,
            "san-local",
            &[("local", local.into()), ("san", san.into())],
        )
    }
}

// ---- challenges -------------------------------------------------------

/// A personal or open challenge was posted.
#[must_use]
pub fn challenge_posted(
    l: Locale,
    challenger: &str,
    opponent: Option<&str>,
    challenger_color: &str,
    days: i64,
    fide: bool,
    custom_start: bool,
) -> String {
    let color = match challenger_color {
        "white" | "black" => challenger_color,
        _ => "random",
    };
    tr(
        l,
        "challenge-posted",
        &[
            ("open", opponent.is_none().into()),
            ("challenger", challenger.into()),
            ("opponent", opponent.unwrap_or_default().into()),
            ("color", color.into()),
            ("days", days.into()),
            ("rules", (if fide { "fide" } else { "house" }).into()),
            ("custom", custom_start.into()),
        ],
    )
}

/// A challenge was declined.
#[must_use]
pub fn challenge_declined(l: Locale, by: &str, challenger: &str) -> String {
    tr(
        l,
        "challenge-declined",
        &[("by", by.into()), ("challenger", challenger.into())],
    )
}

/// A challenge was withdrawn.
#[must_use]
pub fn challenge_cancelled(l: Locale, challenger: &str) -> String {
    tr(
        l,
        "challenge-cancelled",
        &[("challenger", challenger.into())],
    )
}

/// A game started.
#[must_use]
pub fn game_started(
    l: Locale,
    id: i64,
    white: &str,
    black: &str,
    to_move: &str,
    until: &str,
) -> String {
    tr(
        l,
        "game-started",
        &[
            ("id", id.into()),
            ("white", white.into()),
            ("black", black.into()),
            ("to_move", to_move.into()),
            ("until", until.into()),
        ],
    )
}

// ---- moves and board ---------------------------------------------------

/// A move was played and the game goes on. `san` is standard SAN; it is
/// shown in the locale's notation (its `+` says check).
#[must_use]
pub fn moved(l: Locale, by: &str, number: &str, san: &str, next: &str, until: &str) -> String {
    tr(
        l,
        "moved",
        &[
            ("by", by.into()),
            ("number", number.into()),
            ("san", san_local(l, san).into()),
            ("next", next.into()),
            ("until", until.into()),
        ],
    )
}

/// A move was played after which nobody is asked to move: it ended the
/// game (the summary follows), or the computer answers it at once.
#[must_use]
pub fn moved_final(l: Locale, by: &str, number: &str, san: &str) -> String {
    tr(
        l,
        "moved-final",
        &[
            ("by", by.into()),
            ("number", number.into()),
            ("san", san_local(l, san).into()),
        ],
    )
}

/// Caption of the current board.
#[must_use]
pub fn board_caption(
    l: Locale,
    id: i64,
    white: &str,
    black: &str,
    to_move: &str,
    until: &str,
) -> String {
    tr(
        l,
        "board-caption",
        &[
            ("id", id.into()),
            ("white", white.into()),
            ("black", black.into()),
            ("to_move", to_move.into()),
            ("until", until.into()),
        ],
    )
}

/// Caption of the final board of a finished game.
#[must_use]
pub fn final_board_caption(l: Locale, id: i64, white: &str, black: &str, result: &str) -> String {
    tr(
        l,
        "final-board-caption",
        &[
            ("id", id.into()),
            ("white", white.into()),
            ("black", black.into()),
            ("result", result.into()),
        ],
    )
}

// ---- draws, takebacks --------------------------------------------------

/// A draw offer stands.
#[must_use]
pub fn draw_offered(l: Locale, by: &str, to: &str) -> String {
    tr(l, "draw-offered", &[("by", by.into()), ("to", to.into())])
}

/// A draw offer was declined explicitly.
#[must_use]
pub fn draw_declined(l: Locale, by: &str) -> String {
    tr(l, "draw-declined", &[("by", by.into())])
}

/// A takeback request stands.
#[must_use]
pub fn takeback_requested(l: Locale, by: &str, to: &str) -> String {
    tr(
        l,
        "takeback-requested",
        &[("by", by.into()), ("to", to.into())],
    )
}

/// A takeback request was refused.
#[must_use]
pub fn takeback_declined(l: Locale, by: &str) -> String {
    tr(l, "takeback-declined", &[("by", by.into())])
}

/// A takeback was done.
#[must_use]
pub fn takeback_done(l: Locale, plies: usize, to_move: &str, until: &str) -> String {
    tr(
        l,
        "takeback-done",
        &[
            ("plies", plies.into()),
            ("to_move", to_move.into()),
            ("until", until.into()),
        ],
    )
}

// ---- deadlines ---------------------------------------------------------

/// The reminder before a deadline.
#[must_use]
pub fn reminder(l: Locale, player: &str, id: i64, until: &str) -> String {
    tr(
        l,
        "reminder",
        &[
            ("player", player.into()),
            ("id", id.into()),
            ("until", until.into()),
        ],
    )
}

// ---- the end -----------------------------------------------------------

/// The result line in words.
#[must_use]
pub fn summary(
    l: Locale,
    termination: Termination,
    winner: Option<&str>,
    loser: Option<&str>,
    result: &str,
) -> String {
    let case = match (termination, winner) {
        (Termination::Checkmate, Some(_)) => "checkmate",
        (Termination::Resignation, Some(_)) => "resignation",
        (Termination::Resignation, None) => "resignation-draw",
        (Termination::Timeout, Some(_)) => "timeout",
        (Termination::Timeout, None) => "timeout-draw",
        (Termination::Stalemate, _) => "stalemate",
        (Termination::DeadPosition, _) => "dead_position",
        (Termination::ThreefoldRepetition, _) => "threefold_repetition",
        (Termination::FiftyMoves, _) => "fifty_moves",
        (Termination::FivefoldRepetition, _) => "fivefold_repetition",
        (Termination::SeventyFiveMoves, _) => "seventyfive_moves",
        (Termination::Agreement, _) => "agreement",
        (Termination::Aborted, _) => "aborted",
        (_, None) => "other",
    };
    let loser = match loser {
        Some(n) => n.to_string(),
        None => tr(l, "player-to-move", &[]),
    };
    tr(
        l,
        "summary",
        &[
            ("case", case.into()),
            ("winner", winner.unwrap_or_default().into()),
            ("loser", loser.into()),
            ("result", result.into()),
            ("termination", termination.as_str().into()),
        ],
    )
}

/// A game aborted because a player never made a first move in time.
#[must_use]
pub fn aborted_no_first_move(l: Locale, player: &str) -> String {
    tr(l, "aborted-no-first-move", &[("player", player.into())])
}

/// The PGN reply: the PGN itself, which stays in English SAN in every
/// language (it is a data format).
#[must_use]
pub fn pgn(pgn: &str) -> String {
    pgn.to_string()
}

// ---- listings ----------------------------------------------------------

/// One line of `games`.
#[must_use]
pub fn games_line(
    l: Locale,
    id: i64,
    place: &str,
    white: &str,
    black: &str,
    to_move: &str,
    until: &str,
) -> String {
    tr(
        l,
        "games-line",
        &[
            ("id", id.into()),
            ("where", place.into()),
            ("white", white.into()),
            ("black", black.into()),
            ("to_move", to_move.into()),
            ("until", until.into()),
        ],
    )
}

/// Where a game is played, as the platform links to it: a Discord channel
/// mention (a link, never a ping), else the channel or room id.
#[must_use]
pub fn channel_ref(platform: &str, channel: &str) -> String {
    if platform == "discord" && channel.bytes().all(|b| b.is_ascii_digit()) {
        format!("<#{channel}>")
    } else {
        format!("#{channel}")
    }
}

/// Heading of the games where the opponent is to move.
#[must_use]
pub fn games_waiting_heading(l: Locale) -> String {
    tr(l, "games-waiting-heading", &[])
}

/// Heading of `games`, listing the caller's games on move.
#[must_use]
pub fn games_your_move_heading(l: Locale) -> String {
    tr(l, "games-your-move-heading", &[])
}

/// `games` with nothing to show.
#[must_use]
pub fn no_games(l: Locale) -> String {
    tr(l, "no-games", &[])
}

/// One line of `history`; `termination` is the stored termination name.
#[must_use]
pub fn history_line(
    l: Locale,
    id: i64,
    white: &str,
    black: &str,
    result: &str,
    termination: &str,
) -> String {
    tr(
        l,
        "history-line",
        &[
            ("id", id.into()),
            ("white", white.into()),
            ("black", black.into()),
            ("result", result.into()),
            ("termination", termination.into()),
        ],
    )
}

/// Heading of `history`.
#[must_use]
pub fn history_heading(l: Locale, user: &str) -> String {
    tr(l, "history-heading", &[("user", user.into())])
}

/// `history` with nothing to show.
#[must_use]
pub fn no_history(l: Locale, user: &str) -> String {
    tr(l, "no-history", &[("user", user.into())])
}

/// The help text.
#[must_use]
pub fn help(l: Locale) -> String {
    tr(l, "help", &[])
}

// ---- settings ----------------------------------------------------------

/// The channel's language was set to `l` (said in `l`).
#[must_use]
pub fn language_set(l: Locale) -> String {
    tr(l, "language-set", &[])
}

/// The channel's language (`settings` without a value), said in `l`:
/// `channel` is the language set for the channel, `None` when none is set
/// (English by default).
#[must_use]
pub fn language_current(l: Locale, channel: Option<Locale>) -> String {
    tr(
        l,
        "language-current",
        &[
            ("language", channel.unwrap_or_default().code().into()),
            ("set", channel.is_some().into()),
        ],
    )
}

/// A language the bot does not speak.
#[must_use]
pub fn unknown_language(l: Locale, given: &str) -> String {
    tr(l, "unknown-language", &[("given", given.into())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_left_is_short_and_never_negative() {
        let m = 60_000;
        assert_eq!(time_left((2 * 24 * 60 + 4 * 60 + 59) * m), "2d 4h");
        assert_eq!(time_left((5 * 60 + 12) * m + 30_000), "5h 12m");
        assert_eq!(time_left(12 * m), "12m");
        assert_eq!(time_left(-5 * m), "0m");
    }

    #[test]
    fn summaries_name_the_result_in_words() {
        assert_eq!(
            summary(
                Locale::En,
                Termination::Checkmate,
                Some("alice"),
                Some("bob"),
                "1-0"
            ),
            "Checkmate: alice wins. Result: 1-0."
        );
        assert_eq!(
            summary(
                Locale::En,
                Termination::ThreefoldRepetition,
                None,
                None,
                "1/2-1/2"
            ),
            "Draw by threefold repetition. Result: 1/2-1/2."
        );
        assert!(
            summary(
                Locale::En,
                Termination::Timeout,
                None,
                Some("bob"),
                "1/2-1/2"
            )
            .contains("only a king")
        );
    }

    #[test]
    fn deadlines_are_rfc3339_in_events() {
        let t = DateTime::parse_from_rfc3339("2026-01-02T03:04:05Z")
            .expect("time")
            .with_timezone(&Utc);
        assert_eq!(deadline_rfc3339(t), "2026-01-02T03:04:05Z");
        assert_eq!(deadline(t), "2026-01-02 03:04 UTC");
    }

    #[test]
    fn moves_are_shown_in_local_notation_with_san_beside() {
        assert_eq!(san_local(Locale::En, "Nf3"), "Nf3");
        assert_eq!(san_local(Locale::Th, "Nf3"), "Nf3");
        assert_eq!(san_local(Locale::Ru, "Nf3"), "Кf3 (Nf3)");
        assert_eq!(san_local(Locale::Ro, "Bb5+"), "Nb5+ (Bb5+)");
        assert_eq!(san_local(Locale::Ru, "e4"), "e4");
        assert_eq!(san_local(Locale::Ro, "O-O"), "O-O");
    }
}
