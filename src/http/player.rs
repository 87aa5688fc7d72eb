//! Player pages: `GET /p/<token>` (the playable page of a game for one of
//! its players), `GET /p/<token>/state` (what it shows, as JSON) and
//! `POST /p/<token>/action` (a move, a draw offer, a resignation...). An
//! action is the player's command in the game's place through the
//! service; what it posts goes to the adapter ([`PagePosts`]) exactly as
//! the typed command's answer would, and a refusal comes back to the page
//! with the service's message.
//!
//! Cross-site requests cannot act: the secret token is in the path, the
//! body must be JSON (a form of another site cannot send that without the
//! browser asking first, and this server answers no such question), and a
//! request a browser marks as coming from another origin (`Origin`,
//! `Sec-Fetch-Site`) is refused.

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use tokio::sync::mpsc;

use super::app::App;
use crate::service::{
    Actor, GameService, PageAction, PageOutcome, PlayerGame, Reply, page_action, player_game,
};

/// The largest action body read (a move is a few dozen bytes).
const MAX_BODY: usize = 1024;

/// What a player's page caused, for the adapter to post as it posts the
/// answer of a typed command by `author`.
#[derive(Debug)]
pub struct PagePosts {
    pub replies: Vec<Reply>,
    /// The player who acted on the page (private answers are theirs).
    pub author: Actor,
}

/// Where the adapter takes the posts of player pages.
pub type PagePostSender = mpsc::UnboundedSender<PagePosts>;

/// The player pages' routes.
pub(super) fn routes() -> Router<App> {
    Router::new()
        .route("/p/{token}", get(page))
        .route("/p/{token}/state", get(state))
        .route(
            "/p/{token}/action",
            axum::routing::post(action).layer(DefaultBodyLimit::max(MAX_BODY)),
        )
}

fn json(status: StatusCode, body: &impl serde::Serialize) -> Response {
    let text = serde_json::to_string(body).unwrap_or_else(|_| "null".to_string());
    (
        status,
        [
            (header::CONTENT_TYPE, "application/json"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        text,
    )
        .into_response()
}

fn refusal(status: StatusCode, code: &str, message: &str) -> Response {
    json(
        status,
        &serde_json::json!({ "ok": false, "code": code, "message": message }),
    )
}

fn failed(e: &dyn std::fmt::Display) -> Response {
    tracing::error!(error = %e, "a player page failed");
    refusal(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        "something went wrong",
    )
}

/// The seat of `token`, or the answer that there is none.
async fn seat(app: &App, token: &str) -> Result<(GameService, PlayerGame), Response> {
    let Some(service) = app.health.service() else {
        return Err(refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            "not serving pages yet",
        ));
    };
    match player_game(service, token).await {
        Ok(Some(g)) => Ok((service.clone(), g)),
        Ok(None) => Err(refusal(StatusCode::NOT_FOUND, "no_page", "no such page")),
        Err(e) => Err(failed(&e)),
    }
}

/// `GET /p/<token>`.
async fn page(State(app): State<App>, Path(token): Path<String>) -> Response {
    match seat(&app, &token).await {
        Ok((_, g)) => {
            crate::metrics::PAGES_SERVED.inc();
            (
                StatusCode::OK,
                [
                    (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                    (header::CACHE_CONTROL, "no-store"),
                ],
                super::player_page::page(&g, &token),
            )
                .into_response()
        }
        Err(r) if r.status() == StatusCode::NOT_FOUND => (
            StatusCode::NOT_FOUND,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-store"),
            ],
            super::pages::not_found(),
        )
            .into_response(),
        Err(r) => r,
    }
}

/// `GET /p/<token>/state`.
async fn state(State(app): State<App>, Path(token): Path<String>) -> Response {
    match seat(&app, &token).await {
        Ok((_, g)) => json(StatusCode::OK, &g),
        Err(r) => r,
    }
}

/// Whether a browser says the request comes from another site: an
/// `Origin` that is not this host, or `Sec-Fetch-Site` other than
/// `same-origin` (clients that send neither, such as scripts, may act:
/// they hold the token and cannot be made to send the request by a page).
fn cross_site(headers: &HeaderMap) -> bool {
    let value = |name| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = value(header::HeaderName::from_static("sec-fetch-site"))
        && site != "same-origin"
        && site != "none"
    {
        return true;
    }
    match (value(header::ORIGIN), value(header::HOST)) {
        (Some(origin), Some(host)) => {
            let bare = origin
                .strip_prefix("https://")
                .or_else(|| origin.strip_prefix("http://"))
                .unwrap_or("");
            // Behind a reverse proxy the host asked for is forwarded.
            let forwarded = value(header::HeaderName::from_static("x-forwarded-host"));
            bare != host && Some(bare) != forwarded
        }
        (Some(_), None) => true,
        _ => false,
    }
}

fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"))
}

/// `POST /p/<token>/action`.
async fn action(
    State(app): State<App>,
    Path(token): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !is_json(&headers) {
        return refusal(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "invalid_input",
            "the action must be JSON",
        );
    }
    if cross_site(&headers) {
        return refusal(StatusCode::FORBIDDEN, "not_allowed", "not from this page");
    }
    let Ok(act) = serde_json::from_slice::<PageAction>(&body) else {
        return refusal(
            StatusCode::BAD_REQUEST,
            "invalid_input",
            "not an action this page knows",
        );
    };
    let (service, g) = match seat(&app, &token).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let Some(posts) = app.health.page_posts() else {
        let loc = service.locale_for(&g.place, Default::default()).await;
        return refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            "unavailable",
            &crate::service::messages::play_no_chat(loc),
        );
    };
    // The command runs to its end and its posts go out even when this
    // request is dropped (a client that gave up, the handler's timeout).
    let run = tokio::spawn(async move {
        let outcome = page_action(&service, &token, act).await;
        if let Ok(Some(PageOutcome {
            replies, player, ..
        })) = &outcome
            && !replies.is_empty()
        {
            let _ = posts.send(PagePosts {
                replies: replies.clone(),
                author: player.clone(),
            });
        }
        let state = match &outcome {
            Ok(Some(_)) => player_game(&service, &token).await.ok().flatten(),
            _ => None,
        };
        (outcome, state)
    });
    let (outcome, state) = match run.await {
        Ok(done) => done,
        Err(e) => return failed(&e),
    };
    match outcome {
        Ok(Some(PageOutcome {
            refused: Some((code, message)),
            ..
        })) => {
            let status = match code.as_str() {
                "stale" | "confirm" | "no_game" => StatusCode::CONFLICT,
                _ => StatusCode::UNPROCESSABLE_ENTITY,
            };
            refusal(status, &code, &message)
        }
        Ok(Some(PageOutcome { repeated, .. })) => json(
            StatusCode::OK,
            &serde_json::json!({ "ok": true, "repeated": repeated, "state": state }),
        ),
        Ok(None) => refusal(StatusCode::NOT_FOUND, "no_page", "no such page"),
        Err(e) => failed(&e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn only_requests_of_this_origin_may_act() {
        assert!(!cross_site(&headers(&[("host", "chess.test")])));
        assert!(!cross_site(&headers(&[
            ("host", "chess.test"),
            ("origin", "https://chess.test"),
            ("sec-fetch-site", "same-origin"),
        ])));
        assert!(cross_site(&headers(&[
            ("host", "chess.test"),
            ("origin", "https://evil.test"),
        ])));
        assert!(cross_site(&headers(&[
            ("host", "chess.test"),
            ("sec-fetch-site", "cross-site"),
        ])));
        assert!(!cross_site(&headers(&[
            ("host", "127.0.0.1:8080"),
            ("x-forwarded-host", "chess.test"),
            ("origin", "https://chess.test"),
        ])));
    }

    #[test]
    fn actions_must_be_json() {
        assert!(is_json(&headers(&[(
            "content-type",
            "application/json; charset=utf-8"
        )])));
        assert!(!is_json(&headers(&[(
            "content-type",
            "application/x-www-form-urlencoded"
        )])));
        assert!(!is_json(&headers(&[("content-type", "text/plain")])));
    }
}
