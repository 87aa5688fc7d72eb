//! End to end: `chessbot matrix` against a real homeserver. Needs a Synapse
//! with a registration shared secret (`.ci/synapse.sh` starts one and sets
//! CHESSBOT_TEST_MATRIX_URL and CHESSBOT_TEST_MATRIX_SECRET); without them
//! the test says so and skips.
//!
//! Registers a bot and two players through the admin API, runs the bot in
//! process on a SQLite file, and plays a whole game by sending real
//! `m.room.message` events from both players: a challenge with a pill, the
//! accept, moves, an illegal move (and an edit of it, which must be
//! ignored), a draw offer declined by a move, a restart of the bot with a
//! move sent while it was down, and the mate. Checks what the bot posted:
//! texts and pills, a board `m.image` whose media is a valid PNG, the notice
//! replying to the illegal move, the PGN `m.file`, and that nothing was
//! answered twice. Then a second game whose reminder and time-out the
//! deadline task posts as a `ManualClock` moves, and an encrypted room,
//! where the bot answers a command (encrypted). A second test checks turn
//! notices by direct message: the direct room the bot opens with a player
//! who chose `!chess notify where:dm`, and the notices in it.
//!
//! It also holds what the other Matrix tests share: the homeserver and
//! its accounts, the bot, the players' timelines, a game room for two
//! ([`Scene`]) and the players of a tournament ([`Club`]).

use std::collections::BTreeSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{Context as _, anyhow, bail, ensure};
use chessbot::adapters::matrix::limits::RateLimit;
use chessbot::adapters::matrix::trust::TrustConfig;
use chessbot::adapters::matrix::{Login, MatrixConfig, serve};
use chessbot::service::{Clock, GameService, ManualClock};
use chessbot::store::Store;
use hmac::{Hmac, Mac};
use matrix_sdk::config::SyncSettings;
use matrix_sdk::media::{MediaFormat, MediaRequestParameters};
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::api::client::room::create_room::v3::{Request as CreateRoom, RoomPreset};
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;
use matrix_sdk::ruma::events::relation::Thread;
use matrix_sdk::ruma::events::room::MediaSource;
use matrix_sdk::ruma::events::room::encryption::RoomEncryptionEventContent;
use matrix_sdk::ruma::events::room::message::{
    Relation, ReplacementMetadata, RoomMessageEventContent,
};
use matrix_sdk::ruma::{OwnedEventId, OwnedMxcUri, OwnedRoomId, OwnedUserId, UInt};
use matrix_sdk::{Client, Room};
use serde_json::Value;

/// Longest wait for any one thing the bot should do.
pub(crate) const STEP: Duration = Duration::from_secs(20);
/// The whole test.
const WHOLE: Duration = Duration::from_secs(240);

/// The password of every test account.
pub(crate) const PASSWORD: &str = "correct horse battery staple";

/// What [`Homeserver::cast`] sets up for one scenario.
pub(crate) struct Cast {
    pub(crate) bot_id: OwnedUserId,
    pub(crate) alice_id: OwnedUserId,
    pub(crate) bob_id: OwnedUserId,
    pub(crate) alice_name: String,
    pub(crate) bob_name: String,
    /// Holds the database and the bot's store; removed when dropped.
    pub(crate) dir: tempfile::TempDir,
    pub(crate) db: String,
    pub(crate) cfg: MatrixConfig,
}

pub(crate) struct Homeserver {
    pub(crate) url: String,
    secret: String,
    http: matrix_sdk::reqwest::Client,
}

impl Homeserver {
    pub(crate) fn from_env() -> Option<Homeserver> {
        let url = std::env::var("CHESSBOT_TEST_MATRIX_URL").ok()?;
        let secret = std::env::var("CHESSBOT_TEST_MATRIX_SECRET").ok()?;
        Some(Homeserver {
            url: url.trim_end_matches('/').to_string(),
            secret,
            http: matrix_sdk::reqwest::Client::builder()
                .timeout(STEP)
                .build()
                .ok()?,
        })
    }

    /// Registers a user with the shared-secret admin API.
    pub(crate) async fn register(&self, user: &str, password: &str) -> anyhow::Result<OwnedUserId> {
        self.register_as(user, password, false).await
    }

    /// Registers a user with the shared-secret admin API, a server admin
    /// or not.
    pub(crate) async fn register_as(
        &self,
        user: &str,
        password: &str,
        admin: bool,
    ) -> anyhow::Result<OwnedUserId> {
        let endpoint = format!("{}/_synapse/admin/v1/register", self.url);
        let nonce: Value =
            serde_json::from_slice(&self.http.get(&endpoint).send().await?.bytes().await?)?;
        let nonce = nonce["nonce"].as_str().context("no nonce")?.to_string();
        let mut mac = Hmac::<sha1::Sha1>::new_from_slice(self.secret.as_bytes())?;
        let role = if admin { "admin" } else { "notadmin" };
        mac.update(format!("{nonce}\0{user}\0{password}\0{role}").as_bytes());
        let digest: String = mac
            .finalize()
            .into_bytes()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        let body = serde_json::json!({
            "nonce": nonce, "username": user, "password": password, "mac": digest, "admin": admin,
        });
        let r = self
            .http
            .post(&endpoint)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await?;
        let status = r.status();
        let answer: Value = serde_json::from_slice(&r.bytes().await?)?;
        if !status.is_success() {
            bail!("registering {user}: {status} {answer}");
        }
        Ok(answer["user_id"]
            .as_str()
            .context("no user_id")?
            .try_into()?)
    }

    /// Three fresh accounts (the bot, alice and bob, their names made
    /// unique with `prefix`, the process and the time, all with
    /// [`PASSWORD`]) and the bot's configuration: its own database and
    /// store in a temp dir, invites from this server only.
    pub(crate) async fn cast(&self, prefix: &str) -> anyhow::Result<Cast> {
        let tag = format!(
            "{prefix}{}{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)?
                .subsec_nanos()
        );
        let (alice_name, bob_name) = (format!("alice{tag}"), format!("bob{tag}"));
        let bot_id = self.register(&format!("chessbot{tag}"), PASSWORD).await?;
        let alice_id = self.register(&alice_name, PASSWORD).await?;
        let bob_id = self.register(&bob_name, PASSWORD).await?;
        let dir = tempfile::tempdir()?;
        let db = format!(
            "sqlite://{}?mode=rwc",
            dir.path().join("games.db").display()
        );
        let cfg = MatrixConfig {
            homeserver: self.url.clone(),
            login: Login::Password {
                user: bot_id.to_string(),
                password: PASSWORD.to_string(),
            },
            store_path: dir.path().join("matrix"),
            allowed_servers: vec![bot_id.server_name().to_string()],
            due_poll: Duration::from_millis(200),
            max_rooms: 10,
            rate_limit: Default::default(),
            trust: TrustConfig {
                uia: Some((bot_id.to_string(), PASSWORD.to_string())),
                ..TrustConfig::default()
            },
            store_passphrase: None,
        };
        Ok(Cast {
            bot_id,
            alice_id,
            bob_id,
            alice_name,
            bob_name,
            dir,
            db,
            cfg,
        })
    }

    pub(crate) async fn player(&self, user: &str, password: &str) -> anyhow::Result<Client> {
        let client = Client::builder().homeserver_url(&self.url).build().await?;
        client.matrix_auth().login_username(user, password).await?;
        Ok(client)
    }
}

/// Every timeline event of every room, as JSON (with its `room_id`), in
/// order, as one player's client sees it.
/// Apart from them, the stripped state events of the invites it got.
#[derive(Clone, Default)]
pub(crate) struct Timeline {
    events: Arc<Mutex<Vec<Value>>>,
    invites: Arc<Mutex<Vec<Value>>>,
}

impl Timeline {
    pub(crate) fn snapshot(&self) -> Vec<Value> {
        self.events.lock().unwrap().clone()
    }

    /// The stripped state events of the invites so far (with `room_id`).
    pub(crate) fn invites(&self) -> Vec<Value> {
        self.invites.lock().unwrap().clone()
    }

    /// Syncs `client` forever, recording the events of its rooms.
    pub(crate) fn follow(&self, client: Client) -> tokio::task::JoinHandle<()> {
        self.follow_with(client, SyncSettings::default())
    }

    /// [`Timeline::follow`] with these sync settings (e.g. a filter with a
    /// longer timeline, so a room joined late shows its whole history).
    pub(crate) fn follow_with(
        &self,
        client: Client,
        settings: SyncSettings,
    ) -> tokio::task::JoinHandle<()> {
        let events = Arc::clone(&self.events);
        let invites = Arc::clone(&self.invites);
        tokio::spawn(async move {
            // sync_once in a loop: the SDK's own loop pauses a second
            // between quick syncs.
            let settings = settings.timeout(Duration::from_secs(5));
            loop {
                let Ok(response) = client.sync_once(settings.clone()).await else {
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                };
                let mut all = events.lock().unwrap();
                for (id, update) in &response.rooms.joined {
                    for e in &update.timeline.events {
                        if let Ok(mut v) = serde_json::from_str::<Value>(e.raw().json().get()) {
                            v["room_id"] = Value::String(id.to_string());
                            // Whether it came encrypted (and was decrypted).
                            v["decrypted"] = Value::Bool(e.encryption_info().is_some());
                            all.push(v);
                        }
                    }
                }
                drop(all);
                let mut invited = invites.lock().unwrap();
                for (id, update) in &response.rooms.invited {
                    for e in &update.invite_state.events {
                        if let Ok(mut v) = serde_json::from_str::<Value>(e.json().get()) {
                            v["room_id"] = Value::String(id.to_string());
                            invited.push(v);
                        }
                    }
                }
            }
        })
    }
}

/// Reads the bot's messages in order.
pub(crate) struct BotWatch {
    pub(crate) timeline: Timeline,
    pub(crate) bot: String,
    pub(crate) room: String,
    /// Bot messages already taken.
    pub(crate) seen: usize,
}

impl BotWatch {
    pub(crate) fn bot_messages(&self) -> Vec<Value> {
        self.timeline
            .snapshot()
            .into_iter()
            .filter(|e| {
                e["type"] == "m.room.message"
                    && e["sender"] == self.bot.as_str()
                    && e["room_id"] == self.room.as_str()
            })
            .collect()
    }

    /// Waits for the next bot message; fails after [`STEP`].
    pub(crate) async fn next(&mut self) -> anyhow::Result<Value> {
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            if let Some(m) = self.bot_messages().get(self.seen) {
                self.seen += 1;
                return Ok(m.clone());
            }
            if tokio::time::Instant::now() > deadline {
                bail!(
                    "the bot posted nothing more within {STEP:?}; so far: {:#?}",
                    self.bot_messages()
                        .iter()
                        .map(|m| m["content"]["body"].clone())
                        .collect::<Vec<_>>()
                );
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// The next bot message, which must have this msgtype and contain
    /// `needle` in its body.
    pub(crate) async fn expect(&mut self, msgtype: &str, needle: &str) -> anyhow::Result<Value> {
        let m = self.next().await?;
        let c = &m["content"];
        if c["msgtype"] != msgtype || !c["body"].as_str().unwrap_or("").contains(needle) {
            bail!("expected {msgtype} containing {needle:?}, got {c:#}");
        }
        Ok(m)
    }
}

pub(crate) async fn say(room: &Room, text: &str) -> anyhow::Result<OwnedEventId> {
    Ok(room
        .send(RoomMessageEventContent::text_plain(text))
        .await?
        .response
        .event_id)
}

pub(crate) async fn wait_until(what: &str, mut check: impl FnMut() -> bool) -> anyhow::Result<()> {
    let deadline = tokio::time::Instant::now() + STEP;
    while !check() {
        if tokio::time::Instant::now() > deadline {
            bail!("timed out waiting for {what}");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    Ok(())
}

/// Whether `who` has joined `room` in what `t` saw.
pub(crate) fn joined(t: &Timeline, room: &str, who: &str) -> bool {
    t.snapshot().iter().any(|e| {
        e["type"] == "m.room.member"
            && e["room_id"] == room
            && e["state_key"] == who
            && e["content"]["membership"] == "join"
    })
}

/// Alice's private room "chess" with the bot and Bob invited and Bob
/// joined: the room as Alice's client has it, and as Bob's.
pub(crate) async fn game_room(
    alice: &Client,
    bob: &Client,
    bot_id: &matrix_sdk::ruma::UserId,
    bob_id: &matrix_sdk::ruma::UserId,
) -> anyhow::Result<(matrix_sdk::Room, matrix_sdk::Room)> {
    let mut create = CreateRoom::new();
    create.invite = vec![bot_id.to_owned(), bob_id.to_owned()];
    create.preset = Some(RoomPreset::PrivateChat);
    create.name = Some("chess".to_string());
    let room = alice.create_room(create).await?;
    bob.join_room_by_id(room.room_id()).await?;
    let bob_room = bob
        .get_room(room.room_id())
        .ok_or_else(|| anyhow!("bob has no room"))?;
    Ok((room, bob_room))
}

/// A game's room on the test server, ready to play: a fresh cast, the bot
/// running on its database, Alice's and Bob's clients syncing into their
/// timelines (each room's whole short history, so a room joined late shows
/// what the bot wrote before), the room with both of them and the bot
/// joined, and a watch on the bot's messages there. Dropping it stops the
/// bot and the syncs.
pub(crate) struct Scene {
    pub(crate) cast: Cast,
    pub(crate) alice: Client,
    pub(crate) bob: Client,
    /// The room as Alice's client has it, and as Bob's.
    pub(crate) room: Room,
    pub(crate) bob_room: Room,
    pub(crate) alice_timeline: Timeline,
    pub(crate) bob_timeline: Timeline,
    /// The bot's messages in the room, as Alice's client sees them.
    pub(crate) watch: BotWatch,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Scene {
    /// Sets the scene up with accounts named after `prefix`.
    pub(crate) async fn open(hs: &Homeserver, prefix: &str) -> anyhow::Result<Scene> {
        let cast = hs.cast(prefix).await?;
        let clock = Arc::new(ManualClock::starting_now());
        let bot = start_bot(&cast.cfg, &cast.db, &clock).await?;
        let alice = hs.player(&cast.alice_name, PASSWORD).await?;
        let bob = hs.player(&cast.bob_name, PASSWORD).await?;
        let (room, bob_room) = game_room(&alice, &bob, &cast.bot_id, &cast.bob_id).await?;
        let (alice_timeline, bob_timeline) = (Timeline::default(), Timeline::default());
        let history = long_history;
        let tasks = vec![
            bot,
            alice_timeline.follow_with(alice.clone(), history()),
            bob_timeline.follow_with(bob.clone(), history()),
        ];
        let room_id = room.room_id().to_string();
        wait_until("the bot to join the game's room", || {
            joined(&alice_timeline, &room_id, cast.bot_id.as_str())
        })
        .await?;
        let watch = BotWatch {
            timeline: alice_timeline.clone(),
            bot: cast.bot_id.to_string(),
            room: room_id,
            seen: 0,
        };
        Ok(Scene {
            cast,
            alice,
            bob,
            room,
            bob_room,
            alice_timeline,
            bob_timeline,
            watch,
            tasks,
        })
    }
}

impl Drop for Scene {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

/// Sync settings whose timeline shows a room's whole (short) history when
/// it is joined late: the bot posts a game's start before its players
/// join the room.
pub(crate) fn long_history() -> SyncSettings {
    let mut def = FilterDefinition::default();
    def.room.timeline.limit = Some(UInt::from(200u32));
    SyncSettings::default().filter(Filter::FilterDefinition(def))
}

/// The bot's next messages up to the first one `done` accepts (included);
/// fails after [`STEP`] without one.
pub(crate) async fn until(
    watch: &mut BotWatch,
    what: &str,
    done: impl Fn(&Value) -> bool,
) -> anyhow::Result<Vec<Value>> {
    let mut seen = Vec::new();
    loop {
        let m = watch
            .next()
            .await
            .with_context(|| format!("waiting for {what}"))?;
        let last = done(&m);
        seen.push(m);
        if last {
            return Ok(seen);
        }
    }
}

pub(crate) fn body(m: &Value) -> &str {
    m["content"]["body"].as_str().unwrap_or_default()
}

/// A message of this msgtype whose body contains `needle`.
pub(crate) fn is(m: &Value, msgtype: &str, needle: &str) -> bool {
    m["content"]["msgtype"] == msgtype && body(m).contains(needle)
}

/// One player of a [`Club`]: the client, their id and name, and what
/// their client saw.
pub(crate) struct Player {
    pub(crate) client: Client,
    pub(crate) id: String,
    pub(crate) name: String,
    pub(crate) timeline: Timeline,
}

/// A tournament game's room as a test found it: its players by their
/// index in [`Club::players`].
pub(crate) struct GameRoom {
    pub(crate) id: OwnedRoomId,
    pub(crate) white: usize,
    pub(crate) black: usize,
}

/// The players of a tournament on the test server: a fresh cast with
/// more players than Alice and Bob, the bot running on its database with
/// a rate limit that many quick commands pass, and each player's client
/// syncing (each room's whole short history, so a game room joined late
/// shows its start). Dropping it stops the bot and the syncs.
pub(crate) struct Club {
    pub(crate) bot_id: OwnedUserId,
    pub(crate) bot: String,
    pub(crate) players: Vec<Player>,
    _dir: tempfile::TempDir,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Club {
    /// Alice, Bob and one more player per name of `more` (`carol`, …),
    /// named after `prefix`.
    pub(crate) async fn open(hs: &Homeserver, prefix: &str, more: &[&str]) -> anyhow::Result<Club> {
        let mut fresh = hs.cast(prefix).await?;
        // A tournament's players send many commands in a few seconds.
        fresh.cfg.rate_limit = RateLimit {
            per_user: 1000,
            per_room: 1000,
            window: Duration::from_secs(1),
        };
        let mut cast = Vec::new();
        for other in more {
            let name = fresh.alice_name.replacen("alice", other, 1);
            let id = hs.register(&name, PASSWORD).await?;
            cast.push((name, id));
        }
        cast.insert(0, (fresh.bob_name, fresh.bob_id));
        cast.insert(0, (fresh.alice_name, fresh.alice_id));
        let clock = Arc::new(ManualClock::starting_now());
        let mut tasks = vec![start_bot(&fresh.cfg, &fresh.db, &clock).await?];
        let mut players = Vec::new();
        for (name, id) in cast {
            let client = hs.player(&name, PASSWORD).await?;
            let timeline = Timeline::default();
            tasks.push(timeline.follow_with(client.clone(), long_history()));
            players.push(Player {
                client,
                id: id.to_string(),
                name,
                timeline,
            });
        }
        Ok(Club {
            bot: fresh.bot_id.to_string(),
            bot_id: fresh.bot_id,
            players,
            _dir: fresh.dir,
            tasks,
        })
    }

    /// The bot's messages in `room` as player `i`'s client sees them.
    pub(crate) fn watch(&self, i: usize, room: &str) -> BotWatch {
        BotWatch {
            timeline: self.players[i].timeline.clone(),
            bot: self.bot.clone(),
            room: room.to_string(),
            seen: 0,
        }
    }

    /// The first player's room `name` with the bot and every other player
    /// invited, all joined and the bot too: the room as each player's
    /// client has it, and the bot's messages there.
    pub(crate) async fn common_room(&self, name: &str) -> anyhow::Result<(Vec<Room>, BotWatch)> {
        let mut create = CreateRoom::new();
        create.invite = vec![self.bot_id.clone()];
        for p in &self.players[1..] {
            create.invite.push(p.id.as_str().try_into()?);
        }
        create.preset = Some(RoomPreset::PrivateChat);
        create.name = Some(name.to_string());
        let room = self.players[0].client.create_room(create).await?;
        let id = room.room_id().to_owned();
        let mut rooms = vec![room];
        for p in &self.players[1..] {
            p.client.join_room_by_id(&id).await?;
            rooms.push(
                p.client
                    .get_room(&id)
                    .ok_or_else(|| anyhow!("{} has no room {name}", p.name))?,
            );
        }
        wait_until(&format!("the bot to join {name}"), || {
            joined(&self.players[0].timeline, id.as_str(), &self.bot)
        })
        .await?;
        Ok((rooms, self.watch(0, id.as_str())))
    }

    /// The first player creates the league `cup` in the common room with
    /// `create` (a `!chess league create` command) and every player joins
    /// it: the bot's answer to the creation.
    pub(crate) async fn create_league(
        &self,
        rooms: &[Room],
        watch: &mut BotWatch,
        create: &str,
        cup: &str,
    ) -> anyhow::Result<Value> {
        say(&rooms[0], create).await?;
        let made = watch.expect("m.text", cup).await?;
        for room in rooms {
            say(room, "!chess league join").await?;
            watch.expect("m.text", &format!("joined {cup}")).await?;
        }
        Ok(made)
    }

    /// The game rooms the bot invited player `i` to (not a direct room).
    pub(crate) fn invited_rooms(&self, i: usize) -> BTreeSet<String> {
        let p = &self.players[i];
        p.timeline
            .invites()
            .iter()
            .filter(|e| {
                e["type"] == "m.room.member"
                    && e["state_key"] == p.id.as_str()
                    && e["sender"] == self.bot.as_str()
                    && e["content"]["membership"] == "invite"
                    // Not the direct room of a private answer.
                    && e["content"]["is_direct"] != true
            })
            .filter_map(|e| e["room_id"].as_str().map(str::to_owned))
            .collect()
    }

    /// The players `who` join a game's `room` and find the game's start
    /// there: naming the tournament `cup` and its two players with their
    /// colours, mentioning both, its board after it.
    pub(crate) async fn join_game(
        &self,
        room: &str,
        who: &[usize],
        cup: &str,
    ) -> anyhow::Result<GameRoom> {
        let id: OwnedRoomId = room.try_into()?;
        for &i in who {
            self.players[i].client.join_room_by_id(&id).await?;
        }
        let mut w = self.watch(who[0], room);
        let start = w.expect("m.text", "has started").await?;
        let text = body(&start);
        ensure!(text.contains(cup), "{start:#}");
        let side = |colour: &str| {
            who.iter()
                .copied()
                .find(|&i| text.contains(&format!("{} ({colour})", self.players[i].name)))
                .ok_or_else(|| anyhow!("no {colour} player in {start:#}"))
        };
        let (white, black) = (side("white")?, side("black")?);
        let mut mentioned: Vec<&str> = start["content"]["m.mentions"]["user_ids"]
            .as_array()
            .map(|a| a.iter().filter_map(|v| v.as_str()).collect())
            .unwrap_or_default();
        mentioned.sort_unstable();
        let mut expected = vec![
            self.players[white].id.as_str(),
            self.players[black].id.as_str(),
        ];
        expected.sort_unstable();
        ensure!(mentioned == expected, "{start:#}");
        w.expect("m.image", "+---").await?;
        Ok(GameRoom { id, white, black })
    }

    /// Plays a game to its end in its room: each command of `plan`
    /// (`true` for White's) as `!chess <command>`, a move followed by the
    /// bot's answer, until the bot's message containing `end`; no command
    /// may be refused.
    pub(crate) async fn play_game(
        &self,
        game: &GameRoom,
        plan: &[(bool, &str)],
        end: &str,
    ) -> anyhow::Result<()> {
        let room_of = |i: usize| {
            self.players[i]
                .client
                .get_room(&game.id)
                .ok_or_else(|| anyhow!("{} not in game room {}", self.players[i].name, game.id))
        };
        let (white_room, black_room) = (room_of(game.white)?, room_of(game.black)?);
        let mut w = self.watch(game.white, game.id.as_str());
        // Past the start and its board.
        until(&mut w, "the start's board", |m| is(m, "m.image", "+---")).await?;
        for &(by_white, command) in plan {
            let room = if by_white { &white_room } else { &black_room };
            say(room, &format!("!chess {command}")).await?;
            if let Some(san) = command.strip_prefix("move ") {
                until(&mut w, san, |m| is(m, "m.text", san)).await?;
            }
        }
        let seen = until(&mut w, end, |m| is(m, "m.text", end)).await?;
        ensure!(
            !seen.iter().any(|m| is(m, "m.notice", "")),
            "a refused command in game room {}: {seen:#?}",
            game.id
        );
        Ok(())
    }
}

impl Drop for Club {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

pub(crate) async fn download(client: &Client, uri: &str) -> anyhow::Result<Vec<u8>> {
    let uri: OwnedMxcUri = uri.into();
    let request = MediaRequestParameters {
        source: MediaSource::Plain(uri),
        format: MediaFormat::File,
    };
    Ok(tokio::time::timeout(STEP, client.media().get_media_content(&request, false)).await??)
}

/// Starts the bot on the given database and store folder.
pub(crate) async fn start_bot(
    cfg: &MatrixConfig,
    db: &str,
    clock: &Arc<ManualClock>,
) -> anyhow::Result<tokio::task::JoinHandle<()>> {
    let store = Store::open(db).await?;
    let clock: Arc<dyn Clock> = Arc::clone(clock) as Arc<dyn Clock>;
    let service = GameService::open(store, Arc::clone(&clock)).await?;
    let cfg = cfg.clone();
    Ok(tokio::spawn(async move {
        if let Err(e) = serve(cfg, service, clock, std::future::pending()).await {
            eprintln!("bot stopped: {e}");
        }
    }))
}

/// The direct room the bot opened with `client`'s user (a private answer
/// goes there): waits for its invite in `timeline`, joins it, and watches
/// the bot's messages in it.
pub(crate) async fn direct_room_with_bot(
    client: &Client,
    timeline: &Timeline,
    bot: &str,
) -> anyhow::Result<BotWatch> {
    let me = client
        .user_id()
        .ok_or_else(|| anyhow!("not logged in"))?
        .to_string();
    let mut room = None;
    wait_until("an invite to the bot's direct room", || {
        room = timeline
            .invites()
            .iter()
            .find(|e| {
                e["type"] == "m.room.member"
                    && e["state_key"] == me.as_str()
                    && e["sender"] == bot
                    && e["content"]["membership"] == "invite"
                    && e["content"]["is_direct"] == true
            })
            .and_then(|e| e["room_id"].as_str().map(str::to_owned));
        room.is_some()
    })
    .await?;
    let room = room.unwrap_or_default();
    let id: matrix_sdk::ruma::OwnedRoomId = room.as_str().try_into()?;
    client.join_room_by_id(&id).await?;
    Ok(BotWatch {
        timeline: timeline.clone(),
        bot: bot.to_string(),
        room,
        seen: 0,
    })
}

pub(crate) fn in_reply_to(m: &Value) -> Option<&str> {
    m["content"]["m.relates_to"]["m.in_reply_to"]["event_id"].as_str()
}

/// Runs a Matrix test against the test homeserver within `whole`, or
/// skips it (saying so) when none is configured; prints how long it took.
pub(crate) async fn against_synapse<F>(
    name: &str,
    whole: Duration,
    test: impl FnOnce(Homeserver) -> F,
) where
    F: std::future::Future<Output = anyhow::Result<()>>,
{
    let Some(hs) = Homeserver::from_env() else {
        eprintln!(
            "SKIPPED {name}: set CHESSBOT_TEST_MATRIX_URL and CHESSBOT_TEST_MATRIX_SECRET \
             (`source .ci/synapse.sh` starts a throw-away Synapse and sets both)"
        );
        return;
    };
    let started = std::time::Instant::now();
    tokio::time::timeout(whole, test(hs))
        .await
        .unwrap_or_else(|_| panic!("{name} took longer than {whole:?}"))
        .unwrap();
    eprintln!("{name}: {:.1} s", started.elapsed().as_secs_f64());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_in_a_matrix_room() {
    against_synapse("matrix_e2e", WHOLE, play).await;
}

async fn play(hs: Homeserver) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let Cast {
        bot_id,
        alice_id,
        bob_id,
        alice_name,
        bob_name,
        dir: _dir,
        db,
        cfg,
    } = hs.cast("").await?;
    let password = PASSWORD;
    let clock = Arc::new(ManualClock::starting_now());
    let mut bot = start_bot(&cfg, &db, &clock).await?;

    let alice = hs.player(&alice_name, password).await?;
    let bob = hs.player(&bob_name, password).await?;
    // A display name with markup: it must come back escaped.
    alice.account().set_display_name(Some("Alice <b>")).await?;
    let (room, bob_room) = game_room(&alice, &bob, &bot_id, &bob_id).await?;
    let room_id = room.room_id().to_owned();

    let timeline = Timeline::default();
    let follower = timeline.follow(alice.clone());
    wait_until("the bot to accept the invite", || {
        joined(&timeline, room_id.as_str(), bot_id.as_str())
    })
    .await?;
    let mut watch = BotWatch {
        timeline: timeline.clone(),
        bot: bot_id.to_string(),
        room: room_id.to_string(),
        seen: 0,
    };
    eprintln!(
        "matrix_e2e: bot joined after {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // A personal challenge, the opponent written as a pill (as Element does).
    room.send(RoomMessageEventContent::text_html(
        "!chess challenge bob white",
        format!("!chess challenge <a href=\"https://matrix.to/#/{bob_id}\">{bob_name}</a> white"),
    ))
    .await?;
    let m = watch.expect("m.text", "challenges").await?;
    let c = &m["content"];
    assert_eq!(
        c["m.mentions"]["user_ids"],
        serde_json::json!([bob_id.as_str()])
    );
    let html = c["formatted_body"].as_str().unwrap_or_default();
    assert!(
        html.contains(&format!(
            "<a href=\"https://matrix.to/#/{bob_id}\">{bob_name}</a>"
        )),
        "{html}"
    );
    assert!(
        html.contains("Alice &lt;b&gt;"),
        "display name not escaped: {html}"
    );
    assert!(!html.contains("<b>"), "{html}");

    say(&bob_room, "!chess accept").await?;
    let m = watch.expect("m.text", "Game #").await?;
    let ids = m["content"]["m.mentions"]["user_ids"].clone();
    assert!(
        ids.as_array().is_some_and(|a| !a.is_empty()),
        "game start mentions the players: {m:#}"
    );
    let image = watch.expect("m.image", "+-----------------+").await?;
    let c = &image["content"];
    assert_eq!(c["info"]["mimetype"], "image/png");
    assert_eq!(c["filename"], "board.png");
    let png = download(&alice, c["url"].as_str().unwrap_or_default()).await?;
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    assert_eq!(c["info"]["size"].as_u64(), Some(png.len() as u64));
    let width = u32::from_be_bytes(png[16..20].try_into()?);
    let height = u32::from_be_bytes(png[20..24].try_into()?);
    assert_eq!(c["info"]["w"].as_u64(), Some(u64::from(width)));
    assert_eq!(c["info"]["h"].as_u64(), Some(u64::from(height)));

    say(&room, "!chess move f3").await?;
    watch.expect("m.text", "f3").await?;
    watch.expect("m.image", "+---").await?;
    say(&bob_room, "!chess move e5").await?;
    watch.expect("m.text", "e5").await?;
    watch.expect("m.image", "+---").await?;

    // An illegal move: a notice replying to it, nobody mentioned.
    let illegal = say(&room, "!chess move Ke3").await?;
    let m = watch.next().await?;
    assert_eq!(m["content"]["msgtype"], "m.notice", "{m:#}");
    assert_eq!(in_reply_to(&m), Some(illegal.as_str()));
    assert_eq!(m["content"]["m.mentions"], serde_json::json!({}));
    // Its edit into a legal move must not be played.
    room.send(
        RoomMessageEventContent::text_plain("* !chess move g4")
            .make_replacement(ReplacementMetadata::new(illegal.clone(), None)),
    )
    .await?;

    // A draw offer, declined by a move.
    say(&bob_room, "!chess draw").await?;
    let m = watch.expect("m.text", "offers a draw").await?;
    assert_eq!(
        m["content"]["m.mentions"]["user_ids"],
        serde_json::json!([alice_id.as_str()])
    );
    say(&room, "!chess move g4").await?;
    // Had the edit been played, its move would have come before the offer.
    watch.expect("m.text", "g4").await?;
    watch.expect("m.image", "+---").await?;

    // Restart: the bot goes down, Bob mates meanwhile.
    bot.abort();
    let _ = bot.await;
    let mate = say(&bob_room, "!chess move Qh4#").await?;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        watch.bot_messages().len(),
        watch.seen,
        "a stopped bot posted"
    );
    let restarted = std::time::Instant::now();
    bot = start_bot(&cfg, &db, &clock).await?;
    watch.expect("m.text", "Qh4#").await?;
    eprintln!(
        "matrix_e2e: restarted bot answered in {:.1} s",
        restarted.elapsed().as_secs_f64()
    );
    let end = watch.expect("m.text", "Checkmate").await?;
    assert!(
        end["content"]["body"]
            .as_str()
            .unwrap_or("")
            .contains("0-1"),
        "{end:#}"
    );
    watch.expect("m.image", "+---").await?;
    // The summary: its text (opening, lichess link), card, GIF, then the PGN.
    let summary = watch.expect("m.text", "Opening: A00").await?;
    let body = summary["content"]["body"].as_str().unwrap_or("");
    assert!(
        body.contains("https://lichess.org/analysis/pgn/"),
        "{summary:#}"
    );
    let card = watch.expect("m.image", "game-1.png").await?;
    assert_eq!(card["content"]["info"]["mimetype"], "image/png", "{card:#}");
    let gif = watch.expect("m.image", "game-1.gif").await?;
    assert_eq!(gif["content"]["info"]["mimetype"], "image/gif", "{gif:#}");
    let file = watch.next().await?;
    let c = &file["content"];
    assert_eq!(c["msgtype"], "m.file", "{file:#}");
    assert_eq!(c["body"], "game-1.pgn");
    assert_eq!(c["filename"], "game-1.pgn");
    let pgn = String::from_utf8(download(&bob, c["url"].as_str().unwrap_or_default()).await?)?;
    assert!(pgn.contains("1. f3 e5 2. g4 Qh4#"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert_eq!(c["info"]["size"].as_u64(), Some(pgn.len() as u64));

    // A last command as a fence: everything before it has been answered.
    say(&room, "!chess games").await?;
    let fence = watch.next().await?;
    assert_ne!(fence["content"]["msgtype"], "m.image");
    tokio::time::sleep(Duration::from_millis(500)).await;
    let all = watch.bot_messages();
    assert_eq!(all.len(), watch.seen, "unexpected extra bot messages");
    let replies_to = |id: &OwnedEventId| {
        all.iter()
            .filter(|m| in_reply_to(m) == Some(id.as_str()))
            .count()
    };
    // Matrix users are told to type `!chess ...` (clients eat `/chess`).
    let hints = |m: &Value| m["content"]["body"].as_str().unwrap_or("").to_string();
    assert!(all.iter().any(|m| hints(m).contains("`!chess accept`")));
    assert!(
        all.iter().all(|m| !hints(m).contains("/chess")),
        "a slash command hint on Matrix"
    );
    assert_eq!(
        replies_to(&illegal),
        1,
        "the illegal move was answered again"
    );
    assert_eq!(replies_to(&mate), 0);
    // Counted outside the summary, whose lichess link repeats the moves.
    let count = |needle: &str| {
        all.iter()
            .filter(|m| {
                let body = m["content"]["body"].as_str().unwrap_or("");
                m["content"]["msgtype"] == "m.text"
                    && !body.contains("lichess.org")
                    && body.contains(needle)
            })
            .count()
    };
    assert_eq!(count("Checkmate"), 1);
    assert_eq!(count("Qh4#"), 1);
    assert_eq!(count("g4"), 1);
    assert_eq!(count("challenges"), 1);
    assert!(
        joined(&timeline, room_id.as_str(), bob_id.as_str()),
        "bob in the room"
    );
    eprintln!(
        "matrix_e2e: game over after {:.1} s",
        started.elapsed().as_secs_f64()
    );

    // Deadlines: a second game, a mention by bare name, the reminder and
    // the time-out posted by the deadline task as the clock moves.
    say(
        &bob_room,
        &format!("!chess challenge @{alice_name} black 1"),
    )
    .await?;
    let m = watch.expect("m.text", "challenges").await?;
    assert_eq!(
        m["content"]["m.mentions"]["user_ids"],
        serde_json::json!([alice_id.as_str()])
    );
    say(&room, "!chess accept").await?;
    watch.expect("m.text", "Game #2").await?;
    watch.expect("m.image", "+---").await?;
    clock.advance(chrono::TimeDelta::hours(20));
    let m = watch.expect("m.text", "your move in game #2").await?;
    assert_eq!(
        m["content"]["m.mentions"]["user_ids"],
        serde_json::json!([alice_id.as_str()])
    );
    watch.expect("m.image", "+---").await?;
    clock.advance(chrono::TimeDelta::hours(5));
    // An aborted game is said in words, without a board.
    watch.expect("m.text", "aborted").await?;
    // An aborted game has no summary and no PGN: the next thing the bot
    // says answers the next command.
    // (`games` is private: the room only hears that the answer went to
    // Alice's direct room.)
    say(&room, "!chess games").await?;
    watch.expect("m.notice", "direct message").await?;

    // A command sent in a thread is answered in that thread: public
    // replies with the fallback for clients without threads, errors as
    // replies to the command within the thread.
    let root = say(&room, "a thread about chess").await?;
    let in_thread = |text: &str, latest: &OwnedEventId| {
        let mut c = RoomMessageEventContent::text_plain(text);
        c.relates_to = Some(Relation::Thread(Thread::plain(
            root.clone(),
            latest.clone(),
        )));
        c
    };
    let asked = room
        .send(in_thread("!chess board", &root))
        .await?
        .response
        .event_id;
    let m = watch.next().await?;
    let check = |m: &Value, asked: &OwnedEventId, falling_back: bool| {
        let rel = &m["content"]["m.relates_to"];
        assert_eq!(rel["rel_type"], "m.thread", "{m:#}");
        assert_eq!(rel["event_id"], root.as_str(), "{m:#}");
        assert_eq!(
            rel["is_falling_back"].as_bool().unwrap_or(false),
            falling_back,
            "{m:#}"
        );
        assert_eq!(rel["m.in_reply_to"]["event_id"], asked.as_str(), "{m:#}");
    };
    check(&m, &asked, true);
    if m["content"]["msgtype"] != "m.image" {
        check(&watch.expect("m.image", "+---").await?, &asked, true);
    }
    let asked = room
        .send(in_thread("!chess move e4", &asked))
        .await?
        .response
        .event_id;
    let m = watch.expect("m.notice", "").await?;
    check(&m, &asked, false);

    // An encrypted room: the bot joins, reads the command and answers,
    // encrypted (the whole game is in `matrix_e2ee`).
    let mut create = CreateRoom::new();
    create.preset = Some(RoomPreset::PrivateChat);
    let secret_room = alice.create_room(create).await?;
    secret_room
        .send_state_event(RoomEncryptionEventContent::with_recommended_defaults())
        .await?;
    secret_room.invite_user_by_id(&bot_id).await?;
    let secret_id = secret_room.room_id().to_string();
    wait_until("the bot to join the encrypted room", || {
        joined(&timeline, &secret_id, bot_id.as_str())
    })
    .await?;
    let mut secret = BotWatch {
        timeline: timeline.clone(),
        bot: bot_id.to_string(),
        room: secret_id.clone(),
        seen: 0,
    };
    let asked = say(&secret_room, "!chess games").await?;
    let m = secret.expect("m.notice", "no running games").await?;
    assert_eq!(m["decrypted"], true, "{m:#}");
    assert_eq!(in_reply_to(&m), Some(asked.as_str()));

    bot.abort();
    follower.abort();
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn turn_notices_by_direct_message_in_matrix() {
    against_synapse("matrix_e2e DM notices", WHOLE, notices_by_dm).await;
}

/// On Matrix, Bob asks for his notices by direct message
/// (`!chess notify where:dm`); when Alice moves, the bot opens a direct
/// room with him (an invite marked `is_direct`), he joins it and finds the
/// "your move" notice there (encrypted, as the SDK makes direct rooms),
/// with the board; the game's room no longer mentions him. His next notice
/// comes in the same direct room.
async fn notices_by_dm(hs: Homeserver) -> anyhow::Result<()> {
    // Bob's client syncs from the start, so his device keys are on the
    // server before the bot encrypts for him, and shows a room's whole
    // (short) history when he joins it late: the bot writes in the direct
    // room before he accepts it.
    let mut scene = Scene::open(&hs, "d").await?;
    let (bob, room, bob_room) = (
        scene.bob.clone(),
        scene.room.clone(),
        scene.bob_room.clone(),
    );
    let bob_timeline = scene.bob_timeline.clone();
    let room_id = room.room_id().to_owned();
    let (bot_id, bob_id) = (scene.cast.bot_id.clone(), scene.cast.bob_id.clone());
    let (alice_name, bob_name) = (scene.cast.alice_name.clone(), scene.cast.bob_name.clone());
    let watch = &mut scene.watch;

    // The answer is private: in the game's room only a notice that it went
    // to Bob's direct room (which the bot opens now).
    let asked = say(&bob_room, "!chess notify where:dm").await?;
    let m = watch.expect("m.notice", "direct message").await?;
    assert_eq!(in_reply_to(&m), Some(asked.as_str()), "{m:#}");
    say(&room, &format!("!chess challenge @{bob_name} white")).await?;
    watch.expect("m.text", "challenges").await?;
    say(&bob_room, "!chess accept").await?;
    watch.expect("m.text", "Game #1").await?;
    watch.expect("m.image", "+---").await?;

    // Alice moves: the move in the room, without a mention of Bob.
    say(&room, "!chess move e4").await?;
    let m = watch.expect("m.text", "e4").await?;
    let mentioned = m["content"]["m.mentions"]["user_ids"].to_string();
    assert!(!mentioned.contains(bob_id.as_str()), "{m:#}");
    watch.expect("m.image", "+---").await?;

    // Bob is invited by the bot to a new room, marked direct.
    let mut dm_room = None;
    wait_until("bob's invite to a direct room", || {
        dm_room = bob_timeline
            .invites()
            .iter()
            .find(|e| {
                e["type"] == "m.room.member"
                    && e["state_key"] == bob_id.as_str()
                    && e["sender"] == bot_id.as_str()
                    && e["content"]["membership"] == "invite"
            })
            .cloned();
        dm_room.is_some()
    })
    .await?;
    let invite = dm_room.unwrap_or_default();
    assert_eq!(invite["content"]["is_direct"], true, "{invite:#}");
    let dm_id = invite["room_id"].as_str().unwrap_or_default().to_owned();
    assert_ne!(dm_id, room_id.as_str());
    let dm_room_id: matrix_sdk::ruma::OwnedRoomId = dm_id.as_str().try_into()?;
    // Bob accepts a while later, as people do: first a command the bot
    // answers, so it has gone through the syncs that saw the new room
    // (where it is alone until Bob joins) before he joins.
    let asked = say(&bob_room, "!chess games").await?;
    let m = watch.expect("m.notice", "direct message").await?;
    assert_eq!(in_reply_to(&m), Some(asked.as_str()), "{m:#}");
    bob.join_room_by_id(&dm_room_id).await?;

    // There: the answer to `notify`, the notice (encrypted, decrypted by
    // Bob) and the board, then his games.
    let mut dm = BotWatch {
        timeline: bob_timeline.clone(),
        bot: bot_id.to_string(),
        room: dm_id.clone(),
        seen: 0,
    };
    dm.expect("m.notice", "direct message").await?;
    let notice = dm
        .expect("m.text", "Your move in game #1")
        .await
        .map_err(|e| {
            let raw: Vec<Value> = bob_timeline
                .snapshot()
                .into_iter()
                .filter(|e| e["room_id"] == dm_id.as_str())
                .collect();
            anyhow!("{e:#}\nthe direct room's events: {raw:#?}")
        })?;
    let body = notice["content"]["body"].as_str().unwrap_or_default();
    assert!(
        body.contains(room_id.as_str()) && body.contains("played 1. e4"),
        "{notice:#}"
    );
    assert_eq!(notice["decrypted"], true, "{notice:#}");
    dm.expect("m.image", "+---").await?;
    dm.expect("m.notice", "#1").await?;
    let members = bob_timeline.snapshot();
    assert!(
        !members.iter().any(|e| {
            e["type"] == "m.room.member"
                && e["room_id"] == dm_id.as_str()
                && e["state_key"] == bot_id.as_str()
                && e["content"]["membership"] == "leave"
        }),
        "the bot left the direct room"
    );

    // Bob answers in the game's room; Alice (notices in the channel) is
    // mentioned there. Alice moves again: Bob's notice comes in the same
    // direct room, without a new invite.
    say(&bob_room, "!chess move e5").await?;
    let m = watch.expect("m.text", "e5").await?;
    let mentioned = m["content"]["m.mentions"]["user_ids"].to_string();
    assert!(mentioned.contains(&alice_name), "{m:#}");
    watch.expect("m.image", "+---").await?;
    say(&room, "!chess move Nf3").await?;
    watch.expect("m.text", "Nf3").await?;
    watch.expect("m.image", "+---").await?;
    let notice = dm.expect("m.text", "Your move in game #1").await?;
    let body = notice["content"]["body"].as_str().unwrap_or_default();
    assert!(body.contains("played 2. Nf3"), "{notice:#}");
    dm.expect("m.image", "+---").await?;
    let invites = bob_timeline
        .invites()
        .iter()
        .filter(|e| e["type"] == "m.room.member" && e["state_key"] == bob_id.as_str())
        .filter_map(|e| e["room_id"].as_str().map(str::to_owned))
        .collect::<std::collections::BTreeSet<String>>();
    assert_eq!(invites.len(), 1, "one direct room: {invites:?}");

    // Nothing else from the bot in either room.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(watch.bot_messages().len(), watch.seen, "extra bot messages");
    assert_eq!(dm.bot_messages().len(), dm.seen, "extra direct messages");
    Ok(())
}
