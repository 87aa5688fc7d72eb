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

use crate::chess::{CastleSide, ClaimError, Color, IllegalMove, MoveInputError, Termination};
use crate::i18n::{Locale, notation, tr};

/// A deadline as shown to users (the same in every language: digits and
/// UTC read everywhere).
#[must_use]
pub fn deadline(at: DateTime<Utc>) -> String {
    at.format("%Y-%m-%d %H:%M UTC").to_string()
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
/// shown in the locale's notation.
#[must_use]
pub fn moved(
    l: Locale,
    by: &str,
    number: &str,
    san: &str,
    next: &str,
    check: bool,
    until: &str,
) -> String {
    tr(
        l,
        "moved",
        &[
            ("by", by.into()),
            ("number", number.into()),
            ("san", san_local(l, san).into()),
            ("check", check.into()),
            ("next", next.into()),
            ("until", until.into()),
        ],
    )
}

/// A move was played that ended the game (the summary follows).
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
            ("white", white.into()),
            ("black", black.into()),
            ("to_move", to_move.into()),
            ("until", until.into()),
        ],
    )
}

/// Heading of `games`, listing the games here.
#[must_use]
pub fn games_here_heading(l: Locale) -> String {
    tr(l, "games-here-heading", &[])
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
        MoveInputError::GameOver => no_game(l),
    }
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

// ---- adapter texts -----------------------------------------------------

/// A console line that is not `NAME: TEXT`.
#[must_use]
pub fn console_bad_line(l: Locale) -> String {
    tr(l, "console-bad-line", &[])
}

/// An unknown console directive (`:fly`).
#[must_use]
pub fn console_unknown_directive(l: Locale, directive: &str) -> String {
    tr(
        l,
        "console-unknown-directive",
        &[("directive", directive.into())],
    )
}

/// A `:advance` span the console cannot read.
#[must_use]
pub fn console_bad_span(l: Locale, given: &str) -> String {
    tr(l, "console-bad-span", &[("given", given.into())])
}

/// The private question under a Resign button.
#[must_use]
pub fn resign_question(l: Locale) -> String {
    tr(l, "resign-question", &[])
}

/// The answer to "Keep playing".
#[must_use]
pub fn resign_dropped(l: Locale) -> String {
    tr(l, "resign-dropped", &[])
}

/// The name of a game's Discord thread (names are cleaned by the caller).
#[must_use]
pub fn thread_name(l: Locale, white: &str, black: &str) -> String {
    tr(
        l,
        "thread-name",
        &[("white", white.into()), ("black", black.into())],
    )
}

/// The private acknowledgement when a command produced nothing to show.
#[must_use]
pub fn done(l: Locale) -> String {
    tr(l, "done", &[])
}

/// A button label; `button` is one of `accept-challenge`,
/// `decline-challenge`, `accept-draw`, `decline-draw`, `resign`,
/// `resign-confirm`, `resign-cancel`.
#[must_use]
pub fn button_label(l: Locale, button: &str) -> String {
    tr(l, "button-label", &[("button", button.into())])
}

#[cfg(test)]
mod tests {
    use super::*;

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
