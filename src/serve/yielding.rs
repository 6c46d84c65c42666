//! Bulk work that gives way to the table's commands: a push's check, which folds thousands
//! of events, runs on a thread of its own at a lower priority, so a command on another
//! campaign arriving meanwhile gets a core at once rather than its share of one.

/// How far below the server's other threads the bulk work runs (a nice value: 10 gives a
/// thread about a tenth of a core wanted by a thread at 0).
const NICER: i32 = 10;

/// Runs `work` on a thread of its own at a lower priority and returns what it gave. The
/// thread ends with the work: a thread's priority cannot be raised again without privilege,
/// so no thread of the server's pools is ever lowered.
pub fn yielding<T: Send>(work: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        let thread = scope.spawn(|| {
            lower_this_thread();
            work()
        });
        match thread.join() {
            Ok(given) => given,
            // The work's panic is the caller's, as if it had run on the caller's thread.
            Err(panic) => std::panic::resume_unwind(panic),
        }
    })
}

/// Lowers the calling thread's priority by [`NICER`]; where the system refuses, the work
/// runs at the priority it has, which only makes it less polite.
fn lower_this_thread() {
    #[cfg(target_os = "linux")]
    {
        // On Linux a nice value belongs to a thread, and a thread's id names it alone.
        let this = rustix::thread::gettid();
        let now = rustix::process::getpriority_process(Some(this)).unwrap_or(0);
        let _best_effort = rustix::process::setpriority_process(Some(this), now.saturating_add(NICER));
    }
}

#[cfg(test)]
#[cfg(target_os = "linux")]
mod tests {
    use super::*;

    /// This thread's nice value.
    fn nice() -> i32 {
        rustix::process::getpriority_process(Some(rustix::thread::gettid())).unwrap()
    }

    #[test]
    fn the_work_runs_nicer_than_its_caller_and_the_caller_is_left_as_it_was() {
        let before = nice();
        let inside = yielding(nice);
        assert_eq!(
            inside,
            (before + NICER).min(19),
            "the work's own thread was lowered"
        );
        assert_eq!(nice(), before, "the calling thread keeps its priority");
    }

    #[test]
    fn the_works_panic_reaches_the_caller() {
        let caught = std::panic::catch_unwind(|| yielding(|| panic!("a push's check failed")));
        assert!(caught.is_err());
    }
}
