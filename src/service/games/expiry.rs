//! Challenge expiry: a challenge nobody answered in 7 days expires, claimed
//! through the challenge outbox so it is announced once, even with several
//! processes or after a restart.

use super::{Actor, DueAnnouncement, Event, Place, Reply, messages as msg};
use crate::store::{CHALLENGE_TTL_MS, ChallengeAnnouncementRow, ChallengeRow, StoreError};

use super::deadlines::{DueWindow, claim_in_two_steps};

use super::game::{ANNOUNCE_LEASE, GameService, key, ms, reply};

/// Who made a challenge.
pub(super) fn challenger(c: &ChallengeRow) -> Actor {
    Actor {
        id: c.challenger_id.clone(),
        name: c.challenger_name.clone(),
    }
}

/// Where a challenge was posted.
fn challenge_place(c: &ChallengeRow) -> Place {
    Place {
        platform: c.platform.clone(),
        guild: (!c.guild.is_empty()).then(|| c.guild.clone()),
        channel: c.channel.clone(),
    }
}

impl GameService {
    /// Claims up to `room` challenge expiries of `platform` (`None`: all):
    /// first those another process claimed but never posted, then the
    /// open challenges older than 7 days. Part of
    /// [`GameService::claim_due`].
    pub(in crate::service) async fn claim_expiries(
        &self,
        window: DueWindow<'_>,
        room: i64,
    ) -> Vec<DueAnnouncement> {
        let store = &self.inner.store;
        claim_in_two_steps(
            "challenge expiries",
            room,
            |room| async move {
                store
                    .expired_challenge_announcements(window.platform, window.now, room)
                    .await
            },
            |a| async move {
                match self.reclaim_expiry(&a, window.lease).await {
                    Ok(due) => due,
                    Err(e) => {
                        tracing::error!(announcement = a.id, error = %e, "re-announcing failed");
                        None
                    }
                }
            },
            |room| async move {
                store
                    .stale_challenges(window.platform, window.now - CHALLENGE_TTL_MS, room)
                    .await
            },
            |c| async move {
                match store.expire_challenge(c.id, window.now, window.lease).await {
                    Ok(id) => Some(DueAnnouncement {
                        id: id?,
                        replies: self.expiry_replies(&c).await,
                        challenge: true,
                        puzzle: false,
                    }),
                    Err(e) => {
                        tracing::error!(challenge = c.id, error = %e, "expiring failed");
                        None
                    }
                }
            },
        )
        .await
    }

    /// Takes over an expiry whose claimer died before posting it.
    async fn reclaim_expiry(
        &self,
        a: &ChallengeAnnouncementRow,
        lease: i64,
    ) -> Result<Option<DueAnnouncement>, StoreError> {
        let store = &self.inner.store;
        if !store
            .renew_challenge_announcement(a.id, a.lease_until, lease)
            .await?
        {
            return Ok(None);
        }
        let replies = match store.challenge(a.challenge_id).await? {
            Some(c) => self.expiry_replies(&c).await,
            None => Vec::new(),
        };
        Ok(Some(DueAnnouncement {
            id: a.id,
            replies,
            challenge: true,
            puzzle: false,
        }))
    }

    /// Expires the open challenge of `place` if its 7 days have passed, so
    /// a command never acts on it; the announcement goes out with the
    /// command's replies.
    pub(in crate::service) async fn settle_own_challenge(&self, place: &Place) -> Vec<Reply> {
        let now = ms(self.now());
        if !self.maybe_due(now) {
            return Vec::new();
        }
        let c = match self.inner.store.open_challenge(&key(place)).await {
            Ok(Some(c)) if c.created_at.saturating_add(CHALLENGE_TTL_MS) <= now => c,
            Ok(_) => return Vec::new(),
            Err(e) => {
                tracing::error!(error = %e, "loading the channel's challenge failed");
                return Vec::new();
            }
        };
        let lease = now + ANNOUNCE_LEASE.as_millis() as i64;
        match self.inner.store.expire_challenge(c.id, now, lease).await {
            Ok(Some(id)) => {
                let due = DueAnnouncement {
                    id,
                    replies: self.expiry_replies(&c).await,
                    challenge: true,
                    puzzle: false,
                };
                // Posted with this command's replies.
                self.ack_due(&due).await;
                due.replies
            }
            Ok(None) => Vec::new(),
            Err(e) => {
                tracing::error!(challenge = c.id, error = %e, "expiring failed");
                Vec::new()
            }
        }
    }

    /// The announcement of an expired challenge, in its channel, telling
    /// the challenger.
    async fn expiry_replies(&self, c: &ChallengeRow) -> Vec<Reply> {
        let place = challenge_place(c);
        let loc = self.channel_locale(&place).await.unwrap_or_default();
        let mut r = reply(&place, msg::challenge_expired(loc, &c.challenger_name));
        r.event = Some(Event::Expired {
            challenger: c.challenger_name.clone(),
        });
        r.mentions = vec![challenger(c)];
        r.locale = loc;
        vec![r]
    }
}
