//! The rows of games and moves as the store reads and writes them: a
//! game ([`GameRow`]), a move, a new game to insert with its bank clock or
//! imported moves, and the change a move makes to its game.

use super::super::ChannelKey;
use super::super::ratings::RatingChange;
use super::STATUS_ACTIVE;

/// A `game` row.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct GameRow {
    pub id: i64,
    pub platform: String,
    pub guild: String,
    pub channel: String,
    pub white_id: String,
    pub white_name: String,
    pub black_id: String,
    pub black_name: String,
    pub start_fen: String,
    pub rules: String,
    pub days: i64,
    pub status: String,
    pub result: Option<String>,
    pub termination: Option<String>,
    pub ply: i64,
    pub fen: String,
    pub draw_offer: Option<String>,
    pub takeback_offer: Option<String>,
    pub deadline_at: Option<i64>,
    pub remind_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
    pub ended_at: Option<i64>,
    /// 1 when the game counts for ratings.
    pub rated: i64,
    /// Rounded ratings before and after a rated game that ended.
    pub white_rating_before: Option<i64>,
    pub white_rating_after: Option<i64>,
    pub black_rating_before: Option<i64>,
    pub black_rating_after: Option<i64>,
    /// `standard` or `chess960` (the rules core's `Variant` name).
    pub variant: String,
    /// The Chess960 start position number (0-959) the game started from,
    /// when it did.
    pub start_position: Option<i64>,
    /// A bank game's cap (the bank it started with); null with days per
    /// move.
    pub bank_cap_ms: Option<i64>,
    /// A bank game's increment per move.
    pub increment_ms: Option<i64>,
    /// Each side's bank when its last turn ended (see
    /// `migrations/0017_time_bank_import.sql`).
    pub white_bank_ms: Option<i64>,
    pub black_bank_ms: Option<i64>,
    /// The bank reminder sent this turn (hours left: 24 or 1).
    pub bank_reminded: Option<i64>,
    /// How many of the first plies came from an imported PGN.
    pub imported_plies: i64,
    /// The imported PGN's tags kept (`Name<TAB>value` lines).
    pub import_tags: Option<String>,
    /// 0 when a vacation does not stop this game's clocks.
    pub vacation_stops: i64,
}

impl GameRow {
    /// Whether the game is still being played.
    #[must_use]
    pub fn is_active(&self) -> bool {
        self.status == STATUS_ACTIVE
    }

    /// Both players' ratings before and after, once a rated game ended.
    #[must_use]
    pub fn rating_change(&self) -> Option<RatingChange> {
        Some(RatingChange {
            white_before: self.white_rating_before?,
            white_after: self.white_rating_after?,
            black_before: self.black_rating_before?,
            black_after: self.black_rating_after?,
        })
    }

    /// Records the ratings a finished rated game changed.
    pub fn set_rating_change(&mut self, c: Option<RatingChange>) {
        if let Some(c) = c {
            self.white_rating_before = Some(c.white_before);
            self.white_rating_after = Some(c.white_after);
            self.black_rating_before = Some(c.black_before);
            self.black_rating_after = Some(c.black_after);
        }
    }
}

/// A `move` row.
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct MoveRow {
    pub ply: i64,
    pub uci: String,
    pub san: String,
    pub played_at: i64,
}

/// A game to insert (when a challenge is accepted).
#[derive(Clone, Debug)]
pub struct NewGame {
    pub place: ChannelKey,
    pub white_id: String,
    pub white_name: String,
    pub black_id: String,
    pub black_name: String,
    pub start_fen: String,
    pub rules: String,
    pub days: i64,
    pub deadline_at: i64,
    pub remind_at: i64,
    pub created_at: i64,
    /// Whether the game counts for ratings.
    pub rated: bool,
    /// `standard` or `chess960`.
    pub variant: String,
    /// The Chess960 start position number, when the game starts from one.
    pub start_position: Option<i64>,
    /// A bank game's bank (each side's at the start, and the cap) and
    /// increment; `None` with days per move.
    pub bank: Option<Bank>,
    /// A game continued from a PGN: its moves, played at `created_at`.
    pub import: Option<Import>,
    /// Whether a vacation stops this game's clocks.
    pub vacation_stops: bool,
}

impl NewGame {
    /// A game at `place` between `white` and `black` (id, name), `days`
    /// per move, created at `now` with its first deadline and reminder:
    /// from the standard start, house rules, unrated, without bank or
    /// import, its clocks stopped by a vacation. A game that differs says
    /// so with struct update syntax.
    #[must_use]
    pub fn between(
        place: ChannelKey,
        [white, black]: [(&str, &str); 2],
        days: i64,
        (deadline_at, remind_at): (i64, i64),
        now: i64,
    ) -> NewGame {
        NewGame {
            place,
            white_id: white.0.to_string(),
            white_name: white.1.to_string(),
            black_id: black.0.to_string(),
            black_name: black.1.to_string(),
            start_fen: crate::chess::Position::startpos().fen(),
            rules: crate::chess::RulesMode::House.as_str().to_string(),
            days,
            deadline_at,
            remind_at,
            created_at: now,
            rated: false,
            variant: crate::chess::Variant::Standard.as_str().to_string(),
            start_position: None,
            bank: None,
            import: None,
            vacation_stops: true,
        }
    }
}

/// The time bank of a new game, in milliseconds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bank {
    pub bank_ms: i64,
    pub increment_ms: i64,
}

/// The imported part of a new game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    /// `(uci, san)` of each move from the start FEN.
    pub moves: Vec<(String, String)>,
    /// The FEN after them.
    pub fen: String,
    /// The tags kept, `Name<TAB>value` lines.
    pub tags: String,
}

/// The new state of a game after a move or a takeback.
#[derive(Clone, Debug)]
pub struct GameUpdate {
    pub fen: String,
    pub draw_offer: Option<String>,
    pub takeback_offer: Option<String>,
    pub deadline_at: Option<i64>,
    pub remind_at: Option<i64>,
    /// `(result, termination)` when this change ends the game.
    pub finish: Option<(String, String)>,
    pub now: i64,
    /// A bank game's banks (white, black) after the move; `None` leaves
    /// them as they are.
    pub banks: Option<(i64, i64)>,
}
