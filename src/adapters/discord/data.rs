//! What the Discord modules share: the handlers' state, their error type,
//! and how a Discord user and channel become the service's actor and place.

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use super::backend::Backend;
use crate::render::Renderer;
use crate::service::{Actor, Place};

/// State shared by all handlers.
pub struct Data {
    pub backend: Arc<dyn Backend>,
    pub renderer: Arc<Renderer>,
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
