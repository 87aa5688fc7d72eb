//! The sync loop and the deadline task (shutdown: `crate::lifecycle`).

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use matrix_sdk::Client;
use matrix_sdk::config::SyncSettings;
use matrix_sdk::ruma::UInt;
use matrix_sdk::ruma::api::client::filter::FilterDefinition;
use matrix_sdk::ruma::api::client::sync::sync_events::v3::Filter;

use super::*;
use crate::service::Clock;

/// Syncs and handles the events until the login is refused. Our own loop
/// rather than the SDK's (which pauses a second between quick syncs); each
/// sync starts from our progress record, never from nothing (which would
/// replay the recent history).
pub(super) async fn sync_loop(client: &Client, bot: &Arc<Bot>) -> Result<(), MatrixError> {
    let base = SyncSettings::default()
        .filter(sync_filter())
        .timeout(SYNC_TIMEOUT);
    loop {
        let since = bot.progress.lock().await.since.clone();
        let settings = match since {
            Some(s) => base.clone().token(s),
            None => base.clone(),
        };
        let started = std::time::Instant::now();
        match client.sync_once(settings).await {
            Ok(response) => {
                crate::metrics::link_up(0);
                let quiet = response.rooms.is_empty();
                bot.tidy_rooms(&response).await;
                bot.on_invites(&response).await;
                let events = bot.batch_events(&response);
                bot.queue_batch(response.next_batch, events).await;
                if quiet && started.elapsed() < MIN_SYNC_INTERVAL {
                    // A server that does not long-poll: do not hammer it.
                    tokio::time::sleep(MIN_SYNC_INTERVAL).await;
                }
            }
            Err(e) if is_unauthorized(&e) => return Err(MatrixError::from(e)),
            Err(e) => {
                crate::metrics::link_down(0);
                tracing::warn!(error = %e, "sync failed; retrying");
                tokio::time::sleep(Duration::from_secs(2)).await;
            }
        }
    }
}

/// Aborts a task when dropped (the deadline task ends with [`serve`]).
pub(super) struct AbortOnDrop(pub(super) tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

pub(super) fn is_unauthorized(e: &matrix_sdk::Error) -> bool {
    e.as_client_api_error()
        .is_some_and(|e| e.status_code.as_u16() == 401)
}

pub(super) fn sync_filter() -> Filter {
    let mut def = FilterDefinition::default();
    def.room.timeline.limit = Some(UInt::from(TIMELINE_LIMIT));
    Filter::FilterDefinition(def)
}

/// How long the deadline task sleeps, given the next due time.
pub(super) fn sleep_for(
    now: DateTime<Utc>,
    next_due: Option<DateTime<Utc>>,
    max: Duration,
) -> Duration {
    let min = Duration::from_millis(100).min(max);
    next_due.map_or(max, |due| {
        (due - now)
            .to_std()
            .unwrap_or(Duration::ZERO)
            .clamp(min, max)
    })
}

/// Posts due reminders and time-outs into their rooms, forever.
pub(super) async fn deadline_task(bot: Arc<Bot>, clock: Arc<dyn Clock>, max_sleep: Duration) {
    loop {
        // A shutdown lets the round in hand be posted and acknowledged.
        let Some(work) = bot.service.begin_work() else {
            return;
        };
        // Only Matrix games; each is acknowledged once posted, so one
        // claimed by a process that died before posting is posted by the
        // next round of any process (see `GameService::claim_due`).
        let claimed = bot.service.claim_due(Some(PLATFORM)).await;
        let full = claimed.len() >= crate::service::DUE_BATCH;
        // Summaries run after the whole round is acknowledged (see the
        // Discord announcer): their analysis must not hold the round's
        // later announcements past their lease.
        let mut follow_ups = Vec::new();
        let mut ended = Vec::new();
        // League games waiting for their rooms: those of a league that
        // starts at its time this round, and those a crash left.
        bot.bind_league_rooms();
        let mut paired = false;
        for due in claimed {
            paired |= super::league::opens_games(&due.replies);
            for reply in &due.replies {
                bot.post(reply, None).await;
            }
            bot.service.ack_due(&due).await;
            for r in due.replies {
                if matches!(r.event, Some(crate::service::Event::End { .. })) {
                    ended.push(r.clone());
                }
                follow_ups.extend(r.follow_up);
            }
        }
        for work in &follow_ups {
            for next in bot.service.follow_up(work).await {
                bot.post(&next, None).await;
            }
            bot.service.ack_follow_up(work).await;
        }
        bot.leave_finished_league_rooms(&ended).await;
        // A time-out that ended a Swiss round paired the next one: its
        // rooms open now, not at the next round of this task.
        if paired {
            bot.bind_league_rooms();
        }
        drop(work);
        if full {
            continue;
        }
        let wait = sleep_for(
            clock.now(),
            bot.service.next_due_for(Some(PLATFORM)).await,
            max_sleep,
        );
        tokio::time::sleep(wait).await;
    }
}
