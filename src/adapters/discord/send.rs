//! Answering an interaction with the service's replies: in time
//! (deferring privately when the service is slow), with every mention in a
//! message Discord creates, and rendering boards; posting elsewhere is
//! [`super::post`].

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::{
    ChannelId, CommandInteraction, ComponentInteraction, CreateInteractionResponse,
    CreateInteractionResponseFollowup, CreateInteractionResponseMessage, EditInteractionResponse,
    Http,
};

use super::backend::BoxFuture;
use super::data::{Data, Error};
use super::format::{Outgoing, outgoing};
use super::post::{Poster, board_png};
use super::retry::retrying;
use crate::i18n::Locale;
use crate::service::{LocalePrefs, Reply, messages as msg};

/// Wait this long for the service before deferring, well inside Discord's
/// three seconds.
pub const DEFER_AFTER: Duration = Duration::from_millis(1200);

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

/// Waits for the service's replies and answers the interaction with them.
///
/// Every mention that calls a player (the "your move", a challenge, a draw
/// offer) must be in a message Discord *creates*: it notifies nobody for
/// mentions an edit adds, and the first follow-up of a deferred response
/// only fills in the "thinking" message, which is an edit too. So:
///
/// - When the service answers within [`DEFER_AFTER`] (nearly always), the
///   first reply is the interaction response itself (callback type 4, the
///   board attached) and the others are follow-ups: all created messages.
/// - When it is slower, the response is deferred *privately*; the private
///   replies fill it in (the first as the edit, the rest as private
///   follow-ups), a short private "done" fills it when there are none, and
///   the public replies follow as follow-ups, created messages once the
///   deferred one is filled. A private answer therefore never passes
///   through a public "thinking" message.
///
/// Replies for other channels are posted there. Send failures are logged
/// (after [`super::retry::retrying`]), not returned, so one bad reply does not hide
/// the others.
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
    let (replies, deferred) = match tokio::time::timeout(DEFER_AFTER, &mut replies).await {
        Ok(r) => (r, false),
        Err(_) => {
            log(
                retrying("defer", || target.defer(http, true)).await,
                "defer",
            );
            (replies.await, true)
        }
    };
    let (here, elsewhere) = split_replies(replies, &target.channel().to_string());
    let mut rendered = Vec::with_capacity(here.len());
    for reply in &here {
        let png = board_png(&data.renderer, reply.board.as_ref()).await;
        let mut out = outgoing(reply, png);
        super::play::add_play_button(&mut out, reply, data.pages);
        rendered.push(out);
    }
    let done = || {
        let l = elsewhere
            .first()
            .map_or_else(|| target.prefs().user_or_guild(), |r| r.locale);
        Outgoing::private(&msg::done(l))
    };
    let answered = Answered {
        first_public: rendered.first().is_some_and(|o| !o.ephemeral),
    };
    if deferred {
        let (private, public): (Vec<&Outgoing>, Vec<&Outgoing>) =
            rendered.iter().partition(|o| o.ephemeral);
        let filler = done();
        let first = private.first().copied().unwrap_or(&filler);
        log(
            retrying("edit", || target.edit(http, first.edit())).await,
            "deferred answer",
        );
        for out in private.iter().skip(1).chain(&public) {
            log(
                retrying("follow-up", || target.followup(http, out.followup())).await,
                "follow-up",
            );
        }
    } else {
        let filler;
        let first = match rendered.first() {
            Some(o) => o,
            None => {
                // Everything went to other channels: say so privately.
                filler = done();
                &filler
            }
        };
        let response = CreateInteractionResponse::Message(first.interaction_message());
        log(
            retrying("respond", || target.respond(http, response.clone())).await,
            "respond",
        );
        for out in rendered.iter().skip(1) {
            log(
                retrying("follow-up", || target.followup(http, out.followup())).await,
                "follow-up",
            );
        }
    }
    let poster = Poster::of(http, data);
    for reply in &here {
        poster.post_in_parent(target.channel(), reply).await;
    }
    for reply in &elsewhere {
        log(poster.post(reply).await, "post");
    }
    poster.post_follow_ups(&here).await;
    poster.post_follow_ups(&elsewhere).await;
    Ok(answered)
}

/// Answers a click privately with what `answer` gives: at once when it
/// comes within [`DEFER_AFTER`], else after a private deferral, so Discord
/// gets its acknowledgement within three seconds even when the database
/// is slow.
pub async fn answer_privately(
    http: &Http,
    target: Target<'_>,
    answer: impl std::future::Future<Output = Outgoing>,
) {
    let mut answer = Box::pin(answer);
    match tokio::time::timeout(DEFER_AFTER, &mut answer).await {
        Ok(out) => {
            let r = CreateInteractionResponse::Message(out.interaction_message());
            log(
                retrying("respond", || target.respond(http, r.clone())).await,
                "respond",
            );
        }
        Err(_) => {
            log(
                retrying("defer", || target.defer(http, true)).await,
                "defer",
            );
            let out = answer.await;
            log(
                retrying("edit", || target.edit(http, out.edit())).await,
                "deferred answer",
            );
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
    use std::sync::Arc;

    use super::*;
    use crate::render::Renderer;
    use crate::service::{BoardImage, Place};

    fn reply(platform: &str, channel: &str, ephemeral: bool) -> Reply {
        let place = Place {
            platform: platform.to_owned(),
            guild: None,
            channel: channel.to_owned(),
        };
        Reply {
            ephemeral,
            ..Reply::new(place, "t".to_owned(), crate::i18n::Locale::En)
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
            start_fen: None,
        };
        assert_eq!(board_png(&renderer, Some(&bad)).await, None);
    }
}
