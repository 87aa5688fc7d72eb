//! The `/team` slash command (poise): team play, where a channel plays one
//! side of a game and its members vote its moves with `/chess move`.
//! Thin like `/chess`: the options become the service's team command, one
//! service call, the replies sent. Its own top-level command, since
//! `/chess` is at Discord's 25 subcommands.

use poise::serenity_prelude as serenity;

use super::commands::ColorOption;
use super::data::{Context, Error};
use super::invoke::{RulesOption, option_actor, run};
use crate::chess::RulesMode;
use crate::service::{ColorChoice, Command, TEAM_DEFAULT_DAYS, TeamChallenge, TeamCommand};

/// Team play: this channel plays as a team, its members vote its moves.
#[poise::command(
    slash_command,
    subcommands(
        "challenge",
        "accept",
        "votes",
        "close",
        "members",
        "super::team_match::team_match"
    ),
    subcommand_required
)]
pub async fn team(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The service command for the `team challenge` options; the channels'
/// names as Discord shows them (`#general`).
#[must_use]
pub fn team_challenge_command(
    channel: Option<(String, String)>,
    here_name: Option<String>,
    level: Option<u8>,
    days: Option<u32>,
    color: Option<ColorOption>,
    rules: Option<RulesOption>,
) -> Command {
    let (channel, channel_name) = channel.unzip();
    Command::Team(TeamCommand::Challenge(Box::new(TeamChallenge {
        channel,
        channel_name: channel_name.map(|n| format!("#{n}")),
        here_name: here_name.map(|n| format!("#{n}")),
        level,
        days: days.unwrap_or(TEAM_DEFAULT_DAYS),
        color: match color {
            Some(ColorOption::White) => ColorChoice::White,
            Some(ColorOption::Black) => ColorChoice::Black,
            Some(ColorOption::Random) | None => ColorChoice::Random,
        },
        rules: match rules {
            Some(RulesOption::Fide) => RulesMode::Fide,
            Some(RulesOption::House) | None => RulesMode::House,
        },
        fen: None,
    })))
}

/// Challenge another channel's team (or the engine) to a vote game.
#[poise::command(slash_command)]
async fn challenge(
    ctx: Context<'_>,
    channel: Option<serenity::GuildChannel>,
    #[min = 1]
    #[max = 8]
    level: Option<u8>,
    #[min = 1]
    #[max = 14]
    days: Option<u32>,
    color: Option<ColorOption>,
    rules: Option<RulesOption>,
) -> Result<(), Error> {
    let here = ctx.guild_channel().await.map(|c| c.name);
    let channel = channel.map(|c| (c.id.get().to_string(), c.name));
    let cmd = team_challenge_command(channel, here, level, days, color, rules);
    run(ctx, cmd).await
}

/// Accept the team challenge for this channel, or another server's by code.
#[poise::command(slash_command)]
async fn accept(ctx: Context<'_>, #[max_length = 16] code: Option<String>) -> Result<(), Error> {
    let here_name = match code {
        Some(_) => ctx.guild_channel().await.map(|c| format!("#{}", c.name)),
        None => None,
    };
    run(ctx, Command::Team(TeamCommand::Accept { code, here_name })).await
}

/// The tally of this channel's running vote.
#[poise::command(slash_command)]
async fn votes(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Team(TeamCommand::Votes)).await
}

/// Close this channel's running vote now (moderators).
#[poise::command(slash_command)]
async fn close(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Team(TeamCommand::Close)).await
}

/// Show this team's named members; moderators name them, or let only them vote.
#[poise::command(slash_command)]
async fn members(
    ctx: Context<'_>,
    add: Option<serenity::User>,
    remove: Option<serenity::User>,
    only: Option<bool>,
) -> Result<(), Error> {
    let add = add.map(|u| option_actor(ctx, &u)).into_iter().collect();
    let remove = remove.map(|u| option_actor(ctx, &u)).into_iter().collect();
    run(
        ctx,
        Command::Team(TeamCommand::Members { add, remove, only }),
    )
    .await
}
