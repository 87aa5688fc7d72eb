//! Commands: each synced message becomes a service command (once, even
//! across a crash), with its mentions resolved, and its replies are sent.

use matrix_sdk::ruma::events::room::encrypted::OriginalSyncRoomEncryptedEvent;
use matrix_sdk::ruma::events::room::message::{
    FileMessageEventContent, MessageFormat, MessageType, OriginalSyncRoomMessageEvent, Relation,
};
use matrix_sdk::ruma::events::{
    AnySyncMessageLikeEvent, AnySyncTimelineEvent, SyncMessageLikeEvent,
};
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::ruma::{RoomId, UserId};
use matrix_sdk::{Room, RoomMemberships};

use super::text;
use super::*;
use crate::service::{
    Actor, Command, MatchCommand, Place, TeamCommand, error_reply, messages as msg,
};

/// How often an undecryptable message is tried again, and the pause
/// between tries (room keys arrive by to-device message or from the
/// backup, usually within a second).
const LATE_DECRYPTION_TRIES: u32 = 3;
const LATE_DECRYPTION_PAUSE: std::time::Duration = std::time::Duration::from_millis(700);

/// Whether a file message is a PGN: by its name (`.pgn`) or its type.
fn is_pgn_file(f: &FileMessageEventContent) -> bool {
    let name = f.filename().to_ascii_lowercase();
    let mime = f.info.as_ref().and_then(|i| i.mimetype.as_deref());
    name.ends_with(".pgn")
        || mime.is_some_and(|m| {
            m.eq_ignore_ascii_case(super::send::PGN_MIME)
                || m.eq_ignore_ascii_case("application/vnd.chess-pgn")
        })
}

impl Bot {
    /// Starts handling a command event (saved before the service runs it;
    /// see [`Progress::begin`]).
    pub(super) async fn begin(&self, event: &matrix_sdk::ruma::EventId) -> Begin {
        let mut p = self.progress.lock().await;
        let begin = p.begin(event.as_str());
        if begin != Begin::Done
            && let Err(e) = save_progress(&self.client, &p).await
        {
            tracing::warn!(error = %e, "could not save the progress");
        }
        begin
    }

    /// Records a handled command (before its replies go out: a crash then
    /// loses the replies, never applies a command twice).
    pub(super) async fn mark_done(&self, event: &matrix_sdk::ruma::EventId) {
        let mut p = self.progress.lock().await;
        p.finish(event.as_str());
        if let Err(e) = save_progress(&self.client, &p).await {
            tracing::warn!(error = %e, "could not save the progress");
        }
    }

    pub(super) fn place(&self, room: &RoomId) -> Place {
        let server = format::server_of(room.as_str())
            .unwrap_or_else(|| self.me.server_name().as_str())
            .to_string();
        Place {
            platform: PLATFORM.to_string(),
            guild: Some(server),
            channel: room.to_string(),
        }
    }

    pub(super) async fn on_event(self: &Arc<Self>, room: &Room, raw: &Raw<AnySyncTimelineEvent>) {
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
            // Still encrypted after the SDK tried: its room key may come
            // from the key backup, else the sender is told once.
            AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomEncrypted(
                SyncMessageLikeEvent::Original(e),
            )) => match self.decrypt_late(room, raw, &e).await {
                Some(m) => self.on_message(room, &m).await,
                None => self.tell_undecryptable(room, &e).await,
            },
            // Redacted messages, redactions, reactions, state: nothing to do.
            _ => {}
        }
    }

    /// An event the SDK could not decrypt, decrypted again after asking the
    /// key backup for its room key (a bot recovering from a lost store) and
    /// giving a room key on its way a moment: the message, if it is one.
    async fn decrypt_late(
        &self,
        room: &Room,
        raw: &Raw<AnySyncTimelineEvent>,
        e: &OriginalSyncRoomEncryptedEvent,
    ) -> Option<OriginalSyncRoomMessageEvent> {
        use matrix_sdk::ruma::events::room::encrypted::EncryptedEventScheme;
        let session = match &e.content.scheme {
            EncryptedEventScheme::MegolmV1AesSha2(c) => c.session_id.clone(),
            _ => return None,
        };
        for attempt in 0..LATE_DECRYPTION_TRIES {
            if attempt > 0 {
                tokio::time::sleep(LATE_DECRYPTION_PAUSE).await;
            }
            let backups = self.client.encryption().backups();
            if backups.are_enabled().await
                && let Err(err) = backups.download_room_key(room.room_id(), &session).await
            {
                tracing::debug!(error = %err, "no room key in the backup (yet)");
            }
            let Ok(decrypted) = room
                .decrypt_event(
                    raw.cast_ref_unchecked::<OriginalSyncRoomEncryptedEvent>(),
                    None,
                )
                .await
            else {
                continue;
            };
            let Ok(AnySyncTimelineEvent::MessageLike(AnySyncMessageLikeEvent::RoomMessage(
                SyncMessageLikeEvent::Original(m),
            ))) = decrypted.raw().deserialize()
            else {
                return None;
            };
            tracing::info!(room = %room.room_id(), event = %m.event_id, "decrypted late");
            return Some(m);
        }
        None
    }

    /// Tells the sender of an undecryptable message, once per room, why
    /// the bot is silent and what to do.
    async fn tell_undecryptable(&self, room: &Room, e: &OriginalSyncRoomEncryptedEvent) {
        tracing::warn!(room = %room.room_id(), event = %e.event_id, "could not decrypt an event");
        let first = self
            .told_undecryptable
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert((room.room_id().to_owned(), e.sender.clone()));
        if !first {
            return;
        }
        let place = self.place(room.room_id());
        let l = self
            .service
            .locale_for(&place, crate::service::LocalePrefs::default())
            .await;
        let mut r = error_reply(&place, "cannot_decrypt", msg::cannot_decrypt(l));
        r.locale = l;
        let origin = Origin {
            room: room.room_id().to_owned(),
            event_id: e.event_id.clone(),
            sender: e.sender.clone(),
            thread: None,
        };
        self.post(&r, Some(&origin)).await;
    }

    pub(super) async fn on_message(
        self: &Arc<Self>,
        room: &Room,
        m: &OriginalSyncRoomMessageEvent,
    ) {
        // Edits would replay a command; ignore them.
        if matches!(m.content.relates_to, Some(Relation::Replacement(_))) {
            return;
        }
        // A command is a text message, or the caption of a PGN file (the
        // game a `challenge` continues).
        let (input, pgn_file) = match &m.content.msgtype {
            MessageType::Text(t) => {
                let html = t
                    .formatted
                    .as_ref()
                    .filter(|f| f.format == MessageFormat::Html)
                    .map(|f| f.body.as_str());
                (format::command_text(&t.body, html), None)
            }
            MessageType::File(f) if is_pgn_file(f) => {
                let Some(caption) = f.caption() else {
                    return;
                };
                let html = f
                    .formatted_caption()
                    .filter(|c| c.format == MessageFormat::Html)
                    .map(|c| c.body.as_str());
                (format::command_text(caption, html), Some(f))
            }
            _ => return,
        };
        let place = self.place(room.room_id());
        let parsed = match text::parse(&input) {
            Ok(None) => return,
            Ok(Some(cmd)) => Ok(cmd),
            Err(e) => Err(e),
        };
        match self.begin(&m.event_id).await {
            Begin::Run => {}
            Begin::Done => {
                tracing::debug!(event = %m.event_id, "handled before a restart; skipped");
                return;
            }
            Begin::Interrupted => {
                tracing::warn!(event = %m.event_id, "command interrupted by a restart; not run again");
                let l = self
                    .service
                    .locale_for(&place, crate::service::LocalePrefs::default())
                    .await;
                let mut r = error_reply(&place, "interrupted", msg::command_interrupted(l));
                r.locale = l;
                self.post(&r, Some(&Origin::of(room.room_id(), m))).await;
                return;
            }
        }
        let verdict = self
            .limiter
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .check(
                m.sender.as_str(),
                room.room_id().as_str(),
                std::time::Instant::now(),
            );
        if verdict != limits::Verdict::Run {
            tracing::info!(event = %m.event_id, user = %m.sender, ?verdict, "rate limited");
            self.mark_done(&m.event_id).await;
            if verdict == limits::Verdict::SlowDown {
                let l = self
                    .service
                    .locale_for(&place, crate::service::LocalePrefs::default())
                    .await;
                let mut r = error_reply(&place, "limit", msg::slow_down(l));
                r.locale = l;
                self.post(&r, Some(&Origin::of(room.room_id(), m))).await;
            }
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
                let mut cmd = self.resolve_mentions(room, cmd).await;
                if let (Some(file), Command::Challenge { options, .. }) = (pgn_file, &mut cmd)
                    && options.extras.pgn.is_none()
                {
                    options.extras.pgn = Some(self.pgn_file_text(file).await);
                }
                let prefs = crate::service::LocalePrefs {
                    moderator: self.is_moderator(room, &m.sender).await,
                    ..Default::default()
                };
                // A direct room gets no spectator page, whatever is asked.
                self.keep_direct_room_unwatched(room).await;
                let refused = match &cmd {
                    Command::Pages { on: true } => {
                        self.refuse_pages_in_direct_room(room, &place).await
                    }
                    _ => None,
                };
                let replies = match refused {
                    Some(r) => vec![r],
                    None => self.service.handle_with(&place, &by, cmd, prefs).await,
                };
                // A room per league game a start created
                // (opened in the background, see `league`).
                self.open_league_rooms(replies)
            }
        };
        self.mark_done(&m.event_id).await;
        self.post_all(&replies, Some(&Origin::of(room.room_id(), m)))
            .await;
    }

    /// The text of a PGN file. One over the import limit is not
    /// downloaded (by its declared size), or its download is stopped at the
    /// limit (no size declared, or a false one): its stand-in is as long,
    /// so the service refuses it as too large in the caller's language; one
    /// that cannot be downloaded (or decrypted) reads as empty and is
    /// refused as holding no game.
    async fn pgn_file_text(&self, file: &FileMessageEventContent) -> String {
        let max = crate::chess::MAX_IMPORT_BYTES;
        let size = file
            .info
            .as_ref()
            .and_then(|i| i.size)
            .and_then(|s| usize::try_from(u64::from(s)).ok());
        if size.is_some_and(|s| s > max) {
            return " ".repeat(max + 1);
        }
        match super::pgn_file::pgn_text_within(&self.client, file, max).await {
            Ok(Some(text)) => text,
            Ok(None) => " ".repeat(max + 1),
            Err(e) => {
                tracing::warn!(error = %e, "downloading a PGN file failed");
                String::new()
            }
        }
    }

    /// Whether `user` moderates `room`: power level 50 or more (or a room
    /// creator, whose power is unbounded from room version 12).
    pub(super) async fn is_moderator(&self, room: &Room, user: &UserId) -> bool {
        match room.get_member(user).await {
            Ok(Some(member)) => {
                member.power_level() >= matrix_sdk::ruma::Int::from(MODERATOR_POWER_LEVEL)
            }
            _ => false,
        }
    }

    pub(super) async fn display_name(&self, room: &Room, user: &UserId) -> String {
        match room.get_member(user).await {
            Ok(Some(member)) => member.name().to_string(),
            _ => user.localpart().to_string(),
        }
    }

    /// Turns a mention from the text grammar (`bob:example.org` after the
    /// `@` was stripped, or a bare `bob`) into the Matrix user and their
    /// display name here.
    pub(super) async fn resolve_actor(&self, room: &Room, actor: Actor) -> Actor {
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

    pub(super) async fn resolve_mentions(&self, room: &Room, cmd: Command) -> Command {
        match cmd {
            Command::Challenge {
                opponent: Some(o),
                options,
            } => Command::Challenge {
                opponent: Some(self.resolve_actor(room, o).await),
                options,
            },
            Command::History { user: Some(u) } => Command::History {
                user: Some(self.resolve_actor(room, u).await),
            },
            Command::Stats {
                player,
                vs,
                variant,
            } => Command::Stats {
                variant,
                player: match player {
                    Some(u) => Some(self.resolve_actor(room, u).await),
                    None => None,
                },
                vs: match vs {
                    Some(u) => Some(self.resolve_actor(room, u).await),
                    None => None,
                },
            },
            // Named members are matched with voters by user id: a typed
            // `@bob:hs` (or a bare `bob`) becomes the user, as elsewhere.
            Command::Team(TeamCommand::Members { add, remove, only }) => {
                let (mut added, mut removed) = (Vec::new(), Vec::new());
                for a in add {
                    added.push(self.resolve_actor(room, a).await);
                }
                for a in remove {
                    removed.push(self.resolve_actor(room, a).await);
                }
                Command::Team(TeamCommand::Members {
                    add: added,
                    remove: removed,
                    only,
                })
            }
            // A team is shown by its room's name (`Red`), as Discord shows
            // `#red`, rather than by the room's id.
            Command::Team(TeamCommand::Challenge(mut c)) => {
                c.here_name = c.here_name.or_else(|| room_name(room));
                Command::Team(TeamCommand::Challenge(c))
            }
            Command::Team(TeamCommand::Accept { code, here_name }) => {
                Command::Team(TeamCommand::Accept {
                    code,
                    here_name: here_name.or_else(|| room_name(room)),
                })
            }
            Command::Team(TeamCommand::Match(MatchCommand::Create {
                boards,
                days,
                rounds,
                here_name,
            })) => Command::Team(TeamCommand::Match(MatchCommand::Create {
                boards,
                days,
                rounds,
                here_name: here_name.or_else(|| room_name(room)),
            })),
            Command::Team(TeamCommand::Match(MatchCommand::Accept { code, here_name })) => {
                Command::Team(TeamCommand::Match(MatchCommand::Accept {
                    code,
                    here_name: here_name.or_else(|| room_name(room)),
                }))
            }
            other => other,
        }
    }
}

/// The room's name (its `m.room.name`), when it has one: how a team
/// playing in the room is shown.
fn room_name(room: &Room) -> Option<String> {
    room.name()
        .map(|n| n.trim().to_string())
        .filter(|n| !n.is_empty())
}

/// The power level of a room moderator (Element's "Moderator" role).
const MODERATOR_POWER_LEVEL: u8 = 50;
