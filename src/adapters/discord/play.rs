//! Player pages on Discord: the "Play on the board" button under a running
//! game's board posts (answered privately with the clicker's own link,
//! players only), and posting what a player did on their page in the
//! game's channel as the typed command's answer would have been posted.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use serenity::{ComponentInteraction, Http};
use tokio::sync::mpsc::UnboundedReceiver;

use super::data::{Data, DirectMessages};
use super::format::{Outgoing, outgoing};
use super::ids::ButtonId;
use super::post::{Poster, board_png};
use super::send::{self, Target};
use crate::render::Renderer;
use crate::service::{Actor, Command, Event, GameService, Place, Reply, Subject};

/// Whether `reply` is a public post of a running game's board: such posts
/// carry the "Play on the board" button (where player pages are served).
#[must_use]
pub fn offers_play(reply: &Reply) -> bool {
    !reply.ephemeral
        && reply.place.direct_user().is_none()
        && matches!(reply.subject, Some(Subject::Game(_)))
        && !matches!(reply.event, Some(Event::End { .. }))
        && reply.board.as_ref().is_some_and(|b| b.result.is_none())
}

/// Adds the "Play on the board" button to `out` when `reply` offers play
/// and player pages are served (`pages`).
pub fn add_play_button(out: &mut Outgoing, reply: &Reply, pages: bool) {
    if pages && offers_play(reply) && !out.buttons.contains(&ButtonId::PlayBoard) {
        out.buttons.push(ButtonId::PlayBoard);
    }
}

/// The answer to a "Play on the board" click: the clicker's private board
/// with their own link when they play the channel's running game, else a
/// private refusal. The link only ever goes into this private answer.
pub async fn play_click(
    http: &Http,
    data: &Data,
    click: &ComponentInteraction,
    place: &Place,
    actor: &Actor,
) {
    let target = Target::Component(click);
    let prefs = target.prefs();
    let answer = async {
        let replies = data
            .service
            .handle_with(
                place,
                actor,
                Command::Board {
                    flip: false,
                    private: true,
                },
                prefs,
            )
            .await;
        match replies.into_iter().find(|r| r.play.is_some()) {
            Some(mut mine) => {
                mine.ephemeral = true;
                let png = board_png(&data.renderer, mine.board.as_ref()).await;
                outgoing(&mine, png)
            }
            None => {
                let l = data.service.locale_for(place, prefs).await;
                Outgoing::private(&crate::service::messages::play_button_players_only(l))
            }
        }
    };
    send::answer_privately(http, target, answer).await;
}

/// What a page's action posts, made ready for Discord: a private answer
/// (there is no interaction to answer privately) goes to its player by
/// direct message, never into the channel.
#[must_use]
pub fn page_replies(replies: Vec<Reply>, author: &Actor) -> Vec<Reply> {
    replies
        .into_iter()
        .map(|mut r| {
            if r.ephemeral && r.place.direct_user().is_none() {
                r.place = Place::direct(&r.place.platform, &author.id);
                r.fallback = None;
            }
            r
        })
        .collect()
}

/// Posts what players do on their pages, as it comes, until the pages stop
/// sending (or the bot stops): each reply in its place, then what follows
/// it (a finished game's summary), once.
pub async fn post_page_posts(
    http: Arc<Http>,
    service: Arc<GameService>,
    renderer: Arc<Renderer>,
    direct: Arc<DirectMessages>,
    mut posts: UnboundedReceiver<crate::http::PagePosts>,
) {
    let poster = Poster {
        http: &http,
        renderer: &renderer,
        service: &service,
        direct: &direct,
        pages: true,
    };
    while let Some(batch) = posts.recv().await {
        let replies = page_replies(batch.replies, &batch.author);
        for reply in &replies {
            if let Err(e) = poster.post(reply).await {
                tracing::warn!(error = %e, "Discord refused what a player page posted");
            }
        }
        poster.post_follow_ups(&replies).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::BoardResult;
    use crate::service::BoardImage;

    fn board(result: Option<BoardResult>) -> BoardImage {
        BoardImage {
            fen: "8/8/8/8/8/8/8/K6k w - - 0 1".to_owned(),
            last_move: None,
            flip: false,
            result,
            names: None,
            deadline: None,
            theme: crate::render::Theme::default(),
            start_fen: None,
        }
    }

    fn post(channel: &str, result: Option<BoardResult>) -> Reply {
        let place = Place {
            platform: "discord".to_owned(),
            guild: Some("1".to_owned()),
            channel: channel.to_owned(),
        };
        let mut r = Reply::new(place, "t".to_owned(), crate::i18n::Locale::En);
        r.board = Some(board(result));
        r.subject = Some(Subject::Game(3));
        r
    }

    #[test]
    fn only_public_boards_of_running_games_offer_play() {
        assert!(offers_play(&post("5", None)));
        assert!(
            !offers_play(&post("5", Some(BoardResult::Draw))),
            "a finished game"
        );
        assert!(!offers_play(&post("@7", None)), "a direct message");
        let mut private = post("5", None);
        private.ephemeral = true;
        assert!(!offers_play(&private));
        let mut no_game = post("5", None);
        no_game.subject = None;
        assert!(!offers_play(&no_game));
        let mut text = post("5", None);
        text.board = None;
        assert!(!offers_play(&text));
    }

    #[test]
    fn a_pages_private_answer_goes_to_its_player_not_the_channel() {
        let alice = Actor {
            id: "42".to_owned(),
            name: "alice".to_owned(),
        };
        let mut private = post("5", None);
        private.ephemeral = true;
        let out = page_replies(vec![post("5", None), private], &alice);
        assert_eq!(out[0].place.channel, "5");
        assert_eq!(out[1].place.direct_user(), Some("42"));
    }
}
