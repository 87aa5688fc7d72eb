//! What the process around the service needs from it: every command
//! measured for `/metrics` (name, outcome, latency) with the moves and
//! games it caused, announcements counted when acknowledged, and the work
//! in flight drained at a graceful shutdown.

use std::time::{Duration, Instant};

use super::game::GameService;
use super::{Command, DueAnnouncement, Event, Reply};
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
            Command::Board { .. } | Command::BoardWords(_) => "board",
            Command::Images { .. } => "images",
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
            Command::HelpOn { .. } => "help",
            Command::Settings { .. } => "settings",
            Command::Vacation { .. } => "vacation",
            Command::Moretime => "moretime",
            Command::Notify { .. } => "notify",
            Command::Digest { .. } => "digest",
            Command::Community(_) => "settings",
            Command::Pages { .. } | Command::NewPage => "pages",
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
            // A private copy (the mover's next game) is no second move.
            Some(Event::Move { .. }) if !r.ephemeral => {
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

/// Records a command's name, outcome and latency for `/metrics`, and the
/// moves and games its replies tell of.
pub(super) fn measure_command(name: &'static str, replies: &[Reply], started: Instant) {
    metrics::command(name, outcome(replies), started.elapsed());
    count_events(replies);
}

impl GameService {
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
