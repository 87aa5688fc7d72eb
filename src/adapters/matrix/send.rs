//! Sending the service's replies into Matrix rooms: text as `m.text` with
//! mention pills for the players the reply names, private answers (errors,
//! personal listings, notes, conditional moves) as `m.notice` in the direct
//! room with their reader (in a room shared with others, only a notice
//! that the answer went there, replying to the command), boards as uploaded `m.image` (the picture in
//! words as the body), PGNs as uploaded `m.file`. In an end-to-end encrypted room
//! the SDK encrypts every event and the files are uploaded encrypted (the
//! key travels inside the encrypted event). Send failures are logged, not
//! returned, so one bad reply does not hide the others.

use std::sync::Arc;

use matrix_sdk::ruma::events::Mentions;
use matrix_sdk::ruma::events::relation::Thread;
use matrix_sdk::ruma::events::room::message::{
    AddMentions, FileInfo, FileMessageEventContent, ForwardThread, ImageMessageEventContent,
    MessageType, Relation, ReplyMetadata, RoomMessageEventContent,
};
use matrix_sdk::ruma::events::room::{ImageInfo, MediaSource};
use matrix_sdk::ruma::{OwnedUserId, RoomId, UInt, UserId};
use matrix_sdk::{Room, RoomMemberships};

use super::format;
use super::{Bot, Origin, PLATFORM};
use crate::render::Renderer;
use crate::service::{
    Attachment, AttachmentKind, BoardImage, Event, Place, Reply, board_spec, messages as msg,
};

/// Width of board pictures.
pub const BOARD_SIZE: u32 = 512;
/// File name of board pictures.
pub const BOARD_FILE: &str = "board.png";
/// MIME type of PGN files.
pub const PGN_MIME: &str = "application/x-chess-pgn";
/// A rendered board: PNG bytes and size.
struct Png {
    bytes: Vec<u8>,
    width: u32,
    height: u32,
}

fn render(renderer: &Renderer, board: &BoardImage) -> Result<Png, String> {
    let position = board.position().map_err(|e| e.to_string())?;
    let spec = board_spec(board, &position).size(BOARD_SIZE);
    let bytes = renderer.png(&spec).map_err(|e| e.to_string())?;
    Ok(Png {
        bytes,
        width: spec.size,
        height: spec.height(),
    })
}

/// The (user id, name) pairs of the reply's mentions that are Matrix users.
fn matrix_mentions(reply: &Reply) -> Vec<(String, String)> {
    reply
        .mentions
        .iter()
        .filter_map(|a| {
            UserId::parse(&a.id)
                .ok()
                .map(|u: OwnedUserId| (u.to_string(), a.name.clone()))
        })
        .collect()
}

/// The most bytes of a reply's text in one event (Synapse refuses events
/// over 65,536 bytes with 413; the HTML part and the JSON around the text
/// take the rest).
pub const MAX_TEXT_BYTES: usize = 24 * 1024;

/// A reply's text within [`MAX_TEXT_BYTES`]: whole lines, then "…and N
/// more", so a long listing is cut, not refused.
#[must_use]
pub fn fitted_text(reply: &Reply) -> String {
    msg::fit_lines(reply.locale, &reply.text, MAX_TEXT_BYTES, str::len)
}

/// The text part of a reply as a message event.
pub(crate) fn text_content(reply: &Reply, origin: Option<&Origin>) -> RoomMessageEventContent {
    let fitted = fitted_text(reply);
    let reply = &Reply {
        text: fitted,
        ..reply.clone()
    };
    if reply.ephemeral {
        // Matrix has no private replies: a notice answering the command.
        let content =
            RoomMessageEventContent::notice_plain(&reply.text).add_mentions(Mentions::new());
        return match origin {
            Some(o) => content.make_reply_to(
                ReplyMetadata::new(&o.event_id, &o.sender, None),
                ForwardThread::No,
                AddMentions::No,
            ),
            None => content,
        };
    }
    let f = format::format_text(&reply.text, &matrix_mentions(reply));
    let ids = f
        .mentions
        .iter()
        .filter_map(|id| UserId::parse(id).ok())
        .collect::<Vec<_>>();
    let content = match f.html {
        Some(html) => RoomMessageEventContent::text_html(f.body, html),
        None => RoomMessageEventContent::text_plain(f.body),
    };
    content.add_mentions(Mentions::with_user_ids(ids))
}

/// Puts `content` in the thread of the command it answers, if that was
/// sent in a thread: a reply (to the command) stays a reply within the
/// thread; anything else follows the spec's fallback for clients without
/// threads (`is_falling_back`, replying to the command).
pub(crate) fn threaded(
    mut content: RoomMessageEventContent,
    origin: Option<&Origin>,
) -> RoomMessageEventContent {
    let Some((origin, root)) = origin.and_then(|o| o.thread.clone().map(|t| (o, t))) else {
        return content;
    };
    let thread = match &content.relates_to {
        Some(Relation::Reply(reply)) => Thread::reply(root, reply.in_reply_to.event_id.clone()),
        _ => Thread::plain(root, origin.event_id.clone()),
    };
    content.relates_to = Some(Relation::Thread(thread));
    content
}

impl Bot {
    /// Posts one reply into its room (a direct message into the direct
    /// room with its user). Replies for other platforms or rooms the bot is
    /// not in are logged and skipped.
    pub(crate) async fn post(&self, reply: &Reply, origin: Option<&Origin>) {
        if reply.place.platform != PLATFORM {
            tracing::warn!(
                platform = reply.place.platform.as_str(),
                channel = reply.place.channel.as_str(),
                "reply not for a Matrix room, skipped"
            );
            return;
        }
        let room = match reply.place.direct_user() {
            Some(user) => self.direct_room(user).await,
            None => RoomId::parse(&reply.place.channel)
                .ok()
                .and_then(|id| self.client.get_room(&id)),
        };
        let Some(room) = room else {
            if let Some(instead) = reply.fallback.as_deref() {
                // No direct room with the user: the notice goes to the
                // game's room instead.
                return Box::pin(self.post(instead, None)).await;
            }
            tracing::warn!(
                channel = reply.place.channel.as_str(),
                "reply for a room the bot is not in, skipped"
            );
            return;
        };
        // Replies and threads only within the command's own room.
        let origin = origin.filter(|o| o.room == room.room_id());
        // Matrix has no ephemeral messages: what the service marks private
        // goes where its reader alone can read it.
        if reply.ephemeral && reply.place.direct_user().is_none() {
            let Some(o) = origin else {
                tracing::warn!(room = %room.room_id(), "a private reply without its reader, skipped");
                return;
            };
            if !self.private_with(&room, &o.sender).await {
                return Box::pin(self.post_privately(reply, &room, o)).await;
            }
        }
        self.post_in(&room, reply, origin).await;
    }

    /// Posts `reply` into `room` (a command's `origin` when it was sent
    /// there): its text, board and files.
    async fn post_in(&self, room: &Room, reply: &Reply, origin: Option<&Origin>) {
        if let Some(Event::Pgn { pgn }) = &reply.event
            && !pgn.is_empty()
        {
            self.send_pgn(room, pgn, origin).await;
            return;
        }
        // Deadlines read "(in 2 days)" beside their UTC time, and the
        // summary's link goes at the end of the text.
        let mut shown = reply.clone();
        shown.text = msg::with_relative_times(reply.locale, &reply.text, self.service.now());
        // A link the text already shows is not shown twice.
        if let Some(link) = reply.link.as_ref().filter(|l| !shown.text.contains(&l.url)) {
            shown.text = format!("{}\n{}: {}", shown.text, link.label, link.url);
        }
        let reply = &shown;
        if !reply.text.is_empty()
            && let Err(e) = room
                .send(threaded(text_content(reply, origin), origin))
                .await
        {
            tracing::warn!(error = %e, room = %room.room_id(), "could not send a reply");
        }
        if let Some(board) = &reply.board {
            self.send_board(room, board, reply.locale, origin).await;
        }
        for file in &reply.files {
            self.send_attachment(room, file, origin).await;
        }
    }

    /// Posts replies in order, each followed by what its follow-up gives
    /// (a finished game's summary, after the engine's analysis).
    pub(crate) async fn post_all(&self, replies: &[Reply], origin: Option<&Origin>) {
        for reply in replies {
            self.post(reply, origin).await;
        }
        for reply in replies {
            if let Some(work) = &reply.follow_up {
                for next in self.service.follow_up(work).await {
                    self.post(&next, origin).await;
                }
                self.service.ack_follow_up(work).await;
            }
        }
        self.leave_finished_league_rooms(replies).await;
    }

    /// Uploads a summary's card or GIF as `m.image`, a PGN or a tournament
    /// report as `m.file`.
    async fn send_attachment(&self, room: &Room, file: &Attachment, origin: Option<&Origin>) {
        let mime: mime::Mime = file
            .kind
            .mime()
            .parse()
            .unwrap_or(mime::APPLICATION_OCTET_STREAM);
        let size = file.bytes.len();
        let Some(source) = self.upload(room, &mime, file.bytes.to_vec()).await else {
            return;
        };
        let content = match file.kind {
            AttachmentKind::Card | AttachmentKind::Animation => {
                let mut info = ImageInfo::new();
                if let Some((w, h)) = image_size(&file.bytes) {
                    info.width = Some(UInt::from(w));
                    info.height = Some(UInt::from(h));
                }
                info.mimetype = Some(mime.to_string());
                info.size = UInt::try_from(size).ok();
                // The file's name as before, then the picture in words.
                let body = match &file.alt {
                    Some(alt) => format!("{}\n\n{alt}", file.filename),
                    None => file.filename.clone(),
                };
                let mut image = ImageMessageEventContent::new(body, source).info(Box::new(info));
                image.filename = Some(file.filename.clone());
                RoomMessageEventContent::new(MessageType::Image(image))
            }
            AttachmentKind::Pgn | AttachmentKind::Report => {
                let mut info = FileInfo::new();
                info.mimetype = Some(mime.to_string());
                info.size = UInt::try_from(size).ok();
                let mut f = FileMessageEventContent::new(file.filename.clone(), source)
                    .info(Box::new(info));
                f.filename = Some(file.filename.clone());
                RoomMessageEventContent::new(MessageType::File(f))
            }
        };
        let content = threaded(content.add_mentions(Mentions::new()), origin);
        if let Err(e) = room.send(content).await {
            tracing::warn!(error = %e, room = %room.room_id(), "could not send a file");
        }
    }

    /// Whether only the bot and `user` are in `room` (joined or invited):
    /// there a private answer may stay. Unknown members count as others.
    async fn private_with(&self, room: &Room, user: &UserId) -> bool {
        match room.members(RoomMemberships::ACTIVE).await {
            Ok(members) => members
                .iter()
                .all(|m| m.user_id() == user || Some(m.user_id()) == self.client.user_id()),
            Err(e) => {
                tracing::warn!(error = %e, room = %room.room_id(), "room members unknown; answering privately");
                false
            }
        }
    }

    /// Posts private `reply` to the command `origin` in the direct room
    /// with its sender, and tells the command's room (a notice replying to
    /// the command) that the answer went there, or that no direct room
    /// could be opened: the room sees nothing of the answer itself.
    async fn post_privately(&self, reply: &Reply, room: &Room, origin: &Origin) {
        let sender = origin.sender.as_str();
        let delivered = match self.direct_room(sender).await {
            Some(dm) => {
                let mut private = reply.clone();
                private.place = Place::direct(PLATFORM, sender);
                private.fallback = None;
                self.post_in(&dm, &private, None).await;
                true
            }
            None => false,
        };
        let text = if delivered {
            msg::answered_privately(reply.locale)
        } else {
            msg::no_private_room(reply.locale)
        };
        let mut notice = reply.clone();
        notice.text = text;
        notice.board = None;
        notice.files = Vec::new();
        notice.event = None;
        notice.link = None;
        if let Err(e) = room
            .send(threaded(text_content(&notice, Some(origin)), Some(origin)))
            .await
        {
            tracing::warn!(error = %e, room = %room.room_id(), "could not send a reply");
        }
    }

    /// The direct room with `user`: the first one the bot shares with them,
    /// else a new one the bot opens and invites them to (end-to-end
    /// encrypted, as the SDK creates direct rooms). `None` (logged)
    /// when `user` is not a user id or the homeserver refuses.
    async fn direct_room(&self, user: &str) -> Option<Room> {
        let id = UserId::parse(user)
            .map_err(|e| tracing::warn!(error = %e, user, "not a Matrix user id"))
            .ok()?;
        // One direct room per user: the SDK finds it in the account's
        // `m.direct` data once a sync has brought that back, and until then
        // (a second private answer right after the first) this process
        // remembers the room it opened.
        let mut opened = self.direct_rooms.lock().await;
        if let Some(room) = opened.get(&id).and_then(|r| self.client.get_room(r)) {
            return Some(room);
        }
        if let Some(room) = self.client.get_dm_room(&id) {
            return Some(room);
        }
        let room = self
            .client
            .create_dm(&id)
            .await
            .map_err(|e| tracing::warn!(error = %e, user, "could not open a direct room"))
            .ok()?;
        opened.insert(id, room.room_id().to_owned());
        Some(room)
    }

    /// Uploads a file for `room`: encrypted when the room is (the key in
    /// the returned source), else plain. `None` (logged) when the upload
    /// fails or the room's encryption cannot be known.
    async fn upload(&self, room: &Room, mime: &mime::Mime, bytes: Vec<u8>) -> Option<MediaSource> {
        let encrypted = match room.latest_encryption_state().await {
            Ok(state) => state.is_encrypted(),
            Err(e) => {
                // Never risk a plain upload into an encrypted room.
                tracing::warn!(error = %e, room = %room.room_id(), "room encryption unknown; no upload");
                return None;
            }
        };
        let uploaded = if encrypted {
            let mut reader = std::io::Cursor::new(bytes);
            self.client
                .upload_encrypted_file(&mut reader)
                .await
                .map(|file| MediaSource::Encrypted(Box::new(file)))
                .map_err(|e| e.to_string())
        } else {
            self.client
                .media()
                .upload(mime, bytes, None)
                .await
                .map(|r| MediaSource::Plain(r.content_uri))
                .map_err(|e| e.to_string())
        };
        uploaded
            .map_err(|e| tracing::warn!(error = e.as_str(), encrypted, "media upload failed"))
            .ok()
    }

    /// Uploads a board as `m.image` whose body is the picture in words
    /// (what screen readers and text-only clients show); without a
    /// picture, the text board.
    async fn send_board(
        &self,
        room: &Room,
        board: &BoardImage,
        locale: crate::i18n::Locale,
        origin: Option<&Origin>,
    ) {
        let Ok(position) = board.position() else {
            tracing::warn!(fen = board.fen.as_str(), "board with a bad FEN skipped");
            return;
        };
        let text_board = crate::render::text_board(&position, board.flip);
        let renderer = Arc::clone(&self.renderer);
        let job = board.clone();
        let png = match tokio::task::spawn_blocking(move || render(&renderer, &job)).await {
            Ok(Ok(png)) => Some(png),
            Ok(Err(e)) => {
                tracing::warn!(error = e.as_str(), "board picture not rendered");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "board rendering task failed");
                None
            }
        };
        let size = png.as_ref().map(|p| p.bytes.len());
        let uploaded = match png {
            Some(p) => self
                .upload(room, &mime::IMAGE_PNG, p.bytes)
                .await
                .map(|source| (source, p.width, p.height)),
            None => None,
        };
        let content = match uploaded {
            Some((source, width, height)) => {
                let mut info = ImageInfo::new();
                info.width = Some(UInt::from(width));
                info.height = Some(UInt::from(height));
                info.mimetype = Some(mime::IMAGE_PNG.to_string());
                info.size = size.and_then(|s| UInt::try_from(s).ok());
                // The text board first (clients without pictures show it
                // monospaced, as before), then the picture in words.
                let body = format!("{text_board}\n\n{}", board.alt(locale));
                let mut image = ImageMessageEventContent::new(body, source).info(Box::new(info));
                image.filename = Some(BOARD_FILE.to_string());
                RoomMessageEventContent::new(MessageType::Image(image))
            }
            // No picture: the text board, monospaced.
            None => RoomMessageEventContent::text_html(
                text_board.clone(),
                format!(
                    "<pre><code>{}</code></pre>",
                    format::escape_html(&text_board)
                ),
            ),
        };
        let content = threaded(content.add_mentions(Mentions::new()), origin);
        if let Err(e) = room.send(content).await {
            tracing::warn!(error = %e, room = %room.room_id(), "could not send a board");
        }
    }

    async fn send_pgn(&self, room: &Room, pgn: &str, origin: Option<&Origin>) {
        let name = format::pgn_file_name(pgn);
        let mime: mime::Mime = PGN_MIME.parse().unwrap_or(mime::TEXT_PLAIN_UTF_8);
        let bytes = pgn.as_bytes().to_vec();
        let size = bytes.len();
        let content = match self.upload(room, &mime, bytes).await {
            Some(source) => {
                let mut info = FileInfo::new();
                info.mimetype = Some(mime.to_string());
                info.size = UInt::try_from(size).ok();
                let mut file =
                    FileMessageEventContent::new(name.clone(), source).info(Box::new(info));
                file.filename = Some(name);
                RoomMessageEventContent::new(MessageType::File(file))
            }
            // No upload: the PGN as text.
            None => RoomMessageEventContent::text_html(
                pgn.to_string(),
                format!("<pre><code>{}</code></pre>", format::escape_html(pgn)),
            ),
        };
        let content = threaded(content.add_mentions(Mentions::new()), origin);
        if let Err(e) = room.send(content).await {
            tracing::warn!(error = %e, room = %room.room_id(), "could not send a PGN");
        }
    }
}

/// Width and height of a PNG or GIF, from its header.
fn image_size(bytes: &[u8]) -> Option<(u32, u32)> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") && bytes.len() >= 24 {
        let w = u32::from_be_bytes(bytes[16..20].try_into().ok()?);
        let h = u32::from_be_bytes(bytes[20..24].try_into().ok()?);
        return Some((w, h));
    }
    if bytes.starts_with(b"GIF8") && bytes.len() >= 10 {
        let w = u16::from_le_bytes([bytes[6], bytes[7]]);
        let h = u16::from_le_bytes([bytes[8], bytes[9]]);
        return Some((u32::from(w), u32::from(h)));
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::{Actor, Place};

    fn reply(text: &str, ephemeral: bool, mentions: &[(&str, &str)]) -> Reply {
        let place = Place {
            platform: PLATFORM.into(),
            guild: Some("hs".into()),
            channel: "!r:hs".into(),
        };
        Reply {
            mentions: mentions
                .iter()
                .map(|(id, name)| Actor {
                    id: (*id).into(),
                    name: (*name).into(),
                })
                .collect(),
            ephemeral,
            ..Reply::new(place, text.into(), crate::i18n::Locale::En)
        }
    }

    fn json(c: &RoomMessageEventContent) -> serde_json::Value {
        serde_json::to_value(c).unwrap()
    }

    #[test]
    fn errors_are_notices_replying_to_the_command_without_mentions() {
        let origin = Origin {
            room: matrix_sdk::ruma::OwnedRoomId::try_from("!r:hs").unwrap(),
            event_id: matrix_sdk::ruma::OwnedEventId::try_from("$cmd:hs").unwrap(),
            sender: UserId::parse("@a:hs").unwrap(),
            thread: None,
        };
        let v = json(&text_content(
            &reply("Illegal move <x>", true, &[("@a:hs", "A")]),
            Some(&origin),
        ));
        assert_eq!(v["msgtype"], "m.notice");
        assert_eq!(v["body"], "Illegal move <x>");
        assert_eq!(v["m.relates_to"]["m.in_reply_to"]["event_id"], "$cmd:hs");
        assert_eq!(v["m.mentions"], serde_json::json!({}));
    }

    #[test]
    fn replies_to_a_command_in_a_thread_stay_in_the_thread() {
        let origin = Origin {
            room: matrix_sdk::ruma::OwnedRoomId::try_from("!r:hs").unwrap(),
            event_id: matrix_sdk::ruma::OwnedEventId::try_from("$cmd:hs").unwrap(),
            sender: UserId::parse("@a:hs").unwrap(),
            thread: Some(matrix_sdk::ruma::OwnedEventId::try_from("$root:hs").unwrap()),
        };
        // A public reply: in the thread, falling back to a reply to the command.
        let v = json(&threaded(
            text_content(&reply("Alice plays e4", false, &[]), Some(&origin)),
            Some(&origin),
        ));
        let rel = &v["m.relates_to"];
        assert_eq!(rel["rel_type"], "m.thread");
        assert_eq!(rel["event_id"], "$root:hs");
        assert_eq!(rel["is_falling_back"], true);
        assert_eq!(rel["m.in_reply_to"]["event_id"], "$cmd:hs");
        // An error: a real reply to the command, within the thread.
        let v = json(&threaded(
            text_content(&reply("Illegal move", true, &[]), Some(&origin)),
            Some(&origin),
        ));
        let rel = &v["m.relates_to"];
        assert_eq!(rel["rel_type"], "m.thread");
        assert_eq!(rel["event_id"], "$root:hs");
        // `is_falling_back: false` is left out.
        assert_ne!(rel["is_falling_back"], true);
        assert_eq!(rel["m.in_reply_to"]["event_id"], "$cmd:hs");
        // Outside a thread nothing changes.
        let plain = Origin {
            thread: None,
            ..origin
        };
        let v = json(&threaded(
            text_content(&reply("Alice plays e4", false, &[]), Some(&plain)),
            Some(&plain),
        ));
        assert!(v.get("m.relates_to").is_none(), "{v}");
    }

    #[test]
    fn public_replies_pill_only_matrix_users_the_reply_names() {
        let v = json(&text_content(
            &reply(
                "Alice challenges Bob @room",
                false,
                &[("@alice:hs", "Alice"), ("console-name", "Bob")],
            ),
            None,
        ));
        assert_eq!(v["msgtype"], "m.text");
        assert_eq!(
            v["m.mentions"]["user_ids"],
            serde_json::json!(["@alice:hs"])
        );
        assert_eq!(
            v["formatted_body"],
            "<a href=\"https://matrix.to/#/@alice:hs\">Alice</a> challenges Bob @room"
        );
        assert_eq!(v["format"], "org.matrix.custom.html");
    }

    #[test]
    fn boards_render_with_their_real_size() {
        let board = BoardImage {
            fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
            last_move: None,
            flip: true,
            result: None,
            names: Some(["Alice".into(), "Иван".into()]),
            deadline: Some("2d 4h".into()),
            theme: crate::render::Theme::default(),
            start_fen: None,
        };
        let png = render(&Renderer::new(), &board).unwrap();
        assert_eq!(&png.bytes[..8], b"\x89PNG\r\n\x1a\n");
        assert_eq!(png.width, BOARD_SIZE);
        // IHDR: width and height, big-endian, at bytes 16..24.
        let h = u32::from_be_bytes(png.bytes[20..24].try_into().unwrap());
        assert_eq!(h, png.height);
        assert!(
            render(
                &Renderer::new(),
                &BoardImage {
                    fen: "bad".into(),
                    ..board
                }
            )
            .is_err()
        );
    }
}
