//! Room policy: which invites the bot accepts (allowed servers, the room
//! cap), what counts as its own join, and leaving rooms where no one else
//! is joined or invited and no game runs (read from the member list, not
//! the sync summary's count, which only lazy loading fills in), or
//! forgetting those it was kicked from.

use std::time::Duration;

use matrix_sdk::ruma::UserId;
use matrix_sdk::ruma::events::AnySyncTimelineEvent;
use matrix_sdk::ruma::serde::Raw;
use matrix_sdk::{Room, RoomMemberships, RoomState, sync::SyncResponse};

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
            // Only someone else's departure (a leave, a declined invite, a
            // kick or ban) can leave the bot alone: a room it just created
            // shows its own join in one sync and the invites it sent in the
            // next, and must not be left in between.
            let someone_left = update
                .timeline
                .events
                .iter()
                .any(|e| is_departure(e.raw(), &self.me));
            if !someone_left {
                continue;
            }
            let Some(room) = self.client.get_room(room_id) else {
                continue;
            };
            let me = self.client.user_id();
            let others = room
                .members(RoomMemberships::JOIN | RoomMemberships::INVITE)
                .await
                .map_err(|e| tracing::warn!(error = %e, room = %room_id, "room members unknown"))
                .ok()
                .map(|m| m.iter().filter(|m| Some(m.user_id()) != me).count());
            let game_runs = self.service.has_active_game(&self.place(room_id)).await;
            if limits::room_fate(true, others, game_runs) == limits::RoomFate::Leave {
                tracing::info!(room = %room_id, "no one else in the room and no game; leaving");
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

/// Whether a timeline event is someone other than `me` leaving the room
/// (or being removed from it, or declining an invite).
pub(super) fn is_departure(raw: &Raw<AnySyncTimelineEvent>, me: &UserId) -> bool {
    let Ok(p) = raw.deserialize_as_unchecked::<MemberPeek>() else {
        return false;
    };
    p.kind == "m.room.member"
        && p.state_key.as_deref().is_some_and(|k| k != me.as_str())
        && p.content
            .and_then(|c| c.membership)
            .is_some_and(|m| m == "leave" || m == "ban")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn member(state_key: &str, membership: &str) -> Raw<AnySyncTimelineEvent> {
        let json = serde_json::json!({
            "type": "m.room.member",
            "state_key": state_key,
            "sender": state_key,
            "event_id": "$e",
            "origin_server_ts": 1,
            "content": { "membership": membership },
        });
        Raw::from_json(serde_json::value::to_raw_value(&json).expect("json"))
    }

    #[test]
    fn only_someone_elses_departure_can_leave_the_bot_alone() {
        let me = UserId::parse("@bot:hs").expect("user id");
        assert!(is_departure(&member("@alice:hs", "leave"), &me));
        assert!(is_departure(&member("@alice:hs", "ban"), &me));
        // A room the bot just made: its own join, then its invites.
        assert!(!is_departure(&member("@bot:hs", "join"), &me));
        assert!(!is_departure(&member("@alice:hs", "invite"), &me));
        assert!(!is_departure(&member("@alice:hs", "join"), &me));
        // Its own leave is not someone else's.
        assert!(!is_departure(&member("@bot:hs", "leave"), &me));
    }
}
