//! The threads of league games: when a league starts (or a Swiss pairs
//! its next round, which a game's last move may do), each of its games
//! moves from its placeholder place (`league-<league>-<number>`) into a
//! thread of the league's channel named after the players (a public
//! thread in a text channel, an announcement thread in an announcement
//! channel), and its clock starts only then. A game whose thread cannot
//! be opened (the permission taken away, a start at its time) waits
//! without a clock and is tried again, so it never loses on time.

use poise::serenity_prelude as serenity;
use serenity::{AutoArchiveDuration, ChannelId, ChannelType, CreateThread, Http};

use super::backend::PLATFORM;
use super::data::Error;
use super::post::Poster;
use super::retry::retrying;
use super::threads::thread_name;
use crate::i18n::Locale;
use crate::service::{Binding, Event, HeldLeagueGame, Place, Reply};

/// Whether `replies` hold the start of a league on Discord (whose games
/// then wait for their threads).
#[must_use]
pub fn starts_a_league(replies: &[Reply]) -> bool {
    replies.iter().any(|r| {
        matches!(&r.event, Some(Event::League(l)) if l.state == "running")
            && r.place.platform == "discord"
    })
}

/// The thread type a channel of `kind` takes for a league game: public
/// threads in a text channel, announcement threads in an announcement
/// channel; none elsewhere (threads, forums, voice, DMs).
#[must_use]
pub fn thread_kind_for(kind: ChannelType) -> Option<ChannelType> {
    match kind {
        ChannelType::Text => Some(ChannelType::PublicThread),
        ChannelType::News => Some(ChannelType::NewsThread),
        _ => None,
    }
}

/// Opens a thread for every league game of this platform still waiting
/// for one (the games of a start just made, and those a crash, a refusal
/// or another process left), moves each game there, which starts its
/// clock, once its start is posted there. A game whose thread cannot be
/// opened keeps waiting without a clock; the league's channel is told once
/// (the returned notices, to post) and the game is tried again when its
/// claim runs out.
pub async fn bind_league_games(poster: &Poster<'_>) -> Vec<Reply> {
    let service = poster.service;
    let cache_http = poster.http;
    let held = match service.held_league_games(PLATFORM).await {
        Ok(h) => h,
        Err(e) => {
            tracing::error!(error = %e, "loading league games waiting for a thread failed");
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for game in held {
        let loc = service
            .channel_locale(&game.league_place)
            .await
            .unwrap_or_default();
        let to = match open_thread(cache_http, &game, loc).await {
            Ok(to) => to,
            Err(e) => {
                tracing::warn!(error = %e, game = game.game, "no thread for a league game; it waits without a clock");
                match service.league_place_failed(&game).await {
                    Ok(notice) => out.extend(notice),
                    Err(e) => {
                        tracing::error!(error = %e, "recording a league thread failure failed")
                    }
                }
                continue;
            }
        };
        // The start is posted in the thread first: the game's clock runs
        // only once its players were told where it is.
        let prepared = match service.prepare_league_binding(&game, &to).await {
            Ok(Some(p)) => p,
            Ok(None) => continue,
            Err(e) => {
                tracing::error!(error = %e, game = game.game, "preparing a league game's start failed");
                continue;
            }
        };
        if let Err(e) = poster.post(&prepared.start).await {
            tracing::warn!(error = %e, game = game.game, "could not post a league game's start; tried again later");
            continue;
        }
        match service.bind_league_game(&game, &prepared).await {
            Ok(Binding::Bound) => {}
            Ok(other) => {
                tracing::warn!(
                    ?other,
                    game = game.game,
                    "a league game's thread was opened but the game was not moved there"
                );
            }
            Err(e) => {
                tracing::error!(error = %e, game = game.game, "moving a league game to its thread failed")
            }
        }
    }
    out
}

/// Opens the thread of `game` in its league's channel, of the type that
/// channel takes.
async fn open_thread(
    cache_http: &Http,
    game: &HeldLeagueGame,
    loc: Locale,
) -> Result<Place, Error> {
    let channel = game
        .league_place
        .channel
        .parse::<u64>()
        .ok()
        .filter(|&id| id != 0)
        .map(ChannelId::new)
        .ok_or("the league's channel is not a Discord channel")?;
    let parent = channel.to_channel(cache_http).await?;
    let kind = parent
        .guild()
        .and_then(|c| thread_kind_for(c.kind))
        .ok_or("the league's channel takes no threads")?;
    let builder = CreateThread::new(thread_name(loc, &game.white.name, &game.black.name))
        .kind(kind)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    let thread = retrying("thread", || {
        channel.create_thread(cache_http, builder.clone())
    })
    .await?;
    Ok(Place {
        platform: PLATFORM.to_string(),
        guild: game.league_place.guild.clone(),
        channel: thread.id.get().to_string(),
    })
}

/// After a league command: when it started a league, opens its games'
/// threads and posts their starts there; notices of threads that could not
/// be opened are added to `replies`.
pub async fn open_league_threads(poster: &Poster<'_>, mut replies: Vec<Reply>) -> Vec<Reply> {
    if starts_a_league(&replies) {
        replies.extend(bind_league_games(poster).await);
    }
    replies
}
