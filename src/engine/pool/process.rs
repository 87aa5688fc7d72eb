//! One Stockfish process: started with none of the bot's environment, the
//! UCI handshake, every line sent and read bounded in time, and a search
//! run to its `bestmove` with the options it needs set first.

use std::path::Path;
use std::process::Stdio;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::timeout;

use super::super::EngineError;
use super::super::uci::{
    EngineLine, SearchCollector, SearchOutcome, parse_line, setoption_command,
};
use super::{HANDSHAKE_TIMEOUT, SEARCH_SLACK, STOP_GRACE, SYNC_TIMEOUT, SearchRequest};

/// The variables an engine process inherits: where programs are, the home
/// directory, the locale and the time zone; nothing that may hold a secret.
fn engine_may_see(name: &str) -> bool {
    matches!(name, "PATH" | "HOME" | "LANG" | "TZ" | "TMPDIR") || name.starts_with("LC_")
}

/// One engine process and the option values it holds.
pub(super) struct Process {
    pub(super) child: Child,
    pub(super) stdin: ChildStdin,
    pub(super) lines: Lines<BufReader<ChildStdout>>,
    pub(super) pid: Option<u32>,
    /// The `Skill Level` it was last given.
    pub(super) skill: u8,
    /// The `UCI_Chess960` value it was last given.
    pub(super) chess960: bool,
    /// The `MultiPV` it was last given.
    pub(super) multipv: u8,
    /// Whether it was last given the endgame tables (`SyzygyPath`).
    pub(super) tables: bool,
}

impl Drop for Process {
    fn drop(&mut self) {
        // The child is killed as it is dropped (`kill_on_drop`).
        if let Some(pid) = self.pid {
            crate::metrics::engine_stopped(pid);
        }
    }
}

impl Process {
    /// Starts the binary and completes the UCI handshake.
    pub(super) async fn start(path: &Path, hash_mb: u32) -> Result<Process, EngineError> {
        let mut command = Command::new(path);
        // The engine gets none of the bot's environment: its tokens,
        // passwords and database URL stay in the bot's process.
        command.env_clear();
        for (name, value) in std::env::vars_os() {
            if name.to_str().is_some_and(engine_may_see) {
                command.env(name, value);
            }
        }
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true);
        // The console pins its command path to one CPU; the engine gets
        // all of them.
        crate::affinity::unpin_child(&mut command);
        let mut child = command.spawn().map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound | std::io::ErrorKind::PermissionDenied => {
                EngineError::Unavailable {
                    reason: format!("cannot run {}: {e}", path.display()),
                }
            }
            _ => EngineError::Io {
                context: "starting the engine",
                source: e,
            },
        })?;
        let pid = child.id();
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(EngineError::Protocol("engine started without pipes".into()));
        };
        let mut p = Process {
            child,
            stdin,
            lines: BufReader::new(stdout).lines(),
            pid,
            skill: 20,
            chess960: false,
            multipv: 1,
            tables: false,
        };
        if let Some(pid) = pid {
            crate::metrics::engine_started(pid);
        }
        let name = timeout(HANDSHAKE_TIMEOUT, p.handshake(hash_mb))
            .await
            .map_err(|_| EngineError::Timeout(HANDSHAKE_TIMEOUT))??;
        tracing::debug!(pid = ?p.pid, engine = %name, "engine process started");
        Ok(p)
    }

    /// `uci` ... `uciok`, our options, `isready` ... `readyok`; returns the
    /// engine's name.
    pub(super) async fn handshake(&mut self, hash_mb: u32) -> Result<String, EngineError> {
        self.send("uci").await?;
        let mut name = String::new();
        loop {
            match parse_line(&self.read_line().await?) {
                EngineLine::UciOk => break,
                EngineLine::Name(n) => name = n,
                _ => {}
            }
        }
        self.send(&setoption_command("Threads", 1)).await?;
        self.send(&setoption_command("Hash", hash_mb)).await?;
        self.sync().await?;
        Ok(name)
    }

    pub(super) async fn send(&mut self, line: &str) -> Result<(), EngineError> {
        tracing::trace!(pid = ?self.pid, "> {line}");
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        self.stdin.write_all(&bytes).await.map_err(|e| {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                EngineError::Crashed
            } else {
                EngineError::Io {
                    context: "writing to the engine",
                    source: e,
                }
            }
        })?;
        self.stdin.flush().await.map_err(|e| EngineError::Io {
            context: "writing to the engine",
            source: e,
        })
    }

    pub(super) async fn read_line(&mut self) -> Result<String, EngineError> {
        match self.lines.next_line().await {
            Ok(Some(line)) => {
                tracing::trace!(pid = ?self.pid, "< {line}");
                Ok(line)
            }
            Ok(None) => Err(EngineError::Crashed),
            Err(e) => Err(EngineError::Io {
                context: "reading from the engine",
                source: e,
            }),
        }
    }

    /// `isready` and wait for `readyok`.
    pub(super) async fn sync(&mut self) -> Result<(), EngineError> {
        self.send("isready").await?;
        while parse_line(&self.read_line().await?) != EngineLine::ReadyOk {}
        Ok(())
    }

    /// Options and new game as asked, then `isready`.
    pub(super) async fn prepare(
        &mut self,
        req: &SearchRequest,
        tables: Option<&str>,
    ) -> Result<(), EngineError> {
        if self.tables != tables.is_some() {
            // `<empty>` is Stockfish's own "no tables".
            self.send(&setoption_command(
                "SyzygyPath",
                tables.unwrap_or("<empty>"),
            ))
            .await?;
            self.tables = tables.is_some();
        }
        if self.skill != req.skill {
            self.send(&setoption_command("Skill Level", req.skill))
                .await?;
            self.skill = req.skill;
        }
        if self.chess960 != req.chess960 {
            self.send(&setoption_command("UCI_Chess960", req.chess960))
                .await?;
            self.chess960 = req.chess960;
        }
        if self.multipv != req.multipv {
            self.send(&setoption_command("MultiPV", req.multipv))
                .await?;
            self.multipv = req.multipv;
        }
        if req.new_game {
            self.send("ucinewgame").await?;
        }
        self.sync().await
    }

    pub(super) async fn read_until_bestmove(
        &mut self,
        collector: &mut SearchCollector,
    ) -> Result<SearchOutcome, EngineError> {
        loop {
            let line = parse_line(&self.read_line().await?);
            if let Some(out) = collector.push(&line) {
                return Ok(out);
            }
        }
    }

    /// One bounded search. Past its bound the search is stopped; if no
    /// `bestmove` follows within a grace period the error is a time-out and
    /// the caller drops (kills) the process.
    pub(super) async fn run(
        &mut self,
        req: &SearchRequest,
        tables: Option<&str>,
    ) -> Result<SearchOutcome, EngineError> {
        timeout(SYNC_TIMEOUT, self.prepare(req, tables))
            .await
            .map_err(|_| EngineError::Timeout(SYNC_TIMEOUT))??;
        self.send(&req.position).await?;
        self.send(&req.go).await?;
        let bound = req.movetime + SEARCH_SLACK;
        let mut collector = SearchCollector::default();
        if let Ok(done) = timeout(bound, self.read_until_bestmove(&mut collector)).await {
            return done;
        }
        tracing::warn!(pid = ?self.pid, ?bound, "engine search overran its bound; stopping it");
        self.send("stop").await?;
        match timeout(STOP_GRACE, self.read_until_bestmove(&mut collector)).await {
            Ok(done) => done,
            Err(_) => {
                tracing::warn!(pid = ?self.pid, "engine did not stop; killing it");
                Err(EngineError::Timeout(bound))
            }
        }
    }
}
