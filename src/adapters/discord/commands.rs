//! The `/chess` slash command and its subcommands (poise). Every handler is
//! thin: where and who, one service call, then the replies are sent.

use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tracing::Instrument as _;

use super::autocomplete::rank_moves;
use super::backend::Backend;
use super::respond::{self, Target};
use super::threads;
use crate::chess::RulesMode;
use crate::render::Renderer;
use crate::service::{Actor, ColorChoice, Command, Place};

/// State shared by all handlers.
pub struct Data {
    pub backend: Arc<dyn Backend>,
    pub renderer: Arc<Renderer>,
}

/// Handler error (sending to Discord failed).
pub type Error = Box<dyn std::error::Error + Send + Sync>;
/// The poise context of our commands.
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Colour choice as Discord shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ColorOption {
    #[name = "white"]
    White,
    #[name = "black"]
    Black,
    #[name = "random"]
    Random,
}

/// Rules as Discord shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RulesOption {
    #[name = "house"]
    House,
    #[name = "fide"]
    Fide,
}

/// Days per move when the option is left out.
pub const DEFAULT_DAYS: u32 = 3;

/// The service command for the `challenge` options.
#[must_use]
pub fn challenge_command(
    opponent: Option<Actor>,
    color: Option<ColorOption>,
    days: Option<u32>,
    rules: Option<RulesOption>,
    fen: Option<String>,
) -> Command {
    Command::Challenge {
        opponent,
        color: match color {
            Some(ColorOption::White) => ColorChoice::White,
            Some(ColorOption::Black) => ColorChoice::Black,
            Some(ColorOption::Random) | None => ColorChoice::Random,
        },
        days: days.unwrap_or(DEFAULT_DAYS),
        fen: fen.map(|f| f.trim().to_owned()).filter(|f| !f.is_empty()),
        rules: match rules {
            Some(RulesOption::Fide) => RulesMode::Fide,
            Some(RulesOption::House) | None => RulesMode::House,
        },
    }
}

/// Where a Discord command was sent.
#[must_use]
pub fn place_of(guild: Option<serenity::GuildId>, channel: serenity::ChannelId) -> Place {
    Place {
        platform: "discord".to_owned(),
        guild: guild.map(|g| g.get().to_string()),
        channel: channel.get().to_string(),
    }
}

/// The actor for a user: id, and the server nickname, global display name
/// or user name, in that order.
#[must_use]
pub fn actor_of(user: &serenity::User, nick: Option<&str>) -> Actor {
    Actor {
        id: user.id.get().to_string(),
        name: nick
            .filter(|n| !n.trim().is_empty())
            .map_or_else(|| user.display_name().to_owned(), str::to_owned),
    }
}

fn caller(ctx: Context<'_>) -> (Place, Actor) {
    let nick = ctx
        .author_member_nick()
        .filter(|_| ctx.guild_id().is_some());
    (
        place_of(ctx.guild_id(), ctx.channel_id()),
        actor_of(ctx.author(), nick.as_deref()),
    )
}

/// A user given as an option, with their nickname in this server if
/// Discord sent it along.
fn option_actor(ctx: Context<'_>, user: &serenity::User) -> Actor {
    let nick = match ctx {
        poise::Context::Application(app) => app
            .interaction
            .data
            .resolved
            .members
            .get(&user.id)
            .and_then(|m| m.nick.clone()),
        poise::Context::Prefix(_) => None,
    };
    actor_of(user, nick.as_deref())
}

trait NickExt {
    fn author_member_nick(&self) -> Option<String>;
}

impl NickExt for Context<'_> {
    fn author_member_nick(&self) -> Option<String> {
        match self {
            poise::Context::Application(app) => {
                app.interaction.member.as_ref().and_then(|m| m.nick.clone())
            }
            poise::Context::Prefix(_) => None,
        }
    }
}

/// Runs `command` for the caller and sends the replies.
async fn run(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    let (place, actor) = caller(ctx);
    let span = tracing::info_span!(
        "command",
        command = &*app.command().qualified_name,
        channel = place.channel.as_str(),
        user = actor.id.as_str(),
    );
    let data = ctx.data();
    let replies = Box::pin(async {
        let replies = data.backend.handle(&place, &actor, command).await;
        threads::maybe_open_thread(ctx.serenity_context(), &*data.backend, &place, replies).await
    });
    respond::answer(
        ctx.serenity_context(),
        Target::Command(app.interaction),
        data,
        replies,
    )
    .instrument(span)
    .await
    .map(drop)
}

/// Correspondence chess: challenge someone, then play one move at a time.
#[poise::command(
    slash_command,
    subcommands(
        "challenge",
        "accept",
        "decline",
        "cancel",
        "move_",
        "board",
        "draw",
        "resign",
        "abort",
        "takeback",
        "rematch",
        "claim",
        "pgn",
        "games",
        "history",
        "help"
    ),
    subcommand_required
)]
pub async fn chess(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge someone (or anyone, if nobody is named) to a game in this channel.
#[poise::command(slash_command)]
async fn challenge(
    ctx: Context<'_>,
    #[description = "Who to play; leave empty for an open challenge"] opponent: Option<
        serenity::User,
    >,
    #[description = "Your colour (default: random)"] color: Option<ColorOption>,
    #[description = "Days per move, 1 to 14 (default 3)"]
    #[min = 1]
    #[max = 14]
    days: Option<u32>,
    #[description = "house: repetition and 50 moves end the game; fide: they are claims"]
    rules: Option<RulesOption>,
    #[description = "Start from this position (FEN) instead of the usual one"]
    #[max_length = 100]
    fen: Option<String>,
) -> Result<(), Error> {
    let opponent = opponent.map(|u| option_actor(ctx, &u));
    run(ctx, challenge_command(opponent, color, days, rules, fen)).await
}

/// Accept the challenge in this channel.
#[poise::command(slash_command)]
async fn accept(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Accept).await
}

/// Decline the challenge in this channel.
#[poise::command(slash_command)]
async fn decline(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Decline).await
}

/// Withdraw your challenge in this channel.
#[poise::command(slash_command)]
async fn cancel(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Cancel).await
}

/// Suggests the caller's legal moves matching what has been typed.
async fn complete_move(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let (place, actor) = caller(ctx);
    let moves = ctx.data().backend.legal_moves(&place, &actor).await;
    let choices = rank_moves(&moves, partial)
        .into_iter()
        .map(|m| serenity::AutocompleteChoice::new(m.clone(), m))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Make your move (SAN like Nf3, e4, O-O; or UCI like g1f3).
#[poise::command(slash_command, rename = "move")]
async fn move_(
    ctx: Context<'_>,
    #[description = "Your move, e.g. e4, Nf3, exd5, O-O, e8=Q or g1f3"]
    #[autocomplete = "complete_move"]
    #[rename = "move"]
    text: String,
) -> Result<(), Error> {
    run(ctx, Command::Move { text }).await
}

/// Show the board of the game in this channel.
#[poise::command(slash_command)]
async fn board(
    ctx: Context<'_>,
    #[description = "Show it with Black at the bottom"] flip: Option<bool>,
) -> Result<(), Error> {
    run(
        ctx,
        Command::Board {
            flip: flip.unwrap_or(false),
        },
    )
    .await
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(slash_command)]
async fn draw(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Draw).await
}

/// Resign the game in this channel.
#[poise::command(slash_command)]
async fn resign(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Resign).await
}

/// Abort the game (only before both players have moved; no result).
#[poise::command(slash_command)]
async fn abort(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Abort).await
}

/// Ask to take back the last move (your opponent confirms).
#[poise::command(slash_command)]
async fn takeback(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Takeback).await
}

/// Challenge the opponent of the last game here again, colours swapped.
#[poise::command(slash_command)]
async fn rematch(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Rematch).await
}

/// Claim a draw by threefold repetition or the 50-move rule (FIDE rules).
#[poise::command(slash_command)]
async fn claim(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Claim).await
}

/// Export a game as PGN (default: the game here, or the last one that ended here).
#[poise::command(slash_command)]
async fn pgn(
    ctx: Context<'_>,
    #[description = "Game number (from /chess games or /chess history)"]
    #[min = 1]
    game: Option<i64>,
) -> Result<(), Error> {
    run(ctx, Command::Pgn { game }).await
}

/// List the games being played in this channel.
#[poise::command(slash_command)]
async fn games(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Games).await
}

/// List finished games (yours, or someone else's).
#[poise::command(slash_command)]
async fn history(
    ctx: Context<'_>,
    #[description = "Whose games (default: yours)"] user: Option<serenity::User>,
) -> Result<(), Error> {
    let user = user.map(|u| option_actor(ctx, &u));
    run(ctx, Command::History { user }).await
}

/// How to play.
#[poise::command(slash_command)]
async fn help(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Help).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn challenge_options_map_to_the_service_command() {
        assert_eq!(
            challenge_command(None, None, None, None, None),
            Command::Challenge {
                opponent: None,
                color: ColorChoice::Random,
                days: 3,
                fen: None,
                rules: RulesMode::House,
            }
        );
        let bob = Actor {
            id: "42".to_owned(),
            name: "bob".to_owned(),
        };
        assert_eq!(
            challenge_command(
                Some(bob.clone()),
                Some(ColorOption::Black),
                Some(7),
                Some(RulesOption::Fide),
                Some("  8/8/8/8/8/8/8/K6k w - - 0 1 ".to_owned()),
            ),
            Command::Challenge {
                opponent: Some(bob),
                color: ColorChoice::Black,
                days: 7,
                fen: Some("8/8/8/8/8/8/8/K6k w - - 0 1".to_owned()),
                rules: RulesMode::Fide,
            }
        );
        let blank_fen = challenge_command(None, None, None, None, Some("  ".to_owned()));
        assert!(matches!(blank_fen, Command::Challenge { fen: None, .. }));
    }

    #[test]
    fn place_is_discord_guild_and_channel() {
        let p = place_of(Some(serenity::GuildId::new(5)), serenity::ChannelId::new(6));
        assert_eq!(
            p,
            Place {
                platform: "discord".to_owned(),
                guild: Some("5".to_owned()),
                channel: "6".to_owned(),
            }
        );
        assert_eq!(place_of(None, serenity::ChannelId::new(6)).guild, None);
    }

    #[test]
    fn actor_prefers_the_nickname_then_the_display_name() {
        let mut user = serenity::User::default();
        user.id = serenity::UserId::new(77);
        user.name = "bob_42".to_owned();
        assert_eq!(actor_of(&user, None).name, "bob_42");
        user.global_name = Some("Bob".to_owned());
        assert_eq!(actor_of(&user, None).name, "Bob");
        assert_eq!(actor_of(&user, Some("Bobby")).name, "Bobby");
        assert_eq!(actor_of(&user, Some(" ")).name, "Bob");
        assert_eq!(actor_of(&user, None).id, "77");
    }

    #[test]
    fn the_command_tree_has_every_subcommand() {
        let cmd = chess();
        assert_eq!(cmd.name, "chess");
        let names: Vec<&str> = cmd.subcommands.iter().map(|c| &*c.name).collect();
        assert_eq!(
            names,
            [
                "challenge",
                "accept",
                "decline",
                "cancel",
                "move",
                "board",
                "draw",
                "resign",
                "abort",
                "takeback",
                "rematch",
                "claim",
                "pgn",
                "games",
                "history",
                "help"
            ]
        );
        for sub in &cmd.subcommands {
            let d = sub.description.as_deref().unwrap_or_default();
            assert!(
                !d.is_empty() && d.chars().count() <= 100,
                "{}: {d}",
                sub.name
            );
            for p in &sub.parameters {
                let d = p.description.as_deref().unwrap_or_default();
                assert!(!d.is_empty() && d.chars().count() <= 100, "{}: {d}", p.name);
            }
        }
        let mv = cmd.subcommands.iter().find(|c| c.name == "move");
        assert!(mv.is_some_and(|c| c.parameters[0].autocomplete_callback.is_some()));
    }

    #[test]
    fn registration_json_has_the_documented_options() {
        let commands = [chess()];
        let created = poise::builtins::create_application_commands(&commands);
        let v = serde_json::to_value(&created).expect("serialises");
        assert_eq!(v.as_array().map(Vec::len), Some(1));
        let chess = &v[0];
        assert_eq!(chess["name"], "chess");
        let sub = |name: &str| {
            chess["options"]
                .as_array()
                .and_then(|o| o.iter().find(|s| s["name"] == name))
                .cloned()
                .unwrap_or_default()
        };
        let opt = |s: &serde_json::Value, name: &str| {
            s["options"]
                .as_array()
                .and_then(|o| o.iter().find(|p| p["name"] == name))
                .cloned()
                .unwrap_or_default()
        };
        let challenge = sub("challenge");
        assert_eq!(challenge["type"], 1, "a subcommand");
        assert_eq!(opt(&challenge, "opponent")["type"], 6, "a user option");
        assert_eq!(opt(&challenge, "opponent")["required"], false);
        let color = opt(&challenge, "color");
        let colors: Vec<&str> = color["choices"]
            .as_array()
            .map(|c| c.iter().filter_map(|c| c["name"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(colors, ["white", "black", "random"]);
        let rule = opt(&challenge, "rules");
        let rules: Vec<&str> = rule["choices"]
            .as_array()
            .map(|c| c.iter().filter_map(|c| c["name"].as_str()).collect())
            .unwrap_or_default();
        assert_eq!(rules, ["house", "fide"]);
        assert_eq!(opt(&challenge, "days")["min_value"].as_f64(), Some(1.0));
        assert_eq!(opt(&challenge, "days")["max_value"].as_f64(), Some(14.0));
        assert_eq!(opt(&challenge, "fen")["type"], 3);
        let mv = opt(&sub("move"), "move");
        assert_eq!(mv["type"], 3);
        assert_eq!(mv["required"], true);
        assert_eq!(mv["autocomplete"], true);
        assert_eq!(opt(&sub("board"), "flip")["type"], 5);
        assert_eq!(opt(&sub("pgn"), "game")["type"], 4);
        assert_eq!(opt(&sub("history"), "user")["type"], 6);
    }
}
