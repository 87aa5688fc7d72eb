//! Posting the service's replies outside an interaction's answer: channel
//! messages (other channels, the announcer, a game's summary), direct
//! messages (turn notices a player wants privately, through a DM channel
//! opened once and remembered), and a thread game's result in the parent
//! channel. Every call goes through [`retrying`].

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{ChannelId, Http, UserId};

use super::backend::PLATFORM;
use super::data::{Data, DirectMessages, lock};
use super::format::outgoing;
use super::retry::{refuses_direct_messages, retrying};
use super::threads;
use crate::render::Renderer;
use crate::service::{BoardImage, Event, GameService, Reply, board_spec};

/// Width of board pictures.
pub const BOARD_SIZE: u32 = 512;

/// What posting needs: the REST client, the board renderer, the service
/// (which remembers users' DM channels and runs follow-ups) and what this
/// process knows of DMs.
#[derive(Clone, Copy)]
pub struct Poster<'a> {
    pub http: &'a Http,
    pub renderer: &'a Arc<Renderer>,
    pub service: &'a GameService,
    pub direct: &'a DirectMessages,
    /// Player pages are served: running games' board posts carry the
    /// "Play on the board" button.
    pub pages: bool,
}

impl<'a> Poster<'a> {
    /// The poster of the handlers' shared state.
    #[must_use]
    pub fn of(http: &'a Http, data: &'a Data) -> Poster<'a> {
        Poster {
            http,
            renderer: &data.renderer,
            service: &data.service,
            direct: &data.direct,
            pages: data.pages,
        }
    }

    /// Posts a reply as a message in its channel, or as a direct message
    /// when it is one. Replies for other platforms or with an unusable
    /// channel id are skipped.
    ///
    /// # Errors
    /// Discord refused the message (after retries).
    pub async fn post(&self, reply: &Reply) -> serenity::Result<()> {
        if let Some(user) = discord_dm_user(reply) {
            return self.post_direct(user, reply).await;
        }
        let Some(channel) = discord_channel(reply) else {
            tracing::warn!(
                platform = reply.place.platform.as_str(),
                channel = reply.place.channel.as_str(),
                "reply not for a Discord channel, skipped"
            );
            return Ok(());
        };
        let png = board_png(self.renderer, reply.board.as_ref()).await;
        let mut out = outgoing(reply, png);
        super::play::add_play_button(&mut out, reply, self.pages);
        let message = out.channel_message();
        let http = self.http;
        let send = || channel.send_message(http, message.clone());
        let sent = match retrying("message", send).await {
            Err(e) if threads::reopen_if_archived(http, channel).await => {
                tracing::debug!(error = %e, "reopened an archived thread");
                retrying("message", send).await
            }
            other => other,
        };
        sent?;
        self.post_in_parent(channel, reply).await;
        Ok(())
    }

    /// A direct message (a turn notice or reminder the player wants
    /// privately). Only Discord's 50007 means the user refuses DMs: then
    /// the notice goes to the game's channel instead (its `fallback`, which
    /// mentions them) and their DMs are not tried again for a day. Any
    /// other failure, after retries, also falls back to the channel, so the
    /// notice is not lost, but does not mark the user.
    async fn post_direct(&self, user: UserId, reply: &Reply) -> serenity::Result<()> {
        let sent = if self.direct.blocked_recently(user) {
            Err(serenity::Error::Other("direct messages refused recently"))
        } else {
            let png = board_png(self.renderer, reply.board.as_ref()).await;
            let message = outgoing(reply, png).channel_message();
            match self.dm_channel(user).await {
                Ok(dm) => {
                    retrying("direct message", || {
                        dm.send_message(self.http, message.clone())
                    })
                    .await
                }
                Err(e) => Err(e),
            }
        };
        let Err(e) = sent else {
            return Ok(());
        };
        if refuses_direct_messages(&e) {
            self.direct.note_blocked(user);
        }
        let Some(instead) = &reply.fallback else {
            return Err(e);
        };
        tracing::info!(error = %e, "direct message not delivered; posting in the channel");
        Box::pin(self.post(instead)).await
    }

    /// The DM channel with `user`: from memory, else from the database,
    /// else opened once (`POST /users/@me/channels`) and remembered in
    /// both. Discord warns that opening DM channels quickly rate-limits a
    /// bot; the id of a DM channel never changes.
    async fn dm_channel(&self, user: UserId) -> serenity::Result<ChannelId> {
        if let Some(&known) = lock(&self.direct.channels).get(&user) {
            return Ok(known);
        }
        let key = user.get().to_string();
        let stored = self
            .service
            .direct_channel(PLATFORM, &key)
            .await
            .and_then(|c| c.parse::<u64>().ok())
            .filter(|&c| c != 0)
            .map(ChannelId::new);
        let channel = match stored {
            Some(c) => c,
            None => {
                let opened = retrying("DM channel", || user.create_dm_channel(self.http)).await?;
                self.service
                    .remember_direct_channel(PLATFORM, &key, &opened.id.get().to_string())
                    .await;
                opened.id
            }
        };
        lock(&self.direct.channels).insert(user, channel);
        Ok(channel)
    }

    /// A game that ended in a thread is also announced in the parent
    /// channel (without pings or buttons).
    pub async fn post_in_parent(&self, channel: ChannelId, reply: &Reply) {
        if reply.ephemeral || !matches!(reply.event, Some(Event::End { .. })) {
            return;
        }
        let Some(parent) = threads::parent_of_thread(self.http, channel).await else {
            return;
        };
        let Some(copy) = threads::parent_copy(reply, parent) else {
            return;
        };
        let png = board_png(self.renderer, copy.board.as_ref()).await;
        let message = outgoing(&copy, png).channel_message();
        let sent = retrying("message", || {
            parent.send_message(self.http, message.clone())
        })
        .await;
        if let Err(e) = sent {
            tracing::warn!(error = %e, "Discord refused the result in the parent channel");
        }
    }

    /// Runs the work behind posted replies (a finished game's summary,
    /// which may wait for the engine's analysis) and posts what it gives.
    pub async fn post_follow_ups(&self, replies: &[Reply]) {
        for reply in replies {
            let Some(work) = &reply.follow_up else {
                continue;
            };
            for next in self.service.follow_up(work).await {
                if let Err(e) = self.post(&next).await {
                    tracing::warn!(error = %e, "Discord refused the summary");
                }
            }
            // Posted (or refused for good): the outbox entry goes.
            self.service.ack_follow_up(work).await;
        }
    }
}

/// Renders a board picture off the async threads; `None` (logged) when
/// there is no board or rendering fails, so the text still goes out.
pub async fn board_png(renderer: &Arc<Renderer>, board: Option<&BoardImage>) -> Option<Vec<u8>> {
    let board = board?.clone();
    let renderer = Arc::clone(renderer);
    let rendered = tokio::task::spawn_blocking(move || {
        let position = board.position().map_err(|e| e.to_string())?;
        renderer
            .png(&board_spec(&board, &position).size(BOARD_SIZE))
            .map_err(|e| e.to_string())
    })
    .await;
    match rendered {
        Ok(Ok(png)) => Some(png),
        Ok(Err(e)) => {
            tracing::warn!(
                error = e.as_str(),
                "board picture not rendered; sending text only"
            );
            None
        }
        Err(e) => {
            tracing::error!(error = %e, "board rendering task failed");
            None
        }
    }
}

/// The Discord channel of a reply, if it is one.
#[must_use]
pub fn discord_channel(reply: &Reply) -> Option<ChannelId> {
    if reply.place.platform != "discord" {
        return None;
    }
    match reply.place.channel.parse::<u64>() {
        Ok(id) if id != 0 => Some(ChannelId::new(id)),
        _ => None,
    }
}

/// The Discord user a direct-message reply is for, if it is one.
#[must_use]
pub fn discord_dm_user(reply: &Reply) -> Option<UserId> {
    if reply.place.platform != "discord" {
        return None;
    }
    match reply.place.direct_user()?.parse::<u64>() {
        Ok(id) if id != 0 => Some(UserId::new(id)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Place;

    fn reply(platform: &str, channel: &str) -> Reply {
        let place = Place {
            platform: platform.to_owned(),
            guild: None,
            channel: channel.to_owned(),
        };
        Reply::new(place, "t".to_owned(), crate::i18n::Locale::En)
    }

    #[test]
    fn only_discord_channels_are_posted_to() {
        assert_eq!(
            discord_channel(&reply("discord", "123")),
            Some(ChannelId::new(123))
        );
        assert_eq!(discord_channel(&reply("console", "123")), None);
        assert_eq!(discord_channel(&reply("discord", "general")), None);
        assert_eq!(discord_channel(&reply("discord", "0")), None);
        assert_eq!(discord_channel(&reply("discord", "@123")), None);
    }

    #[test]
    fn direct_messages_name_a_discord_user() {
        assert_eq!(
            discord_dm_user(&reply("discord", "@123")),
            Some(UserId::new(123))
        );
        assert_eq!(discord_dm_user(&reply("discord", "123")), None);
        assert_eq!(discord_dm_user(&reply("console", "@123")), None);
        assert_eq!(discord_dm_user(&reply("discord", "@bob")), None);
    }
}
