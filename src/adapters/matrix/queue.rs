//! Per-room command queues: each synced batch is saved as queued work and
//! handed to one worker per room, and the next sync starts at once. Rooms
//! run concurrently, each room's commands in order, so one slow command
//! (or a database outage in one place) holds up only its own room.

use std::collections::HashMap;

use matrix_sdk::ruma::OwnedRoomId;
use matrix_sdk::ruma::events::AnySyncTimelineEvent;
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::sync::SyncResponse;
use tokio::sync::mpsc;

use super::*;

/// Where each room's worker takes its events from.
pub(crate) type RoomQueues = HashMap<OwnedRoomId, mpsc::UnboundedSender<Queued>>;

/// The fields of an event needed to queue it.
#[derive(serde::Deserialize)]
struct Peek {
    #[serde(rename = "type")]
    kind: String,
    event_id: Option<String>,
    sender: Option<String>,
}

/// Whether an event may be a command for the bot: a message (or one the
/// SDK could not decrypt, which is logged) from someone else.
fn may_be_command(raw: &Raw<AnySyncTimelineEvent>, me: &str) -> Option<String> {
    let p = raw.deserialize_as_unchecked::<Peek>().ok()?;
    let kind_ok = p.kind == "m.room.message" || p.kind == "m.room.encrypted";
    (kind_ok && p.sender.as_deref() != Some(me)).then_some(p.event_id?)
}

impl Bot {
    /// The events of a batch that may be commands, room by room in
    /// timeline order, only those after the bot joined.
    pub(super) fn batch_events(&self, response: &SyncResponse) -> Vec<Queued> {
        let mut out = Vec::new();
        for (room_id, update) in &response.rooms.joined {
            let events = &update.timeline.events;
            let start = events
                .iter()
                .rposition(|e| is_own_join(e.raw(), &self.me))
                .map_or(0, |i| i + 1);
            if update.timeline.limited {
                tracing::warn!(room = %room_id, "sync gap: older events of this batch were not delivered");
            }
            for e in &events[start..] {
                if let Some(event) = may_be_command(e.raw(), self.me.as_str()) {
                    out.push(Queued {
                        room: room_id.clone(),
                        event,
                        raw: e.raw().clone(),
                    });
                }
            }
        }
        out
    }

    /// Queues a synced batch: saved with the token that follows it, then
    /// handed to the rooms. Returns without waiting for any command.
    pub(super) async fn queue_batch(self: &Arc<Self>, next: String, events: Vec<Queued>) {
        let fresh = {
            let mut p = self.progress.lock().await;
            if p.since.as_deref() == Some(next.as_str()) && events.is_empty() {
                return;
            }
            let fresh = p.accept(next, events);
            if let Err(e) = save_progress(&self.client, &p).await {
                tracing::warn!(error = %e, "could not save the progress");
            }
            fresh
        };
        for q in fresh {
            self.hand_to_room(q);
        }
    }

    /// Gives an event to its room's worker (started on the room's first
    /// event).
    pub(super) fn hand_to_room(self: &Arc<Self>, q: Queued) {
        let mut rooms = self
            .rooms
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let q = match rooms.get(&q.room) {
            Some(tx) => match tx.send(q) {
                Ok(()) => return,
                Err(mpsc::error::SendError(q)) => q,
            },
            None => q,
        };
        let (tx, rx) = mpsc::unbounded_channel();
        let room = q.room.clone();
        // Cannot fail: the receiver is alive right here.
        let _ = tx.send(q);
        rooms.insert(room.clone(), tx);
        drop(rooms);
        let bot = Arc::clone(self);
        self.workers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .spawn(with_command_style(
                CommandStyle::Bang,
                room_worker(bot, room, rx),
            ));
    }

    /// `event` leaves the queue (saved when that changed anything).
    async fn settle(&self, event: &str) {
        let mut p = self.progress.lock().await;
        if p.settle(event)
            && let Err(e) = save_progress(&self.client, &p).await
        {
            tracing::warn!(error = %e, "could not save the progress");
        }
    }

    /// Stops every room worker (the bot is shutting down).
    pub(super) fn stop_rooms(&self) {
        self.workers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .abort_all();
        self.rooms
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clear();
    }
}

/// Stops the room workers when dropped (with [`serve`]).
pub(super) struct StopRoomsOnDrop(pub(super) Arc<Bot>);

impl Drop for StopRoomsOnDrop {
    fn drop(&mut self) {
        self.0.stop_rooms();
    }
}

/// Handles one room's events in order, one at a time; shutdown waits for
/// the one in hand (`busy`), the rest stay queued for the next start.
async fn room_worker(bot: Arc<Bot>, room_id: OwnedRoomId, mut rx: mpsc::UnboundedReceiver<Queued>) {
    while let Some(q) = rx.recv().await {
        let _running = bot.busy.read().await;
        match bot.client.get_room(&room_id) {
            Some(room) => bot.on_event(&room, &q.raw).await,
            None => tracing::debug!(room = %room_id, "event of a room the bot left, dropped"),
        }
        bot.settle(&q.event).await;
    }
}
