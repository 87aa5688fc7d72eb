//! The catalog's error messages: what a refused command tells the user.

use crate::chess::{CastleSide, ClaimError, IllegalMove, MoveInputError};
use crate::i18n::{Locale, tr};

use super::*;

// ---- errors ------------------------------------------------------------

/// Move text that is not a move. `detail` is the reader's English
/// explanation (used by the English wording), `input` what was typed.
#[must_use]
pub fn invalid_notation(l: Locale, detail: &str, input: &str) -> String {
    tr(
        l,
        "invalid-notation",
        &[("detail", detail.into()), ("input", input.into())],
    )
}

/// Missing move text.
#[must_use]
pub fn missing_move(l: Locale) -> String {
    tr(l, "missing-move", &[])
}

/// Move text too long to be a move.
#[must_use]
pub fn move_too_long(l: Locale) -> String {
    tr(l, "move-too-long", &[])
}

fn side_key(side: CastleSide) -> &'static str {
    match side {
        CastleSide::King => "king",
        CastleSide::Queen => "queen",
    }
}

/// An illegal move: `detail` is the English explanation of the rules core,
/// `input` the move as typed, `reason` why it is illegal (worded in the
/// locale).
#[must_use]
pub fn illegal_move(l: Locale, detail: &str, input: &str, reason: &IllegalMove) -> String {
    let (key, square, role, side) = match reason {
        IllegalMove::NoPiece { square, role } => ("no_piece", square.to_string(), role.name(), ""),
        IllegalMove::NotYourPiece(s) => ("not_your_piece", s.to_string(), "", ""),
        IllegalMove::Unreachable(role, s) => ("unreachable", s.to_string(), role.name(), ""),
        IllegalMove::Pinned(s) => ("pinned", s.to_string(), "", ""),
        IllegalMove::InCheck => ("in_check", String::new(), "", ""),
        IllegalMove::KingIntoCheck => ("king_into_check", String::new(), "", ""),
        IllegalMove::ExposesKing => ("exposes_king", String::new(), "", ""),
        IllegalMove::NoCastlingRights(side) => {
            ("no_castling_rights", String::new(), "", side_key(*side))
        }
        IllegalMove::CastleOutOfCheck => ("castle_out_of_check", String::new(), "", ""),
        IllegalMove::CastleBlocked(side) => ("castle_blocked", String::new(), "", side_key(*side)),
        IllegalMove::CastleThroughCheck(s) => ("castle_through_check", s.to_string(), "", ""),
        IllegalMove::CastleIntoCheck(s) => ("castle_into_check", s.to_string(), "", ""),
    };
    tr(
        l,
        "illegal-move",
        &[
            ("detail", detail.into()),
            ("input", input.into()),
            ("reason", key.into()),
            ("square", square.into()),
            ("role", role.into()),
            ("side", side.into()),
        ],
    )
}

/// An ambiguous move: `candidates` in standard SAN, shown in the locale's
/// notation.
#[must_use]
pub fn ambiguous_move(l: Locale, detail: &str, input: &str, candidates: &[String]) -> String {
    let list = candidates
        .iter()
        .map(|c| san_local(l, c))
        .collect::<Vec<_>>()
        .join(", ");
    tr(
        l,
        "ambiguous-move",
        &[
            ("detail", detail.into()),
            ("input", input.into()),
            ("candidates", list.into()),
        ],
    )
}

/// The message for a move that could not be played; `typed` is what the
/// player wrote.
#[must_use]
pub fn move_error(l: Locale, e: &MoveInputError, typed: &str) -> String {
    let detail = e.to_string();
    match e {
        MoveInputError::Parse(_) => invalid_notation(l, &detail, typed),
        MoveInputError::Illegal { reason, .. } => illegal_move(l, &detail, typed, reason),
        MoveInputError::Ambiguous { candidates, .. } => {
            ambiguous_move(l, &detail, typed, candidates)
        }
        MoveInputError::PushIsCapture { input, captures } => push_is_capture(l, input, captures),
        MoveInputError::GameOver => no_game(l),
    }
}

/// A pawn push was typed where only pawn captures reach the square.
#[must_use]
pub fn push_is_capture(l: Locale, input: &str, captures: &[String]) -> String {
    let list = captures
        .iter()
        .map(|c| san_local(l, c))
        .collect::<Vec<_>>()
        .join(", ");
    tr(
        l,
        "push-is-capture",
        &[("input", input.into()), ("captures", list.into())],
    )
}

/// Moving out of turn.
#[must_use]
pub fn not_your_turn(l: Locale, to_move: &str) -> String {
    tr(l, "not-your-turn", &[("to_move", to_move.into())])
}

/// A stranger tried to act in a game.
#[must_use]
pub fn not_a_player(l: Locale, white: &str, black: &str) -> String {
    tr(
        l,
        "not-a-player",
        &[("white", white.into()), ("black", black.into())],
    )
}

/// No game runs in this channel.
#[must_use]
pub fn no_game(l: Locale) -> String {
    tr(l, "no-game", &[])
}

/// No game at all in this channel (for board/pgn).
#[must_use]
pub fn no_game_here(l: Locale) -> String {
    tr(l, "no-game-here", &[])
}

/// A game id that does not exist.
#[must_use]
pub fn no_such_game(l: Locale, id: i64) -> String {
    tr(l, "no-such-game", &[("id", id.into())])
}

/// The channel has a running game.
#[must_use]
pub fn game_in_progress(l: Locale, id: i64, white: &str, black: &str) -> String {
    tr(
        l,
        "game-in-progress",
        &[
            ("id", id.into()),
            ("white", white.into()),
            ("black", black.into()),
        ],
    )
}

/// The channel has an open challenge.
#[must_use]
pub fn challenge_pending(l: Locale, challenger: &str) -> String {
    tr(l, "challenge-pending", &[("challenger", challenger.into())])
}

/// No open challenge.
#[must_use]
pub fn no_challenge(l: Locale) -> String {
    tr(l, "no-challenge", &[])
}

/// The challenge is for someone else.
#[must_use]
pub fn challenge_not_for_you(l: Locale, opponent: &str) -> String {
    tr(l, "challenge-not-for-you", &[("opponent", opponent.into())])
}

/// Accepting one's own challenge.
#[must_use]
pub fn own_challenge(l: Locale) -> String {
    tr(l, "own-challenge", &[])
}

/// Cancelling someone else's challenge.
#[must_use]
pub fn not_your_challenge(l: Locale, challenger: &str) -> String {
    tr(
        l,
        "not-your-challenge",
        &[("challenger", challenger.into())],
    )
}

/// Declining an open challenge not addressed to anybody.
#[must_use]
pub fn open_challenge_no_decline(l: Locale) -> String {
    tr(l, "open-challenge-no-decline", &[])
}

/// Challenging oneself.
#[must_use]
pub fn self_challenge(l: Locale) -> String {
    tr(l, "self-challenge", &[])
}

/// A challenge to the engine's reserved id: `computer` plays it.
#[must_use]
pub fn challenge_computer(l: Locale) -> String {
    tr(l, "challenge-computer", &[])
}

/// Days of vacation out of range (0 to `max`).
#[must_use]
pub fn bad_vacation_days(l: Locale, given: &str, max: i64) -> String {
    tr(
        l,
        "bad-vacation-days",
        &[("given", given.into()), ("max", max.into())],
    )
}

/// A game number no game can have (too big for an id), as typed.
#[must_use]
pub fn no_such_game_number(l: Locale, given: &str) -> String {
    tr(l, "no-such-game", &[("id", given.into())])
}

/// Days out of range.
#[must_use]
pub fn bad_days(l: Locale, given: &str) -> String {
    tr(l, "bad-days", &[("given", given.into())])
}

/// A bad FEN; `detail` is the FEN reader's (English) explanation.
#[must_use]
pub fn invalid_fen(l: Locale, detail: &str) -> String {
    tr(l, "invalid-fen", &[("detail", detail.into())])
}

/// A FEN whose game is already over.
#[must_use]
pub fn fen_game_over(l: Locale) -> String {
    tr(l, "fen-game-over", &[])
}

/// A draw offer before both sides have moved.
#[must_use]
pub fn draw_too_early(l: Locale) -> String {
    tr(l, "draw-too-early", &[])
}

/// Offering twice.
#[must_use]
pub fn draw_already_offered(l: Locale) -> String {
    tr(l, "draw-already-offered", &[])
}

/// Abort after both sides moved.
#[must_use]
pub fn abort_too_late(l: Locale) -> String {
    tr(l, "abort-too-late", &[])
}

/// Takeback with nothing to take back.
#[must_use]
pub fn nothing_to_take_back(l: Locale) -> String {
    tr(l, "nothing-to-take-back", &[])
}

/// Asking twice.
#[must_use]
pub fn takeback_already_requested(l: Locale) -> String {
    tr(l, "takeback-already-requested", &[])
}

/// Nothing to decline.
#[must_use]
pub fn nothing_to_decline(l: Locale) -> String {
    tr(l, "nothing-to-decline", &[])
}

/// A refused claim.
#[must_use]
pub fn claim_refused(l: Locale, e: &ClaimError) -> String {
    let reason = match e {
        ClaimError::NotFideMode => "not_fide",
        ClaimError::NothingToClaim => "nothing",
        ClaimError::GameOver => "over",
    };
    tr(
        l,
        "claim-refused",
        &[("detail", e.to_string().into()), ("reason", reason.into())],
    )
}

/// Rematch with no finished game here.
#[must_use]
pub fn no_rematch(l: Locale) -> String {
    tr(l, "no-rematch", &[])
}

/// Rematch by a stranger.
#[must_use]
pub fn rematch_not_player(l: Locale, white: &str, black: &str) -> String {
    tr(
        l,
        "rematch-not-player",
        &[("white", white.into()), ("black", black.into())],
    )
}

/// Two moves raced and this one lost.
#[must_use]
pub fn position_changed(l: Locale) -> String {
    tr(l, "position-changed", &[])
}

/// A button of a challenge that is no longer open.
#[must_use]
pub fn button_challenge_gone(l: Locale) -> String {
    tr(l, "button-challenge-gone", &[])
}

/// A button of game `id`, which is no longer played in this channel.
#[must_use]
pub fn button_game_gone(l: Locale, id: i64) -> String {
    tr(l, "button-game-gone", &[("id", id.into())])
}

/// An Accept- or Decline-draw button whose offer no longer stands.
#[must_use]
pub fn button_draw_gone(l: Locale) -> String {
    tr(l, "button-draw-gone", &[])
}

/// A button whose subject does not fit it.
#[must_use]
pub fn button_stale(l: Locale) -> String {
    tr(l, "button-stale", &[])
}

/// Anything unexpected.
#[must_use]
pub fn internal(l: Locale) -> String {
    tr(l, "internal", &[])
}

/// The database cannot be reached: nothing was done.
#[must_use]
pub fn unavailable(l: Locale) -> String {
    tr(l, "unavailable", &[])
}

/// An unknown subcommand.
#[must_use]
pub fn unknown_command(l: Locale, name: &str) -> String {
    tr(l, "unknown-command", &[("name", name.into())])
}

/// `/chess` alone.
#[must_use]
pub fn missing_command(l: Locale) -> String {
    tr(l, "missing-command", &[])
}

/// A malformed or unknown option, explained by `detail`.
#[must_use]
pub fn invalid_option(l: Locale, detail: &str) -> String {
    tr(l, "invalid-option", &[("detail", detail.into())])
}

/// An unknown option name.
#[must_use]
pub fn unknown_option(l: Locale, command: &str, name: &str) -> String {
    tr(
        l,
        "unknown-option",
        &[("command", command.into()), ("name", name.into())],
    )
}

/// An option with a bad value.
#[must_use]
pub fn bad_option_value(l: Locale, name: &str, value: &str) -> String {
    tr(
        l,
        "bad-option-value",
        &[("name", name.into()), ("value", value.into())],
    )
}

/// Too many arguments.
#[must_use]
pub fn unexpected_argument(l: Locale, command: &str, arg: &str) -> String {
    tr(
        l,
        "unexpected-argument",
        &[("command", command.into()), ("arg", arg.into())],
    )
}

/// An unterminated quoted value.
#[must_use]
pub fn unterminated_quote(l: Locale) -> String {
    tr(l, "unterminated-quote", &[])
}

/// Input longer than anything sensible.
#[must_use]
pub fn input_too_long(l: Locale) -> String {
    tr(l, "input-too-long", &[])
}

/// A bystander tried to change the language while a game runs here.
#[must_use]
pub fn language_locked(l: Locale, white: &str, black: &str) -> String {
    tr(
        l,
        "language-locked",
        &[("white", white.into()), ("black", black.into())],
    )
}

/// A claim with a move that produces nothing to claim: the move stands.
#[must_use]
pub fn claim_refused_move_stands(l: Locale, e: &ClaimError) -> String {
    tr(
        l,
        "claim-refused-move-stands",
        &[("detail", e.to_string().into())],
    )
}

// ---- pics: "did you mean"

/// An unknown subcommand near a known one: `mvoe` -> did you mean `move`?
#[must_use]
pub fn unknown_command_suggest(l: Locale, name: &str, suggestion: &str) -> String {
    tr(
        l,
        "unknown-command-suggest",
        &[("name", name.into()), ("suggestion", suggestion.into())],
    )
}

// ---- pics: the themes listed

/// A theme that does not exist, and the ones that do.
#[must_use]
pub fn bad_theme(l: Locale, value: &str, themes: &str) -> String {
    tr(
        l,
        "bad-theme",
        &[("value", value.into()), ("themes", themes.into())],
    )
}
