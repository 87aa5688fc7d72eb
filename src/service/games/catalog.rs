//! This area's part of the message catalog (see `service::messages`).
//!
//! Messages of Chess960: the start position line, refused variant and
//! position options, and the heading of the Chess960 rating pool.
//!
//! Catalog messages of games against the computer: the start, refusals
//! when there is no engine, a move the engine owes, draw offers it declines.
//!
//! Messages of time banks and of games continued from a PGN: the refused
//! options, each side's bank, the start line of an imported game, and
//! what is wrong with a PGN (with its line and move).

use crate::service::messages::declare::messages;

use crate::chess::PgnError;
use crate::i18n::Locale;

messages! {
    /// A move said where no game runs, by a player whose games run in
    /// `channels` (`count` channels, at most three named).
    pub fn no_game_yours_elsewhere(l, count: usize, channels: &str) = "no-game-yours-elsewhere";
    /// `chess960-start`, worded for [`chess960_start`].
    fn chess960_start_text(l, number) = "chess960-start";
    /// The line of a Chess960 game from a set-up position (a custom FEN).
    pub fn chess960_set_up(l) = "chess960-set-up";
    /// A `variant` that is not one the bot plays (`invalid_variant`).
    pub fn unknown_variant(l, given: &str) = "unknown-variant";
    /// A `position` that is not a number from 0 to 959.
    pub fn chess960_bad_position(l, given: &str) = "chess960-bad-position";
    /// A `position` with `variant:standard` (`invalid_variant`).
    pub fn chess960_position_standard(l) = "chess960-position-standard";
    /// A `position` and a `fen` together.
    pub fn chess960_position_and_fen(l) = "chess960-position-and-fen";
    /// The heading of `stats` and `leaderboard` for the Chess960 pool.
    pub fn chess960_ratings(l) = "chess960-ratings";
    /// A game against the computer started. `engine_first`: the computer
    /// moves at once (its move follows), else `to_move` (the human) is to move
    /// by `until`.
    pub fn computer_started(l, id: i64, white: &str, black: &str, engine_first: bool, to_move: &str, until: &str) = "computer-started";
    /// A level that is not 1-8.
    pub fn bad_level(l, given: &str) = "bad-level";
    /// `computer` without an engine installed: how to install it.
    pub fn engine_unavailable(l) = "engine-unavailable";
    /// The engine could not answer in a running game (a move it owes, a draw
    /// offer): nothing is lost; a move it owes waits and is tried again with
    /// the next command in the channel.
    pub fn engine_no_answer(l) = "engine-no-answer";
    /// The computer (`by`) declines a draw offer.
    pub fn computer_draw_declined(l, by: &str) = "computer-draw-declined";
    /// `computer fen:` from a position standing in one of the caller's
    /// running games against a person.
    pub fn engine_oracle_refused(l) = "engine-oracle-refused";
    /// A bank outside 1-60 days.
    pub fn bad_bank(l, given: &str) = "bad-bank";
    /// An increment outside 0-10 days.
    pub fn bad_increment(l, given: &str) = "bad-increment";
    /// An increment with no bank.
    pub fn increment_without_bank(l) = "increment-without-bank";
    /// A preset together with a bank or increment.
    pub fn control_and_bank(l) = "control-and-bank";
    /// A preset name the bot does not know.
    pub fn unknown_control(l, given: &str) = "unknown-control";
    /// The line of a bank challenge: bank and increment in days.
    pub fn bank_control(l, bank: i64, increment: i64) = "bank-control";
    /// The line of a game whose clocks a vacation does not stop.
    pub fn no_vacation_control(l) = "no-vacation-control";
    /// `bank-left-text`, worded for [`bank_left`].
    fn bank_left_text(l, days: i64, hours: i64, minutes: i64) = "bank-left";
    /// Both sides' banks: names and [`bank_left`] of each.
    pub fn banks_left(l, white: &str, white_left: &str, black: &str, black_left: &str) = "banks-left";
    /// The line of a game continued from a PGN: how many moves it brings,
    /// and the original players.
    pub fn import_start(l, moves: i64, white: &str, black: &str) = "import-start";
    /// A game continued from a PGN without the players' names.
    pub fn import_start_unnamed(l, moves: i64) = "import-start-unnamed";
    /// A challenge to continue a game from a PGN: the move play resumes
    /// at and the side to play it (`white`, `black`).
    pub fn import_challenge(l, number: i64, side: &str) = "import-challenge";
    /// A PGN with a FEN or a Chess960 position.
    pub fn pgn_and_fen(l) = "pgn-and-fen";
    /// A PGN with no game in it.
    pub fn pgn_empty(l) = "pgn-empty";
    /// A malformed tag pair.
    pub fn pgn_bad_tag(l, line: i64, detail: &str) = "pgn-bad-tag";
    /// A `FEN` tag that is not a legal position.
    pub fn pgn_bad_fen(l, line: i64, detail: &str) = "pgn-bad-fen";
    /// A `Variant` tag the bot does not play.
    pub fn pgn_bad_variant(l, line: i64, given: &str) = "pgn-bad-variant";
    /// A move that cannot be played: its line, number and the reason.
    pub fn pgn_bad_move(l, line: i64, number: &str, reason: &str) = "pgn-bad-move";
    /// A stray character in the moves.
    pub fn pgn_unexpected(l, line: i64, token: &str) = "pgn-unexpected";
    /// A comment never closed.
    pub fn pgn_unclosed_comment(l, line: i64) = "pgn-unclosed-comment";
    /// A variation never closed.
    pub fn pgn_unclosed_variation(l, line: i64) = "pgn-unclosed-variation";
    /// A PGN over the size limit (in KB).
    pub fn pgn_too_large(l, max: i64) = "pgn-too-large";
    /// A game over the ply limit.
    pub fn pgn_too_long(l, line: i64, max: i64) = "pgn-too-long";
    /// Several games and none chosen.
    pub fn pgn_several_games(l, count: i64) = "pgn-several-games";
    /// A chosen game that is not there.
    pub fn pgn_no_such_game(l, chosen: i64, count: i64) = "pgn-no-such-game";
    /// A move after the end of the game.
    pub fn pgn_move_after_end(l, line: i64, number: &str) = "pgn-move-after-end";
    /// A game that already ended (by the board or a written result).
    pub fn pgn_ended(l, line: i64, result: &str) = "pgn-ended";
    /// A community setting changed by someone who is not a moderator.
    pub fn community_not_moderator(l) = "community-not-moderator";
    /// A leave allowance other than 30 or 45 days.
    pub fn bad_leave(l, given: &str) = "bad-leave";
    /// A time-out percentage outside 1-99 (or `off`).
    pub fn bad_timeouts(l, given: &str) = "bad-timeouts";
    /// The community's leave allowance is now `days` a calendar year.
    pub fn leave_set(l, days: i64) = "leave-set";
    /// The community's default time control (`none`: days per move).
    pub fn default_control_set(l, control: &str) = "default-control-set";
    /// The community's time-out rule (`percent` 0: off), over the last
    /// `games` finished games once a player has `min` of them.
    pub fn timeouts_set(l, percent: i64, games: i64, min: i64) = "timeouts-set";
    /// A rated challenge refused by the time-out rule.
    pub fn timeouts_refused(l, timeouts: i64, games: i64, percent: i64) = "timeouts-refused";
    /// The community's settings, as `settings` shows them.
    pub fn community_settings_current(l, leave: i64, control: &str, percent: i64) = "community-settings-current";
}

/// The line naming a Chess960 game's start position number.
#[must_use]
pub fn chess960_start(l: Locale, number: u32) -> String {
    chess960_start_text(l, i64::from(number))
}

/// A bank as players read it: "4 d 6 h" (minutes only under a day).
#[must_use]
pub fn bank_left(l: Locale, ms_left: i64) -> String {
    let m = ms_left.max(0) / 60_000;
    bank_left_text(l, m / 1440, m / 60 % 24, m % 60)
}

/// What is wrong with a PGN, in `l`, with the line (and move) it is on.
#[must_use]
pub fn pgn_error(l: Locale, e: &PgnError) -> String {
    let n = |v: usize| i64::try_from(v).unwrap_or(i64::MAX);
    match e {
        PgnError::Empty => pgn_empty(l),
        PgnError::Tag { line, reason } => pgn_bad_tag(l, n(*line), reason),
        PgnError::Fen { line, source, .. } => pgn_bad_fen(l, n(*line), &source.to_string()),
        PgnError::Variant { line, name } => pgn_bad_variant(l, n(*line), name),
        PgnError::Move {
            line,
            label,
            token,
            reason: crate::chess::MoveInputError::GameOver,
            ..
        } => pgn_move_after_end(l, n(*line), &format!("{label} {token}")),
        PgnError::Move {
            line,
            label,
            token,
            reason,
            ..
        } => pgn_bad_move(
            l,
            n(*line),
            &format!("{label} {token}"),
            &crate::service::messages::errors::move_error(l, reason, token),
        ),
        PgnError::Unexpected { line, token } => pgn_unexpected(l, n(*line), token),
        PgnError::UnclosedComment { line } => pgn_unclosed_comment(l, n(*line)),
        PgnError::UnclosedVariation { line } => pgn_unclosed_variation(l, n(*line)),
        PgnError::TooLarge { .. } => pgn_too_large(l, n(crate::chess::MAX_IMPORT_BYTES >> 10)),
        PgnError::TooManyPlies { line } => {
            pgn_too_long(l, n(*line), n(crate::chess::MAX_IMPORT_PLIES))
        }
        PgnError::SeveralGames { count } => pgn_several_games(l, n(*count)),
        PgnError::NoSuchGame { chosen, count } => pgn_no_such_game(l, n(*chosen), n(*count)),
        PgnError::Ended { line, result } => pgn_ended(l, n(*line), result),
    }
}
