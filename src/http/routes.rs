//! The router: health, readiness and metrics as before (plain text and
//! JSON, `Cache-Control: no-store`), the spectator pages and their PGN,
//! the assets, and the headers every answer carries (a
//! `Content-Security-Policy` that allows no inline script or style, no
//! referrer, so a page's secret address never leaks to another site).

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tower_http::compression::CompressionLayer;
use tower_http::timeout::TimeoutLayer;

use super::app::App;
use super::{Health, assets, live, pages};
use crate::metrics;

/// The most a handler may take to produce its answer's head.
const HANDLER_TIMEOUT: Duration = Duration::from_secs(8);

/// The policy of every answer: assets of this origin only, no inline
/// script or style, no frames, no forms.
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
     connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// Every route of the server.
pub(super) fn router(health: Arc<Health>, hub: Arc<live::Hub>, limits: &super::Limits) -> Router {
    let app = App {
        health,
        hub,
        pages: Arc::new(super::rate::PageLimiter::new(
            limits.pages_per_minute,
            limits.page_burst,
        )),
    };
    let pages = Router::new()
        .route("/g/{token}", get(game))
        .route("/l/{token}", get(league))
        .layer(axum::middleware::from_fn_with_state(app.clone(), page_rate));
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics_text))
        .merge(pages)
        .route("/g/{token}/events", get(events))
        .route("/assets/{file}", get(asset))
        .merge(super::player::routes())
        .fallback(not_found)
        .layer(axum::middleware::map_response(secure))
        .layer(CompressionLayer::new())
        .layer(TimeoutLayer::with_status_code(
            StatusCode::SERVICE_UNAVAILABLE,
            HANDLER_TIMEOUT,
        ))
        .with_state(app)
}

/// `GET /g/<token>/events`: the live stream of a game's page.
async fn events(State(app): State<App>, Path(token): Path<String>) -> Response {
    let Some(service) = app.health.service() else {
        return StatusCode::SERVICE_UNAVAILABLE.into_response();
    };
    match service.watched_game(&token).await {
        Ok(Some(view)) => live::stream_response(&app.hub, &token, &view),
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => {
            tracing::warn!(error = %e, "a live stream failed to start");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// Pages read beyond a client's rate are answered 429.
async fn page_rate(
    State(app): State<App>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let client = req
        .extensions()
        .get::<super::ClientIp>()
        .map_or(std::net::IpAddr::from([0, 0, 0, 0]), |c| c.0);
    if !app.pages.allow(client, std::time::Instant::now()) {
        return (
            StatusCode::TOO_MANY_REQUESTS,
            [
                (header::RETRY_AFTER, "5"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            "too many pages read: try again in a few seconds\n",
        )
            .into_response();
    }
    next.run(req).await
}

/// The headers every answer carries.
async fn secure(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    r
}

fn text(status: StatusCode, content_type: &'static str, body: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

async fn healthz() -> Response {
    text(StatusCode::OK, "text/plain", "ok\n".to_string())
}

async fn readyz(State(app): State<App>) -> Response {
    let r = app.health.readiness().await;
    let body = serde_json::to_string(&r).unwrap_or_default() + "\n";
    let status = if r.ready {
        StatusCode::OK
    } else {
        StatusCode::SERVICE_UNAVAILABLE
    };
    text(status, "application/json", body)
}

async fn metrics_text(State(app): State<App>, headers: HeaderMap) -> Response {
    // The proxy publishes the pages; the metrics are for the owner's own
    // scraper on the host, never for whoever reaches the proxy.
    if super::client_addr::came_through_proxy(&headers) {
        return not_found().await;
    }
    text(
        StatusCode::OK,
        crate::metrics::CONTENT_TYPE,
        app.health.metrics().await,
    )
}

async fn not_found() -> Response {
    text(
        StatusCode::NOT_FOUND,
        "text/plain",
        "not found: /healthz, /readyz, /metrics\n".to_string(),
    )
}

/// A page that does not exist (or may not be shown: the same answer, so
/// a token's existence never shows).
fn no_page() -> Response {
    html(StatusCode::NOT_FOUND, pages::not_found(), "no-store")
}

fn unavailable() -> Response {
    text(
        StatusCode::SERVICE_UNAVAILABLE,
        "text/plain",
        "not serving pages yet\n".to_string(),
    )
}

fn html(status: StatusCode, body: String, cache: &'static str) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CACHE_CONTROL, cache),
        ],
        body,
    )
        .into_response()
}

/// Whether the client already holds version `etag`.
fn fresh(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"))
}

/// `/g/<token>` (the page) and `/g/<token>.pgn` (its PGN).
async fn game(State(app): State<App>, Path(file): Path<String>, headers: HeaderMap) -> Response {
    let Some(service) = app.health.service() else {
        return unavailable();
    };
    let (token, pgn) = match file.strip_suffix(".pgn") {
        Some(t) => (t, true),
        None => (file.as_str(), false),
    };
    let view = match service.watched_game(token).await {
        Ok(Some(v)) => v,
        Ok(None) => return no_page(),
        Err(e) => {
            tracing::error!(error = %e, "a game page failed");
            return text(
                StatusCode::INTERNAL_SERVER_ERROR,
                "text/plain",
                "something went wrong\n".to_string(),
            );
        }
    };
    metrics::PAGES_SERVED.inc();
    // A finished game changes no more but for its analysis arriving:
    // the version names both.
    let etag = (!view.running).then(|| {
        format!(
            "\"g{}-{}-{}-{}\"",
            view.game,
            view.updated_at,
            view.plies.len(),
            u8::from(view.analysis.is_some())
        )
    });
    if let Some(tag) = &etag
        && fresh(&headers, tag)
    {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, tag.clone())]).into_response();
    }
    let cache = if view.running {
        "no-cache"
    } else {
        "public, max-age=60"
    };
    let mut r = if pgn {
        (
            StatusCode::OK,
            [
                (
                    header::CONTENT_TYPE,
                    "application/x-chess-pgn; charset=utf-8",
                ),
                (header::CACHE_CONTROL, cache),
            ],
            view.pgn.clone(),
        )
            .into_response()
    } else {
        html(StatusCode::OK, pages::game_page(&view, token), cache)
    };
    if pgn
        && let Ok(v) =
            HeaderValue::from_str(&format!("attachment; filename=\"game-{}.pgn\"", view.game))
    {
        r.headers_mut().insert(header::CONTENT_DISPOSITION, v);
    }
    if let Some(tag) = etag.and_then(|t| HeaderValue::from_str(&t).ok()) {
        r.headers_mut().insert(header::ETAG, tag);
    }
    r
}

/// `/l/<token>`: a league's page.
async fn league(State(app): State<App>, Path(token): Path<String>) -> Response {
    let Some(service) = app.health.service() else {
        return unavailable();
    };
    match service.watched_league(&token).await {
        Ok(Some(v)) => {
            metrics::PAGES_SERVED.inc();
            html(StatusCode::OK, pages::league_page(&v), "no-cache")
        }
        Ok(None) => no_page(),
        Err(e) => {
            tracing::error!(error = %e, "a league page failed");
            text(
                StatusCode::INTERNAL_SERVER_ERROR,
                "text/plain",
                "something went wrong\n".to_string(),
            )
        }
    }
}

/// `/assets/<file>`: the stylesheet, the script and the piece set.
async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let Some((body, content_type)) = assets::get(&file) else {
        return no_page();
    };
    let etag = assets::etag();
    if fresh(&headers, etag) {
        return (StatusCode::NOT_MODIFIED, [(header::ETAG, etag)]).into_response();
    }
    (
        StatusCode::OK,
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "public, max-age=86400"),
            (header::ETAG, etag),
        ],
        body,
    )
        .into_response()
}
