//! Games: challenges, play (moves, the end of a game, resigning, claims),
//! draw offers, the announcement every ending shares, listings (board, PGN,
//! games, history), deadlines and challenge expiry, games against the
//! computer and the engine's own deadline, how a Chess960 start is
//! chosen, time banks and games continued from a PGN.
//!
//! The files here are `impl GameService` blocks and their helpers; they
//! reach the rest of the service through its names (`super::...`).

pub(crate) mod catalog;

pub(super) mod banks;
pub(super) mod board_words;
pub(super) mod challenges;
pub(super) mod chess960;
pub(super) mod computer;
pub(super) mod deadlines;
pub(super) mod end;
pub(super) mod ended;
pub(super) mod engine_deadline;
pub(super) mod event_rules;
pub(super) mod expiry;
pub(super) mod import;
pub(super) mod listings;
pub(super) mod move_input;
pub(super) mod offers;
pub(super) mod play;
pub(super) mod rematch;
pub(crate) mod tablebase;
pub(super) mod takeback;

#[allow(unused_imports)]
use super::*;

/// The board and the `start` event that announce a new game: the
/// position `fen` (after `last_move`, for a game continued from a PGN),
/// the players' names, the first deadline's time left.
fn start_announcement(
    [white, black]: [&Actor; 2],
    fen: String,
    last_move: Option<crate::chess::Move>,
    start_fen: &str,
    (variant, position): (crate::chess::Variant, Option<u32>),
    time_left: String,
) -> (BoardImage, Event) {
    let board = BoardImage {
        fen: fen.clone(),
        last_move,
        flip: false,
        result: None,
        names: Some([white.name.clone(), black.name.clone()]),
        deadline: Some(time_left),
        theme: crate::render::Theme::default(),
        start_fen: game::custom_start(start_fen),
    };
    let event = Event::Start {
        white: white.name.clone(),
        black: black.name.clone(),
        fen,
        variant: variant.is_chess960().then(|| variant.as_str().to_string()),
        position,
        league: None,
        watch: None,
    };
    (board, event)
}
