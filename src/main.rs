//! chessbot: parse the command line, start tracing, run an adapter.

use clap::Parser;

use chessbot::config::{Cli, CliCommand};

fn main() -> std::process::ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn")),
        )
        .with_writer(std::io::stderr)
        .init();
    let result = match cli.command {
        Some(CliCommand::Render(args)) => chessbot::render::cli::run(&args),
        command => match tokio::runtime::Runtime::new() {
            Ok(rt) => rt.block_on(async move {
                match command {
                    Some(CliCommand::Console(args)) => chessbot::adapters::console::run(args).await,
                    Some(CliCommand::Discord(args)) => chessbot::adapters::discord::run(args).await,
                    Some(CliCommand::Matrix(args)) => chessbot::adapters::matrix::run(args).await,
                    Some(CliCommand::Backup(args)) => backup(&args).await,
                    None => {
                        use clap::FromArgMatches;
                        let matches = clap::Command::new("chessbot").no_binary_name(true);
                        let args =
                            <chessbot::adapters::discord::DiscordArgs as clap::Args>::augment_args(
                                matches,
                            )
                            .get_matches_from(Vec::<String>::new());
                        match chessbot::adapters::discord::DiscordArgs::from_arg_matches(&args) {
                            Ok(a) => chessbot::adapters::discord::run(a).await,
                            Err(e) => Err(e.into()),
                        }
                    }
                    Some(CliCommand::Render(_)) => unreachable!("handled above"),
                }
            }),
            Err(e) => Err(e.into()),
        },
    };
    match result {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            std::process::ExitCode::FAILURE
        }
    }
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
