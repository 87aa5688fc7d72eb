//! The daily puzzle of a channel: set by moderators, posted through the
//! puzzle outbox by the deadline machinery (`claim_due`) at its hour, once a
//! day, by exactly one process.

use super::*;
use crate::service::community::Community;

/// How far back the daily puzzle looks for games (4 weeks).
const DAILY_WINDOW_MS: i64 = 28 * DAY_MS;

/// The next `hour`:00 UTC after `now`.
fn next_at_hour(now: DateTime<Utc>, hour: u32) -> DateTime<Utc> {
    let today = now
        .date_naive()
        .and_hms_opt(hour.min(23), 0, 0)
        .map_or(now, |t| t.and_utc());
    if today > now {
        today
    } else {
        today + chrono::Duration::days(1)
    }
}

/// The most recent `hour`:00 UTC at or before `now`.
fn last_at_hour(now: DateTime<Utc>, hour: u32) -> DateTime<Utc> {
    next_at_hour(now, hour) - chrono::Duration::days(1)
}

impl GameService {
    /// `puzzle daily:on|off`: moderators set this channel's daily puzzle.
    pub(super) async fn puzzle_daily(
        &self,
        loc: Locale,
        place: &Place,
        daily: PuzzleDaily,
        moderator: bool,
    ) -> Handled {
        if !moderator {
            return Err(user("not_allowed", msg::puzzle_daily_moderators(loc)));
        }
        let store = &self.inner.store;
        let now = self.now();
        let text = match daily {
            PuzzleDaily::On { hour } => {
                let hour = hour.unwrap_or(DEFAULT_DAILY_HOUR).min(23);
                let next = next_at_hour(now, u32::from(hour));
                let guild = place.guild.clone().unwrap_or_default();
                store
                    .set_daily(
                        &place.platform,
                        &guild,
                        &place.channel,
                        &Community::of(&place.platform, &guild, &place.channel).key(),
                        i64::from(hour),
                        ms(next),
                        ms(now),
                    )
                    .await?;
                self.note_due(ms(next));
                msg::puzzle_daily_on(loc, &format!("{hour:02}:00"), &msg::deadline(next))
            }
            PuzzleDaily::Off => {
                store
                    .stop_daily(&place.platform, &place.channel, ms(now))
                    .await?;
                msg::puzzle_daily_off(loc)
            }
        };
        Ok(vec![reply(place, text)])
    }

    /// Claims the daily puzzles due now (see
    /// [`GameService::claim_due`]): first the posts another process
    /// claimed but never posted, then the dailies whose hour came.
    pub(in crate::service) async fn claim_daily_puzzles(
        &self,
        window: DueWindow<'_>,
        room: i64,
    ) -> Vec<DueAnnouncement> {
        let store = &self.inner.store;
        claim_in_two_steps(
            "daily puzzles",
            room,
            |room| async move { store.expired_puzzle_announcements(window.platform, window.now, room).await },
            |a| async move {
                match self.reclaim_daily(&a, window.lease).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::error!(announcement = a.id, error = ?e, "re-posting a daily puzzle failed");
                    None
                }
            }
            },
            |room| async move { store.due_dailies(window.platform, window.now, room).await },
            |daily| async move {
                match self.fire_daily(&daily, window.now, window.lease).await {
                Ok(due) => due,
                Err(e) => {
                    tracing::error!(daily = daily.id, error = ?e, "daily puzzle failed");
                    None
                }
            }
            },
        )
        .await
    }

    /// Claims one daily's post for the latest hour due, moving its next
    /// post to the following day: exactly one post per channel and day.
    async fn fire_daily(
        &self,
        daily: &DailyRow,
        now: i64,
        lease: i64,
    ) -> Result<Option<DueAnnouncement>, Failure> {
        let store = &self.inner.store;
        let hour = u32::try_from(daily.hour).unwrap_or(u32::from(DEFAULT_DAILY_HOUR));
        let at = last_at_hour(from_ms(now), hour);
        let next = ms(at) + DAY_MS;
        let day = at.format("%Y-%m-%d").to_string();
        let puzzle = store
            .pick_daily_puzzle(daily, now - DAILY_WINDOW_MS)
            .await?;
        let claimed = store
            .claim_daily(daily, next, &day, puzzle.as_ref().map(|p| p.id), now, lease)
            .await?;
        self.note_due(next);
        match claimed {
            Some((announcement, post)) => self.daily_announcement_of(announcement, post).await,
            None => Ok(None),
        }
    }

    /// Takes over a daily post whose claimer died before posting it.
    async fn reclaim_daily(
        &self,
        a: &PuzzleAnnouncementRow,
        lease: i64,
    ) -> Result<Option<DueAnnouncement>, Failure> {
        if !self
            .inner
            .store
            .renew_puzzle_announcement(a.id, a.lease_until, lease)
            .await?
        {
            return Ok(None);
        }
        self.daily_announcement_of(a.id, a.puzzle_post_id).await
    }

    /// The post of a daily puzzle: the board from the side to move, and
    /// who solved the previous one first.
    async fn daily_announcement_of(
        &self,
        announcement: i64,
        post_id: i64,
    ) -> Result<Option<DueAnnouncement>, Failure> {
        let store = &self.inner.store;
        let Some(post) = store.puzzle_post(post_id).await? else {
            store.ack_puzzle_announcement(announcement).await?;
            return Ok(None);
        };
        let Some(row) = store.puzzle(post.puzzle_id).await? else {
            store.ack_puzzle_announcement(announcement).await?;
            return Ok(None);
        };
        let place = post_place(&post);
        let loc = self.channel_locale(&place).await.unwrap_or_default();
        let line = Line::of(&row);
        let Some(game) = puzzle_game(&row, &line, 0) else {
            store.ack_puzzle_announcement(announcement).await?;
            return Ok(None);
        };
        let solver = solver_color(&row);
        let mut text = msg::puzzle_daily(loc, row.id, solver.name(), &row.theme);
        if let Some(prev) = store.previous_post(post.daily_id, post.id).await? {
            text.push('\n');
            text.push_str(
                &match store.first_solver(prev.puzzle_id, prev.created_at).await? {
                    Some(name) => msg::puzzle_daily_first(loc, &name),
                    None => msg::puzzle_daily_unsolved(loc),
                },
            );
        }
        let mut r = Reply::new(place, text, loc);
        r.board = Some(puzzle_image(&row, &game, solver));
        r.event = Some(puzzle_event(&row, &game, solver, true));
        Ok(Some(DueAnnouncement {
            id: announcement,
            replies: vec![r],
            challenge: false,
            puzzle: true,
        }))
    }
}

/// The channel of a daily post.
fn post_place(post: &PostRow) -> Place {
    Place {
        platform: post.platform.clone(),
        guild: (!post.guild.is_empty()).then(|| post.guild.clone()),
        channel: post.channel.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_daily_hour_comes_next_today_or_tomorrow() {
        let morning = Utc.with_ymd_and_hms(2026, 12, 2, 9, 30, 0).unwrap();
        assert_eq!(
            next_at_hour(morning, 18),
            Utc.with_ymd_and_hms(2026, 12, 2, 18, 0, 0).unwrap()
        );
        assert_eq!(
            next_at_hour(morning, 9),
            Utc.with_ymd_and_hms(2026, 12, 3, 9, 0, 0).unwrap()
        );
        let at = Utc.with_ymd_and_hms(2026, 12, 2, 18, 0, 0).unwrap();
        assert_eq!(next_at_hour(at, 18), at + chrono::Duration::days(1));
        assert_eq!(last_at_hour(at, 18), at);
        assert_eq!(
            last_at_hour(morning, 18),
            Utc.with_ymd_and_hms(2026, 12, 1, 18, 0, 0).unwrap()
        );
    }
}
