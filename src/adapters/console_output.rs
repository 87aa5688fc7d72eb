//! The console's output thread: draws and writes the board pictures and
//! prints the bot's messages, in order, on a thread of its own.
//!
//! Why a thread: a picture is most of a move's CPU (0.4-0.5 ms for a
//! 512 px board and its file). Drawn here, it overlaps the next command's
//! database work instead of adding to it, and with the command path
//! pinned to one CPU (`crate::affinity`) it runs on the other. A reply is
//! still printed only after its move is committed and its picture is
//! written; lines come out in the order the replies were made.

use std::io::Write;
use std::path::PathBuf;

use chrono::{DateTime, Utc};
use tokio::sync::{mpsc, oneshot};

use crate::render::Renderer;
use crate::service::{
    Attachment, AttachmentKind, BoardImage, Event, Reply, board_spec, messages as msg,
};

/// Board picture width.
const IMAGE_SIZE: u32 = 512;

/// How many batches of replies may wait for the output thread before the
/// command loop waits for it.
const QUEUE: usize = 256;

/// Writes `bytes` to a new file at `path`. What is there already (a
/// picture of an earlier run, or a symbolic link someone put in its
/// place) is removed first, never written through: a link's target is not
/// the console's to overwrite. If something takes the name again before
/// the file is created, the write fails.
fn write_new(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    match std::fs::remove_file(path) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)?
        .write_all(bytes)
}

/// One output line of `--json`, fields in contract order.
#[derive(serde::Serialize)]
struct JsonLine<'a> {
    channel: &'a str,
    text: &'a str,
    image: Option<String>,
    /// The picture in words (its alt text), on every message with a
    /// board or a picture; absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    alt: Option<String>,
    mentions: Vec<&'a str>,
    event: Option<&'a Event>,
    /// The one user a private reply is for (absent for public messages).
    #[serde(skip_serializing_if = "Option::is_none")]
    to: Option<&'a str>,
    /// The reader's own link to the playable page of their game (private
    /// answers only).
    #[serde(skip_serializing_if = "Option::is_none")]
    play: Option<&'a str>,
}

/// What turns replies into output lines: the pictures drawn and written,
/// the lines in the contract's form.
pub(super) struct Output {
    pub(super) json: bool,
    /// Text boards under the pictures' paths (`--text-boards`).
    pub(super) text_boards: bool,
    pub(super) images: Option<PathBuf>,
    pub(super) renderer: Option<Renderer>,
    pub(super) seq: u64,
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
        write_new(&path, &png)
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
        write_new(&path, file.bytes.as_slice())
            .map_err(
                |e| tracing::warn!(error = %e, path = %path.display(), "writing a file failed"),
            )
            .ok()?;
        Some(path.display().to_string())
    }

    /// One reply as output; `author` wrote the command it answers (the
    /// one a private reply is for).
    /// `now` is the console clock's time when the reply was made:
    /// deadlines are shown relative to it.
    fn format(&mut self, r: &Reply, author: Option<&str>, now: DateTime<Utc>) -> String {
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
                AttachmentKind::Pgn | AttachmentKind::Report => files.extend(path),
            }
        }
        let mut text = msg::with_relative_times(r.locale, &r.text, now);
        // A link the text already shows is not shown twice.
        if let Some(link) = r.link.as_ref().filter(|l| !text.contains(&l.url)) {
            text.push_str(&format!("\n{}: {}", link.label, link.url));
        }
        if self.json {
            let line = JsonLine {
                channel: &r.place.channel,
                text: &text,
                image,
                alt: r.picture_alt(),
                mentions: r.mentions.iter().map(|a| a.name.as_str()).collect(),
                event: event.as_ref(),
                to,
                play: r.play.as_deref(),
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
                if let Some(path) = &image {
                    s.push_str(&format!("  (board: {path})\n"));
                }
                if (image.is_none() || self.text_boards)
                    && let Ok(p) = b.position()
                {
                    s.push_str(&crate::render::text_board(&p, b.flip));
                    if !s.ends_with('\n') {
                        s.push('\n');
                    }
                }
            }
            s
        }
    }
}

/// Output for a person at a terminal: what is written collects until a
/// flush and then goes through the line editor, which prints it above the
/// line being typed and draws the prompt and that line again below it.
pub(super) struct TerminalWriter {
    printer: Box<dyn rustyline::ExternalPrinter + Send>,
    pending: Vec<u8>,
}

impl TerminalWriter {
    pub(super) fn new(printer: Box<dyn rustyline::ExternalPrinter + Send>) -> TerminalWriter {
        TerminalWriter {
            printer,
            pending: Vec::new(),
        }
    }
}

impl Write for TerminalWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let text = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending.clear();
        self.printer
            .print(text)
            .map_err(|e| std::io::Error::other(e.to_string()))
    }
}

/// One batch for the output thread.
struct Job {
    /// Each reply with the author of the command it answers.
    replies: Vec<(Reply, Option<String>)>,
    /// The console clock's time when the replies were made.
    now: DateTime<Utc>,
    /// Told once these lines are written and flushed.
    printed: Option<oneshot::Sender<()>>,
}

/// The command loop's end of the output thread.
pub(super) struct Printer {
    jobs: Option<mpsc::Sender<Job>>,
    thread: Option<tokio::task::JoinHandle<std::io::Result<()>>>,
}

impl Printer {
    /// Starts the output thread; it writes to stdout.
    pub(super) fn start(out: Output) -> Printer {
        Printer::start_with(out, Box::new(std::io::stdout()))
    }

    /// Starts the output thread writing to `sink`.
    pub(super) fn start_with(out: Output, sink: Box<dyn Write + Send>) -> Printer {
        let (tx, rx) = mpsc::channel(QUEUE);
        let thread = tokio::task::spawn_blocking(move || {
            crate::affinity::leave_pinned_cpu();
            print_loop(out, rx, sink)
        });
        Printer {
            jobs: Some(tx),
            thread: Some(thread),
        }
    }

    /// Queues replies; they are printed in order, soon.
    ///
    /// # Errors
    /// Writing to stdout failed.
    pub(super) async fn print(
        &mut self,
        replies: Vec<(Reply, Option<String>)>,
        now: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        if replies.is_empty() {
            return Ok(());
        }
        self.send(Job {
            replies,
            now,
            printed: None,
        })
        .await
    }

    /// Prints replies and waits until they and everything before them are
    /// written and flushed (a summary is acknowledged only once it is out).
    ///
    /// # Errors
    /// Writing to stdout failed.
    pub(super) async fn print_now(
        &mut self,
        replies: Vec<Reply>,
        now: DateTime<Utc>,
    ) -> anyhow::Result<()> {
        let (tx, rx) = oneshot::channel();
        self.send(Job {
            replies: replies.into_iter().map(|r| (r, None)).collect(),
            now,
            printed: Some(tx),
        })
        .await?;
        if rx.await.is_err() {
            return Err(self.failure().await);
        }
        Ok(())
    }

    async fn send(&mut self, job: Job) -> anyhow::Result<()> {
        let sent = match &self.jobs {
            Some(jobs) => jobs.send(job).await.is_ok(),
            None => false,
        };
        if sent {
            Ok(())
        } else {
            Err(self.failure().await)
        }
    }

    /// Why the output thread stopped.
    async fn failure(&mut self) -> anyhow::Error {
        self.jobs = None;
        match self.thread.take() {
            Some(thread) => match thread.await {
                Ok(Err(e)) => anyhow::Error::from(e).context("writing the output"),
                Ok(Ok(())) => anyhow::anyhow!("the output thread stopped"),
                Err(e) => anyhow::anyhow!("the output thread failed: {e}"),
            },
            None => anyhow::anyhow!("the output thread stopped"),
        }
    }

    /// Prints what is queued and stops the output thread.
    ///
    /// # Errors
    /// Writing to stdout failed.
    pub(super) async fn finish(mut self) -> anyhow::Result<()> {
        self.jobs = None;
        match self.thread.take() {
            Some(thread) => match thread.await {
                Ok(result) => Ok(result?),
                Err(e) => Err(anyhow::anyhow!("the output thread failed: {e}")),
            },
            None => Ok(()),
        }
    }
}

/// The output thread: formats each batch and flushes whenever nothing
/// more is waiting, so a reader sees each answer as soon as it is out.
fn print_loop(
    mut out: Output,
    mut jobs: mpsc::Receiver<Job>,
    stdout: impl Write,
) -> std::io::Result<()> {
    let mut w = std::io::BufWriter::with_capacity(64 * 1024, stdout);
    while let Some(job) = jobs.blocking_recv() {
        for (r, author) in &job.replies {
            let text = out.format(r, author.as_deref(), job.now);
            w.write_all(text.as_bytes())?;
        }
        if job.printed.is_some() || jobs.is_empty() {
            w.flush()?;
        }
        if let Some(printed) = job.printed {
            let _ = printed.send(());
        }
    }
    w.flush()
}
