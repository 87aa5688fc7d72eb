//! `--http ADDR`: `/healthz` (the process runs), `/readyz` (the platform
//! connection is live and the database answers now) and `/metrics`
//! (Prometheus text), and the client of `chessbot healthcheck`.
//!
//! A deliberately small HTTP/1.1 server on tokio's listener: `GET` (and
//! `HEAD`) of three paths, one request per connection (`Connection:
//! close`). That is all probes and Prometheus need, and it costs no
//! feature change in the HTTP crates the platforms already use (enabling
//! hyper's server would rebuild all of them).
//!
//! Whoever reaches the port must not be able to keep a probe from being
//! answered: every connection's whole life (request head, answer, close)
//! has a deadline, the listener never stops accepting, and when all
//! [`MAX_CONNECTIONS`] are taken the oldest connection that has not sent
//! its request yet (an idle or trickling client) is closed to make room
//! (if every one has, the oldest of all). A probe sends its request at
//! once and is answered in milliseconds, so idle connections only push
//! each other out.

use std::collections::VecDeque;
use std::io::{Read as _, Write as _};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::task::{AbortHandle, JoinSet};

use crate::store::Store;

/// How long the database may take to answer `/readyz` (and `/metrics`).
pub const DB_CHECK_TIMEOUT: Duration = Duration::from_secs(2);
/// How long a client may take to send its request head.
const READ_TIMEOUT: Duration = Duration::from_secs(3);
/// How long the answer may take to be written and the connection closed
/// (a client that does not read would otherwise hold its slot forever).
const WRITE_TIMEOUT: Duration = Duration::from_secs(3);
/// The most a connection lives, whatever it is doing.
const LIFETIME: Duration = Duration::from_secs(10);
/// The longest request head read.
const MAX_HEAD: usize = 8 * 1024;
/// Connections served at once; one more closes the oldest (see above).
pub const MAX_CONNECTIONS: usize = 64;

/// The deadlines and the connection cap of [`serve_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long a client may take to send its request head.
    pub read: Duration,
    /// How long writing the answer and closing may take.
    pub write: Duration,
    /// The most a connection lives.
    pub lifetime: Duration,
    /// Connections at once.
    pub connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            read: READ_TIMEOUT,
            write: WRITE_TIMEOUT,
            lifetime: LIFETIME,
            connections: MAX_CONNECTIONS,
        }
    }
}

/// Which platform the process serves (the console is always connected).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// The console: no connection to lose.
    Console,
    /// Discord or Matrix: live while every link reports up
    /// ([`crate::metrics::link_up`]).
    Chat,
}

/// What `/readyz` and `/metrics` look at. The adapter hands over its store
/// once the database is open; until then the database counts as down.
#[derive(Debug)]
pub struct Health {
    platform: Platform,
    store: OnceLock<Store>,
    stopping: std::sync::atomic::AtomicBool,
}

/// The answer of `/readyz`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Readiness {
    /// Whether everything is up.
    pub ready: bool,
    /// What is not: `platform`, `database`, `shutdown`.
    pub down: Vec<&'static str>,
}

impl Health {
    /// For a process serving `platform`, database not open yet.
    #[must_use]
    pub fn new(platform: Platform) -> Arc<Health> {
        Arc::new(Health {
            platform,
            store: OnceLock::new(),
            stopping: std::sync::atomic::AtomicBool::new(false),
        })
    }

    /// The database is open (a second call changes nothing).
    pub fn set_store(&self, store: Store) {
        let _ = self.store.set(store);
    }

    /// The process is shutting down: no longer ready.
    pub fn set_stopping(&self) {
        self.stopping
            .store(true, std::sync::atomic::Ordering::Release);
    }

    fn platform_live(&self) -> bool {
        match self.platform {
            Platform::Console => true,
            Platform::Chat => crate::metrics::links_live(),
        }
    }

    async fn database_up(&self) -> bool {
        let Some(store) = self.store.get() else {
            return false;
        };
        matches!(
            tokio::time::timeout(DB_CHECK_TIMEOUT, store.ping()).await,
            Ok(Ok(()))
        )
    }

    /// Whether the platform connection is live and the database answers
    /// now (within [`DB_CHECK_TIMEOUT`]).
    pub async fn readiness(&self) -> Readiness {
        let mut down = Vec::new();
        if self.stopping.load(std::sync::atomic::Ordering::Acquire) {
            down.push("shutdown");
        }
        if !self.platform_live() {
            down.push("platform");
        }
        if !self.database_up().await {
            down.push("database");
        }
        Readiness {
            ready: down.is_empty(),
            down,
        }
    }

    /// The metrics text, with the figures read from the database now.
    pub async fn metrics(&self) -> String {
        let running = match self.store.get() {
            Some(s) => tokio::time::timeout(DB_CHECK_TIMEOUT, s.count_running_games())
                .await
                .ok()
                .and_then(Result::ok),
            None => None,
        };
        let database_up = match running {
            Some(_) => true,
            None => self.database_up().await,
        };
        crate::metrics::render(crate::metrics::Scraped {
            games_running: running,
            platform_connected: self.platform_live(),
            database_up,
        })
    }
}

/// `ADDR` of `--http`: `host:port`, or `:port` for every interface.
///
/// # Errors
/// Not an address.
pub fn parse_addr(text: &str) -> anyhow::Result<SocketAddr> {
    let t = text.trim();
    let full = if t.starts_with(':') {
        format!("0.0.0.0{t}")
    } else {
        t.to_string()
    };
    full.to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(|| anyhow::anyhow!("--http / CHESSBOT_HTTP_ADDR: {text:?} is not HOST:PORT"))
}

/// Binds `addr` (so a port in use fails at start-up) and serves
/// `health` there in the background; the bound address.
///
/// # Errors
/// The address cannot be bound.
pub async fn start(addr: SocketAddr, health: Arc<Health>) -> anyhow::Result<SocketAddr> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot serve HTTP on {addr}: {e}"))?;
    let bound = listener.local_addr()?;
    tracing::info!(%bound, "serving /healthz, /readyz and /metrics");
    tokio::spawn(serve(listener, health));
    Ok(bound)
}

/// Accepts connections until the process ends, with the default
/// [`Limits`].
pub async fn serve(listener: TcpListener, health: Arc<Health>) {
    serve_with(listener, health, Limits::default()).await;
}

/// One connection in flight: its task, and whether it still waits for the
/// client's request head.
struct Open {
    id: tokio::task::Id,
    waiting: Arc<AtomicBool>,
    task: AbortHandle,
}

/// Accepts connections until the process ends. Accepting never waits for
/// a free slot (a probe queued behind idle clients in the kernel's backlog
/// would time out there); a connection over the cap closes another one.
pub async fn serve_with(listener: TcpListener, health: Arc<Health>, limits: Limits) {
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
                Ok((stream, _)) => {
                    if open.len() >= limits.connections.max(1) {
                        let victim = open
                            .iter()
                            .position(|o| o.waiting.load(Ordering::Acquire))
                            .unwrap_or(0);
                        if let Some(o) = open.remove(victim) {
                            o.task.abort();
                        }
                    }
                    let waiting = Arc::new(AtomicBool::new(true));
                    let health = Arc::clone(&health);
                    let flag = Arc::clone(&waiting);
                    let task = tasks.spawn(async move {
                        match tokio::time::timeout(
                            limits.lifetime,
                            connection(stream, &health, &flag, limits),
                        )
                        .await
                        {
                            Ok(Ok(())) => {}
                            Ok(Err(e)) => tracing::debug!(error = %e, "HTTP connection"),
                            Err(_) => tracing::debug!("HTTP connection closed at its deadline"),
                        }
                    });
                    open.push_back(Open { id: task.id(), waiting, task });
                }
                Err(e) => {
                    tracing::warn!(error = %e, "accepting an HTTP connection failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            },
        }
    }
}

/// Reads one request head (within `limits.read`; `waiting` is cleared once
/// it is in), answers and closes (within `limits.write`).
async fn connection<S>(
    mut stream: S,
    health: &Health,
    waiting: &AtomicBool,
    limits: Limits,
) -> std::io::Result<()>
where
    S: AsyncRead + AsyncWrite + Unpin,
{
    let mut head = Vec::with_capacity(512);
    let read = async {
        let mut buf = [0u8; 1024];
        while !head.windows(4).any(|w| w == b"\r\n\r\n") && !head.windows(2).any(|w| w == b"\n\n") {
            let n = stream.read(&mut buf).await?;
            if n == 0 {
                break;
            }
            head.extend_from_slice(&buf[..n]);
            if head.len() > MAX_HEAD {
                break;
            }
        }
        Ok::<_, std::io::Error>(())
    };
    if tokio::time::timeout(limits.read, read).await.is_err() {
        return Ok(());
    }
    waiting.store(false, Ordering::Release);
    let line = head
        .split(|b| *b == b'\n')
        .next()
        .map(|l| String::from_utf8_lossy(l).trim().to_string())
        .unwrap_or_default();
    let mut words = line.split_whitespace();
    let (method, target) = (words.next().unwrap_or(""), words.next().unwrap_or(""));
    let path = target.split('?').next().unwrap_or("");
    let (status, content_type, body) = if head.len() > MAX_HEAD {
        (431, "text/plain", "request head too large\n".to_string())
    } else if method != "GET" && method != "HEAD" {
        (405, "text/plain", "only GET\n".to_string())
    } else {
        route(path, health).await
    };
    let reason = match status {
        200 => "OK",
        404 => "Not Found",
        405 => "Method Not Allowed",
        431 => "Request Header Fields Too Large",
        _ => "Service Unavailable",
    };
    let mut out = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nCache-Control: no-store\r\nConnection: close\r\n",
        body.len()
    );
    if status == 405 {
        out.push_str("Allow: GET, HEAD\r\n");
    }
    out.push_str("\r\n");
    if method != "HEAD" {
        out.push_str(&body);
    }
    let write = async {
        stream.write_all(out.as_bytes()).await?;
        stream.shutdown().await
    };
    tokio::time::timeout(limits.write, write)
        .await
        .unwrap_or_else(|_| {
            Err(std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                "the client did not take the answer in time",
            ))
        })
}

/// Status, content type and body for `path`.
async fn route(path: &str, health: &Health) -> (u16, &'static str, String) {
    match path {
        "/healthz" => (200, "text/plain", "ok\n".to_string()),
        "/readyz" => {
            let r = health.readiness().await;
            let body = serde_json::to_string(&r).unwrap_or_default() + "\n";
            (if r.ready { 200 } else { 503 }, "application/json", body)
        }
        "/metrics" => (
            200,
            "text/plain; version=0.0.4; charset=utf-8",
            health.metrics().await,
        ),
        _ => (
            404,
            "text/plain",
            "not found: /healthz, /readyz, /metrics\n".to_string(),
        ),
    }
}

/// A `GET` of an `http://` URL: the status and the body (the client of
/// `chessbot healthcheck` and of the tests; no TLS, no redirects).
///
/// # Errors
/// Not an `http://host:port/path` URL, no connection, no HTTP answer
/// within `timeout`.
pub fn get(url: &str, timeout: Duration) -> anyhow::Result<(u16, String)> {
    let rest = url
        .strip_prefix("http://")
        .ok_or_else(|| anyhow::anyhow!("{url}: only http:// URLs"))?;
    let (host, path) = match rest.find('/') {
        Some(i) => (&rest[..i], &rest[i..]),
        None => (rest, "/"),
    };
    let addr = host
        .to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(|| anyhow::anyhow!("{url}: {host:?} is not HOST:PORT"))?;
    let mut stream = TcpStream::connect_timeout(&addr, timeout)?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
    )?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer)?;
    let text = String::from_utf8_lossy(&answer);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| anyhow::anyhow!("{url}: not an HTTP answer"))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| anyhow::anyhow!("{url}: not an HTTP answer"))?;
    Ok((status, body.to_string()))
}

/// The URL `chessbot healthcheck` asks by default: `/readyz` of
/// `http_addr` (an unspecified address asked on the loopback).
///
/// # Errors
/// `http_addr` unset or not an address.
pub fn default_probe_url(http_addr: Option<&str>) -> anyhow::Result<String> {
    let text = http_addr
        .ok_or_else(|| anyhow::anyhow!("no --url and no http_addr / CHESSBOT_HTTP_ADDR to ask"))?;
    let mut addr = parse_addr(text)?;
    if addr.ip().is_unspecified() {
        addr.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
    }
    Ok(format!("http://{addr}/readyz"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_parse_with_or_without_a_host() {
        assert_eq!(
            parse_addr(":9100").unwrap(),
            "0.0.0.0:9100".parse().unwrap()
        );
        assert_eq!(
            parse_addr("127.0.0.1:80").unwrap(),
            "127.0.0.1:80".parse().unwrap()
        );
        assert!(parse_addr("nope").is_err());
        assert_eq!(
            default_probe_url(Some("0.0.0.0:9100")).unwrap(),
            "http://127.0.0.1:9100/readyz"
        );
        assert!(default_probe_url(None).is_err());
    }

    #[tokio::test]
    async fn a_client_that_never_reads_the_answer_is_closed_at_the_write_deadline() {
        let health = Health::new(Platform::Console);
        // A pipe that holds 64 bytes: the metrics text does not fit, and
        // the client never reads.
        let (mut client, server) = tokio::io::duplex(64);
        client
            .write_all(b"GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .unwrap();
        let limits = Limits {
            write: Duration::from_millis(300),
            ..Limits::default()
        };
        let waiting = AtomicBool::new(true);
        let served = tokio::time::timeout(
            Duration::from_secs(5),
            connection(server, &health, &waiting, limits),
        )
        .await
        .expect("the connection ends at its write deadline, not never");
        let e = served.unwrap_err();
        assert_eq!(e.kind(), std::io::ErrorKind::TimedOut, "{e}");
        assert!(!waiting.load(Ordering::Acquire), "its request was read");
        drop(client);
    }

    #[tokio::test]
    async fn the_console_is_ready_once_the_database_answers() {
        let health = Health::new(Platform::Console);
        let addr = start("127.0.0.1:0".parse().unwrap(), Arc::clone(&health))
            .await
            .unwrap();
        let ask = move |path: &'static str| {
            tokio::task::spawn_blocking(move || {
                get(&format!("http://{addr}{path}"), Duration::from_secs(5)).unwrap()
            })
        };
        assert_eq!(ask("/healthz").await.unwrap(), (200, "ok\n".to_string()));
        let (status, body) = ask("/readyz").await.unwrap();
        assert_eq!(status, 503);
        assert_eq!(body, "{\"ready\":false,\"down\":[\"database\"]}\n");
        health.set_store(Store::memory().await.unwrap());
        assert_eq!(ask("/readyz").await.unwrap().0, 200);
        assert_eq!(ask("/nope").await.unwrap().0, 404);
        let (status, body) = ask("/metrics").await.unwrap();
        assert_eq!(status, 200);
        assert!(body.contains("chessbot_games_running 0\n"), "{body}");
    }
}
