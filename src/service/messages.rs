//! The message catalog: every user-facing sentence of the bot, one named
//! function per message with named arguments. English only for now; a
//! translation layer (Fluent) can replace the bodies without touching the
//! handlers, which only ever call these functions.
//!
//! Names passed in are untrusted display names: they are inserted as plain
//! text; adapters escape markup for their platform.

use chrono::{DateTime, SecondsFormat, Utc};

use crate::chess::{Color, Termination};

/// A deadline as shown to users.
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
pub fn color(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn rules_name(fide: bool) -> &'static str {
    if fide {
        "strict FIDE rules"
    } else {
        "house rules"
    }
}

// ---- challenges -------------------------------------------------------

/// A personal or open challenge was posted.
#[must_use]
pub fn challenge_posted(
    challenger: &str,
    opponent: Option<&str>,
    challenger_color: &str,
    days: i64,
    fide: bool,
    custom_start: bool,
) -> String {
    let who = match opponent {
        Some(o) => format!("{challenger} challenges {o}"),
        None => format!("{challenger} opens a challenge: anyone here may accept"),
    };
    let colour = match challenger_color {
        "white" => format!("{challenger} plays white"),
        "black" => format!("{challenger} plays black"),
        _ => "colours drawn at random".to_string(),
    };
    let start = if custom_start {
        ", from a set-up position"
    } else {
        ""
    };
    let answer = match opponent {
        Some(o) => format!("{o}: `/chess accept` or `/chess decline`."),
        None => "Answer with `/chess accept`.".to_string(),
    };
    format!(
        "{who} ({colour}, {days} {} per move, {}{start}). {answer}",
        if days == 1 { "day" } else { "days" },
        rules_name(fide)
    )
}

/// A challenge was declined.
#[must_use]
pub fn challenge_declined(by: &str, challenger: &str) -> String {
    format!("{by} declined the challenge of {challenger}.")
}

/// A challenge was withdrawn.
#[must_use]
pub fn challenge_cancelled(challenger: &str) -> String {
    format!("{challenger} withdrew the challenge.")
}

/// A game started.
#[must_use]
pub fn game_started(id: i64, white: &str, black: &str, to_move: &str, until: &str) -> String {
    format!(
        "Game #{id} starts: {white} (white) against {black} (black). {to_move} to move, deadline {until}."
    )
}

// ---- moves and board ---------------------------------------------------

/// A move was played and the game goes on.
#[must_use]
pub fn moved(by: &str, number: &str, san: &str, next: &str, check: bool, until: &str) -> String {
    let check = if check { " Check!" } else { "" };
    format!("{by} played {number}{san}.{check} {next} to move, deadline {until}.")
}

/// A move was played that ended the game (the summary follows).
#[must_use]
pub fn moved_final(by: &str, number: &str, san: &str) -> String {
    format!("{by} played {number}{san}.")
}

/// Caption of the current board.
#[must_use]
pub fn board_caption(id: i64, white: &str, black: &str, to_move: &str, until: &str) -> String {
    format!(
        "Game #{id}: {white} (white) against {black} (black). {to_move} to move, deadline {until}."
    )
}

/// Caption of the final board of a finished game.
#[must_use]
pub fn final_board_caption(id: i64, white: &str, black: &str, result: &str) -> String {
    format!("Game #{id}: {white} (white) against {black} (black), finished {result}.")
}

// ---- draws, takebacks --------------------------------------------------

/// A draw offer stands.
#[must_use]
pub fn draw_offered(by: &str, to: &str) -> String {
    format!(
        "{by} offers a draw. {to}: `/chess draw` to accept, `/chess decline` or a move to decline."
    )
}

/// A draw offer was declined explicitly.
#[must_use]
pub fn draw_declined(by: &str) -> String {
    format!("{by} declined the draw offer.")
}

/// A takeback request stands.
#[must_use]
pub fn takeback_requested(by: &str, to: &str) -> String {
    format!(
        "{by} asks to take back their last move. {to}: `/chess takeback` to agree, `/chess decline` to refuse."
    )
}

/// A takeback request was refused.
#[must_use]
pub fn takeback_declined(by: &str) -> String {
    format!("{by} refused the takeback.")
}

/// A takeback was done.
#[must_use]
pub fn takeback_done(plies: usize, to_move: &str, until: &str) -> String {
    let what = if plies == 1 {
        "The last move was taken back"
    } else {
        "The last two moves were taken back"
    };
    format!("{what}. {to_move} to move, deadline {until}.")
}

// ---- deadlines ---------------------------------------------------------

/// The reminder before a deadline.
#[must_use]
pub fn reminder(player: &str, id: i64, until: &str) -> String {
    format!("{player}, it is your move in game #{id}: the deadline is {until}.")
}

// ---- the end -----------------------------------------------------------

/// The result line in words.
#[must_use]
pub fn summary(
    termination: Termination,
    winner: Option<&str>,
    loser: Option<&str>,
    result: &str,
) -> String {
    let loser = loser.unwrap_or("the player to move");
    let line = match (termination, winner) {
        (Termination::Checkmate, Some(w)) => format!("Checkmate: {w} wins."),
        (Termination::Resignation, Some(w)) => format!("{loser} resigns: {w} wins."),
        (Termination::Resignation, None) => {
            format!("{loser} resigns, but the opponent has only a king left: draw.")
        }
        (Termination::Timeout, Some(w)) => format!("{loser} ran out of time: {w} wins."),
        (Termination::Timeout, None) => {
            format!("{loser} ran out of time, but the opponent has only a king left: draw.")
        }
        (Termination::Stalemate, _) => "Draw by stalemate.".to_string(),
        (Termination::DeadPosition, _) => {
            "Draw: dead position, neither side can checkmate.".to_string()
        }
        (Termination::ThreefoldRepetition, _) => "Draw by threefold repetition.".to_string(),
        (Termination::FiftyMoves, _) => "Draw by the 50-move rule.".to_string(),
        (Termination::FivefoldRepetition, _) => "Draw by fivefold repetition.".to_string(),
        (Termination::SeventyFiveMoves, _) => "Draw by the 75-move rule.".to_string(),
        (Termination::Agreement, _) => "Draw by agreement.".to_string(),
        (Termination::Aborted, _) => "Game aborted: no result.".to_string(),
        (t, None) => format!("Game over ({t})."),
    };
    format!("{line} Result: {result}.")
}

/// A game aborted because a player never made a first move in time.
#[must_use]
pub fn aborted_no_first_move(player: &str) -> String {
    format!("{player} did not make a first move in time: game aborted, no result.")
}

/// Caption of the PGN reply.
#[must_use]
pub fn pgn(pgn: &str) -> String {
    pgn.to_string()
}

// ---- listings ----------------------------------------------------------

/// One line of `games`.
#[must_use]
pub fn games_line(id: i64, white: &str, black: &str, to_move: &str, until: &str) -> String {
    format!("#{id} {white} - {black}: {to_move} to move, deadline {until}")
}

/// Heading of `games`, listing the games here.
#[must_use]
pub fn games_here_heading() -> String {
    "Games running here:".to_string()
}

/// Heading of `games`, listing the caller's games on move.
#[must_use]
pub fn games_your_move_heading() -> String {
    "Your move in:".to_string()
}

/// `games` with nothing to show.
#[must_use]
pub fn no_games() -> String {
    "No games are running.".to_string()
}

/// One line of `history`.
#[must_use]
pub fn history_line(id: i64, white: &str, black: &str, result: &str, termination: &str) -> String {
    format!("#{id} {white} - {black} {result} ({termination})")
}

/// Heading of `history`.
#[must_use]
pub fn history_heading(user: &str) -> String {
    format!("Finished games of {user}:")
}

/// `history` with nothing to show.
#[must_use]
pub fn no_history(user: &str) -> String {
    format!("{user} has no finished games yet.")
}

/// The help text.
#[must_use]
pub fn help() -> String {
    "Correspondence chess. Commands:\n\
     /chess challenge [@opponent] [color:white|black|random] [days:1-14] [rules:house|fide] [fen:\"...\"] - challenge someone (or anyone) here\n\
     /chess accept | decline | cancel - answer or withdraw a challenge\n\
     /chess move <move> - play a move (Nf3, e4, exd5, O-O, e7e8q, ...)\n\
     /chess board [flip] - show the board\n\
     /chess draw - offer a draw, or accept the opponent's offer\n\
     /chess resign - resign the game\n\
     /chess abort - end the game without result before both sides have moved\n\
     /chess takeback - ask to take back your last move (the opponent agrees with /chess takeback)\n\
     /chess rematch - challenge your last opponent here again, colours swapped\n\
     /chess claim - claim a threefold repetition or 50-move draw (strict FIDE rules only)\n\
     /chess pgn [game] - the PGN of a game\n\
     /chess games - running games; /chess history [@user] - finished games\n\
     /chess help - this text"
        .to_string()
}

// ---- errors ------------------------------------------------------------

/// Move text that is not a move.
#[must_use]
pub fn invalid_notation(detail: &str) -> String {
    format!(
        "That is not a move I can read: {detail}. Try SAN like Nf3, exd5, O-O, e8=Q or UCI like g1f3."
    )
}

/// Missing move text.
#[must_use]
pub fn missing_move() -> String {
    "Which move? For example `/chess move e4`.".to_string()
}

/// Move text too long to be a move.
#[must_use]
pub fn move_too_long() -> String {
    "That is far too long to be a move.".to_string()
}

/// An illegal move.
#[must_use]
pub fn illegal_move(detail: &str) -> String {
    format!("Illegal move: {detail}.")
}

/// An ambiguous move.
#[must_use]
pub fn ambiguous_move(detail: &str) -> String {
    format!("Ambiguous move: {detail}.")
}

/// Moving out of turn.
#[must_use]
pub fn not_your_turn(to_move: &str) -> String {
    format!("It is not your turn: {to_move} is to move.")
}

/// A stranger tried to act in a game.
#[must_use]
pub fn not_a_player(white: &str, black: &str) -> String {
    format!("Only the players of this game ({white} and {black}) can do that.")
}

/// No game runs in this channel.
#[must_use]
pub fn no_game() -> String {
    "No game is running in this channel. Start one with `/chess challenge`.".to_string()
}

/// No game at all in this channel (for board/pgn).
#[must_use]
pub fn no_game_here() -> String {
    "No game has been played in this channel yet.".to_string()
}

/// A game id that does not exist.
#[must_use]
pub fn no_such_game(id: i64) -> String {
    format!("There is no game #{id}.")
}

/// The channel has a running game.
#[must_use]
pub fn game_in_progress(id: i64, white: &str, black: &str) -> String {
    format!(
        "Game #{id} ({white} against {black}) is running in this channel: one game per channel. Finish it first or play in another channel."
    )
}

/// The channel has an open challenge.
#[must_use]
pub fn challenge_pending(challenger: &str) -> String {
    format!(
        "{challenger} has a challenge open in this channel: accept or decline it first (or play in another channel)."
    )
}

/// No open challenge.
#[must_use]
pub fn no_challenge() -> String {
    "There is no open challenge in this channel.".to_string()
}

/// The challenge is for someone else.
#[must_use]
pub fn challenge_not_for_you(opponent: &str) -> String {
    format!("This challenge is for {opponent}.")
}

/// Accepting one's own challenge.
#[must_use]
pub fn own_challenge() -> String {
    "You cannot accept your own challenge; `/chess cancel` withdraws it.".to_string()
}

/// Cancelling someone else's challenge.
#[must_use]
pub fn not_your_challenge(challenger: &str) -> String {
    format!("Only {challenger} can withdraw this challenge.")
}

/// Declining an open challenge not addressed to anybody.
#[must_use]
pub fn open_challenge_no_decline() -> String {
    "This challenge is open to everyone: there is nothing to decline.".to_string()
}

/// Challenging oneself.
#[must_use]
pub fn self_challenge() -> String {
    "You cannot challenge yourself.".to_string()
}

/// Days out of range.
#[must_use]
pub fn bad_days(given: &str) -> String {
    format!("Days per move must be a whole number from 1 to 14, not {given}.")
}

/// A bad FEN.
#[must_use]
pub fn invalid_fen(detail: &str) -> String {
    format!("Invalid FEN: {detail}.")
}

/// A FEN whose game is already over.
#[must_use]
pub fn fen_game_over() -> String {
    "Invalid FEN: the game is already over in that position".to_string()
}

/// A draw offer before both sides have moved.
#[must_use]
pub fn draw_too_early() -> String {
    "A draw can be offered only after both sides have made a move.".to_string()
}

/// Offering twice.
#[must_use]
pub fn draw_already_offered() -> String {
    "Your draw offer already stands.".to_string()
}

/// Abort after both sides moved.
#[must_use]
pub fn abort_too_late() -> String {
    "Too late to abort: both sides have moved. You can offer a draw or resign.".to_string()
}

/// Takeback with nothing to take back.
#[must_use]
pub fn nothing_to_take_back() -> String {
    "You have no move to take back.".to_string()
}

/// Asking twice.
#[must_use]
pub fn takeback_already_requested() -> String {
    "Your takeback request already stands.".to_string()
}

/// Nothing to decline.
#[must_use]
pub fn nothing_to_decline() -> String {
    "There is no challenge, draw offer or takeback request for you to decline here.".to_string()
}

/// A refused claim.
#[must_use]
pub fn claim_refused(detail: &str) -> String {
    format!("No draw to claim: {detail}.")
}

/// Rematch with no finished game here.
#[must_use]
pub fn no_rematch() -> String {
    "No finished game in this channel to rematch.".to_string()
}

/// Rematch by a stranger.
#[must_use]
pub fn rematch_not_player(white: &str, black: &str) -> String {
    format!("Only {white} and {black} can ask for a rematch.")
}

/// Two moves raced and this one lost.
#[must_use]
pub fn position_changed() -> String {
    "The position changed before your command was applied (another move or a time-out came first). Look at the board and try again.".to_string()
}

/// Anything unexpected.
#[must_use]
pub fn internal() -> String {
    "Sorry, something went wrong on my side. Please try again.".to_string()
}

/// An unknown subcommand.
#[must_use]
pub fn unknown_command(name: &str) -> String {
    format!("Unknown command `{name}`. `/chess help` lists the commands.")
}

/// `/chess` alone.
#[must_use]
pub fn missing_command() -> String {
    "Which command? `/chess help` lists them.".to_string()
}

/// A malformed or unknown option.
#[must_use]
pub fn invalid_option(detail: &str) -> String {
    format!("{detail}. `/chess help` shows the options.")
}

/// An unknown option name.
#[must_use]
pub fn unknown_option(command: &str, name: &str) -> String {
    invalid_option(&format!("`{command}` has no option `{name}`"))
}

/// An option with a bad value.
#[must_use]
pub fn bad_option_value(name: &str, value: &str) -> String {
    invalid_option(&format!("`{value}` is not a valid value for `{name}`"))
}

/// Too many arguments.
#[must_use]
pub fn unexpected_argument(command: &str, arg: &str) -> String {
    invalid_option(&format!("`{command}` does not take `{arg}`"))
}

/// An unterminated quoted value.
#[must_use]
pub fn unterminated_quote() -> String {
    invalid_option("A quoted value is missing its closing `\"`")
}

/// Input longer than anything sensible.
#[must_use]
pub fn input_too_long() -> String {
    "That message is too long for a chess command.".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summaries_name_the_result_in_words() {
        assert_eq!(
            summary(Termination::Checkmate, Some("alice"), Some("bob"), "1-0"),
            "Checkmate: alice wins. Result: 1-0."
        );
        assert_eq!(
            summary(Termination::ThreefoldRepetition, None, None, "1/2-1/2"),
            "Draw by threefold repetition. Result: 1/2-1/2."
        );
        assert!(
            summary(Termination::Timeout, None, Some("bob"), "1/2-1/2").contains("only a king")
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
}
