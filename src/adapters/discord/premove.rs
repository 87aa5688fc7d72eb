//! The `/chess premove` subcommand group (issue 32): conditional moves
//! (`line`, `list`, `clear`) and the private note (`note`). Every answer is
//! ephemeral: only the caller sees their lines and their note.

use super::data::{Context, Error};
use super::invoke::run;
use crate::service::{Command, PremoveAction};

/// Conditional moves and your private note (only you see them).
#[poise::command(
    slash_command,
    subcommands("line", "list", "clear", "note"),
    subcommand_required,
    description_localized("ru", "Условные ходы и личная заметка (видите только вы)"),
    description_localized("ro", "Mutări condiționate și nota ta privată (doar tu le vezi)"),
    description_localized("th", "ตาเดินล่วงหน้าและบันทึกส่วนตัว (เห็นได้เฉพาะคุณ)")
)]
pub async fn premove(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Queue a line: your opponent's expected move, your reply, and so on.
#[poise::command(
    slash_command,
    description_localized(
        "ru",
        "Добавить вариант: ожидаемый ход соперника, ваш ответ и так далее"
    ),
    description_localized(
        "ro",
        "Adaugă o linie: mutarea așteptată a adversarului, răspunsul tău etc."
    ),
    description_localized("th", "เพิ่มสาย: ตาที่คาดว่าคู่แข่งจะเดิน ตาที่คุณตอบ และต่อไป")
)]
async fn line(
    ctx: Context<'_>,
    #[description_localized("ru", "Ходы через пробел, например e5 Кf3 Кc6 Сb5")]
    #[description_localized("ro", "Mutări separate prin spații, de ex. e5 Cf3 Cc6 Nb5")]
    #[description_localized("th", "ตาเดินคั่นด้วยช่องว่าง เช่น e5 Nf3 Nc6 Bb5")]
    #[description = "Moves separated by spaces, such as e5 Nf3 Nc6 Bb5"]
    #[max_length = 1000]
    line: String,
    #[description_localized("ru", "Номер партии (по умолчанию партия в этом канале)")]
    #[description_localized("ro", "Numărul partidei (implicit partida din acest canal)")]
    #[description_localized("th", "หมายเลขเกม (ค่าเริ่มต้น: เกมในห้องนี้)")]
    #[description = "Game number (default: the game in this channel)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    let action = PremoveAction::Line(line);
    run(ctx, Command::Premove { game, action }).await
}

/// Show your conditional moves.
#[poise::command(
    slash_command,
    description_localized("ru", "Показать ваши условные ходы"),
    description_localized("ro", "Arată mutările tale condiționate"),
    description_localized("th", "แสดงตาเดินล่วงหน้าของคุณ")
)]
async fn list(
    ctx: Context<'_>,
    #[description_localized("ru", "Номер партии (по умолчанию партия в этом канале)")]
    #[description_localized("ro", "Numărul partidei (implicit partida din acest canal)")]
    #[description_localized("th", "หมายเลขเกม (ค่าเริ่มต้น: เกมในห้องนี้)")]
    #[description = "Game number (default: the game in this channel)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    let action = PremoveAction::List;
    run(ctx, Command::Premove { game, action }).await
}

/// Remove all your conditional moves of the game.
#[poise::command(
    slash_command,
    description_localized("ru", "Удалить все ваши условные ходы в партии"),
    description_localized("ro", "Șterge toate mutările tale condiționate din partidă"),
    description_localized("th", "ลบตาเดินล่วงหน้าทั้งหมดของคุณในเกม")
)]
async fn clear(
    ctx: Context<'_>,
    #[description_localized("ru", "Номер партии (по умолчанию партия в этом канале)")]
    #[description_localized("ro", "Numărul partidei (implicit partida din acest canal)")]
    #[description_localized("th", "หมายเลขเกม (ค่าเริ่มต้น: เกมในห้องนี้)")]
    #[description = "Game number (default: the game in this channel)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    let action = PremoveAction::Clear;
    run(ctx, Command::Premove { game, action }).await
}

/// Your private note on the game: write, show (no text) or remove it.
#[poise::command(
    slash_command,
    description_localized(
        "ru",
        "Личная заметка к партии: написать, показать (без текста) или удалить"
    ),
    description_localized(
        "ro",
        "Nota ta privată la partidă: scrie, arată (fără text) sau șterge"
    ),
    description_localized("th", "บันทึกส่วนตัวในเกม: เขียน ดู (ไม่ใส่ข้อความ) หรือลบ")
)]
async fn note(
    ctx: Context<'_>,
    #[description_localized("ru", "Текст заметки (до 2000 символов); пусто — показать")]
    #[description_localized("ro", "Textul notei (cel mult 2000 de caractere); gol o arată")]
    #[description_localized("th", "ข้อความบันทึก (ไม่เกิน 2000 ตัวอักษร) เว้นว่างเพื่อดู")]
    #[description = "The note (at most 2000 characters); leave empty to see it"]
    #[max_length = 2000]
    text: Option<String>,
    #[description_localized("ru", "Удалить заметку")]
    #[description_localized("ro", "Șterge nota")]
    #[description_localized("th", "ลบบันทึก")]
    #[description = "Remove the note"]
    clear: Option<bool>,
    #[description_localized("ru", "Номер партии (по умолчанию партия в этом канале)")]
    #[description_localized("ro", "Numărul partidei (implicit partida din acest canal)")]
    #[description_localized("th", "หมายเลขเกม (ค่าเริ่มต้น: เกมในห้องนี้)")]
    #[description = "Game number (default: the game in this channel)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, note_command(text, clear, game)).await
}

/// The service command for the `note` options: `clear` wins, no text
/// shows the note.
#[must_use]
pub fn note_command(text: Option<String>, clear: Option<bool>, game: Option<i64>) -> Command {
    let text = if clear == Some(true) {
        Some(String::new())
    } else {
        text
    };
    Command::Note { game, text }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_group_has_its_four_subcommands_with_options() {
        let cmd = premove();
        assert_eq!(cmd.name, "premove");
        let names: Vec<&str> = cmd.subcommands.iter().map(|c| &*c.name).collect();
        assert_eq!(names, ["line", "list", "clear", "note"]);
        for sub in &cmd.subcommands {
            for l in ["ru", "ro", "th"] {
                let d = sub
                    .description_localizations
                    .iter()
                    .find(|(k, _)| k == l)
                    .map(|(_, v)| v.to_string())
                    .unwrap_or_default();
                assert!(!d.is_empty() && d.chars().count() <= 100, "{l} {d}");
                for p in &sub.parameters {
                    let d = p
                        .description_localizations
                        .iter()
                        .find(|(k, _)| k == l)
                        .map(|(_, v)| v.to_string())
                        .unwrap_or_default();
                    assert!(!d.is_empty() && d.chars().count() <= 100, "{l} {d}");
                }
            }
            let d = sub.description.as_deref().unwrap_or_default();
            assert!(!d.is_empty() && d.chars().count() <= 100, "{d}");
        }
        let line = &cmd.subcommands[0];
        assert_eq!(line.parameters[0].name, "line");
        assert!(line.parameters[0].required);
        let note = &cmd.subcommands[3];
        let params: Vec<&str> = note.parameters.iter().map(|p| &*p.name).collect();
        assert_eq!(params, ["text", "clear", "game"]);
    }

    #[test]
    fn note_options_map_to_the_service_command() {
        assert_eq!(
            note_command(None, None, None),
            Command::Note {
                game: None,
                text: None
            }
        );
        assert_eq!(
            note_command(Some("x".into()), Some(true), Some(4)),
            Command::Note {
                game: Some(4),
                text: Some(String::new())
            }
        );
        assert_eq!(
            note_command(Some("plan".into()), Some(false), None),
            Command::Note {
                game: None,
                text: Some("plan".into())
            }
        );
    }
}
