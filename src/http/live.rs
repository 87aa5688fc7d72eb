//! Live pages: `/g/<token>/events` streams a game's state as Server-Sent
//! Events (`event: state`, the whole public view as JSON), first at once,
//! then on every change. A reconnecting page (after sleep, or at its
//! stream's deadline) gets the whole state again, so it never misses a
//! move and needs no replay log.
//!
//! The hub keeps one `watch` channel per followed game, shared by all its
//! watchers: a change is read and serialised once, whatever the number of
//! pages open. Changes arrive two ways: the store's signal for the games
//! this process changes (at once), and a read of every followed game once
//! a second, which also sees the moves of other processes on the same
//! PostgreSQL database (and any change the signal does not cover).

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::Stream;
use tokio::sync::watch;

use super::Health;
use crate::metrics;

/// How often followed games are read from the store.
const POLL: Duration = Duration::from_secs(1);
/// How long a page waits before reconnecting after a drop (ms).
const RETRY_MS: u64 = 2000;

/// Whether `path` asks for a live stream (it may live longer).
pub(super) fn is_stream_path(path: &str) -> bool {
    path.starts_with("/g/") && path.ends_with("/events")
}

/// A followed game.
struct Followed {
    token: String,
    /// The game's state as the pages see it (JSON), and its version.
    tx: watch::Sender<Arc<Snapshot>>,
    /// What the store row looked like at the last read.
    seen: Option<Fingerprint>,
}

/// One version of a game's public state.
#[derive(Debug)]
pub(super) struct Snapshot {
    /// Counts up with every change (the SSE event id).
    pub(super) version: u64,
    pub(super) json: String,
}

/// The columns whose change means a page must update.
type Fingerprint = (i64, String, Option<String>, Option<i64>, i64, String);

/// Games followed by open pages.
pub(super) struct Hub {
    health: Arc<Health>,
    games: Mutex<HashMap<i64, Followed>>,
    started: std::sync::Once,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Hub {
    pub(super) fn new(health: Arc<Health>) -> Arc<Hub> {
        Arc::new(Hub {
            health,
            games: Mutex::new(HashMap::new()),
            started: std::sync::Once::new(),
        })
    }

    /// Starts following game `id` (or joins its followers): its channel.
    fn follow(
        self: &Arc<Hub>,
        id: i64,
        token: &str,
        json: String,
    ) -> watch::Receiver<Arc<Snapshot>> {
        self.started.call_once(|| {
            tokio::spawn(Arc::clone(self).run());
        });
        let mut games = lock(&self.games);
        let f = games.entry(id).or_insert_with(|| Followed {
            token: token.to_string(),
            tx: watch::Sender::new(Arc::new(Snapshot {
                version: 0,
                json: json.clone(),
            })),
            seen: None,
        });
        publish(&f.tx, json);
        f.tx.subscribe()
    }

    /// Follows the changes until the process ends.
    async fn run(self: Arc<Hub>) {
        let mut changes = loop {
            if let Some(service) = self.health.service() {
                break service.store().game_changes();
            }
            tokio::time::sleep(POLL).await;
        };
        let mut tick = tokio::time::interval(POLL);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tokio::select! {
                changed = changes.recv() => match changed {
                    Ok(id) => self.refresh(id, false).await,
                    Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => self.poll().await,
                    Err(tokio::sync::broadcast::error::RecvError::Closed) => return,
                },
                _ = tick.tick() => self.poll().await,
            }
        }
    }

    /// Reads every followed game; forgets those nobody watches.
    async fn poll(&self) {
        let ids: Vec<i64> = {
            let mut games = lock(&self.games);
            games.retain(|_, f| f.tx.receiver_count() > 0);
            games.keys().copied().collect()
        };
        for id in ids {
            self.refresh(id, true).await;
        }
    }

    /// Sends game `id`'s state to its pages if it changed (with `check`,
    /// only after its row shows a change).
    async fn refresh(&self, id: i64, check: bool) {
        let Some(service) = self.health.service() else {
            return;
        };
        let Some(token) = lock(&self.games).get(&id).map(|f| f.token.clone()) else {
            return;
        };
        if check {
            let Ok(Some(row)) = service.store().game(id).await else {
                return;
            };
            let print: Fingerprint = (
                row.ply,
                row.status,
                row.draw_offer,
                row.deadline_at,
                row.updated_at,
                row.channel,
            );
            let mut games = lock(&self.games);
            let Some(f) = games.get_mut(&id) else { return };
            if f.seen.as_ref() == Some(&print) {
                return;
            }
            f.seen = Some(print);
        }
        let json = match service.watched_game(&token).await {
            Ok(Some(view)) => super::pages::data_json(&view),
            // Pages turned off, or the game gone: the pages keep what they
            // show.
            Ok(None) => return,
            Err(e) => {
                tracing::warn!(game = id, error = %e, "reading a watched game failed");
                return;
            }
        };
        if let Some(f) = lock(&self.games).get(&id) {
            publish(&f.tx, json);
        }
    }
}

/// Sends `json` to a game's pages as its next version, unless they
/// already show it.
fn publish(tx: &watch::Sender<Arc<Snapshot>>, json: String) {
    tx.send_if_modified(|s| {
        if s.json == json {
            return false;
        }
        *s = Arc::new(Snapshot {
            version: s.version + 1,
            json,
        });
        true
    });
}

/// Counts a watcher while its stream lives.
struct Watcher;

impl Watcher {
    fn new() -> Watcher {
        metrics::SPECTATORS.inc();
        Watcher
    }
}

impl Drop for Watcher {
    fn drop(&mut self) {
        metrics::SPECTATORS.dec();
    }
}

fn event(s: &Snapshot) -> Event {
    Event::default()
        .event("state")
        .id(s.version.to_string())
        .retry(Duration::from_millis(RETRY_MS))
        .data(&s.json)
}

/// The live stream of the page `token` of `view`'s game, as the answer
/// to `GET /g/<token>/events` (the router's handler finds the game).
pub(super) fn stream_response(
    hub: &Arc<Hub>,
    token: &str,
    view: &crate::service::WatchedGame,
) -> Response {
    let rx = hub.follow(view.game, token, super::pages::data_json(view));
    let mut response = Sse::new(stream(rx))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(20)))
        .into_response();
    response.headers_mut().insert(
        axum::http::header::CACHE_CONTROL,
        axum::http::HeaderValue::from_static("no-store"),
    );
    response
}

/// The state now, then every new version, while the watcher stays.
fn stream(rx: watch::Receiver<Arc<Snapshot>>) -> impl Stream<Item = Result<Event, Infallible>> {
    futures_util::stream::unfold(
        (rx, true, Watcher::new()),
        |(mut rx, first, watcher)| async move {
            if !first && rx.changed().await.is_err() {
                return None;
            }
            let snapshot = Arc::clone(&rx.borrow_and_update());
            Some((Ok(event(&snapshot)), (rx, false, watcher)))
        },
    )
}
