//! Pages are rate-limited per client address (the client a named proxy
//! reports): each page read costs database queries, so one client reading
//! in a loop is slowed to [`PAGES_PER_MINUTE`] with bursts of
//! [`PAGE_BURST`], and answered 429 beyond that; probes, assets and live
//! streams are not counted here.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Instant;

/// Pages one client may read a minute, on average.
pub const PAGES_PER_MINUTE: f64 = 120.0;
/// Pages one client may read at once after a quiet while.
pub const PAGE_BURST: f64 = 40.0;
/// Clients remembered at most; beyond it the full ones are forgotten first.
const CLIENTS_KEPT: usize = 20_000;

/// A token bucket per client address.
#[derive(Debug)]
pub(super) struct PageLimiter {
    per_minute: f64,
    burst: f64,
    buckets: Mutex<HashMap<IpAddr, (f64, Instant)>>,
}

impl Default for PageLimiter {
    fn default() -> PageLimiter {
        PageLimiter::new(PAGES_PER_MINUTE as u32, PAGE_BURST as u32)
    }
}

impl PageLimiter {
    /// `per_minute` pages a minute on average, `burst` at once.
    pub(super) fn new(per_minute: u32, burst: u32) -> PageLimiter {
        PageLimiter {
            per_minute: f64::from(per_minute),
            burst: f64::from(burst.max(1)),
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Whether `client` may read a page now (and counts it).
    pub(super) fn allow(&self, client: IpAddr, now: Instant) -> bool {
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() >= CLIENTS_KEPT && !buckets.contains_key(&client) {
            let (rate, burst) = (self.per_minute, self.burst);
            buckets.retain(|_, (tokens, at)| refill(*tokens, *at, now, rate, burst) < burst);
        }
        let (tokens, at) = buckets.entry(client).or_insert((self.burst, now));
        let available = refill(*tokens, *at, now, self.per_minute, self.burst);
        *at = now;
        if available >= 1.0 {
            *tokens = available - 1.0;
            true
        } else {
            *tokens = available;
            false
        }
    }
}

fn refill(tokens: f64, at: Instant, now: Instant, per_minute: f64, burst: f64) -> f64 {
    let secs = now.saturating_duration_since(at).as_secs_f64();
    (tokens + secs * per_minute / 60.0).min(burst)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn a_client_reading_in_a_loop_is_slowed_others_are_not() {
        let limiter = PageLimiter::default();
        let now = Instant::now();
        let a = IpAddr::from([203, 0, 113, 1]);
        let b = IpAddr::from([203, 0, 113, 2]);
        let allowed = (0..100).filter(|_| limiter.allow(a, now)).count();
        assert_eq!(allowed, PAGE_BURST as usize);
        assert!(limiter.allow(b, now), "another client reads");
        // Two pages a second come back.
        assert!(limiter.allow(a, now + Duration::from_millis(600)));
        assert!(!limiter.allow(a, now + Duration::from_millis(600)));
    }
}
