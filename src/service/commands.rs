//! The commands the service takes, as the adapters parse them from chat
//! (console, Matrix) or build them from Discord's options, with the
//! choices their options carry.

#[allow(unused_imports)]
use super::*;

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
    /// The rule for the endgame tables as typed (`off`, `claim`, `auto`;
    /// checked by the service).
    pub tablebase: Option<String>,
}

/// The options of `computer`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ComputerOptions {
    /// 1 (weakest) to 8 (full strength); adapters pass [`DEFAULT_LEVEL`]
    /// when none is given.
    pub level: u8,
    /// The caller's colour.
    pub color: ColorChoice,
    /// The caller's days per move, 1-14 (default [`DEFAULT_DAYS`]); the
    /// computer answers at once and has no clock.
    pub days: u32,
    pub fen: Option<String>,
    /// As in [`Command::Challenge`].
    pub variant: Option<Variant>,
    pub position: Option<u32>,
}

/// The options of `challenge` besides the opponent.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ChallengeOptions {
    pub color: ColorChoice,
    /// Days per move, 1-14 (default [`DEFAULT_DAYS`]).
    pub days: u32,
    pub fen: Option<String>,
    pub rules: RulesMode,
    /// Whether the game counts for ratings (default true; a game from a
    /// custom FEN never does).
    pub rated: bool,
    /// `variant:` (none: standard chess, or Chess960 when a position is
    /// given).
    pub variant: Option<Variant>,
    /// `position:` the Chess960 start position 0-959 (none: random).
    pub position: Option<u32>,
    /// Time bank, preset and PGN options.
    pub extras: ChallengeExtras,
}

/// Every command of the bot (docs/PLAYING.md lists them for players).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Personal challenge when `opponent` is set, else open.
    Challenge {
        opponent: Option<Actor>,
        options: Box<ChallengeOptions>,
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
    /// `board text:true`, `board square:e4`, `board piece:N`: the position
    /// of the game here (or the last one) in words.
    BoardWords(BoardQuestion),
    /// `settings images:off|on`: the caller's private boards come as text
    /// (off) or as pictures (on, the default).
    Images {
        on: bool,
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
    /// `help move`, `/team help`: the help of one command (its lines of
    /// the help table and an example); `topic` a command's name as the
    /// grammar knows it (`move`, `league`, `team`).
    HelpOn {
        topic: String,
    },
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
    /// `notify digest:H [tz:+2]`: one private digest a day at hour `H`
    /// of the caller's time zone (`utc_offset` minutes east of UTC)
    /// instead of a notice per move; `hour` `None` (`digest:off`) ends it.
    Digest {
        hour: Option<u8>,
        utc_offset: i32,
    },
    /// A moderator turns the community's spectator pages on or off.
    Pages {
        on: bool,
    },
    /// A player or a moderator gives the running game here a new page
    /// address (`settings pages:new`): the old one stops working.
    NewPage,
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
    Computer(ComputerOptions),
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

/// What `board` is asked in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BoardQuestion {
    /// The whole position, with the clocks and a standing draw offer.
    Text,
    /// What stands on a square and which pieces attack it (as typed:
    /// read by the service, which answers a bad square in the caller's
    /// language).
    Square(String),
    /// Where the pieces of a kind stand (a letter or a name, in any
    /// language the bot speaks).
    Piece(String),
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
