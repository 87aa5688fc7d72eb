//! The catalog's error messages: what a refused command tells the user.

use super::declare::messages;

use crate::chess::{CastleSide, ClaimError, IllegalMove, MoveInputError};
use crate::i18n::Locale;

use super::words::san_local;

messages! {
    /// Move text that is not a move. `detail` is the reader's English
    /// explanation (used by the English wording), `input` what was typed.
    pub fn invalid_notation(l, detail: &str, input: &str) = "invalid-notation";
    /// Missing move text.
    pub fn missing_move(l) = "missing-move";
    /// Move text too long to be a move.
    pub fn move_too_long(l) = "move-too-long";
    /// `illegal-move`, worded for [`illegal_move`].
    fn illegal_move_text(l, detail, input, reason, square, role, side) = "illegal-move";
    /// `ambiguous-move`, worded for [`ambiguous_move`].
    fn ambiguous_move_text(l, detail, input, candidates) = "ambiguous-move";
    /// `notation-did-you-mean`, worded for [`notation_did_you_mean`].
    fn notation_did_you_mean_text(l, input, suggestion) = "notation-did-you-mean";
    /// A pawn asked to become a king (`e8=K`).
    pub fn promotion_to_king(l, input: &str) = "promotion-to-king";
    /// `promotion-which-piece`, worded for [`promotion_which_piece`].
    fn promotion_which_piece_text(l, input, candidates) = "promotion-which-piece";
    /// `push-is-capture`, worded for [`push_is_capture`].
    fn push_is_capture_text(l, input, captures) = "push-is-capture";
    /// Moving out of turn.
    pub fn not_your_turn(l, to_move: &str) = "not-your-turn";
    /// A stranger tried to act in a game.
    pub fn not_a_player(l, white: &str, black: &str) = "not-a-player";
    /// No game runs in this channel.
    pub fn no_game(l) = "no-game";
    /// No game at all in this channel (for board/pgn).
    pub fn no_game_here(l) = "no-game-here";
    /// A game id that does not exist.
    pub fn no_such_game(l, id: i64) = "no-such-game";
    /// The channel has a running game.
    pub fn game_in_progress(l, id: i64, white: &str, black: &str) = "game-in-progress";
    /// The channel has an open challenge.
    pub fn challenge_pending(l, challenger: &str) = "challenge-pending";
    /// No open challenge.
    pub fn no_challenge(l) = "no-challenge";
    /// The challenge is for someone else.
    pub fn challenge_not_for_you(l, opponent: &str) = "challenge-not-for-you";
    /// Accepting one's own challenge.
    pub fn own_challenge(l) = "own-challenge";
    /// Cancelling someone else's challenge.
    pub fn not_your_challenge(l, challenger: &str) = "not-your-challenge";
    /// Declining an open challenge not addressed to anybody.
    pub fn open_challenge_no_decline(l) = "open-challenge-no-decline";
    /// Challenging oneself.
    pub fn self_challenge(l) = "self-challenge";
    /// A challenge to the engine's reserved id: `computer` plays it.
    pub fn challenge_computer(l) = "challenge-computer";
    /// Days of vacation out of range (0 to `max`).
    pub fn bad_vacation_days(l, given: &str, max: i64) = "bad-vacation-days";
    /// A game number no game can have (too big for an id), as typed.
    pub fn no_such_game_number(l, given as "id": &str) = "no-such-game";
    /// Days out of range.
    pub fn bad_days(l, given: &str) = "bad-days";
    /// A bad FEN; `detail` is the FEN reader's (English) explanation.
    pub fn invalid_fen(l, detail: &str) = "invalid-fen";
    /// A FEN whose game is already over.
    pub fn fen_game_over(l) = "fen-game-over";
    /// A draw offer before both sides have moved.
    pub fn draw_too_early(l) = "draw-too-early";
    /// Offering twice.
    pub fn draw_already_offered(l) = "draw-already-offered";
    /// Abort after both sides moved.
    pub fn abort_too_late(l) = "abort-too-late";
    /// Takeback with nothing to take back.
    pub fn nothing_to_take_back(l) = "nothing-to-take-back";
    /// Asking twice.
    pub fn takeback_already_requested(l) = "takeback-already-requested";
    /// Nothing to decline.
    pub fn nothing_to_decline(l) = "nothing-to-decline";
    /// `claim-refused`, worded for [`claim_refused`].
    fn claim_refused_text(l, detail, reason) = "claim-refused";
    /// Rematch with no finished game here.
    pub fn no_rematch(l) = "no-rematch";
    /// Rematch by a stranger.
    pub fn rematch_not_player(l, white: &str, black: &str) = "rematch-not-player";
    /// Two moves raced and this one lost.
    pub fn position_changed(l) = "position-changed";
    /// A button of a challenge that is no longer open.
    pub fn button_challenge_gone(l) = "button-challenge-gone";
    /// A button of game `id`, which is no longer played in this channel.
    pub fn button_game_gone(l, id: i64) = "button-game-gone";
    /// An Accept- or Decline-draw button whose offer no longer stands.
    pub fn button_draw_gone(l) = "button-draw-gone";
    /// A button whose subject does not fit it.
    pub fn button_stale(l) = "button-stale";
    /// Anything unexpected.
    pub fn internal(l) = "internal";
    /// The database cannot be reached: nothing was done.
    pub fn unavailable(l) = "unavailable";
    /// An unknown subcommand.
    pub fn unknown_command(l, name: &str) = "unknown-command";
    /// `/chess` alone.
    pub fn missing_command(l) = "missing-command";
    /// A malformed or unknown option, explained by `detail`.
    pub fn invalid_option(l, detail: &str) = "invalid-option";
    /// An unknown option name.
    pub fn unknown_option(l, command: &str, name: &str) = "unknown-option";
    /// An option with a bad value.
    pub fn bad_option_value(l, name: &str, value: &str) = "bad-option-value";
    /// Too many arguments.
    pub fn unexpected_argument(l, command: &str, arg: &str) = "unexpected-argument";
    /// A bare name where a command takes a player (`challenge bob`).
    pub fn unexpected_argument_mention(l, command: &str, arg: &str) = "unexpected-argument-mention";
    /// An unterminated quoted value.
    pub fn unterminated_quote(l) = "unterminated-quote";
    /// Input longer than anything sensible.
    pub fn input_too_long(l) = "input-too-long";
    /// A bystander tried to change the language while a game runs here.
    pub fn language_locked(l, white: &str, black: &str) = "language-locked";
    /// `claim-refused-move-stands`, worded for [`claim_refused_move_stands`].
    fn claim_refused_move_stands_text(l, detail) = "claim-refused-move-stands";
    /// An unknown subcommand near a known one: `mvoe` -> did you mean `move`?
    pub fn unknown_command_suggest(l, name: &str, suggestion: &str) = "unknown-command-suggest";
    /// A theme that does not exist, and the ones that do.
    pub fn bad_theme(l, value: &str, themes: &str) = "bad-theme";
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
    illegal_move_text(l, detail, input, key, square, role, side)
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
    ambiguous_move_text(l, detail, input, list)
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

/// A move typed with capital file letters (`E4`) that is legal written
/// small: the move it would be, to type again.
#[must_use]
pub fn notation_did_you_mean(l: Locale, input: &str, suggestion: &str) -> String {
    notation_did_you_mean_text(l, input, san_local(l, suggestion))
}

/// A pawn reaching the last rank with no piece named: the pieces to choose.
#[must_use]
pub fn promotion_which_piece(l: Locale, input: &str, candidates: &[String]) -> String {
    let list = candidates
        .iter()
        .map(|c| san_local(l, c))
        .collect::<Vec<_>>()
        .join(", ");
    promotion_which_piece_text(l, input, list)
}

/// A pawn push was typed where only pawn captures reach the square.
#[must_use]
pub fn push_is_capture(l: Locale, input: &str, captures: &[String]) -> String {
    let list = captures
        .iter()
        .map(|c| san_local(l, c))
        .collect::<Vec<_>>()
        .join(", ");
    push_is_capture_text(l, input, list)
}

/// A refused claim.
#[must_use]
pub fn claim_refused(l: Locale, e: &ClaimError) -> String {
    let reason = match e {
        ClaimError::NotFideMode => "not_fide",
        ClaimError::NothingToClaim => "nothing",
        ClaimError::GameOver => "over",
    };
    claim_refused_text(l, e.to_string(), reason)
}

/// A claim with a move that produces nothing to claim: the move stands.
#[must_use]
pub fn claim_refused_move_stands(l: Locale, e: &ClaimError) -> String {
    claim_refused_move_stands_text(l, e.to_string())
}
