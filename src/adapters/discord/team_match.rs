//! The `/team match …` subcommand group (create, accept, join, leave,
//! start, standings) and the threads of a match's games: each game opens a
//! thread in each side's channel (public in a text channel, announcement
//! in an announcement channel), its start is posted in both, and only then
//! does it move to White's thread with its clock started; a game whose
//! threads cannot be opened waits without a clock and is tried again, as a
//! league game does.

use poise::serenity_prelude as serenity;
use serenity::{AutoArchiveDuration, ChannelId, CreateThread, Http};

use super::backend::PLATFORM;
use super::data::{Context, Error};
use super::invoke::{answer_caller, prefs_of, run, simple_subcommands};
use super::league_threads::thread_kind_for;
use super::post::Poster;
use super::retry::retrying;
use super::threads::thread_name;
use crate::i18n::Locale;
use crate::service::{Binding, Command, Event, MatchCommand, Place, Reply, TeamCommand};

/// A match between this server and another: create, accept, sign up, start.
#[poise::command(
    slash_command,
    rename = "match",
    subcommands("create", "accept", "join", "leave", "start", "standings"),
    subcommand_required
)]
pub async fn team_match(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// This channel as shown (`#general`).
async fn here_name(ctx: Context<'_>) -> Option<String> {
    ctx.guild_channel().await.map(|c| format!("#{}", c.name))
}

fn cmd(c: MatchCommand) -> Command {
    Command::Team(TeamCommand::Match(c))
}

/// Create a match with another server (moderators): answered with a code.
#[poise::command(slash_command)]
async fn create(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 32]
    boards: u32,
    #[min = 1]
    #[max = 14]
    days: Option<u32>,
    #[min = 1]
    #[max = 2]
    rounds: Option<u32>,
) -> Result<(), Error> {
    let c = MatchCommand::Create {
        boards,
        days: days.unwrap_or(crate::service::TEAM_DEFAULT_DAYS),
        rounds: rounds.unwrap_or(1),
        here_name: here_name(ctx).await,
    };
    run(ctx, cmd(c)).await
}

/// Accept another server's match by its code; this channel is your side.
#[poise::command(slash_command)]
async fn accept(ctx: Context<'_>, #[max_length = 16] code: String) -> Result<(), Error> {
    let c = MatchCommand::Accept {
        code,
        here_name: here_name(ctx).await,
    };
    run(ctx, cmd(c)).await
}

simple_subcommands! {
    via run;
    /// Sign up to play for this channel's side.
    join() => cmd(MatchCommand::Join);
    /// Leave this channel's side before the start.
    leave() => cmd(MatchCommand::Leave);
}

/// Start the match: every board at once (moderators).
#[poise::command(slash_command)]
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    answer_caller(ctx, move |place, actor| async move {
        let data = ctx.data();
        let mut replies = data
            .service
            .handle_with(&place, &actor, cmd(MatchCommand::Start), prefs_of(ctx))
            .await;
        if starts_a_match(&replies) {
            let poster = Poster::of(ctx.http(), data);
            replies.extend(bind_match_games(&poster).await);
        }
        replies
    })
    .await
}

simple_subcommands! {
    via run;
    /// The match's standings, as a table and a picture.
    standings() => cmd(MatchCommand::Standings);
}

/// Whether `replies` hold the start of a match on Discord (whose games
/// then wait for their threads).
#[must_use]
pub fn starts_a_match(replies: &[Reply]) -> bool {
    replies.iter().any(|r| {
        matches!(&r.event, Some(Event::Match(m)) if m.state == "running" && !m.boards.is_empty())
            && r.place.platform == PLATFORM
    })
}

/// Opens the two threads of every match game of this platform still
/// waiting for them, posts its start in both and moves the game to
/// White's, which starts its clock. A game whose threads cannot be opened
/// keeps waiting without a clock; both sides' channels are told once (the
/// returned notices) and it is tried again when its claim runs out.
pub async fn bind_match_games(poster: &Poster<'_>) -> Vec<Reply> {
    let service = poster.service;
    let held = match service.held_match_games(PLATFORM).await {
        Ok(h) => h,
        Err(e) => {
            tracing::error!(error = %e, "loading match games waiting for threads failed");
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for game in held {
        let mut opened = Vec::new();
        for side in &game.sides {
            let loc = service.channel_locale(side).await.unwrap_or_default();
            match open_thread(poster.http, side, &game.white.name, &game.black.name, loc).await {
                Ok(p) => opened.push(p),
                Err(e) => {
                    tracing::warn!(error = %e, game = game.game, "no thread for a match game; it waits without a clock");
                    break;
                }
            }
        }
        let Ok(to) = <[Place; 2]>::try_from(opened) else {
            match service.match_place_failed(&game).await {
                Ok(notices) => out.extend(notices),
                Err(e) => tracing::error!(error = %e, "recording a match thread failure failed"),
            }
            continue;
        };
        let prepared = match service.prepare_match_binding(&game, to).await {
            Ok(Some(p)) => p,
            Ok(None) => continue,
            Err(e) => {
                tracing::error!(error = %e, game = game.game, "preparing a match game's start failed");
                continue;
            }
        };
        let mut posted = true;
        for start in &prepared.starts {
            if let Err(e) = poster.post(start).await {
                tracing::warn!(error = %e, game = game.game, "could not post a match game's start; tried again later");
                posted = false;
                break;
            }
        }
        if !posted {
            continue;
        }
        match service.bind_match_game(&game, &prepared).await {
            Ok(Binding::Bound) => {}
            Ok(other) => tracing::warn!(
                ?other,
                game = game.game,
                "a match game's threads were opened but the game was not moved there"
            ),
            Err(e) => {
                tracing::error!(error = %e, game = game.game, "moving a match game to its thread failed")
            }
        }
    }
    out
}

/// Opens a thread for a match game in the side's channel `side`.
async fn open_thread(
    http: &Http,
    side: &Place,
    white: &str,
    black: &str,
    loc: Locale,
) -> Result<Place, Error> {
    let channel = side
        .channel
        .parse::<u64>()
        .ok()
        .filter(|&id| id != 0)
        .map(ChannelId::new)
        .ok_or("the side's channel is not a Discord channel")?;
    let parent = channel.to_channel(http).await?;
    let kind = parent
        .guild()
        .and_then(|c| thread_kind_for(c.kind))
        .ok_or("the side's channel takes no threads")?;
    let builder = CreateThread::new(thread_name(loc, white, black))
        .kind(kind)
        .auto_archive_duration(AutoArchiveDuration::OneWeek);
    let thread = retrying("thread", || channel.create_thread(http, builder.clone())).await?;
    Ok(Place {
        platform: PLATFORM.to_string(),
        guild: side.guild.clone(),
        channel: thread.id.get().to_string(),
    })
}
