//! The Discord adapter (serenity + poise): the `/chess` slash command with
//! autocomplete, buttons, board pictures as attachments, and the deadline
//! announcer. Thin: every game rule lives in the service.
//!
//! Layout: [`commands`] (slash commands), [`buttons`] (component clicks),
//! [`format`](mod@format) (service reply -> Discord message, pure), [`send`]
//! (answering interactions, deferring, rendering; named as Matrix's),
//! [`post`] (channel and direct messages), [`retry`] (429s and server errors), [`announcer`]
//! (deadlines),
//! [`threads`] (game threads), [`autocomplete`], [`ids`] and [`token`]
//! (pure helpers), [`backend`] (opening the game service).

pub mod announcer;
pub mod autocomplete;
pub mod backend;
pub mod buttons;
pub mod comfort;
pub mod commands;
pub mod data;
pub mod format;
pub mod ids;
pub mod invoke;
pub mod league;
pub mod league_threads;
pub mod localize;
pub mod play;
pub mod post;
pub mod premove;
pub mod puzzle;
pub mod retry;
pub mod scale;
pub mod send;
pub mod team;
pub mod team_match;
pub mod threads;
pub mod token;

use std::sync::Arc;

use poise::serenity_prelude as serenity;

use crate::render::Renderer;
use data::{Data, Error};

/// Settings of the Discord bot, from the environment.
#[derive(Debug, clap::Args)]
pub struct DiscordArgs {
    /// Database URL.
    #[arg(
        long = "db",
        env = "DATABASE_URL", hide_env_values = true,
        default_value = crate::store::DEFAULT_DATABASE_URL
    )]
    pub db: String,
    /// Register commands in this guild only (instant, for development).
    #[arg(long, env = "DISCORD_GUILD_ID")]
    pub guild_id: Option<u64>,
    /// The bot token: from `DISCORD_TOKEN` or `DISCORD_TOKEN_FILE` (hidden:
    /// a token on a command line would show in the process list). Read
    /// here rather than from the environment, so a token from a file is
    /// never put into the environment that child processes inherit.
    #[arg(
        long = "discord-token",
        env = "DISCORD_TOKEN",
        hide = true,
        hide_env_values = true
    )]
    pub token: Option<String>,
    /// The shared REST proxy (`DISCORD_HTTP_PROXY`, see "Running at scale"
    /// in docs/HOSTING.md).
    #[arg(
        long = "discord-http-proxy",
        env = "DISCORD_HTTP_PROXY",
        hide = true,
        hide_env_values = true
    )]
    pub http_proxy: Option<String>,
}

/// Connects to Discord and serves until Ctrl-C / SIGTERM.
///
/// The token (`DISCORD_TOKEN`) is checked before anything else, so a
/// missing or malformed one fails at once with one clear line.
///
/// # Errors
/// Missing or malformed token, database or gateway failures.
pub async fn run(args: DiscordArgs) -> anyhow::Result<()> {
    let process = crate::lifecycle::Process {
        shutdown: crate::lifecycle::Shutdown::on_signals(),
        health: None,
        public_url: None,
    };
    run_in(args, &process).await
}

/// [`run`] with the shutdown and health of `process`: on its shutdown the
/// gateway closes, the commands and announcements in flight finish
/// (bounded), the database closes.
///
/// # Errors
/// As [`run`].
pub async fn run_in(args: DiscordArgs, process: &crate::lifecycle::Process) -> anyhow::Result<()> {
    let token = token::check_token(args.token.as_deref())?;
    let guild = match args.guild_id {
        Some(0) => anyhow::bail!("DISCORD_GUILD_ID must be a server id, not 0"),
        Some(id) => Some(serenity::GuildId::new(id)),
        None => None,
    };
    let service = backend::open(&args.db).await.map_err(|e| {
        anyhow::anyhow!(
            "could not open the database {}: {e}",
            crate::store::redact_url(&args.db)
        )
    })?;
    // DISCORD_SHARDS (e.g. `0-3/16`, default automatic) and the optional
    // shared REST proxy DISCORD_HTTP_PROXY: see "Running at scale" in docs/HOSTING.md.
    let shards = scale::Shards::from_env().map_err(|e| anyhow::anyhow!("{e}"))?;
    process.opened(service.store());
    process.serving(&service);
    // With pages served, players get links and their moves there are
    // posted here.
    let posts = process.page_posts(&service);
    let stop = process.clone();
    let store = service.store().clone();
    let outcome = run_with_pages(
        RunOptions {
            token,
            guild,
            service,
            shards,
            proxy: scale::proxy_from(args.http_proxy.as_deref()),
            shutdown: Box::pin(async move {
                stop.shutdown.triggered().await;
                stop.stopping();
            }),
        },
        posts,
    )
    .await;
    store.close().await;
    outcome
}

/// Everything [`run_with`] needs; [`run`] takes it from the environment,
/// tests build it (a fake Discord as `proxy`, a game service on a manual
/// clock, their own shutdown signal).
pub struct RunOptions {
    /// The bot token (checked again by [`run_with`]).
    pub token: String,
    /// Register the commands in this server only; `None`: globally.
    pub guild: Option<serenity::GuildId>,
    /// The game service.
    pub service: Arc<crate::service::GameService>,
    /// Which gateway shards to run.
    pub shards: scale::Shards,
    /// Send every REST call to this base URL (`http://host:port`) instead
    /// of Discord, without the local rate limiter.
    pub proxy: Option<String>,
    /// The bot stops when this resolves.
    pub shutdown: backend::BoxFuture<'static, ()>,
}

/// What player pages do (`--http` with a public address), for the bot to
/// post in the games' channels; see [`run_with_pages`].
pub type PagePostsReceiver = tokio::sync::mpsc::UnboundedReceiver<crate::http::PagePosts>;

/// Connects to Discord (or `options.proxy`) and serves until
/// `options.shutdown` resolves; the deadline task stops with it.
///
/// # Errors
/// Malformed token, Discord unreachable or refusing the token, gateway
/// failures.
pub async fn run_with(options: RunOptions) -> anyhow::Result<()> {
    run_with_pages(options, None).await
}

/// [`run_with`], also posting what players do on their pages (`posts`,
/// from [`crate::lifecycle::Process::page_posts`]): then running games'
/// boards carry the "Play on the board" button.
///
/// # Errors
/// As [`run_with`].
pub async fn run_with_pages(
    options: RunOptions,
    posts: Option<PagePostsReceiver>,
) -> anyhow::Result<()> {
    let RunOptions {
        token,
        guild,
        service,
        shards,
        proxy,
        shutdown,
    } = options;
    let token = token::check_token(Some(&token))?;
    let renderer = Arc::new(Renderer::new());
    let draining = Arc::clone(&service);
    // The deadline task, stopped when this function returns.
    let announcer = AbortOnDrop::default();
    let announcer_slot = announcer.slot();
    // The task posting what player pages do, likewise.
    let pages = posts.is_some();
    let page_poster = AbortOnDrop::default();
    let page_poster_slot = page_poster.slot();
    let posts = std::sync::Mutex::new(posts);

    let options = poise::FrameworkOptions {
        commands: localize::registered(),
        event_handler: |framework, event| Box::pin(on_event(framework, event)),
        on_error: |error| Box::pin(on_error(error)),
        ..Default::default()
    };
    let framework = poise::Framework::builder()
        .options(options)
        .initialize_owners(false)
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                match guild {
                    Some(g) => poise::builtins::register_in_guild(ctx, commands, g).await?,
                    None => poise::builtins::register_globally(ctx, commands).await?,
                }
                tracing::info!(
                    bot = ready.user.name.as_str(),
                    guilds = ready.guilds.len(),
                    "connected; /chess registered {}",
                    if guild.is_some() {
                        "in the development server"
                    } else {
                        "globally"
                    }
                );
                let direct = Arc::new(data::DirectMessages::default());
                let task = tokio::spawn(announcer::run(
                    Arc::clone(&ctx.http),
                    Arc::clone(&service),
                    Arc::clone(&renderer),
                    Arc::clone(&direct),
                    pages,
                ));
                AbortOnDrop::set(&announcer_slot, task.abort_handle());
                let posts = posts
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner)
                    .take();
                if let Some(posts) = posts {
                    let task = tokio::spawn(play::post_page_posts(
                        Arc::clone(&ctx.http),
                        Arc::clone(&service),
                        Arc::clone(&renderer),
                        Arc::clone(&direct),
                        posts,
                    ));
                    AbortOnDrop::set(&page_poster_slot, task.abort_handle());
                }
                Ok(Data {
                    service,
                    renderer,
                    direct,
                    pages,
                })
            })
        })
        .build();

    // Fail fast with a clear line when Discord is unreachable or refuses the
    // token, instead of serenity retrying the gateway forever.
    let http = scale::http(&token, proxy.as_deref());
    match tokio::time::timeout(CONNECT_TIMEOUT, http.get_bot_gateway()).await {
        Ok(Ok(_)) => {}
        Ok(Err(e)) => anyhow::bail!("cannot connect to Discord: {}", connect_error(&e)),
        Err(_) => anyhow::bail!(
            "cannot connect to Discord: no answer within {} s",
            CONNECT_TIMEOUT.as_secs()
        ),
    }
    let mut client = serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::GUILDS)
        .framework(framework)
        .await
        .map_err(|e| anyhow::anyhow!("could not set up the Discord client: {e}"))?;
    let shard_manager = Arc::clone(&client.shard_manager);
    let outcome = tokio::select! {
        result = shards.start(&mut client) => {
            result.map_err(|e| anyhow::anyhow!("Discord connection failed: {e}"))
        }
        () = shutdown => {
            tracing::info!("shutting down");
            let stopped =
                tokio::time::timeout(SHUTDOWN_GRACE, shard_manager.shutdown_all()).await;
            if stopped.is_err() {
                tracing::warn!("shards did not stop in time");
            }
            // No new commands; those in flight and the announcements being
            // posted finish (and are acknowledged) first.
            draining.stop_taking_work();
            draining.finish_work(crate::lifecycle::DRAIN_TIMEOUT).await;
            Ok(())
        }
    };
    drop(announcer);
    drop(page_poster);
    outcome
}

/// Aborts the task set in its slot when dropped (and a task set after
/// that at once), so no deadline task outlives [`run_with`].
#[derive(Default)]
struct AbortOnDrop(Arc<std::sync::Mutex<TaskSlot>>);

/// The task to abort, and whether its owner is gone.
#[derive(Default)]
struct TaskSlot {
    task: Option<tokio::task::AbortHandle>,
    closed: bool,
}

impl AbortOnDrop {
    fn slot(&self) -> Arc<std::sync::Mutex<TaskSlot>> {
        Arc::clone(&self.0)
    }

    fn set(slot: &std::sync::Mutex<TaskSlot>, task: tokio::task::AbortHandle) {
        let mut guard = slot
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if guard.closed {
            task.abort();
        } else if let Some(old) = guard.task.replace(task) {
            old.abort();
        }
    }
}

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        let mut guard = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        guard.closed = true;
        if let Some(task) = guard.task.take() {
            task.abort();
        }
    }
}

/// How long the first request to Discord may take.
const CONNECT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(20);

/// How long shards get to close their connections on shutdown.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(5);

/// A readable reason for a failed first request.
fn connect_error(e: &serenity::Error) -> String {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r))
            if r.status_code.as_u16() == 401 =>
        {
            "Discord rejected DISCORD_TOKEN (401 Unauthorized): reset the token on the Bot page of the developer portal".to_owned()
        }
        other => {
            let mut text = other.to_string();
            let mut source = std::error::Error::source(other);
            let mut last = text.clone();
            while let Some(cause) = source {
                let line = cause.to_string();
                if line != last {
                    text.push_str(": ");
                    text.push_str(&line);
                }
                last = line;
                source = cause.source();
            }
            text
        }
    }
}

async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let shard = framework.serenity_context.shard_id.0;
    match event {
        serenity::FullEvent::Ready { .. } | serenity::FullEvent::Resume { .. } => {
            crate::metrics::link_up(shard);
        }
        serenity::FullEvent::ShardStageUpdate { event } => {
            if event.new == serenity::ConnectionStage::Connected {
                crate::metrics::link_up(shard);
            } else {
                crate::metrics::link_down(shard);
            }
        }
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(click),
        } => {
            buttons::on_component(framework.serenity_context, framework.user_data, click).await?;
        }
        serenity::FullEvent::ThreadUpdate { new, .. } => {
            let http = framework.serenity_context.http.as_ref();
            threads::keep_open(http, &framework.user_data.service, new).await;
        }
        _ => {}
    }
    Ok(())
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Setup { error, .. } => {
            tracing::error!(error = %error, "start-up failed");
        }
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(
                error = %error,
                command = &*ctx.command().qualified_name,
                "command failed"
            );
        }
        poise::FrameworkError::EventHandler { error, .. } => {
            tracing::error!(error = %error, "event handler failed");
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "could not report an error");
            }
        }
    }
}
