//! chessbot: read the settings (`chessbot.toml`, the environment), parse
//! the command line, start tracing, run an adapter or a subcommand.

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

use chessbot::config::{Cli, CliCommand, Loaded};

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().collect();
    let loaded = match Loaded::from_process(&args) {
        Ok(loaded) => loaded,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    for (name, value) in loaded.to_export() {
        // SAFETY: no other thread exists yet (no runtime, no tracing
        // writer), so nothing reads the environment while it changes.
        unsafe { std::env::set_var(name, value) };
    }
    let cli = Cli::parse_from(&args);
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let result = match cli.command {
        Some(CliCommand::Render(args)) => chessbot::render::cli::run(&args),
        Some(CliCommand::Config) => {
            print!("{}", loaded.render());
            Ok(())
        }
        command => match tokio::runtime::Runtime::new() {
            Ok(rt) => rt.block_on(async move {
                match command {
                    Some(CliCommand::Console(args)) => chessbot::adapters::console::run(args).await,
                    Some(CliCommand::Discord(args)) => chessbot::adapters::discord::run(args).await,
                    Some(CliCommand::Matrix(args)) => chessbot::adapters::matrix::run(args).await,
                    Some(CliCommand::Backup(args)) => backup(&args).await,
                    None => match default_discord_args() {
                        Ok(a) => chessbot::adapters::discord::run(a).await,
                        Err(e) => Err(e),
                    },
                    Some(CliCommand::Render(_) | CliCommand::Config) => {
                        unreachable!("handled above")
                    }
                }
            }),
            Err(e) => Err(e.into()),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The Discord settings when no subcommand is given (from the environment).
fn default_discord_args() -> anyhow::Result<chessbot::adapters::discord::DiscordArgs> {
    use clap::FromArgMatches;
    let matches = clap::Command::new("chessbot").no_binary_name(true);
    let args = <chessbot::adapters::discord::DiscordArgs as clap::Args>::augment_args(matches)
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
