//! What happened, as scripts see it in the console contract ([`Event`],
//! one `{"type":...}` line each) and adapters read it, with the payloads
//! of events: ratings, records, listings, openings and analyses.

#[allow(unused_imports)]
use super::*;

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

/// One side's figures in an [`AnalysisEvent`] (stored in this shape too).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct SideAnalysisEvent {
    pub inaccuracies: u32,
    pub mistakes: u32,
    pub blunders: u32,
    pub acpl: u32,
    pub accuracy: f64,
}

/// The worst move of a game and the engine's better move (stored in this
/// shape too).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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

/// A game waiting for a player's move: the `next` of a move's private
/// copy to its mover, and each game of a daily digest.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct WaitingGame {
    pub game: i64,
    /// The channel (Discord channel or thread id, Matrix room id).
    pub channel: String,
    /// RFC 3339; null for a game without a deadline.
    pub deadline: Option<String>,
    /// The server (guild) the channel is in, empty outside one: for an
    /// adapter's link to the channel (not part of the event).
    #[serde(skip)]
    pub guild: String,
}

/// A team match as the `match` event shows it.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MatchEvent {
    #[serde(rename = "match")]
    pub id: i64,
    /// `open` (its code waits), `signup`, `running`, `finished`.
    pub state: String,
    /// The creating side first.
    pub sides: Vec<MatchSideEvent>,
    /// Its games once started, by board and round.
    pub boards: Vec<MatchBoardEvent>,
    /// The last board ended: these are the final standings.
    pub r#final: bool,
    /// The winning side's name once final; null for a tie or before.
    pub winner: Option<String>,
}

/// One side of a [`MatchEvent`].
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct MatchSideEvent {
    pub name: String,
    /// Its players signed up (by board once started).
    pub players: Vec<String>,
    pub points: f64,
}

/// One game of a [`MatchEvent`].
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct MatchBoardEvent {
    pub board: i64,
    pub round: i64,
    pub game: i64,
    pub white: String,
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2`; null while it runs.
    pub result: Option<String>,
}

/// Something that happened, for scripts (console `--json`) and adapters.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    Challenge {
        challenger: String,
        opponent: Option<String>,
    },
    Start {
        white: String,
        black: String,
        fen: String,
        /// `chess960` for a Chess960 game; absent for standard chess.
        #[serde(skip_serializing_if = "Option::is_none")]
        variant: Option<String>,
        /// The Chess960 start position number (0-959), when the game
        /// starts from one.
        #[serde(skip_serializing_if = "Option::is_none")]
        position: Option<u32>,
        /// The league of a league game; absent otherwise.
        #[serde(skip_serializing_if = "Option::is_none")]
        league: Option<i64>,
        /// The game's spectator page, when pages are served.
        #[serde(skip_serializing_if = "Option::is_none")]
        watch: Option<String>,
    },
    Move {
        by: String,
        san: String,
        uci: String,
        fen: String,
        check: bool,
        /// A conditional move played for its owner; left out
        /// when false.
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        premove: bool,
        /// A bank game's banks after the move, in seconds; left out in
        /// games with days per move.
        #[serde(skip_serializing_if = "Option::is_none")]
        banks: Option<Banks>,
        /// In the private copy to the mover: their next game waiting for
        /// them (the nearest deadline where it is their move); left out
        /// elsewhere.
        #[serde(skip_serializing_if = "Option::is_none")]
        next: Option<WaitingGame>,
    },
    DrawOffer {
        by: String,
    },
    Reminder {
        player: String,
        deadline: String,
    },
    End {
        result: String,
        winner: Option<String>,
        termination: String,
        /// Both players' ratings before and after a rated game; null
        /// otherwise.
        ratings: Option<EndRatings>,
        /// The game's spectator page, when pages are served.
        #[serde(skip_serializing_if = "Option::is_none")]
        watch: Option<String>,
    },
    Pgn {
        pgn: String,
    },
    /// A player's daily digest (`notify digest:H`): the games waiting
    /// for their move, nearest deadline first.
    Digest {
        player: String,
        games: Vec<WaitingGame>,
    },
    /// The caller's own running games (`games`).
    Games {
        games: Vec<GameListing>,
    },
    /// A player's rating and record (`stats`).
    Stats {
        player: String,
        /// Rounded; null before the first rated game.
        rating: Option<i64>,
        rd: Option<i64>,
        provisional: bool,
        games: i64,
        wins: i64,
        draws: i64,
        losses: i64,
        /// The head-to-head score with `stats ... vs`.
        vs: Option<HeadToHeadEvent>,
        /// The run of equal results up to the latest rated game.
        streak: Option<StreakEvent>,
        /// The rated win against the highest-rated opponent (rating
        /// before that game).
        best_win: Option<BestWinEvent>,
        /// `chess960` for the Chess960 pool; absent for standard chess.
        #[serde(skip_serializing_if = "Option::is_none")]
        variant: Option<String>,
    },
    /// The community's top rated players (`leaderboard`).
    Leaderboard {
        rows: Vec<LeaderboardRow>,
        /// `chess960` for the Chess960 pool; absent for standard chess.
        #[serde(skip_serializing_if = "Option::is_none")]
        variant: Option<String>,
    },
    /// A finished game's summary (after the result, and `summary`).
    Summary {
        game: i64,
        white: String,
        black: String,
        result: String,
        termination: String,
        plies: usize,
        opening: Option<OpeningEvent>,
        /// Where the adapter put the game's GIF (the console: its path
        /// under `--images`); null otherwise.
        animation: Option<String>,
        /// The engine's verdict; null without the engine.
        analysis: Option<AnalysisEvent>,
        /// The game's PGN (also attached as a file).
        pgn: String,
    },
    /// A player's clocks stop until `until` (RFC 3339); a vacation ended
    /// early has `until` the moment it ended.
    Vacation {
        player: String,
        until: String,
    },
    /// `by` gave `player` (to move) one more day: the new deadline.
    Moretime {
        by: String,
        player: String,
        deadline: String,
    },
    /// A challenge nobody answered in 7 days expired.
    Expired {
        challenger: String,
    },
    Error {
        code: String,
        message: String,
    },
    /// A league was created, joined, left, started, cancelled, withdrawn
    /// from or ended.
    League(LeagueEvent),
    /// A team match between two communities was created, accepted, joined,
    /// left or started, or one of its boards ended (its standings; `final`
    /// once its last board ended).
    Match(MatchEvent),
    /// A league's standings (`final` once its last game ended).
    Standings {
        league: i64,
        r#final: bool,
        rows: Vec<StandingsRow>,
    },
    /// A Swiss's tournament report (`format` is `trf`), also attached as
    /// a file.
    Export {
        league: i64,
        format: String,
        text: String,
    },
    /// The caller's conditional lines of a game, in SAN, each starting
    /// with the opponent's expected move (private).
    Premove {
        game: i64,
        lines: Vec<Vec<String>>,
    },
    /// The caller's private note on a game was saved, shown or removed
    /// (private; the text is never in the event).
    Note {
        game: i64,
    },
    /// A puzzle shown to the caller (private), or the daily puzzle posted
    /// in a channel (`daily`).
    Puzzle {
        puzzle: i64,
        /// The position to solve now.
        fen: String,
        /// `white` or `black`: the solver.
        to_move: String,
        from_game: i64,
        /// The ply of the move to find in the source game.
        ply: i64,
        #[serde(skip_serializing_if = "std::ops::Not::not")]
        daily: bool,
    },
    /// A vote for a team's move was recorded or changed (private to the
    /// voter): `voted` of the team's `members` have voted this turn.
    Vote {
        game: i64,
        side: String,
        san: String,
        voted: i64,
        members: i64,
    },
    /// A team's vote closed and `san` is played; `votes` counts each move
    /// voted for (posted in that team's channel only).
    VoteClosed {
        game: i64,
        side: String,
        san: String,
        votes: std::collections::BTreeMap<String, i64>,
    },
    /// An answer to a puzzle (private).
    Solved {
        puzzle: i64,
        correct: bool,
        /// The puzzle is over (solved, or failed twice).
        done: bool,
        /// The whole solution in SAN, once done.
        #[serde(skip_serializing_if = "Option::is_none")]
        solution: Option<Vec<String>>,
        streak: i64,
        /// The opponent's reply (SAN) when a right move did not end it.
        #[serde(skip_serializing_if = "Option::is_none")]
        reply: Option<String>,
    },
}
