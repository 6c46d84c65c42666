//! The one way the integration tests start the `muster` binary: a cleared environment, a
//! fixed clock, the database named, and when a test needs it standard input, a time limit,
//! a program to run it through, or a terminal; run to the end, or spawned as a `Child`.

// Every test binary that starts muster compiles this module, and each uses only part of it.
#![allow(dead_code)]

pub mod chain;
pub mod readme;

use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// The binary under test.
pub const MUSTER: &str = env!("CARGO_BIN_EXE_muster");

/// The fixed time every command runs at unless a test picks another.
pub const NOW: &str = "2026-11-29T21:00:00Z";

/// Where `script` (util-linux) lives: it gives muster a terminal.
const SCRIPT: &str = "/usr/bin/script";

/// How one run of `muster` is to be started.
#[derive(Debug, Clone)]
pub struct Runner {
    args: Vec<OsString>,
    env: Vec<(OsString, OsString)>,
    dir: Option<PathBuf>,
    stdin: Option<Vec<u8>>,
    limit: Option<Duration>,
    through: Vec<OsString>,
    terminal: bool,
}

impl Runner {
    /// `muster` with an empty environment but for `MUSTER_NOW` at [`NOW`], and no database.
    pub fn new() -> Runner {
        Runner {
            args: Vec::new(),
            env: vec![("MUSTER_NOW".into(), NOW.into())],
            dir: None,
            stdin: None,
            limit: None,
            through: Vec::new(),
            terminal: false,
        }
    }

    /// `muster` at [`NOW`] on the database at `db` (`MUSTER_DB`).
    pub fn on(db: impl AsRef<Path>) -> Runner {
        Runner::new().env("MUSTER_DB", db.as_ref())
    }

    /// Sets (or replaces) one environment variable.
    pub fn env(mut self, name: impl AsRef<OsStr>, value: impl AsRef<OsStr>) -> Runner {
        let name = name.as_ref().to_owned();
        self.env.retain(|(n, _)| *n != name);
        self.env.push((name, value.as_ref().to_owned()));
        self
    }

    /// Runs at `now` instead of [`NOW`].
    pub fn at(self, now: &str) -> Runner {
        self.env("MUSTER_NOW", now)
    }

    /// Adds arguments to muster's command line.
    pub fn args<I, S>(mut self, args: I) -> Runner
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.args.extend(args.into_iter().map(|a| a.as_ref().to_owned()));
        self
    }

    /// Runs in `dir`, so files named by a bare name are found there.
    pub fn current_dir(mut self, dir: impl AsRef<Path>) -> Runner {
        self.dir = Some(dir.as_ref().to_owned());
        self
    }

    /// Feeds `bytes` to standard input, then closes it (by default it reads as empty).
    pub fn stdin(mut self, bytes: impl Into<Vec<u8>>) -> Runner {
        self.stdin = Some(bytes.into());
        self
    }

    /// Fails the test if the run has not ended within `limit` (the process is killed).
    pub fn within(mut self, limit: Duration) -> Runner {
        self.limit = Some(limit);
        self
    }

    /// Starts muster through `program` and its arguments, which must run the program and
    /// arguments that follow them (as `setpriv …` or `/bin/sh -c 'exec "$0" "$@"'` do).
    pub fn through<I, S>(mut self, program_and_args: I) -> Runner
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        self.through = program_and_args
            .into_iter()
            .map(|a| a.as_ref().to_owned())
            .collect();
        self
    }

    /// Runs muster on a terminal made by `script`, whose output is what the terminal showed.
    pub fn on_a_terminal(self) -> Runner {
        let mut runner = self.env("TERM", "xterm");
        runner.terminal = true;
        runner
    }

    /// How the run is shown in a failure: muster and its arguments.
    pub fn describe(&self) -> String {
        let args: Vec<String> = self
            .args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        format!("muster {args:?}")
    }

    /// The command as configured, with standard input closed, for a test that sets its own
    /// pipes and spawns, waits for or kills the process itself.
    pub fn command(&self) -> Command {
        let mut command = if self.terminal {
            assert!(
                Path::new(SCRIPT).is_file(),
                "{SCRIPT} (util-linux's `script`) is not installed, and it is what gives muster a \
                 terminal; install it (.ci/run does, with apt-get install bsdutils)"
            );
            let mut line = vec![MUSTER.to_owned()];
            line.extend(self.args.iter().map(|a| a.to_string_lossy().into_owned()));
            let mut c = Command::new(SCRIPT);
            c.args(["-qec", &shell_words::join(line), "/dev/null"]);
            c
        } else {
            match self.through.split_first() {
                Some((program, rest)) => {
                    let mut c = Command::new(program);
                    c.args(rest).arg(MUSTER);
                    c
                }
                None => Command::new(MUSTER),
            }
        };
        if !self.terminal {
            command.args(&self.args);
        }
        command.env_clear();
        for (name, value) in &self.env {
            command.env(name, value);
        }
        if let Some(dir) = &self.dir {
            command.current_dir(dir);
        }
        command.stdin(Stdio::null());
        command
    }

    /// Spawns muster with standard output and error piped and standard input closed.
    pub fn spawn(&self) -> Child {
        self.command()
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{} cannot start: {e}", self.describe()))
    }

    /// Runs muster to the end and gives back what it did.
    pub fn run(&self) -> Ran {
        let mut command = self.command();
        if self.stdin.is_some() {
            command.stdin(Stdio::piped());
        }
        let mut child = command
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("{} cannot start: {e}", self.describe()));
        // Every pipe is served by a thread of its own, so a child that fills one while the
        // test waits on another never stalls.
        let feeder = child
            .stdin
            .take()
            .zip(self.stdin.clone())
            .map(|(mut pipe, bytes)| {
                std::thread::spawn(move || {
                    // A child that exits without reading all of it closes the pipe: not our failure.
                    let _unread = pipe.write_all(&bytes);
                })
            });
        let stdout = drain(child.stdout.take());
        let stderr = drain(child.stderr.take());
        let status = self.wait(&mut child);
        if let Some(feeder) = feeder {
            feeder.join().expect("the standard input feeder ends");
        }
        Ran {
            what: self.describe(),
            status,
            stdout: text(self, "stdout", stdout),
            stderr: text(self, "stderr", stderr),
        }
    }

    /// Waits for `child`, killing it and failing the test once the time limit is passed.
    fn wait(&self, child: &mut Child) -> ExitStatus {
        let Some(limit) = self.limit else {
            return child.wait().expect("muster can be waited for");
        };
        let started = Instant::now();
        loop {
            if let Some(status) = child.try_wait().expect("muster can be waited for") {
                return status;
            }
            if started.elapsed() > limit {
                let _gone = child.kill();
                let _reaped = child.wait();
                panic!("{} had not ended after {limit:?}", self.describe());
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Default for Runner {
    fn default() -> Runner {
        Runner::new()
    }
}

/// Reads a pipe to its end on a thread of its own.
fn drain(pipe: Option<impl Read + Send + 'static>) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            pipe.read_to_end(&mut bytes).expect("a pipe of muster's reads");
        }
        bytes
    })
}

/// A drained pipe's bytes as text: muster writes UTF-8, and anything else fails the test.
fn text(runner: &Runner, which: &str, pipe: JoinHandle<Vec<u8>>) -> String {
    let bytes = pipe.join().expect("the pipe reader ends");
    String::from_utf8(bytes).unwrap_or_else(|e| panic!("{}: {which} is not UTF-8: {e}", runner.describe()))
}

/// What one run of `muster` did.
#[derive(Debug)]
pub struct Ran {
    /// The command line, for messages.
    pub what: String,
    pub status: ExitStatus,
    pub stdout: String,
    pub stderr: String,
}

impl Ran {
    /// The exit code; a run ended by a signal (a crash, SIGXFSZ) fails the test.
    pub fn code(&self) -> i32 {
        self.status
            .code()
            .unwrap_or_else(|| panic!("{} was killed by a signal\n{}", self.what, self.describe()))
    }

    /// The run in full, for a failure's message.
    pub fn describe(&self) -> String {
        format!(
            "{}: {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.what, self.status, self.stdout, self.stderr
        )
    }

    /// (exit code, stdout, stderr).
    pub fn into_parts(self) -> (i32, String, String) {
        (self.code(), self.stdout, self.stderr)
    }
}

/// Runs `muster ARGS` on `db` at `now` to the end: (exit code, stdout, stderr).
pub fn run_with<S: AsRef<OsStr>>(db: &Path, now: &str, args: &[S]) -> (i32, String, String) {
    Runner::on(db).at(now).args(args).run().into_parts()
}
