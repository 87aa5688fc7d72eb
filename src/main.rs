//! chessbot: read the settings (`chessbot.toml`, the environment), parse
//! the command line, start tracing, run an adapter or a subcommand.

use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::Arc;

use clap::{CommandFactory, FromArgMatches};

use chessbot::config::{Cli, CliCommand, Loaded};
use chessbot::lifecycle::{Process, Shutdown};

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let loaded = match Loaded::from_process(&args) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(chessbot::config::EXIT_CONFIG);
        }
    };
    for (name, value) in loaded.to_export() {
        // SAFETY: no other thread exists yet (no runtime, no tracing
        // writer), so nothing reads the environment while it changes.
        unsafe { std::env::set_var(name, value) };
    }
    let secrets = loaded.file_secrets();
    let mut command = chessbot::config::with_file_secrets(Cli::command(), &secrets);
    if args.get(1).is_some_and(|a| a == "render") {
        // `render` reads no settings and serves nothing: its help lists
        // its own options, not the bot's settings file and HTTP address.
        command = command
            .mut_arg("config", |a| a.global(false))
            .mut_arg("http", |a| a.global(false))
            .mut_arg("public_url", |a| a.global(false));
    }
    let matches = command.get_matches_from(&args);
    let cli = Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.exit());
    if let Some(e) = not_built(cli.command.as_ref()) {
        eprintln!("error: {e}");
        return ExitCode::from(chessbot::config::EXIT_CONFIG);
    }
    let runs_a_bot = !matches!(
        cli.command,
        Some(
            CliCommand::Render(_)
                | CliCommand::Config
                | CliCommand::Healthcheck(_)
                | CliCommand::Tablebase(_)
        )
    );
    if runs_a_bot {
        // Everything the bot creates (the database and its -wal and -shm,
        // backups, the Matrix store, board pictures) holds private games,
        // notes and conditional lines: readable by its own user only.
        #[cfg(unix)]
        // SAFETY: umask only sets the process's file creation mask.
        unsafe {
            libc::umask(0o077);
        }
    }
    chessbot::logging::init(
        tracing_subscriber::EnvFilter::try_from_default_env()
            .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        chessbot::logging::LogFormat::from_setting(
            std::env::var(chessbot::config::LOG_FORMAT_ENV)
                .ok()
                .as_deref(),
        ),
    );
    let http = chessbot::config::http_addr(&cli).map(str::to_string);
    // `--public-url` or `CHESSBOT_PUBLIC_URL`, checked by clap at parsing.
    let public_url = cli.public_url.clone().filter(|u| !u.trim().is_empty());
    let result = match cli.command {
        Some(CliCommand::Render(args)) => chessbot::render::cli::run(&args),
        Some(CliCommand::Config) => {
            print!("{}", loaded.render());
            Ok(())
        }
        Some(CliCommand::Healthcheck(args)) => healthcheck(&args, http.as_deref()),
        Some(CliCommand::Tablebase(args)) => chessbot::tablebase::cli::run(
            &args,
            std::io::stdin().lock(),
            std::io::stdout().lock(),
            std::io::stderr().lock(),
        )
        .map_err(anyhow::Error::from),
        command => {
            // The console's command path on one CPU: see `affinity`.
            if let Some(CliCommand::Console(args)) = &command
                && !args.all_cores
            {
                chessbot::affinity::pin_current_thread();
            }
            match tokio::runtime::Runtime::new() {
                Ok(rt) => {
                    let result = rt.block_on(run(command, http, public_url, &secrets));
                    // Nothing may hold the exit: a read of stdin the console
                    // stopped waiting for, an engine process being killed.
                    rt.shutdown_background();
                    result
                }
                Err(e) => Err(e.into()),
            }
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            let configuration = e.chain().any(|c| {
                c.downcast_ref::<chessbot::store::StoreError>()
                    .is_some_and(chessbot::store::StoreError::is_configuration)
                    || c.downcast_ref::<chessbot::config::ConfigError>().is_some()
            });
            if configuration {
                ExitCode::from(chessbot::config::EXIT_CONFIG)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// Runs an adapter (or `backup`) with the shutdown signals and, with
/// `--http`, the health and metrics server.
async fn run(
    command: Option<CliCommand>,
    http: Option<String>,
    public_url: Option<String>,
    secrets: &[(&'static str, &str)],
) -> anyhow::Result<()> {
    use chessbot::http::{Health, Platform};
    let platform = match &command {
        Some(CliCommand::Console(_)) => Platform::Console,
        _ => Platform::Chat,
    };
    let health = match (&command, http) {
        (Some(CliCommand::Backup(_)), _) | (_, None) => None,
        (_, Some(addr)) => {
            let addr = chessbot::http::parse_addr(&addr)?;
            let health = Health::new(platform);
            let limits = match chessbot::descriptors::raise_open_file_limit() {
                Some(files) => {
                    let limits = chessbot::http::Limits::for_descriptors(files.soft);
                    tracing::info!(
                        open_files = files.soft,
                        hard_limit = files.hard,
                        kept_for_the_rest = chessbot::http::DESCRIPTORS_KEPT,
                        http_connections = limits.connections,
                        live_streams = limits.streams,
                        "HTTP caps derived from the open-file limit"
                    );
                    limits
                }
                None => chessbot::http::Limits::default(),
            };
            let proxies = std::env::var(chessbot::config::TRUSTED_PROXIES_ENV)
                .ok()
                .map(|v| chessbot::http::TrustedProxies::parse(&v))
                .transpose()
                .map_err(|e| chessbot::config::ConfigError::Invalid {
                    by: chessbot::config::TRUSTED_PROXIES_ENV.to_string(),
                    value: e.0.clone(),
                    accepted: e.to_string(),
                })?
                .unwrap_or_default();
            chessbot::http::start_with(addr, Arc::clone(&health), limits, proxies).await?;
            Some(health)
        }
    };
    let public_url = health.as_ref().and(public_url);
    let process = Process {
        shutdown: Shutdown::on_signals(),
        health,
        public_url,
    };
    match command {
        Some(CliCommand::Console(args)) => {
            chessbot::adapters::console::run_in(args, &process).await
        }
        #[cfg(feature = "discord")]
        Some(CliCommand::Discord(args)) => {
            chessbot::adapters::discord::run_in(args, &process).await
        }
        #[cfg(feature = "matrix")]
        Some(CliCommand::Matrix(args)) => chessbot::adapters::matrix::run_in(args, &process).await,
        Some(CliCommand::Backup(args)) => backup(&args).await,
        #[cfg(feature = "discord")]
        None => {
            let args = default_discord_args(secrets)?;
            chessbot::adapters::discord::run_in(args, &process).await
        }
        #[cfg(not(feature = "discord"))]
        None | Some(CliCommand::Discord(_)) => {
            let _ = secrets;
            unreachable!("refused before the runtime starts")
        }
        #[cfg(not(feature = "matrix"))]
        Some(CliCommand::Matrix(_)) => unreachable!("refused before the runtime starts"),
        Some(
            CliCommand::Render(_)
            | CliCommand::Config
            | CliCommand::Healthcheck(_)
            | CliCommand::Tablebase(_),
        ) => {
            unreachable!("handled before the runtime starts")
        }
    }
}

/// `chessbot healthcheck`: 0 when `/readyz` answers 200.
fn healthcheck(args: &chessbot::config::HealthcheckArgs, http: Option<&str>) -> anyhow::Result<()> {
    let url = match &args.url {
        Some(u) => u.clone(),
        None => chessbot::http::default_probe_url(http)?,
    };
    let (status, body) =
        chessbot::http::get(&url, std::time::Duration::from_secs(args.timeout.max(1)))?;
    if status == 200 {
        print!("{body}");
        Ok(())
    } else {
        anyhow::bail!("{url} answered {status}: {}", body.trim())
    }
}

/// A subcommand of a platform this binary was built without (or no
/// subcommand, whose default is Discord, in a build without it).
fn not_built(command: Option<&CliCommand>) -> Option<chessbot::config::ConfigError> {
    #[cfg(not(all(feature = "discord", feature = "matrix")))]
    use chessbot::config::PlatformFeature;
    match command {
        #[cfg(not(feature = "discord"))]
        Some(CliCommand::Discord(_)) => {
            Some(PlatformFeature::Discord.not_built("chessbot discord"))
        }
        #[cfg(not(feature = "discord"))]
        None => Some(PlatformFeature::Discord.not_built(
            "no subcommand (the default is `chessbot discord`; `chessbot --help` lists what this one runs)",
        )),
        #[cfg(not(feature = "matrix"))]
        Some(CliCommand::Matrix(_)) => Some(PlatformFeature::Matrix.not_built("chessbot matrix")),
        _ => None,
    }
}

/// The Discord settings when no subcommand is given (from the environment
/// and the secrets read from files).
#[cfg(feature = "discord")]
fn default_discord_args(
    secrets: &[(&'static str, &str)],
) -> anyhow::Result<chessbot::adapters::discord::DiscordArgs> {
    use clap::FromArgMatches;
    let matches = clap::Command::new("chessbot").no_binary_name(true);
    let command = <chessbot::adapters::discord::DiscordArgs as clap::Args>::augment_args(matches);
    let args = chessbot::config::with_file_secrets(command, secrets)
        .get_matches_from(Vec::<String>::new());
    Ok(chessbot::adapters::discord::DiscordArgs::from_arg_matches(
        &args,
    )?)
}

/// `chessbot backup`: copies the database and says where to.
async fn backup(args: &chessbot::config::BackupArgs) -> anyhow::Result<()> {
    chessbot::store::backup(&args.db, &args.out).await?;
    println!(
        "backed up {} to {}",
        chessbot::store::redact_url(&args.db),
        args.out.display()
    );
    Ok(())
}
