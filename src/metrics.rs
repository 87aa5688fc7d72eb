//! Process metrics: counters the layers bump on their way (atomics; a
//! short lock only for the per-command tables), the platform connection
//! state `/readyz` reads, and their Prometheus text form (`/metrics`).
//!
//! Depends on nothing of ours: the store, the engine, the service and the
//! adapters call in, never the other way (tests/it/layering.rs). Values
//! count since the process started, as Prometheus expects of counters.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::time::Duration;

/// A count that only goes up.
#[derive(Debug, Default)]
pub struct Counter(AtomicU64);

impl Counter {
    /// Zero.
    #[must_use]
    pub const fn new() -> Counter {
        Counter(AtomicU64::new(0))
    }
    /// One more.
    pub fn inc(&self) {
        self.0.fetch_add(1, Relaxed);
    }
    /// The count.
    #[must_use]
    pub fn get(&self) -> u64 {
        self.0.load(Relaxed)
    }
}

/// A value that goes up and down.
#[derive(Debug, Default)]
pub struct Gauge(AtomicI64);

impl Gauge {
    /// Zero.
    #[must_use]
    pub const fn new() -> Gauge {
        Gauge(AtomicI64::new(0))
    }
    /// One more.
    pub fn inc(&self) {
        self.0.fetch_add(1, Relaxed);
    }
    /// One less.
    pub fn dec(&self) {
        self.0.fetch_sub(1, Relaxed);
    }
    /// The value.
    #[must_use]
    pub fn get(&self) -> i64 {
        self.0.load(Relaxed)
    }
}

/// Upper bounds (seconds) of the command latency buckets.
pub const COMMAND_BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];
/// Upper bounds (seconds) of the game analysis buckets.
pub const ANALYSIS_BUCKETS: [f64; 9] = [0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0];

/// A histogram of durations over fixed buckets, lock-free.
#[derive(Debug)]
pub struct Histogram<const N: usize> {
    bounds: [f64; N],
    /// Observations at or below each bound (not cumulative).
    buckets: [AtomicU64; N],
    count: AtomicU64,
    /// Sum of the observations in microseconds.
    sum_micros: AtomicU64,
}

impl<const N: usize> Histogram<N> {
    /// Empty, over `bounds` (ascending, seconds).
    #[must_use]
    pub const fn new(bounds: [f64; N]) -> Histogram<N> {
        Histogram {
            bounds,
            buckets: [const { AtomicU64::new(0) }; N],
            count: AtomicU64::new(0),
            sum_micros: AtomicU64::new(0),
        }
    }

    /// Records one duration.
    pub fn observe(&self, d: Duration) {
        let secs = d.as_secs_f64();
        if let Some(i) = self.bounds.iter().position(|b| secs <= *b) {
            self.buckets[i].fetch_add(1, Relaxed);
        }
        self.count.fetch_add(1, Relaxed);
        let micros = u64::try_from(d.as_micros()).unwrap_or(u64::MAX);
        self.sum_micros.fetch_add(micros, Relaxed);
    }

    fn write(&self, out: &mut String, name: &str, labels: &str) {
        let sep = if labels.is_empty() { "" } else { "," };
        let mut cumulative = 0;
        for (bound, n) in self.bounds.iter().zip(&self.buckets) {
            cumulative += n.load(Relaxed);
            let _ = writeln!(
                out,
                "{name}_bucket{{{labels}{sep}le=\"{bound}\"}} {cumulative}"
            );
        }
        let count = self.count.load(Relaxed);
        let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {count}");
        let braces = |s: &str| {
            if s.is_empty() {
                String::new()
            } else {
                format!("{{{s}}}")
            }
        };
        let sum = self.sum_micros.load(Relaxed) as f64 / 1e6;
        let _ = writeln!(out, "{name}_sum{} {sum}", braces(labels));
        let _ = writeln!(out, "{name}_count{} {count}", braces(labels));
    }
}

/// Commands by name: outcomes and latency.
#[derive(Debug, Default)]
struct CommandTable {
    /// (command, outcome) -> count.
    outcomes: BTreeMap<(&'static str, String), u64>,
    /// command -> latency histogram counts (per bucket, then count and
    /// sum in microseconds).
    latency: BTreeMap<&'static str, Latency>,
}

#[derive(Debug, Default, Clone)]
struct Latency {
    buckets: [u64; COMMAND_BUCKETS.len()],
    count: u64,
    sum_micros: u64,
}

static COMMANDS: Mutex<CommandTable> = Mutex::new(CommandTable {
    outcomes: BTreeMap::new(),
    latency: BTreeMap::new(),
});

/// Records one command: its name, its outcome (`ok`, a user error code of
/// the console contract, or `internal`) and how long it took.
pub fn command(name: &'static str, outcome: &str, took: Duration) {
    let mut t = COMMANDS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    match t.outcomes.get_mut(&(name, outcome.to_string())) {
        Some(n) => *n += 1,
        None => {
            t.outcomes.insert((name, outcome.to_string()), 1);
        }
    }
    let l = t.latency.entry(name).or_default();
    let secs = took.as_secs_f64();
    if let Some(i) = COMMAND_BUCKETS.iter().position(|b| secs <= *b) {
        l.buckets[i] += 1;
    }
    l.count += 1;
    l.sum_micros += u64::try_from(took.as_micros()).unwrap_or(u64::MAX);
}

/// Moves applied (players' and the computer's).
pub static MOVES_APPLIED: Counter = Counter::new();
/// Games started.
pub static GAMES_STARTED: Counter = Counter::new();
/// Games finished (any result, aborted games included).
pub static GAMES_FINISHED: Counter = Counter::new();
/// Reminders posted and acknowledged.
pub static REMINDERS_SENT: Counter = Counter::new();
/// Time-outs posted and acknowledged.
pub static TIMEOUTS_SENT: Counter = Counter::new();
/// Searches waiting for a free engine process.
pub static ENGINE_QUEUE: Gauge = Gauge::new();
/// Engine searches run (moves and analysis positions).
pub static ENGINE_SEARCHES: Counter = Counter::new();
/// How long a finished game's analysis took.
pub static ANALYSIS_TIME: Histogram<9> = Histogram::new(ANALYSIS_BUCKETS);
/// Queries that failed (any database error but a lost race).
pub static DB_ERRORS: Counter = Counter::new();
/// Platform connections made again after a loss (Discord resumes and
/// reconnects, Matrix syncs succeeding after failing).
pub static PLATFORM_RECONNECTS: Counter = Counter::new();
/// Discord's 429 answers (rate limits).
pub static DISCORD_RATE_LIMITED: Counter = Counter::new();
/// Commands refused because the process is shutting down.
pub static SHUTDOWN_REFUSED: Counter = Counter::new();
/// Spectator pages served (games, their PGN, leagues).
pub static PAGES_SERVED: Counter = Counter::new();
/// Live streams of spectator pages open now.
pub static SPECTATORS: Gauge = Gauge::new();

/// The platform connections of this process (Discord shards, the Matrix
/// sync): link id -> (live now, ever live).
static LINKS: Mutex<BTreeMap<u32, (bool, bool)>> = Mutex::new(BTreeMap::new());

fn links() -> std::sync::MutexGuard<'static, BTreeMap<u32, (bool, bool)>> {
    LINKS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Link `id` (a Discord shard, `0` for the Matrix sync) is connected: a
/// connection made again after it was lost counts as a reconnect.
pub fn link_up(id: u32) {
    if links().insert(id, (true, true)) == Some((false, true)) {
        PLATFORM_RECONNECTS.inc();
    }
}

/// Link `id` is not connected (lost, or not yet made).
pub fn link_down(id: u32) {
    let mut l = links();
    let ever = l.get(&id).is_some_and(|(_, ever)| *ever);
    l.insert(id, (false, ever));
}

/// Whether every platform link of this process is connected (and there
/// is at least one).
#[must_use]
pub fn links_live() -> bool {
    let l = links();
    !l.is_empty() && l.values().all(|(up, _)| *up)
}

/// Values computed at scrape time by the caller (from the store).
#[derive(Debug, Default, Clone, Copy)]
pub struct Scraped {
    /// Games running now, if the database answered.
    pub games_running: Option<i64>,
    /// Whether the platform connection is live (console: always).
    pub platform_connected: bool,
    /// Whether the database answered just now.
    pub database_up: bool,
}

fn family(out: &mut String, name: &str, kind: &str, help: &str) {
    let _ = writeln!(out, "# HELP {name} {help}");
    let _ = writeln!(out, "# TYPE {name} {kind}");
}

fn single(out: &mut String, name: &str, kind: &str, help: &str, value: impl std::fmt::Display) {
    family(out, name, kind, help);
    let _ = writeln!(out, "{name} {value}");
}

/// A label value escaped for the text format.
fn label(v: &str) -> String {
    v.replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// The version, the git commit and the platforms built in (what
/// `version.rs` names too; read here from what `build.rs` sets, since the
/// counters depend on nothing of ours).
const BUILD: (&str, &str, &str) = (
    env!("CARGO_PKG_VERSION"),
    env!("CHESSBOT_GIT_COMMIT"),
    env!("CHESSBOT_FEATURES"),
);

/// Every metric in the Prometheus text exposition format (version 0.0.4).
#[must_use]
pub fn render(scraped: Scraped) -> String {
    let mut out = String::with_capacity(4096);
    // Which build answers: a constant 1 with the version, the commit and
    // the platforms as labels (joined onto other series by instance).
    family(
        &mut out,
        "chessbot_build_info",
        "gauge",
        "The running build: version, git commit and the platforms built in (always 1).",
    );
    let _ = writeln!(
        out,
        "chessbot_build_info{{version=\"{}\",commit=\"{}\",features=\"{}\"}} 1",
        label(BUILD.0),
        label(BUILD.1),
        label(BUILD.2)
    );
    let table = COMMANDS
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let (outcomes, latency) = (table.outcomes.clone(), table.latency.clone());
    drop(table);
    family(
        &mut out,
        "chessbot_commands_total",
        "counter",
        "Commands handled, by command and outcome (ok, a user error code, internal).",
    );
    for ((name, outcome), n) in &outcomes {
        let _ = writeln!(
            out,
            "chessbot_commands_total{{command=\"{}\",outcome=\"{}\"}} {n}",
            label(name),
            label(outcome)
        );
    }
    family(
        &mut out,
        "chessbot_command_duration_seconds",
        "histogram",
        "How long commands took, by command.",
    );
    for (name, l) in &latency {
        let name = label(name);
        let mut cumulative = 0;
        for (bound, n) in COMMAND_BUCKETS.iter().zip(l.buckets) {
            cumulative += n;
            let _ = writeln!(
                out,
                "chessbot_command_duration_seconds_bucket{{command=\"{name}\",le=\"{bound}\"}} {cumulative}"
            );
        }
        let _ = writeln!(
            out,
            "chessbot_command_duration_seconds_bucket{{command=\"{name}\",le=\"+Inf\"}} {}",
            l.count
        );
        let _ = writeln!(
            out,
            "chessbot_command_duration_seconds_sum{{command=\"{name}\"}} {}",
            l.sum_micros as f64 / 1e6
        );
        let _ = writeln!(
            out,
            "chessbot_command_duration_seconds_count{{command=\"{name}\"}} {}",
            l.count
        );
    }
    let counters: [(&str, &str, &Counter); 11] = [
        (
            "chessbot_moves_applied_total",
            "Moves applied (players' and the computer's).",
            &MOVES_APPLIED,
        ),
        (
            "chessbot_games_started_total",
            "Games started.",
            &GAMES_STARTED,
        ),
        (
            "chessbot_games_finished_total",
            "Games finished (aborted ones included).",
            &GAMES_FINISHED,
        ),
        (
            "chessbot_reminders_sent_total",
            "Reminders posted.",
            &REMINDERS_SENT,
        ),
        (
            "chessbot_timeouts_sent_total",
            "Time-outs posted.",
            &TIMEOUTS_SENT,
        ),
        (
            "chessbot_engine_searches_total",
            "Engine searches run.",
            &ENGINE_SEARCHES,
        ),
        (
            "chessbot_database_errors_total",
            "Database queries that failed.",
            &DB_ERRORS,
        ),
        (
            "chessbot_platform_reconnects_total",
            "Platform connections made again after a loss.",
            &PLATFORM_RECONNECTS,
        ),
        (
            "chessbot_discord_rate_limited_total",
            "Discord answers 429 (rate limited).",
            &DISCORD_RATE_LIMITED,
        ),
        (
            "chessbot_shutdown_refused_total",
            "Commands refused while shutting down.",
            &SHUTDOWN_REFUSED,
        ),
        (
            "chessbot_pages_served_total",
            "Spectator pages served.",
            &PAGES_SERVED,
        ),
    ];
    for (name, help, c) in counters {
        single(&mut out, name, "counter", help, c.get());
    }
    single(
        &mut out,
        "chessbot_engine_queue_depth",
        "gauge",
        "Engine searches waiting for a free engine process.",
        ENGINE_QUEUE.get().max(0),
    );
    single(
        &mut out,
        "chessbot_spectators",
        "gauge",
        "Live streams of spectator pages open now.",
        SPECTATORS.get().max(0),
    );
    family(
        &mut out,
        "chessbot_analysis_duration_seconds",
        "histogram",
        "How long a finished game's engine analysis took.",
    );
    ANALYSIS_TIME.write(&mut out, "chessbot_analysis_duration_seconds", "");
    if let Some(n) = scraped.games_running {
        single(
            &mut out,
            "chessbot_games_running",
            "gauge",
            "Games running now (from the database).",
            n,
        );
    }
    single(
        &mut out,
        "chessbot_platform_connected",
        "gauge",
        "1 while the platform connection is live.",
        u8::from(scraped.platform_connected),
    );
    single(
        &mut out,
        "chessbot_database_up",
        "gauge",
        "1 when the database answered at this scrape.",
        u8::from(scraped.database_up),
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_are_cumulative_with_sum_and_count() {
        let h = Histogram::new([0.1, 1.0]);
        h.observe(Duration::from_millis(50));
        h.observe(Duration::from_millis(500));
        h.observe(Duration::from_secs(5));
        let mut out = String::new();
        h.write(&mut out, "x", "");
        assert!(out.contains("x_bucket{le=\"0.1\"} 1\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"1\"} 2\n"), "{out}");
        assert!(out.contains("x_bucket{le=\"+Inf\"} 3\n"), "{out}");
        assert!(out.contains("x_sum 5.55\n"), "{out}");
        assert!(out.contains("x_count 3\n"), "{out}");
    }

    #[test]
    fn commands_are_counted_by_name_and_outcome() {
        command("unit_test_cmd", "ok", Duration::from_millis(3));
        command("unit_test_cmd", "illegal_move", Duration::from_millis(3));
        command("unit_test_cmd", "ok", Duration::from_millis(3));
        let out = render(Scraped::default());
        assert!(
            out.contains("chessbot_commands_total{command=\"unit_test_cmd\",outcome=\"ok\"} 2\n"),
            "{out}"
        );
        assert!(out.contains(
            "chessbot_command_duration_seconds_bucket{command=\"unit_test_cmd\",le=\"0.005\"} 3\n"
        ));
        assert!(out.contains("# TYPE chessbot_moves_applied_total counter\n"));
        assert!(!out.contains("chessbot_games_running"), "unknown: left out");
    }

    #[test]
    fn the_build_is_named_once() {
        let out = render(Scraped::default());
        let line = format!(
            "chessbot_build_info{{version=\"{}\",commit=\"{}\",features=\"{}\"}} 1\n",
            env!("CARGO_PKG_VERSION"),
            env!("CHESSBOT_GIT_COMMIT"),
            if cfg!(all(feature = "discord", feature = "matrix")) {
                "discord,matrix"
            } else if cfg!(feature = "discord") {
                "discord"
            } else if cfg!(feature = "matrix") {
                "matrix"
            } else {
                "console"
            }
        );
        assert_eq!(out.matches(&line).count(), 1, "{out}");
        assert!(out.contains("# TYPE chessbot_build_info gauge\n"), "{out}");
    }

    #[test]
    fn label_values_are_escaped() {
        assert_eq!(label("a\"b\\c\nd"), "a\\\"b\\\\c\\nd");
    }
}
