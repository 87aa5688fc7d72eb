//! Running a `/chess` subcommand for its caller (who, where, in which
//! language) and sending its replies; shared by the subcommands of
//! `commands.rs` and the groups (`league`, `premove`, `puzzle`), so that
//! none of them imports another.

use poise::serenity_prelude as serenity;
use tracing::Instrument as _;

use super::data::{Context, Error, actor_of, place_of};
use super::send::{self, Target};
use super::threads;
use crate::service::{Actor, Command, LocalePrefs, Place, Reply};

/// Rules as Discord shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, poise::ChoiceParameter)]
pub enum RulesOption {
    #[name = "house"]
    House,
    #[name = "fide"]
    Fide,
}

pub(super) fn caller(ctx: Context<'_>) -> (Place, Actor) {
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
pub(super) fn option_actor(ctx: Context<'_>, user: &serenity::User) -> Actor {
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

/// The caller's language and the guild's, as Discord sends them with the
/// interaction (languages the bot does not speak count as none).
pub(super) fn prefs_of(ctx: Context<'_>) -> LocalePrefs {
    match ctx {
        poise::Context::Application(app) => super::send::Target::Command(app.interaction).prefs(),
        poise::Context::Prefix(_) => LocalePrefs::default(),
    }
}

/// Runs `command` for the caller and sends the replies.
pub(super) async fn run(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    run_all(ctx, vec![command]).await
}

/// Runs `commands` in order for the caller and sends all their replies as
/// one answer (a subcommand that folds two commands, such as `settings`
/// with `notify`).
pub(super) async fn run_all(ctx: Context<'_>, commands: Vec<Command>) -> Result<(), Error> {
    answer_caller(ctx, move |place, actor| async move {
        let data = ctx.data();
        let mut replies = Vec::new();
        for command in commands {
            replies.extend(
                data.service
                    .handle_with(&place, &actor, command, prefs_of(ctx))
                    .await,
            );
        }
        // A game's end may pair a Swiss's next round: its games' threads
        // open now rather than at the announcer's next turn.
        let poster = super::post::Poster::of(ctx.http(), data);
        let replies = super::league_threads::open_league_threads(&poster, replies).await;
        threads::maybe_open_thread(ctx.serenity_context(), &data.service, &place, replies).await
    })
    .await
}

/// Answers the caller's command with the replies `work` makes for them
/// (here, who), under a span naming the command, the channel and the
/// caller.
pub(super) async fn answer_caller<'a, W, F>(ctx: Context<'a>, work: W) -> Result<(), Error>
where
    W: FnOnce(Place, Actor) -> F,
    F: Future<Output = Vec<Reply>> + Send + 'a,
{
    let poise::Context::Application(app) = ctx else {
        return Ok(());
    };
    // Shutting down: the gateway is closing, nothing new starts. Counted
    // by the shutdown drain: a command in flight (a league start binding
    // its games) is finished before the process exits.
    let Some(_work) = ctx.data().service.begin_work() else {
        return Ok(());
    };
    let (place, actor) = caller(ctx);
    let span = tracing::info_span!(
        "command",
        command = &*app.command().qualified_name,
        channel = place.channel.as_str(),
        user = actor.id.as_str(),
    );
    send::answer(
        ctx.serenity_context(),
        Target::Command(app.interaction),
        ctx.data(),
        Box::pin(work(place, actor)),
    )
    .instrument(span)
    .await
    .map(drop)
}

/// Defines subcommands that each run one service command and take at
/// most one option, an optional number from 1 (a game, a league):
/// `/// description` then `name() => command` or `name(option) => command`;
/// `via` names the function that runs the command (`run`, or a group's
/// own).
macro_rules! simple_subcommands {
    (via $run:ident; $($(#[$($doc:tt)*])* $name:ident($($id:ident)?) => $command:expr;)*) => {$(
        $(#[$($doc)*])*
        #[poise::command(slash_command)]
        async fn $name(ctx: Context<'_>, $(#[min = 1] $id: Option<i64>)?) -> Result<(), Error> {
            $run(ctx, $command).await
        }
    )*};
}
pub(super) use simple_subcommands;
