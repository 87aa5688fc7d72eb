//! The rules core: board representation on bitboards, legal move generation,
//! FEN, SAN (writing and lenient reading), games with repetition history,
//! outcomes under the house policy, PGN (writing and reading) and perft;
//! standard chess and Chess960.
//!
//! Pure: no I/O, no async, no logging, and no imports from the rest of the
//! crate, so it can be tested and benchmarked on its own.

pub mod attacks;
pub mod game;
pub mod perft;
#[cfg(test)]
mod pgn_import_tests;
pub mod pgn_read;
pub mod position;
pub mod san;
pub mod types;
pub mod variant;

pub use game::{ClaimError, Game, Outcome, PgnTags, RulesMode, Termination};
pub use pgn_read::{
    MAX_IMPORT_BYTES, MAX_IMPORT_PLIES, PgnError, PgnGame, count_pgn_games, import_pgn, read_pgn,
};
pub use position::{
    CastleSide, FenError, IllegalMove, MoveList, Position, RepetitionKey, START_FEN,
};
pub use san::{MAX_MOVE_TEXT, MoveInputError, MoveText, ParseMoveError};
pub use types::{Bitboard, Color, Move, ParseSquareError, Piece, Role, Square};
pub use variant::{Chess960NumberError, ParseVariantError, Variant};
