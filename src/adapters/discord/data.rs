//! What the Discord modules share: the handlers' state, their error type,
//! and how a Discord user and channel become the service's actor and place.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use poise::serenity_prelude as serenity;

use crate::render::Renderer;
use crate::service::{Actor, GameService, Place};

/// State shared by all handlers.
pub struct Data {
    pub service: Arc<GameService>,
    pub renderer: Arc<Renderer>,
    /// Users' DM channels and refusals, shared with the announcer.
    pub direct: Arc<DirectMessages>,
    /// Player pages are served and what they do is posted here.
    pub pages: bool,
}

/// Handler error (sending to Discord failed).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context of our commands.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Where a Discord command was sent.
#[must_use]
pub fn place_of(guild: Option<serenity::GuildId>, channel: serenity::ChannelId) -> Place {
    Place {
        platform: "discord".to_owned(),
        guild: guild.map(|g| g.get().to_string()),
        channel: channel.get().to_string(),
    }
}

/// The actor for a user: id, and the server nickname, global display name
/// or user name, in that order.
#[must_use]
pub fn actor_of(user: &serenity::User, nick: Option<&str>) -> Actor {
    Actor {
        id: user.id.get().to_string(),
        name: nick
            .filter(|n| !n.trim().is_empty())
            .map_or_else(|| user.display_name().to_owned(), str::to_owned),
    }
}

/// How long a user whose direct messages Discord refused (50007) gets
/// their notices in the channel without another try.
const DM_RETRY_AFTER: Duration = Duration::from_secs(24 * 3600);

/// What this process knows about users' direct messages: their DM
/// channels (also in the database) and who refused a DM lately.
#[derive(Default)]
pub struct DirectMessages {
    pub(super) channels: Mutex<HashMap<serenity::UserId, serenity::ChannelId>>,
    refusals: Mutex<HashMap<serenity::UserId, Instant>>,
}

impl DirectMessages {
    /// Whether `user` refused a direct message less than
    /// [`DM_RETRY_AFTER`] ago.
    pub(super) fn blocked_recently(&self, user: serenity::UserId) -> bool {
        let mut map = lock(&self.refusals);
        map.retain(|_, at| at.elapsed() < DM_RETRY_AFTER);
        map.contains_key(&user)
    }

    pub(super) fn note_blocked(&self, user: serenity::UserId) {
        lock(&self.refusals).insert(user, Instant::now());
    }
}

pub(super) fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}
