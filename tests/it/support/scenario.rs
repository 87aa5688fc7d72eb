//! One scenario harness for the service tests: a `GameService` over a fresh
//! store with a manual clock (and a scripted engine if asked), commands
//! said as users in places (`say`, `say_in`), refusals (`error`), games
//! played and ended (`start`, `moves`, `play`, `end`), and accessors on
//! the replies ([`Replies`]).

use std::sync::Arc;

use chessbot::adapters::text;
use chessbot::engine::{Engine, ScriptedEngine};
use chessbot::service::{
    Actor, BoardImage, Command, EndRatings, Event, GameService, LocalePrefs, ManualClock, Place,
    Reply,
};
use chessbot::store::{ChannelKey, GameRow, Store};
use chrono::Utc;

/// The channel `say` speaks in.
pub const GENERAL: &str = "general";

/// A console channel.
pub fn place(ch: &str) -> Place {
    Place {
        platform: "console".into(),
        guild: None,
        channel: ch.into(),
    }
}

/// A user whose id is their name.
pub fn actor(name: &str) -> Actor {
    Actor {
        id: name.into(),
        name: name.into(),
    }
}

/// How a game ended: result, winner (`white`/`black`), termination.
pub type Outcome = (String, Option<String>, String);

/// An [`Outcome`] from borrowed parts, to compare with [`Replies::end`].
pub fn ended(result: &str, winner: Option<&str>, termination: &str) -> Option<Outcome> {
    Some((
        result.to_string(),
        winner.map(str::to_string),
        termination.to_string(),
    ))
}

/// A refused command: its stable code, its message and all its replies.
#[derive(Debug)]
pub struct Refusal {
    pub code: String,
    pub message: String,
    pub replies: Vec<Reply>,
}

/// Options of a [`Scenario`]; [`Builder::open`] makes it.
#[derive(Default)]
pub struct Builder {
    store: Option<Store>,
    url: Option<String>,
    clock: Option<Arc<ManualClock>>,
    engine: Option<Arc<ScriptedEngine>>,
    follow_ups: bool,
    check: Option<fn(&[Reply])>,
}

impl Builder {
    /// This store (default: a fresh in-memory SQLite store).
    pub fn store(mut self, store: Store) -> Self {
        self.store = Some(store);
        self
    }

    /// A store opened on `url` (a file or schema several scenarios share).
    pub fn url(mut self, url: &str) -> Self {
        self.url = Some(url.to_string());
        self
    }

    /// This clock (default: a manual clock at the present time).
    pub fn clock(mut self, clock: Arc<ManualClock>) -> Self {
        self.clock = Some(clock);
        self
    }

    /// A scripted engine for `computer` games and analyses (default: none,
    /// as `GameService::open`).
    pub fn engine(mut self, engine: ScriptedEngine) -> Self {
        self.engine = Some(Arc::new(engine));
        self
    }

    /// As the adapters do: what follows a reply (a summary) is fetched
    /// and comes after the replies.
    pub fn follow_ups(mut self) -> Self {
        self.follow_ups = true;
        self
    }

    /// A check every batch of replies (commands, `run_due`) must pass.
    pub fn check(mut self, check: fn(&[Reply])) -> Self {
        self.check = Some(check);
        self
    }

    pub async fn open(self) -> Scenario {
        let store = match (self.store, &self.url) {
            (Some(s), _) => s,
            (None, Some(url)) => Store::open(url).await.expect("open the store"),
            (None, None) => Store::memory().await.expect("in-memory store"),
        };
        let clock = self
            .clock
            .unwrap_or_else(|| Arc::new(ManualClock::new(Utc::now())));
        let svc = match &self.engine {
            Some(e) => {
                let e: Arc<dyn Engine> = e.clone();
                GameService::open_with_engine(store, clock.clone(), e).await
            }
            None => GameService::open(store, clock.clone()).await,
        }
        .expect("the service opens");
        Scenario {
            svc,
            clock,
            engine: self.engine,
            follow_ups: self.follow_ups,
            check: self.check,
        }
    }
}

/// A service under test, its clock and (optionally) its scripted engine.
#[derive(Clone)]
pub struct Scenario {
    pub svc: GameService,
    pub clock: Arc<ManualClock>,
    engine: Option<Arc<ScriptedEngine>>,
    follow_ups: bool,
    check: Option<fn(&[Reply])>,
}

impl Scenario {
    pub fn builder() -> Builder {
        Builder::default()
    }

    /// A service over a fresh in-memory store, with a manual clock.
    pub async fn new() -> Scenario {
        Builder::default().open().await
    }

    /// The scripted engine ([`Builder::engine`]).
    pub fn engine(&self) -> &ScriptedEngine {
        self.engine.as_deref().expect("a scenario with an engine")
    }

    /// The service clock's time.
    pub fn now(&self) -> chrono::DateTime<Utc> {
        self.svc.now()
    }

    /// `cmd` by `who` in channel `ch` with `prefs`: the replies (and what
    /// follows them, with [`Builder::follow_ups`]).
    pub async fn send(
        &self,
        who: &Actor,
        ch: &str,
        cmd: Command,
        prefs: LocalePrefs,
    ) -> Vec<Reply> {
        self.send_at(who, &place(ch), cmd, prefs).await
    }

    /// A command by `who` at `at` (a channel of some community).
    pub async fn send_at(
        &self,
        who: &Actor,
        at: &Place,
        cmd: Command,
        prefs: LocalePrefs,
    ) -> Vec<Reply> {
        let mut replies = self.svc.handle_with(at, who, cmd, prefs).await;
        if self.follow_ups {
            let mut follow = Vec::new();
            for r in &replies {
                if let Some(work) = &r.follow_up {
                    follow.extend(self.svc.follow_up(work).await);
                }
            }
            replies.extend(follow);
        }
        self.checked(replies)
    }

    fn checked(&self, replies: Vec<Reply>) -> Vec<Reply> {
        if let Some(check) = self.check {
            check(&replies);
        }
        replies
    }

    /// `line` typed by `who` in channel `ch`.
    pub async fn say_in(&self, who: &str, ch: &str, line: &str) -> Vec<Reply> {
        self.say_in_with(who, ch, line, LocalePrefs::default())
            .await
    }

    /// `line` typed by `who` in the general channel.
    pub async fn say(&self, who: &str, line: &str) -> Vec<Reply> {
        self.say_in(who, GENERAL, line).await
    }

    /// [`Scenario::say`] with the platform's language preferences.
    pub async fn say_with(&self, who: &str, line: &str, prefs: LocalePrefs) -> Vec<Reply> {
        self.say_in_with(who, GENERAL, line, prefs).await
    }

    pub async fn say_in_with(
        &self,
        who: &str,
        ch: &str,
        line: &str,
        prefs: LocalePrefs,
    ) -> Vec<Reply> {
        let cmd = text::parse(line).expect("parses").expect("a command");
        self.send(&actor(who), ch, cmd, prefs).await
    }

    /// A command (a button press, say) by `who` in the general channel.
    pub async fn command(&self, who: &str, cmd: Command) -> Vec<Reply> {
        self.send(&actor(who), GENERAL, cmd, LocalePrefs::default())
            .await
    }

    /// [`Scenario::say`], asserting that nothing was refused.
    pub async fn ok(&self, who: &str, line: &str) -> Vec<Reply> {
        let r = self.say(who, line).await;
        assert!(r.error().is_none(), "{who} {line}: {:?}", r.texts());
        r
    }

    /// [`Scenario::say`], asserting that the command was refused.
    pub async fn error(&self, who: &str, line: &str) -> Refusal {
        self.error_in(who, GENERAL, line).await
    }

    /// [`Scenario::say_in`], asserting that the command was refused.
    pub async fn error_in(&self, who: &str, ch: &str, line: &str) -> Refusal {
        let replies = self.say_in(who, ch, line).await;
        let (code, message) = replies
            .error_msg()
            .unwrap_or_else(|| panic!("{who} {line}: not refused: {:?}", replies.texts()));
        Refusal {
            code,
            message,
            replies,
        }
    }

    /// [`Scenario::say`], asserting that it ended the game as given (see
    /// [`Replies::assert_end`]).
    pub async fn end(
        &self,
        who: &str,
        line: &str,
        result: &str,
        winner: Option<&str>,
        termination: &str,
    ) -> Vec<Reply> {
        let r = self.say(who, line).await;
        r.assert_end(result, winner, termination);
        r
    }

    /// The announcements due now ([`GameService::run_due`]).
    pub async fn run_due(&self) -> Vec<Reply> {
        let r = self.svc.run_due().await;
        self.checked(r)
    }

    /// `white` challenges `black` (with `extra` options) in the general
    /// channel, who accepts: the game has started.
    pub async fn start_between(&self, white: &str, black: &str, extra: &str) -> Vec<Reply> {
        let r = self
            .say(
                white,
                &format!("/chess challenge @{black} color:white {extra}"),
            )
            .await;
        assert!(r.error().is_none(), "{:?}", r[0].text);
        let r = self.say(black, "/chess accept").await;
        assert!(
            matches!(r[0].event, Some(Event::Start { .. })),
            "{:?}",
            r[0].text
        );
        r
    }

    /// alice (White) against bob, with extra challenge options.
    pub async fn start(&self, extra: &str) -> Vec<Reply> {
        self.start_between("alice", "bob", extra).await
    }

    /// alice starts a game against the computer with `options`.
    pub async fn computer(&self, options: &str) -> Vec<Reply> {
        let r = self
            .say("alice", &format!("/chess computer {options}"))
            .await;
        assert!(r.error().is_none(), "{:?}", r.texts());
        assert!(matches!(r[0].event, Some(Event::Start { .. })), "{r:?}");
        r
    }

    /// Moves played alternately, starting with `first`; each must be
    /// accepted. All their replies.
    pub async fn moves(&self, first: &str, second: &str, sans: &str) -> Vec<Reply> {
        let mut out = Vec::new();
        for (i, san) in sans.split_whitespace().enumerate() {
            let who = if i % 2 == 0 { first } else { second };
            let r = self.say(who, &format!("/chess move {san}")).await;
            assert!(r.error().is_none(), "{who} {san}: {:?}", r.texts());
            out.extend(r);
        }
        out
    }

    /// alice (White) and bob start a game and play `sans`: the replies of
    /// the last move (none without moves).
    pub async fn play(&self, sans: &str) -> Vec<Reply> {
        self.start("").await;
        let mut last = Vec::new();
        for (i, san) in sans.split_whitespace().enumerate() {
            let who = if i % 2 == 0 { "alice" } else { "bob" };
            last = self.say(who, &format!("/chess move {san}")).await;
            assert!(last.error().is_none(), "{san}: {:?}", last.texts());
        }
        last
    }

    /// The PGN of the general channel's game, as a bystander asks for it.
    pub async fn pgn(&self) -> String {
        let r = self.say("carol", "/chess pgn").await;
        match &r[0].event {
            Some(Event::Pgn { pgn }) => pgn.clone(),
            e => panic!("no pgn: {e:?}"),
        }
    }

    /// The general channel's running game, from the store.
    pub async fn active_game(&self) -> Option<GameRow> {
        self.active_game_in(GENERAL).await
    }

    /// The game running in console channel `ch`, if any.
    pub async fn active_game_in(&self, ch: &str) -> Option<GameRow> {
        let key = ChannelKey {
            platform: "console".into(),
            guild: String::new(),
            channel: ch.into(),
        };
        self.svc.store().active_game(&key).await.expect("the store")
    }
}

/// What the tests look for in a command's replies.
pub trait Replies {
    fn list(&self) -> &[Reply];

    /// The texts, for assertion messages.
    fn texts(&self) -> Vec<&str> {
        self.list().iter().map(|r| r.text.as_str()).collect()
    }

    /// The first error's code.
    fn error(&self) -> Option<String> {
        self.error_msg().map(|(code, _)| code)
    }

    /// The first error's code and message.
    fn error_msg(&self) -> Option<(String, String)> {
        self.list().iter().find_map(|r| match &r.event {
            Some(Event::Error { code, message }) => Some((code.clone(), message.clone())),
            _ => None,
        })
    }

    /// Every error's code.
    fn codes(&self) -> Vec<String> {
        self.list()
            .iter()
            .filter_map(|r| match &r.event {
                Some(Event::Error { code, .. }) => Some(code.clone()),
                _ => None,
            })
            .collect()
    }

    /// The first reply whose event `pick` accepts.
    fn find_event(&self, pick: fn(&Event) -> bool) -> Option<&Reply> {
        self.list()
            .iter()
            .find(|r| r.event.as_ref().is_some_and(pick))
    }

    /// The first reply whose event `pick` accepts; there must be one.
    fn with_event(&self, pick: fn(&Event) -> bool) -> &Reply {
        self.find_event(pick)
            .unwrap_or_else(|| panic!("{:?}", self.texts()))
    }

    /// The first public reply.
    fn public(&self) -> Option<&Reply> {
        self.list().iter().find(|r| !r.ephemeral)
    }

    /// The first private reply.
    fn private(&self) -> Option<&Reply> {
        self.list().iter().find(|r| r.ephemeral)
    }

    /// Whether any reply has a board picture.
    fn has_board(&self) -> bool {
        self.list().iter().any(|r| r.board.is_some())
    }

    /// The board of the first reply that has one; there must be one.
    fn board(&self) -> &BoardImage {
        self.list()
            .iter()
            .find_map(|r| r.board.as_ref())
            .expect("a reply with a board")
    }

    /// The moves: `(by, san)`.
    fn moves(&self) -> Vec<(String, String)> {
        self.list()
            .iter()
            .filter_map(|r| match &r.event {
                Some(Event::Move { by, san, .. }) => Some((by.clone(), san.clone())),
                _ => None,
            })
            .collect()
    }

    /// The end of the game, if these replies end one.
    fn end(&self) -> Option<Outcome> {
        self.list().iter().find_map(|r| match &r.event {
            Some(Event::End {
                result,
                winner,
                termination,
                ..
            }) => Some((result.clone(), winner.clone(), termination.clone())),
            _ => None,
        })
    }

    /// The end event's ratings (outer `None`: no end event at all).
    fn end_ratings(&self) -> Option<Option<EndRatings>> {
        self.list().iter().find_map(|r| match &r.event {
            Some(Event::End { ratings, .. }) => Some(*ratings),
            _ => None,
        })
    }

    /// The summaries.
    fn summaries(&self) -> Vec<&Reply> {
        self.list()
            .iter()
            .filter(|r| matches!(r.event, Some(Event::Summary { .. })))
            .collect()
    }

    /// These replies end the game as given, and a summary with the same
    /// result and its PGN comes with them (or follows: `follow_up`), except
    /// after an abort.
    fn assert_end(&self, result: &str, winner: Option<&str>, termination: &str) {
        let r = self.list();
        let e = self
            .end()
            .unwrap_or_else(|| panic!("no end event in {:?}", self.texts()));
        assert_eq!(Some(e), ended(result, winner, termination));
        let summary = r.iter().find_map(|r| match &r.event {
            Some(Event::Summary {
                result: summary_result,
                pgn,
                ..
            }) => Some((summary_result.clone(), pgn.clone())),
            _ => None,
        });
        let deferred = r.iter().any(|r| r.follow_up.is_some());
        if termination == "aborted" {
            assert!(summary.is_none() && !deferred, "no summary after an abort");
        } else if let Some((summary_result, pgn)) = summary {
            assert_eq!(summary_result, result);
            assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
        } else {
            // Announcements (`run_due`) leave the summary to the adapter.
            assert!(deferred, "a summary follows the end");
        }
    }
}

impl Replies for [Reply] {
    fn list(&self) -> &[Reply] {
        self
    }
}
