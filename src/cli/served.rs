//! One command sent to `muster serve`: parsed by the same clap definitions as the command
//! line, checked against the client's role and the server's bounds (the URL's campaign, the
//! server's database, no file of the server's), run in-process with its output captured, and
//! answered with what `--json` prints.

use std::any::TypeId;
use std::collections::{BTreeMap, HashMap};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::sync::{Condvar, Mutex, PoisonError};

use clap::parser::ValueSource;
use clap::{ArgMatches, ColorChoice};
use muster::app::{Format, Reach, Right, Role};
use muster::store::Store;

use crate::serve::{Answer, Outcome, Prepared, Run};

use super::context::Context;
use super::error::Kind;
use super::honours;
use super::line::CommandLine;
use super::output;
use super::{file, paths, width};

/// Parses `run`'s command line and checks what needs no file: what runs it on the database at
/// `db`, for the URL's campaign, on the connection `lent` when there is one (given back).
pub fn prepare<C: CommandLine + 'static>(run: &Run<'_>) -> Result<Prepared, Answer> {
    let Run {
        role,
        reach,
        args,
        printed: format,
        columns,
        files,
    } = *run;
    let files = files.cloned().unwrap_or_default();
    let mut argv: Vec<OsString> = vec!["muster".into()];
    argv.extend(args.iter().map(OsString::from));
    // `--json` goes first, a global flag: at the end it would be a word of the line's own
    // after a `--` (`note -- -3 is a note`). Only a `--json` before any `--` is the line's.
    let flags = args.iter().take_while(|a| *a != "--");
    if format == Format::Json && !flags.into_iter().any(|a| a == "--json") {
        argv.insert(1, "--json".into());
    }
    let line = (TypeId::of::<C>(), argv);
    let before = read_before(&line);
    let read_again = before.is_some();
    let (matches, paths) = match before {
        Some(parsed) => parsed,
        None => {
            let parsed = with_parser::<C, _>(|command| {
                let matches = command.try_get_matches_from_mut(line.1.iter())?;
                let paths = paths::given(command, &matches);
                Ok::<_, clap::Error>((matches, paths))
            });
            parsed.map_err(|e| usage(e.render().to_string()))?
        }
    };
    let cli = C::from_matches(&matches).map_err(|e| usage(e.render().to_string()))?;
    let needs = cli.needs();
    match (needs.right, needs.right.least()) {
        (Right::NotServed(why), _) => return Err(forbidden(format!("this command is not served: {why}"))),
        (_, Some(needed)) if role < needed => {
            return Err(forbidden(format!(
                "a {} token may not run this command; it needs a {} token",
                role.word(),
                needed.word()
            )));
        }
        _ => {}
    }
    for (id, why) in [
        ("db", "the server serves its own database"),
        ("campaign", "the URL names the campaign"),
        (
            "remote",
            "the command already runs on this server, which sends it to no other",
        ),
        (
            "token",
            "the request's Authorization header carries the token it runs under",
        ),
    ] {
        if matches.value_source(id) == Some(ValueSource::CommandLine) {
            return Err(usage(format!("--{id} is refused by the server: {why}; drop it")));
        }
    }
    if matches.value_source("recorded_by") == Some(ValueSource::CommandLine) {
        return Err(usage(
            "--as is refused by the server: a command it runs is recorded by the token's or session's name; drop it"
                .to_owned(),
        ));
    }
    let unsent = paths
        .iter()
        .find(|(_, path)| !files.contains_key(path.to_string_lossy().as_ref()));
    if let Some((flag, _)) = unsent {
        return Err(usage(format!(
            "{flag} names a file on the server's disk, which the server does not read; send the file with the command (`muster --remote` does), or run this command on the server's machine"
        )));
    }
    honours::check(needs.honours, format, &matches).map_err(usage)?;
    if cli.creates().is_some() && *reach != Reach::Every {
        return Err(forbidden(format!(
            "a caller bound to campaigns ({}) creates none; a gm token that reaches every campaign does (`muster serve token add NAME --role gm` on the server's machine)",
            reach.words()
        )));
    }
    if !read_again && needs.right == Right::Needs(Role::Viewer) {
        remember_read(line, (&matches, &paths));
    }
    let reach = reach.clone();
    Ok(Box::new(move |db, campaign, lent| {
        run_parsed(cli, (db, campaign, lent), (format, reach), (columns, files))
    }))
}

/// Runs the parsed `cli` on the database at `db`, for `campaign`, on the connection `lent`
/// when there is one (given back), printed as `format`, within `reach`, fitting `columns`,
/// reading `files`.
fn run_parsed<C: CommandLine>(
    cli: C,
    (db, campaign, lent): (&Path, Option<&str>, &mut Option<Store>),
    (format, reach): (Format, Reach),
    (columns, files): (Option<usize>, BTreeMap<String, String>),
) -> Answer {
    if let Some(name) = cli.creates().filter(|name| Some(name.trim()) != campaign) {
        return usage(format!(
            "`campaign new` creates the campaign the URL names, not '{name}'; POST it to /api/v1/campaigns/{name}/commands"
        ));
    }
    let context = Context::new(
        Some(db.to_path_buf()),
        (campaign.map(str::to_owned), campaign.is_some()),
        format,
    )
    .map(|mut context| {
        context.reach = reach;
        context
    });
    let (result, printed) = output::captured(|| {
        context.and_then(|ctx| {
            if let Some(store) = lent.take() {
                ctx.lend(store);
            }
            let done = file::sent(files, || width::fitting(columns, || cli.run(&ctx)));
            *lent = ctx.give_back();
            done
        })
    });
    let printed = String::from_utf8_lossy(&printed).into_owned();
    match result {
        Ok(()) => Answer {
            outcome: Outcome::Done,
            output: printed,
            message: String::new(),
            hint: None,
        },
        Err(error) => Answer {
            outcome: match error.kind {
                Kind::Refused => Outcome::Refused,
                Kind::Usage => Outcome::Usage,
                Kind::Altered => Outcome::Altered,
                Kind::Storage => Outcome::Storage,
            },
            output: printed,
            message: error.message,
            hint: error.hint,
        },
    }
}

/// How many command lines of reads are kept parsed at most.
const READS_KEPT: usize = 256;

/// A command line, by the grammar it is of: the key of a read parsed before.
type Line = (TypeId, Vec<OsString>);

/// A command line parsed: its matches and the paths it names.
type Parsed = (ArgMatches, Vec<(String, PathBuf)>);

/// The command lines of reads parsed before (a viewer's commands, which write nothing): a
/// page or a client reads the same few lines again and again (`roster`, `campaign list`),
/// and parsing one was about a tenth of a served roster read's processor time. Only reads are
/// kept: a command's line carries its own words (a `--why`), so it is seldom sent twice.
/// The grammar and the server's environment are the same for every request, so a line
/// parses to the same matches every time.
static READS: Mutex<Option<HashMap<Line, Parsed>>> = Mutex::new(None);

/// The matches and paths of `line` when it was kept as a read parsed before.
fn read_before(line: &Line) -> Option<Parsed> {
    let reads = READS.lock().unwrap_or_else(PoisonError::into_inner);
    reads.as_ref()?.get(line).cloned()
}

/// Keeps `line`, a read, parsed; past [`READS_KEPT`] lines, those kept so far are let go.
fn remember_read(line: Line, (matches, paths): (&ArgMatches, &[(String, PathBuf)])) {
    let mut reads = READS.lock().unwrap_or_else(PoisonError::into_inner);
    let kept = reads.get_or_insert_with(HashMap::new);
    if kept.len() >= READS_KEPT {
        kept.clear();
    }
    kept.insert(line, (matches.clone(), paths.to_vec()));
}

/// How many of the command line's parsers are kept at most. Commands are parsed before their
/// turn on the writer, so as many at once as requests are served; but parsing is a core's
/// work, so more at once than the machine has cores gains nothing, and each parser is memory.
const PARSERS: usize = 4;

/// The parsers built, and the ones not lent out.
struct Parsers {
    idle: Vec<clap::Command>,
    built: usize,
}

static KEPT: Mutex<Parsers> = Mutex::new(Parsers {
    idle: Vec::new(),
    built: 0,
});
static FREED: Condvar = Condvar::new();

/// Calls `parse` with one of the command line's parsers, built once and kept for the next
/// command: building one (every command's arguments, the grouped help), or even copying it,
/// costs more than the command it parses, and parsing leaves a built parser as it was. At most
/// [`PARSERS`] are built; a command that finds them all lent out waits for one.
fn with_parser<C: CommandLine, T>(parse: impl FnOnce(&mut clap::Command) -> T) -> T {
    let mut parsers = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
    let kept = loop {
        if let Some(command) = parsers.idle.pop() {
            break Some(command);
        }
        if parsers.built < PARSERS {
            parsers.built += 1;
            break None;
        }
        parsers = FREED.wait(parsers).unwrap_or_else(PoisonError::into_inner);
    };
    drop(parsers);
    let mut lent = Lent(kept.unwrap_or_else(|| {
        let mut command = C::grammar().color(ColorChoice::Never);
        command.build();
        command
    }));
    parse(&mut lent.0)
}

/// A parser lent to one command, given back when dropped; one whose parsing panicked is
/// dropped instead, in no known state, and another is built in its place when needed.
struct Lent(clap::Command);

impl Drop for Lent {
    fn drop(&mut self) {
        let command = std::mem::replace(&mut self.0, clap::Command::new("muster"));
        let mut parsers = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        if std::thread::panicking() {
            parsers.built = parsers.built.saturating_sub(1);
        } else {
            parsers.idle.push(command);
        }
        FREED.notify_one();
    }
}

fn usage(message: String) -> Answer {
    Answer::failed(Outcome::Usage, message.trim_end().to_owned())
}

fn forbidden(message: String) -> Answer {
    Answer::failed(Outcome::Forbidden, message)
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use super::*;
    use crate::cli::Cli;

    #[test]
    fn a_read_accepted_is_kept_parsed_and_a_command_or_a_refused_line_is_not() {
        let reach = Reach::Every;
        let prepared = |role: Role, words: &[&str]| {
            let args: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
            let run = Run {
                role,
                reach: &reach,
                args: &args,
                printed: Format::Json,
                columns: None,
                files: None,
            };
            prepare::<Cli>(&run).is_ok()
        };
        let kept = |words: &[&str]| {
            let mut argv: Vec<OsString> = vec!["muster".into(), "--json".into()];
            argv.extend(words.iter().map(OsString::from));
            read_before(&(TypeId::of::<Cli>(), argv)).is_some()
        };
        let read = ["roster", "--as-of", "v7"];
        assert!(prepared(Role::Viewer, &read) && kept(&read));
        assert!(prepared(Role::Viewer, &read), "read again from what was kept");
        let command = ["xp", "Reyes", "+1", "--why", "kept parsed?"];
        assert!(prepared(Role::Player, &command));
        assert!(!kept(&command), "a command's line is not kept");
        let refused = ["roster", "--as-of", "v8", "--db", "other.db"];
        assert!(!prepared(Role::Viewer, &refused));
        assert!(!kept(&refused), "a line refused is not kept");
        // Words after `--` are the line's own, a `--json` among them too: the runner's
        // `--json` is no word of the note.
        assert!(prepared(Role::Player, &["note", "--", "-3 is a note"]));
        assert!(prepared(Role::Player, &["note", "--", "--json"]));
    }

    #[test]
    fn no_more_parsers_are_lent_at_once_than_are_kept_and_each_parses_as_a_new_one_would() {
        let lent = AtomicUsize::new(0);
        let most = AtomicUsize::new(0);
        std::thread::scope(|scope| {
            for n in 0..(PARSERS * 4) {
                let (lent, most) = (&lent, &most);
                scope.spawn(move || {
                    let why = format!("parsed {n}");
                    let parsed = with_parser::<Cli, _>(|command| {
                        let now = lent.fetch_add(1, Ordering::SeqCst) + 1;
                        most.fetch_max(now, Ordering::SeqCst);
                        // Held a while, so the others ask for a parser meanwhile.
                        std::thread::sleep(Duration::from_millis(20));
                        lent.fetch_sub(1, Ordering::SeqCst);
                        command.try_get_matches_from_mut(["muster", "xp", "Reyes", "+1", "--why", &why])
                    });
                    let matches = parsed.unwrap_or_else(|e| unreachable!("{e}"));
                    let (_, xp) = matches.subcommand().unwrap_or_else(|| unreachable!("no command"));
                    assert_eq!(xp.get_one::<String>("why"), Some(&why));
                });
            }
        });
        let most = most.load(Ordering::SeqCst);
        assert!((1..=PARSERS).contains(&most), "{most} parsers lent at once");
        let kept = KEPT.lock().unwrap_or_else(PoisonError::into_inner);
        assert!(kept.built <= PARSERS, "{} built", kept.built);
    }
}
