//! The `/chess puzzle` subcommand group: `next` (a puzzle from your own
//! games, privately), `solve` (answer it) and `daily` (moderators: a puzzle
//! a day in this channel). Thin like every handler: one service command.

use super::data::{Context, Error};
use super::invoke::run;
use crate::service::{Command, PuzzleDaily};

/// Puzzles from your own games.
#[poise::command(
    slash_command,
    subcommands("next", "solve", "daily"),
    subcommand_required,
    description_localized("ru", "Задачи из ваших собственных партий"),
    description_localized("ro", "Probleme din propriile partide"),
    description_localized("th", "โจทย์จากเกมของคุณเอง")
)]
pub async fn puzzle(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// A puzzle for you, from your own games first (only you see it).
#[poise::command(
    slash_command,
    description_localized("ru", "Задача для вас, сначала из ваших партий (видна только вам)"),
    description_localized("ro", "O problemă pentru voi, întâi din partidele voastre (privat)"),
    description_localized("th", "โจทย์สำหรับคุณ จากเกมของคุณเองก่อน (เห็นคนเดียว)")
)]
async fn next(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Puzzle { daily: None }).await
}

/// Answer your puzzle (SAN like Nf3, or UCI like g1f3).
#[poise::command(
    slash_command,
    description_localized("ru", "Ответить на вашу задачу (Кf3 или g1f3)"),
    description_localized("ro", "Răspundeți la problema voastră (Cf3 sau g1f3)"),
    description_localized("th", "ตอบโจทย์ของคุณ (Nf3 หรือ g1f3)")
)]
async fn solve(
    ctx: Context<'_>,
    #[description_localized("ru", "Ваш ход, например Кf3, Фxf7+ или g1f3")]
    #[description_localized("ro", "Mutarea, de exemplu Cf3, Dxf7+ sau g1f3")]
    #[description_localized("th", "ตาเดินของคุณ เช่น Nf3, Qxf7+ หรือ g1f3")]
    #[description = "Your move, e.g. Nf3, Qxf7+ or g1f3"]
    #[rename = "move"]
    text: String,
    #[description_localized("ru", "Номер задачи (по умолчанию ваша текущая)")]
    #[description_localized("ro", "Numărul problemei (implicit cea curentă)")]
    #[description_localized("th", "หมายเลขโจทย์ (ค่าเริ่มต้นคือโจทย์ปัจจุบันของคุณ)")]
    #[description = "The puzzle's number (by default your current one)"]
    #[min = 1]
    puzzle: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Command::Solve { text, puzzle }).await
}

/// Post a puzzle a day in this channel (moderators).
#[poise::command(
    slash_command,
    description_localized("ru", "Публиковать задачу дня в этом канале (модераторы)"),
    description_localized("ro", "O problemă pe zi în acest canal (moderatorii)"),
    description_localized("th", "โพสต์โจทย์ประจำวันในห้องนี้ (ผู้ดูแล)")
)]
async fn daily(
    ctx: Context<'_>,
    #[description_localized("ru", "Включить или выключить")]
    #[description_localized("ro", "Porniți sau opriți")]
    #[description_localized("th", "เปิดหรือปิด")]
    #[description = "Turn it on or off"]
    on: bool,
    #[description_localized("ru", "Час публикации по UTC (0-23, по умолчанию 18)")]
    #[description_localized("ro", "Ora postării în UTC (0-23, implicit 18)")]
    #[description_localized("th", "ชั่วโมงที่โพสต์ตามเวลา UTC (0-23 ค่าเริ่มต้น 18)")]
    #[description = "The UTC hour of the post (0-23, default 18)"]
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
