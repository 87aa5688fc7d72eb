//! Accepting connections and serving each with hyper, within limits that
//! keep whoever reaches the port from stopping a probe being answered.
//!
//! The listener never stops accepting (a probe queued in the kernel's
//! backlog behind idle clients would time out there). Every connection's
//! whole life has a deadline: [`Limits::lifetime`], or
//! [`Limits::stream_lifetime`] once it asked for a live stream (the page's
//! script then reconnects and catches up). A client has
//! [`Limits::read`] to send its request head. One request per connection,
//! as before: probes and Prometheus need no more, and an idle keep-alive
//! connection would hold a slot for nothing.
//!
//! When a client address holds [`Limits::per_address`] connections, or
//! the process [`Limits::connections`], a new one closes the oldest that
//! has not sent its request yet (an idle or trickling client), else the
//! oldest of all: a probe sends its request at once and is answered in
//! milliseconds, so idle connections only push each other out, and one
//! address cannot push out everyone else's watchers.

use std::collections::VecDeque;
use std::net::IpAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpListener;
use tokio::task::{AbortHandle, JoinSet};
use tower::ServiceExt as _;

use super::live;

/// How long a client may take to send its request head.
const READ_TIMEOUT: Duration = Duration::from_secs(3);
/// The most a connection lives, whatever it is doing.
const LIFETIME: Duration = Duration::from_secs(10);
/// The most a live stream lives before its page reconnects.
const STREAM_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// Connections served at once; one more closes another (see above).
pub const MAX_CONNECTIONS: usize = 1024;
/// Connections of one client address at once.
pub const MAX_PER_ADDRESS: usize = 32;

/// The deadlines and caps of the server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long a client may take to send its request head.
    pub read: Duration,
    /// The most a connection lives.
    pub lifetime: Duration,
    /// The most a live stream (`/g/<token>/events`) lives.
    pub stream_lifetime: Duration,
    /// Connections at once.
    pub connections: usize,
    /// Connections of one client address at once.
    pub per_address: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            read: READ_TIMEOUT,
            lifetime: LIFETIME,
            stream_lifetime: STREAM_LIFETIME,
            connections: MAX_CONNECTIONS,
            per_address: MAX_PER_ADDRESS,
        }
    }
}

/// What the accept loop knows of a connection while it runs.
#[derive(Debug)]
struct ConnState {
    /// No request head read yet.
    waiting: AtomicBool,
    /// When it must end, in ms after `born`.
    deadline_ms: AtomicU64,
    born: Instant,
}

impl ConnState {
    fn new(lifetime: Duration) -> ConnState {
        ConnState {
            waiting: AtomicBool::new(true),
            deadline_ms: AtomicU64::new(millis(lifetime)),
            born: Instant::now(),
        }
    }

    fn deadline(&self) -> tokio::time::Instant {
        let ms = self.deadline_ms.load(Ordering::Acquire);
        tokio::time::Instant::from_std(self.born + Duration::from_millis(ms))
    }
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// One connection in flight.
struct Open {
    id: tokio::task::Id,
    ip: IpAddr,
    state: Arc<ConnState>,
    task: AbortHandle,
}

/// Closes one connection among those `mine` picks: the oldest still
/// waiting for its request, else the oldest.
fn evict(open: &mut VecDeque<Open>, mine: impl Fn(&Open) -> bool) {
    let victim = open
        .iter()
        .position(|o| mine(o) && o.state.waiting.load(Ordering::Acquire))
        .or_else(|| open.iter().position(&mine));
    if let Some(o) = victim.and_then(|i| open.remove(i)) {
        o.task.abort();
    }
}

/// Accepts connections until the process ends and serves `app` on each.
pub(super) async fn accept_loop(listener: TcpListener, app: Router, limits: Limits) {
    let mut tasks = JoinSet::new();
    // Oldest first.
    let mut open: VecDeque<Open> = VecDeque::new();
    loop {
        tokio::select! {
            Some(done) = tasks.join_next_with_id() => {
                let id = match done {
                    Ok((id, ())) => id,
                    Err(e) => e.id(),
                };
                open.retain(|o| o.id != id);
            }
            accepted = listener.accept() => match accepted {
                Ok((stream, peer)) => {
                    let ip = peer.ip();
                    if open.iter().filter(|o| o.ip == ip).count() >= limits.per_address.max(1) {
                        evict(&mut open, |o| o.ip == ip);
                    }
                    if open.len() >= limits.connections.max(1) {
                        evict(&mut open, |_| true);
                    }
                    let state = Arc::new(ConnState::new(limits.lifetime));
                    let task = tasks.spawn(connection(stream, app.clone(), Arc::clone(&state), limits));
                    open.push_back(Open { id: task.id(), ip, state, task });
                }
                Err(e) => {
                    tracing::warn!(error = %e, "accepting an HTTP connection failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
        }
    }
}

/// Serves one request on `stream` and closes it, by its deadline at the
/// latest (a live stream's deadline is set when its request comes in).
async fn connection<S>(stream: S, app: Router, state: Arc<ConnState>, limits: Limits)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let seen = Arc::clone(&state);
    let service = tower::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
        seen.waiting.store(false, Ordering::Release);
        if live::is_stream_path(req.uri().path()) {
            seen.deadline_ms
                .store(millis(limits.stream_lifetime), Ordering::Release);
        }
        app.clone().oneshot(req.map(axum::body::Body::new))
    });
    let conn = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.read)
        .keep_alive(false)
        .serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
    tokio::pin!(conn);
    loop {
        let deadline = state.deadline();
        tokio::select! {
            served = &mut conn => {
                if let Err(e) = served {
                    tracing::debug!(error = %e, "HTTP connection");
                }
                return;
            }
            () = tokio::time::sleep_until(deadline) => {
                if state.deadline() <= tokio::time::Instant::now() {
                    tracing::debug!("HTTP connection closed at its deadline");
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::AsyncWriteExt as _;

    #[tokio::test]
    async fn a_client_that_never_reads_the_answer_is_closed_at_its_deadline() {
        let health = super::super::Health::new(super::super::Platform::Console);
        let app =
            super::super::routes::router(Arc::clone(&health), super::super::live::Hub::new(health));
        // A pipe that holds 64 bytes: the metrics text does not fit, and
        // the client never reads.
        let (mut client, server) = tokio::io::duplex(64);
        client
            .write_all(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let limits = Limits {
            lifetime: Duration::from_millis(300),
            ..Limits::default()
        };
        let state = Arc::new(ConnState::new(limits.lifetime));
        tokio::time::timeout(
            Duration::from_secs(5),
            connection(server, app, Arc::clone(&state), limits),
        )
        .await
        .expect("the connection ends at its deadline, not never");
        assert!(
            !state.waiting.load(Ordering::Acquire),
            "its request was read"
        );
        drop(client);
    }

    #[test]
    fn the_idle_connection_of_an_address_goes_first() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            let mut set = JoinSet::new();
            let mut open = VecDeque::new();
            for (i, waiting) in [(1u8, false), (2, true), (1, true), (1, false)] {
                let state = Arc::new(ConnState::new(LIFETIME));
                state.waiting.store(waiting, Ordering::Release);
                let task = set.spawn(std::future::pending::<()>());
                open.push_back(Open {
                    id: task.id(),
                    ip: IpAddr::from([127, 0, 0, i]),
                    state,
                    task,
                });
            }
            evict(&mut open, |o| o.ip == IpAddr::from([127, 0, 0, 1]));
            assert_eq!(open.len(), 3);
            assert_eq!(open[1].ip, IpAddr::from([127, 0, 0, 2]));
            assert!(!open[2].state.waiting.load(Ordering::Acquire));
            evict(&mut open, |o| o.ip == IpAddr::from([127, 0, 0, 1]));
            assert_eq!(open.len(), 2);
            assert_eq!(open[0].ip, IpAddr::from([127, 0, 0, 2]));
            set.abort_all();
        });
    }
}
