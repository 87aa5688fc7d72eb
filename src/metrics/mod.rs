//! Process metrics: counters the layers bump on their way, the platform
//! connection state `/readyz` reads, and `/metrics` in the Prometheus
//! text format (version 0.0.4), encoded by the `prometheus-client` crate.
//!
//! Depends on nothing of ours: the store, the engine, the service and the
//! adapters call in, never the other way (tests/it/layering.rs). Values
//! count since the process started, as Prometheus expects of counters.

mod process;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::{LazyLock, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use prometheus_client::encoding::{EncodeLabelSet, prometheus_text};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::{ConstGauge, Gauge as ClientGauge};
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::registry::Registry;

/// A count that only goes up.
pub type Counter = prometheus_client::metrics::counter::Counter;
/// A value that goes up and down.
pub type Gauge = ClientGauge;

/// Upper bounds (seconds) of the command latency buckets.
pub const COMMAND_BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];
/// Upper bounds (seconds) of the game analysis buckets.
pub const ANALYSIS_BUCKETS: [f64; 9] = [0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0];

/// The labels of a command's series: its name and, for the count, its
/// outcome (`ok`, a user error code of the console contract, `internal`).
#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CommandLabels {
    command: &'static str,
    outcome: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CommandName {
    command: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct BuildLabels {
    version: &'static str,
    commit: &'static str,
    features: &'static str,
}

fn command_histogram() -> Histogram {
    Histogram::new(COMMAND_BUCKETS)
}

/// Commands handled, by command and outcome.
static COMMANDS: LazyLock<Family<CommandLabels, Counter>> = LazyLock::new(Family::default);
/// How long commands took, by command.
static COMMAND_TIME: LazyLock<LatencyFamily> =
    LazyLock::new(|| Family::new_with_constructor(command_histogram));

/// One latency histogram per command, made with the command buckets.
type LatencyFamily = Family<CommandName, Histogram, fn() -> Histogram>;

/// Records one command: its name, its outcome (`ok`, a user error code of
/// the console contract, or `internal`) and how long it took.
pub fn command(name: &'static str, outcome: &str, took: Duration) {
    COMMANDS
        .get_or_create(&CommandLabels {
            command: name,
            outcome: outcome.to_string(),
        })
        .inc();
    COMMAND_TIME
        .get_or_create(&CommandName { command: name })
        .observe(took.as_secs_f64());
}

/// Moves applied (players' and the computer's).
pub static MOVES_APPLIED: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Games started.
pub static GAMES_STARTED: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Games finished (any result, aborted games included).
pub static GAMES_FINISHED: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Reminders posted and acknowledged.
pub static REMINDERS_SENT: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Time-outs posted and acknowledged.
pub static TIMEOUTS_SENT: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Searches waiting for a free engine process.
pub static ENGINE_QUEUE: LazyLock<Gauge> = LazyLock::new(Gauge::default);
/// Engine searches run (moves and analysis positions).
pub static ENGINE_SEARCHES: LazyLock<Counter> = LazyLock::new(Counter::default);
/// How long a finished game's analysis took (seconds).
pub static ANALYSIS_TIME: LazyLock<Histogram> = LazyLock::new(|| Histogram::new(ANALYSIS_BUCKETS));
/// Queries that failed (any database error but a lost race).
pub static DB_ERRORS: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Platform connections made again after a loss (Discord resumes and
/// reconnects, Matrix syncs succeeding after failing).
pub static PLATFORM_RECONNECTS: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Discord's 429 answers (rate limits).
pub static DISCORD_RATE_LIMITED: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Commands refused because the process is shutting down.
pub static SHUTDOWN_REFUSED: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Messages that named no command we know (typed on the console or in a
/// Matrix room): a spike means users try a command the help does not teach.
pub static UNKNOWN_COMMANDS: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Spectator pages served (games, their PGN, leagues).
pub static PAGES_SERVED: LazyLock<Counter> = LazyLock::new(Counter::default);
/// Live streams of spectator pages open now.
pub static SPECTATORS: LazyLock<Gauge> = LazyLock::new(Gauge::default);

/// The engine processes running now, by process id: their memory is read
/// at each scrape, since a process's share of the host is what an owner
/// sizes the machine by.
static ENGINE_PIDS: Mutex<BTreeSet<u32>> = Mutex::new(BTreeSet::new());

fn engine_pids() -> MutexGuard<'static, BTreeSet<u32>> {
    ENGINE_PIDS.lock().unwrap_or_else(PoisonError::into_inner)
}

/// An engine process started.
pub fn engine_started(pid: u32) {
    engine_pids().insert(pid);
}

/// An engine process ended (or was killed).
pub fn engine_stopped(pid: u32) {
    engine_pids().remove(&pid);
}

/// The platform connections of this process (Discord shards, the Matrix
/// sync): link id -> (live now, ever live).
static LINKS: Mutex<BTreeMap<u32, (bool, bool)>> = Mutex::new(BTreeMap::new());

fn links() -> MutexGuard<'static, BTreeMap<u32, (bool, bool)>> {
    LINKS.lock().unwrap_or_else(PoisonError::into_inner)
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

/// The version, the git commit and the platforms built in (what
/// `version.rs` names too; read here from what `build.rs` sets, since the
/// counters depend on nothing of ours).
const BUILD: BuildLabels = BuildLabels {
    version: env!("CARGO_PKG_VERSION"),
    commit: env!("CHESSBOT_GIT_COMMIT"),
    features: env!("CHESSBOT_FEATURES"),
};

/// The metrics that live as long as the process. The client appends the
/// `_total` of counters and the full stop of help texts itself.
static REGISTRY: LazyLock<Registry> = LazyLock::new(|| {
    let mut r = Registry::default();
    // Which build answers: a constant 1 with the version, the commit and
    // the platforms as labels (joined onto other series by instance).
    let build = Family::<BuildLabels, Gauge>::default();
    build.get_or_create(&BUILD).set(1);
    r.register(
        "chessbot_build_info",
        "The running build: version, git commit and the platforms built in (always 1)",
        build,
    );
    r.register(
        "chessbot_commands",
        "Commands handled, by command and outcome (ok, a user error code, internal)",
        COMMANDS.clone(),
    );
    r.register(
        "chessbot_command_duration_seconds",
        "How long commands took, by command",
        COMMAND_TIME.clone(),
    );
    let counters: [(&str, &str, &Counter); 12] = [
        (
            "chessbot_moves_applied",
            "Moves applied (players' and the computer's)",
            &MOVES_APPLIED,
        ),
        ("chessbot_games_started", "Games started", &GAMES_STARTED),
        (
            "chessbot_games_finished",
            "Games finished (aborted ones included)",
            &GAMES_FINISHED,
        ),
        (
            "chessbot_reminders_sent",
            "Reminders posted",
            &REMINDERS_SENT,
        ),
        ("chessbot_timeouts_sent", "Time-outs posted", &TIMEOUTS_SENT),
        (
            "chessbot_engine_searches",
            "Engine searches run",
            &ENGINE_SEARCHES,
        ),
        (
            "chessbot_database_errors",
            "Database queries that failed",
            &DB_ERRORS,
        ),
        (
            "chessbot_platform_reconnects",
            "Platform connections made again after a loss",
            &PLATFORM_RECONNECTS,
        ),
        (
            "chessbot_discord_rate_limited",
            "Discord answers 429 (rate limited)",
            &DISCORD_RATE_LIMITED,
        ),
        (
            "chessbot_shutdown_refused",
            "Commands refused while shutting down",
            &SHUTDOWN_REFUSED,
        ),
        (
            "chessbot_unknown_commands",
            "Messages that named no known command",
            &UNKNOWN_COMMANDS,
        ),
        (
            "chessbot_pages_served",
            "Spectator pages served",
            &PAGES_SERVED,
        ),
    ];
    for (name, help, counter) in counters {
        r.register(name, help, counter.clone());
    }
    r.register(
        "chessbot_engine_queue_depth",
        "Engine searches waiting for a free engine process",
        ENGINE_QUEUE.clone(),
    );
    r.register(
        "chessbot_spectators",
        "Live streams of spectator pages open now",
        SPECTATORS.clone(),
    );
    r.register(
        "chessbot_analysis_duration_seconds",
        "How long a finished game's engine analysis took",
        ANALYSIS_TIME.clone(),
    );
    r
});

/// The figures read at this scrape: from the database, the platform
/// links, this process and the engine processes (from `/proc`).
fn scraped_now(scraped: Scraped) -> Registry {
    let mut r = Registry::default();
    if let Some(n) = scraped.games_running {
        r.register(
            "chessbot_games_running",
            "Games running now (from the database)",
            ConstGauge::new(n),
        );
    }
    r.register(
        "chessbot_platform_connected",
        "1 while the platform connection is live",
        ConstGauge::new(i64::from(scraped.platform_connected)),
    );
    r.register(
        "chessbot_database_up",
        "1 when the database answered at this scrape",
        ConstGauge::new(i64::from(scraped.database_up)),
    );
    if let Some(me) = process::read_self() {
        r.register(
            "process_cpu_seconds",
            "Total user and system CPU time spent in seconds",
            ConstCounter::new(me.cpu_seconds),
        );
        r.register(
            "process_resident_memory_bytes",
            "Resident memory size in bytes",
            ConstGauge::new(me.resident_bytes),
        );
        r.register(
            "process_virtual_memory_bytes",
            "Virtual memory size in bytes",
            ConstGauge::new(me.virtual_bytes),
        );
        r.register(
            "process_open_fds",
            "Number of open file descriptors",
            ConstGauge::new(me.open_fds),
        );
        if let Some(max) = me.max_fds {
            r.register(
                "process_max_fds",
                "Maximum number of open file descriptors",
                ConstGauge::new(max),
            );
        }
        r.register(
            "process_start_time_seconds",
            "Start time of the process since unix epoch in seconds",
            ConstGauge::new(me.start_time_seconds),
        );
    }
    let pids: Vec<u32> = engine_pids().iter().copied().collect();
    let engine_bytes: i64 = pids
        .iter()
        .filter_map(|pid| process::resident_bytes(*pid))
        .sum();
    r.register(
        "chessbot_engine_processes",
        "Engine processes running now",
        ConstGauge::new(i64::try_from(pids.len()).unwrap_or(i64::MAX)),
    );
    r.register(
        "chessbot_engine_resident_memory_bytes",
        "Resident memory of the engine processes together, in bytes",
        ConstGauge::new(engine_bytes),
    );
    r
}

/// Every metric in the Prometheus text exposition format (version 0.0.4).
#[must_use]
pub fn render(scraped: Scraped) -> String {
    let mut out = String::with_capacity(8192);
    // Writing into a String cannot fail.
    let _ = prometheus_text::encode(&mut out, &REGISTRY);
    let _ = prometheus_text::encode(&mut out, &scraped_now(scraped));
    out
}

/// The media type of [`render`]'s text.
pub const CONTENT_TYPE: &str = prometheus_text::CONTENT_TYPE;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histograms_are_cumulative_with_sum_and_count() {
        ANALYSIS_TIME.observe(0.05);
        ANALYSIS_TIME.observe(0.5);
        ANALYSIS_TIME.observe(5.0);
        let out = render(Scraped::default());
        let bucket = |le: &str| {
            out.lines()
                .find(|l| {
                    l.starts_with(&format!(
                        "chessbot_analysis_duration_seconds_bucket{{le=\"{le}\"}}"
                    ))
                })
                .and_then(|l| l.rsplit(' ').next())
                .and_then(|v| v.parse::<u64>().ok())
                .unwrap_or_else(|| panic!("no bucket {le}: {out}"))
        };
        // Cumulative: each bound counts everything at or below it (other
        // tests of this process may have observed more).
        assert!(bucket("0.1") >= 1, "{out}");
        assert!(bucket("1") > bucket("0.1"), "{out}");
        assert!(bucket("+Inf") > bucket("1"), "{out}");
        assert!(
            out.contains("chessbot_analysis_duration_seconds_sum "),
            "{out}"
        );
        assert!(
            out.contains("chessbot_analysis_duration_seconds_count "),
            "{out}"
        );
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
        assert!(
            out.contains(
                "chessbot_command_duration_seconds_bucket{command=\"unit_test_cmd\",le=\"0.005\"} 3\n"
            ),
            "{out}"
        );
        assert!(out.contains("# TYPE chessbot_moves_applied_total counter\n"));
        assert!(out.contains("# TYPE chessbot_unknown_commands_total counter\n"));
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
    fn the_process_and_its_engines_are_measured() {
        let out = render(Scraped {
            games_running: Some(3),
            platform_connected: true,
            database_up: true,
        });
        for family in [
            "# TYPE process_cpu_seconds_total counter\n",
            "# TYPE process_resident_memory_bytes gauge\n",
            "# TYPE process_open_fds gauge\n",
            "# TYPE process_start_time_seconds gauge\n",
            "# TYPE chessbot_engine_resident_memory_bytes gauge\n",
        ] {
            assert!(out.contains(family), "{family}: {out}");
        }
        assert!(out.contains("chessbot_games_running 3\n"), "{out}");
        let rss = out
            .lines()
            .find_map(|l| l.strip_prefix("process_resident_memory_bytes "))
            .and_then(|v| v.parse::<f64>().ok())
            .unwrap_or(0.0);
        assert!(
            rss > 1e6,
            "a running test process has more than 1 MB: {out}"
        );
        // Every family is described once: the two registries never share
        // a name.
        let types: Vec<&str> = out.lines().filter(|l| l.starts_with("# TYPE ")).collect();
        let unique: BTreeSet<&&str> = types.iter().collect();
        assert_eq!(types.len(), unique.len(), "{out}");
    }

    #[test]
    fn label_values_are_escaped() {
        command("unit_test_escape", "a\"b\\c\nd", Duration::from_millis(1));
        let out = render(Scraped::default());
        assert!(
            out.contains("outcome=\"a\\\"b\\\\c\\nd\""),
            "quote, backslash and line break escaped: {out}"
        );
    }
}
