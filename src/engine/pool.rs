//! The Stockfish processes: finding the binary, a small pool of processes
//! started lazily and reused, every search bounded in time, and a process
//! that dies or hangs killed and replaced. All I/O is `tokio::process`, so
//! nothing here blocks the runtime. Work no one waits on in a chat (a
//! game's analysis, a puzzle search) holds at most the pool's background
//! share of the processes, so a computer's move never queues behind it.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::sync::Semaphore;

use super::uci::{SearchOutcome, go_command, position_command};
use super::{
    EngineError, Evaluation, GameAnalysis, Level, PvLine, Searcher, decided_on_board,
    move_from_uci, pv_lines, replay,
};
use crate::chess::{Color, Game, Move, Position};

mod game_analysis;
mod process;

pub use game_analysis::{ANALYSIS_NODES, SHALLOW_NODES};
use process::Process;

/// Where Debian installs Stockfish (not on a normal user's `PATH`).
pub const DEBIAN_STOCKFISH: &str = "/usr/games/stockfish";

/// Starting a process: `uci` to `uciok`, options, `isready` to `readyok`.
const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(10);
/// Options, `ucinewgame` and `isready` before a search.
const SYNC_TIMEOUT: Duration = Duration::from_secs(5);
/// How long past its move time a search may run before we send `stop`.
pub(super) const SEARCH_SLACK: Duration = Duration::from_secs(1);
/// How long a stopped search has to send its `bestmove` before the process
/// is killed.
pub(super) const STOP_GRACE: Duration = Duration::from_millis(500);
/// The search depth of [`Engine::evaluate`](super::Engine::evaluate) (the move time is the limit).
const EVALUATE_DEPTH: u32 = 30;
/// Each process's hash table in MiB unless `ENGINE_HASH_MB` says: small,
/// since our searches are short and a host runs one process per core.
pub const DEFAULT_HASH_MB: u32 = 16;
/// The largest hash table `ENGINE_HASH_MB` may ask for, in MiB.
pub const MAX_HASH_MB: u32 = 4096;
/// The most processes `ENGINE_THREADS` may ask for.
const MAX_PROCESSES: usize = 64;
/// The most lines a MultiPV search asks for.
const MAX_MULTIPV: usize = 8;

/// Where the engine is and how many processes to run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EngineConfig {
    /// The binary (`STOCKFISH_PATH`); `None` to look for it.
    pub stockfish_path: Option<PathBuf>,
    /// How many engine processes at most (`ENGINE_THREADS`); `None` for one
    /// per core.
    pub processes: Option<usize>,
    /// Each process's hash table in MiB (`ENGINE_HASH_MB`); `None` for
    /// [`DEFAULT_HASH_MB`].
    pub hash_mb: Option<u32>,
    /// The directories to look in for `stockfish` (`PATH`).
    pub search_path: Option<OsString>,
    /// The endgame tables (`CHESSBOT_SYZYGY_PATH`, directories separated
    /// by `:`): given to the engine as `SyzygyPath` for background work
    /// (analyses, puzzle searches) only, never for a move or an evaluation
    /// during a game.
    pub syzygy_path: Option<OsString>,
}

impl EngineConfig {
    /// From `STOCKFISH_PATH`, `ENGINE_THREADS`, `ENGINE_HASH_MB`, `PATH` and
    /// `CHESSBOT_SYZYGY_PATH`.
    #[must_use]
    pub fn from_env() -> EngineConfig {
        EngineConfig::from_lookup(|name| std::env::var_os(name))
    }

    /// From variables looked up by `get` (the environment, or a test's map).
    /// An `ENGINE_THREADS` that is not a number from 1 to 64 is ignored with
    /// a warning.
    pub fn from_lookup(get: impl Fn(&str) -> Option<OsString>) -> EngineConfig {
        let processes = get("ENGINE_THREADS").and_then(|v| {
            let text = v.to_string_lossy().trim().to_string();
            match text.parse::<usize>() {
                Ok(n) if (1..=MAX_PROCESSES).contains(&n) => Some(n),
                _ => {
                    tracing::warn!(
                        value = %text,
                        "ENGINE_THREADS must be a number from 1 to {MAX_PROCESSES}; using one per core"
                    );
                    None
                }
            }
        });
        // Checked at start with the other settings (`config::check_value`):
        // a value out of range never gets here from the real settings.
        let hash_mb = get("ENGINE_HASH_MB").and_then(|v| {
            v.to_string_lossy()
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|mb| (1..=MAX_HASH_MB).contains(mb))
        });
        EngineConfig {
            stockfish_path: get("STOCKFISH_PATH")
                .filter(|p| !p.is_empty())
                .map(PathBuf::from),
            processes,
            hash_mb,
            search_path: get("PATH"),
            syzygy_path: get("CHESSBOT_SYZYGY_PATH").filter(|p| !p.is_empty()),
        }
    }
}

/// Finds the engine binary: `explicit` (`STOCKFISH_PATH`) when given, else
/// `stockfish` in `search_path`, else `fallback`.
///
/// # Errors
/// [`EngineError::Unavailable`] saying what was tried.
pub fn find_binary(
    explicit: Option<&Path>,
    search_path: Option<&OsStr>,
    fallback: &Path,
) -> Result<PathBuf, EngineError> {
    if let Some(path) = explicit {
        return if is_executable(path) {
            Ok(path.to_path_buf())
        } else {
            Err(EngineError::Unavailable {
                reason: format!(
                    "STOCKFISH_PATH={} is not an executable file",
                    path.display()
                ),
            })
        };
    }
    if let Some(dirs) = search_path {
        for dir in std::env::split_paths(dirs) {
            let candidate = dir.join("stockfish");
            if is_executable(&candidate) {
                return Ok(candidate);
            }
        }
    }
    if is_executable(fallback) {
        return Ok(fallback.to_path_buf());
    }
    Err(EngineError::Unavailable {
        reason: format!(
            "no `stockfish` on PATH nor at {}, and STOCKFISH_PATH is not set",
            fallback.display()
        ),
    })
}

fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// One search to run on some process.
#[derive(Clone, Debug)]
pub(super) struct SearchRequest {
    /// The `position ...` command.
    pub position: String,
    /// The `go ...` command.
    pub go: String,
    /// Stockfish's `Skill Level` for this search.
    pub skill: u8,
    /// Send `ucinewgame` first (a fresh game for the engine).
    pub new_game: bool,
    /// Chess960 (`UCI_Chess960`: castling as the king taking its rook).
    pub chess960: bool,
    /// The `go` command's move time (the search's bound is this plus a
    /// slack).
    pub movetime: Duration,
    /// Stockfish's `MultiPV` for this search (1: the best line only).
    pub multipv: u8,
    /// Work no one waits on in a chat (analysis, puzzle search): it runs
    /// within the pool's background share.
    pub background: bool,
}

impl SearchRequest {
    /// A full-strength search (skill 20, the hash table kept) of the
    /// position `played` reaches from `start`, for about `movetime`, with
    /// `multipv` lines.
    fn full_strength(
        start: &Position,
        played: &[Move],
        movetime: Duration,
        multipv: u8,
        background: bool,
    ) -> SearchRequest {
        let uci: Vec<String> = played.iter().map(|m| start.uci(*m)).collect();
        SearchRequest {
            position: position_command(&start.fen(), &uci),
            go: go_command(EVALUATE_DEPTH, movetime),
            skill: 20,
            new_game: false,
            chess960: start.variant().is_chess960(),
            movetime,
            multipv,
            background,
        }
    }
}

/// A pool of Stockfish processes (cheap to clone; clones share the pool).
#[derive(Clone)]
pub struct Stockfish {
    inner: Arc<Inner>,
}

pub(super) struct Inner {
    path: PathBuf,
    size: usize,
    /// Each process's hash table in MiB.
    hash_mb: u32,
    /// The endgame tables' directories, for background searches.
    syzygy: Option<String>,
    /// One permit per process that may run.
    permits: Semaphore,
    /// One permit per process background work may hold at once (see
    /// [`background_share`]), taken before a process permit.
    background_permits: Semaphore,
    /// Started processes waiting for work.
    idle: Mutex<Vec<Process>>,
}

impl Stockfish {
    /// A pool for the configured binary (found as [`find_binary`] says, with
    /// `/usr/games/stockfish` last); no process starts before the first
    /// search.
    ///
    /// # Errors
    /// [`EngineError::Unavailable`] when there is no binary.
    pub fn new(config: &EngineConfig) -> Result<Stockfish, EngineError> {
        let path = find_binary(
            config.stockfish_path.as_deref(),
            config.search_path.as_deref(),
            Path::new(DEBIAN_STOCKFISH),
        )?;
        let size = config.processes.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        });
        let mut pool = Stockfish::with_binary(path, size);
        if let Some(inner) = Arc::get_mut(&mut pool.inner) {
            if let Some(mb) = config.hash_mb {
                inner.hash_mb = mb;
            }
            inner.syzygy = config
                .syzygy_path
                .as_ref()
                .map(|p| p.to_string_lossy().into_owned());
        }
        Ok(pool)
    }

    /// A pool of at most `size` processes (at least one) of the binary at
    /// `path`, not checked until a process starts.
    #[must_use]
    pub fn with_binary(path: PathBuf, size: usize) -> Stockfish {
        let size = size.clamp(1, MAX_PROCESSES);
        Stockfish {
            inner: Arc::new(Inner {
                path,
                size,
                hash_mb: DEFAULT_HASH_MB,
                syzygy: None,
                permits: Semaphore::new(size),
                background_permits: Semaphore::new(background_share(size)),
                idle: Mutex::new(Vec::new()),
            }),
        }
    }

    /// The engine binary.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.inner.path
    }

    /// The most processes that run at once.
    #[must_use]
    pub fn size(&self) -> usize {
        self.inner.size
    }

    /// The operating system's ids of the started processes now idle (for
    /// tests and diagnostics).
    #[must_use]
    pub fn idle_pids(&self) -> Vec<u32> {
        self.inner
            .lock_idle()
            .iter()
            .filter_map(|p| p.pid)
            .collect()
    }
}

/// How many of a pool's `size` processes background work may hold at
/// once: all but one, so a computer's move (or its draw decision) finds a
/// process after at most the search already running on it; a pool of one
/// process is shared, as nothing else could run at all.
#[must_use]
pub fn background_share(size: usize) -> usize {
    size.saturating_sub(1).max(1)
}

impl Inner {
    /// How many processes background work may hold at once.
    pub(super) fn background_share(&self) -> usize {
        background_share(self.size)
    }

    fn lock_idle(&self) -> std::sync::MutexGuard<'_, Vec<Process>> {
        // A panic elsewhere leaves the list itself consistent.
        self.idle.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// An idle process that is still alive; dead ones are dropped.
    fn take_idle(&self) -> Option<Process> {
        let mut idle = self.lock_idle();
        while let Some(mut p) = idle.pop() {
            match p.child.try_wait() {
                Ok(None) => return Some(p),
                Ok(Some(status)) => {
                    tracing::warn!(pid = ?p.pid, %status, "engine process exited; it will be replaced");
                }
                Err(e) => {
                    tracing::warn!(pid = ?p.pid, error = %e, "engine process unreachable; it will be replaced");
                }
            }
        }
        None
    }

    fn put_idle(&self, p: Process) {
        self.lock_idle().push(p);
    }

    /// Runs one search on a free process, starting one if none is idle.
    /// A reused process found dead during the search is replaced and the
    /// search run once more on the new one.
    pub(super) async fn search(&self, req: SearchRequest) -> Result<SearchOutcome, EngineError> {
        let closed = |_| EngineError::Protocol("the engine pool is closed".into());
        crate::metrics::ENGINE_QUEUE.inc();
        let share = if req.background {
            Some(self.background_permits.acquire().await)
        } else {
            None
        };
        let permit = self.permits.acquire().await;
        crate::metrics::ENGINE_QUEUE.dec();
        let _share = share.transpose().map_err(closed)?;
        let _permit = permit.map_err(closed)?;
        crate::metrics::ENGINE_SEARCHES.inc();
        let (mut process, reused) = match self.take_idle() {
            Some(p) => (p, true),
            None => (Process::start(&self.path, self.hash_mb).await?, false),
        };
        // The tables help analyses and puzzle searches; a game's move or
        // evaluation sees none, as before there were tables.
        let tables = self.syzygy.as_deref().filter(|_| req.background);
        // On an error the process is dropped, which kills it (also when this
        // future is dropped mid-search).
        match process.run(&req, tables).await {
            Ok(out) => {
                self.put_idle(process);
                Ok(out)
            }
            Err(EngineError::Crashed | EngineError::Io { .. }) if reused => {
                tracing::warn!(pid = ?process.pid, "engine process died; starting a new one");
                drop(process);
                let mut fresh = Process::start(&self.path, self.hash_mb).await?;
                let out = fresh.run(&req, tables).await?;
                self.put_idle(fresh);
                Ok(out)
            }
            Err(e) => Err(e),
        }
    }
}

impl Searcher for Stockfish {
    async fn play(
        &self,
        start_fen: &str,
        moves: &[String],
        level: Level,
    ) -> Result<Move, EngineError> {
        let (start, played) = replay(start_fen, moves)?;
        let position = super::position_after(&start, &played);
        if !position.has_legal_move() {
            return Err(EngineError::NoLegalMove);
        }
        let out = self
            .inner
            .search(SearchRequest {
                go: go_command(level.depth(), level.movetime()),
                skill: level.skill(),
                new_game: true,
                ..SearchRequest::full_strength(&start, &played, level.movetime(), 1, false)
            })
            .await?;
        let best = out
            .best
            .ok_or_else(|| EngineError::Protocol("no best move in a position with moves".into()))?;
        move_from_uci(&position, &best)
            .ok_or_else(|| EngineError::Protocol(format!("illegal best move {best:?}")))
    }

    async fn eval(
        &self,
        start_fen: &str,
        moves: &[String],
        movetime: Duration,
    ) -> Result<Evaluation, EngineError> {
        let (start, played) = replay(start_fen, moves)?;
        let position = super::position_after(&start, &played);
        if let Some(decided) = decided_on_board(&position) {
            return Ok(decided);
        }
        let out = self
            .inner
            .search(SearchRequest::full_strength(
                &start, &played, movetime, 1, false,
            ))
            .await?;
        let score = out
            .score
            .ok_or_else(|| EngineError::Protocol("a search without a score".into()))?;
        Ok(Evaluation {
            score: score.for_side(position.turn(), Color::White),
            best: out
                .best
                .as_deref()
                .and_then(|b| move_from_uci(&position, b)),
            depth: out.depth,
        })
    }

    async fn multi(
        &self,
        start_fen: &str,
        moves: &[String],
        count: usize,
        movetime: Duration,
    ) -> Result<Vec<PvLine>, EngineError> {
        let (start, played) = replay(start_fen, moves)?;
        let position = super::position_after(&start, &played);
        if !position.has_legal_move() {
            return Ok(Vec::new());
        }
        let multipv = u8::try_from(count.clamp(1, MAX_MULTIPV)).unwrap_or(1);
        // Lines are asked for by puzzle searches only: background work.
        let out = self
            .inner
            .search(SearchRequest::full_strength(
                &start, &played, movetime, multipv, true,
            ))
            .await?;
        Ok(pv_lines(&position, &out.lines))
    }

    fn analyse(
        &self,
        game: &Game,
        budget: Duration,
    ) -> impl Future<Output = Result<GameAnalysis, EngineError>> + Send {
        game_analysis::drive(&self.inner, game, budget)
    }
}

/// The engine where none is installed: every call answers
/// [`EngineError::Unavailable`] with the reason it was not found.
#[derive(Clone, Debug)]
pub struct MissingEngine {
    reason: String,
}

impl MissingEngine {
    /// From the error that said why (its reason is kept).
    #[must_use]
    pub fn new(error: EngineError) -> MissingEngine {
        let reason = match error {
            EngineError::Unavailable { reason } => reason,
            other => other.to_string(),
        };
        MissingEngine { reason }
    }

    fn error(&self) -> EngineError {
        EngineError::Unavailable {
            reason: self.reason.clone(),
        }
    }
}

impl Searcher for MissingEngine {
    fn available(&self) -> Result<(), EngineError> {
        Err(self.error())
    }

    async fn play(&self, _: &str, _: &[String], _: Level) -> Result<Move, EngineError> {
        Err(self.error())
    }

    async fn eval(&self, _: &str, _: &[String], _: Duration) -> Result<Evaluation, EngineError> {
        Err(self.error())
    }

    async fn multi(
        &self,
        _: &str,
        _: &[String],
        _: usize,
        _: Duration,
    ) -> Result<Vec<PvLine>, EngineError> {
        Err(self.error())
    }

    async fn analyse(&self, _: &Game, _: Duration) -> Result<GameAnalysis, EngineError> {
        Err(self.error())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use super::*;
    use crate::engine::Engine;

    fn config(vars: &[(&str, &str)]) -> EngineConfig {
        let map: HashMap<String, OsString> = vars
            .iter()
            .map(|(k, v)| ((*k).to_string(), OsString::from(v)))
            .collect();
        EngineConfig::from_lookup(|k| map.get(k).cloned())
    }

    #[test]
    fn config_reads_the_variables() {
        let c = config(&[
            ("STOCKFISH_PATH", "/opt/sf"),
            ("ENGINE_THREADS", "3"),
            ("PATH", "/bin"),
        ]);
        assert_eq!(c.stockfish_path.as_deref(), Some(Path::new("/opt/sf")));
        assert_eq!(c.processes, Some(3));
        assert_eq!(c.search_path.as_deref(), Some(OsStr::new("/bin")));
        assert_eq!(config(&[("ENGINE_THREADS", "0")]).processes, None);
        assert_eq!(config(&[("ENGINE_THREADS", "many")]).processes, None);
        assert_eq!(config(&[("STOCKFISH_PATH", "")]).stockfish_path, None);
        assert_eq!(config(&[]), EngineConfig::default());
    }

    #[test]
    fn a_missing_explicit_binary_is_unavailable_without_fallback() {
        let e = find_binary(
            Some(Path::new("/nonexistent")),
            Some(OsStr::new("/bin:/usr/bin")),
            Path::new("/bin/sh"),
        )
        .unwrap_err();
        assert!(e.is_unavailable());
        assert!(e.to_string().contains("STOCKFISH_PATH=/nonexistent"), "{e}");
        assert!(e.to_string().contains("apt-get install stockfish"), "{e}");
    }

    #[test]
    fn the_binary_is_looked_for_on_path_then_in_the_fallback() {
        let dir = tempfile::tempdir().unwrap();
        let sf = dir.path().join("stockfish");
        std::fs::write(&sf, "#!/bin/sh\n").unwrap();
        let fallback = dir.path().join("elsewhere");
        // Not executable yet: not found.
        let e = find_binary(None, Some(dir.path().as_os_str()), &fallback).unwrap_err();
        assert!(e.is_unavailable());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&sf, std::fs::Permissions::from_mode(0o755)).unwrap();
            assert_eq!(
                find_binary(None, Some(dir.path().as_os_str()), &fallback).unwrap(),
                sf
            );
            assert_eq!(find_binary(None, None, &sf).unwrap(), sf);
            assert_eq!(find_binary(Some(&sf), None, &fallback).unwrap(), sf);
        }
    }

    #[test]
    fn a_pool_without_a_binary_is_unavailable() {
        let c = EngineConfig {
            stockfish_path: Some("/nonexistent".into()),
            ..EngineConfig::default()
        };
        assert!(Stockfish::new(&c).err().is_some_and(|e| e.is_unavailable()));
        let engine = super::super::from_config(&c);
        assert!(engine.check().is_err_and(|e| e.is_unavailable()));
    }

    #[tokio::test]
    async fn a_binary_that_is_no_engine_fails_fast() {
        // `true` exits at once: the handshake sees the end of its output.
        let path = PathBuf::from("/bin/true");
        if !path.exists() {
            return;
        }
        let pool = Stockfish::with_binary(path, 1);
        let e = pool
            .best_move(crate::chess::START_FEN, &[], Level::MIN)
            .await
            .unwrap_err();
        assert!(
            matches!(e, EngineError::Crashed | EngineError::Io { .. }),
            "{e:?}"
        );
        assert!(pool.idle_pids().is_empty());
    }

    #[tokio::test]
    async fn the_missing_engine_answers_unavailable() {
        let m = MissingEngine::new(EngineError::Unavailable {
            reason: "not here".into(),
        });
        let e = m
            .best_move(crate::chess::START_FEN, &[], Level::MIN)
            .await
            .unwrap_err();
        assert!(e.is_unavailable());
        assert!(e.to_string().contains("not here"));
        let game = Game::new(crate::chess::RulesMode::default());
        assert!(m.analyse_game(&game, Duration::from_secs(1)).await.is_err());
    }
}
