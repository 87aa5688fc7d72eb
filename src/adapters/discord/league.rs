//! The `/chess league …` subcommand group (create, join, leave, start,
//! standings, cancel, withdraw, export). A league is refused in a channel
//! that takes no threads or where the bot may not open them; its games'
//! threads are opened in `league_threads.rs`.

use poise::serenity_prelude as serenity;
use serenity::Permissions;

use super::data::{Context, Error};
use super::invoke::{RulesOption, answer_caller, prefs_of, simple_subcommands};
use super::league_threads::{open_league_threads, thread_kind_for};
use super::post::Poster;
use crate::chess::RulesMode;
use crate::service::{Command, LeagueCommand, error_reply, messages as msg};

/// Runs a league command for the caller, opens the threads of the games
/// a start created, and sends the replies.
async fn run(ctx: Context<'_>, command: LeagueCommand) -> Result<(), Error> {
    let starting = matches!(
        command,
        LeagueCommand::Create { .. } | LeagueCommand::Start { .. }
    );
    answer_caller(ctx, move |place, actor| async move {
        if starting && let Some(refusal) = thread_refusal(ctx) {
            let l = prefs_of(ctx).user_or_guild();
            let text = match refusal {
                Refusal::Channel => msg::league_needs_channel(l),
                Refusal::Permissions => msg::league_needs_threads(l),
            };
            let mut r = error_reply(&place, "not_allowed", text);
            r.locale = l;
            return vec![r];
        }
        let data = ctx.data();
        let replies = data
            .service
            .handle_with(&place, &actor, Command::League(command), prefs_of(ctx))
            .await;
        let poster = Poster::of(ctx.http(), data);
        open_league_threads(&poster, replies).await
    })
    .await
}

/// Whether a league may start in the command's channel: one that takes
/// threads, where the bot may open them and write in them. Refused before
/// any game exists, so no clock runs against a game nobody can reach.
fn thread_refusal(ctx: Context<'_>) -> Option<Refusal> {
    let poise::Context::Application(app) = ctx else {
        return None;
    };
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

simple_subcommands! {
    via run;
    /// Join this channel's open league.
    join(league) => LeagueCommand::Join { league };
    /// Leave a league before it starts.
    leave(league) => LeagueCommand::Leave { league };
    /// Start the league: every game at once (creator or moderator).
    start(league) => LeagueCommand::Start { league };
    /// The league's standings, as a table and a picture.
    standings(league) => LeagueCommand::Standings { league };
    /// Cancel the league; running games end without result.
    cancel(league) => LeagueCommand::Cancel { league };
    /// Withdraw from a running league (see the rules).
    withdraw(league) => LeagueCommand::Withdraw { league };
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
