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

use std::path::{Path, PathBuf};
use std::sync::Arc;

use chrono::Utc;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use super::text;
use crate::i18n::Locale;
use crate::lifecycle::Process;
use crate::render::Renderer;
use crate::service::{
    Actor, Attachment, AttachmentKind, BoardImage, Clock, Event, FollowUp, GameService,
    LocalePrefs, ManualClock, Place, Reply, board_spec, error_reply, messages as msg,
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
    /// One JSON object per line per bot message.
    #[arg(long)]
    pub json: bool,
    // ---- gaps: console moderators (issue 32's daily puzzle)
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
}

/// The channel of `NAME: TEXT` lines.
pub const DEFAULT_CHANNEL: &str = "general";
/// Board picture width.
const IMAGE_SIZE: u32 = 512;

/// How far ahead of the real time `:advance` may take the clock (days).
const CLOCK_LIMIT_DAYS: i64 = 36_525;

/// One output line of `--json`, fields in contract order.
#[derive(serde::Serialize)]
struct JsonLine<'a> {
    channel: &'a str,
    text: &'a str,
    image: Option<String>,
    mentions: Vec<&'a str>,
    event: Option<&'a Event>,
    /// The one user a private reply is for (absent for public messages).
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<&'a str>,
}

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

struct Output {
    json: bool,
    images: Option<PathBuf>,
    renderer: Option<Renderer>,
    seq: u64,
    /// Deadlines are shown relative to the console's clock.
    clock: Arc<ManualClock>,
}

impl Output {
    fn render(&mut self, board: &BoardImage) -> Option<String> {
        let dir = self.images.as_ref()?;
        let renderer = self.renderer.as_ref()?;
        let position = board.position().ok()?;
        let png = renderer
            .png(&board_spec(board, &position).size(IMAGE_SIZE))
            .map_err(|e| tracing::warn!(error = %e, "board rendering failed"))
            .ok()?;
        self.seq += 1;
        let path = dir.join(format!("{:06}.png", self.seq));
        std::fs::write(&path, png)
            .map_err(|e| tracing::warn!(error = %e, path = %path.display(), "writing image failed"))
            .ok()?;
        Some(path.display().to_string())
    }

    /// Writes an attachment under `--images`; its path.
    fn write_file(&mut self, file: &Attachment) -> Option<String> {
        let dir = self.images.as_ref()?;
        let ext = file.filename.rsplit('.').next().unwrap_or("bin");
        self.seq += 1;
        let path = dir.join(format!("{:06}.{ext}", self.seq));
        std::fs::write(&path, file.bytes.as_slice())
            .map_err(
                |e| tracing::warn!(error = %e, path = %path.display(), "writing a file failed"),
            )
            .ok()?;
        Some(path.display().to_string())
    }

    /// One reply as output; `author` wrote the command it answers (the
    /// one a private reply is for).
    fn format(&mut self, r: &Reply, author: Option<&str>) -> String {
        let to = author.filter(|_| r.ephemeral);
        let mut image = r.board.as_ref().and_then(|b| self.render(b));
        let mut event = r.event.clone();
        let mut files = Vec::new();
        for file in &r.files {
            let path = self.write_file(file);
            match file.kind {
                AttachmentKind::Card => image = image.or(path),
                AttachmentKind::Animation => {
                    if let Some(Event::Summary { animation, .. }) = &mut event {
                        animation.clone_from(&path);
                    }
                    files.extend(path);
                }
                AttachmentKind::Pgn => files.extend(path),
            }
        }
        let mut text = msg::with_relative_times(r.locale, &r.text, self.clock.now());
        if let Some(link) = &r.link {
            text.push_str(&format!("\n{}: {}", link.label, link.url));
        }
        if self.json {
            let line = JsonLine {
                channel: &r.place.channel,
                text: &text,
                image,
                mentions: r.mentions.iter().map(|a| a.name.as_str()).collect(),
                event: event.as_ref(),
                to,
            };
            let mut s = serde_json::to_string(&line).unwrap_or_else(|_| "{}".to_string());
            s.push('\n');
            s
        } else {
            let mut s = format!("[{}] ", r.place.channel);
            match to {
                Some(name) => s.push_str(&format!("(only {name}) ")),
                None if r.ephemeral => s.push_str("(only you) "),
                None => {}
            }
            s.push_str(&text);
            s.push('\n');
            if r.board.is_none()
                && let Some(path) = &image
            {
                s.push_str(&format!("  (picture: {path})\n"));
            }
            for path in &files {
                s.push_str(&format!("  (file: {path})\n"));
            }
            if let Some(b) = &r.board {
                match image {
                    Some(path) => {
                        s.push_str(&format!("  (board: {path})\n"));
                    }
                    None => {
                        if let Ok(p) = b.position() {
                            s.push_str(&crate::render::text_board(&p, b.flip));
                            if !s.ends_with('\n') {
                                s.push('\n');
                            }
                        }
                    }
                }
            }
            s
        }
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
                Ok(None) => Vec::new(),
                Err(e) => {
                    let l = service.locale_for(&place, LocalePrefs::default()).await;
                    vec![error_reply(&place, e.code(), e.message_in(l))]
                }
                Ok(Some(cmd)) => {
                    let by = Actor {
                        id: name.to_string(),
                        name: name.to_string(),
                    };
                    let prefs = LocalePrefs {
                        moderator: moderators.iter().any(|m| m.trim() == name),
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
async fn write_follow_up<W: tokio::io::AsyncWrite + Unpin>(
    service: &GameService,
    out: &mut Output,
    stdout: &mut W,
    (replies, work): (Vec<Reply>, FollowUp),
) -> anyhow::Result<()> {
    let mut text = String::new();
    for f in &replies {
        text.push_str(&out.format(f, None));
    }
    stdout.write_all(text.as_bytes()).await?;
    stdout.flush().await?;
    service.ack_follow_up(&work).await;
    Ok(())
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
    if let Some(dir) = &args.images {
        prepare_images(dir)?;
    }
    let mut out = Output {
        json: args.json,
        renderer: args.images.as_ref().map(|_| Renderer::new()),
        images: args.images,
        seq: 0,
        clock: clock.clone(),
    };
    // Summaries wait for the engine's analysis: with an engine they are
    // made in the background and printed when ready (at the latest before
    // the next `:advance` and at end of input); without one they are
    // quick and printed right after the reply that ended the game.
    let background = service.analyses_games();
    let (done_tx, mut done_rx) = tokio::sync::mpsc::unbounded_channel::<(Vec<Reply>, FollowUp)>();
    let mut in_flight = 0usize;
    let stdin = BufReader::new(tokio::io::stdin());
    let mut stdout = tokio::io::BufWriter::new(tokio::io::stdout());
    let mut stdin = stdin;
    let mut raw = Vec::new();
    let mut buf = String::new();
    loop {
        // A shutdown stops the reading (a partial line was never
        // answered); the line in hand below always finishes. A summary
        // the engine finished while we wait for input is printed at once
        // (`read_until` keeps what it read so far when another branch
        // wins, and goes on from there).
        let read = tokio::select! {
            biased;
            () = process.shutdown.triggered() => break,
            Some(done) = done_rx.recv(), if in_flight > 0 => {
                in_flight -= 1;
                write_follow_up(&service, &mut out, &mut stdout, done).await?;
                continue;
            }
            read = stdin.read_until(b'\n', &mut raw) => read?,
        };
        if read == 0 && raw.is_empty() {
            break;
        }
        // `:advance` runs the announcer: summaries in flight are posted
        // (and acknowledged) first, so it never posts them a second time.
        if raw.starts_with(b":advance") {
            while in_flight > 0 {
                let Some(done) = done_rx.recv().await else {
                    break;
                };
                in_flight -= 1;
                write_follow_up(&service, &mut out, &mut stdout, done).await?;
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
        for (r, author) in &replies {
            buf.push_str(&out.format(r, author.as_deref()));
            // What follows a reply (a game's summary) comes right after it,
            // or when the engine is done.
            if let Some(work) = &r.follow_up {
                stdout.write_all(buf.as_bytes()).await?;
                stdout.flush().await?;
                buf.clear();
                if background {
                    let (service, work, done) = (service.clone(), work.clone(), done_tx.clone());
                    in_flight += 1;
                    tokio::spawn(async move {
                        let replies = service.follow_up(&work).await;
                        // The receiver lives until every one is in.
                        let _ = done.send((replies, work));
                    });
                } else {
                    let replies = service.follow_up(work).await;
                    write_follow_up(&service, &mut out, &mut stdout, (replies, work.clone()))
                        .await?;
                }
            }
        }
        if !buf.is_empty() {
            stdout.write_all(buf.as_bytes()).await?;
            buf.clear();
        }
        while let Ok(done) = done_rx.try_recv() {
            in_flight -= 1;
            write_follow_up(&service, &mut out, &mut stdout, done).await?;
        }
        stdout.flush().await?;
        raw.clear();
        if read == 0 {
            // The last line had no newline: it was the end of input.
            break;
        }
    }
    // End of input: finish the work in flight and print what it causes.
    while in_flight > 0 {
        let Some(done) = done_rx.recv().await else {
            break;
        };
        in_flight -= 1;
        write_follow_up(&service, &mut out, &mut stdout, done).await?;
    }
    stdout.flush().await?;
    // ---- puzzles: finish the puzzles being made before the store closes.
    service.settle_background().await;
    if process.shutdown.is_triggered() {
        process.stopping();
        tracing::warn!("stopped reading input; the last line was finished");
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
