//! Room policy: which invites the bot accepts (allowed servers, the room
//! cap), what counts as its own join, and leaving rooms where it is alone
//! or forgetting those it was kicked from.

use std::time::Duration;

use matrix_sdk::ruma::UserId;
use matrix_sdk::ruma::events::AnySyncTimelineEvent;
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::{Room, RoomState, sync::SyncResponse};

use super::*;

/// The fields of a timeline event needed to find the bot's own join.
#[derive(serde::Deserialize)]
pub(super) struct MemberPeek {
    #[serde(rename = "type")]
    kind: String,
    state_key: Option<String>,
    content: Option<MembershipPeek>,
    unsigned: Option<UnsignedPeek>,
}

#[derive(serde::Deserialize)]
pub(super) struct MembershipPeek {
    membership: Option<String>,
}

#[derive(serde::Deserialize)]
pub(super) struct UnsignedPeek {
    prev_content: Option<MembershipPeek>,
}

pub(super) fn is_own_join(raw: &Raw<AnySyncTimelineEvent>, me: &UserId) -> bool {
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
    pub(super) async fn on_invites(&self, response: &SyncResponse) {
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

    pub(super) async fn on_invite(&self, room: &Room) {
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
        let joined = self.client.joined_rooms().len();
        if !limits::room_cap_allows(joined, self.max_rooms) {
            tracing::warn!(room = %room.room_id(), inviter, joined, "invite refused (MATRIX_MAX_ROOMS)");
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
    }

    /// After a sync: leaves the rooms of the batch whose members changed
    /// and where the bot is now alone, and forgets the rooms it was kicked
    /// or banned from (or left).
    pub(super) async fn tidy_rooms(&self, response: &SyncResponse) {
        for (room_id, update) in &response.rooms.joined {
            let members_changed = update
                .timeline
                .events
                .iter()
                .any(|e| is_member_event(e.raw()));
            if !members_changed {
                continue;
            }
            let Some(room) = self.client.get_room(room_id) else {
                continue;
            };
            if limits::room_fate(true, room.joined_members_count()) == limits::RoomFate::Leave {
                tracing::info!(room = %room_id, "everyone else left; leaving");
                if let Err(e) = room.leave().await {
                    tracing::warn!(error = %e, room = %room_id, "could not leave");
                    continue;
                }
                self.forget(&room).await;
            }
        }
        for room_id in response.rooms.left.keys() {
            if let Some(room) = self.client.get_room(room_id) {
                tracing::info!(room = %room_id, "removed from the room; forgetting it");
                self.forget(&room).await;
            }
        }
    }

    async fn forget(&self, room: &Room) {
        if let Err(e) = room.forget().await {
            tracing::debug!(error = %e, room = %room.room_id(), "could not forget a room");
        }
    }
}

/// Whether a timeline event is an `m.room.member` event.
fn is_member_event(raw: &Raw<AnySyncTimelineEvent>) -> bool {
    raw.get_field::<String>("type")
        .ok()
        .flatten()
        .is_some_and(|t| t == "m.room.member")
}
