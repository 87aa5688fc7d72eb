//! What the process around the service needs from it: every command
//! measured for `/metrics` (name, outcome, latency) with the moves and
//! games it caused, announcements counted when acknowledged, and the work
//! in flight drained at a graceful shutdown.

use std::time::{Duration, Instant};

use tracing::Instrument;

use super::game::GameService;
use super::{Actor, Command, DueAnnouncement, Event, LocalePrefs, Place, Reply};
use crate::lifecycle::Work;
use crate::metrics;

impl Command {
    /// The command's name in metrics and logs (`move`, `challenge`, ...).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Command::Challenge { .. } => "challenge",
            Command::Accept => "accept",
            Command::Decline => "decline",
            Command::Cancel => "cancel",
            Command::Move { .. } => "move",
            Command::Board { .. } => "board",
            Command::Draw => "draw",
            Command::Resign => "resign",
            Command::Abort => "abort",
            Command::Takeback => "takeback",
            Command::Rematch => "rematch",
            Command::Claim { .. } => "claim",
            Command::Pgn { .. } => "pgn",
            Command::Games => "games",
            Command::History { .. } => "history",
            Command::Stats { .. } => "stats",
            Command::Leaderboard { .. } => "leaderboard",
            Command::Summary { .. } => "summary",
            Command::Help => "help",
            Command::Settings { .. } => "settings",
            Command::Vacation { .. } => "vacation",
            Command::Moretime => "moretime",
            Command::Notify { .. } => "notify",
            Command::Community(_) => "settings",
            Command::Pages { .. } => "pages",
            Command::PageName { .. } => "pagename",
            Command::Press { .. } => "press",
            Command::Computer(_) => "computer",
            Command::League(_) => "league",
            Command::Premove { .. } => "premove",
            Command::Note { .. } => "note",
            Command::Puzzle { .. } => "puzzle",
            Command::Solve { .. } => "solve",
            Command::Team(_) => "team",
        }
    }
}

/// The outcome of a command for metrics: the code of its error reply
/// (`internal` for ours), else `ok`.
fn outcome(replies: &[Reply]) -> &str {
    replies
        .iter()
        .find_map(|r| match &r.event {
            Some(Event::Error { code, .. }) => Some(code.as_str()),
            _ => None,
        })
        .unwrap_or("ok")
}

/// Counts the moves and games of replies.
fn count_events(replies: &[Reply]) {
    for r in replies {
        match &r.event {
            Some(Event::Move { .. }) => {
                metrics::MOVES_APPLIED.inc();
            }
            Some(Event::Start { .. }) => {
                metrics::GAMES_STARTED.inc();
            }
            // Time-outs are counted when acknowledged (`count_announced`),
            // also those a command settles first.
            Some(Event::End { termination, .. }) if termination != "timeout" => {
                metrics::GAMES_FINISHED.inc();
            }
            _ => {}
        }
    }
}

/// Counts an acknowledged announcement: reminders, time-outs (games
/// finished too).
pub(super) fn count_announced(due: &DueAnnouncement) {
    for r in &due.replies {
        match &r.event {
            Some(Event::Reminder { .. }) => {
                metrics::REMINDERS_SENT.inc();
            }
            Some(Event::End { termination, .. }) => {
                metrics::GAMES_FINISHED.inc();
                if termination == "timeout" {
                    metrics::TIMEOUTS_SENT.inc();
                }
            }
            _ => {}
        }
    }
}

impl GameService {
    /// [`GameService::handle`] with the platform's language preferences:
    /// the replies are in the user's language if given, else the channel's
    /// setting, else the guild's language, else English (see
    /// [`GameService::locale_for`]). Measured for `/metrics`.
    pub async fn handle_with(
        &self,
        place: &Place,
        by: &Actor,
        cmd: Command,
        prefs: LocalePrefs,
    ) -> Vec<Reply> {
        let name = cmd.name();
        let started = Instant::now();
        let span = tracing::info_span!(
            "command",
            channel = %place.channel,
            user = %by.id,
            command = ?std::mem::discriminant(&cmd)
        );
        // Attached to the future, never entered across an `.await`: log
        // lines of interleaved commands each carry their own fields.
        let mut replies = self
            .handle_in_span(place, by, cmd, prefs)
            .instrument(span)
            .await;
        self.add_watch_links(&mut replies).await;
        metrics::command(name, outcome(&replies), started.elapsed());
        count_events(&replies);
        replies
    }

    /// Starts a piece of work (a command until its replies are posted, an
    /// announcement until it is acknowledged); `None` once the service
    /// stopped taking work ([`GameService::stop_taking_work`]).
    #[must_use]
    pub fn begin_work(&self) -> Option<Work> {
        let work = self.inner.drain.enter();
        if work.is_none() {
            metrics::SHUTDOWN_REFUSED.inc();
        }
        work
    }

    /// A graceful shutdown: no new work from now on.
    pub fn stop_taking_work(&self) {
        self.inner.drain.close();
    }

    /// Waits until the work in flight is done, at most `max`; whether it
    /// got there (logged when not).
    pub async fn finish_work(&self, max: Duration) -> bool {
        let done = self.inner.drain.wait_idle(max).await;
        if !done {
            tracing::warn!(
                left = self.inner.drain.running(),
                "work still in flight after {} s; stopping anyway",
                max.as_secs()
            );
        }
        done
    }
}
