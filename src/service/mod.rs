//! The game service: every command of the bot, turn and permission checks,
//! draw offers, deadlines and reminders, summaries, and the message catalog.
//! Takes a [`Clock`] and a store; returns [`Reply`]s; knows no chat platform.
//!
//! The types below are what the adapters (console, Discord, Matrix) program
//! against; the files of this directory are laid out in
//! docs/ARCHITECTURE.md (`game.rs` the shared base, one file per family).

mod clock;
mod commands;
mod community;
mod dispatch;
mod due;
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
use games::{banks, chess960, computer, import, move_input};

mod correspondence;
use correspondence::{comfort, desk};

mod tournaments;
use tournaments::{league_places, league_table, leagues, swiss_table};

mod premove;

mod summaries;
use summaries::announce;

mod teams;
pub use teams::match_places::{HeldMatchGame, MATCH_BINDING_LEASE_MS, PreparedMatchBinding};
pub use teams::matches::{MATCH_MAX_BOARDS, MAX_TEAM_MATCHES};
pub use teams::{
    MAX_TEAM_GAMES, MatchCommand, TEAM_DEFAULT_DAYS, TEAM_ID_PREFIX, TeamChallenge, TeamCommand,
    is_team_id,
};

mod spectators;
pub use spectators::play_links::{
    PLAY_PATH, PageAction, PageOutcome, PlayerGame, enable_player_pages, page_action, player_game,
};
pub use spectators::{
    WatchedGame, WatchedLeague, WatchedLeagueGame, WatchedPairing, WatchedPly, WatchedSeat,
    is_watch_token,
};

pub use clock::{ManualClock, SystemClock};
pub use comfort::{MAX_LEAVE_DAYS, VACATION_ALLOWANCE};
pub use commands::{
    BoardQuestion, ChallengeExtras, ChallengeOptions, ColorChoice, Command, CommunityChange,
    ComputerOptions, DEFAULT_DAILY_HOUR, DEFAULT_DAYS, NotifyTarget, PuzzleDaily,
};
pub use computer::{DEFAULT_LEVEL, ENGINE_ID_PREFIX, engine_actor, is_engine_id};
pub use events::*;
pub use game::{ANNOUNCE_LEASE, DUE_BATCH, GameService, ServiceError, error_reply};

/// Each area's own state, held by the front ([`GameService`]); an area's
/// state is a type of its own folder, touched by that area alone.
#[derive(Default)]
pub(in crate::service) struct Areas {
    /// The earliest reminder or deadline known to be pending (ms), if
    /// known: commands look for due work only once it has passed
    /// (`games/deadlines.rs`).
    pub(in crate::service) due_hint: std::sync::Mutex<Option<i64>>,
    /// Kept GIFs, the `summary` rate limit, quick losses (`guards.rs`).
    pub(in crate::service) guards: game::Guards,
    /// The endgame tables (`CHESSBOT_SYZYGY_PATH`), opened on first use
    /// (`games/tablebase.rs`).
    pub(in crate::service) tablebases:
        std::sync::OnceLock<Option<std::sync::Arc<crate::tablebase::Tablebases>>>,
    pub(in crate::service) puzzles: puzzles::PuzzleJobs,
    pub(in crate::service) summaries: summaries::SummaryState,
    pub(in crate::service) spectators: spectators::SpectatorAddress,
    /// Who hears of a game's end, in order.
    pub(in crate::service) game_end: games::ended::EndBus,
}

impl Areas {
    /// Every area's state, empty, with the areas that hear of a game's
    /// end subscribed in their order: records (the rating change, in the
    /// announcement), summaries (the summary that follows it), the guards
    /// (quick losses counted).
    fn new() -> Areas {
        Areas {
            game_end: games::ended::EndBus::new(
                vec![
                    Box::new(records::RatingChangeOnEnd),
                    Box::new(summaries::SummaryOnEnd),
                    Box::new(guards::QuickLossesOnEnd),
                ],
                Box::new(records::RatingsWhenFinishing),
            ),
            ..Areas::default()
        }
    }
}
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
    LeagueFormat, LeagueSetup, league_game_channel, parse_start_time,
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

/// `text` as it may be shown: control characters as spaces, invisible
/// format characters (see [`is_hidden`]) removed, trimmed, at most
/// `max_chars` characters (a longer text is cut with `…`).
pub(crate) fn visible_text(text: &str, max_chars: usize) -> String {
    let kept: String = text
        .chars()
        .filter_map(|c| match c {
            c if c.is_control() => Some(' '),
            c if is_hidden(c) => None,
            c => Some(c),
        })
        .collect();
    let kept = kept.trim();
    if kept.chars().count() <= max_chars {
        return kept.to_string();
    }
    let mut cut: String = kept.chars().take(max_chars.saturating_sub(1)).collect();
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
    /// The caller's own link to a playable page of their game (a private
    /// answer only; never set on a public message).
    pub play: Option<String>,
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
            play: None,
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
    /// What a picture shows, in words (its alt text, at most
    /// [`messages::position_words::MAX_ALT_CHARS`]); none for files that
    /// are text already.
    pub alt: Option<String>,
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

    /// The picture in words, in `l`: the players, whose move it is or the
    /// result, the last move and every piece with its square. Every
    /// adapter gives it as the picture's alt text (Discord's attachment
    /// description, Matrix's image body, the console's `alt`).
    #[must_use]
    pub fn alt(&self, l: Locale) -> String {
        let Ok(position) = self.position() else {
            return String::new();
        };
        let names = self.names.as_ref().map(|[w, b]| (w.as_str(), b.as_str()));
        let text =
            messages::position_words::describe(l, &position, self.last_move, self.result, names);
        messages::position_words::clip(text)
    }
}

impl Reply {
    /// The words of the reply's picture: its board's, else its summary
    /// card's or standings picture's; none without a picture.
    #[must_use]
    pub fn picture_alt(&self) -> Option<String> {
        match &self.board {
            Some(b) => Some(b.alt(self.locale)),
            None => self
                .files
                .iter()
                .find(|f| f.kind == AttachmentKind::Card)
                .and_then(|f| f.alt.clone()),
        }
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
