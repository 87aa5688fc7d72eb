//! The payloads of [`Event`](super::Event)s: ratings, records, listings,
//! openings and analyses as scripts see them in the console contract.

/// The opening a game is named after.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct OpeningEvent {
    pub eco: String,
    pub name: String,
}

/// The `analysis` of a `summary` event.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct AnalysisEvent {
    pub white: SideAnalysisEvent,
    pub black: SideAnalysisEvent,
    pub worst: Option<WorstMoveEvent>,
}

/// One side's figures in an [`AnalysisEvent`].
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct SideAnalysisEvent {
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
    pub acpl: u32,
    pub accuracy: f64,
}

/// The worst move of a game and the engine's better move.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WorstMoveEvent {
    pub ply: usize,
    pub san: String,
    pub best: String,
}

/// A player's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RatingDelta {
    pub before: i64,
    pub after: i64,
}

/// Both players' rating changes in an `end` event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct EndRatings {
    pub white: RatingDelta,
    pub black: RatingDelta,
}

/// The head-to-head part of a `stats` event, from the player's side.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct HeadToHeadEvent {
    pub opponent: String,
    pub games: i64,
    pub wins: i64,
    pub draws: i64,
    pub losses: i64,
}

/// A player's current streak: `kind` is `win`, `draw` or `loss`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StreakEvent {
    pub kind: String,
    pub count: i64,
}

/// A player's best win: the game, the opponent and their rating then.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct BestWinEvent {
    pub game: i64,
    pub opponent: String,
    pub rating: i64,
}

/// One row of a `leaderboard` event.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct LeaderboardRow {
    pub rank: i64,
    pub player: String,
    pub rating: i64,
    pub rd: i64,
    pub provisional: bool,
    pub games: i64,
}

/// One running game in a `games` listing.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameListing {
    pub game: i64,
    /// The channel (Discord channel or thread id, Matrix room id).
    pub channel: String,
    pub white: String,
    pub black: String,
    pub to_move: String,
    /// RFC 3339.
    pub deadline: Option<String>,
    /// A bank game's banks now, in seconds; left out with days per move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub banks: Option<super::Banks>,
    /// The caller's queued conditional lines in this game; left out when
    /// none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conditional_lines: Option<usize>,
    /// The caller's private note on this game; left out when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}
