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
//! Live streams are admitted, never pushed out: a client address (the
//! client a named proxy reports, see `client_addr`) holds at most
//! [`Limits::per_address`] of them and the process [`Limits::streams`];
//! one more is refused (429 for the address, 503 for the process) and its
//! page retries later. Probes and pages are not streams and never count
//! against watchers. When the process holds [`Limits::connections`], a
//! new connection closes the oldest that has not sent its request yet (an
//! idle or trickling client), else the oldest short request; a stream is
//! never closed to make room, and the stream cap stays below the
//! connection cap so that room always remains for probes.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::net::TcpListener;
use tokio::task::{AbortHandle, JoinSet};
use tower::ServiceExt as _;

use super::client_addr::{ClientIp, TrustedProxies};
use super::live;

/// How long a client may take to send its request head.
const READ_TIMEOUT: Duration = Duration::from_secs(3);
/// The most a connection lives, whatever it is doing.
const LIFETIME: Duration = Duration::from_secs(10);
/// The most a live stream lives before its page reconnects.
const STREAM_LIFETIME: Duration = Duration::from_secs(15 * 60);
/// Connections served at once by default (see [`Limits::for_descriptors`]
/// for the figure a process derives from its descriptor limit).
pub const MAX_CONNECTIONS: usize = 1024;
/// Live streams of one client address at once.
pub const MAX_PER_ADDRESS: usize = 32;
/// Connections kept free of streams: probes, pages and assets always find
/// room (each lives at most [`LIFETIME`]).
const SHORT_REQUEST_ROOM: usize = 64;
/// Descriptors kept for everything but HTTP: the database pool, engine
/// processes and their pipes, pictures being written, the platform's
/// connections, logs and the listener.
pub const DESCRIPTORS_KEPT: u64 = 192;

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
    /// Live streams of one client address at once.
    pub per_address: usize,
    /// Live streams at once (below `connections`).
    pub streams: usize,
    /// Pages one client may read a minute, on average.
    pub pages_per_minute: u32,
    /// Pages one client may read at once.
    pub page_burst: u32,
}

impl Limits {
    /// The limits of a process that may open `descriptors` files at once:
    /// [`DESCRIPTORS_KEPT`] stay for the rest of the process, the others
    /// serve HTTP, of which 64 never hold a stream (room for probes).
    #[must_use]
    pub fn for_descriptors(descriptors: u64) -> Limits {
        let http = descriptors.saturating_sub(DESCRIPTORS_KEPT).max(16);
        let connections = usize::try_from(http).unwrap_or(usize::MAX).min(1 << 20);
        Limits {
            connections,
            streams: stream_cap(connections),
            ..Limits::default()
        }
    }
}

fn stream_cap(connections: usize) -> usize {
    connections
        .saturating_sub(SHORT_REQUEST_ROOM.min(connections / 2))
        .max(1)
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            read: READ_TIMEOUT,
            lifetime: LIFETIME,
            stream_lifetime: STREAM_LIFETIME,
            connections: MAX_CONNECTIONS,
            per_address: MAX_PER_ADDRESS,
            streams: stream_cap(MAX_CONNECTIONS),
            pages_per_minute: super::rate::PAGES_PER_MINUTE as u32,
            page_burst: super::rate::PAGE_BURST as u32,
        }
    }
}

/// What the accept loop knows of a connection while it runs.
#[derive(Debug)]
struct ConnState {
    /// No request head read yet.
    waiting: AtomicBool,
    /// Holds a live stream's slot (never closed to make room).
    streaming: AtomicBool,
    /// The slot, released when the connection ends.
    slot: Mutex<Option<StreamSlot>>,
    /// When it must end, in ms after `born`.
    deadline_ms: AtomicU64,
    born: Instant,
}

impl ConnState {
    fn new(lifetime: Duration) -> ConnState {
        ConnState {
            waiting: AtomicBool::new(true),
            streaming: AtomicBool::new(false),
            slot: Mutex::new(None),
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

/// The live streams held, by client address and in all.
#[derive(Debug, Default)]
struct StreamCount {
    by_client: HashMap<IpAddr, usize>,
    total: usize,
}

/// Why a stream was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Refusal {
    /// The client address holds its share.
    Address,
    /// The process holds all it serves.
    Process,
}

/// The stream slots of the server.
#[derive(Debug, Default)]
pub(super) struct StreamSlots {
    count: Mutex<StreamCount>,
}

/// One live stream's place, given back when dropped.
#[derive(Debug)]
struct StreamSlot {
    slots: Arc<StreamSlots>,
    client: IpAddr,
}

impl StreamSlots {
    fn take(self: &Arc<Self>, client: IpAddr, limits: &Limits) -> Result<StreamSlot, Refusal> {
        let mut c = self
            .count
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let mine = c.by_client.get(&client).copied().unwrap_or(0);
        if mine >= limits.per_address.max(1) {
            return Err(Refusal::Address);
        }
        if c.total >= limits.streams.max(1) {
            return Err(Refusal::Process);
        }
        c.total += 1;
        *c.by_client.entry(client).or_insert(0) += 1;
        Ok(StreamSlot {
            slots: Arc::clone(self),
            client,
        })
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut c = self
            .slots
            .count
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        c.total = c.total.saturating_sub(1);
        if let Some(n) = c.by_client.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                c.by_client.remove(&self.client);
            }
        }
    }
}

/// The answer to a stream refused for want of room: the page's script
/// retries after `Retry-After`.
fn refused(why: Refusal) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    let status = match why {
        Refusal::Address => axum::http::StatusCode::TOO_MANY_REQUESTS,
        Refusal::Process => axum::http::StatusCode::SERVICE_UNAVAILABLE,
    };
    (
        status,
        [
            (axum::http::header::RETRY_AFTER, "30"),
            (axum::http::header::CACHE_CONTROL, "no-store"),
        ],
        "too many live streams: try again later\n",
    )
        .into_response()
}

/// One connection in flight.
struct Open {
    id: tokio::task::Id,
    ip: IpAddr,
    state: Arc<ConnState>,
    task: AbortHandle,
}

/// Closes one connection among those `mine` picks: the oldest still
/// waiting for its request, else (with `short_too`) the oldest that is not
/// a live stream. Whether one was closed.
fn evict(open: &mut VecDeque<Open>, mine: impl Fn(&Open) -> bool, short_too: bool) -> bool {
    let victim = open
        .iter()
        .position(|o| mine(o) && o.state.waiting.load(Ordering::Acquire))
        .or_else(|| {
            short_too
                .then(|| {
                    open.iter()
                        .position(|o| mine(o) && !o.state.streaming.load(Ordering::Acquire))
                })
                .flatten()
        });
    match victim.and_then(|i| open.remove(i)) {
        Some(o) => {
            o.task.abort();
            true
        }
        None => false,
    }
}

/// Accepts connections until the process ends and serves `app` on each.
pub(super) async fn accept_loop(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    proxies: Arc<TrustedProxies>,
) {
    let slots = Arc::new(StreamSlots::default());
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
                    // An address's idle connections push out each other only.
                    if open.iter().filter(|o| o.ip == ip).count() >= limits.per_address.max(1) {
                        evict(&mut open, |o| o.ip == ip, false);
                    }
                    if open.len() >= limits.connections.max(1)
                        && !evict(&mut open, |_| true, true)
                    {
                        // Every connection is a live stream: the newcomer
                        // waits for none of them (closed at once).
                        drop(stream);
                        continue;
                    }
                    let state = Arc::new(ConnState::new(limits.lifetime));
                    let admission = Admission {
                        peer: ip,
                        proxies: Arc::clone(&proxies),
                        slots: Arc::clone(&slots),
                    };
                    let task = tasks.spawn(connection(
                        stream,
                        app.clone(),
                        Arc::clone(&state),
                        limits,
                        admission,
                    ));
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

/// What a connection needs to admit its request: who sent it, whom to
/// believe about the client behind a proxy, and the stream slots.
#[derive(Clone, Debug)]
struct Admission {
    peer: IpAddr,
    proxies: Arc<TrustedProxies>,
    slots: Arc<StreamSlots>,
}

/// Serves one request on `stream` and closes it, by its deadline at the
/// latest (a live stream's deadline is set when its request comes in).
async fn connection<S>(
    stream: S,
    app: Router,
    state: Arc<ConnState>,
    limits: Limits,
    admission: Admission,
) where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let seen = Arc::clone(&state);
    let service = tower::service_fn(move |req: hyper::Request<hyper::body::Incoming>| {
        seen.waiting.store(false, Ordering::Release);
        let client = admission.proxies.client(admission.peer, req.headers());
        let mut req = req.map(axum::body::Body::new);
        req.extensions_mut().insert(ClientIp(client));
        let mut refusal = None;
        if live::is_stream_path(req.uri().path()) {
            match admission.slots.take(client, &limits) {
                Ok(slot) => {
                    *seen
                        .slot
                        .lock()
                        .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(slot);
                    seen.streaming.store(true, Ordering::Release);
                    seen.deadline_ms
                        .store(millis(limits.stream_lifetime), Ordering::Release);
                }
                Err(why) => refusal = Some(why),
            }
        }
        let app = app.clone();
        async move {
            match refusal {
                Some(why) => Ok(refused(why)),
                None => app.oneshot(req).await,
            }
        }
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
        let app = super::super::routes::router(
            Arc::clone(&health),
            super::super::live::Hub::new(health),
            &Limits::default(),
        );
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
        let admission = Admission {
            peer: IpAddr::from([127, 0, 0, 1]),
            proxies: Arc::new(TrustedProxies::default()),
            slots: Arc::new(StreamSlots::default()),
        };
        tokio::time::timeout(
            Duration::from_secs(5),
            connection(server, app, Arc::clone(&state), limits, admission),
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
    fn the_caps_follow_the_descriptor_limit() {
        let l = Limits::for_descriptors(1024);
        assert_eq!(l.connections, 1024 - DESCRIPTORS_KEPT as usize);
        assert_eq!(l.streams, l.connections - SHORT_REQUEST_ROOM);
        assert!(Limits::for_descriptors(100).streams >= 1);
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
            evict(&mut open, |o| o.ip == IpAddr::from([127, 0, 0, 1]), true);
            assert_eq!(open.len(), 3);
            assert_eq!(open[1].ip, IpAddr::from([127, 0, 0, 2]));
            assert!(!open[2].state.waiting.load(Ordering::Acquire));
            evict(&mut open, |o| o.ip == IpAddr::from([127, 0, 0, 1]), true);
            assert_eq!(open.len(), 2);
            assert_eq!(open[0].ip, IpAddr::from([127, 0, 0, 2]));
            set.abort_all();
        });
    }

    #[test]
    fn a_live_stream_is_never_closed_to_make_room() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(async {
            let mut set = JoinSet::new();
            let mut open = VecDeque::new();
            for _ in 0..3 {
                let state = Arc::new(ConnState::new(LIFETIME));
                state.waiting.store(false, Ordering::Release);
                state.streaming.store(true, Ordering::Release);
                let task = set.spawn(std::future::pending::<()>());
                open.push_back(Open {
                    id: task.id(),
                    ip: IpAddr::from([127, 0, 0, 1]),
                    state,
                    task,
                });
            }
            assert!(!evict(&mut open, |_| true, true));
            assert!(!evict(&mut open, |_| true, false));
            assert_eq!(open.len(), 3);
            set.abort_all();
        });
    }

    #[test]
    fn stream_slots_refuse_the_newcomer_and_come_back() {
        let limits = Limits {
            per_address: 2,
            streams: 3,
            ..Limits::default()
        };
        let slots = Arc::new(StreamSlots::default());
        let a = IpAddr::from([203, 0, 113, 1]);
        let b = IpAddr::from([203, 0, 113, 2]);
        let first = slots.take(a, &limits).expect("first");
        let _second = slots.take(a, &limits).expect("second");
        assert_eq!(slots.take(a, &limits).err(), Some(Refusal::Address));
        let _third = slots.take(b, &limits).expect("another address");
        assert_eq!(slots.take(b, &limits).err(), Some(Refusal::Process));
        drop(first);
        assert!(
            slots.take(a, &limits).is_ok(),
            "a slot given back is free again"
        );
    }
}
