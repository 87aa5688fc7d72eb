//! The `/chess premove` subcommand group: conditional moves
//! (`line`, `list`, `clear`) and the private note (`note`). Every answer is
//! ephemeral: only the caller sees their lines and their note.

use super::data::{Context, Error};
use super::invoke::{run, simple_subcommands};
use crate::service::{Command, PremoveAction};

/// Conditional moves and your private note (only you see them).
#[poise::command(
    slash_command,
    subcommands("line", "list", "clear", "note"),
    subcommand_required
)]
pub async fn premove(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Queue a line: your opponent's expected move, your reply, and so on.
#[poise::command(slash_command)]
async fn line(
    ctx: Context<'_>,
    #[max_length = 1000] line: String,
    #[min = 1] game: Option<i64>,
) -> Result<(), Error> {
    let action = PremoveAction::Line(line);
    run(ctx, Command::Premove { game, action }).await
}

simple_subcommands! {
    via run;
    /// Show your conditional moves.
    list(game) => Command::Premove { game, action: PremoveAction::List };
    /// Remove all your conditional moves of the game.
    clear(game) => Command::Premove { game, action: PremoveAction::Clear };
}

/// Your private note on the game: write, show (no text) or remove it.
#[poise::command(slash_command)]
async fn note(
    ctx: Context<'_>,
    #[max_length = 2000] text: Option<String>,
    clear: Option<bool>,
    #[min = 1] game: Option<i64>,
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
    use std::borrow::Cow;

    use super::*;

    #[test]
    fn the_group_has_its_four_subcommands_with_options() {
        // As registered: worded from the catalog.
        let chess = crate::adapters::discord::localize::registered().swap_remove(0);
        let cmd = chess
            .subcommands
            .into_iter()
            .find(|c| c.name == "premove")
            .unwrap_or_else(premove);
        assert_eq!(cmd.name, "premove");
        let names: Vec<&str> = cmd.subcommands.iter().map(|c| &*c.name).collect();
        assert_eq!(names, ["line", "list", "clear", "note"]);
        // Each description in `l`: there, and within Discord's 100 characters.
        let check = |localizations: &[(Cow<'static, str>, Cow<'static, str>)], l: &str| {
            let d = localizations
                .iter()
                .find(|(k, _)| k == l)
                .map(|(_, v)| v.to_string())
                .unwrap_or_default();
            assert!(!d.is_empty() && d.chars().count() <= 100, "{l} {d}");
        };
        for sub in &cmd.subcommands {
            for l in ["ru", "ro", "th"] {
                check(&sub.description_localizations, l);
                for p in &sub.parameters {
                    check(&p.description_localizations, l);
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
