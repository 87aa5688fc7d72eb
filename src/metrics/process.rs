//! The standard process figures (CPU, memory, open files, start time) of
//! this process, and the resident memory of any other (the engines), read
//! from Linux's `/proc` at scrape time. Elsewhere they are left out.

use std::path::Path;

/// This process as the standard `process_*` metrics describe it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ProcessStats {
    /// User and system CPU time, seconds.
    pub cpu_seconds: f64,
    /// Resident memory, bytes.
    pub resident_bytes: i64,
    /// Virtual memory, bytes.
    pub virtual_bytes: i64,
    /// Open file descriptors.
    pub open_fds: i64,
    /// The soft limit of open files, if limited.
    pub max_fds: Option<i64>,
    /// When the process started, seconds since the Unix epoch.
    pub start_time_seconds: f64,
}

/// This process's figures, or `None` without `/proc`.
#[must_use]
pub fn read_self() -> Option<ProcessStats> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields = StatFields::parse(&stat)?;
    let ticks = clock_ticks_per_second();
    let boot = std::fs::read_to_string("/proc/stat")
        .ok()
        .and_then(|s| boot_time(&s))?;
    let open_fds = std::fs::read_dir("/proc/self/fd").ok()?.count();
    let max_fds = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|s| max_open_files(&s));
    Some(ProcessStats {
        cpu_seconds: (fields.utime + fields.stime) as f64 / ticks,
        resident_bytes: fields.rss_pages.saturating_mul(page_size()),
        virtual_bytes: fields.vsize,
        open_fds: i64::try_from(open_fds).unwrap_or(i64::MAX),
        max_fds,
        start_time_seconds: boot as f64 + fields.starttime as f64 / ticks,
    })
}

/// The resident memory of process `pid` in bytes (`None` once it ended).
#[must_use]
pub fn resident_bytes(pid: u32) -> Option<i64> {
    let path = Path::new("/proc").join(pid.to_string()).join("stat");
    let stat = std::fs::read_to_string(path).ok()?;
    Some(
        StatFields::parse(&stat)?
            .rss_pages
            .saturating_mul(page_size()),
    )
}

/// The fields of `/proc/<pid>/stat` we read (proc(5)).
#[derive(Debug, PartialEq, Eq)]
struct StatFields {
    utime: u64,
    stime: u64,
    starttime: u64,
    vsize: i64,
    rss_pages: i64,
}

impl StatFields {
    fn parse(stat: &str) -> Option<StatFields> {
        // The command name (field 2) is in parentheses and may hold spaces
        // and parentheses itself: the fields that follow start after the
        // last `)`.
        let rest = &stat[stat.rfind(')')? + 1..];
        let f: Vec<&str> = rest.split_whitespace().collect();
        // `rest` starts at field 3 (the state).
        let field = |n: usize| f.get(n - 3).copied();
        Some(StatFields {
            utime: field(14)?.parse().ok()?,
            stime: field(15)?.parse().ok()?,
            starttime: field(22)?.parse().ok()?,
            vsize: field(23)?.parse().ok()?,
            rss_pages: field(24)?.parse().ok()?,
        })
    }
}

/// `btime` of `/proc/stat`: the boot time, seconds since the epoch.
fn boot_time(stat: &str) -> Option<u64> {
    stat.lines()
        .find_map(|l| l.strip_prefix("btime "))
        .and_then(|v| v.trim().parse().ok())
}

/// The soft limit of "Max open files" in `/proc/self/limits`.
fn max_open_files(limits: &str) -> Option<i64> {
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn clock_ticks_per_second() -> f64 {
    // SAFETY: sysconf reads a constant of the system; no memory is shared.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) };
    if ticks > 0 { ticks as f64 } else { 100.0 }
}

fn page_size() -> i64 {
    // SAFETY: as above.
    let size = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    if size > 0 { size } else { 4096 }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stat_fields_are_read_after_a_name_with_spaces_and_parentheses() {
        let stat = "4242 (stock fish (x)) S 1 4242 4242 0 -1 4194560 1000 0 0 0 \
                    250 50 0 0 20 0 1 0 12345 104857600 2560 18446744073709551615";
        assert_eq!(
            StatFields::parse(stat),
            Some(StatFields {
                utime: 250,
                stime: 50,
                starttime: 12345,
                vsize: 104_857_600,
                rss_pages: 2560,
            })
        );
        assert_eq!(StatFields::parse("4242 (cut short) S 1"), None);
    }

    #[test]
    fn boot_time_and_the_open_files_limit_are_found() {
        assert_eq!(
            boot_time("cpu  1 2 3\nbtime 1764720000\nprocesses 9\n"),
            Some(1_764_720_000)
        );
        let limits = "Limit                     Soft Limit           Hard Limit           Units\n\
                      Max open files            1024                 524288               files\n";
        assert_eq!(max_open_files(limits), Some(1024));
    }

    #[test]
    fn this_process_is_read() {
        let me = read_self().expect("/proc on Linux");
        assert!(me.resident_bytes > 0 && me.open_fds > 0, "{me:?}");
        assert!(me.start_time_seconds > 1.0e9, "{me:?}");
        assert_eq!(
            resident_bytes(std::process::id()).map(|b| b > 0),
            Some(true)
        );
    }
}
