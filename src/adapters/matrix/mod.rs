//! The Matrix adapter (matrix-sdk, no end-to-end encryption): `chessbot
//! matrix` logs in as a bot account, joins the rooms it is invited to and
//! plays `!chess ...` commands (the grammar of [`super::text`]) in them.
//! Each room is a channel of the game service. Thin: every game rule lives
//! in the service.
//!
//! - Session: the login (user, device, access token) is kept in
//!   `session.json` in the store folder, and the SDK's SQLite state store
//!   next to it keeps the sync state and the bot's [`Progress`] (the sync
//!   token of the batch in hand and its commands already handled), so a
//!   restart, even after a crash in the middle of a batch, resumes exactly
//!   where the bot stopped: commands sent while it was down are answered
//!   once, in order, and old ones are not replayed. On the very first start
//!   the history is skipped (only events newer than the initial sync are
//!   handled).
//! - Encrypted rooms are not supported: the bot says so once per room.
//! - Layout: [`format`] (pure text helpers), [`send`] (replies -> events),
//!   this file (configuration, login, the sync loop, the deadline task).

pub mod format;
pub mod send;

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chrono::{DateTime, Utc};
use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
use matrix_sdk::ruma::events::room::message::{
    MessageFormat, MessageType, OriginalSyncRoomMessageEvent, Relation,
};
use matrix_sdk::ruma::events::{
    AnySyncMessageLikeEvent, AnySyncTimelineEvent, SyncMessageLikeEvent,
};
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::ruma::{OwnedUserId, RoomId, UInt, UserId};
use matrix_sdk::store::StateStoreDataKey;
use matrix_sdk::{
    Client, Room, RoomMemberships, RoomState, SessionMeta, SessionTokens, sync::SyncResponse,
};

use super::text;
use crate::render::Renderer;
use crate::service::{Actor, Clock, Command, GameService, Place, SystemClock, error_reply};
use crate::store::Store;

/// The `platform` of Matrix places.
pub const PLATFORM: &str = "matrix";
/// Custom key in the SDK store: the bot's [`Progress`].
const PROGRESS_KEY: &[u8] = b"chessbot.progress";
/// The session file in the store folder.
const SESSION_FILE: &str = "session.json";
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
    /// Homeserver URL, e.g. https://matrix.example.org.
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
        env = "DATABASE_URL",
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
            .field("db", &self.db)
            .field("store", &self.store)
            .field("allowed_servers", &self.allowed_servers)
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
        })
    }
}

/// Runs the Matrix bot until Ctrl-C / SIGTERM.
///
/// # Errors
/// Bad configuration, an unreachable database or homeserver, a refused
/// login.
pub async fn run(args: MatrixArgs) -> anyhow::Result<()> {
    let cfg = args.config()?;
    let store = Store::open(&args.db)
        .await
        .map_err(|e| anyhow::anyhow!("could not open the database {}: {e}", args.db))?;
    let clock: Arc<dyn Clock> = Arc::new(SystemClock);
    let service = GameService::open(store.clone(), Arc::clone(&clock)).await?;
    serve(cfg, service, clock, shutdown_signal()).await?;
    store.close().await;
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
    let client = connect(&cfg).await?;
    let me = client
        .user_id()
        .ok_or_else(|| MatrixError::Config("logged in without a user id".to_string()))?
        .to_owned();
    tracing::info!(user = %me, "logged in to Matrix");
    let bot = Arc::new(Bot {
        client: client.clone(),
        service,
        renderer: Arc::new(Renderer::new()),
        me,
        allowed: cfg.allowed_servers.clone(),
        warned: Mutex::new(HashSet::new()),
        busy: tokio::sync::Mutex::new(()),
        progress: tokio::sync::Mutex::new(Progress::default()),
    });

    let mut progress = load_progress(&client).await?;
    if progress.since.is_none() {
        // First start: skip the history, but take the pending invites.
        let response = client
            .sync_once(SyncSettings::default().filter(sync_filter()))
            .await?;
        bot.on_invites(&response).await;
        progress = Progress {
            since: Some(response.next_batch),
            done: Vec::new(),
        };
        save_progress(&client, &progress).await?;
        tracing::info!("first sync done; history skipped");
    }
    *bot.progress.lock().await = progress;

    let _deadlines = AbortOnDrop(tokio::spawn(deadline_task(
        Arc::clone(&bot),
        clock,
        cfg.due_poll,
    )));
    let sync = sync_loop(&client, &bot);
    let stop = async {
        shutdown.await;
        // Let the batch in hand finish.
        let guard = bot.busy.lock().await;
        tracing::info!("shutting down");
        guard
    };
    tokio::select! {
        result = sync => result,
        _guard = stop => Ok(()),
    }
}

/// Syncs and handles the events until the login is refused. Our own loop
/// rather than the SDK's (which pauses a second between quick syncs); each
/// sync starts from our progress record, never from nothing (which would
/// replay the recent history).
async fn sync_loop(client: &Client, bot: &Bot) -> Result<(), MatrixError> {
    let base = SyncSettings::default()
        .filter(sync_filter())
        .timeout(SYNC_TIMEOUT);
    loop {
        let since = bot.progress.lock().await.since.clone();
        let settings = match since {
            Some(s) => base.clone().token(s),
            None => base.clone(),
        };
        let started = std::time::Instant::now();
        match client.sync_once(settings).await {
            Ok(response) => {
                let quiet = response.rooms.is_empty();
                {
                    let _busy = bot.busy.lock().await;
                    let next = response.next_batch.clone();
                    bot.on_sync(response).await;
                    bot.finish_batch(next).await;
                }
                if quiet && started.elapsed() < MIN_SYNC_INTERVAL {
                    // A server that does not long-poll: do not hammer it.
                    tokio::time::sleep(MIN_SYNC_INTERVAL).await;
                }
            }
            Err(e) if is_unauthorized(&e) => return Err(MatrixError::from(e)),
            Err(e) => {
                tracing::warn!(error = %e, "sync failed; retrying");
                tokio::time::sleep(Duration::from_secs(2)).await;
            }
        }
    }
}

/// Aborts a task when dropped (the deadline task ends with [`serve`]).
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

fn is_unauthorized(e: &matrix_sdk::Error) -> bool {
    e.as_client_api_error()
        .is_some_and(|e| e.status_code.as_u16() == 401)
}

fn sync_filter() -> Filter {
    let mut def = FilterDefinition::default();
    def.room.timeline.limit = Some(UInt::from(TIMELINE_LIMIT));
    Filter::FilterDefinition(def)
}

fn read_session(path: &Path) -> Option<MatrixSession> {
    let text = std::fs::read_to_string(path).ok()?;
    match serde_json::from_str(&text) {
        Ok(s) => Some(s),
        Err(e) => {
            tracing::warn!(error = %e, path = %path.display(), "unreadable session file; logging in again");
            None
        }
    }
}

fn write_session(path: &Path, session: &MatrixSession) -> Result<(), MatrixError> {
    let err = |reason: String| MatrixError::Session {
        path: path.to_path_buf(),
        reason,
    };
    let json = serde_json::to_string(session).map_err(|e| err(e.to_string()))?;
    let tmp = path.with_extension("json.tmp");
    {
        use std::io::Write as _;
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt as _;
            // The access token is a secret.
            options.mode(0o600);
        }
        let mut f = options.open(&tmp).map_err(|e| err(e.to_string()))?;
        f.write_all(json.as_bytes())
            .and_then(|()| f.sync_all())
            .map_err(|e| err(e.to_string()))?;
    }
    std::fs::rename(&tmp, path).map_err(|e| err(e.to_string()))
}

/// Whether a stored session belongs to the configured `MATRIX_USER`
/// (a full user id, or a localpart).
fn same_user(session: &UserId, configured: &str) -> bool {
    if configured.starts_with('@') {
        session.as_str() == configured
    } else {
        session.localpart() == configured
    }
}

/// How far the bot got: the `since` token of the sync batch in hand and
/// the commands of that batch already handled. Saved after every command,
/// so a crash in the middle of a batch neither loses nor repeats one: the
/// next start syncs again from `since` and skips `done`. (The SDK saves its
/// own token before a batch is handled, so it cannot serve for this.)
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
struct Progress {
    since: Option<String>,
    done: Vec<String>,
}

fn store_error(e: impl std::fmt::Display) -> MatrixError {
    MatrixError::Store(e.to_string())
}

async fn load_progress(client: &Client) -> Result<Progress, MatrixError> {
    let raw = client
        .state_store()
        .get_custom_value(PROGRESS_KEY)
        .await
        .map_err(store_error)?;
    Ok(raw
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default())
}

async fn save_progress(client: &Client, progress: &Progress) -> Result<(), MatrixError> {
    let bytes = serde_json::to_vec(progress).map_err(store_error)?;
    client
        .state_store()
        .set_custom_value(PROGRESS_KEY, bytes)
        .await
        .map_err(store_error)?;
    Ok(())
}

async fn build_client(cfg: &MatrixConfig) -> Result<Client, MatrixError> {
    let client = Client::builder()
        .homeserver_url(&cfg.homeserver)
        .sqlite_store(cfg.store_path.join("state"), None)
        .build()
        .await?;
    // Syncing resumes from our progress record. The SDK's own token is newer
    // after a crash in the middle of a batch and would make it drop the
    // replayed batch as "already seen"; forget it before the session loads.
    if load_progress(&client).await?.since.is_some() {
        client
            .state_store()
            .remove_kv_data(StateStoreDataKey::SyncToken)
            .await
            .map_err(store_error)?;
    }
    Ok(client)
}

/// The logged-in client: the saved session when it still works, else a
/// new login (saved for the next start).
async fn connect(cfg: &MatrixConfig) -> Result<Client, MatrixError> {
    std::fs::create_dir_all(&cfg.store_path).map_err(|e| MatrixError::Session {
        path: cfg.store_path.clone(),
        reason: e.to_string(),
    })?;
    let session_path = cfg.store_path.join(SESSION_FILE);
    let saved = read_session(&session_path).filter(|s| match &cfg.login {
        Login::Password { user, .. } => same_user(&s.meta.user_id, user),
        Login::AccessToken { token } => s.tokens.access_token == *token,
    });
    if let Some(session) = saved {
        let client = build_client(cfg).await?;
        client.restore_session(session).await?;
        match client.whoami().await {
            Ok(_) => return Ok(client),
            Err(e)
                if e.as_client_api_error()
                    .is_some_and(|e| e.status_code.as_u16() == 401) =>
            {
                tracing::warn!("the saved Matrix session was refused; logging in again");
            }
            Err(e) => return Err(e.into()),
        }
    }
    let client = build_client(cfg).await?;
    match &cfg.login {
        Login::Password { user, password } => {
            client
                .matrix_auth()
                .login_username(user, password)
                .initial_device_display_name("chessbot")
                .await?;
        }
        Login::AccessToken { token } => {
            let (user_id, device_id) = whoami(&cfg.homeserver, token).await?;
            let session = MatrixSession {
                meta: SessionMeta {
                    user_id,
                    device_id: device_id.into(),
                },
                tokens: SessionTokens {
                    access_token: token.clone(),
                    refresh_token: None,
                },
            };
            client.restore_session(session).await?;
        }
    }
    if let Some(session) = client.matrix_auth().session() {
        write_session(&session_path, &session)?;
    }
    Ok(client)
}

/// Who an access token belongs to (user id and device id).
async fn whoami(homeserver: &str, token: &str) -> Result<(OwnedUserId, String), MatrixError> {
    #[derive(serde::Deserialize)]
    struct WhoAmI {
        user_id: OwnedUserId,
        device_id: Option<String>,
    }
    let url = format!(
        "{}/_matrix/client/v3/account/whoami",
        homeserver.trim_end_matches('/')
    );
    let fail = |e: String| MatrixError::Config(format!("cannot check MATRIX_ACCESS_TOKEN: {e}"));
    let response = matrix_sdk::reqwest::Client::new()
        .get(&url)
        .bearer_auth(token)
        .timeout(Duration::from_secs(20))
        .send()
        .await
        .map_err(|e| fail(e.to_string()))?;
    let status = response.status();
    let body = response.bytes().await.map_err(|e| fail(e.to_string()))?;
    if !status.is_success() {
        return Err(fail(format!("the homeserver answered {status}")));
    }
    let who: WhoAmI = serde_json::from_slice(&body).map_err(|e| fail(e.to_string()))?;
    let device = who.device_id.ok_or_else(|| {
        fail("the token has no device; create one with a password login".to_string())
    })?;
    Ok((who.user_id, device))
}

/// The running bot.
pub(crate) struct Bot {
    client: Client,
    service: GameService,
    renderer: Arc<Renderer>,
    me: OwnedUserId,
    allowed: Vec<String>,
    /// Encrypted rooms already told that the bot does not play there.
    warned: Mutex<HashSet<String>>,
    /// Held while a sync batch is handled, so shutdown waits for it.
    busy: tokio::sync::Mutex<()>,
    /// The batch in hand (saved after every command).
    progress: tokio::sync::Mutex<Progress>,
}

/// The command a reply answers (for replies to errors).
#[derive(Clone, Debug)]
pub(crate) struct Origin {
    pub event_id: matrix_sdk::ruma::OwnedEventId,
    pub sender: OwnedUserId,
}

/// The fields of a timeline event needed to find the bot's own join.
#[derive(serde::Deserialize)]
struct MemberPeek {
    #[serde(rename = "type")]
    kind: String,
    state_key: Option<String>,
    content: Option<MembershipPeek>,
    unsigned: Option<UnsignedPeek>,
}

#[derive(serde::Deserialize)]
struct MembershipPeek {
    membership: Option<String>,
}

#[derive(serde::Deserialize)]
struct UnsignedPeek {
    prev_content: Option<MembershipPeek>,
}

fn is_own_join(raw: &Raw<AnySyncTimelineEvent>, me: &UserId) -> bool {
    let Ok(p) = raw.deserialize_as_unchecked::<MemberPeek>() else {
        return false;
    };
    let membership = |c: Option<&MembershipPeek>| c.and_then(|c| c.membership.clone());
    p.kind == "m.room.member"
        && p.state_key.as_deref() == Some(me.as_str())
        && membership(p.content.as_ref()).as_deref() == Some("join")
        && membership(p.unsigned.as_ref().and_then(|u| u.prev_content.as_ref())).as_deref()
            != Some("join")
}

impl Bot {
    /// Whether this command was handled before a crash.
    async fn already_done(&self, event: &matrix_sdk::ruma::EventId) -> bool {
        self.progress
            .lock()
            .await
            .done
            .iter()
            .any(|d| d == event.as_str())
    }

    /// Records a handled command (before its replies go out: a crash then
    /// loses the replies, never applies a command twice).
    async fn mark_done(&self, event: &matrix_sdk::ruma::EventId) {
        let mut p = self.progress.lock().await;
        p.done.push(event.to_string());
        if let Err(e) = save_progress(&self.client, &p).await {
            tracing::warn!(error = %e, "could not save the progress");
        }
    }

    /// The batch is done: the next one starts at `next`.
    async fn finish_batch(&self, next: String) {
        let mut p = self.progress.lock().await;
        if p.since.as_deref() == Some(next.as_str()) && p.done.is_empty() {
            return;
        }
        *p = Progress {
            since: Some(next),
            done: Vec::new(),
        };
        if let Err(e) = save_progress(&self.client, &p).await {
            tracing::warn!(error = %e, "could not save the progress");
        }
    }

    fn place(&self, room: &RoomId) -> Place {
        let server = format::server_of(room.as_str())
            .unwrap_or_else(|| self.me.server_name().as_str())
            .to_string();
        Place {
            platform: PLATFORM.to_string(),
            guild: Some(server),
            channel: room.to_string(),
        }
    }

    async fn on_sync(&self, response: SyncResponse) {
        self.on_invites(&response).await;
        for (room_id, update) in &response.rooms.joined {
            let Some(room) = self.client.get_room(room_id) else {
                continue;
            };
            let events = &update.timeline.events;
            // Only what happened after the bot joined.
            let start = events
                .iter()
                .rposition(|e| is_own_join(e.raw(), &self.me))
                .map_or(0, |i| i + 1);
            if update.timeline.limited {
                tracing::warn!(room = %room_id, "sync gap: older events of this batch were not delivered");
            }
            for event in &events[start..] {
                self.on_event(&room, event.raw()).await;
            }
        }
    }

    async fn on_invites(&self, response: &SyncResponse) {
        for room_id in response.rooms.invited.keys() {
            let Some(room) = self.client.get_room(room_id) else {
                continue;
            };
            if room.state() != RoomState::Invited {
                continue;
            }
            self.on_invite(&room).await;
        }
    }

    async fn on_invite(&self, room: &Room) {
        let inviter = room
            .invite_details()
            .await
            .map(|i| i.inviter_id.to_string())
            .unwrap_or_default();
        if !format::invite_allowed(&self.allowed, &inviter) {
            tracing::info!(room = %room.room_id(), inviter, "invite refused (MATRIX_ALLOWED_SERVERS)");
            if let Err(e) = room.leave().await {
                tracing::warn!(error = %e, "could not decline an invite");
            }
            return;
        }
        let mut delay = Duration::from_millis(500);
        for attempt in 1..=4 {
            match room.join().await {
                Ok(()) => {
                    tracing::info!(room = %room.room_id(), inviter, "joined");
                    break;
                }
                Err(e) if attempt < 4 => {
                    tracing::debug!(error = %e, attempt, "join failed; retrying");
                    tokio::time::sleep(delay).await;
                    delay *= 2;
                }
                Err(e) => {
                    tracing::warn!(error = %e, room = %room.room_id(), "could not join");
                    return;
                }
            }
        }
        if room
            .latest_encryption_state()
            .await
            .is_ok_and(|s| s.is_encrypted())
        {
            self.warn_encrypted(room).await;
        }
    }

    async fn on_event(&self, room: &Room, raw: &Raw<AnySyncTimelineEvent>) {
        let event = match raw.deserialize() {
            Ok(e) => e,
            Err(e) => {
                tracing::debug!(error = %e, "undecodable event skipped");
                return;
            }
        };
        if event.sender() == self.me {
            return;
        }
        match event {
            AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomMessage(
                SyncMessageLikeEvent::Original(m),
            )) => self.on_message(room, &m).await,
            AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomEncrypted(_)) => {
                self.warn_encrypted(room).await;
            }
            // Redacted messages, redactions, reactions, state: nothing to do.
            _ => {}
        }
    }

    async fn warn_encrypted(&self, room: &Room) {
        let first = self
            .warned
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(room.room_id().to_string());
        if first {
            send::notice(room, send::ENCRYPTED_NOTICE).await;
        }
    }

    async fn on_message(&self, room: &Room, m: &OriginalSyncRoomMessageEvent) {
        // Edits would replay a command; ignore them.
        if matches!(m.content.relates_to, Some(Relation::Replacement(_))) {
            return;
        }
        let MessageType::Text(t) = &m.content.msgtype else {
            return;
        };
        let html = t
            .formatted
            .as_ref()
            .filter(|f| f.format == MessageFormat::Html)
            .map(|f| f.body.as_str());
        let input = format::command_text(&t.body, html);
        let place = self.place(room.room_id());
        let parsed = match text::parse(&input) {
            Ok(None) => return,
            Ok(Some(cmd)) => Ok(cmd),
            Err(e) => Err(e),
        };
        if self.already_done(&m.event_id).await {
            tracing::debug!(event = %m.event_id, "handled before a restart; skipped");
            return;
        }
        // The service opens the span of the command (channel, user).
        tracing::debug!(event = %m.event_id, "command");
        let replies = match parsed {
            Err(e) => vec![error_reply(&place, e.code(), e.message())],
            Ok(cmd) => {
                let by = Actor {
                    id: m.sender.to_string(),
                    name: self.display_name(room, &m.sender).await,
                };
                let cmd = self.resolve_mentions(room, cmd).await;
                self.service.handle(&place, &by, cmd).await
            }
        };
        self.mark_done(&m.event_id).await;
        let origin = Origin {
            event_id: m.event_id.clone(),
            sender: m.sender.clone(),
        };
        for reply in &replies {
            self.post(reply, Some(&origin)).await;
        }
    }

    async fn display_name(&self, room: &Room, user: &UserId) -> String {
        match room.get_member(user).await {
            Ok(Some(member)) => member.name().to_string(),
            _ => user.localpart().to_string(),
        }
    }

    /// Turns a mention from the text grammar (`bob:example.org` after the
    /// `@` was stripped, or a bare `bob`) into the Matrix user and their
    /// display name here.
    async fn resolve_actor(&self, room: &Room, actor: Actor) -> Actor {
        let raw = actor.id.trim_start_matches('@');
        let candidate = if raw.contains(':') {
            format!("@{raw}")
        } else {
            let members = room
                .members(RoomMemberships::ACTIVE)
                .await
                .unwrap_or_default();
            let matching: Vec<_> = members
                .iter()
                .filter(|m| {
                    m.user_id().localpart().eq_ignore_ascii_case(raw)
                        || m.display_name().is_some_and(|d| d == raw)
                })
                .collect();
            match matching.as_slice() {
                [one] => one.user_id().to_string(),
                _ => format!("@{raw}:{}", self.me.server_name()),
            }
        };
        match UserId::parse(&candidate) {
            Ok(user) => Actor {
                name: self.display_name(room, &user).await,
                id: user.to_string(),
            },
            Err(_) => actor,
        }
    }

    async fn resolve_mentions(&self, room: &Room, cmd: Command) -> Command {
        match cmd {
            Command::Challenge {
                opponent: Some(o),
                color,
                days,
                fen,
                rules,
            } => Command::Challenge {
                opponent: Some(self.resolve_actor(room, o).await),
                color,
                days,
                fen,
                rules,
            },
            Command::History { user: Some(u) } => Command::History {
                user: Some(self.resolve_actor(room, u).await),
            },
            other => other,
        }
    }
}

/// How long the deadline task sleeps, given the next due time.
fn sleep_for(now: DateTime<Utc>, next_due: Option<DateTime<Utc>>, max: Duration) -> Duration {
    let min = Duration::from_millis(100).min(max);
    next_due.map_or(max, |due| {
        (due - now)
            .to_std()
            .unwrap_or(Duration::ZERO)
            .clamp(min, max)
    })
}

/// Posts due reminders and time-outs into their rooms, forever.
async fn deadline_task(bot: Arc<Bot>, clock: Arc<dyn Clock>, max_sleep: Duration) {
    loop {
        // Only Matrix games; each is acknowledged once posted, so one
        // claimed by a process that died before posting is posted by the
        // next round of any process (see `GameService::claim_due`).
        let claimed = bot.service.claim_due(Some(PLATFORM)).await;
        let full = claimed.len() >= crate::service::DUE_BATCH;
        for due in claimed {
            for reply in &due.replies {
                bot.post(reply, None).await;
            }
            bot.service.ack_due(&due).await;
        }
        if full {
            continue;
        }
        let wait = sleep_for(
            clock.now(),
            bot.service.next_due_for(Some(PLATFORM)).await,
            max_sleep,
        );
        tokio::time::sleep(wait).await;
    }
}

/// Resolves on Ctrl-C or SIGTERM.
async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
