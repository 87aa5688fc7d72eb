//! Limits against floods: how many rooms the bot stays in, which rooms it
//! leaves, and the per-user and per-room command rate limit (a friendly
//! "slow down" once, then silence until the window has passed). Pure rules
//! with their own clock argument, so tests need no homeserver.

use std::collections::HashMap;
use std::time::{Duration, Instant};

/// Default of `MATRIX_MAX_ROOMS`.
pub const DEFAULT_MAX_ROOMS: usize = 300;

/// Whether the bot may join one more room, being in `joined` rooms already.
#[must_use]
pub fn room_cap_allows(joined: usize, max_rooms: usize) -> bool {
    joined < max_rooms
}

/// What the bot does about a room after a sync.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoomFate {
    /// Players are there: stay.
    Stay,
    /// Everyone else left: leave it (and forget it).
    Leave,
    /// The bot was kicked or banned (or left): forget it.
    Forget,
}

/// The fate of a room the bot is joined to, with `others` people other
/// than the bot joined or invited (`None` when the members cannot be
/// read), and whether a game of the bot's runs there; or of a room the bot
/// was removed from. A room whose game runs is never left (its players may
/// come back to it); an unknown member list is no reason to leave.
#[must_use]
pub fn room_fate(still_joined: bool, others: Option<usize>, game_runs: bool) -> RoomFate {
    match (still_joined, others, game_runs) {
        (false, _, _) => RoomFate::Forget,
        (true, Some(0), false) => RoomFate::Leave,
        (true, _, _) => RoomFate::Stay,
    }
}

/// Commands allowed per user and per room in each window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    pub per_user: u32,
    pub per_room: u32,
    pub window: Duration,
}

impl Default for RateLimit {
    /// 10 commands a user and 30 a room in 30 seconds: a fast game is a
    /// move every few seconds; a script is much more.
    fn default() -> RateLimit {
        RateLimit {
            per_user: 10,
            per_room: 30,
            window: Duration::from_secs(30),
        }
    }
}

/// What to do with a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Run it.
    Run,
    /// Over the limit for the first time this window: say "slow down" once.
    SlowDown,
    /// Over the limit again: ignore it silently.
    Ignore,
}

#[derive(Clone, Copy, Debug)]
struct Window {
    start: Instant,
    count: u32,
    warned: bool,
}

impl Window {
    /// Counts one command at `now`; `Some(first_over)` when over `limit`.
    fn hit(&mut self, now: Instant, limit: u32, window: Duration) -> Option<bool> {
        if now.duration_since(self.start) >= window {
            *self = Window {
                start: now,
                count: 0,
                warned: false,
            };
        }
        self.count = self.count.saturating_add(1);
        if self.count <= limit {
            return None;
        }
        let first = !self.warned;
        self.warned = true;
        Some(first)
    }
}

/// Fixed-window counters per user and per room. Forgets windows that have
/// passed, so its size stays bounded by the users active in one window.
#[derive(Debug, Default)]
pub struct RateLimiter {
    limit: RateLimit,
    users: HashMap<String, Window>,
    rooms: HashMap<String, Window>,
    last_sweep: Option<Instant>,
}

impl RateLimiter {
    #[must_use]
    pub fn new(limit: RateLimit) -> RateLimiter {
        RateLimiter {
            limit,
            ..RateLimiter::default()
        }
    }

    /// Counts a command of `user` in `room` at `now`. A command over either
    /// limit is not run; the first one over a limit in its window gets the
    /// "slow down", the others nothing.
    pub fn check(&mut self, user: &str, room: &str, now: Instant) -> Verdict {
        self.sweep(now);
        let RateLimit {
            per_user,
            per_room,
            window,
        } = self.limit;
        let fresh = Window {
            start: now,
            count: 0,
            warned: false,
        };
        let by_user = self
            .users
            .entry(user.to_string())
            .or_insert(fresh)
            .hit(now, per_user, window);
        let by_room = self
            .rooms
            .entry(room.to_string())
            .or_insert(fresh)
            .hit(now, per_room, window);
        match (by_user, by_room) {
            (None, None) => Verdict::Run,
            // A user told once hears nothing more this window.
            (Some(false), _) | (None, Some(false)) => Verdict::Ignore,
            (Some(true), _) | (None, Some(true)) => Verdict::SlowDown,
        }
    }

    /// Drops the windows that have passed (at most once a window).
    fn sweep(&mut self, now: Instant) {
        let window = self.limit.window;
        if self
            .last_sweep
            .is_some_and(|t| now.duration_since(t) < window)
        {
            return;
        }
        self.last_sweep = Some(now);
        self.users
            .retain(|_, w| now.duration_since(w.start) < window);
        self.rooms
            .retain(|_, w| now.duration_since(w.start) < window);
    }

    /// Users and rooms tracked (for tests).
    #[must_use]
    pub fn tracked(&self) -> usize {
        self.users.len() + self.rooms.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invites_beyond_the_room_cap_are_refused() {
        assert!(room_cap_allows(0, DEFAULT_MAX_ROOMS));
        assert!(room_cap_allows(299, 300));
        assert!(!room_cap_allows(300, 300));
        assert!(!room_cap_allows(301, 300));
        assert!(!room_cap_allows(0, 0));
    }

    #[test]
    fn the_bot_leaves_rooms_where_it_is_alone_and_forgets_rooms_it_was_kicked_from() {
        assert_eq!(room_fate(true, Some(0), false), RoomFate::Leave);
        // Unknown members are no reason to leave.
        assert_eq!(room_fate(true, None, false), RoomFate::Stay);
        // Someone joined or only invited (a new league room): stay.
        assert_eq!(room_fate(true, Some(1), false), RoomFate::Stay);
        // A room whose game runs is never left.
        assert_eq!(room_fate(true, Some(0), true), RoomFate::Stay);
        assert_eq!(room_fate(false, Some(5), true), RoomFate::Forget);
        assert_eq!(room_fate(false, None, false), RoomFate::Forget);
    }

    fn limiter() -> RateLimiter {
        RateLimiter::new(RateLimit {
            per_user: 3,
            per_room: 5,
            window: Duration::from_secs(10),
        })
    }

    #[test]
    fn a_user_over_the_limit_is_told_once_then_ignored_until_the_window_passes() {
        let mut l = RateLimiter::new(RateLimit {
            per_room: 10,
            ..limiter().limit
        });
        let t = Instant::now();
        let verdicts: Vec<_> = (0..6).map(|_| l.check("@a:hs", "!r:hs", t)).collect();
        assert_eq!(
            verdicts,
            [
                Verdict::Run,
                Verdict::Run,
                Verdict::Run,
                Verdict::SlowDown,
                Verdict::Ignore,
                Verdict::Ignore
            ]
        );
        // Others in the room still play.
        assert_eq!(l.check("@b:hs", "!r:hs", t), Verdict::Run);
        // A new window: welcome back.
        let later = t + Duration::from_secs(10);
        assert_eq!(l.check("@a:hs", "!r:hs", later), Verdict::Run);
    }

    #[test]
    fn a_room_flooded_by_many_users_is_limited_too() {
        let mut l = limiter();
        let t = Instant::now();
        for u in 0..5 {
            assert_eq!(l.check(&format!("@u{u}:hs"), "!r:hs", t), Verdict::Run);
        }
        assert_eq!(l.check("@u9:hs", "!r:hs", t), Verdict::SlowDown);
        assert_eq!(l.check("@u8:hs", "!r:hs", t), Verdict::Ignore);
        // Another room is not affected.
        assert_eq!(l.check("@u8:hs", "!other:hs", t), Verdict::Run);
    }

    #[test]
    fn passed_windows_are_forgotten() {
        let mut l = limiter();
        let t = Instant::now();
        for u in 0..100 {
            l.check(&format!("@u{u}:hs"), &format!("!r{u}:hs"), t);
        }
        assert_eq!(l.tracked(), 200);
        l.check("@a:hs", "!r:hs", t + Duration::from_secs(11));
        assert_eq!(l.tracked(), 2);
    }
}
