//! Stopping gracefully. The first SIGTERM or SIGINT starts a shutdown:
//! adapters stop taking commands, finish those in flight (bounded by
//! [`DRAIN_TIMEOUT`]), let announcements be acknowledged, close the
//! database and return; a second signal exits at once. [`Drain`] counts
//! the work in flight.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::sync::{Notify, watch};

/// How long a shutdown waits for the work in flight.
pub const DRAIN_TIMEOUT: Duration = Duration::from_secs(10);

/// What `main.rs` hands an adapter besides its arguments: the shutdown to
/// obey and, with `--http`, the health the adapter reports to and the
/// public address of the spectator pages.
#[derive(Clone, Debug, Default)]
pub struct Process {
    /// Started by the first SIGTERM or SIGINT.
    pub shutdown: Shutdown,
    /// The `/readyz` and `/metrics` state, when served.
    pub health: Option<Arc<crate::http::Health>>,
    /// Where spectators reach the pages (`CHESSBOT_PUBLIC_URL`), when
    /// served: announcements then carry watch links.
    pub public_url: Option<String>,
}

impl Process {
    /// The adapter opened its database: `/readyz` may ask it.
    pub fn opened(&self, store: &crate::store::Store) {
        if let Some(h) = &self.health {
            h.set_store(store.clone());
        }
    }

    /// The adapter's service runs: the pages read it, and with a public
    /// address its announcements carry watch links.
    pub fn serving(&self, service: &crate::service::GameService) {
        if let Some(h) = &self.health {
            h.set_service(service.clone());
            if let Some(url) = &self.public_url {
                service.set_watch_base(url);
            }
        }
    }

    /// The posts of player pages (a move made on a page, a draw offered
    /// there), for the adapter to post as it posts its commands' answers:
    /// `None` when no pages are served. Call once, after
    /// [`Process::serving`]; from then on players get links to pages.
    #[must_use]
    pub fn page_posts(
        &self,
        service: &crate::service::GameService,
    ) -> Option<tokio::sync::mpsc::UnboundedReceiver<crate::http::PagePosts>> {
        let health = self.health.as_ref()?;
        self.public_url.as_ref()?;
        let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
        health.set_page_posts(tx);
        crate::service::enable_player_pages(service);
        Some(rx)
    }

    /// The shutdown started: `/readyz` says so.
    pub fn stopping(&self) {
        if let Some(h) = &self.health {
            h.set_stopping();
        }
    }
}

/// A shutdown that has or has not started; cheap to clone.
#[derive(Clone, Debug)]
pub struct Shutdown {
    tx: Arc<watch::Sender<bool>>,
}

impl Default for Shutdown {
    fn default() -> Shutdown {
        Shutdown::new()
    }
}

impl Shutdown {
    /// Not started.
    #[must_use]
    pub fn new() -> Shutdown {
        Shutdown {
            tx: Arc::new(watch::Sender::new(false)),
        }
    }

    /// Starts the shutdown (again: nothing).
    pub fn trigger(&self) {
        self.tx.send_replace(true);
    }

    /// Whether the shutdown started.
    #[must_use]
    pub fn is_triggered(&self) -> bool {
        *self.tx.borrow()
    }

    /// Resolves once the shutdown started (at once if it has).
    pub async fn triggered(&self) {
        let mut rx = self.tx.subscribe();
        // The sender lives in `self`, so waiting cannot fail.
        let _ = rx.wait_for(|started| *started).await;
    }

    /// A shutdown started by the first SIGTERM or SIGINT (Ctrl-C) this
    /// process receives; the second one exits at once (status 128 + the
    /// signal's number). Call inside the runtime.
    #[must_use]
    pub fn on_signals() -> Shutdown {
        let shutdown = Shutdown::new();
        let trigger = shutdown.clone();
        tokio::spawn(async move {
            let Some(mut signals) = Signals::listen() else {
                return;
            };
            let first = signals.next().await;
            // A stop asked for is the normal end of a run: info, so log
            // alerts on WARN fire only for what went wrong.
            tracing::info!(
                signal = first,
                "shutting down: finishing the work in flight (a second signal exits at once)"
            );
            trigger.trigger();
            let second = signals.next().await;
            tracing::warn!(signal = second, "second signal: exiting at once");
            std::process::exit(128 + second);
        });
        shutdown
    }
}

/// SIGTERM and SIGINT.
struct Signals {
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
    #[cfg(unix)]
    int: tokio::signal::unix::Signal,
}

impl Signals {
    #[cfg(unix)]
    fn listen() -> Option<Signals> {
        use tokio::signal::unix::{SignalKind, signal};
        let term = signal(SignalKind::terminate());
        let int = signal(SignalKind::interrupt());
        match (term, int) {
            (Ok(term), Ok(int)) => Some(Signals { term, int }),
            (Err(e), _) | (_, Err(e)) => {
                tracing::warn!(error = %e, "cannot listen for SIGTERM and SIGINT");
                None
            }
        }
    }

    #[cfg(not(unix))]
    fn listen() -> Option<Signals> {
        Some(Signals {})
    }

    /// The number of the next signal.
    #[cfg(unix)]
    async fn next(&mut self) -> i32 {
        tokio::select! {
            _ = self.term.recv() => 15,
            _ = self.int.recv() => 2,
        }
    }

    #[cfg(not(unix))]
    async fn next(&mut self) -> i32 {
        let _ = tokio::signal::ctrl_c().await;
        2
    }
}

/// Work in flight (commands being answered, announcements being posted):
/// [`Drain::enter`] while open, then [`Drain::close`] and
/// [`Drain::wait_idle`].
#[derive(Debug, Default)]
pub struct Drain {
    closed: AtomicBool,
    running: AtomicUsize,
    idle: Notify,
    /// Serialises closing with entering, so no work starts after a close
    /// returned.
    gate: Mutex<()>,
}

/// One piece of work in flight; done when dropped.
#[derive(Debug)]
pub struct Work {
    drain: Arc<Drain>,
}

impl Drop for Work {
    fn drop(&mut self) {
        if self.drain.running.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.drain.idle.notify_waiters();
        }
    }
}

impl Drain {
    /// Open, nothing in flight.
    #[must_use]
    pub fn new() -> Arc<Drain> {
        Arc::new(Drain::default())
    }

    /// Starts a piece of work; `None` once closed (the caller drops it).
    #[must_use]
    pub fn enter(self: &Arc<Self>) -> Option<Work> {
        let _gate = self
            .gate
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if self.closed.load(Ordering::Acquire) {
            return None;
        }
        self.running.fetch_add(1, Ordering::AcqRel);
        Some(Work {
            drain: Arc::clone(self),
        })
    }

    /// No new work from now on.
    pub fn close(&self) {
        let _gate = self
            .gate
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.closed.store(true, Ordering::Release);
    }

    /// Whether [`Drain::close`] was called.
    #[must_use]
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::Acquire)
    }

    /// The work in flight now.
    #[must_use]
    pub fn running(&self) -> usize {
        self.running.load(Ordering::Acquire)
    }

    /// Waits until nothing is in flight, at most `max`; whether it got
    /// there.
    pub async fn wait_idle(&self, max: Duration) -> bool {
        let wait = async {
            loop {
                let idle = self.idle.notified();
                if self.running() == 0 {
                    return;
                }
                idle.await;
            }
        };
        tokio::time::timeout(max, wait).await.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_closed_drain_takes_no_work_and_waits_for_the_rest() {
        let drain = Drain::new();
        let work = drain.enter().expect("open");
        drain.close();
        assert!(drain.enter().is_none());
        assert!(!drain.wait_idle(Duration::from_millis(20)).await);
        let d = Arc::clone(&drain);
        let waiter = tokio::spawn(async move { d.wait_idle(Duration::from_secs(5)).await });
        tokio::time::sleep(Duration::from_millis(10)).await;
        drop(work);
        assert!(waiter.await.expect("joins"));
        assert_eq!(drain.running(), 0);
    }

    #[tokio::test]
    async fn triggered_resolves_now_and_later() {
        let s = Shutdown::new();
        assert!(!s.is_triggered());
        let t = s.clone();
        let waiter = tokio::spawn(async move { t.triggered().await });
        s.trigger();
        waiter.await.expect("joins");
        s.triggered().await;
        assert!(s.is_triggered());
    }
}
