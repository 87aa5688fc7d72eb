//! The process's open-file limit: raised at start from the usual soft
//! limit (often 1,024) to the hard one, so that HTTP connections, the
//! database, the engine and pictures being written never starve each other
//! of descriptors; the HTTP caps are derived from the result.

/// The soft and hard `RLIMIT_NOFILE` after raising the soft limit to the
/// hard one (`None` where the platform has no such limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FileLimit {
    /// Descriptors the process may hold now.
    pub soft: u64,
    /// The most the soft limit may be raised to.
    pub hard: u64,
}

/// Raises the soft open-file limit to the hard limit and returns both
/// (Linux and other Unix systems; elsewhere `None`). A hard limit of
/// "unlimited" is capped at 1,048,576, what Linux accepts for `nofile`.
#[must_use]
pub fn raise_open_file_limit() -> Option<FileLimit> {
    #[cfg(unix)]
    {
        let mut lim = libc::rlimit {
            rlim_cur: 0,
            rlim_max: 0,
        };
        // SAFETY: `rlimit` is plain data and the pointer is valid for the call.
        if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &raw mut lim) } != 0 {
            return None;
        }
        let cap: libc::rlim_t = 1 << 20;
        let target = if lim.rlim_max == libc::RLIM_INFINITY {
            cap
        } else {
            lim.rlim_max
        };
        if lim.rlim_cur != libc::RLIM_INFINITY && lim.rlim_cur < target {
            let raised = libc::rlimit {
                rlim_cur: target,
                rlim_max: lim.rlim_max,
            };
            // SAFETY: as above; a refusal leaves the limit as it was.
            if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raw const raised) } == 0 {
                lim.rlim_cur = target;
            }
        }
        let soft = if lim.rlim_cur == libc::RLIM_INFINITY {
            cap
        } else {
            lim.rlim_cur
        };
        // `rlim_t` is `u64` on Linux, narrower on some other systems.
        #[allow(clippy::useless_conversion)]
        Some(FileLimit {
            soft: u64::from(soft),
            hard: u64::from(target),
        })
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[test]
    fn the_soft_limit_ends_at_the_hard_one() {
        let l = raise_open_file_limit().expect("a limit");
        assert_eq!(l.soft, l.hard);
        assert!(l.soft >= 64);
    }
}
