//! Progress bars (indicatif) for import, verify and rebuild: drawn on a terminal once the
//! work has run for a second, never when standard error is piped.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

/// How long work runs before its bar appears; `MUSTER_PROGRESS_AFTER_MS` changes it (tests).
fn delay() -> Duration {
    std::env::var("MUSTER_PROGRESS_AFTER_MS")
        .ok()
        .and_then(|ms| ms.parse().ok())
        .map_or(Duration::from_secs(1), Duration::from_millis)
}

/// A bar over a known number of events, hidden until it has something worth showing.
pub struct Progress {
    bar: ProgressBar,
    started: Instant,
    delay: Duration,
    shown: bool,
}

impl Progress {
    /// A bar for `what` (e.g. "verifying") over `total` events.
    pub fn new(what: &'static str, total: u64) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        if let Ok(style) = ProgressStyle::with_template(
            "{msg} [{bar:30}] {human_pos}/{human_len} events, {rate} events/s, {eta} left",
        ) {
            // A whole number of events a second, not indicatif's fractions of one.
            let rate = |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _unwritable = write!(w, "{}", HumanCount(state.per_sec().round() as u64));
            };
            bar.set_style(style.with_key("rate", rate).progress_chars("=> "));
        }
        bar.set_message(what);
        Progress {
            bar,
            started: Instant::now(),
            delay: delay(),
            shown: false,
        }
    }

    /// Moves the bar to `done` events, showing it once the work has run long enough on a
    /// terminal.
    pub fn set(&mut self, done: u64) {
        if !self.shown && self.started.elapsed() >= self.delay && std::io::stderr().is_terminal() {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.set_position(done);
    }

    /// Moves the bar to `done` events of `of`, the length learnt as the work goes.
    pub fn set_of(&mut self, done: u64, of: u64) {
        self.bar.set_length(of);
        self.set(done);
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}
