//! The game service: every command of the bot, turn and permission checks,
//! draw offers, deadlines and reminders, summaries, and the message catalog.
//! Takes a [`Clock`] and a store; returns [`Reply`]s; knows no chat platform.
//!
//! The types below are what the adapters (console, Discord, Matrix) program
//! against; the files of this directory are laid out in
//! docs/ARCHITECTURE.md (`game.rs` the shared base, one file per family).

mod clock;
mod dispatch;
mod events;
mod game;
pub mod messages;
mod outage;
mod process;
mod records;
mod settings;

mod guards;

mod puzzles;

pub mod help;

mod games;
use games::{banks, challenges, chess960, computer, import, play};

mod correspondence;
use correspondence::comfort;

mod tournaments;
use tournaments::{league_places, league_table, leagues, swiss_table};

mod premove;

mod summaries;
use summaries::announce;

mod teams;
pub use teams::{
    MAX_TEAM_GAMES, TEAM_DEFAULT_DAYS, TEAM_ID_PREFIX, TeamChallenge, TeamCommand, is_team_id,
};

mod spectators;
pub use spectators::{
    WatchedGame, WatchedLeague, WatchedLeagueGame, WatchedPairing, WatchedPly, WatchedSeat,
    is_watch_token,
};

pub use clock::{ManualClock, SystemClock};
pub use comfort::{MAX_LEAVE_DAYS, VACATION_ALLOWANCE};
pub use computer::{DEFAULT_LEVEL, ENGINE_ID_PREFIX, engine_actor, is_engine_id};
pub use events::*;
pub use game::{ANNOUNCE_LEASE, DUE_BATCH, GameService, ServiceError, error_reply};
pub use games::banks::Banks;
pub use premove::{MAX_NOTE_CHARS, MAX_PREMOVE_LINES, MAX_PREMOVE_PLIES, PremoveAction};
pub use settings::{BoardPrefs, BoardView};

pub use league_places::{
    Binding, HeldLeagueGame, LEAGUE_BINDING_LEASE_MS, PreparedBinding, adapter_opens_places,
};
pub use league_table::{
    Score, StandingsRow, SwissTiebreaks, TableGame, TableRow, pairings, standings,
};
pub use leagues::{
    LEAGUE_MAX_PLAYERS, LEAGUE_MIN_PLAYERS, LEAGUE_NAME_CHARS, LeagueCommand, LeagueEvent,
    LeagueFormat, league_game_channel, parse_start_time,
};
pub use swiss_table::{SWISS_MAX_PLAYERS, SWISS_MAX_ROUNDS, SWISS_MIN_PLAYERS, SWISS_MIN_ROUNDS};

pub use chess960::read_any_fen;

use crate::chess::{Color, Move, RulesMode, Variant};
use crate::i18n::Locale;

/// A chat user as the platform knows them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Actor {
    /// Stable platform id (Discord snowflake, Matrix user id, console name).
    pub id: String,
    /// Display name, for messages and PGN. Untrusted text.
    pub name: String,
}

/// The longest display name shown in replies, pictures and PGN tags.
pub const MAX_NAME_CHARS: usize = 64;

impl Actor {
    /// The actor with a name safe to show: control and invisible format
    /// characters (bidi overrides such as U+202E, zero-width spaces) removed,
    /// at most [`MAX_NAME_CHARS`] characters, never empty (the id stands in).
    #[must_use]
    pub fn cleaned(&self) -> Actor {
        Actor {
            id: self.id.clone(),
            name: clean_name(&self.name, &self.id),
        }
    }
}

/// See [`Actor::cleaned`].
fn clean_name(name: &str, id: &str) -> String {
    let visible = |s: &str| -> String {
        let kept: String = s.chars().filter(|c| !is_hidden(*c)).collect();
        kept.trim().to_string()
    };
    let mut shown = visible(name);
    if shown.is_empty() {
        shown = visible(id);
    }
    if shown.is_empty() {
        return "?".to_string();
    }
    if shown.chars().count() <= MAX_NAME_CHARS {
        return shown;
    }
    let mut cut: String = shown.chars().take(MAX_NAME_CHARS - 1).collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    cut
}

/// Control characters and invisible format characters that reorder or hide
/// text (bidi embeddings, overrides and isolates, zero-width spaces, BOM).
fn is_hidden(c: char) -> bool {
    c.is_control()
        || matches!(c,
            '\u{00AD}' | '\u{061C}' | '\u{180E}' | '\u{200B}' | '\u{200E}' | '\u{200F}'
            | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}'
            | '\u{FFF9}'..='\u{FFFB}')
}

/// Where a command was sent.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Place {
    /// `"console"`, `"discord"`, `"matrix"`.
    pub platform: String,
    /// Discord guild / Matrix server; `None` for DMs and the console.
    pub guild: Option<String>,
    /// The channel (or thread, or room) id: one active game per channel.
    /// `@USER_ID` for a direct message to that user (see
    /// [`Place::direct`]).
    pub channel: String,
}

impl Place {
    /// A direct message to the user `user_id` of `platform`: a reply with
    /// this place goes to that user alone (Discord DM, Matrix direct room,
    /// console channel `@NAME`).
    #[must_use]
    pub fn direct(platform: &str, user_id: &str) -> Place {
        Place {
            platform: platform.to_string(),
            guild: None,
            channel: format!("@{user_id}"),
        }
    }

    /// The user a direct message is for, when this place is one.
    #[must_use]
    pub fn direct_user(&self) -> Option<&str> {
        self.channel.strip_prefix('@').filter(|u| !u.is_empty())
    }
}

/// Where a player's "your move" notices and reminders go (`notify`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum NotifyTarget {
    /// A direct message.
    Dm,
    /// The game's channel, mentioning the player (the default).
    #[default]
    Channel,
    /// Nowhere.
    Off,
}

impl NotifyTarget {
    /// The stored and typed name: `dm`, `channel`, `off`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            NotifyTarget::Dm => "dm",
            NotifyTarget::Channel => "channel",
            NotifyTarget::Off => "off",
        }
    }
}

impl std::str::FromStr for NotifyTarget {
    type Err = ();

    fn from_str(s: &str) -> Result<NotifyTarget, ()> {
        match s.trim().to_ascii_lowercase().as_str() {
            "dm" | "direct" | "pm" => Ok(NotifyTarget::Dm),
            "channel" | "here" | "room" => Ok(NotifyTarget::Channel),
            "off" | "none" | "no" => Ok(NotifyTarget::Off),
            _ => Err(()),
        }
    }
}

/// Colour choice in a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ColorChoice {
    White,
    Black,
    #[default]
    Random,
}

/// Days per move when a challenge or a computer game leaves them out.
pub const DEFAULT_DAYS: u32 = 3;

/// The options of `challenge` beyond days per move, FEN and variant: a
/// time bank (`bank:B increment:I`, days), a preset (`control:NAME`), and
/// a game to continue from PGN (`pgn:`, `game:N`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeExtras {
    /// `bank:` days in each side's bank (1-60).
    pub bank: Option<u32>,
    /// `increment:` days added to the bank by each move (0-10).
    pub increment: Option<u32>,
    /// `control:` a preset by name (`daily`, `iccf`, `blitz-days`).
    pub control: Option<String>,
    /// `pgn:` the text of a PGN whose game the new one continues.
    pub pgn: Option<String>,
    /// `game:` which game of a PGN holding several (from 1).
    pub game: Option<usize>,
    /// Whether `days:` was given (else the community's default time
    /// control applies, when it has one).
    pub days_given: bool,
}

/// What a moderator changes of the community's correspondence rules
/// (`settings leave:30|45 control:NAME timeouts:P|off`); `None` leaves a
/// rule as it is.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CommunityChange {
    /// Days of leave a player may take each calendar year: 30 or 45.
    pub leave: Option<u32>,
    /// The preset of a challenge that names no time control (`daily`,
    /// `iccf`, `blitz-days`; `off` for days per move).
    pub control: Option<String>,
    /// Refuse rated challenges from a player who timed out of more than
    /// this percentage of their last finished games (1-99; 0 turns the
    /// rule off).
    pub timeouts: Option<u32>,
}

/// Every command of the bot (docs/PLAYING.md lists them for players).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Personal challenge when `opponent` is set, else open.
    Challenge {
        opponent: Option<Actor>,
        color: ColorChoice,
        /// Days per move, 1-14 (default [`DEFAULT_DAYS`]).
        days: u32,
        fen: Option<String>,
        rules: RulesMode,
        /// Whether the game counts for ratings (default true; a game from
        /// a custom FEN never does).
        rated: bool,
        /// `variant:` (none: standard chess, or Chess960 when a position
        /// is given).
        variant: Option<Variant>,
        /// `position:` the Chess960 start position 0-959 (none: random).
        position: Option<u32>,
        /// Time bank, preset and PGN options.
        extras: Box<ChallengeExtras>,
    },
    Accept,
    Decline,
    Cancel,
    Move {
        text: String,
    },
    Board {
        flip: bool,
        /// `board private:true`: the board for the caller alone, from
        /// their side, with their private note.
        private: bool,
    },
    Draw,
    Resign,
    Abort,
    Takeback,
    Rematch,
    /// FIDE mode: claim a draw, optionally with the move that makes it
    /// (9.2.1.1, 9.3.1.1).
    Claim {
        text: Option<String>,
    },
    Pgn {
        game: Option<i64>,
    },
    Games,
    History {
        user: Option<Actor>,
    },
    /// Rating and record of `player` (default: the caller); with `vs`,
    /// their head-to-head score against `vs`.
    Stats {
        player: Option<Actor>,
        vs: Option<Actor>,
        /// The rating pool: standard (default) or Chess960.
        variant: Variant,
    },
    /// The community's top rated players (of the variant's pool).
    Leaderboard {
        variant: Variant,
    },
    /// The summary of a finished game of this channel (default: the last).
    Summary {
        game: Option<i64>,
    },
    Help,
    /// Show (all `None`) or set the language of this channel (anyone in
    /// the channel; while a game runs there, its players and moderators),
    /// the caller's board view and the caller's board theme.
    Settings {
        language: Option<Locale>,
        board: Option<BoardView>,
        theme: Option<crate::render::Theme>,
    },
    /// Stop the caller's clocks in all their games for `days` days (0 ends
    /// a vacation early; none shows the caller's vacation and the days
    /// left); 30 days a calendar year, or 45 where the community allows.
    Vacation {
        days: Option<u32>,
    },
    /// The opponent of the player to move gives them one more day.
    Moretime,
    /// Where the caller's "your move" notices and reminders go.
    Notify {
        target: NotifyTarget,
    },
    /// A moderator turns the community's spectator pages on or off.
    Pages {
        on: bool,
    },
    /// A player hides their name from the spectator pages of their games
    /// (`settings pagename:hidden`), or shows it again.
    PageName {
        hidden: bool,
    },
    /// A moderator changes the community's correspondence rules (with
    /// nothing set: shows them).
    Community(CommunityChange),
    /// A button press: an [`Action`] the service offered under a reply,
    /// for the [`Subject`] that reply named. With a subject, the press acts
    /// only on that challenge or game (an old button never touches a newer
    /// one); without one (buttons from before subjects existed) it acts like
    /// the matching command.
    Press {
        action: Action,
        subject: Option<Subject>,
    },
    /// A game against the computer (Stockfish), started at once in this
    /// channel; never rated.
    Computer {
        /// 1 (weakest) to 8 (full strength); adapters pass
        /// [`DEFAULT_LEVEL`] when none is given.
        level: u8,
        /// The caller's colour.
        color: ColorChoice,
        /// The caller's days per move, 1-14 (default [`DEFAULT_DAYS`]); the
        /// computer answers at once and has no clock.
        days: u32,
        fen: Option<String>,
        /// As in [`Command::Challenge`].
        variant: Option<Variant>,
        position: Option<u32>,
    },
    /// `league create|join|leave|start|standings|cancel|withdraw`.
    League(LeagueCommand),
    /// Conditional moves of the caller's game here, or of their
    /// game `game` on this platform: list, clear or queue a line.
    Premove {
        game: Option<i64>,
        action: PremoveAction,
    },
    /// The caller's private note on their game here, or on their game
    /// `game`: `None` shows it, an empty text removes it.
    Note {
        game: Option<i64>,
        text: Option<String>,
    },
    /// A puzzle for the caller (private), or with `daily` a moderator
    /// turns this channel's daily puzzle on or off.
    Puzzle {
        daily: Option<PuzzleDaily>,
    },
    /// An answer to the caller's current puzzle (or to puzzle `puzzle`:
    /// theirs, or this channel's daily one).
    Solve {
        text: String,
        puzzle: Option<i64>,
    },
    /// `team ...`: team play (vote chess) in this channel.
    Team(TeamCommand),
}

/// `puzzle daily:on [hour:H]` / `puzzle daily:off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PuzzleDaily {
    /// Post at this UTC hour (0-23; [`DEFAULT_DAILY_HOUR`] when not given).
    On {
        hour: Option<u8>,
    },
    Off,
}

/// The UTC hour of a daily puzzle when `hour` is not given.
pub const DEFAULT_DAILY_HOUR: u8 = 18;

/// What a platform reports about the caller of a command: their languages,
/// besides the channel's own setting (see [`GameService::locale_for`]), and
/// whether they moderate the channel.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LocalePrefs {
    /// The user's language (Discord: the interaction's locale).
    pub user: Option<Locale>,
    /// The server's language (Discord: the guild's preferred locale).
    pub guild: Option<Locale>,
    /// The caller moderates the channel (Discord: Manage Channels; Matrix:
    /// power level 50 or more). Moderators may change a channel's language
    /// while a game runs there.
    pub moderator: bool,
}

impl LocalePrefs {
    /// The user's language, else the server's, else English: for what an
    /// adapter says on its own, without the channel's setting.
    #[must_use]
    pub fn user_or_guild(self) -> Locale {
        self.user.or(self.guild).unwrap_or_default()
    }
}

/// A board picture to attach; adapters render it with `render::Renderer`.
#[derive(Clone, Debug)]
pub struct BoardImage {
    pub fen: String,
    pub last_move: Option<Move>,
    /// Black at the bottom.
    pub flip: bool,
    pub result: Option<crate::render::BoardResult>,
    /// The players' names (white, black), drawn in the strips.
    pub names: Option<[String; 2]>,
    /// The time left to the side to move, ready to draw (`2d 4h`).
    pub deadline: Option<String>,
    /// The colours, from the settings of the user the reply answers.
    pub theme: crate::render::Theme,
    /// The game's start when it is not the standard one (a custom FEN):
    /// the strips count captures and material from it.
    pub start_fen: Option<String>,
}

/// The picture of a board image: its position, highlight, view, badges,
/// names, deadline and theme (the size left to the caller). Every adapter
/// draws a board through this, so the same image gives the same bytes.
#[must_use]
pub fn board_spec<'a>(
    board: &'a BoardImage,
    position: &'a crate::chess::Position,
) -> crate::render::BoardSpec<'a> {
    let mut spec = crate::render::BoardSpec::new(position)
        .last_move(board.last_move)
        .flip(board.flip)
        .result(board.result)
        .deadline(board.deadline.as_deref())
        .theme(board.theme);
    if let Some([w, b]) = &board.names {
        spec = spec.names(w, b);
    }
    if let Some(start) = board
        .start_fen
        .as_deref()
        .and_then(|f| crate::chess::Position::from_fen(f).ok())
    {
        spec = spec.start(crate::render::PieceCounts::of(&start));
    }
    spec
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

/// One message the bot posts.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The channel to post in (usually the one the command came from).
    pub place: Place,
    pub text: String,
    pub board: Option<BoardImage>,
    /// Actors the message may mention (and only these).
    pub mentions: Vec<Actor>,
    pub event: Option<Event>,
    /// Private to the caller where the platform allows (errors).
    pub ephemeral: bool,
    /// Buttons the platform may attach.
    pub actions: Vec<Action>,
    /// The language of `text`; adapters label buttons in it.
    pub locale: crate::i18n::Locale,
    /// What `actions` are about; a press carries it back
    /// ([`Command::Press`]).
    pub subject: Option<Subject>,
    /// Files to attach (the summary's card, GIF and PGN).
    pub files: Vec<Attachment>,
    /// A link the platform may show as a button (analysis on lichess).
    pub link: Option<Link>,
    /// Work to run after posting this reply, whose replies follow it
    /// ([`GameService::follow_up`]): the summary after a game's result.
    pub follow_up: Option<FollowUp>,
    /// For a direct message: what to post instead when it cannot be
    /// delivered (the user blocks direct messages): the same notice in the
    /// game's channel, mentioning them.
    pub fallback: Option<Box<Reply>>,
}

impl Reply {
    /// A plain public message in `place`, in `locale`: no board, pings,
    /// buttons or files (set the fields that apply).
    #[must_use]
    pub fn new(place: Place, text: String, locale: crate::i18n::Locale) -> Reply {
        Reply {
            place,
            text,
            board: None,
            mentions: Vec::new(),
            event: None,
            ephemeral: false,
            actions: Vec::new(),
            locale,
            subject: None,
            files: Vec::new(),
            link: None,
            follow_up: None,
            fallback: None,
        }
    }
}

/// A file attached to a reply.
#[derive(Clone, Debug)]
pub struct Attachment {
    pub kind: AttachmentKind,
    /// Such as `game-7.gif`.
    pub filename: String,
    pub bytes: std::sync::Arc<Vec<u8>>,
}

/// What an [`Attachment`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AttachmentKind {
    /// The summary card (PNG): the reply's picture.
    Card,
    /// The game as an animated GIF.
    Animation,
    /// The PGN text.
    Pgn,
    /// A tournament report (FIDE TRF, plain text).
    Report,
}

impl AttachmentKind {
    /// The MIME type of the bytes.
    #[must_use]
    pub fn mime(self) -> &'static str {
        match self {
            AttachmentKind::Card => "image/png",
            AttachmentKind::Animation => "image/gif",
            AttachmentKind::Pgn => "application/x-chess-pgn",
            AttachmentKind::Report => "text/plain",
        }
    }
}

/// A labelled link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Link {
    /// In the reply's language.
    pub label: String,
    pub url: String,
}

/// Deferred work behind a reply (see [`Reply::follow_up`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FollowUp {
    pub(crate) game: i64,
    pub(crate) place: Place,
    pub(crate) locale: crate::i18n::Locale,
}

/// A claimed reminder or time-out (see `GameService::claim_due`): post its
/// replies, then acknowledge it with `GameService::ack_due`.
#[derive(Clone, Debug)]
pub struct DueAnnouncement {
    /// The outbox row.
    pub id: i64,
    pub replies: Vec<Reply>,
    /// The outbox it is in: a game's (time-out, reminder) or a
    /// challenge's (expiry).
    pub(crate) challenge: bool,
    /// In the puzzle outbox (a daily puzzle's post).
    pub(crate) puzzle: bool,
}

/// Buttons an adapter may offer under a reply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    AcceptChallenge,
    DeclineChallenge,
    AcceptDraw,
    DeclineDraw,
    Resign,
    /// A new challenge with colours swapped (under a summary).
    Rematch,
    /// Plays the pawn move `from`-`to` promoting to `role` (offered when a
    /// move was typed without its promotion piece).
    Promote {
        from: crate::chess::Square,
        to: crate::chess::Square,
        role: crate::chess::Role,
    },
}

/// What a reply's buttons are about, so a press acts only on what the
/// buttons were shown for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    /// An open challenge (its store id).
    Challenge(i64),
    /// A game (its number).
    Game(i64),
}

impl BoardImage {
    /// The position drawn (its FEN read in either variant).
    ///
    /// # Errors
    /// The FEN reader's error (a FEN the bot did not write).
    pub fn position(&self) -> Result<crate::chess::Position, crate::chess::FenError> {
        read_any_fen(&self.fen)
    }
}

/// Time source, so tests and the console can move time forward.
pub trait Clock: Send + Sync {
    fn now(&self) -> chrono::DateTime<chrono::Utc>;
}

/// Used only to keep the skeleton's signatures honest.
#[doc(hidden)]
pub fn _color_name(c: Color) -> &'static str {
    c.name()
}
