//! The `/chess league …` subcommand group (create, join, leave, start,
//! standings, cancel, withdraw) and the threads of league games: when a
//! league starts, each of its games moves from its placeholder place
//! (`league-<league>-<number>`) into a thread of the league's channel
//! named after the players (a public thread in a text channel, an
//! announcement thread in an announcement channel), and its clock starts
//! only then. A league is refused in a channel that takes no threads or
//! where the bot may not open them; a game whose thread still cannot be
//! opened (the permission taken away, a start at its time) waits without
//! a clock and is tried again, so it never loses on time.

use poise::serenity_prelude as serenity;
use serenity::{AutoArchiveDuration, ChannelId, ChannelType, CreateThread, Http, Permissions};

use super::backend::PLATFORM;
use super::data::{Context, Error};
use super::invoke::{RulesOption, caller, prefs_of};
use super::post::Poster;
use super::retry::retrying;
use super::send::{self, Target};
use super::threads::thread_name;
use crate::chess::RulesMode;
use crate::i18n::Locale;
use crate::service::{
    Binding, Command, Event, HeldLeagueGame, LeagueCommand, Place, Reply, error_reply,
    messages as msg,
};

/// Runs a league command for the caller, opens the threads of the games
/// a start created, and sends the replies.
async fn run(ctx: Context<'_>, command: LeagueCommand) -> Result<(), Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    // Counted by the shutdown drain like every command: a league start
    // in flight is finished (its games bound) before the process exits.
    let Some(_work) = ctx.data().service.begin_work() else {
        return Ok(());
    };
    let (place, actor) = caller(ctx);
    let data = ctx.data();
    let starting = matches!(
        command,
        LeagueCommand::Create { .. } | LeagueCommand::Start { .. }
    );
    if starting && let Some(refusal) = thread_refusal(&app) {
        let l = Target::Command(app.interaction).prefs().user_or_guild();
        let text = match refusal {
            Refusal::Channel => msg::league_needs_channel(l),
            Refusal::Permissions => msg::league_needs_threads(l),
        };
        let mut r = error_reply(&place, "not_allowed", text);
        r.locale = l;
        return send::answer(
            ctx.serenity_context(),
            Target::Command(app.interaction),
            data,
            Box::pin(async { vec![r] }),
        )
        .await
        .map(drop);
    }
    let replies = Box::pin(async {
        let replies = data
            .service
            .handle_with(&place, &actor, Command::League(command), prefs_of(ctx))
            .await;
        let poster = Poster::of(ctx.http(), data);
        open_league_threads(&poster, replies).await
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

/// Whether a league may start in the command's channel: one that takes
/// threads, where the bot may open them and write in them. Refused before
/// any game exists, so no clock runs against a game nobody can reach.
fn thread_refusal(
    app: &poise::ApplicationContext<'_, super::data::Data, Error>,
) -> Option<Refusal> {
    let interaction = app.interaction;
    let kind = interaction.channel.as_ref().map(|c| c.kind);
    if kind.and_then(thread_kind_for).is_none() {
        return Some(Refusal::Channel);
    }
    let needed = Permissions::CREATE_PUBLIC_THREADS | Permissions::SEND_MESSAGES_IN_THREADS;
    match interaction.app_permissions {
        Some(p) if !p.contains(needed) => Some(Refusal::Permissions),
        _ => None,
    }
}

/// Why a league cannot start in a channel.
enum Refusal {
    /// The channel takes no threads (a thread, forum, voice channel, DM).
    Channel,
    /// The bot may not open threads or write in them here.
    Permissions,
}

/// How a league pairs its players, as Discord shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FormatOption {
    #[name = "round_robin"]
    RoundRobin,
    #[name = "swiss"]
    Swiss,
}

/// The tournament report formats, as Discord shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ReportOption {
    #[name = "trf"]
    Trf,
}

/// Round-robin leagues and Swiss tournaments in this channel.
#[poise::command(
    slash_command,
    subcommands(
        "create",
        "join",
        "leave",
        "start",
        "standings",
        "cancel",
        "withdraw",
        "export"
    ),
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
    #[max = 11]
    rounds: Option<u32>,
    #[min = 3]
    #[max = 200]
    max: Option<u32>,
    rated: Option<bool>,
    rules: Option<RulesOption>,
    #[max_length = 40] starts: Option<String>,
    chess960: Option<bool>,
    format: Option<FormatOption>,
    #[min = 1]
    #[max = 60]
    bank: Option<u32>,
    #[min = 0]
    #[max = 10]
    increment: Option<u32>,
    #[max_length = 20] control: Option<String>,
    #[max_length = 100] opening: Option<String>,
    #[max_length = 100] fen: Option<String>,
    #[max_length = 40] tiebreaks: Option<String>,
) -> Result<(), Error> {
    let swiss = format == Some(FormatOption::Swiss);
    let setup = Box::new(crate::service::LeagueSetup {
        opening,
        fen,
        tiebreaks,
    });
    let time = Box::new(crate::service::ChallengeExtras {
        bank,
        increment,
        control: control.map(|c| c.trim().to_ascii_lowercase()),
        days_given: days.is_some(),
        ..crate::service::ChallengeExtras::default()
    });
    let cmd = LeagueCommand::Create {
        name,
        days: days.unwrap_or(crate::service::DEFAULT_DAYS),
        rounds: rounds.unwrap_or(u32::from(!swiss)),
        max: max.unwrap_or(if swiss {
            crate::service::SWISS_MAX_PLAYERS
        } else {
            crate::service::LEAGUE_MAX_PLAYERS
        }),
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
        format: if swiss {
            crate::service::LeagueFormat::Swiss
        } else {
            crate::service::LeagueFormat::RoundRobin
        },
        time,
        setup,
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

/// A Swiss's tournament report (FIDE TRF) as a file.
#[poise::command(slash_command)]
async fn export(
    ctx: Context<'_>,
    #[min = 1] league: Option<i64>,
    format: Option<ReportOption>,
) -> Result<(), Error> {
    let _ = format;
    let cmd = LeagueCommand::Export {
        league,
        format: "trf".to_string(),
    };
    run(ctx, cmd).await
}
