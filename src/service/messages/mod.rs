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

use crate::chess::Termination;
use crate::i18n::Locale;

mod adapter;
pub(crate) mod declare;
pub(crate) mod errors;
mod guidance;
mod limits;
pub mod position_words;
mod times;
pub(crate) mod words;

use declare::messages;

pub use adapter::*;
pub use errors::*;
pub use guidance::*;
pub use limits::*;
pub use times::*;
pub use words::*;

// Each product area keeps its own messages beside its code; the catalog
// is still one namespace, so a reply names any message as `msg::name`.
pub use super::correspondence::catalog::*;
pub use super::correspondence::desk_catalog::*;
pub use super::games::catalog::*;
pub use super::games::tablebase::{
    tablebase_bad_rule, tablebase_claim_lost, tablebase_claim_lost_move, tablebase_none,
    tablebase_not_in_tables, tablebase_rule_current, tablebase_rule_set, tablebase_unavailable,
};
pub use super::premove::catalog::*;
pub use super::puzzles::catalog::*;
pub use super::records::catalog::*;
pub use super::settings::catalog::*;
pub use super::spectators::catalog::*;
pub use super::summaries::catalog::*;
pub use super::teams::catalog::*;
pub use super::tournaments::catalog::*;

messages! {
    /// `challenge-posted`, worded for [`challenge_posted`].
    fn challenge_posted_text(l, open, challenger, opponent, color, days, banked, bank, increment, rules, custom, casual) = "challenge-posted";
    /// A challenge was declined.
    pub fn challenge_declined(l, by: &str, challenger: &str) = "challenge-declined";
    /// A challenge was withdrawn.
    pub fn challenge_cancelled(l, challenger: &str) = "challenge-cancelled";
    /// A game started.
    pub fn game_started(l, id: i64, white: &str, black: &str, to_move: &str, until: &str) = "game-started";
    /// `moved`, worded for [`moved`].
    fn moved_text(l, by, number, san, next, until) = "moved";
    /// `moved-final`, worded for [`moved_final`].
    fn moved_final_text(l, by, number, san) = "moved-final";
    /// `game-title`, worded for [`game_title`].
    fn game_title_text(l, kind, id, name, number, round, board) = "game-title";
    /// `game-ref`, worded for [`game_ref`].
    fn game_ref_text(l, kind, id, name, number, round, board) = "game-ref";
    /// Caption of the current board.
    pub fn board_caption(l, title: &str, white: &str, black: &str, to_move: &str, until: &str) = "board-caption";
    /// Caption of the final board of a finished game.
    pub fn final_board_caption(l, title: &str, white: &str, black: &str, result: &str) = "final-board-caption";
    /// A draw offer stands.
    pub fn draw_offered(l, by: &str, to: &str) = "draw-offered";
    /// A draw offer was declined explicitly.
    pub fn draw_declined(l, by: &str) = "draw-declined";
    /// A takeback request stands.
    pub fn takeback_requested(l, by: &str, to: &str) = "takeback-requested";
    /// A takeback request was refused.
    pub fn takeback_declined(l, by: &str) = "takeback-declined";
    /// A takeback was done; `moves` names the moves taken back (`1... e5 2. Nf3`).
    pub fn takeback_done(l, plies: usize, moves: &str, to_move: &str, until: &str) = "takeback-done";
    /// The opponent's standing draw offer lapsed because the player moved.
    pub fn draw_offer_lapsed(l, mover: &str, offerer: &str) = "draw-offer-lapsed";
    /// The reminder before a deadline.
    pub fn reminder(l, player: &str, game: &str, until: &str) = "reminder";
    /// `player-to-move`, worded for [`summary`].
    fn player_to_move_text(l) = "player-to-move";
    /// `summary`, worded for [`summary`].
    fn summary_text(l, case, winner, loser, result, termination) = "summary";
    /// A game aborted because a player never made a first move in time.
    pub fn aborted_no_first_move(l, player: &str) = "aborted-no-first-move";
    /// One line of `games`.
    pub fn games_line(l, title: &str, place as "where": &str, white: &str, black: &str, to_move: &str, until: &str) = "games-line";
    /// Heading of the games where the opponent is to move.
    pub fn games_waiting_heading(l) = "games-waiting-heading";
    /// Heading of `games`, listing the caller's games on move.
    pub fn games_your_move_heading(l) = "games-your-move-heading";
    /// `games` with nothing to show.
    pub fn no_games(l) = "no-games";
    /// One line of `history`; `termination` is the stored termination name.
    pub fn history_line(l, id: i64, white: &str, black: &str, result: &str, termination: &str) = "history-line";
    /// Heading of `history`.
    pub fn history_heading(l, user: &str) = "history-heading";
    /// `history` with nothing to show.
    pub fn no_history(l, user: &str) = "no-history";
    /// The help text: the heading, `commands` (the lines of
    /// [`crate::service::help::help_text`]) and the language's notes.
    pub fn help(l, commands: &str) = "help";
    /// One line of help: `/chess usage` and what it does.
    pub fn help_line(l, usage: &str, what: &str) = "help-line";
    /// What a command of the help table does, by its key.
    pub fn help_command(l, command: &str) = "help-command";
    /// The channel's language was set to `l` (said in `l`).
    pub fn language_set(l) = "language-set";
    /// `language-current`, worded for [`language_current`].
    fn language_current_text(l, language, set, platform) = "language-current";
    /// `time-left`, worded for [`time_left`]: `unit` is days (`a` days
    /// and `b` hours), hours (hours and minutes) or minutes (`a`).
    fn time_left_text(l, unit, a, b) = "time-left";
    /// A language the bot does not speak.
    pub fn unknown_language(l, given: &str) = "unknown-language";
}

/// Every catalog message and the argument names its function passes, as
/// the `messages!` blocks of this folder and of each area's `catalog.rs`
/// declare them: what
/// `tests/it/i18n_catalog.rs` checks every `.ftl` file against.
pub fn contract() -> impl Iterator<Item = (&'static str, &'static [&'static str])> {
    [
        MESSAGES,
        adapter::MESSAGES,
        guidance::MESSAGES,
        errors::MESSAGES,
        limits::MESSAGES,
        times::MESSAGES,
        words::MESSAGES,
        position_words::MESSAGES,
        super::correspondence::catalog::MESSAGES,
        super::correspondence::desk_catalog::MESSAGES,
        super::games::catalog::MESSAGES,
        super::games::tablebase::MESSAGES,
        super::premove::catalog::MESSAGES,
        super::puzzles::catalog::MESSAGES,
        super::records::catalog::MESSAGES,
        super::settings::catalog::MESSAGES,
        super::spectators::catalog::MESSAGES,
        super::summaries::catalog::MESSAGES,
        super::teams::catalog::MESSAGES,
        super::tournaments::catalog::MESSAGES,
    ]
    .into_iter()
    .flatten()
    .copied()
}
/// A deadline as shown to users (the same in every language: digits and
/// UTC read everywhere).
#[must_use]
pub fn deadline(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d %H:%M UTC").to_string()
}

/// Time left as board pictures show it, short and in the reader's
/// language: `2d 4h`, `5h 12m`, `12m`, `0m` once due (Russian `2 д 4 ч`).
#[must_use]
pub fn time_left(l: Locale, ms_left: i64) -> String {
    let m = ms_left.max(0) / 60_000;
    let (d, h, m) = (m / 1440, m / 60 % 24, m % 60);
    if d > 0 {
        time_left_text(l, "days", d, h)
    } else if h > 0 {
        time_left_text(l, "hours", h, m)
    } else {
        time_left_text(l, "minutes", m, 0_i64)
    }
}

/// A deadline as the machine-readable events carry it (RFC 3339).
#[must_use]
pub fn deadline_rfc3339(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

// Challenges.

/// The terms of a challenge its announcement names besides colour and days.
#[derive(Clone, Copy, Debug)]
pub struct ChallengeTerms {
    /// Strict FIDE rules (else house rules).
    pub fide: bool,
    /// From a set-up position.
    pub custom_start: bool,
    /// Rated (else casual, which the announcement says).
    pub rated: bool,
    /// A time bank instead of days per move: its days and the days each
    /// move adds.
    pub bank: Option<(i64, i64)>,
}

/// A personal or open challenge was posted.
#[must_use]
pub fn challenge_posted(
    l: Locale,
    challenger: &str,
    opponent: Option<&str>,
    challenger_color: &str,
    days: i64,
    terms: ChallengeTerms,
) -> String {
    let color = match challenger_color {
        "white" | "black" => challenger_color,
        _ => "random",
    };
    challenge_posted_text(
        l,
        opponent.is_none(),
        challenger,
        opponent.unwrap_or_default(),
        color,
        days,
        terms.bank.is_some(),
        terms.bank.map_or(0, |b| b.0),
        terms.bank.map_or(0, |b| b.1),
        if terms.fide { "fide" } else { "house" },
        terms.custom_start,
        !terms.rated,
    )
}

// Moves and board.

/// A move was played and the game goes on. `san` is standard SAN; it is
/// shown in the locale's notation (its `+` says check).
#[must_use]
pub fn moved(l: Locale, by: &str, number: &str, san: &str, next: &str, until: &str) -> String {
    moved_text(l, by, number, san_local(l, san), next, until)
}

/// A move was played after which nobody is asked to move: it ended the
/// game (the summary follows), or the computer answers it at once.
#[must_use]
pub fn moved_final(l: Locale, by: &str, number: &str, san: &str) -> String {
    moved_final_text(l, by, number, san_local(l, san))
}

/// What a game is called at the start of a sentence: "Game #4", or its
/// pairing ("Winter Cup, game 3", "Winter Cup, round 2, board 1",
/// "Match 1, board 2, game 1"), so one game never has two numbers.
#[must_use]
pub fn game_title(l: Locale, id: i64, pairing: Option<&crate::store::GamePairing>) -> String {
    let (kind, name, number, round, board) = pairing_args(pairing);
    game_title_text(l, kind, id, name, number, round, board)
}

/// What a game is called inside a sentence ("your move in game #4", "in
/// Winter Cup, game 3").
#[must_use]
pub fn game_ref(l: Locale, id: i64, pairing: Option<&crate::store::GamePairing>) -> String {
    let (kind, name, number, round, board) = pairing_args(pairing);
    game_ref_text(l, kind, id, name, number, round, board)
}

fn pairing_args(
    pairing: Option<&crate::store::GamePairing>,
) -> (&'static str, &str, i64, i64, i64) {
    use crate::store::GamePairing;
    match pairing {
        None => ("game", "", 0, 0, 0),
        Some(GamePairing::League { name, number }) => ("league", name, *number, 0, 0),
        Some(GamePairing::Swiss { name, round, board }) => ("swiss", name, 0, *round, *board),
        Some(GamePairing::Match { id, board, round }) => ("match", "", *id, *round, *board),
    }
}

// The end.

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
        (Termination::Tablebase, Some(_)) => "tablebase",
        (Termination::Tablebase, None) => "tablebase-draw",
        (_, None) => "other",
    };
    let loser = match loser {
        Some(n) => n.to_string(),
        None => player_to_move_text(l),
    };
    summary_text(
        l,
        case,
        winner.unwrap_or_default(),
        loser,
        result,
        termination.as_str(),
    )
}

/// The PGN reply: the PGN itself, which stays in English SAN in every
/// language (it is a data format).
#[must_use]
pub fn pgn(pgn: &str) -> String {
    pgn.to_string()
}

// Listings.

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

// Settings.

/// The channel's language (`settings` without a value), said in `l`:
/// `channel` is the language set for the channel, `None` when none is set
/// (English by default); `platform` the channel's (only Discord has an
/// app language to fall back on).
#[must_use]
pub fn language_current(l: Locale, channel: Option<Locale>, platform: &str) -> String {
    language_current_text(
        l,
        channel.unwrap_or_default().code(),
        channel.is_some(),
        platform,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_left_is_short_and_never_negative() {
        let m = 60_000;
        assert_eq!(
            time_left(Locale::En, (2 * 24 * 60 + 4 * 60 + 59) * m),
            "2d 4h"
        );
        assert_eq!(time_left(Locale::En, (5 * 60 + 12) * m + 30_000), "5h 12m");
        assert_eq!(time_left(Locale::En, 12 * m), "12m");
        assert_eq!(time_left(Locale::En, -5 * m), "0m");
        assert_eq!(time_left(Locale::Ru, (3 * 24 * 60) * m), "3 д 0 ч");
        assert_eq!(time_left(Locale::Th, 12 * m), "12 นาที");
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
