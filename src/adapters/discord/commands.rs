//! The `/chess` slash command and its subcommands (poise). Every handler is
//! thin: where and who, one service call, then the replies are sent.

use poise::serenity_prelude as serenity;

use super::autocomplete::rank_moves;
use super::comfort::{NotifyOption, PageNameOption, PagesOption};
use super::data::{Context, Error};
use super::invoke::{
    RulesOption, answer_caller, caller, option_actor, prefs_of, run, run_all, simple_subcommands,
};
use super::league::league;
use super::puzzle::puzzle;
use crate::chess::{RulesMode, Variant};
use crate::i18n::Locale;
use crate::render::Theme;
use crate::service::{
    Actor, BoardQuestion, BoardView, ChallengeOptions, ColorChoice, Command, CommunityChange,
    ComputerOptions, DEFAULT_LEVEL, messages as msg,
};

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

/// The languages of `/chess settings language:...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LanguageOption {
    #[name = "en"]
    En,
    #[name = "th"]
    Th,
    #[name = "ru"]
    Ru,
    #[name = "ro"]
    Ro,
}

impl From<LanguageOption> for Locale {
    fn from(l: LanguageOption) -> Locale {
        match l {
            LanguageOption::En => Locale::En,
            LanguageOption::Th => Locale::Th,
            LanguageOption::Ru => Locale::Ru,
            LanguageOption::Ro => Locale::Ro,
        }
    }
}

/// The views of `/chess settings board:...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum BoardViewOption {
    #[name = "auto"]
    Auto,
    #[name = "white"]
    White,
    #[name = "black"]
    Black,
}

impl From<BoardViewOption> for BoardView {
    fn from(v: BoardViewOption) -> BoardView {
        match v {
            BoardViewOption::Auto => BoardView::Auto,
            BoardViewOption::White => BoardView::White,
            BoardViewOption::Black => BoardView::Black,
        }
    }
}

/// The themes of `/chess settings theme:...`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum ThemeOption {
    #[name = "brown"]
    Brown,
    #[name = "blue"]
    Blue,
    #[name = "green"]
    Green,
    #[name = "high-contrast"]
    HighContrast,
}

impl From<ThemeOption> for Theme {
    fn from(t: ThemeOption) -> Theme {
        match t {
            ThemeOption::Brown => Theme::Brown,
            ThemeOption::Blue => Theme::Blue,
            ThemeOption::Green => Theme::Green,
            ThemeOption::HighContrast => Theme::HighContrast,
        }
    }
}

/// Days per move when the option is left out (the service's default).
pub use crate::service::DEFAULT_DAYS;

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
        options: Box::new(ChallengeOptions {
            color: color_choice(color),
            days: days.unwrap_or(DEFAULT_DAYS),
            fen: given_fen(fen),
            rules: match rules {
                Some(RulesOption::Fide) => RulesMode::Fide,
                Some(RulesOption::House) | None => RulesMode::House,
            },
            rated: true,
            ..ChallengeOptions::default()
        }),
    }
}

/// The service command for the `computer` options.
#[must_use]
pub fn computer_command(
    level: Option<u8>,
    color: Option<ColorOption>,
    days: Option<u32>,
    fen: Option<String>,
) -> Command {
    Command::Computer(ComputerOptions {
        level: level.unwrap_or(DEFAULT_LEVEL),
        color: color_choice(color),
        days: days.unwrap_or(DEFAULT_DAYS),
        fen: given_fen(fen),
        variant: None,
        position: None,
    })
}

/// The colour of a `challenge` or `computer`: random when left out.
fn color_choice(color: Option<ColorOption>) -> ColorChoice {
    match color {
        Some(ColorOption::White) => ColorChoice::White,
        Some(ColorOption::Black) => ColorChoice::Black,
        Some(ColorOption::Random) | None => ColorChoice::Random,
    }
}

/// The `fen` option trimmed; a blank one is none.
fn given_fen(fen: Option<String>) -> Option<String> {
    fen.map(|f| f.trim().to_owned()).filter(|f| !f.is_empty())
}

/// The variant as Discord shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum VariantOption {
    #[name = "standard"]
    Standard,
    #[name = "chess960"]
    Chess960,
}

impl From<VariantOption> for Variant {
    fn from(v: VariantOption) -> Variant {
        match v {
            VariantOption::Standard => Variant::Standard,
            VariantOption::Chess960 => Variant::Chess960,
        }
    }
}

/// Sets the `variant` and `position` options of a `challenge` or
/// `computer` command.
#[must_use]
pub fn with_variant(
    mut cmd: Command,
    variant: Option<VariantOption>,
    position: Option<u32>,
) -> Command {
    match &mut cmd {
        Command::Challenge { options, .. } => {
            options.variant = variant.map(Variant::from);
            options.position = position;
        }
        Command::Computer(ComputerOptions {
            variant: v,
            position: p,
            ..
        }) => {
            *v = variant.map(Variant::from);
            *p = position;
        }
        _ => {}
    }
    cmd
}

/// Correspondence chess: challenge someone, then play one move at a time.
#[poise::command(
    slash_command,
    subcommands(
        "challenge",
        "computer",
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
        "pgn",
        "summary",
        "games",
        "history",
        "stats",
        "leaderboard",
        "help",
        "settings",
        "vacation",
        "moretime",
        "league",
        "super::premove::premove",
        "puzzle"
    ),
    subcommand_required
)]
pub async fn chess(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Challenge someone (or anyone, if nobody is named) to a game in this channel.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
async fn challenge(
    ctx: Context<'_>,
    opponent: Option<serenity::User>,
    color: Option<ColorOption>,
    #[min = 1]
    #[max = 14]
    days: Option<u32>,
    rules: Option<RulesOption>,
    #[max_length = 100] fen: Option<String>,
    rated: Option<bool>,
    variant: Option<VariantOption>,
    #[min = 0]
    #[max = 959]
    position: Option<u32>,
    #[min = 1]
    #[max = 60]
    bank: Option<u32>,
    #[min = 0]
    #[max = 10]
    increment: Option<u32>,
    #[max_length = 20] control: Option<String>,
    pgn: Option<serenity::Attachment>,
    #[min = 1] game: Option<u32>,
) -> Result<(), Error> {
    let opponent = opponent.map(|u| option_actor(ctx, &u));
    let mut cmd = challenge_command(opponent, color, days, rules, fen);
    if let Command::Challenge { options, .. } = &mut cmd {
        if let Some(v) = rated {
            options.rated = v;
        }
        let extras = &mut options.extras;
        extras.bank = bank;
        extras.increment = increment;
        extras.control = control.map(|c| c.trim().to_ascii_lowercase());
        extras.game = game.and_then(|n| usize::try_from(n).ok());
        extras.days_given = days.is_some();
        if let Some(file) = pgn {
            extras.pgn = Some(attachment_text(&file).await);
        }
    }
    run(ctx, with_variant(cmd, variant, position)).await
}

/// The text of a PGN attachment. One over the import limit is not
/// downloaded: its stand-in is as long, so the service refuses it as too
/// large in the caller's language; one that cannot be downloaded reads as
/// empty and is refused as holding no game.
async fn attachment_text(file: &serenity::Attachment) -> String {
    let max = crate::chess::MAX_IMPORT_BYTES;
    if usize::try_from(file.size).unwrap_or(usize::MAX) > max {
        return " ".repeat(max + 1);
    }
    match file.download().await {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(e) => {
            tracing::warn!(error = %e, "downloading a PGN attachment failed");
            String::new()
        }
    }
}

/// Play the computer (Stockfish) here, starting at once; never rated.
#[poise::command(slash_command)]
async fn computer(
    ctx: Context<'_>,
    #[min = 1]
    #[max = 8]
    level: Option<u8>,
    color: Option<ColorOption>,
    #[min = 1]
    #[max = 14]
    days: Option<u32>,
    #[max_length = 100] fen: Option<String>,
    variant: Option<VariantOption>,
    #[min = 0]
    #[max = 959]
    position: Option<u32>,
) -> Result<(), Error> {
    let cmd = computer_command(level, color, days, fen);
    run(ctx, with_variant(cmd, variant, position)).await
}

simple_subcommands! {
    via run;
    /// Accept the challenge in this channel.
    accept() => Command::Accept;
    /// Decline the challenge in this channel.
    decline() => Command::Decline;
    /// Withdraw your challenge in this channel.
    cancel() => Command::Cancel;
}

/// How long move suggestions may take (Discord waits three seconds for an
/// autocomplete answer, which cannot be deferred).
pub const AUTOCOMPLETE_WITHIN: std::time::Duration = std::time::Duration::from_secs(2);

/// Suggests the caller's legal moves matching what has been typed, in the
/// caller's notation (`Кf3 (Nf3)` shown, `Кf3` sent for a Russian player).
async fn complete_move(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let (place, actor) = caller(ctx);
    let service = &ctx.data().service;
    // Autocomplete cannot be deferred: with a slow database, offer nothing
    // rather than miss Discord's three seconds.
    let lookup = async {
        let locale = service.locale_for(&place, prefs_of(ctx)).await;
        (locale, service.legal_moves(&place, &actor).await)
    };
    let (locale, moves) = tokio::time::timeout(AUTOCOMPLETE_WITHIN, lookup)
        .await
        .unwrap_or_else(|_| {
            tracing::warn!("move suggestions took too long; none offered");
            (prefs_of(ctx).user_or_guild(), Vec::new())
        });
    let choices = local_choices(&moves, partial, locale)
        .into_iter()
        .map(|(shown, value)| serenity::AutocompleteChoice::new(shown, value))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The autocomplete choices `(shown, sent)` for a player of `l`: the moves
/// in local notation ranked against what was typed; the text sent is the
/// local notation, which the service reads back in the same language. In
/// Russian, typed international letters find the moves too (Latin letters
/// keep their meaning there); never in Romanian, where Latin N is a bishop.
#[must_use]
pub fn local_choices(moves: &[String], typed: &str, l: Locale) -> Vec<(String, String)> {
    let local: Vec<String> = moves
        .iter()
        .map(|m| crate::i18n::notation::from_standard(m, l))
        .collect();
    let mut ranked = rank_moves(&local, typed);
    if ranked.is_empty() && l == Locale::Ru {
        ranked = rank_moves(moves, typed)
            .iter()
            .map(|m| crate::i18n::notation::from_standard(m, l))
            .collect();
    }
    ranked
        .into_iter()
        .filter_map(|shown_local| {
            let i = local.iter().position(|m| *m == shown_local)?;
            let san = moves.get(i)?;
            Some((msg::san_local(l, san), shown_local))
        })
        .collect()
}

/// Make your move (SAN like Nf3, e4, O-O; or UCI like g1f3).
#[poise::command(slash_command, rename = "move")]
async fn move_(
    ctx: Context<'_>,
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
    flip: Option<bool>,
    // The board for you alone, with your private note.
    private: Option<bool>,
    // The position in words, a square's attackers, where a kind of piece
    // stands (answered privately, as text).
    text: Option<bool>,
    #[max_length = 8] square: Option<String>,
    #[max_length = 20] piece: Option<String>,
) -> Result<(), Error> {
    let question = match (text, square, piece) {
        (_, Some(s), _) => Some(BoardQuestion::Square(s)),
        (_, None, Some(p)) => Some(BoardQuestion::Piece(p)),
        (Some(true), None, None) => Some(BoardQuestion::Text),
        _ => None,
    };
    let command = match question {
        Some(q) => Command::BoardWords(q),
        None => Command::Board {
            flip: flip.unwrap_or(false),
            private: private.unwrap_or(false),
        },
    };
    run(ctx, command).await
}

/// Offer a draw, or accept your opponent's offer.
#[poise::command(slash_command)]
async fn draw(
    ctx: Context<'_>,
    claim: Option<bool>,
    #[autocomplete = "complete_move"]
    #[rename = "move"]
    text: Option<String>,
) -> Result<(), Error> {
    // `claim` folded into `draw` (Discord allows 25 subcommands): a claim,
    // or a move given with it, is the claim; otherwise an offer.
    let command = if claim == Some(true) || (claim.is_none() && text.is_some()) {
        Command::Claim { text }
    } else {
        Command::Draw
    };
    run(ctx, command).await
}

simple_subcommands! {
    via run;
    /// Resign the game in this channel.
    resign() => Command::Resign;
    /// Abort the game (only before both players have moved; no result).
    abort() => Command::Abort;
    /// Ask to take back the last move (your opponent confirms).
    takeback() => Command::Takeback;
    /// Challenge the opponent of the last game here again, colours swapped.
    rematch() => Command::Rematch;
    /// Export a game as PGN (default: the game here, or the last one that ended here).
    pgn(game) => Command::Pgn { game };
    /// Post a finished game's summary again (default: the last one here).
    summary(game) => Command::Summary { game };
    /// Your running games in every channel (only you see the list)
    games() => Command::Games;
}

/// List finished games (yours, or someone else's).
#[poise::command(slash_command)]
async fn history(ctx: Context<'_>, user: Option<serenity::User>) -> Result<(), Error> {
    let user = user.map(|u| option_actor(ctx, &u));
    run(ctx, Command::History { user }).await
}

/// A player's rating and record; with `vs`, their head-to-head score.
#[poise::command(slash_command)]
async fn stats(
    ctx: Context<'_>,
    user: Option<serenity::User>,
    vs: Option<serenity::User>,
    variant: Option<VariantOption>,
) -> Result<(), Error> {
    let player = user.map(|u| option_actor(ctx, &u));
    let vs = vs.map(|u| option_actor(ctx, &u));
    let variant = variant.map(Variant::from).unwrap_or_default();
    run(
        ctx,
        Command::Stats {
            player,
            vs,
            variant,
        },
    )
    .await
}

/// "Chess stats" in a user's context menu: their rating and record.
#[poise::command(context_menu_command = "Chess stats")]
pub async fn stats_menu(ctx: Context<'_>, user: serenity::User) -> Result<(), Error> {
    let player = Some(option_actor(ctx, &user));
    run(
        ctx,
        Command::Stats {
            player,
            vs: None,
            variant: Variant::Standard,
        },
    )
    .await
}

/// The server's top rated players.
#[poise::command(slash_command)]
async fn leaderboard(ctx: Context<'_>, variant: Option<VariantOption>) -> Result<(), Error> {
    let variant = variant.map(Variant::from).unwrap_or_default();
    run(ctx, Command::Leaderboard { variant }).await
}

/// Show or set the channel's language, your board view and your board theme.
#[allow(clippy::too_many_arguments)]
#[poise::command(slash_command)]
async fn settings(
    ctx: Context<'_>,
    language: Option<LanguageOption>,
    board: Option<BoardViewOption>,
    theme: Option<ThemeOption>,
    #[rename = "notify"] notify: Option<NotifyOption>,
    #[rename = "pagename"] page_name: Option<PageNameOption>,
    pages: Option<PagesOption>,
    images: Option<PagesOption>,
    #[min = 30]
    #[max = 45]
    leave: Option<u32>,
    #[max_length = 20] control: Option<String>,
    #[min = 0]
    #[max = 99]
    timeouts: Option<u32>,
    #[max_length = 10] tablebase: Option<String>,
    #[max_length = 8] digest: Option<String>,
    #[max_length = 10] tz: Option<String>,
) -> Result<(), Error> {
    // `notify`, the spectator pages' switches and the community's rules
    // folded into `settings` (Discord allows 25 subcommands).
    // A daily digest reads as the console's `notify digest:H tz:Z`, so
    // both check the hour and the zone alike.
    let digest = match (digest, tz) {
        (None, None) => None,
        (hour, zone) => {
            let line = format!(
                "/chess notify digest:{}{}",
                hour.as_deref().unwrap_or(""),
                zone.map(|z| format!(" tz:{z}")).unwrap_or_default()
            );
            match crate::adapters::text::parse(&line) {
                Ok(Some(command)) => Some(command),
                Ok(None) => None,
                Err(e) => {
                    let locale = prefs_of(ctx).user_or_guild();
                    return answer_caller(ctx, move |place, _| async move {
                        vec![crate::service::error_reply(
                            &place,
                            e.code(),
                            e.message_in(locale),
                        )]
                    })
                    .await;
                }
            }
        }
    };
    let community = CommunityChange {
        leave,
        control,
        timeouts,
        tablebase,
    };
    let rules = community != CommunityChange::default();
    let mut commands = Vec::new();
    let alone = notify.is_none()
        && digest.is_none()
        && page_name.is_none()
        && pages.is_none()
        && images.is_none()
        && !rules;
    if language.is_some() || board.is_some() || theme.is_some() || alone {
        commands.push(Command::Settings {
            language: language.map(Locale::from),
            board: board.map(BoardView::from),
            theme: theme.map(Theme::from),
        });
    }
    if let Some(target) = notify {
        commands.push(Command::Notify {
            target: target.into(),
        });
    }
    commands.extend(digest);
    if let Some(name) = page_name {
        commands.push(Command::PageName {
            hidden: name == PageNameOption::Hidden,
        });
    }
    match pages {
        Some(PagesOption::New) => commands.push(Command::NewPage),
        Some(switch) => commands.push(Command::Pages {
            on: switch == PagesOption::On,
        }),
        None => {}
    }
    if let Some(switch) = images {
        commands.push(Command::Images {
            on: switch == PagesOption::On,
        });
    }
    if rules {
        commands.push(Command::Community(community));
    }
    run_all(ctx, commands).await
}

simple_subcommands! {
    via run;
    /// How to play.
    help() => Command::Help;
}

/// Stop your clocks in all your games for some days (30 days a calendar year, or 45).
#[poise::command(slash_command)]
async fn vacation(
    ctx: Context<'_>,
    #[min = 0]
    #[max = 45]
    days: Option<u32>,
) -> Result<(), Error> {
    run(ctx, Command::Vacation { days }).await
}

simple_subcommands! {
    via run;
    /// Give the opponent to move one more day.
    moretime() => Command::Moretime;
}

#[cfg(test)]
#[path = "commands_tests.rs"]
mod tests;
