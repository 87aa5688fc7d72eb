//! Button clicks (component interactions). Each click runs the same service
//! command as the slash command, with the clicker as the actor, so the
//! service decides who may do what; a stranger's click gets the service's
//! refusal privately. Resigning asks for a private confirmation first.

use poise::serenity_prelude as serenity;
use serenity::{
    ComponentInteraction, CreateInteractionResponse, CreateInteractionResponseMessage,
    EditInteractionResponse, EditMessage,
};

use super::data::{Data, Error, actor_of, place_of};
use super::format::{Outgoing, discord_text, outgoing};
use super::ids::ButtonId;
use super::post::Poster;
use super::retry::retrying;
use super::send::{self, Target, split_replies};
use super::threads;
use crate::i18n::Locale;
use crate::service::{Actor, Command, LocalePrefs, Place, Subject, messages as msg};
use tracing::Instrument as _;

/// The private confirmation shown for a Resign click, in the clicker's
/// language; its buttons carry the clicked button's game (`subject`).
#[must_use]
pub fn resign_confirmation(l: Locale, subject: Option<Subject>) -> Outgoing {
    Outgoing {
        buttons: vec![ButtonId::ResignConfirm, ButtonId::ResignCancel],
        locale: l,
        subject,
        ..Outgoing::private(&msg::resign_question(l))
    }
}

/// The languages of a click: the clicker's and the guild's.
fn click_prefs(click: &ComponentInteraction) -> LocalePrefs {
    Target::Component(click).prefs()
}

/// Handles a click on one of our buttons; other components are ignored.
///
/// # Errors
/// None at present (send failures are logged); the `Result` is for poise.
pub async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
) -> Result<(), Error> {
    let Some((button, subject)) = ButtonId::parse(&click.data.custom_id) else {
        return Ok(());
    };
    // Shutting down: the gateway is closing, nothing new starts.
    let Some(_work) = data.service.begin_work() else {
        return Ok(());
    };
    let place = place_of(click.guild_id, click.channel_id);
    let nick = click.member.as_ref().and_then(|m| m.nick.as_deref());
    let actor = actor_of(&click.user, nick);
    let span = tracing::info_span!(
        "button",
        button = click.data.custom_id.as_str(),
        channel = place.channel.as_str(),
        user = actor.id.as_str(),
    );
    click_button(ctx, data, click, (button, subject), &place, &actor)
        .instrument(span)
        .await
}

async fn click_button(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    (button, subject): (ButtonId, Option<Subject>),
    place: &Place,
    actor: &Actor,
) -> Result<(), Error> {
    let http = ctx.http.as_ref();
    let prefs = click_prefs(click);
    if button == ButtonId::PlayBoard {
        super::play::play_click(http, data, click, place, actor).await;
        return Ok(());
    }
    let Some(command) = button.command(subject) else {
        let l = prefs.user_or_guild();
        if button == ButtonId::Resign {
            // Only a player of that game, still running, is asked; the
            // database may be slow, so the answer defers when it must.
            let answer = async {
                match data
                    .service
                    .resign_refusal(place, actor, subject, prefs)
                    .await
                {
                    Some(r) => outgoing(&r, None),
                    None => resign_confirmation(l, subject),
                }
            };
            send::answer_privately(http, Target::Component(click), answer).await;
            return Ok(());
        }
        let response = CreateInteractionResponse::UpdateMessage(
            CreateInteractionResponseMessage::new()
                .content(msg::resign_dropped(l))
                .components(Vec::new()),
        );
        let sent = retrying("button answer", || {
            click.create_response(http, response.clone())
        })
        .await;
        if let Err(e) = sent {
            tracing::warn!(error = %e, "Discord refused the button answer");
        }
        return Ok(());
    };
    if button == ButtonId::ResignConfirm {
        return confirm_resignation(ctx, data, click, command, place, actor).await;
    }
    let replies = Box::pin(async {
        let replies = data.service.handle_with(place, actor, command, prefs).await;
        threads::maybe_open_thread(ctx, &data.service, place, replies).await
    });
    let answered = send::answer(ctx, Target::Component(click), data, replies).await?;
    if answered.first_public && button.settles_message() {
        // The challenge or offer is settled: take its buttons away.
        let edit = EditMessage::new().components(Vec::new());
        if let Err(e) = click
            .channel_id
            .edit_message(http, click.message.id, edit)
            .await
        {
            tracing::warn!(error = %e, "could not remove settled buttons");
        }
    }
    Ok(())
}

/// The "Yes, resign" click sits on a private message: that message is
/// updated with the outcome (without buttons) and public replies are posted
/// in the channel.
async fn confirm_resignation(
    ctx: &serenity::Context,
    data: &Data,
    click: &ComponentInteraction,
    resign: Command,
    place: &Place,
    actor: &Actor,
) -> Result<(), Error> {
    let http = ctx.http.as_ref();
    let mut pending = Box::pin(
        data.service
            .handle_with(place, actor, resign, click_prefs(click)),
    );
    // `true` once acknowledged because the service was slow.
    let (replies, acknowledged) = match tokio::time::timeout(send::DEFER_AFTER, &mut pending).await
    {
        Ok(r) => (r, false),
        Err(_) => {
            let ack = click
                .create_response(http, CreateInteractionResponse::Acknowledge)
                .await;
            if let Err(e) = ack {
                tracing::warn!(error = %e, "Discord refused the acknowledgement");
            }
            (pending.await, true)
        }
    };
    let (here, elsewhere) = split_replies(replies, &click.channel_id.to_string());
    let mut public = elsewhere;
    let mut summary: Option<String> = None;
    for reply in here {
        if reply.ephemeral {
            summary.get_or_insert_with(|| outgoing(&reply, None).content);
        } else {
            summary.get_or_insert_with(|| discord_text(&reply.text));
            public.push(reply);
        }
    }
    let summary = summary.unwrap_or_else(|| msg::done(click_prefs(click).user_or_guild()));
    let updated = if acknowledged {
        let edit = EditInteractionResponse::new()
            .content(summary)
            .components(Vec::new());
        click.edit_response(http, edit).await.map(drop)
    } else {
        let update = CreateInteractionResponseMessage::new()
            .content(summary)
            .components(Vec::new());
        click
            .create_response(http, CreateInteractionResponse::UpdateMessage(update))
            .await
    };
    if let Err(e) = updated {
        tracing::warn!(error = %e, "Discord refused the button answer");
    }
    let poster = Poster::of(http, data);
    for reply in &public {
        if let Err(e) = poster.post(reply).await {
            tracing::warn!(error = %e, "could not post the resignation");
        }
    }
    poster.post_follow_ups(&public).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn resign_asks_privately_with_two_buttons_for_the_same_game() {
        let game = Some(Subject::Game(9));
        let v = serde_json::to_value(resign_confirmation(Locale::En, game).interaction_message())
            .expect("serialises");
        assert_eq!(v["flags"], json!(64));
        assert_eq!(
            v["content"],
            json!("Resign this game? This cannot be undone.")
        );
        let row = &v["components"][0]["components"];
        assert_eq!(row[0]["custom_id"], json!("chess:resign_confirm:g9"));
        assert_eq!(row[1]["custom_id"], json!("chess:resign_cancel:g9"));
        assert_eq!(row[1]["label"], json!("Keep playing"));
        // Danger (4) to resign, secondary (2) to keep playing.
        assert_eq!(row[0]["style"], json!(4));
        assert_eq!(row[1]["style"], json!(2));
        assert_eq!(v["allowed_mentions"]["users"], json!([]));
    }

    #[test]
    fn the_confirmation_speaks_the_clickers_language() {
        let v = serde_json::to_value(resign_confirmation(Locale::Ru, None).interaction_message())
            .expect("serialises");
        assert_eq!(v["flags"], json!(64));
        assert_eq!(
            v["content"],
            json!("Сдать партию? Отменить это будет нельзя.")
        );
        let row = &v["components"][0]["components"];
        assert_eq!(row[0]["custom_id"], json!("chess:resign_confirm"));
        assert_eq!(row[0]["label"], json!("Да, сдаюсь"));
        assert_eq!(row[1]["label"], json!("Играть дальше"));
    }
}
