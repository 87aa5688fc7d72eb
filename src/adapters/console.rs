//! The terminal adapter: the console contract of docs/CONSOLE.md.
//!
//! One chat message per input line: `NAME: TEXT` (channel `general`) or
//! `NAME@CHANNEL: TEXT`; TEXT is a `/chess ...` or `!chess ...` command (the
//! grammar of [`super::text`]); `:advance 3d` (`h`, `m`) moves the clock and
//! runs due deadlines; `#` starts a comment; blank lines are ignored.
//! Output: plain text, or with `--json` one object per bot message:
//! `{"channel","text","image","mentions","event"}`.
//!
//! The clock starts at the real current time and then moves only through
//! `:advance`, so scripted sessions are deterministic. Nothing about the
//! clock is stored except the games' deadlines.
//!
//! Typed at a terminal (stdin and stdout both terminals) the console
//! greets, prompts and edits lines with history (`rustyline`), and prints
//! what arrives while a line is being typed (a summary) above that line;
//! Ctrl-C or Ctrl-D quits. Piped, it reads and prints exactly the contract.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use chrono::Utc;
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::sync::mpsc;

use super::console_output::{Output, Printer, TerminalWriter};
use super::text;
use crate::i18n::Locale;
use crate::lifecycle::Process;
use crate::render::Renderer;
use crate::service::{
    Actor, Clock, Command, FollowUp, GameService, LocalePrefs, ManualClock, Place, Reply,
    TeamCommand, error_reply, messages as msg,
};
use crate::store::Store;

/// Arguments of `chessbot console`.
#[derive(Debug, clap::Args)]
pub struct ConsoleArgs {
    /// Database URL (default: sqlite://chessbot.db; `sqlite::memory:` for a
    /// throwaway session).
    #[arg(long, env = "DATABASE_URL", hide_env_values = true, default_value = crate::store::DEFAULT_DATABASE_URL)]
    pub db: String,
    /// Write board pictures into this directory.
    #[arg(long)]
    pub images: Option<PathBuf>,
    /// With `--images`, print each board as text too (under its picture's
    /// path), for reading the game in the terminal while pictures are kept.
    #[arg(long, requires = "images")]
    pub text_boards: bool,
    /// One JSON object per line per bot message.
    #[arg(long)]
    pub json: bool,
    /// Users who moderate every console channel (comma-separated names):
    /// they may set the daily puzzle, manage leagues and change a
    /// channel's language during a game, as a server's moderators do.
    #[arg(
        long,
        env = "CHESSBOT_CONSOLE_MODERATORS",
        value_delimiter = ',',
        value_name = "NAMES"
    )]
    pub moderators: Vec<String>,
    /// Run the command path on every CPU. By default it runs on one CPU
    /// and the pictures and output on the others (`crate::affinity`).
    #[arg(long)]
    pub all_cores: bool,
}

/// The channel of `NAME: TEXT` lines.
pub const DEFAULT_CHANNEL: &str = "general";

/// How many summaries are made at once in the background. A game's
/// analysis shares its positions out over every engine process and has
/// its own time budget: with all of them asked at once (100 games mated
/// within a second), the waiting ate the budgets and most summaries came
/// without their analysis. Two at a time keeps the engine busy (one
/// analysed while the other's card and GIF are drawn) and each analysis
/// within its budget.
const SUMMARIES_AT_ONCE: usize = 2;

/// How far ahead of the real time `:advance` may take the clock (days).
const CLOCK_LIMIT_DAYS: i64 = 36_525;

/// What one input line asks for.
#[derive(Debug, PartialEq, Eq)]
enum Line<'a> {
    Nothing,
    Advance(&'a str),
    /// An unknown `:directive`.
    Directive(&'a str),
    Message {
        name: &'a str,
        channel: &'a str,
        text: &'a str,
    },
    /// Not `NAME: TEXT`.
    Bad,
}

fn classify(line: &str) -> Line<'_> {
    let t = line.trim();
    if t.is_empty() || t.starts_with('#') {
        return Line::Nothing;
    }
    if let Some(rest) = t.strip_prefix(':') {
        let (word, arg) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        return match word {
            "advance" => Line::Advance(arg.trim()),
            _ => Line::Directive(word),
        };
    }
    let Some((who, text)) = t.split_once(':') else {
        return Line::Bad;
    };
    let (name, channel) = match who.split_once('@') {
        Some((n, c)) => (n.trim(), c.trim()),
        None => (who.trim(), DEFAULT_CHANNEL),
    };
    if name.is_empty() || channel.is_empty() || name.contains(char::is_whitespace) {
        return Line::Bad;
    }
    Line::Message {
        name,
        channel,
        text: text.trim(),
    }
}

/// Whether a message is a command written without its `/` or `!`
/// (`chess challenge @bob`, `team votes`): chat that is no command stays
/// unanswered, as in a channel.
fn lacks_its_slash(text: &str) -> bool {
    let (first, rest) = text.split_once(char::is_whitespace).unwrap_or((text, ""));
    (first.eq_ignore_ascii_case("chess") || first.eq_ignore_ascii_case("team"))
        && text::parse(&format!("/{first} {rest}")).is_ok_and(|c| c.is_some())
}

/// Parses `3d`, `5h`, `30m` (also combined: `1d12h`) into a duration.
fn parse_advance(s: &str) -> Option<chrono::Duration> {
    let mut total = chrono::Duration::zero();
    let mut digits = String::new();
    let mut any = false;
    for c in s.chars().filter(|c| !c.is_whitespace()) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        let n: i64 = digits.parse().ok()?;
        digits.clear();
        if n > 100_000 {
            return None;
        }
        total += match c.to_ascii_lowercase() {
            'd' => chrono::Duration::days(n),
            'h' => chrono::Duration::hours(n),
            'm' => chrono::Duration::minutes(n),
            's' => chrono::Duration::seconds(n),
            _ => return None,
        };
        any = true;
    }
    (any && digits.is_empty()).then_some(total)
}

fn console_place(channel: &str) -> Place {
    Place {
        platform: "console".to_string(),
        guild: None,
        channel: channel.to_string(),
    }
}

/// The user a console name stands for. Names are one user in any case
/// (`Bob`, `@bob`), as a platform's user id is the same however the name
/// is written; the name as typed is what the bot shows.
fn console_user_id(name: &str) -> String {
    name.to_lowercase()
}

/// The users a command names (an opponent, a player) by their console id.
fn same_user_in_any_case(cmd: &mut Command) {
    let ids = |who: &mut Option<Actor>| {
        if let Some(a) = who {
            a.id = console_user_id(&a.id);
        }
    };
    match cmd {
        Command::Challenge { opponent, .. } => ids(opponent),
        Command::History { user, .. } => ids(user),
        Command::Stats { player, vs, .. } => {
            ids(player);
            ids(vs);
        }
        Command::Team(TeamCommand::Members { add, remove, .. }) => {
            for a in add.iter_mut().chain(remove.iter_mut()) {
                a.id = console_user_id(&a.id);
            }
        }
        _ => {}
    }
}

/// Handles one input line, returning the bot's replies.
async fn handle_line(
    service: &GameService,
    clock: &ManualClock,
    moderators: &[String],
    line: &str,
) -> Vec<Reply> {
    let general = console_place(DEFAULT_CHANNEL);
    // Console mistakes are answered in the language of `general`.
    let general_locale = || async { service.locale_for(&general, LocalePrefs::default()).await };
    match classify(line) {
        Line::Nothing => Vec::new(),
        Line::Bad => {
            let l: Locale = general_locale().await;
            vec![error_reply(
                &general,
                "invalid_input",
                msg::console_bad_line(l),
            )]
        }
        Line::Directive(word) => {
            let l = general_locale().await;
            vec![error_reply(
                &general,
                "invalid_input",
                msg::console_unknown_directive(l, word),
            )]
        }
        Line::Advance(arg) => match parse_advance(arg) {
            // The console's clock stays within a century of the real time:
            // far enough for any game, near enough for every date to work.
            Some(d)
                if !clock
                    .advance_within(d, Utc::now() + chrono::Duration::days(CLOCK_LIMIT_DAYS)) =>
            {
                let l = general_locale().await;
                vec![error_reply(
                    &general,
                    "invalid_input",
                    msg::console_clock_limit(l, CLOCK_LIMIT_DAYS),
                )]
            }
            Some(_) => service.run_due().await,
            None => {
                let l = general_locale().await;
                vec![error_reply(
                    &general,
                    "invalid_input",
                    msg::console_bad_span(l, arg),
                )]
            }
        },
        Line::Message {
            name,
            channel,
            text,
        } => {
            let place = console_place(channel);
            match text::parse(text) {
                // `alice: chess challenge @bob`: the slash is missing.
                Ok(None) if lacks_its_slash(text) => {
                    let l = service.locale_for(&place, LocalePrefs::default()).await;
                    let who = if channel == DEFAULT_CHANNEL {
                        name.to_string()
                    } else {
                        format!("{name}@{channel}")
                    };
                    vec![error_reply(
                        &place,
                        "invalid_input",
                        msg::console_no_slash(l, &format!("{who}: /{text}")),
                    )]
                }
                Ok(None) => Vec::new(),
                Err(e) => {
                    let l = service.locale_for(&place, LocalePrefs::default()).await;
                    vec![error_reply(&place, e.code(), e.message_in(l))]
                }
                Ok(Some(mut cmd)) => {
                    same_user_in_any_case(&mut cmd);
                    let by = Actor {
                        id: console_user_id(name),
                        name: name.to_string(),
                    };
                    let prefs = LocalePrefs {
                        moderator: moderators
                            .iter()
                            .any(|m| console_user_id(m.trim()) == by.id),
                        ..LocalePrefs::default()
                    };
                    service.handle_with(&place, &by, cmd, prefs).await
                }
            }
        }
    }
}

/// Prints a finished follow-up (a game's summary) and acknowledges it once
/// it is out.
async fn write_follow_up(
    service: &GameService,
    printer: &mut Printer,
    clock: &ManualClock,
    (replies, work): (Vec<Reply>, FollowUp),
) -> anyhow::Result<()> {
    printer.print_now(replies, clock.now()).await?;
    service.ack_follow_up(&work).await;
    Ok(())
}

/// Summaries being made in the background (with an engine), and how many.
struct Background {
    /// Whether summaries wait for the engine (made in the background).
    engine: bool,
    done: tokio::sync::mpsc::UnboundedSender<(Vec<Reply>, FollowUp)>,
    in_flight: usize,
    slots: Arc<tokio::sync::Semaphore>,
}

/// The next posts of a player page, or never when pages cannot act.
async fn next_page_posts(
    posts: &mut Option<mpsc::UnboundedReceiver<crate::http::PagePosts>>,
) -> Option<crate::http::PagePosts> {
    match posts {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

/// Prints `replies` (each with the author of the command it answers) and
/// what follows them: a game's summary right after its result, or in the
/// background when the engine analyses it.
async fn print_replies(
    service: &GameService,
    printer: &mut Printer,
    clock: &ManualClock,
    work: &mut Background,
    replies: Vec<(Reply, Option<String>)>,
) -> anyhow::Result<()> {
    let now = clock.now();
    let mut batch = Vec::new();
    for (r, author) in replies {
        // What follows a reply (a game's summary) comes right after it,
        // or when the engine is done.
        let follow = r.follow_up.clone();
        batch.push((r, author));
        let Some(follow) = follow else { continue };
        printer.print(std::mem::take(&mut batch), now).await?;
        if work.engine {
            let (service, done) = (service.clone(), work.done.clone());
            let (runtime, slots) = (tokio::runtime::Handle::current(), work.slots.clone());
            work.in_flight += 1;
            tokio::spawn(async move {
                // A summary's card and GIF are drawn off the command
                // path's CPU (`crate::affinity`), `SUMMARIES_AT_ONCE`
                // at a time (the engine's analysis is the slow part).
                let Ok(slot) = slots.acquire_owned().await else {
                    return;
                };
                let made = tokio::task::spawn_blocking(move || {
                    crate::affinity::leave_pinned_cpu();
                    let replies = runtime.block_on(service.follow_up(&follow));
                    drop(slot);
                    (replies, follow)
                });
                if let Ok(made) = made.await {
                    // The receiver lives until every one is in.
                    let _ = done.send(made);
                }
            });
        } else {
            let replies = service.follow_up(&follow).await;
            write_follow_up(service, printer, clock, (replies, follow)).await?;
        }
    }
    printer.print(batch, now).await?;
    Ok(())
}

/// Where the input lines come from.
enum Input {
    /// A pipe or a file: bytes exactly as the script wrote them.
    Piped(BufReader<tokio::io::Stdin>),
    /// A person at a terminal: the line editor runs on a thread of its own
    /// (it blocks on the keyboard) and hands over each line typed; the
    /// channel closes at Ctrl-C or Ctrl-D.
    Terminal(mpsc::UnboundedReceiver<String>),
}

impl Input {
    /// Appends the next line (with its newline) to `raw`; 0 at the end of
    /// input. Safe to cancel: a line is never half taken.
    async fn read_line(&mut self, raw: &mut Vec<u8>) -> std::io::Result<usize> {
        match self {
            Input::Piped(stdin) => stdin.read_until(b'\n', raw).await,
            Input::Terminal(lines) => Ok(match lines.recv().await {
                Some(line) => {
                    raw.extend_from_slice(line.as_bytes());
                    raw.push(b'\n');
                    line.len() + 1
                }
                None => 0,
            }),
        }
    }
}

/// Whether a person types the input and reads the output.
fn at_terminal() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// The prompt of the interactive console.
const PROMPT: &str = "> ";

/// Starts the line editor on its own thread: the lines typed, and the
/// writer that prints above the line being typed.
fn start_line_editor() -> anyhow::Result<(Input, TerminalWriter)> {
    use rustyline::error::ReadlineError;
    let mut editor = rustyline::DefaultEditor::new()?;
    let printer = editor.create_external_printer()?;
    let (lines, rx) = mpsc::unbounded_channel();
    std::thread::Builder::new()
        .name("console-input".to_string())
        .spawn(move || {
            loop {
                match editor.readline(PROMPT) {
                    Ok(line) => {
                        if !line.trim().is_empty() {
                            let _ = editor.add_history_entry(line.as_str());
                        }
                        if lines.send(line).is_err() {
                            break;
                        }
                    }
                    // Ctrl-C and Ctrl-D end the session without a word.
                    Err(ReadlineError::Interrupted | ReadlineError::Eof) => break,
                    Err(e) => {
                        tracing::warn!(error = %e, "reading the terminal failed");
                        break;
                    }
                }
            }
        })?;
    Ok((Input::Terminal(rx), TerminalWriter::new(Box::new(printer))))
}

fn prepare_images(dir: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("cannot create image directory {}: {e}", dir.display()))
}

/// Runs the console until end of input.
///
/// # Errors
/// The database cannot be opened, or stdin/stdout fail.
pub async fn run(args: ConsoleArgs) -> anyhow::Result<()> {
    run_in(args, &Process::default()).await
}

/// [`run`] until end of input or until `process`'s shutdown starts: then
/// no further line is read; the line in hand and what it caused are
/// finished and printed, the database closed.
///
/// # Errors
/// The database cannot be opened, or stdin/stdout fail.
pub async fn run_in(args: ConsoleArgs, process: &Process) -> anyhow::Result<()> {
    let store = Store::open(&args.db).await?;
    process.opened(&store);
    let clock = Arc::new(ManualClock::starting_now());
    let service =
        GameService::open_with_engine(store.clone(), clock.clone(), crate::engine::from_env())
            .await?;
    process.serving(&service);
    if let Some(dir) = &args.images {
        prepare_images(dir)?;
    }
    let interactive = at_terminal();
    let greeting = if interactive {
        let l = service
            .locale_for(&console_place(DEFAULT_CHANNEL), LocalePrefs::default())
            .await;
        Some(match &args.images {
            Some(dir) => msg::console_greeting_images(l, &dir.display().to_string()),
            None => msg::console_greeting_text(l),
        })
    } else {
        None
    };
    let output = Output {
        json: args.json,
        text_boards: args.text_boards,
        renderer: args.images.as_ref().map(|_| Renderer::new()),
        images: args.images,
        seq: 0,
    };
    let (mut stdin, mut printer) = match greeting {
        Some(greeting) => {
            // The greeting comes before the first prompt.
            println!("{greeting}");
            let (input, writer) = start_line_editor()?;
            (input, Printer::start_with(output, Box::new(writer)))
        }
        None => (
            Input::Piped(BufReader::new(tokio::io::stdin())),
            Printer::start(output),
        ),
    };
    // Summaries wait for the engine's analysis: with an engine they are
    // made in the background and printed when ready (at the latest before
    // the next `:advance` and at end of input); without one they are
    // quick and printed right after the reply that ended the game.
    let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel::<(Vec<Reply>, FollowUp)>();
    let mut work = Background {
        engine: service.analyses_games(),
        done: done_tx,
        in_flight: 0,
        slots: Arc::new(tokio::sync::Semaphore::new(SUMMARIES_AT_ONCE)),
    };
    // What players do on their pages (`--http` with a public address) is
    // printed as the answers of the lines typed are.
    let mut page_posts = process.page_posts(&service);
    let mut raw = Vec::new();
    loop {
        // A shutdown stops the reading (a partial line was never
        // answered); the line in hand below always finishes. A summary
        // the engine finished while we wait for input is printed at once
        // (`read_until` keeps what it read so far when another branch
        // wins, and goes on from there).
        let read = tokio::select! {
            biased;
            () = process.shutdown.triggered() => break,
            Some(done) = done_rx.recv(), if work.in_flight > 0 => {
                work.in_flight -= 1;
                write_follow_up(&service, &mut printer, &clock, done).await?;
                continue;
            }
            Some(posts) = next_page_posts(&mut page_posts) => {
                let author = Some(posts.author.name.clone());
                let replies = posts.replies.into_iter().map(|r| (r, author.clone())).collect();
                print_replies(&service, &mut printer, &clock, &mut work, replies).await?;
        while let Ok(done) = done_rx.try_recv() {
            work.in_flight -= 1;
            write_follow_up(&service, &mut printer, &clock, done).await?;
        }
                continue;
            }
            read = stdin.read_line(&mut raw) => read?,
        };
        if read == 0 && raw.is_empty() {
            break;
        }
        // `:advance` runs the announcer: summaries in flight are posted
        // (and acknowledged) first, so it never posts them a second time.
        if raw.starts_with(b":advance") {
            while work.in_flight > 0 {
                let Some(done) = done_rx.recv().await else {
                    break;
                };
                work.in_flight -= 1;
                write_follow_up(&service, &mut printer, &clock, done).await?;
            }
        }
        // One line that is not UTF-8 is answered and skipped; the session
        // goes on.
        let replies = match std::str::from_utf8(&raw) {
            Ok(line) => {
                let line = line.trim_end_matches(['\n', '\r']);
                let author = match classify(line) {
                    Line::Message { name, .. } => Some(name.to_string()),
                    _ => None,
                };
                handle_line(&service, &clock, &args.moderators, line)
                    .await
                    .into_iter()
                    .map(|r| (r, author.clone()))
                    .collect::<Vec<_>>()
            }
            Err(_) => {
                let general = console_place(DEFAULT_CHANNEL);
                let l = service.locale_for(&general, LocalePrefs::default()).await;
                vec![(
                    error_reply(&general, "invalid_input", msg::console_not_utf8(l)),
                    None,
                )]
            }
        };
        print_replies(&service, &mut printer, &clock, &mut work, replies).await?;
        while let Ok(done) = done_rx.try_recv() {
            work.in_flight -= 1;
            write_follow_up(&service, &mut printer, &clock, done).await?;
        }
        raw.clear();
        if read == 0 {
            // The last line had no newline: it was the end of input.
            break;
        }
    }
    // End of input: finish the work in flight and print what it causes.
    while work.in_flight > 0 {
        let Some(done) = done_rx.recv().await else {
            break;
        };
        work.in_flight -= 1;
        write_follow_up(&service, &mut printer, &clock, done).await?;
    }
    printer.finish().await?;
    // Finish the puzzles being made before the store closes.
    service.settle_background().await;
    if process.shutdown.is_triggered() {
        process.stopping();
        tracing::info!("stopped reading input; the last line was finished");
    }
    store.close().await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_classified() {
        assert_eq!(classify("  "), Line::Nothing);
        assert_eq!(classify("# hi: there"), Line::Nothing);
        assert_eq!(classify(":advance 3d"), Line::Advance("3d"));
        assert_eq!(
            classify("alice: /chess move e4"),
            Line::Message {
                name: "alice",
                channel: "general",
                text: "/chess move e4"
            }
        );
        assert_eq!(
            classify("bob@lobby: !chess accept"),
            Line::Message {
                name: "bob",
                channel: "lobby",
                text: "!chess accept"
            }
        );
        assert_eq!(classify("no colon here"), Line::Bad);
        assert!(lacks_its_slash("chess challenge @bob"));
        assert!(lacks_its_slash("Team votes"));
        assert!(!lacks_its_slash("chess is fun, isn't it"));
        assert!(!lacks_its_slash("hello there"));
        assert_eq!(classify(":fly"), Line::Directive("fly"));
    }

    #[test]
    fn advance_spans() {
        assert_eq!(parse_advance("3d"), Some(chrono::Duration::days(3)));
        assert_eq!(parse_advance("5h"), Some(chrono::Duration::hours(5)));
        assert_eq!(parse_advance("30m"), Some(chrono::Duration::minutes(30)));
        assert_eq!(parse_advance("1d12h"), Some(chrono::Duration::hours(36)));
        assert_eq!(parse_advance("3"), None);
        assert_eq!(parse_advance("x"), None);
        assert_eq!(parse_advance(""), None);
    }
}
