//! Room policy: which invites the bot accepts, what counts as its own join,
//! and the notice in rooms it cannot play in.

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

    pub(super) async fn warn_encrypted(&self, room: &Room) {
        let first = self
            .warned
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(room.room_id().to_string());
        if first {
            send::notice(room, send::ENCRYPTED_NOTICE).await;
        }
    }
}
