//! Retrying Discord's REST calls: a rate limit (429), a server error (5xx)
//! or a network failure is tried again after a bounded back-off; every
//! other refusal is final at once.
//!
//! serenity retries 429s itself only with its own rate limiter, which is
//! off behind the shared REST proxy (`DISCORD_HTTP_PROXY`), and its error
//! keeps neither the `Retry-After` header nor the body's `retry_after`, so
//! the wait here is a doubling back-off instead (0.25 s, 0.5 s, 1 s, 2 s):
//! long enough for the per-route limits Discord hands out to bots (a few
//! requests per second and channel), short enough that an interaction is
//! still answered within its 15 minutes.

use std::future::Future;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::HttpError;

/// Tries per call, the first included.
pub const ATTEMPTS: u32 = 5;
/// The first wait; each further one doubles.
pub const FIRST_WAIT: Duration = Duration::from_millis(250);

/// Discord's code for "Cannot send messages to this user": the user
/// closed their direct messages (or shares no server with the bot).
pub const CANNOT_MESSAGE_USER: isize = 50007;

/// Whether trying `e` again may succeed: a 429, a 5xx, or no answer.
#[must_use]
pub fn is_transient(e: &serenity::Error) -> bool {
    match e {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            r.status_code.as_u16() == 429 || r.status_code.is_server_error()
        }
        serenity::Error::Http(HttpError::Request(r)) => {
            r.is_timeout() || r.is_connect() || r.is_request()
        }
        _ => false,
    }
}

/// Whether `e` is Discord saying the user refuses direct messages (the
/// only answer that means so; a 429 or 5xx never does).
#[must_use]
pub fn refuses_direct_messages(e: &serenity::Error) -> bool {
    matches!(
        e,
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r))
            if r.error.code == CANNOT_MESSAGE_USER
    )
}

/// The wait before try `attempt + 1` (`attempt` counts from 0).
#[must_use]
pub fn wait_before_retry(attempt: u32) -> Duration {
    FIRST_WAIT * 2u32.saturating_pow(attempt.min(8))
}

/// Runs `call` until it succeeds, fails for good, or [`ATTEMPTS`] tries
/// failed transiently; the last outcome.
///
/// # Errors
/// The last error of `call`.
pub async fn retrying<T, F, Fut>(what: &str, mut call: F) -> serenity::Result<T>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = serenity::Result<T>>,
{
    let mut attempt = 0;
    loop {
        let outcome = call().await;
        if let Err(serenity::Error::Http(HttpError::UnsuccessfulRequest(r))) = &outcome
            && r.status_code.as_u16() == 429
        {
            crate::metrics::DISCORD_RATE_LIMITED.inc();
        }
        match outcome {
            Err(e) if attempt + 1 < ATTEMPTS && is_transient(&e) => {
                let wait = wait_before_retry(attempt);
                tracing::debug!(error = %e, attempt, ?wait, "Discord refused the {what} for now; trying again");
                tokio::time::sleep(wait).await;
                attempt += 1;
            }
            outcome => return outcome,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::*;

    #[test]
    fn waits_double_from_a_quarter_second() {
        assert_eq!(wait_before_retry(0), Duration::from_millis(250));
        assert_eq!(wait_before_retry(1), Duration::from_millis(500));
        assert_eq!(wait_before_retry(3), Duration::from_secs(2));
        let total: Duration = (0..ATTEMPTS - 1).map(wait_before_retry).sum();
        assert_eq!(total, Duration::from_millis(3750));
    }

    #[tokio::test]
    async fn a_final_refusal_is_not_tried_again() {
        let tries = AtomicU32::new(0);
        let out: serenity::Result<()> = retrying("test", || async {
            tries.fetch_add(1, Ordering::Relaxed);
            Err(serenity::Error::Other("refused"))
        })
        .await;
        assert!(out.is_err());
        assert_eq!(tries.load(Ordering::Relaxed), 1);
    }
}
