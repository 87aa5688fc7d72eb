//! Sending the service's replies to Discord: answering an interaction in
//! time (deferring when the service is slow), rendering boards, and posting
//! into other channels.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    Http,
};

use super::backend::BoxFuture;
use super::data::{Data, Error};
use super::replies::{Outgoing, outgoing};
use super::threads;
use crate::chess::Position;
use crate::i18n::Locale;
use crate::render::Renderer;
use crate::service::board_spec;
use crate::service::{BoardImage, Event, LocalePrefs, Reply, messages as msg};

/// Wait this long for the service before deferring, well inside Discord's
/// three seconds.
pub const DEFER_AFTER: Duration = Duration::from_millis(1200);
/// Width of board pictures.
pub const BOARD_SIZE: u32 = 512;

/// The languages of an interaction from its `locale` and `guild_locale`
/// (languages the bot does not speak count as none).
#[must_use]
pub fn locale_prefs(user: &str, guild: Option<&str>) -> LocalePrefs {
    LocalePrefs {
        user: Locale::from_discord(user),
        guild: guild.and_then(Locale::from_discord),
        moderator: false,
    }
}

/// Whether the member who sent an interaction may manage the channel (the
/// permissions Discord resolved for them there).
#[must_use]
pub fn is_moderator(member: Option<&serenity::Member>) -> bool {
    member
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_channels())
}

/// The interaction being answered.
#[derive(Clone, Copy)]
pub enum Target<'a> {
    Command(&'a CommandInteraction),
    Component(&'a ComponentInteraction),
}

impl Target<'_> {
    /// The caller's language and the server's, as Discord sends them.
    #[must_use]
    pub fn prefs(self) -> LocalePrefs {
        match self {
            Target::Command(i) => LocalePrefs {
                moderator: is_moderator(i.member.as_deref()),
                ..locale_prefs(&i.locale, i.guild_locale.as_deref())
            },
            Target::Component(i) => LocalePrefs {
                moderator: is_moderator(i.member.as_ref()),
                ..locale_prefs(&i.locale, i.guild_locale.as_deref())
            },
        }
    }

    /// The channel the interaction came from.
    #[must_use]
    pub fn channel(self) -> ChannelId {
        match self {
            Target::Command(i) => i.channel_id,
            Target::Component(i) => i.channel_id,
        }
    }

    async fn respond(self, http: &Http, r: CreateInteractionResponse) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.create_response(http, r).await,
            Target::Component(i) => i.create_response(http, r).await,
        }
    }

    async fn followup(
        self,
        http: &Http,
        f: CreateInteractionResponseFollowup,
    ) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.create_followup(http, f).await.map(drop),
            Target::Component(i) => i.create_followup(http, f).await.map(drop),
        }
    }

    async fn edit(self, http: &Http, e: EditInteractionResponse) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.edit_response(http, e).await.map(drop),
            Target::Component(i) => i.edit_response(http, e).await.map(drop),
        }
    }

    async fn delete(self, http: &Http) -> serenity::Result<()> {
        match self {
            Target::Command(i) => i.delete_response(http).await,
            Target::Component(i) => i.delete_response(http).await,
        }
    }

    async fn defer(self, http: &Http, ephemeral: bool) -> serenity::Result<()> {
        let r = CreateInteractionResponse::Defer(
            CreateInteractionResponseMessage::new().ephemeral(ephemeral),
        );
        self.respond(http, r).await
    }
}

/// What [`answer`] did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Answered {
    /// The first reply shown to the caller was public (the command worked).
    pub first_public: bool,
}

/// Which replies answer the interaction (same channel, or private ones)
/// and which go to other channels.
#[must_use]
pub fn split_replies(replies: Vec<Reply>, channel: &str) -> (Vec<Reply>, Vec<Reply>) {
    replies
        .into_iter()
        .partition(|r| r.ephemeral || r.place.channel == channel)
}

/// Waits for the service's replies and answers the interaction with them:
/// the first as the interaction response, the rest as follow-ups, those for
/// other channels as channel messages. Defers when the service takes longer
/// than [`DEFER_AFTER`] or a board must be rendered. Send failures are
/// logged, not returned, so one bad reply does not hide the others.
///
/// # Errors
/// None at present; the `Result` is for poise.
pub async fn answer(
    ctx: &serenity::Context,
    target: Target<'_>,
    data: &Data,
    mut replies: BoxFuture<'_, Vec<Reply>>,
) -> Result<Answered, Error> {
    let http = ctx.http.as_ref();
    // `Some(ephemeral)` once the response has been deferred.
    let mut deferred: Option<bool> = None;
    let replies = match tokio::time::timeout(DEFER_AFTER, &mut replies).await {
        Ok(r) => r,
        Err(_) => {
            log(target.defer(http, false).await, "defer");
            deferred = Some(false);
            replies.await
        }
    };
    let (here, elsewhere) = split_replies(replies, &target.channel().to_string());
    let mut answered = Answered::default();
    if here.is_empty() {
        // Everything went to other channels: say so in the replies' language.
        let l = elsewhere
            .first()
            .map_or_else(|| target.prefs().user_or_guild(), |r| r.locale);
        let done = Outgoing::private(&msg::done(l));
        match deferred {
            Some(_) => log(target.delete(http).await, "delete"),
            None => log(
                target
                    .respond(
                        http,
                        CreateInteractionResponse::Message(done.interaction_message()),
                    )
                    .await,
                "respond",
            ),
        }
    }
    if deferred.is_none() && here.iter().any(|r| r.board.is_some()) {
        let ephemeral = here.first().is_some_and(|r| r.ephemeral);
        log(target.defer(http, ephemeral).await, "defer");
        deferred = Some(ephemeral);
    }
    for (i, reply) in here.iter().enumerate() {
        let png = board_png(&data.renderer, reply.board.as_ref()).await;
        let out = outgoing(reply, png);
        if i > 0 {
            log(target.followup(http, out.followup()).await, "follow-up");
            continue;
        }
        answered.first_public = !out.ephemeral;
        let sent = match deferred {
            None => {
                let r = CreateInteractionResponse::Message(out.interaction_message());
                target.respond(http, r).await
            }
            Some(e) if e == out.ephemeral => target.edit(http, out.edit()).await,
            Some(_) => {
                // Deferred in public but the answer is private: drop the
                // "thinking" message and answer privately.
                log(target.delete(http).await, "delete");
                target.followup(http, out.followup()).await
            }
        };
        log(sent, "respond");
    }
    for reply in &here {
        post_in_parent(http, &data.renderer, target.channel(), reply).await;
    }
    for reply in &elsewhere {
        log(post(http, &data.renderer, reply).await, "post");
    }
    post_follow_ups(http, data, &here).await;
    post_follow_ups(http, data, &elsewhere).await;
    Ok(answered)
}

/// Runs the work behind posted replies (a finished game's summary, which
/// may wait for the engine's analysis) and posts what it gives, in the
/// replies' channels.
pub async fn post_follow_ups(http: &Http, data: &Data, replies: &[Reply]) {
    for reply in replies {
        let Some(work) = &reply.follow_up else {
            continue;
        };
        for next in data.backend.follow_up(work).await {
            log(post(http, &data.renderer, &next).await, "summary");
        }
    }
}

/// Posts a reply as a message in its channel (announcer, other channels).
/// Replies for other platforms or with an unusable channel id are skipped.
///
/// # Errors
/// Discord refused the message.
pub async fn post(http: &Http, renderer: &Arc<Renderer>, reply: &Reply) -> serenity::Result<()> {
    if let Some(user) = discord_dm_user(reply) {
        // A direct message (a turn notice or reminder the player wants
        // privately). When Discord refuses it (DMs closed), the notice goes
        // to the game's channel instead, and that user's DMs are not tried
        // again for a day.
        let sent = if dm_blocked_recently(user) {
            Err(serenity::Error::Other("direct messages refused recently"))
        } else {
            let png = board_png(renderer, reply.board.as_ref()).await;
            let message = outgoing(reply, png).channel_message();
            match user.create_dm_channel(http).await {
                Ok(dm) => dm.id.send_message(http, message).await.map(drop),
                Err(e) => Err(e),
            }
        };
        let Err(e) = sent else {
            return Ok(());
        };
        note_dm_blocked(user);
        let Some(instead) = &reply.fallback else {
            return Err(e);
        };
        tracing::info!(error = %e, "direct message refused; posting in the channel");
        return Box::pin(post(http, renderer, instead)).await;
    }
    let Some(channel) = discord_channel(reply) else {
        tracing::warn!(
            platform = reply.place.platform.as_str(),
            channel = reply.place.channel.as_str(),
            "reply not for a Discord channel, skipped"
        );
        return Ok(());
    };
    let png = board_png(renderer, reply.board.as_ref()).await;
    let message = outgoing(reply, png).channel_message();
    let sent = match channel.send_message(http, message.clone()).await {
        Err(e) if threads::reopen_if_archived(http, channel).await => {
            tracing::debug!(error = %e, "reopened an archived thread");
            channel.send_message(http, message).await
        }
        other => other,
    };
    sent?;
    post_in_parent(http, renderer, channel, reply).await;
    Ok(())
}

/// How long a user whose direct messages Discord refused gets their notices
/// in the channel without another try.
const DM_RETRY_AFTER: std::time::Duration = std::time::Duration::from_secs(24 * 3600);

/// Users whose direct messages were refused, and when.
fn dm_refusals() -> &'static std::sync::Mutex<HashMap<serenity::UserId, std::time::Instant>> {
    static REFUSALS: std::sync::OnceLock<
        std::sync::Mutex<HashMap<serenity::UserId, std::time::Instant>>,
    > = std::sync::OnceLock::new();
    REFUSALS.get_or_init(Default::default)
}

/// Whether `user` refused a direct message less than [`DM_RETRY_AFTER`] ago.
fn dm_blocked_recently(user: serenity::UserId) -> bool {
    let mut map = dm_refusals()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    map.retain(|_, at| at.elapsed() < DM_RETRY_AFTER);
    map.contains_key(&user)
}

fn note_dm_blocked(user: serenity::UserId) {
    dm_refusals()
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .insert(user, std::time::Instant::now());
}

/// A game that ended in a thread is also announced in the parent channel.
async fn post_in_parent(http: &Http, renderer: &Arc<Renderer>, channel: ChannelId, reply: &Reply) {
    if reply.ephemeral || !matches!(reply.event, Some(Event::End { .. })) {
        return;
    }
    let Some(parent) = threads::parent_of_thread(http, channel).await else {
        return;
    };
    let Some(copy) = threads::parent_copy(reply, parent) else {
        return;
    };
    let png = board_png(renderer, copy.board.as_ref()).await;
    let sent = parent
        .send_message(http, outgoing(&copy, png).channel_message())
        .await;
    log(sent.map(drop), "result in the parent channel");
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
pub fn discord_dm_user(reply: &Reply) -> Option<serenity::UserId> {
    if reply.place.platform != "discord" {
        return None;
    }
    match reply.place.direct_user()?.parse::<u64>() {
        Ok(id) if id != 0 => Some(serenity::UserId::new(id)),
        _ => None,
    }
}

/// Renders a board picture off the async threads; `None` (logged) when
/// there is no board or rendering fails, so the text still goes out.
pub async fn board_png(renderer: &Arc<Renderer>, board: Option<&BoardImage>) -> Option<Vec<u8>> {
    let board = board?.clone();
    let renderer = Arc::clone(renderer);
    let rendered = tokio::task::spawn_blocking(move || {
        let position = Position::from_fen(&board.fen).map_err(|e| e.to_string())?;
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

fn log(result: serenity::Result<()>, what: &str) {
    if let Err(e) = result {
        tracing::warn!(error = %e, "Discord refused the {what}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Place;

    fn reply(platform: &str, channel: &str, ephemeral: bool) -> Reply {
        Reply {
            place: Place {
                platform: platform.to_owned(),
                guild: None,
                channel: channel.to_owned(),
            },
            text: "t".to_owned(),
            board: None,
            mentions: Vec::new(),
            event: None,
            ephemeral,
            actions: Vec::new(),
            locale: crate::i18n::Locale::En,
            subject: None,
            files: Vec::new(),
            link: None,
            follow_up: None,
            fallback: None,
        }
    }

    #[test]
    fn replies_for_this_channel_and_private_ones_answer_the_interaction() {
        let (here, elsewhere) = split_replies(
            vec![
                reply("discord", "1", false),
                reply("discord", "2", false),
                reply("discord", "2", true),
            ],
            "1",
        );
        assert_eq!(here.len(), 2);
        assert_eq!(elsewhere.len(), 1);
        assert_eq!(elsewhere[0].place.channel, "2");
    }

    #[test]
    fn only_discord_channels_are_posted_to() {
        assert_eq!(
            discord_channel(&reply("discord", "123", false)),
            Some(ChannelId::new(123))
        );
        assert_eq!(discord_channel(&reply("console", "123", false)), None);
        assert_eq!(discord_channel(&reply("discord", "general", false)), None);
        assert_eq!(discord_channel(&reply("discord", "0", false)), None);
        assert_eq!(discord_channel(&reply("discord", "@123", false)), None);
    }

    #[test]
    fn direct_messages_name_a_discord_user() {
        assert_eq!(
            discord_dm_user(&reply("discord", "@123", false)),
            Some(serenity::UserId::new(123))
        );
        assert_eq!(discord_dm_user(&reply("discord", "123", false)), None);
        assert_eq!(discord_dm_user(&reply("console", "@123", false)), None);
        assert_eq!(discord_dm_user(&reply("discord", "@bob", false)), None);
    }

    #[tokio::test]
    async fn a_failing_renderer_still_lets_the_text_through() {
        let renderer = Arc::new(Renderer::new());
        assert_eq!(board_png(&renderer, None).await, None);
        let bad = BoardImage {
            fen: "not a fen".to_owned(),
            last_move: None,
            flip: false,
            result: None,
            names: None,
            deadline: None,
            theme: crate::render::Theme::default(),
        };
        assert_eq!(board_png(&renderer, Some(&bad)).await, None);
    }
}
