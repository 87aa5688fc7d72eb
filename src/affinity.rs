//! Which CPUs the console's threads run on: its command path on one CPU,
//! its pictures and output on the others, and child processes (the
//! engine) on all of them again.
//!
//! Why: a console command is strictly sequential, yet it crosses threads
//! about ten times a move (tokio's threads and sqlx's SQLite worker, once
//! for each statement and its answer). When the woken thread sits on
//! another CPU, each crossing is an inter-processor interrupt; in a
//! virtual machine that costs about 50 µs. Measured with `taskset` on the
//! 12-game script (1,044 moves, release, 2-core VM): 1.2 s on two CPUs,
//! 0.66 s on one. The board pictures then get the other CPU to themselves
//! (`console`'s output thread).
//!
//! Linux only; elsewhere every call does nothing.

#[cfg(target_os = "linux")]
mod linux {
    use std::sync::OnceLock;

    /// The CPUs the process could use before it pinned its command path,
    /// and the one CPU it pinned it to.
    struct Pinned {
        all: libc::cpu_set_t,
        cpu: usize,
    }

    static PINNED: OnceLock<Pinned> = OnceLock::new();

    fn current() -> Option<libc::cpu_set_t> {
        // SAFETY: `cpu_set_t` is plain data, zero is the empty set, and
        // the size given is the size of the set passed.
        unsafe {
            let mut set: libc::cpu_set_t = std::mem::zeroed();
            (libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &raw mut set) == 0)
                .then_some(set)
        }
    }

    fn set_current(set: &libc::cpu_set_t) -> bool {
        // SAFETY: as in `current`; pid 0 is the calling thread.
        unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), set) == 0 }
    }

    fn cpus(set: &libc::cpu_set_t) -> Vec<usize> {
        // SAFETY: `CPU_ISSET` only reads the set, within its size.
        (0..libc::CPU_SETSIZE as usize)
            .filter(|&c| unsafe { libc::CPU_ISSET(c, set) })
            .collect()
    }

    pub fn pin_current_thread() -> Option<usize> {
        let all = current()?;
        let list = cpus(&all);
        // With one CPU there is nothing to gain, and nothing to leave to
        // the pictures.
        if list.len() < 2 {
            return None;
        }
        // Consoles started side by side (a test suite, several scripts)
        // land on different CPUs rather than all on the first.
        let cpu = list[std::process::id() as usize % list.len()];
        // SAFETY: plain data, as in `current`.
        let mut one: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        unsafe { libc::CPU_SET(cpu, &mut one) };
        if !set_current(&one) {
            return None;
        }
        let _ = PINNED.set(Pinned { all, cpu });
        Some(cpu)
    }

    pub fn leave_pinned_cpu() {
        let Some(p) = PINNED.get() else { return };
        let mut others = p.all;
        // SAFETY: clears one bit within the set's size.
        unsafe { libc::CPU_CLR(p.cpu, &mut others) };
        set_current(&others);
    }

    pub fn unpin_child(command: &mut tokio::process::Command) {
        let Some(p) = PINNED.get() else { return };
        let all = p.all;
        // SAFETY: the closure runs in the child between fork and exec and
        // makes one system call with a set copied before the fork; it
        // allocates nothing and takes no lock.
        unsafe {
            command.pre_exec(move || {
                libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &all);
                Ok(())
            });
        }
    }
}

/// Pins the calling thread, and so every thread it starts afterwards (a
/// runtime's workers, sqlx's SQLite workers), to one of the CPUs it may
/// use (chosen by the process id, so processes side by side spread out).
/// Call it before the runtime is built. Returns that CPU, or `None` when
/// there was only one CPU or pinning is not possible here.
pub fn pin_current_thread() -> Option<usize> {
    #[cfg(target_os = "linux")]
    {
        linux::pin_current_thread()
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

/// Moves the calling thread off the pinned CPU, onto every other CPU the
/// process may use (the console's output thread). Nothing when nothing
/// was pinned.
pub fn leave_pinned_cpu() {
    #[cfg(target_os = "linux")]
    linux::leave_pinned_cpu();
}

/// A child started by `command` runs on every CPU the process could use
/// before pinning (an engine must not share the command path's CPU).
pub fn unpin_child(command: &mut tokio::process::Command) {
    #[cfg(target_os = "linux")]
    linux::unpin_child(command);
    #[cfg(not(target_os = "linux"))]
    let _ = command;
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    /// The CPUs the calling thread may run on, as the kernel says
    /// (`Cpus_allowed_list`); not `available_parallelism`, which also
    /// counts a cgroup's CPU quota.
    fn allowed_here() -> Vec<usize> {
        allowed_in(&std::fs::read_to_string("/proc/thread-self/status").expect("status"))
    }

    /// The CPUs of a `status` file's `Cpus_allowed_list` (`0-3,6`).
    fn allowed_in(status: &str) -> Vec<usize> {
        let list = status
            .lines()
            .find_map(|l| l.strip_prefix("Cpus_allowed_list:"))
            .expect("Cpus_allowed_list")
            .trim();
        let number = |n: &str| n.parse::<usize>().expect("a CPU number");
        list.split(',')
            .flat_map(|part| match part.split_once('-') {
                Some((a, b)) => (number(a)..=number(b)).collect::<Vec<_>>(),
                None => vec![number(part)],
            })
            .collect()
    }

    #[test]
    fn a_pinned_thread_runs_on_one_cpu_the_output_on_the_others_and_children_on_all() {
        let all = allowed_here();
        // Pinning changes only the thread that asks (and what it starts).
        let seen = std::thread::spawn(|| {
            let cpu = super::pin_current_thread()?;
            let pinned = allowed_here();
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            let child = runtime.block_on(async {
                // `cat` reads its own status: the child's CPUs.
                let mut command = tokio::process::Command::new("cat");
                command.arg("/proc/self/status");
                super::unpin_child(&mut command);
                let out = command.output().await.expect("cat runs");
                allowed_in(&String::from_utf8_lossy(&out.stdout))
            });
            super::leave_pinned_cpu();
            Some((cpu, pinned, child, allowed_here()))
        })
        .join()
        .expect("the pinned thread");
        match seen {
            Some((cpu, pinned, child, left)) => {
                assert_eq!(pinned, vec![cpu], "pinned to CPU {cpu} alone");
                assert_eq!(child, all, "a child gets every CPU back");
                let others: Vec<usize> = all.iter().copied().filter(|&c| c != cpu).collect();
                assert_eq!(left, others, "the output thread leaves CPU {cpu}");
            }
            // With one CPU there is nothing to pin.
            None => assert_eq!(all.len(), 1, "pinning refused with CPUs {all:?}"),
        }
        assert_eq!(allowed_here(), all, "other threads keep every CPU");
    }
}
