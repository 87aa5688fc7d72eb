//! The `/chess league …` subcommand group (create, join, leave, start,
//! standings, cancel, withdraw) and the threads of league games: when a
//! league starts, each of its games moves from its placeholder place
//! (`league-<league>-<number>`) into a public thread of the league's
//! channel named after the players.

use poise::serenity_prelude as serenity;
use serenity::{AutoArchiveDuration, CacheHttp, ChannelId, ChannelType, CreateThread};

use super::data::{Context, Error};
use super::invoke::{RulesOption, caller, prefs_of};
use super::retry::retrying;
use super::send::{self, Target};
use super::threads::thread_name;
use crate::chess::RulesMode;
use crate::service::{Command, Event, GameService, LeagueCommand, Place, Reply};

/// Runs a league command for the caller, opens the threads of the games
/// a start created, and sends the replies.
async fn run(ctx: Context<'_>, command: LeagueCommand) -> Result<(), Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let (place, actor) = caller(ctx);
    let data = ctx.data();
    let replies = Box::pin(async {
        let replies = data
            .service
            .handle_with(&place, &actor, Command::League(command), prefs_of(ctx))
            .await;
        open_league_threads(ctx.serenity_context(), &data.service, replies).await
    });
    send::answer(
        ctx.serenity_context(),
        Target::Command(app.interaction),
        data,
        replies,
    )
    .await
    .map(drop)
}

/// The league channel and the games a league start among `replies`
/// created: the `league` event's place, and the indexes of the league
/// games' `start` replies in a placeholder place.
#[must_use]
pub fn league_starts(replies: &[Reply]) -> Option<(Place, Vec<usize>)> {
    let head = replies.iter().find_map(|r| match &r.event {
        Some(Event::League(l)) if l.state == "running" && r.place.platform == "discord" => {
            Some((l.league, r.place.clone()))
        }
        _ => None,
    })?;
    let prefix = format!("league-{}-", head.0);
    let games: Vec<usize> = replies
        .iter()
        .enumerate()
        .filter(|(_, r)| {
            matches!(r.event, Some(Event::Start { league: Some(id), .. }) if id == head.0)
                && r.place.channel.starts_with(&prefix)
        })
        .map(|(i, _)| i)
        .collect();
    (!games.is_empty()).then_some((head.1, games))
}

/// Opens a thread in the league's channel for every league game a start
/// among `replies` created, moves the game there and posts its start in
/// it. A game whose thread cannot be opened has its start posted in the
/// league's channel instead (and stays where it is: see the report in
/// docs/CONSOLE.md).
pub async fn open_league_threads(
    cache_http: impl CacheHttp,
    service: &GameService,
    mut replies: Vec<Reply>,
) -> Vec<Reply> {
    let Some((parent, games)) = league_starts(&replies) else {
        return replies;
    };
    let Some(channel) = parent
        .channel
        .parse::<u64>()
        .ok()
        .filter(|&id| id != 0)
        .map(ChannelId::new)
    else {
        return replies;
    };
    for i in games {
        let Some(Event::Start { white, black, .. }) = replies[i].event.clone() else {
            continue;
        };
        let from = replies[i].place.clone();
        let builder = CreateThread::new(thread_name(replies[i].locale, &white, &black))
            .kind(ChannelType::PublicThread)
            .auto_archive_duration(AutoArchiveDuration::OneWeek);
        let created = retrying("thread", || {
            channel.create_thread(&cache_http, builder.clone())
        })
        .await;
        let to = match created {
            Ok(thread) => Place {
                platform: parent.platform.clone(),
                guild: parent.guild.clone(),
                channel: thread.id.get().to_string(),
            },
            Err(e) => {
                tracing::warn!(error = %e, "no thread for a league game");
                replies[i].place = parent.clone();
                continue;
            }
        };
        match service.rebind_channel(&from, &to).await {
            Ok(true) => replies[i].place = to,
            outcome => {
                tracing::warn!(?outcome, "could not move a league game to its thread");
                replies[i].place = parent.clone();
            }
        }
    }
    replies
}

/// Round-robin leagues in this channel.
#[poise::command(
    slash_command,
    subcommands("create", "join", "leave", "start", "standings", "cancel", "withdraw"),
    subcommand_required
)]
pub async fn league(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a league in this channel.
#[poise::command(slash_command)]
#[allow(clippy::too_many_arguments)]
async fn create(
    ctx: Context<'_>,
    #[max_length = 64] name: String,
    #[min = 1]
    #[max = 14]
    days: Option<u32>,
    #[min = 1]
    #[max = 2]
    rounds: Option<u32>,
    #[min = 3]
    #[max = 16]
    max: Option<u32>,
    rated: Option<bool>,
    rules: Option<RulesOption>,
    #[max_length = 40] starts: Option<String>,
    // ---- gaps: Chess960 leagues (issue 33)
    chess960: Option<bool>,
) -> Result<(), Error> {
    let cmd = LeagueCommand::Create {
        name,
        days: days.unwrap_or(crate::service::DEFAULT_DAYS),
        rounds: rounds.unwrap_or(1),
        max: max.unwrap_or(crate::service::LEAGUE_MAX_PLAYERS),
        rated: rated.unwrap_or(true),
        rules: match rules {
            Some(RulesOption::Fide) => RulesMode::Fide,
            Some(RulesOption::House) | None => RulesMode::House,
        },
        starts,
        variant: if chess960 == Some(true) {
            crate::chess::Variant::Chess960
        } else {
            crate::chess::Variant::Standard
        },
    };
    run(ctx, cmd).await
}

/// Join this channel's open league.
#[poise::command(slash_command)]
async fn join(ctx: Context<'_>, #[min = 1] league: Option<i64>) -> Result<(), Error> {
    run(ctx, LeagueCommand::Join { league }).await
}

/// Leave a league before it starts.
#[poise::command(slash_command)]
async fn leave(ctx: Context<'_>, #[min = 1] league: Option<i64>) -> Result<(), Error> {
    run(ctx, LeagueCommand::Leave { league }).await
}

/// Start the league: every game at once (creator or moderator).
#[poise::command(slash_command)]
async fn start(ctx: Context<'_>, #[min = 1] league: Option<i64>) -> Result<(), Error> {
    run(ctx, LeagueCommand::Start { league }).await
}

/// The league's standings, as a table and a picture.
#[poise::command(slash_command)]
async fn standings(ctx: Context<'_>, #[min = 1] league: Option<i64>) -> Result<(), Error> {
    run(ctx, LeagueCommand::Standings { league }).await
}

/// Cancel the league; running games end without result.
#[poise::command(slash_command)]
async fn cancel(ctx: Context<'_>, #[min = 1] league: Option<i64>) -> Result<(), Error> {
    run(ctx, LeagueCommand::Cancel { league }).await
}

/// Withdraw from a running league (see the rules).
#[poise::command(slash_command)]
async fn withdraw(ctx: Context<'_>, #[min = 1] league: Option<i64>) -> Result<(), Error> {
    run(ctx, LeagueCommand::Withdraw { league }).await
}
