//! The deadline announcer: a background task that asks the service for due
//! reminders and time-outs and posts them into the games' channels through
//! the HTTP API. Deadlines live in the database, so those that fell due
//! while the bot was down are posted at start-up.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use poise::serenity_prelude::Http;

use super::backend::PLATFORM;
use super::data::DirectMessages;
use super::post::Poster;
use crate::render::Renderer;
use crate::service::GameService;

/// Never sleep longer than this (new games may bring earlier deadlines).
pub const MAX_SLEEP: Duration = Duration::from_secs(60);
/// Never spin faster than this.
pub const MIN_SLEEP: Duration = Duration::from_secs(1);

/// How long to sleep before the next round, given the next due time.
#[must_use]
pub fn sleep_for(now: DateTime<Utc>, next_due: Option<DateTime<Utc>>) -> Duration {
    let Some(due) = next_due else {
        return MAX_SLEEP;
    };
    (due - now)
        .to_std()
        .unwrap_or(Duration::ZERO)
        .clamp(MIN_SLEEP, MAX_SLEEP)
}

/// Runs forever: post what is due, sleep until the next due time.
pub async fn run(
    http: Arc<Http>,
    service: Arc<GameService>,
    renderer: Arc<Renderer>,
    direct: Arc<DirectMessages>,
    pages: bool,
) {
    let poster = Poster {
        http: &http,
        renderer: &renderer,
        service: &service,
        direct: &direct,
        pages,
    };
    loop {
        // A shutdown lets the round in hand be posted and acknowledged.
        let Some(work) = service.begin_work() else {
            return;
        };
        let claimed = service.claim_due(Some(PLATFORM)).await;
        let full = claimed.len() >= crate::service::DUE_BATCH;
        // Summaries of games that ended on time, run once every claimed
        // announcement of the round is posted and acknowledged: analysis may
        // take seconds a game, and the round's later announcements must not
        // outlive their lease (another process would post them again).
        let mut follow_ups = Vec::new();
        for due in claimed {
            for reply in &due.replies {
                if let Err(e) = poster.post(reply).await {
                    tracing::warn!(
                        error = %e,
                        channel = reply.place.channel.as_str(),
                        "could not post a reminder or time-out"
                    );
                }
            }
            // Acknowledged even when Discord refused it (a deleted channel
            // would refuse forever); only a crash before this line makes
            // another round post it again.
            service.ack_due(&due).await;
            follow_ups.extend(due.replies.into_iter().filter_map(|r| r.follow_up));
        }
        // League games waiting for their thread: those of a league that
        // started at its time this round, and those a crash, a refused
        // permission or another process left (each claimed by one process).
        for reply in super::league_threads::bind_league_games(&poster).await {
            if let Err(e) = poster.post(&reply).await {
                tracing::warn!(error = %e, "could not post a league game's start");
            }
        }
        // Likewise match games waiting for their two threads.
        for reply in super::team_match::bind_match_games(&poster).await {
            if let Err(e) = poster.post(&reply).await {
                tracing::warn!(error = %e, "could not post a match game's notice");
            }
        }
        // Each summary is its own outbox entry, acknowledged once posted.
        for work in &follow_ups {
            for next in service.follow_up(work).await {
                if let Err(e) = poster.post(&next).await {
                    tracing::warn!(error = %e, "could not post a summary");
                }
            }
            service.ack_follow_up(work).await;
        }
        drop(work);
        if full {
            // More may be waiting: no pause between full batches.
            continue;
        }
        let wait = sleep_for(service.now(), service.next_due_for(Some(PLATFORM)).await);
        tokio::time::sleep(wait).await;
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeDelta;

    use super::*;

    #[test]
    fn sleeps_until_the_next_deadline_within_bounds() {
        let now = Utc::now();
        assert_eq!(sleep_for(now, None), MAX_SLEEP);
        assert_eq!(
            sleep_for(now, Some(now + TimeDelta::seconds(10))),
            Duration::from_secs(10)
        );
        assert_eq!(sleep_for(now, Some(now + TimeDelta::days(3))), MAX_SLEEP);
        assert_eq!(sleep_for(now, Some(now - TimeDelta::hours(1))), MIN_SLEEP);
        assert_eq!(sleep_for(now, Some(now)), MIN_SLEEP);
    }
}
