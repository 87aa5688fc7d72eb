//! What the handlers share: the health and service they read, the live
//! streams' hub and the pages' rate limiter. Its own file so the router and
//! the handlers (`live`, `player`) import it, and not each other.

use std::sync::Arc;

use super::Health;

/// What the handlers share.
#[derive(Clone)]
pub(super) struct App {
    pub(super) health: Arc<Health>,
    pub(super) hub: Arc<super::live::Hub>,
    pub(super) pages: Arc<super::rate::PageLimiter>,
}
