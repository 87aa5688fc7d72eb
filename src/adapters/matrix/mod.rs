//! The Matrix adapter (matrix-sdk with end-to-end encryption): `chessbot
//! matrix` logs in as a bot account, joins the rooms it is invited to and
//! plays `!chess ...` commands (the grammar of [`super::text`]) in them.
//! Each room is a channel of the game service. Thin: every game rule lives
//! in the service.
//!
//! - Session: the login (user, device, access token) is kept in
//!   `session.json` in the store folder, and the SDK's SQLite state store
//!   next to it keeps the sync state and the bot's `Progress` (the sync
//!   token of the batch in hand and its commands already handled), so a
//!   restart, even after a crash in the middle of a batch, resumes exactly
//!   where the bot stopped: commands sent while it was down are answered
//!   once, in order, and old ones are not replayed. On the very first start
//!   the history is skipped (only events newer than the initial sync are
//!   handled).
//! - Encrypted rooms: the SDK decrypts what the bot reads and encrypts what
//!   it sends (files too, see [`send`]); its crypto store (the device's
//!   keys, the room keys) sits with the state store, so the device and its
//!   identity survive restarts.
//! - Rooms of a sync batch are handled concurrently, each room's commands
//!   in order; [`limits`] caps the rooms and rate-limits commands.
//! - Texts tell users to type `!chess ...` ([`crate::i18n::CommandStyle`]);
//!   a command sent in a thread is answered in that thread.
//! - Layout: [`format`](mod@format) (pure text helpers), [`send`] (replies -> events),
//!   [`limits`] (room cap, rate limit), `commands`, `rooms`, `session`,
//!   `sync`, and this file (configuration, `serve`).

mod commands;
mod direct;
pub mod format;
mod league;
pub mod limits;
mod pgn_file;
mod queue;
mod rooms;
pub mod send;
mod session;
pub mod store_secret;
mod sync;
mod team_match;
pub mod trust;

use queue::*;
use rooms::*;
use session::*;
use sync::*;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use matrix_sdk::Client;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::OwnedUserId;

use super::text;
use crate::i18n::{CommandStyle, with_command_style};
use crate::render::Renderer;
use crate::service::{Clock, GameService, SystemClock};
use crate::store::Store;

/// The `platform` of Matrix places.
pub const PLATFORM: &str = "matrix";
/// Custom key in the SDK store: the bot's [`Progress`].
const PROGRESS_KEY: &[u8] = b"chessbot.progress";
/// The session file in the store folder.
const SESSION_FILE: &str = "session.json";
/// The SDK's SQLite stores (state, crypto, event cache) in the store folder.
const STATE_DIR: &str = "state";
/// The SDK's crypto store (the device's keys, the room keys) in [`STATE_DIR`].
const CRYPTO_DB: &str = "matrix-sdk-crypto.sqlite3";
/// Events per room per sync: enough to answer every command sent while the
/// bot was down for a while.
const TIMELINE_LIMIT: u32 = 200;
/// Long-polling time of a sync request.
const SYNC_TIMEOUT: Duration = Duration::from_secs(30);
/// An empty sync answered faster than this is followed by a pause.
const MIN_SYNC_INTERVAL: Duration = Duration::from_millis(200);
/// The deadline task never sleeps longer than this by default.
pub const DEFAULT_DUE_POLL: Duration = Duration::from_secs(60);

/// Settings of the Matrix bot, from the environment.
#[derive(clap::Args)]
pub struct MatrixArgs {
    /// Homeserver URL, e.g. `https://matrix.example.org`.
    #[arg(long, env = "MATRIX_HOMESERVER")]
    pub homeserver: String,
    /// The bot account: `@chessbot:example.org` (or the localpart).
    #[arg(long, env = "MATRIX_USER")]
    pub user: Option<String>,
    /// Its password (or use MATRIX_ACCESS_TOKEN). Prefer the environment.
    #[arg(long, env = "MATRIX_PASSWORD", hide_env_values = true)]
    pub password: Option<String>,
    /// An access token instead of a password.
    #[arg(long, env = "MATRIX_ACCESS_TOKEN", hide_env_values = true)]
    pub access_token: Option<String>,
    /// Database URL of the games (shared with the other adapters).
    #[arg(
        long = "db",
        env = "DATABASE_URL", hide_env_values = true,
        default_value = crate::store::DEFAULT_DATABASE_URL
    )]
    pub db: String,
    /// Folder of the Matrix session and sync state (default: next to the
    /// SQLite database, `<name>-matrix/`).
    #[arg(long, env = "MATRIX_STORE_PATH")]
    pub store: Option<PathBuf>,
    /// Accept invites only from users of these servers (comma-separated);
    /// everyone when unset.
    #[arg(long, env = "MATRIX_ALLOWED_SERVERS")]
    pub allowed_servers: Option<String>,
    /// The most rooms the bot stays in: further invites are declined.
    #[arg(long, env = "MATRIX_MAX_ROOMS", default_value_t = limits::DEFAULT_MAX_ROOMS)]
    pub max_rooms: usize,
    /// The recovery key or passphrase of the account's server-side key
    /// backup and secret storage (see [`trust`]): with it a bot whose
    /// crypto store was lost gets its cross-signing keys and room keys back.
    #[arg(long, env = "MATRIX_RECOVERY_KEY", hide_env_values = true)]
    pub recovery_key: Option<String>,
    /// Accept and confirm interactive (emoji) verification requests from
    /// users; declined when off.
    #[arg(long, env = "MATRIX_ACCEPT_VERIFICATION", default_value_t = false)]
    pub accept_verification: bool,
    /// The passphrase encrypting the Matrix store (default: generated on
    /// first start and kept in the data folder).
    #[arg(long, env = "MATRIX_STORE_PASSPHRASE", hide_env_values = true)]
    pub store_passphrase: Option<String>,
}

impl std::fmt::Debug for MatrixArgs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("MatrixArgs")
            .field("homeserver", &self.homeserver)
            .field("user", &self.user)
            .field("password", &self.password.as_ref().map(|_| "<hidden>"))
            .field(
                "access_token",
                &self.access_token.as_ref().map(|_| "<hidden>"),
            )
            .field("db", &crate::store::redact_url(&self.db))
            .field("store", &self.store)
            .field("allowed_servers", &self.allowed_servers)
            .field("max_rooms", &self.max_rooms)
            .field(
                "recovery_key",
                &self.recovery_key.as_ref().map(|_| "<hidden>"),
            )
            .field("accept_verification", &self.accept_verification)
            .field(
                "store_passphrase",
                &self.store_passphrase.as_ref().map(|_| "<hidden>"),
            )
            .finish()
    }
}

/// How the bot logs in.
#[derive(Clone)]
pub enum Login {
    Password { user: String, password: String },
    AccessToken { token: String },
}

impl std::fmt::Debug for Login {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Login::Password { user, .. } => write!(f, "Password {{ user: {user:?}, .. }}"),
            Login::AccessToken { .. } => f.write_str("AccessToken { .. }"),
        }
    }
}

/// Everything [`serve`] needs besides the game service.
#[derive(Clone, Debug)]
pub struct MatrixConfig {
    pub homeserver: String,
    pub login: Login,
    /// Folder of `session.json` and the SDK's SQLite state store.
    pub store_path: PathBuf,
    /// Lower-case server names; empty: accept every invite.
    pub allowed_servers: Vec<String>,
    /// Longest sleep of the deadline task.
    pub due_poll: Duration,
    /// The most rooms the bot stays in (`MATRIX_MAX_ROOMS`).
    pub max_rooms: usize,
    /// Commands per user and per room.
    pub rate_limit: limits::RateLimit,
    /// How the bot earns its players' clients' trust (cross-signing, key
    /// backup, verification).
    pub trust: trust::TrustConfig,
    /// The passphrase of the store (`MATRIX_STORE_PASSPHRASE`); `None`:
    /// generated on first start (see [`store_secret`]).
    pub store_passphrase: Option<store_secret::Passphrase>,
}

/// Failures of the Matrix adapter.
#[derive(Debug, thiserror::Error)]
pub enum MatrixError {
    #[error("{0}")]
    Config(String),
    #[error("cannot set up the Matrix client: {0}")]
    Build(Box<matrix_sdk::ClientBuildError>),
    #[error("Matrix: {0}")]
    Sdk(Box<matrix_sdk::Error>),
    #[error("Matrix: {0}")]
    Http(Box<matrix_sdk::HttpError>),
    #[error("Matrix state store: {0}")]
    Store(String),
    #[error("Matrix session file {path}: {reason}")]
    Session { path: PathBuf, reason: String },
}

impl From<matrix_sdk::ClientBuildError> for MatrixError {
    fn from(e: matrix_sdk::ClientBuildError) -> MatrixError {
        MatrixError::Build(Box::new(e))
    }
}

impl From<matrix_sdk::Error> for MatrixError {
    fn from(e: matrix_sdk::Error) -> MatrixError {
        MatrixError::Sdk(Box::new(e))
    }
}

impl From<matrix_sdk::HttpError> for MatrixError {
    fn from(e: matrix_sdk::HttpError) -> MatrixError {
        MatrixError::Http(Box::new(e))
    }
}

/// The default store folder for a database URL: `<name>-matrix/` next to
/// a SQLite file, else `matrix-store/` in the working directory.
#[must_use]
pub fn default_store_path(db_url: &str) -> PathBuf {
    let file = db_url
        .strip_prefix("sqlite://")
        .or_else(|| db_url.strip_prefix("sqlite:"))
        .map(|p| p.split('?').next().unwrap_or(p))
        .filter(|p| !p.is_empty() && !p.contains(":memory:"));
    match file {
        Some(f) => {
            let path = Path::new(f);
            let stem = path
                .file_stem()
                .map_or_else(|| "chessbot".into(), |s| s.to_string_lossy().into_owned());
            path.with_file_name(format!("{stem}-matrix"))
        }
        None => PathBuf::from("matrix-store"),
    }
}

impl MatrixArgs {
    /// The configuration, checking that a way to log in was given.
    ///
    /// # Errors
    /// Neither a password (with a user) nor an access token.
    pub fn config(&self) -> Result<MatrixConfig, MatrixError> {
        let login = match (&self.access_token, &self.user, &self.password) {
            (Some(t), _, _) if !t.trim().is_empty() => Login::AccessToken {
                token: t.trim().to_string(),
            },
            (_, Some(u), Some(p)) if !u.trim().is_empty() && !p.is_empty() => Login::Password {
                user: u.trim().to_string(),
                password: p.clone(),
            },
            _ => {
                return Err(MatrixError::Config(
                    "set MATRIX_USER and MATRIX_PASSWORD, or MATRIX_ACCESS_TOKEN".to_string(),
                ));
            }
        };
        if self.homeserver.trim().is_empty() {
            return Err(MatrixError::Config(
                "MATRIX_HOMESERVER must be the homeserver URL".to_string(),
            ));
        }
        Ok(MatrixConfig {
            homeserver: self.homeserver.trim().to_string(),
            login,
            store_path: self
                .store
                .clone()
                .unwrap_or_else(|| default_store_path(&self.db)),
            allowed_servers: self
                .allowed_servers
                .as_deref()
                .map(format::parse_server_list)
                .unwrap_or_default(),
            due_poll: DEFAULT_DUE_POLL,
            max_rooms: self.max_rooms,
            rate_limit: limits::RateLimit::default(),
            trust: trust::TrustConfig {
                recovery: self
                    .recovery_key
                    .as_deref()
                    .map(str::trim)
                    .filter(|k| !k.is_empty())
                    .map(str::to_string),
                accept_verification: self.accept_verification,
                // The password answers the server's interactive-auth step of
                // the cross-signing upload, with a token login too.
                uia: match (&self.user, &self.password) {
                    (Some(u), Some(p)) if !u.trim().is_empty() && !p.is_empty() => {
                        Some((u.trim().to_string(), p.clone()))
                    }
                    _ => None,
                },
            },
            store_passphrase: self
                .store_passphrase
                .clone()
                .filter(|p| !p.is_empty())
                .map(store_secret::Passphrase),
        })
    }
}

/// Runs the Matrix bot until Ctrl-C / SIGTERM.
///
/// # Errors
/// Bad configuration, an unreachable database or homeserver, a refused
/// login.
pub async fn run(args: MatrixArgs) -> anyhow::Result<()> {
    let process = crate::lifecycle::Process {
        shutdown: crate::lifecycle::Shutdown::on_signals(),
        health: None,
        public_url: None,
    };
    run_in(args, &process).await
}

/// [`run`] with the shutdown and health of `process`: on its shutdown the
/// commands in hand and the announcements being posted finish (bounded),
/// the database closes.
///
/// # Errors
/// As [`run`].
pub async fn run_in(args: MatrixArgs, process: &crate::lifecycle::Process) -> anyhow::Result<()> {
    let cfg = args.config()?;
    let store = Store::open(&args.db).await.map_err(|e| {
        anyhow::anyhow!(
            "could not open the database {}: {e}",
            crate::store::redact_url(&args.db)
        )
    })?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let service =
        GameService::open_with_engine(store.clone(), Arc::clone(&clock), crate::engine::from_env())
            .await?;
    process.opened(&store);
    process.serving(&service);
    // With pages served, players get links (in their direct rooms) and
    // what they do there is posted in the games' rooms.
    let posts = process.page_posts(&service);
    let stop = process.clone();
    let shutdown = async move {
        stop.shutdown.triggered().await;
        stop.stopping();
    };
    let served = serve_with_pages(cfg, service, clock, shutdown, posts).await;
    store.close().await;
    served?;
    Ok(())
}

/// Logs in, joins invited rooms and answers commands until `shutdown`
/// resolves (then finishes the batch of events in hand and returns).
/// Dropping the future stops everything, the deadline task included.
///
/// # Errors
/// The homeserver is unreachable or refuses the login, the state store
/// cannot be opened.
pub async fn serve(
    cfg: MatrixConfig,
    service: GameService,
    clock: Arc<dyn Clock>,
    shutdown: impl Future<Output = ()>,
) -> Result<(), MatrixError> {
    serve_with_pages(cfg, service, clock, shutdown, None).await
}

/// What player pages do (`--http` with a public address), for the bot to
/// post in the games' rooms; see [`serve_with_pages`].
pub type PagePostsReceiver = tokio::sync::mpsc::UnboundedReceiver<crate::http::PagePosts>;

/// [`serve`], also posting what players do on their pages (`posts`, from
/// [`crate::lifecycle::Process::page_posts`]) as their typed commands'
/// answers are posted.
///
/// # Errors
/// As [`serve`].
pub async fn serve_with_pages(
    cfg: MatrixConfig,
    service: GameService,
    clock: Arc<dyn Clock>,
    shutdown: impl Future<Output = ()>,
    posts: Option<PagePostsReceiver>,
) -> Result<(), MatrixError> {
    let client = connect(&cfg).await?;
    let me = client
        .user_id()
        .ok_or_else(|| MatrixError::Config("logged in without a user id".to_string()))?
        .to_owned();
    tracing::info!(user = %me, "logged in to Matrix");
    // Cross-signing, key backup and verification (see `trust`): a failure
    // is logged and the bot plays on with clients that share room keys
    // with unverified devices.
    match trust::establish(&client, &cfg.trust).await {
        Ok(report) if report.device_cross_signed => {
            tracing::info!(?report, "the bot's Matrix identity is set up");
        }
        Ok(report) => tracing::error!(
            ?report,
            "the bot's device is not signed by its own identity: clients show it unverified \
             (docs/HOSTING.md, Matrix: the recovery steps)"
        ),
        Err(e) => tracing::error!(error = %e, "the bot's device is not cross-signed"),
    }
    trust::handle_verification_requests(&client, cfg.trust.accept_verification);
    let bot = Arc::new(Bot {
        client: client.clone(),
        service,
        renderer: Arc::new(Renderer::new()),
        me,
        allowed: cfg.allowed_servers.clone(),
        max_rooms: cfg.max_rooms,
        limiter: std::sync::Mutex::new(limits::RateLimiter::new(cfg.rate_limit)),
        busy: tokio::sync::RwLock::new(()),
        progress: tokio::sync::Mutex::new(Progress::default()),
        rooms: std::sync::Mutex::new(RoomQueues::new()),
        workers: std::sync::Mutex::new(tokio::task::JoinSet::new()),
        league_rooms_opening: std::sync::atomic::AtomicBool::new(false),
        direct_rooms: tokio::sync::Mutex::new(std::collections::HashMap::new()),
        told_undecryptable: std::sync::Mutex::new(std::collections::HashSet::new()),
        direct_marked: direct::DirectRooms::default(),
    });

    // The room workers stop with this future, however it ends.
    let _rooms = StopRoomsOnDrop(Arc::clone(&bot));
    let mut progress = load_progress(&client).await?;
    if progress.since.is_none() {
        // First start: skip the history, but take the pending invites.
        let response = client
            .sync_once(SyncSettings::default().filter(sync_filter()))
            .await?;
        crate::metrics::link_up(0);
        bot.on_invites(&response).await;
        progress = Progress {
            since: Some(response.next_batch),
            ..Progress::default()
        };
        save_progress(&client, &progress).await?;
        tracing::info!("first sync done; history skipped");
    }
    // What was synced but not handled before the last stop goes first.
    let queued = progress.queued.clone();
    *bot.progress.lock().await = progress;
    for q in queued {
        bot.hand_to_room(q);
    }

    // Everything the bot says on Matrix tells users to type `!chess ...`.
    let _deadlines = AbortOnDrop(tokio::spawn(with_command_style(
        CommandStyle::Bang,
        deadline_task(Arc::clone(&bot), clock, cfg.due_poll),
    )));
    let _page_posts = posts.map(|posts| {
        AbortOnDrop(tokio::spawn(with_command_style(
            CommandStyle::Bang,
            direct::post_page_posts(Arc::clone(&bot), posts),
        )))
    });
    let sync = with_command_style(CommandStyle::Bang, sync_loop(&client, &bot));
    let stop = async {
        shutdown.await;
        // Let the commands in hand finish (bounded); the queued ones wait
        // for the next start. The announcements being posted are
        // acknowledged first.
        bot.service.stop_taking_work();
        let guard = tokio::time::timeout(crate::lifecycle::DRAIN_TIMEOUT, bot.busy.write()).await;
        bot.service
            .finish_work(crate::lifecycle::DRAIN_TIMEOUT)
            .await;
        tracing::info!("shutting down");
        guard
    };
    tokio::select! {
        result = sync => result,
        _guard = stop => Ok(()),
    }
}

/// The running bot.
pub(crate) struct Bot {
    pub(super) client: Client,
    pub(super) service: GameService,
    pub(super) renderer: Arc<Renderer>,
    pub(super) me: OwnedUserId,
    pub(super) allowed: Vec<String>,
    /// The most rooms the bot stays in.
    pub(super) max_rooms: usize,
    /// The command rate limit.
    pub(super) limiter: std::sync::Mutex<limits::RateLimiter>,
    /// Read-held by a room worker while it handles a command, so shutdown
    /// (which takes it for writing) waits for the commands in hand.
    pub(super) busy: tokio::sync::RwLock<()>,
    /// The sync token and the queued events (saved after every command).
    pub(super) progress: tokio::sync::Mutex<Progress>,
    /// Each room's queue, and the room workers.
    pub(super) rooms: std::sync::Mutex<RoomQueues>,
    pub(super) workers: std::sync::Mutex<tokio::task::JoinSet<()>>,
    /// Whether a league room opener runs (see `league.rs`).
    pub(super) league_rooms_opening: std::sync::atomic::AtomicBool,
    /// The direct rooms this process opened, by user (see `send.rs`); the
    /// lock also keeps two answers from opening two rooms for one user.
    pub(super) direct_rooms:
        tokio::sync::Mutex<std::collections::HashMap<OwnedUserId, matrix_sdk::ruma::OwnedRoomId>>,
    /// (room, sender) told that their messages cannot be decrypted.
    pub(super) told_undecryptable:
        std::sync::Mutex<std::collections::HashSet<(matrix_sdk::ruma::OwnedRoomId, OwnedUserId)>>,
    /// The direct rooms whose spectator pages this process turned off.
    pub(super) direct_marked: direct::DirectRooms,
}

/// The command a reply answers (for replies to errors, and to answer in
/// the command's thread).
#[derive(Clone, Debug)]
pub(crate) struct Origin {
    pub room: matrix_sdk::ruma::OwnedRoomId,
    pub event_id: matrix_sdk::ruma::OwnedEventId,
    pub sender: OwnedUserId,
    /// The root of the thread the command was sent in.
    pub thread: Option<matrix_sdk::ruma::OwnedEventId>,
}

impl Origin {
    /// The origin of a command message in `room`.
    pub(crate) fn of(
        room: &matrix_sdk::ruma::RoomId,
        m: &matrix_sdk::ruma::events::room::message::OriginalSyncRoomMessageEvent,
    ) -> Origin {
        use matrix_sdk::ruma::events::room::message::Relation;
        Origin {
            room: room.to_owned(),
            event_id: m.event_id.clone(),
            sender: m.sender.clone(),
            thread: match &m.content.relates_to {
                Some(Relation::Thread(t)) => Some(t.event_id.clone()),
                _ => None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::Utc;
    use matrix_sdk::ruma::UserId;

    #[test]
    fn store_folder_sits_next_to_the_database() {
        assert_eq!(
            default_store_path("sqlite://data/chessbot.db?mode=rwc"),
            PathBuf::from("data/chessbot-matrix")
        );
        assert_eq!(
            default_store_path("sqlite:games.sqlite"),
            PathBuf::from("games-matrix")
        );
        assert_eq!(
            default_store_path("sqlite::memory:"),
            PathBuf::from("matrix-store")
        );
        assert_eq!(
            default_store_path("postgres://u@h/db"),
            PathBuf::from("matrix-store")
        );
    }

    #[test]
    fn a_way_to_log_in_is_required() {
        let args = |user: Option<&str>, password: Option<&str>, token: Option<&str>| MatrixArgs {
            homeserver: "http://127.0.0.1:8008".into(),
            user: user.map(Into::into),
            password: password.map(Into::into),
            access_token: token.map(Into::into),
            db: "sqlite://x.db".into(),
            store: None,
            allowed_servers: Some("a.org, B.org".into()),
            max_rooms: 300,
            recovery_key: Some("key-secret".into()),
            accept_verification: false,
            store_passphrase: Some("pass-secret".into()),
        };
        assert!(args(Some("@bot:hs"), None, None).config().is_err());
        assert!(args(None, Some("pw"), None).config().is_err());
        let c = args(Some("@bot:hs"), Some("pw"), None).config().unwrap();
        assert!(matches!(c.login, Login::Password { .. }));
        assert_eq!(c.allowed_servers, vec!["a.org", "b.org"]);
        let c = args(None, None, Some("tok")).config().unwrap();
        assert!(matches!(c.login, Login::AccessToken { .. }));
        // Secrets never show in debug output.
        let shown = format!(
            "{:?} {:?}",
            args(Some("u"), Some("pw-secret"), Some("tok-secret")),
            c
        );
        assert!(!shown.contains("secret"), "{shown}");
    }

    #[test]
    fn saved_sessions_match_the_configured_user() {
        let u = UserId::parse("@bot:example.org").unwrap();
        assert!(same_user(&u, "@bot:example.org"));
        assert!(same_user(&u, "bot"));
        assert!(!same_user(&u, "@bot:other.org"));
        assert!(!same_user(&u, "other"));
    }

    #[test]
    fn deadline_task_sleeps_until_the_next_deadline_within_bounds() {
        let now = Utc::now();
        let max = Duration::from_secs(60);
        assert_eq!(sleep_for(now, None, max), max);
        assert_eq!(
            sleep_for(now, Some(now + chrono::TimeDelta::seconds(10)), max),
            Duration::from_secs(10)
        );
        assert_eq!(
            sleep_for(now, Some(now - chrono::TimeDelta::hours(1)), max),
            Duration::from_millis(100)
        );
        assert_eq!(
            sleep_for(now, Some(now + chrono::TimeDelta::days(3)), max),
            max
        );
    }
}
