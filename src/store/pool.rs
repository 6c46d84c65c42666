//! The threads that prepare rows: a pool of a thread per core, and what a thread that
//! panicked is reported as.

use super::StoreError;

/// A pool of as many threads as cores, to prepare rows on.
pub(super) fn row_pool() -> Result<rayon::ThreadPool, StoreError> {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    rayon::ThreadPoolBuilder::new()
        .num_threads(cores)
        .thread_name(|i| format!("muster-rows-{i}"))
        .build()
        .map_err(|e| StoreError::Stopped(format!("the threads preparing rows could not start: {e}")))
}

/// The error for a thread of `what` that panicked with `panic`, saying why.
pub(super) fn panicked(what: &str, panic: &(dyn std::any::Any + Send)) -> StoreError {
    let why = panic
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no reason given".to_owned());
    StoreError::Stopped(format!("{what} panicked: {why}"))
}
