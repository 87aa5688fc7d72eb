//! `--http ADDR`: one listener on axum and hyper serving `/healthz` (the
//! process runs), `/readyz` (the platform connection is live and the
//! database answers now), `/metrics` (Prometheus text) and, once an adapter
//! hands over its service, the spectator pages (`/g/<token>`,
//! `/l/<token>`, their live updates and assets); and the client of
//! `chessbot healthcheck`.
//!
//! The files: `server` (accepting connections, the limits that keep one
//! client from starving the probes), `app` (what the handlers share),
//! `routes` (the router, security headers, health and metrics), `pages` (the HTML), `board` (the SVG
//! board), `live` (Server-Sent Events fed by the store's game changes),
//! `assets` (the stylesheet and script compiled into the binary),
//! `player` and `player_page` (a player's own playable page of their game).

mod app;
mod assets;
mod board;
mod client_addr;
mod live;
mod pages;
mod rate;

mod player;
mod player_page;
mod routes;
mod server;

use std::io::{Read as _, Write as _};
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use tokio::net::TcpListener;

use crate::service::GameService;
use crate::store::Store;

pub use client_addr::{BadProxy, ClientIp, TrustedProxies};
pub use player::{PagePostSender, PagePosts};
pub use server::{DESCRIPTORS_KEPT, Limits, MAX_CONNECTIONS, MAX_PER_ADDRESS};

/// How long the database may take to answer `/readyz` (and `/metrics`).
pub const DB_CHECK_TIMEOUT: Duration = Duration::from_secs(2);
/// Which platform the process serves (the console is always connected).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Platform {
    /// The console: no connection to lose.
    Console,
    /// Discord or Matrix: live while every link reports up
    /// ([`crate::metrics::link_up`]).
    Chat,
}

/// What `/readyz` and `/metrics` look at, and what the pages read. The
/// adapter hands over its store once the database is open (until then the
/// database counts as down) and its service once it runs (until then
/// pages answer 503).
#[derive(Debug)]
pub struct Health {
    platform: Platform,
    store: OnceLock<Store>,
    service: OnceLock<GameService>,
    /// Where the posts of player pages go: the adapter that posts them.
    page_posts: OnceLock<PagePostSender>,
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
            service: OnceLock::new(),
            page_posts: OnceLock::new(),
            stopping: std::sync::atomic::AtomicBool::new(false),
        })
    }

    /// The service runs: spectator pages may read it (a second call
    /// changes nothing).
    pub fn set_service(&self, service: GameService) {
        let _ = self.service.set(service);
    }

    /// The service, once handed over.
    fn service(&self) -> Option<&GameService> {
        self.service.get()
    }

    /// The adapter posts what player pages cause (moves, offers...) in
    /// the chat, taking it from `posts`; until then the pages may show
    /// but not act (a second call changes nothing).
    pub fn set_page_posts(&self, posts: PagePostSender) {
        let _ = self.page_posts.set(posts);
    }

    /// Where player pages' posts go, while the adapter takes them.
    fn page_posts(&self) -> Option<PagePostSender> {
        self.page_posts.get().filter(|p| !p.is_closed()).cloned()
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

/// `ADDR` of `--http`: `host:port`, `:port` for every interface, or a
/// bare `port` on the loopback (pages reach the world through a reverse
/// proxy unless the operator says otherwise).
///
/// # Errors
/// Not an address.
pub fn parse_addr(text: &str) -> anyhow::Result<SocketAddr> {
    let t = text.trim();
    let full = if t.starts_with(':') {
        format!("0.0.0.0{t}")
    } else if !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()) {
        format!("127.0.0.1:{t}")
    } else {
        t.to_string()
    };
    full.to_socket_addrs()
        .ok()
        .and_then(|mut a| a.next())
        .ok_or_else(|| anyhow::anyhow!("--http / CHESSBOT_HTTP_ADDR: {text:?} is not HOST:PORT"))
}

/// Binds `addr` (so a port in use fails at start-up) and serves `health`
/// (and, once handed over, the pages) there in the background; the bound
/// address.
///
/// # Errors
/// The address cannot be bound.
pub async fn start(addr: SocketAddr, health: Arc<Health>) -> anyhow::Result<SocketAddr> {
    start_with(addr, health, Limits::default(), TrustedProxies::default()).await
}

/// [`start`] with explicit [`Limits`] and the proxies whose forwarding
/// headers name the client.
///
/// # Errors
/// The address cannot be bound.
pub async fn start_with(
    addr: SocketAddr,
    health: Arc<Health>,
    limits: Limits,
    proxies: TrustedProxies,
) -> anyhow::Result<SocketAddr> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot serve HTTP on {addr}: {e}"))?;
    let bound = listener.local_addr()?;
    tracing::info!(%bound, "serving /healthz, /readyz, /metrics and spectator pages");
    tokio::spawn(serve_with(listener, health, limits, proxies));
    Ok(bound)
}

/// Accepts connections until the process ends, with the default
/// [`Limits`].
pub async fn serve(listener: TcpListener, health: Arc<Health>) {
    serve_with(
        listener,
        health,
        Limits::default(),
        TrustedProxies::default(),
    )
    .await;
}

/// Accepts connections on `listener` until the process ends, within
/// `limits` (see `server`).
pub async fn serve_with(
    listener: TcpListener,
    health: Arc<Health>,
    limits: Limits,
    proxies: TrustedProxies,
) {
    let hub = live::Hub::new(Arc::clone(&health));
    let app = routes::router(health, hub, &limits);
    server::accept_loop(listener, app, limits, Arc::new(proxies)).await;
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
            parse_addr("9100").unwrap(),
            "127.0.0.1:9100".parse().unwrap()
        );
        assert_eq!(
            default_probe_url(Some("0.0.0.0:9100")).unwrap(),
            "http://127.0.0.1:9100/readyz"
        );
        assert!(default_probe_url(None).is_err());
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
