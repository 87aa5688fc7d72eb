//! The `/chess puzzle` subcommand group: `next` (a puzzle from your own
//! games, privately), `solve` (answer it) and `daily` (moderators: a puzzle
//! a day in this channel). Thin like every handler: one service command.

use super::data::{Context, Error};
use super::invoke::{run, simple_subcommands};
use crate::service::{Command, PuzzleDaily};

/// Puzzles from your own games.
#[poise::command(
    slash_command,
    subcommands("next", "solve", "daily"),
    subcommand_required
)]
pub async fn puzzle(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

simple_subcommands! {
    via run;
    /// A puzzle for you, from your own games first (only you see it).
    next() => Command::Puzzle { daily: None };
}

/// Answer your puzzle (SAN like Nf3, or UCI like g1f3).
#[poise::command(slash_command)]
async fn solve(
    ctx: Context<'_>,
    #[rename = "move"] text: String,
    #[min = 1] puzzle: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Command::Solve { text, puzzle }).await
}

/// Post a puzzle a day in this channel (moderators).
#[poise::command(slash_command)]
async fn daily(
    ctx: Context<'_>,
    on: bool,
    #[min = 0]
    #[max = 23]
    hour: Option<u8>,
) -> Result<(), Error> {
    let daily = if on {
        PuzzleDaily::On { hour }
    } else {
        PuzzleDaily::Off
    };
    run(ctx, Command::Puzzle { daily: Some(daily) }).await
}
