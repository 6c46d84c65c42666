//! Work no one at the table waits on (a push's rows read and checked, the write-ahead log
//! folded into the file) runs on a thread of the lowest priority, so that a command or a read
//! that comes meanwhile is given a core first instead of sharing it.
//!
//! Only what holds no lock a command needs runs here: a thread that waits for a core while
//! holding the writer would keep every command waiting behind it.

/// How low a background thread's priority is: Linux's lowest nice value, which any program
/// may take for a thread of its own (none may take it back without privileges, so each piece
/// of work gets a new thread rather than lowering one of the server's).
#[cfg(target_os = "linux")]
const NICE: i32 = 19;

/// Runs `work` on a new thread at the lowest priority and waits for it: its result, or the
/// error when no thread could start. A panic in `work` carries on in the caller, as if `work`
/// had run there. Threads `work` starts (a pool preparing rows) inherit the priority.
pub fn at_lowest_priority<T: Send>(work: impl FnOnce() -> T + Send) -> std::io::Result<T> {
    std::thread::scope(|scope| {
        let worker = std::thread::Builder::new()
            .name("muster-background".to_owned())
            .spawn_scoped(scope, || {
                lower();
                work()
            })?;
        Ok(worker
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    })
}

/// Lowers this thread's priority. Where that is refused, or on a system whose call would
/// lower the whole server (every thread of a process shares one priority outside Linux), the
/// work runs at the priority it has: only how soon it is done changes.
fn lower() {
    #[cfg(target_os = "linux")]
    {
        let _refused_or_lowered = rustix::process::setpriority_process(Some(rustix::thread::gettid()), NICE);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(target_os = "linux")]
    fn priority() -> i32 {
        rustix::process::getpriority_process(Some(rustix::thread::gettid())).unwrap_or(i32::MIN)
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_work_runs_at_the_lowest_priority_and_the_caller_keeps_its_own() {
        let before = priority();
        let (inside, from_a_pool_it_starts) = at_lowest_priority(|| {
            let started = std::thread::spawn(priority).join().unwrap_or(i32::MIN);
            (priority(), started)
        })
        .unwrap();
        assert_eq!(inside, NICE);
        assert_eq!(
            from_a_pool_it_starts, NICE,
            "a thread the work starts inherits its priority"
        );
        assert_eq!(priority(), before, "the caller's thread is not lowered");
    }

    #[test]
    fn the_result_comes_back_and_a_panic_carries_on_in_the_caller() {
        assert_eq!(at_lowest_priority(|| 6 * 7).unwrap(), 42);
        let caught = std::panic::catch_unwind(|| {
            at_lowest_priority(|| -> u8 { std::panic::panic_any("a broken row") })
        });
        let panic = caught.err().and_then(|p| p.downcast_ref::<&str>().copied());
        assert_eq!(panic, Some("a broken row"));
    }
}
