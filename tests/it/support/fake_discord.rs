//! A small fake Discord for end-to-end tests of the Discord adapter through
//! the real serenity/poise stack, on 127.0.0.1 only (ports chosen by the
//! system).
//!
//! - REST (`http://127.0.0.1:PORT/api/v10/...`, reached through serenity's
//!   `HttpBuilder::proxy`): a tiny HTTP/1.1 server on tokio (keep-alive,
//!   `Content-Length` and chunked bodies, JSON and `multipart/form-data`
//!   with `payload_json` and `files[n]`). Every call is recorded with its
//!   JSON body and attachments. It answers gateway discovery (`/gateway`,
//!   `/gateway/bot`, always with the fake gateway's `ws://` address), the
//!   current user and application, command registration (global and
//!   guild), interaction callbacks (types 4, 5, 6, 7, 8), follow-ups and
//!   edits or deletions of the original response (`/webhooks/...`),
//!   channel messages (create, edit, get), channels (get, edit, delete),
//!   threads (create) and direct-message channels (`POST
//!   /users/@me/channels`; messages to a user who refuses DMs get
//!   Discord's 403 with code 50007). Unknown routes get Discord's 404 JSON; a wrong
//!   `Authorization` header gets 401; a second answer to one interaction
//!   gets Discord's 40060 error.
//! - Who gets notified, as on Discord: a user mentioned (`<@id>`, allowed
//!   by `allowed_mentions`) in a message that is *created* (an interaction
//!   response of type 4, a follow-up, a channel message), and the recipient
//!   of a direct message. Never for an edit, an ephemeral message, or the
//!   first follow-up of a deferred response (which fills in the "thinking"
//!   message: an edit; discord/discord-api-docs#4140, #5497). See
//!   [`FakeDiscord::notifications`].
//! - Rate limits on demand ([`FakeDiscord::rate_limit_every`]): every n-th
//!   message-bearing call (follow-ups, channel messages, DM opens) is
//!   answered 429 with Discord's `retry_after` body and changes nothing.
//! - Threads: a thread archived by Discord ([`FakeDiscord::archive_thread`])
//!   sends THREAD_UPDATE; users cannot run commands in an archived thread
//!   (the fake's `slash` refuses to send one, as Discord's client does).
//! - Gateway (`ws://127.0.0.1:PORT/?v=10`): HELLO, IDENTIFY -> READY (bot
//!   user, application id, one unavailable guild), heartbeat ACKs, RESUME
//!   of the last session (the dispatches it missed are replayed, then
//!   RESUMED; an unknown session gets INVALID_SESSION), a dropped
//!   connection on demand ([`FakeDiscord::drop_gateway`]), and
//!   INTERACTION_CREATE dispatches built
//!   by the test from Discord's documented payload shapes (slash command
//!   with a subcommand and options, autocomplete with a focused option,
//!   button click on a stored message).
//!
//! Messages the bot creates (interaction responses, follow-ups, channel
//! messages) are kept with ids, so a test clicks the buttons of a real
//! message the bot sent.

#![allow(dead_code)]

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message as WsMessage;

/// Every wait of a test on the fake gives up after this long.
pub const WAIT: Duration = Duration::from_secs(20);

/// The bot's application id (also its user id, as on Discord).
pub const APP_ID: u64 = 1_100_000_000_000_000_001;
/// The one server.
pub const GUILD_ID: u64 = 1_100_000_000_000_000_100;
/// A text channel of that server.
pub const CHANNEL_ID: u64 = 1_100_000_000_000_000_200;
/// Interval the fake asks heartbeats at (short, so tests see some).
pub const HEARTBEAT_MS: u64 = 1_000;
/// Interaction flag: only the caller sees the message.
pub const EPHEMERAL: u64 = 64;
/// A fixed timestamp for the objects the fake makes.
const TIMESTAMP: &str = "2026-01-01T00:00:00.000000+00:00";

/// A Discord user of the tests.
#[derive(Clone, Copy, Debug)]
pub struct Who {
    pub id: u64,
    pub name: &'static str,
}

/// One part of a `multipart/form-data` body that carried a file.
#[derive(Clone, Debug)]
pub struct FilePart {
    /// The form field (`files[0]`, ...).
    pub field: String,
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

/// One REST call the bot made.
#[derive(Clone, Debug)]
pub struct RestCall {
    /// Position in the log.
    pub seq: usize,
    pub method: String,
    /// The path without `/api/v10` (e.g. `/channels/5/messages`).
    pub route: String,
    pub query: String,
    pub authorization: Option<String>,
    /// The JSON body, or the `payload_json` part of a multipart body.
    pub json: Option<Value>,
    /// Files of a multipart body.
    pub files: Vec<FilePart>,
    /// Whether the body was multipart.
    pub multipart: bool,
    /// The status the fake answered.
    pub status: u16,
}

impl RestCall {
    /// `METHOD /route`, for messages.
    #[must_use]
    pub fn line(&self) -> String {
        format!("{} {} -> {}", self.method, self.route, self.status)
    }

    /// The JSON body or `Value::Null`.
    #[must_use]
    pub fn body(&self) -> &Value {
        self.json.as_ref().unwrap_or(&Value::Null)
    }

    /// The `data` of an interaction callback (or the body itself).
    #[must_use]
    pub fn message_data(&self) -> &Value {
        let b = self.body();
        if b.get("type").is_some() && b.get("data").is_some() {
            &b["data"]
        } else {
            b
        }
    }
}

/// An interaction the fake dispatched.
#[derive(Clone, Debug)]
pub struct Sent {
    pub id: u64,
    pub token: String,
    pub channel: u64,
}

impl Sent {
    /// The callback route of this interaction.
    #[must_use]
    pub fn callback_route(&self) -> String {
        format!("/interactions/{}/{}/callback", self.id, self.token)
    }

    /// The webhook routes (follow-ups, edits) of this interaction start so.
    #[must_use]
    pub fn webhook_route(&self) -> String {
        format!("/webhooks/{APP_ID}/{}", self.token)
    }

    /// Whether `call` answers this interaction (callback, follow-up, edit).
    #[must_use]
    pub fn owns(&self, call: &RestCall) -> bool {
        call.route == self.callback_route() || call.route.starts_with(&self.webhook_route())
    }
}

/// Someone Discord notified: mentioned in a created message, or sent a
/// direct message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    pub user: u64,
    pub message: u64,
    pub channel: u64,
    /// The message's text when it was created.
    pub content: String,
}

struct Interaction {
    channel: u64,
    answered: bool,
    /// The message of the response, once there is one.
    original: Option<u64>,
    /// The message a component was clicked on.
    clicked: Option<u64>,
}

#[derive(Default)]
struct Inner {
    calls: Vec<RestCall>,
    identifies: Vec<Value>,
    heartbeats: usize,
    /// The live gateway session: its id and outgoing queue.
    gateway: Option<(u64, mpsc::UnboundedSender<WsMessage>)>,
    seq: u64,
    channels: HashMap<u64, Value>,
    messages: HashMap<u64, Value>,
    /// Message ids in creation order.
    message_order: Vec<u64>,
    interactions: HashMap<String, Interaction>,
    /// Registered commands: name -> id.
    commands: HashMap<String, u64>,
    users: HashMap<u64, Who>,
    /// Refuse thread creation (the bot lacks the permission).
    forbid_threads: bool,
    /// Direct-message channels: recipient -> channel.
    dms: HashMap<u64, u64>,
    /// Users whose direct messages are refused (DMs closed).
    refuse_dms: HashSet<u64>,
    /// Who was notified of what, in order.
    notifications: Vec<Notification>,
    /// Answer every n-th message-bearing call with 429 (0: never).
    rate_limit_every: usize,
    /// Message-bearing calls seen while rate limiting.
    rate_limit_count: usize,
    /// Calls answered 429.
    rate_limited: usize,
    /// The last gateway session's id and its dispatches (`s`, frame), kept
    /// for a RESUME.
    session: Option<(String, Vec<(u64, String)>)>,
    /// RESUMEs that were accepted.
    resumes: usize,
}

/// The bot's permissions in every channel, as Discord sends them.
const BOT_PERMISSIONS: u64 = 2_248_473_465_835_073;
/// CREATE_PUBLIC_THREADS and CREATE_PRIVATE_THREADS, which
/// [`FakeDiscord::forbid_threads`] takes away.
const THREAD_PERMISSIONS: u64 = (1 << 35) | (1 << 36);

impl Inner {
    /// The bot's permissions (a decimal string, as Discord writes them).
    fn app_permissions(&self) -> String {
        let p = if self.forbid_threads {
            BOT_PERMISSIONS & !THREAD_PERMISSIONS
        } else {
            BOT_PERMISSIONS
        };
        p.to_string()
    }
}

struct State {
    token: String,
    ws_url: String,
    ids: AtomicU64,
    inner: Mutex<Inner>,
    changed: watch::Sender<u64>,
}

impl State {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn bump(&self) {
        self.changed.send_modify(|v| *v += 1);
    }

    fn id(&self) -> u64 {
        self.ids.fetch_add(1, Ordering::Relaxed)
    }
}

/// The fake Discord; stops its servers when dropped.
pub struct FakeDiscord {
    /// Base URL for serenity's proxy setting (`http://127.0.0.1:PORT`).
    pub http_url: String,
    /// The gateway address the fake hands out.
    pub ws_url: String,
    state: Arc<State>,
    tasks: Vec<JoinHandle<()>>,
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

/// The bot user.
pub fn bot_user() -> Value {
    json!({
        "id": APP_ID.to_string(),
        "username": "chessbot",
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": true,
        "verified": true,
        "mfa_enabled": false,
        "flags": 0,
        "public_flags": 0,
    })
}

/// A user object.
pub fn user_json(who: Who) -> Value {
    json!({
        "id": who.id.to_string(),
        "username": who.name,
        "discriminator": "0",
        "global_name": who.name,
        "avatar": null,
        "public_flags": 0,
    })
}

/// A guild member object with the user inside (as in interactions).
pub fn member_json(who: Who) -> Value {
    json!({
        "user": user_json(who),
        "nick": null,
        "avatar": null,
        "roles": [],
        "joined_at": TIMESTAMP,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
        "permissions": "2248473465835073",
    })
}

fn text_channel(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "type": 0,
        "guild_id": GUILD_ID.to_string(),
        "name": name,
        "position": 0,
        "permission_overwrites": [],
        "nsfw": false,
        "parent_id": null,
        "topic": null,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "flags": 0,
    })
}

fn thread_channel(id: u64, parent: u64, name: &str, kind: u64) -> Value {
    json!({
        "id": id.to_string(),
        "type": kind,
        "guild_id": GUILD_ID.to_string(),
        "parent_id": parent.to_string(),
        "owner_id": APP_ID.to_string(),
        "name": name,
        "last_message_id": null,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "flags": 0,
        "total_message_sent": 0,
        "thread_metadata": {
            "archived": false,
            "auto_archive_duration": 10080,
            "archive_timestamp": TIMESTAMP,
            "locked": false,
            "create_timestamp": TIMESTAMP,
        },
    })
}

fn dm_channel(id: u64, recipient: &Value) -> Value {
    json!({
        "id": id.to_string(),
        "type": 1,
        "last_message_id": null,
        "recipients": [recipient],
        "flags": 0,
    })
}

fn error(status: u16, code: u64, message: &str) -> (u16, Option<Value>) {
    (status, Some(json!({ "message": message, "code": code })))
}

impl FakeDiscord {
    /// Starts the fake; `token` is the bot token the bot must present.
    ///
    /// # Panics
    /// If it cannot listen on 127.0.0.1.
    pub async fn start(token: &str) -> FakeDiscord {
        let http = TcpListener::bind("127.0.0.1:0").await.expect("bind REST");
        let ws = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway");
        let http_url = format!("http://{}", http.local_addr().expect("REST address"));
        let ws_url = format!("ws://{}", ws.local_addr().expect("gateway address"));
        let (changed, _) = watch::channel(0);
        let mut inner = Inner::default();
        inner
            .channels
            .insert(CHANNEL_ID, text_channel(CHANNEL_ID, "chess"));
        let state = Arc::new(State {
            token: format!("Bot {token}"),
            ws_url: ws_url.clone(),
            ids: AtomicU64::new(1_200_000_000_000_000_000),
            inner: Mutex::new(inner),
            changed,
        });
        let tasks = vec![
            tokio::spawn(serve_rest(http, Arc::clone(&state))),
            tokio::spawn(serve_gateway(ws, Arc::clone(&state))),
        ];
        FakeDiscord {
            http_url,
            ws_url,
            state,
            tasks,
        }
    }

    /// Adds an announcement channel (type 5) named `name`.
    pub fn add_announcement_channel(&self, id: u64, name: &str) {
        let mut c = text_channel(id, name);
        c["type"] = json!(5);
        self.state.lock().channels.insert(id, c);
        self.state.bump();
    }

    /// Makes thread creation fail as without the permission.
    pub fn forbid_threads(&self, forbid: bool) {
        self.state.lock().forbid_threads = forbid;
    }

    /// Adds another text channel to the server.
    pub fn add_text_channel(&self, id: u64, name: &str) {
        self.state
            .lock()
            .channels
            .insert(id, text_channel(id, name));
    }

    /// Makes messages to `user`'s DM channel fail as when they closed
    /// their direct messages (403, code 50007).
    pub fn refuse_dms(&self, user: u64, refuse: bool) {
        let mut inner = self.state.lock();
        if refuse {
            inner.refuse_dms.insert(user);
        } else {
            inner.refuse_dms.remove(&user);
        }
    }

    /// The DM channel the bot opened with `user`, if any.
    #[must_use]
    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        self.state.lock().dms.get(&user).copied()
    }

    /// Everyone Discord notified so far, in order.
    #[must_use]
    pub fn notifications(&self) -> Vec<Notification> {
        self.state.lock().notifications.clone()
    }

    /// Answers every `n`-th message-bearing call (follow-ups, channel and
    /// direct messages, DM opens) with 429 from now on; 0 stops.
    pub fn rate_limit_every(&self, n: usize) {
        let mut inner = self.state.lock();
        inner.rate_limit_every = n;
        inner.rate_limit_count = 0;
    }

    /// How many calls were answered 429.
    #[must_use]
    pub fn rate_limited(&self) -> usize {
        self.state.lock().rate_limited
    }

    /// How many RESUMEs the gateway accepted.
    #[must_use]
    pub fn resumes(&self) -> usize {
        self.state.lock().resumes
    }

    /// Archives a thread as Discord does after a week without messages,
    /// and tells the bot (THREAD_UPDATE).
    pub fn archive_thread(&self, thread: u64) {
        let updated = {
            let mut inner = self.state.lock();
            let Some(c) = inner.channels.get_mut(&thread) else {
                panic!("no thread {thread}");
            };
            c["thread_metadata"]["archived"] = json!(true);
            c.clone()
        };
        self.dispatch("THREAD_UPDATE", updated);
    }

    /// Whether `thread` is archived.
    #[must_use]
    pub fn is_archived(&self, thread: u64) -> bool {
        self.state
            .lock()
            .channels
            .get(&thread)
            .is_some_and(|c| c["thread_metadata"]["archived"] == json!(true))
    }

    /// Closes the gateway connection with an unclean close (4000), as
    /// Discord does now and then; the bot should RESUME, and receives the
    /// dispatches sent meanwhile.
    pub fn drop_gateway(&self) {
        // Dispatches from now on wait for the RESUME.
        let live = self.state.lock().gateway.take();
        if let Some((_, tx)) = live {
            let frame = tokio_tungstenite::tungstenite::protocol::CloseFrame {
                code: 4000.into(),
                reason: "unknown error".into(),
            };
            let _ = tx.send(WsMessage::Close(Some(frame)));
        }
    }

    /// Every REST call so far.
    #[must_use]
    pub fn calls(&self) -> Vec<RestCall> {
        self.state.lock().calls.clone()
    }

    /// IDENTIFY payloads received.
    #[must_use]
    pub fn identifies(&self) -> Vec<Value> {
        self.state.lock().identifies.clone()
    }

    /// Heartbeats received (and acknowledged).
    #[must_use]
    pub fn heartbeats(&self) -> usize {
        self.state.lock().heartbeats
    }

    /// A message the bot made, by id.
    #[must_use]
    pub fn message(&self, id: u64) -> Option<Value> {
        self.state.lock().messages.get(&id).cloned()
    }

    /// Messages the bot made in `channel`, oldest first.
    #[must_use]
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        let inner = self.state.lock();
        inner
            .message_order
            .iter()
            .filter_map(|id| inner.messages.get(id))
            .filter(|m| m["channel_id"] == json!(channel.to_string()))
            .cloned()
            .collect()
    }

    /// A channel the fake knows.
    #[must_use]
    pub fn channel(&self, id: u64) -> Option<Value> {
        self.state.lock().channels.get(&id).cloned()
    }

    /// Waits until `check` finds something in the fake's state.
    ///
    /// # Panics
    /// After [`WAIT`], listing the REST calls seen.
    pub async fn wait_for<T>(
        &self,
        what: &str,
        mut check: impl FnMut(&FakeView<'_>) -> Option<T>,
    ) -> T {
        let mut rx = self.state.changed.subscribe();
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            {
                let inner = self.state.lock();
                if let Some(found) = check(&FakeView { inner: &inner }) {
                    return found;
                }
            }
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() || tokio::time::timeout(left, rx.changed()).await.is_err() {
                let calls: Vec<String> = self.calls().iter().map(RestCall::line).collect();
                panic!("timed out after {WAIT:?} waiting for {what}; REST calls: {calls:#?}");
            }
        }
    }

    /// Waits for the first REST call after `since` matching `f`.
    pub async fn wait_call(
        &self,
        what: &str,
        since: usize,
        f: impl Fn(&RestCall) -> bool,
    ) -> RestCall {
        self.wait_for(what, |v| {
            v.inner.calls.iter().skip(since).find(|c| f(c)).cloned()
        })
        .await
    }

    /// Number of REST calls so far (a mark for [`Self::wait_call`]).
    #[must_use]
    pub fn mark(&self) -> usize {
        self.state.lock().calls.len()
    }

    /// Waits until `n` sessions have been identified and are live.
    pub async fn wait_sessions(&self, n: usize) {
        self.wait_for(&format!("gateway session {n}"), |v| {
            (v.inner.identifies.len() >= n && v.inner.gateway.is_some()).then_some(())
        })
        .await;
    }

    /// Waits until no gateway session is live.
    pub async fn wait_disconnected(&self) {
        self.wait_for("the gateway session to close", |v| {
            v.inner.gateway.is_none().then_some(())
        })
        .await;
    }

    /// The id of a registered command (a made-up one before registration,
    /// for payload checks without a bot).
    fn command_id(&self, name: &str) -> u64 {
        self.state
            .lock()
            .commands
            .get(name)
            .copied()
            .unwrap_or(1_100_000_000_000_000_300)
    }

    fn base_interaction(&self, kind: u64, channel: u64, who: Who, data: Value) -> (Sent, Value) {
        let id = self.state.id();
        let token = format!("itoken-{id}");
        let (channel_obj, permissions) = {
            let mut inner = self.state.lock();
            inner.users.insert(who.id, who);
            inner.interactions.insert(
                token.clone(),
                Interaction {
                    channel,
                    answered: false,
                    original: None,
                    clicked: None,
                },
            );
            (
                inner.channels.get(&channel).cloned(),
                inner.app_permissions(),
            )
        };
        let partial = channel_obj.map(|c| {
            json!({
                "id": c["id"],
                "type": c["type"],
                "name": c["name"],
                "guild_id": GUILD_ID.to_string(),
                "parent_id": c["parent_id"],
                "permissions": permissions,
            })
        });
        let payload = json!({
            "id": id.to_string(),
            "application_id": APP_ID.to_string(),
            "type": kind,
            "data": data,
            "guild_id": GUILD_ID.to_string(),
            "channel": partial,
            "channel_id": channel.to_string(),
            "member": member_json(who),
            "token": token,
            "version": 1,
            "app_permissions": permissions,
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": { "0": GUILD_ID.to_string() },
            "context": 0,
            "attachment_size_limit": 10_485_760,
        });
        (Sent { id, token, channel }, payload)
    }

    /// The `data` of `/chess <sub>` with `options` (each `{type, name,
    /// value}`, user options resolved from `users`).
    fn chess_data(&self, sub: &str, options: Vec<Value>, users: &[Who]) -> Value {
        let mut resolved_users = serde_json::Map::new();
        let mut resolved_members = serde_json::Map::new();
        for u in users {
            resolved_users.insert(u.id.to_string(), user_json(*u));
            let mut m = member_json(*u);
            if let Some(o) = m.as_object_mut() {
                o.remove("user");
            }
            resolved_members.insert(u.id.to_string(), m);
        }
        json!({
            "id": self.command_id("chess").to_string(),
            "name": "chess",
            "type": 1,
            "guild_id": GUILD_ID.to_string(),
            "options": [{ "type": 1, "name": sub, "options": options }],
            "resolved": { "users": resolved_users, "members": resolved_members },
        })
    }

    /// Dispatches the user context menu command `name` by `who` on
    /// `target` (right click on a user, Apps, `name`).
    pub fn user_menu(&self, channel: u64, who: Who, name: &str, target: Who) -> Sent {
        let mut member = member_json(target);
        if let Some(o) = member.as_object_mut() {
            o.remove("user");
        }
        let data = json!({
            "id": self.command_id(name).to_string(),
            "name": name,
            "type": 2,
            "guild_id": GUILD_ID.to_string(),
            "target_id": target.id.to_string(),
            "resolved": {
                "users": { target.id.to_string(): user_json(target) },
                "members": { target.id.to_string(): member },
            },
        });
        let (sent, payload) = self.base_interaction(2, channel, who, data);
        self.dispatch("INTERACTION_CREATE", payload);
        sent
    }

    /// The INTERACTION_CREATE payload of `/chess <sub> options...` by `who`
    /// in `channel` (not sent).
    pub fn slash_payload(
        &self,
        channel: u64,
        who: Who,
        sub: &str,
        options: Vec<Value>,
        users: &[Who],
    ) -> (Sent, Value) {
        let data = self.chess_data(sub, options, users);
        self.base_interaction(2, channel, who, data)
    }

    /// Dispatches `/chess <sub> options...` by `who` in `channel`.
    pub fn slash(
        &self,
        channel: u64,
        who: Who,
        sub: &str,
        options: Vec<Value>,
        users: &[Who],
    ) -> Sent {
        assert!(
            !self.is_archived(channel),
            "Discord does not let users run application commands in an archived thread"
        );
        let (sent, payload) = self.slash_payload(channel, who, sub, options, users);
        self.dispatch("INTERACTION_CREATE", payload);
        sent
    }

    /// The payload of an autocomplete request for option `option` of
    /// `/chess <sub>` with `typed` so far (not sent).
    pub fn autocomplete_payload(
        &self,
        channel: u64,
        who: Who,
        sub: &str,
        option: &str,
        typed: &str,
    ) -> (Sent, Value) {
        let focused = json!({ "type": 3, "name": option, "value": typed, "focused": true });
        let data = self.chess_data(sub, vec![focused], &[]);
        self.base_interaction(4, channel, who, data)
    }

    /// Dispatches an autocomplete request.
    pub fn autocomplete(
        &self,
        channel: u64,
        who: Who,
        sub: &str,
        option: &str,
        typed: &str,
    ) -> Sent {
        let (sent, payload) = self.autocomplete_payload(channel, who, sub, option, typed);
        self.dispatch("INTERACTION_CREATE", payload);
        sent
    }

    /// The payload of a click by `who` on the button `custom_id` of
    /// `message` (not sent).
    ///
    /// # Panics
    /// If the bot never made that message.
    pub fn click_payload(&self, who: Who, message: u64, custom_id: &str) -> (Sent, Value) {
        let msg = self.message(message).expect("a message the bot made");
        let channel: u64 = msg["channel_id"]
            .as_str()
            .and_then(|c| c.parse().ok())
            .expect("message channel");
        let data = json!({ "custom_id": custom_id, "component_type": 2 });
        let (sent, mut payload) = self.base_interaction(3, channel, who, data);
        payload["message"] = msg;
        if let Some(i) = self.state.lock().interactions.get_mut(&sent.token) {
            i.clicked = Some(message);
        }
        (sent, payload)
    }

    /// Dispatches a click.
    pub fn click(&self, who: Who, message: u64, custom_id: &str) -> Sent {
        let (sent, payload) = self.click_payload(who, message, custom_id);
        self.dispatch("INTERACTION_CREATE", payload);
        sent
    }

    /// The READY payload's `d` the fake sends.
    #[must_use]
    pub fn ready_payload(&self) -> Value {
        ready_data(&self.state, 1, &json!([0, 1]))
    }

    /// Sends a dispatch on the gateway session (kept for a RESUME when the
    /// connection is down).
    ///
    /// # Panics
    /// Before the first IDENTIFY.
    pub fn dispatch(&self, event: &str, d: Value) {
        let mut inner = self.state.lock();
        inner.seq += 1;
        let seq = inner.seq;
        let frame = json!({ "op": 0, "t": event, "s": seq, "d": d }).to_string();
        let Some((_, log)) = inner.session.as_mut() else {
            panic!("no gateway session");
        };
        log.push((seq, frame.clone()));
        // Without a live connection the dispatch waits for the RESUME.
        if let Some((_, tx)) = inner.gateway.as_ref() {
            let _ = tx.send(WsMessage::Text(frame));
        }
    }
}

/// Read access to the fake's state inside [`FakeDiscord::wait_for`].
pub struct FakeView<'a> {
    inner: &'a Inner,
}

impl FakeView<'_> {
    /// The response message of an interaction once it is final (not the
    /// "thinking" placeholder of a deferred response).
    #[must_use]
    pub fn answer(&self, sent: &Sent) -> Option<&Value> {
        let id = self.inner.interactions.get(&sent.token)?.original?;
        let m = self.inner.messages.get(&id)?;
        (m["flags"].as_u64().unwrap_or(0) & 128 == 0).then_some(m)
    }

    #[must_use]
    pub fn calls(&self) -> &[RestCall] {
        &self.inner.calls
    }

    /// A message the bot made, by id.
    #[must_use]
    pub fn message(&self, id: u64) -> Option<&Value> {
        self.inner.messages.get(&id)
    }

    /// The DM channel the bot opened with `user`, if any.
    #[must_use]
    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        self.inner.dms.get(&user).copied()
    }

    /// Every channel the fake knows (threads included).
    #[must_use]
    pub fn channels(&self) -> Vec<&Value> {
        self.inner.channels.values().collect()
    }

    /// Everyone Discord notified so far, in order.
    #[must_use]
    pub fn notifications(&self) -> &[Notification] {
        &self.inner.notifications
    }

    /// Whether `thread` is archived.
    #[must_use]
    pub fn is_archived(&self, thread: u64) -> bool {
        self.inner
            .channels
            .get(&thread)
            .is_some_and(|c| c["thread_metadata"]["archived"] == json!(true))
    }

    /// Messages the bot made in `channel`, oldest first.
    #[must_use]
    pub fn messages_in(&self, channel: u64) -> Vec<&Value> {
        self.inner
            .message_order
            .iter()
            .filter_map(|id| self.inner.messages.get(id))
            .filter(|m| m["channel_id"] == json!(channel.to_string()))
            .collect()
    }
}

// The REST API.

async fn serve_rest(listener: TcpListener, state: Arc<State>) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(rest_connection(stream, Arc::clone(&state)));
    }
}

struct Request {
    method: String,
    target: String,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Request {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

/// Reads more bytes into `buf`; `false` at end of stream.
async fn fill(stream: &mut TcpStream, buf: &mut Vec<u8>) -> bool {
    let mut chunk = [0u8; 16 * 1024];
    match stream.read(&mut chunk).await {
        Ok(0) | Err(_) => false,
        Ok(n) => {
            buf.extend_from_slice(&chunk[..n]);
            true
        }
    }
}

/// Reads one request (HTTP/1.1, `Content-Length` or chunked body).
async fn read_request(stream: &mut TcpStream, buf: &mut Vec<u8>) -> Option<Request> {
    let head_end = loop {
        if let Some(i) = find(buf, b"\r\n\r\n") {
            break i;
        }
        if !fill(stream, buf).await {
            return None;
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    buf.drain(..head_end + 4);
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let method = first.next()?.to_owned();
    let target = first.next()?.to_owned();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let mut req = Request {
        method,
        target,
        headers,
        body: Vec::new(),
    };
    if let Some(len) = req
        .header("content-length")
        .and_then(|v| v.parse::<usize>().ok())
    {
        while buf.len() < len {
            if !fill(stream, buf).await {
                return None;
            }
        }
        req.body = buf.drain(..len).collect();
    } else if req
        .header("transfer-encoding")
        .is_some_and(|v| v.eq_ignore_ascii_case("chunked"))
    {
        loop {
            let line_end = loop {
                if let Some(i) = find(buf, b"\r\n") {
                    break i;
                }
                if !fill(stream, buf).await {
                    return None;
                }
            };
            let size_text = String::from_utf8_lossy(&buf[..line_end]).into_owned();
            let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
            buf.drain(..line_end + 2);
            while buf.len() < size + 2 {
                if !fill(stream, buf).await {
                    return None;
                }
            }
            req.body.extend(buf.drain(..size));
            buf.drain(..2);
            if size == 0 {
                break;
            }
        }
    }
    Some(req)
}

async fn rest_connection(mut stream: TcpStream, state: Arc<State>) {
    let mut buf = Vec::new();
    while let Some(req) = read_request(&mut stream, &mut buf).await {
        let (status, body) = handle(&state, &req);
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let reason = match status {
            200 => "OK",
            201 => "Created",
            204 => "No Content",
            400 => "Bad Request",
            401 => "Unauthorized",
            403 => "Forbidden",
            404 => "Not Found",
            _ => "Status",
        };
        let mut out = format!("HTTP/1.1 {status} {reason}\r\n");
        if status != 204 {
            out.push_str("content-type: application/json\r\n");
            out.push_str(&format!("content-length: {}\r\n", body.len()));
        }
        out.push_str("\r\n");
        if status != 204 {
            out.push_str(&body);
        }
        if stream.write_all(out.as_bytes()).await.is_err() {
            return;
        }
        state.bump();
    }
}

/// Splits a `multipart/form-data` body into the JSON payload and files.
fn parse_multipart(body: &[u8], boundary: &str) -> (Option<Value>, Vec<FilePart>) {
    let delim = format!("--{boundary}");
    let mut json = None;
    let mut files = Vec::new();
    let mut rest = body;
    let mut parts = Vec::new();
    while let Some(start) = find(rest, delim.as_bytes()) {
        rest = &rest[start + delim.len()..];
        if rest.starts_with(b"--") {
            break;
        }
        let end = find(rest, delim.as_bytes()).unwrap_or(rest.len());
        parts.push(&rest[..end]);
    }
    for part in parts {
        let part = part.strip_prefix(b"\r\n").unwrap_or(part);
        let Some(head_end) = find(part, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&part[..head_end]).into_owned();
        let mut content = &part[head_end + 4..];
        content = content.strip_suffix(b"\r\n").unwrap_or(content);
        let mut name = String::new();
        let mut filename = None;
        let mut content_type = None;
        for line in head.split("\r\n") {
            let (k, v) = line.split_once(':').unwrap_or((line, ""));
            if k.eq_ignore_ascii_case("content-disposition") {
                for attr in v.split(';').map(str::trim) {
                    if let Some(n) = attr.strip_prefix("name=") {
                        name = n.trim_matches('"').to_owned();
                    } else if let Some(f) = attr.strip_prefix("filename=") {
                        filename = Some(f.trim_matches('"').to_owned());
                    }
                }
            } else if k.eq_ignore_ascii_case("content-type") {
                content_type = Some(v.trim().to_owned());
            }
        }
        if name == "payload_json" {
            json = serde_json::from_slice(content).ok();
        } else if let Some(filename) = filename {
            files.push(FilePart {
                field: name,
                filename,
                content_type,
                bytes: content.to_vec(),
            });
        }
    }
    (json, files)
}

fn handle(state: &State, req: &Request) -> (u16, Option<Value>) {
    let (path, query) = req
        .target
        .split_once('?')
        .map_or((req.target.as_str(), ""), |(p, q)| (p, q));
    let route = path.strip_prefix("/api/v10").unwrap_or(path).to_owned();
    let content_type = req.header("content-type").unwrap_or_default().to_owned();
    let (json, files, multipart) = if let Some(b) = content_type
        .split(';')
        .map(str::trim)
        .find_map(|a| a.strip_prefix("boundary="))
        .filter(|_| content_type.starts_with("multipart/form-data"))
    {
        let (j, f) = parse_multipart(&req.body, b.trim_matches('"'));
        (j, f, true)
    } else if req.body.is_empty() {
        (None, Vec::new(), false)
    } else {
        (serde_json::from_slice(&req.body).ok(), Vec::new(), false)
    };
    let mut call = RestCall {
        seq: 0,
        method: req.method.clone(),
        route,
        query: query.to_owned(),
        authorization: req.header("authorization").map(str::to_owned),
        json,
        files,
        multipart,
        status: 0,
    };
    let mut inner = state.lock();
    let (status, body) = if !path.starts_with("/api/v10/") {
        error(404, 0, "404: Not Found")
    } else if !(call.method == "GET" && call.route == "/gateway")
        && call.authorization.as_deref() != Some(state.token.as_str())
    {
        error(401, 0, "401: Unauthorized")
    } else if let Some(long) = overlong_description(&call) {
        // Discord refuses alt text over 1,024 characters.
        error(
            400,
            50035,
            &format!("Invalid Form Body: attachment description of {long} characters"),
        )
    } else if rate_limited(&mut inner, &call) {
        (
            429,
            Some(
                json!({ "message": "You are being rate limited.", "retry_after": 0.2, "global": false }),
            ),
        )
    } else {
        answer_rest(state, &mut inner, &call)
    };
    call.status = status;
    call.seq = inner.calls.len();
    inner.calls.push(call);
    (status, body)
}

/// The length of an attachment description (alt text) over Discord's
/// 1,024 characters in `call`, if any.
fn overlong_description(call: &RestCall) -> Option<usize> {
    let data = call.message_data();
    data.get("attachments")?
        .as_array()?
        .iter()
        .filter_map(|a| a.get("description")?.as_str())
        .map(|d| d.chars().count())
        .find(|&n| n > 1024)
}

/// Whether to answer `call` with 429 (see [`FakeDiscord::rate_limit_every`]).
fn rate_limited(inner: &mut Inner, call: &RestCall) -> bool {
    if inner.rate_limit_every == 0 || call.method != "POST" {
        return false;
    }
    let bearing = call.route.starts_with("/webhooks/")
        || call.route == "/users/@me/channels"
        || (call.route.starts_with("/channels/") && call.route.ends_with("/messages"));
    if !bearing {
        return false;
    }
    inner.rate_limit_count += 1;
    if inner
        .rate_limit_count
        .is_multiple_of(inner.rate_limit_every)
    {
        inner.rate_limited += 1;
        true
    } else {
        false
    }
}

/// The users a created message notifies: those mentioned in its content
/// (`<@id>` or `<@!id>`, not escaped) that `allowed_mentions` lets through
/// (all of them when it is absent, as on Discord).
fn mentioned(body: &Value) -> Vec<u64> {
    let content = body["content"].as_str().unwrap_or_default();
    let allowed = &body["allowed_mentions"];
    let parse_users = allowed.is_null()
        || allowed["parse"]
            .as_array()
            .is_some_and(|p| p.iter().any(|x| x == "users"));
    let listed: Vec<u64> = allowed["users"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|u| u.as_str().and_then(snowflake))
        .collect();
    let mut out = Vec::new();
    let mut rest = content;
    while let Some(at) = rest.find("<@") {
        let escaped = rest[..at].ends_with('\\');
        let tail = rest[at + 2..].trim_start_matches('!');
        let digits = tail.bytes().take_while(u8::is_ascii_digit).count();
        if !escaped
            && digits > 0
            && tail[digits..].starts_with('>')
            && let Some(id) = snowflake(&tail[..digits])
            && (parse_users || listed.contains(&id))
            && !out.contains(&id)
        {
            out.push(id);
        }
        rest = &rest[at + 2..];
    }
    out
}

/// Records who Discord notifies for the created message `msg`: its allowed
/// mentions, and the recipient of a direct message; nobody for an
/// ephemeral one.
fn notify(inner: &mut Inner, msg: &Value, body: &Value) {
    if msg["flags"].as_u64().unwrap_or(0) & EPHEMERAL != 0 {
        return;
    }
    let message = msg["id"].as_str().and_then(snowflake).unwrap_or(0);
    let channel = msg["channel_id"].as_str().and_then(snowflake).unwrap_or(0);
    let content = msg["content"].as_str().unwrap_or_default().to_owned();
    let mut users = mentioned(body);
    if let Some((&user, _)) = inner.dms.iter().find(|(_, dm)| **dm == channel)
        && !users.contains(&user)
    {
        users.push(user);
    }
    for user in users {
        inner.notifications.push(Notification {
            user,
            message,
            channel,
            content: content.clone(),
        });
    }
}

fn snowflake(s: &str) -> Option<u64> {
    s.parse().ok()
}

fn answer_rest(state: &State, inner: &mut Inner, call: &RestCall) -> (u16, Option<Value>) {
    let segs: Vec<&str> = call.route.trim_start_matches('/').split('/').collect();
    let body = call.body().clone();
    match (call.method.as_str(), segs.as_slice()) {
        ("GET", ["gateway"]) => (200, Some(json!({ "url": state.ws_url }))),
        ("GET", ["gateway", "bot"]) => (
            200,
            Some(json!({
                "url": state.ws_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1
                },
            })),
        ),
        ("GET", ["users", "@me"]) => (200, Some(bot_user())),
        // Opens (or finds) the DM channel with `recipient_id`.
        ("POST", ["users", "@me", "channels"]) => {
            let Some(user) = body["recipient_id"]
                .as_str()
                .and_then(snowflake)
                .or_else(|| body["recipient_id"].as_u64())
                .filter(|u| *u != 0)
            else {
                return error(400, 50035, "Invalid Form Body");
            };
            if let Some(c) = inner.dms.get(&user).and_then(|c| inner.channels.get(c)) {
                return (200, Some(c.clone()));
            }
            let recipient = inner.users.get(&user).map_or_else(
                || json!({ "id": user.to_string(), "username": "someone", "discriminator": "0", "global_name": null, "avatar": null, "public_flags": 0 }),
                |w| user_json(*w),
            );
            let id = state.id();
            let channel = dm_channel(id, &recipient);
            inner.channels.insert(id, channel.clone());
            inner.dms.insert(user, id);
            (200, Some(channel))
        }
        ("GET", ["oauth2", "applications", "@me"] | ["applications", "@me"]) => (
            200,
            Some(json!({
                "id": APP_ID.to_string(),
                "name": "chessbot",
                "icon": null,
                "description": "",
                "bot_public": true,
                "bot_require_code_grant": false,
                "verify_key": "0000",
                "flags": 0,
                "owner": user_json(Who { id: 1_100_000_000_000_000_009, name: "owner" }),
                "team": null,
                "bot": bot_user(),
            })),
        ),
        (
            "PUT",
            ["applications", app, "commands"] | ["applications", app, "guilds", _, "commands"],
        ) => {
            if snowflake(app) != Some(APP_ID) {
                return error(404, 10002, "Unknown Application");
            }
            let guild = match segs.as_slice() {
                [_, _, "guilds", g, _] => json!(g),
                _ => Value::Null,
            };
            let mut out = Vec::new();
            for cmd in body.as_array().cloned().unwrap_or_default() {
                let name = cmd["name"].as_str().unwrap_or_default().to_owned();
                let id = *inner.commands.entry(name).or_insert_with(|| state.id());
                let mut c = cmd.clone();
                c["id"] = json!(id.to_string());
                c["application_id"] = json!(APP_ID.to_string());
                c["version"] = json!(state.id().to_string());
                c["guild_id"] = guild.clone();
                if c.get("type").is_none() {
                    c["type"] = json!(1);
                }
                // As Discord: context menu commands come back with an
                // empty description (serenity requires the field).
                if c.get("description").is_none() {
                    c["description"] = json!("");
                }
                out.push(c);
            }
            (200, Some(Value::Array(out)))
        }
        ("POST", ["interactions", id, token, "callback"]) => {
            interaction_callback(state, inner, id, token, call)
        }
        (method, ["webhooks", app, token, rest @ ..]) => {
            if snowflake(app) != Some(APP_ID) {
                return error(404, 10015, "Unknown Webhook");
            }
            webhook(state, inner, method, token, rest, call)
        }
        ("GET", ["channels", id]) => match snowflake(id).and_then(|c| inner.channels.get(&c)) {
            Some(c) => (200, Some(c.clone())),
            None => error(404, 10003, "Unknown Channel"),
        },
        ("PATCH", ["channels", id]) => match snowflake(id).and_then(|c| inner.channels.get_mut(&c))
        {
            Some(c) => {
                if let Some(a) = body.get("archived") {
                    c["thread_metadata"]["archived"] = a.clone();
                }
                if let Some(n) = body.get("name") {
                    c["name"] = n.clone();
                }
                (200, Some(c.clone()))
            }
            None => error(404, 10003, "Unknown Channel"),
        },
        ("DELETE", ["channels", id]) => match snowflake(id).and_then(|c| inner.channels.remove(&c))
        {
            Some(c) => (200, Some(c)),
            None => error(404, 10003, "Unknown Channel"),
        },
        ("POST", ["channels", id, "threads"]) => {
            let Some(parent) = snowflake(id).filter(|c| inner.channels.contains_key(c)) else {
                return error(404, 10003, "Unknown Channel");
            };
            if inner.forbid_threads {
                return error(403, 50013, "Missing Permissions");
            }
            // As Discord (API v10, a thread without a message): the type
            // defaults to a private thread; a text channel takes public and
            // private threads, an announcement channel announcement threads
            // only, anything else none.
            let kind = body["type"].as_u64().unwrap_or(12);
            let parent_kind = inner.channels[&parent]["type"].as_u64().unwrap_or(0);
            let fits = match parent_kind {
                0 => kind == 11 || kind == 12,
                5 => kind == 10,
                _ => false,
            };
            if !fits {
                return error(400, 50024, "Cannot execute action on this channel type");
            }
            let tid = state.id();
            let name = body["name"].as_str().unwrap_or("thread");
            let thread = thread_channel(tid, parent, name, kind);
            inner.channels.insert(tid, thread.clone());
            (201, Some(thread))
        }
        ("POST", ["channels", id, "messages"]) => {
            let Some(channel) = snowflake(id).filter(|c| inner.channels.contains_key(c)) else {
                return error(404, 10003, "Unknown Channel");
            };
            let archived = inner.channels[&channel]["thread_metadata"]["archived"] == json!(true);
            if archived {
                return error(400, 50083, "Thread is archived");
            }
            let refused = inner
                .dms
                .iter()
                .any(|(user, dm)| *dm == channel && inner.refuse_dms.contains(user));
            if refused {
                return error(403, 50007, "Cannot send messages to this user");
            }
            let msg = new_message(state, inner, channel, &body, &call.files, None);
            notify(inner, &msg, &body);
            (200, Some(msg))
        }
        ("GET" | "PATCH", ["channels", cid, "messages", mid]) => {
            let Some(m) = snowflake(mid).and_then(|m| inner.messages.get_mut(&m)) else {
                return error(404, 10008, "Unknown Message");
            };
            if m["channel_id"] != json!(cid) {
                return error(404, 10008, "Unknown Message");
            }
            if call.method == "PATCH" {
                edit_message(state, m, &body, &call.files);
            }
            (200, Some(m.clone()))
        }
        _ => error(404, 0, "404: Not Found"),
    }
}

/// Makes a message the bot sent and stores it.
fn new_message(
    state: &State,
    inner: &mut Inner,
    channel: u64,
    body: &Value,
    files: &[FilePart],
    interaction: Option<(u64, &str)>,
) -> Value {
    let id = state.id();
    let mut msg = json!({
        "id": id.to_string(),
        "channel_id": channel.to_string(),
        "guild_id": GUILD_ID.to_string(),
        "author": bot_user(),
        "content": "",
        "timestamp": TIMESTAMP,
        "edited_timestamp": null,
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": [],
        "embeds": [],
        "pinned": false,
        "type": if interaction.is_some() { 20 } else { 0 },
        "flags": body["flags"].as_u64().unwrap_or(0),
        "components": [],
    });
    if let Some((iid, _)) = interaction {
        msg["application_id"] = json!(APP_ID.to_string());
        msg["webhook_id"] = json!(APP_ID.to_string());
        msg["interaction_metadata"] = json!({
            "id": iid.to_string(),
            "type": 2,
            "user": bot_user(),
            "authorizing_integration_owners": { "0": GUILD_ID.to_string() },
        });
    }
    if inner
        .channels
        .get(&channel)
        .is_some_and(|c| c["type"] == json!(1))
    {
        // Direct messages belong to no server.
        if let Some(o) = msg.as_object_mut() {
            o.remove("guild_id");
        }
    }
    edit_message(state, &mut msg, body, files);
    msg["edited_timestamp"] = Value::Null;
    inner.messages.insert(id, msg.clone());
    inner.message_order.push(id);
    msg
}

/// Applies the fields of a create or edit body to a stored message.
/// Uploaded files get fresh snowflakes (the body numbers them 0, 1, ...;
/// Discord ids are never 0, and serenity refuses a 0 when it reads the
/// message back, e.g. in a button click).
fn edit_message(state: &State, msg: &mut Value, body: &Value, files: &[FilePart]) {
    for key in ["content", "embeds", "components"] {
        if let Some(v) = body.get(key) {
            msg[key] = v.clone();
        }
    }
    if let Some(f) = body.get("flags").and_then(Value::as_u64) {
        msg["flags"] = json!(f);
    }
    if let Some(list) = body.get("attachments").and_then(Value::as_array) {
        let attachments: Vec<Value> = list
            .iter()
            .map(|a| {
                let filename = a["filename"].as_str().unwrap_or_default().to_owned();
                let size = files
                    .iter()
                    .find(|f| f.filename == filename)
                    .map_or(0, |f| f.bytes.len());
                json!({
                    "id": a["id"]
                        .as_str()
                        .filter(|id| snowflake(id).is_some_and(|n| n != 0))
                        .map_or_else(|| state.id().to_string(), str::to_owned),
                    "filename": filename,
                    "size": size,
                    "description": a.get("description").cloned().unwrap_or(Value::Null),
                    "url": format!("https://cdn.example/{filename}"),
                    "proxy_url": format!("https://media.example/{filename}"),
                })
            })
            .collect();
        msg["attachments"] = json!(attachments);
    }
    msg["edited_timestamp"] = json!(TIMESTAMP);
}

fn interaction_callback(
    state: &State,
    inner: &mut Inner,
    id: &str,
    token: &str,
    call: &RestCall,
) -> (u16, Option<Value>) {
    let Some(iid) = snowflake(id) else {
        return error(404, 10062, "Unknown interaction");
    };
    let Some(i) = inner.interactions.get_mut(token) else {
        return error(404, 10062, "Unknown interaction");
    };
    if i.answered {
        return error(400, 40060, "Interaction has already been acknowledged.");
    }
    i.answered = true;
    let channel = i.channel;
    let clicked = i.clicked;
    let body = call.body();
    let data = &body["data"];
    match body["type"].as_u64() {
        // CHANNEL_MESSAGE_WITH_SOURCE / DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE
        Some(4 | 5) => {
            let mut d = if data.is_object() {
                data.clone()
            } else {
                json!({})
            };
            if body["type"] == json!(5) {
                // "The application is thinking..." until the edit.
                let flags = d["flags"].as_u64().unwrap_or(0) | 128;
                d = json!({ "flags": flags });
            }
            let msg = new_message(state, inner, channel, &d, &call.files, Some((iid, token)));
            if body["type"] == json!(4) {
                notify(inner, &msg, &d);
            }
            let mid = msg["id"].as_str().and_then(snowflake);
            if let Some(i) = inner.interactions.get_mut(token) {
                i.original = mid;
            }
            (204, None)
        }
        // DEFERRED_UPDATE_MESSAGE
        Some(6) => (204, None),
        // UPDATE_MESSAGE
        Some(7) => {
            let Some(m) = clicked.and_then(|m| inner.messages.get_mut(&m)) else {
                return error(400, 50035, "Invalid Form Body");
            };
            edit_message(state, m, data, &call.files);
            (204, None)
        }
        // APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
        Some(8) => {
            if data["choices"].as_array().is_none_or(|c| c.len() > 25) {
                return error(400, 50035, "Invalid Form Body");
            }
            (204, None)
        }
        _ => error(400, 50035, "Invalid Form Body"),
    }
}

fn webhook(
    state: &State,
    inner: &mut Inner,
    method: &str,
    token: &str,
    rest: &[&str],
    call: &RestCall,
) -> (u16, Option<Value>) {
    let Some(i) = inner.interactions.get(token) else {
        return error(404, 10015, "Unknown Webhook");
    };
    let channel = i.channel;
    let original = i.original;
    let answered = i.answered;
    let body = call.body().clone();
    match (method, rest) {
        // Follow-up message.
        ("POST", []) => {
            if !answered {
                return error(400, 40060, "Interaction has not been acknowledged.");
            }
            // The first follow-up of a deferred response fills in its
            // "thinking" message (keeping the privacy chosen when
            // deferring): an edit, which notifies nobody.
            if let Some(m) = original.and_then(|m| inner.messages.get_mut(&m)) {
                let flags = m["flags"].as_u64().unwrap_or(0);
                if flags & 128 != 0 {
                    let mut b = body.clone();
                    if let Some(o) = b.as_object_mut() {
                        o.remove("flags");
                    }
                    edit_message(state, m, &b, &call.files);
                    m["flags"] = json!(flags & !128);
                    return (200, Some(m.clone()));
                }
            }
            let msg = new_message(state, inner, channel, &body, &call.files, None);
            notify(inner, &msg, &body);
            (200, Some(msg))
        }
        (_, ["messages", which]) => {
            let mid = if *which == "@original" {
                original
            } else {
                snowflake(which)
            };
            let Some(mid) = mid.filter(|m| inner.messages.contains_key(m)) else {
                return error(404, 10008, "Unknown Message");
            };
            match method {
                "GET" => (200, inner.messages.get(&mid).cloned()),
                "PATCH" => {
                    let Some(m) = inner.messages.get_mut(&mid) else {
                        return error(404, 10008, "Unknown Message");
                    };
                    // The "thinking" flag goes once the answer is there.
                    let flags = m["flags"].as_u64().unwrap_or(0) & !128;
                    m["flags"] = json!(flags);
                    edit_message(state, m, &body, &call.files);
                    (200, Some(m.clone()))
                }
                "DELETE" => {
                    inner.messages.remove(&mid);
                    inner.message_order.retain(|m| *m != mid);
                    (204, None)
                }
                _ => error(405, 0, "405: Method Not Allowed"),
            }
        }
        _ => error(404, 0, "404: Not Found"),
    }
}

// The gateway.

fn ready_data(state: &State, session: u64, shard: &Value) -> Value {
    json!({
        "v": 10,
        "user": bot_user(),
        "guilds": [{ "id": GUILD_ID.to_string(), "unavailable": true }],
        "session_id": format!("session-{session}"),
        "resume_gateway_url": state.ws_url,
        "shard": shard,
        "application": { "id": APP_ID.to_string(), "flags": 0 },
    })
}

async fn serve_gateway(listener: TcpListener, state: Arc<State>) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(gateway_connection(stream, Arc::clone(&state)));
    }
}

async fn gateway_connection(stream: TcpStream, state: Arc<State>) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut incoming) = ws.split();
    let (tx, mut rx) = mpsc::unbounded_channel::<WsMessage>();
    let session = state.id();
    let hello =
        json!({ "op": 10, "d": { "heartbeat_interval": HEARTBEAT_MS }, "s": null, "t": null });
    if sink.send(WsMessage::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            frame = incoming.next() => {
                let text = match frame {
                    Some(Ok(WsMessage::Text(t))) => t,
                    Some(Ok(WsMessage::Ping(_) | WsMessage::Pong(_) | WsMessage::Binary(_) | WsMessage::Frame(_))) => continue,
                    Some(Ok(WsMessage::Close(_)) | Err(_)) | None => break,
                };
                let Ok(v) = serde_json::from_str::<Value>(&text) else { continue };
                match v["op"].as_u64() {
                    // IDENTIFY
                    Some(2) => {
                        let ready = {
                            let mut inner = state.lock();
                            inner.identifies.push(v["d"].clone());
                            inner.gateway = Some((session, tx.clone()));
                            inner.seq = 1;
                            inner.session = Some((format!("session-{session}"), Vec::new()));
                            json!({
                                "op": 0, "t": "READY", "s": 1,
                                "d": ready_data(&state, session, &v["d"]["shard"]),
                            })
                        };
                        if sink.send(WsMessage::Text(ready.to_string())).await.is_err() {
                            break;
                        }
                        state.bump();
                    }
                    // HEARTBEAT
                    Some(1) => {
                        state.lock().heartbeats += 1;
                        let ack = json!({ "op": 11, "d": null, "s": null, "t": null });
                        if sink.send(WsMessage::Text(ack.to_string())).await.is_err() {
                            break;
                        }
                    }
                    // RESUME: the last session, replaying what it missed.
                    Some(6) => {
                        let frames = {
                            let mut inner = state.lock();
                            let wanted = v["d"]["session_id"].as_str().unwrap_or_default();
                            let after = v["d"]["seq"].as_u64().unwrap_or(0);
                            let known = inner
                                .session
                                .as_ref()
                                .filter(|(id, _)| {
                                    let token = v["d"]["token"].as_str().unwrap_or_default();
                                    id == wanted
                                        && token.trim_start_matches("Bot ")
                                            == state.token.trim_start_matches("Bot ")
                                })
                                .map(|(_, log)| {
                                    log.iter()
                                        .filter(|(s, _)| *s > after)
                                        .map(|(_, f)| f.clone())
                                        .collect::<Vec<_>>()
                                });
                            match known {
                                Some(mut frames) => {
                                    inner.resumes += 1;
                                    inner.seq += 1;
                                    let resumed = json!({ "op": 0, "t": "RESUMED", "s": inner.seq, "d": {} }).to_string();
                                    let seq = inner.seq;
                                    if let Some((_, log)) = inner.session.as_mut() {
                                        log.push((seq, resumed.clone()));
                                    }
                                    frames.push(resumed);
                                    inner.gateway = Some((session, tx.clone()));
                                    frames
                                }
                                None => vec![json!({ "op": 9, "d": false, "s": null, "t": null }).to_string()],
                            }
                        };
                        let mut ok = true;
                        for f in frames {
                            if sink.send(WsMessage::Text(f)).await.is_err() {
                                ok = false;
                                break;
                            }
                        }
                        if !ok {
                            break;
                        }
                        state.bump();
                    }
                    _ => {}
                }
            }
            out = rx.recv() => {
                let Some(out) = out else { break };
                let closing = matches!(out, WsMessage::Close(_));
                if sink.send(out).await.is_err() || closing {
                    break;
                }
            }
        }
    }
    let mut inner = state.lock();
    if inner.gateway.as_ref().is_some_and(|(s, _)| *s == session) {
        inner.gateway = None;
    }
    drop(inner);
    state.bump();
}
