//! The bot's session: the saved login, the sync progress kept in the SDK's
//! store, building the client and logging in.

use std::path::Path;
use std::time::Duration;

use matrix_sdk::authentication::matrix::MatrixSession;
use matrix_sdk::ruma::{OwnedUserId, UserId};
use matrix_sdk::store::StateStoreDataKey;
use matrix_sdk::{Client, SessionMeta, SessionTokens};

use super::*;

pub(super) fn read_session(path: &Path) -> Option<MatrixSession> {
    let text = std::fs::read_to_string(path).ok()?;
    match serde_json::from_str(&text) {
        Ok(s) => Some(s),
        Err(e) => {
            tracing::warn!(error = %e, path = %path.display(), "unreadable session file; logging in again");
            None
        }
    }
}

pub(super) fn write_session(path: &Path, session: &MatrixSession) -> Result<(), MatrixError> {
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
pub(super) fn same_user(session: &UserId, configured: &str) -> bool {
    if configured.starts_with('@') {
        session.as_str() == configured
    } else {
        session.localpart() == configured
    }
}

/// How far the bot got: the `since` token of the next sync, the synced
/// events not handled yet (`queued`, saved together with the `since` that
/// follows them, so syncing goes on while a room is busy and a crash loses
/// none: a restart hands them to their rooms again), and the commands
/// being handled. Saved after every command, so a crash neither loses nor
/// repeats one. (The SDK saves its own token before a batch is handled, so
/// it cannot serve for this.)
#[derive(Clone, Debug, Default, serde::Serialize, serde::Deserialize)]
pub(crate) struct Progress {
    pub(super) since: Option<String>,
    /// Commands handled since the last batch was queued (files written
    /// before the queue existed list the handled events of the batch at
    /// `since`, which is synced again: these are skipped).
    #[serde(default)]
    pub(super) done: Vec<String>,
    /// The commands being handled (one per room at most, as rooms run
    /// concurrently): saved before the service runs one, so a crash before
    /// it is `done` is known on the replay. Such a command is not run again
    /// (its effect may have been committed: a second run could act twice,
    /// as a replayed takeback acceptance becomes a new request); its sender
    /// is asked to check and repeat it. (Older files hold one id or null.)
    #[serde(default, deserialize_with = "one_or_many")]
    pub(super) pending: Vec<String>,
    /// Synced events not yet handled, oldest first.
    #[serde(default)]
    pub(super) queued: Vec<Queued>,
}

/// A synced event waiting for its room's worker.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub(crate) struct Queued {
    pub(super) room: matrix_sdk::ruma::OwnedRoomId,
    pub(super) event: String,
    pub(super) raw: matrix_sdk::ruma::serde::Raw<matrix_sdk::ruma::events::AnySyncTimelineEvent>,
}

/// `null`, one string or a list of strings, as a list.
fn one_or_many<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(serde::Deserialize)]
    #[serde(untagged)]
    enum OneOrMany {
        One(String),
        Many(Vec<String>),
    }
    Ok(
        match <Option<OneOrMany> as serde::Deserialize>::deserialize(d)? {
            None => Vec::new(),
            Some(OneOrMany::One(s)) => vec![s],
            Some(OneOrMany::Many(v)) => v,
        },
    )
}

/// What to do with a command event of the batch in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Begin {
    /// Never seen: run it (it is now pending).
    Run,
    /// Handled before a restart: skip it.
    Done,
    /// Being handled when the process stopped: do not run it again.
    Interrupted,
}

impl Progress {
    /// Starts handling `event`; see [`Begin`].
    pub(crate) fn begin(&mut self, event: &str) -> Begin {
        if self.done.iter().any(|d| d == event) {
            return Begin::Done;
        }
        if let Some(i) = self.pending.iter().position(|p| p == event) {
            self.pending.swap_remove(i);
            self.done.push(event.to_string());
            return Begin::Interrupted;
        }
        self.pending.push(event.to_string());
        Begin::Run
    }

    /// `event` was handled.
    pub(crate) fn finish(&mut self, event: &str) {
        self.pending.retain(|p| p != event);
        self.queued.retain(|q| q.event != event);
        self.done.push(event.to_string());
    }

    /// A synced batch: its events not seen before join the queue (and are
    /// returned, for their rooms), and the next sync starts at `next`.
    pub(crate) fn accept(&mut self, next: String, events: Vec<Queued>) -> Vec<Queued> {
        let fresh: Vec<Queued> = events
            .into_iter()
            .filter(|q| {
                !self.done.contains(&q.event) && !self.queued.iter().any(|o| o.event == q.event)
            })
            .collect();
        self.queued.extend(fresh.iter().cloned());
        self.since = Some(next);
        self.done.clear();
        fresh
    }

    /// `event` leaves the queue (handled, or no command at all); whether
    /// anything changed.
    pub(crate) fn settle(&mut self, event: &str) -> bool {
        let before = self.queued.len() + self.pending.len();
        self.queued.retain(|q| q.event != event);
        self.pending.retain(|p| p != event);
        before != self.queued.len() + self.pending.len()
    }
}

pub(super) fn store_error(e: impl std::fmt::Display) -> MatrixError {
    MatrixError::Store(e.to_string())
}

pub(super) async fn load_progress(client: &Client) -> Result<Progress, MatrixError> {
    let raw = client
        .state_store()
        .get_custom_value(PROGRESS_KEY)
        .await
        .map_err(store_error)?;
    Ok(raw
        .and_then(|bytes| serde_json::from_slice(&bytes).ok())
        .unwrap_or_default())
}

pub(super) async fn save_progress(client: &Client, progress: &Progress) -> Result<(), MatrixError> {
    let bytes = serde_json::to_vec(progress).map_err(store_error)?;
    client
        .state_store()
        .set_custom_value(PROGRESS_KEY, bytes)
        .await
        .map_err(store_error)?;
    Ok(())
}

pub(super) async fn build_client(cfg: &MatrixConfig) -> Result<Client, MatrixError> {
    // One SQLite folder for the SDK's state and its crypto store (the
    // device's keys and the room keys): the device and its keys survive
    // restarts, so players' clients keep trusting it. Room keys go to every
    // device of the room's members, verified or not (the SDK's default
    // `CollectStrategy::AllDevices`): nobody verifies a bot.
    // Encrypted with the store passphrase.
    let passphrase = super::store_secret::store_passphrase(
        cfg.store_passphrase.as_ref().map(|p| p.0.as_str()),
        &cfg.store_path,
        &cfg.store_path.join(STATE_DIR),
    )?;
    let client = Client::builder()
        .homeserver_url(&cfg.homeserver)
        .sqlite_store(cfg.store_path.join(STATE_DIR), passphrase.as_deref())
        .with_encryption_settings(trust::encryption_settings())
        .build()
        .await?;
    // The SDK's new files follow the umask: private too.
    super::store_secret::tighten_quietly(&cfg.store_path);
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
pub(super) async fn connect(cfg: &MatrixConfig) -> Result<Client, MatrixError> {
    // 0700 and 0600, tightened with a warning.
    super::store_secret::secure_store_dir(&cfg.store_path)?;
    let session_path = cfg.store_path.join(SESSION_FILE);
    let mut saved = read_session(&session_path).filter(|s| match &cfg.login {
        Login::Password { user, .. } => same_user(&s.meta.user_id, user),
        Login::AccessToken { token } => s.tokens.access_token == *token,
    });
    let crypto_store = cfg.store_path.join(STATE_DIR).join(CRYPTO_DB);
    if saved.is_some() && !crypto_store.exists() && matches!(cfg.login, Login::Password { .. }) {
        // The device's keys are gone: the old device cannot be used again.
        // A new login makes a new device; the room keys come back from the
        // key backup (MATRIX_RECOVERY_KEY), the sync progress stays.
        tracing::warn!(
            "the Matrix crypto store is missing: logging in as a new device{}",
            if cfg.trust.recovery.is_some() {
                "; its keys are recovered from the key backup"
            } else {
                "; without MATRIX_RECOVERY_KEY what was sent before cannot be read"
            }
        );
        saved = None;
    }
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
pub(super) async fn whoami(
    homeserver: &str,
    token: &str,
) -> Result<(OwnedUserId, String), MatrixError> {
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

#[cfg(test)]
mod progress_tests {
    use super::*;

    /// The progress as a restarted process reads it back.
    fn reloaded(p: &Progress) -> Progress {
        serde_json::from_slice(&serde_json::to_vec(p).unwrap()).unwrap()
    }

    #[test]
    fn a_command_interrupted_by_a_crash_is_not_run_twice() {
        let mut p = Progress::default();
        assert_eq!(p.begin("$a"), Begin::Run);
        p.finish("$a");
        assert_eq!(p.begin("$b"), Begin::Run);
        // The process dies while the service handles $b.
        let mut after = reloaded(&p);
        assert_eq!(after.begin("$a"), Begin::Done);
        assert_eq!(after.begin("$b"), Begin::Interrupted);
        assert_eq!(after.begin("$b"), Begin::Done, "told once");
        assert_eq!(after.begin("$c"), Begin::Run);
    }

    #[test]
    fn progress_saved_before_pending_existed_still_loads() {
        let old: Progress = serde_json::from_str(r#"{"since":"s1","done":["$x"]}"#).unwrap();
        assert!(old.pending.is_empty());
        assert_eq!(old.done, ["$x"]);
        let one: Progress =
            serde_json::from_str(r#"{"since":"s1","done":[],"pending":"$y"}"#).unwrap();
        assert_eq!(one.pending, ["$y"]);
        let none: Progress =
            serde_json::from_str(r#"{"since":"s1","done":[],"pending":null}"#).unwrap();
        assert!(none.pending.is_empty());
    }

    fn queued(room: &str, event: &str) -> Queued {
        Queued {
            room: matrix_sdk::ruma::OwnedRoomId::try_from(room).unwrap(),
            event: event.to_string(),
            raw: matrix_sdk::ruma::serde::Raw::from_json_string(format!(
                r#"{{"type":"m.room.message","event_id":"{event}","sender":"@a:x","origin_server_ts":1,"content":{{"msgtype":"m.text","body":"!chess board"}}}}"#
            ))
            .unwrap(),
        }
    }

    #[test]
    fn a_synced_batch_is_queued_with_its_next_token_and_survives_a_restart() {
        let mut p = Progress::default();
        let fresh = p.accept(
            "s2".into(),
            vec![
                queued("!r1:x", "$a"),
                queued("!r2:x", "$b"),
                queued("!r1:x", "$c"),
            ],
        );
        assert_eq!(fresh.len(), 3);
        assert_eq!(p.since.as_deref(), Some("s2"));
        // Room 1 handles $a while room 2 is still busy with $b.
        assert_eq!(p.begin("$a"), Begin::Run);
        p.finish("$a");
        assert_eq!(p.begin("$b"), Begin::Run);
        // The next batch is taken while $b and $c wait.
        let more = p.accept("s3".into(), vec![queued("!r1:x", "$d")]);
        assert_eq!(more.len(), 1);
        // A crash now: the restart resumes from s3 with $b, $c and $d.
        let mut after = reloaded(&p);
        assert_eq!(after.since.as_deref(), Some("s3"));
        let left: Vec<&str> = after.queued.iter().map(|q| q.event.as_str()).collect();
        assert_eq!(left, ["$b", "$c", "$d"]);
        assert_eq!(after.begin("$b"), Begin::Interrupted, "not run twice");
        assert!(after.settle("$b"));
        assert_eq!(after.begin("$c"), Begin::Run);
        after.finish("$c");
        assert!(!after.settle("$c"), "already gone");
        // A batch synced again holds nothing new.
        assert!(
            after
                .accept("s3".into(), vec![queued("!r1:x", "$d")])
                .is_empty()
        );
    }

    #[test]
    fn a_progress_file_without_a_queue_skips_what_it_handled() {
        let mut old: Progress = serde_json::from_str(r#"{"since":"s1","done":["$x"]}"#).unwrap();
        let fresh = old.accept(
            "s2".into(),
            vec![queued("!r:x", "$x"), queued("!r:x", "$y")],
        );
        let ids: Vec<&str> = fresh.iter().map(|q| q.event.as_str()).collect();
        assert_eq!(ids, ["$y"]);
    }

    #[test]
    fn commands_of_several_rooms_in_flight_at_a_crash_are_each_not_rerun() {
        let mut p = Progress::default();
        assert_eq!(p.begin("$room1"), Begin::Run);
        assert_eq!(p.begin("$room2"), Begin::Run);
        p.finish("$room1");
        assert_eq!(p.begin("$room1b"), Begin::Run);
        let mut after = reloaded(&p);
        assert_eq!(after.begin("$room1"), Begin::Done);
        assert_eq!(after.begin("$room2"), Begin::Interrupted);
        assert_eq!(after.begin("$room1b"), Begin::Interrupted);
        assert_eq!(after.begin("$room3"), Begin::Run);
    }
}
